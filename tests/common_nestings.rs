//! `layout!` writes a static layout of a common nesting as a call of the
//! facade's constructor for that nesting (`__layouts::layout8_ollc(0x01_08_08_04)`
//! for `(4,8):(8,1)`, `layout_ollc` when a leaf is 256 or more;
//! src/private/common_layouts.rs; `emit::common_nesting` chooses it) and any other nesting through the generic `__private::layout` of
//! nested tuples. Each of the 41 common nestings, and nestings next to
//! them that have no constructor, written out: the macro's value must be
//! the layout of the same nested `usize` tuples, and print as the core
//! prints the notation. (A nesting the macro named with no constructor
//! would not compile.)

use layout_dsl::{Layout, Value, evaluate, layout};

/// The core's text of a layout written in the notation.
fn core_text(notation: &str) -> String {
    match evaluate(notation).unwrap() {
        Value::Layout(l) => Layout::to_string(&l),
        v => panic!("{notation} is {v}, not a layout"),
    }
}

/// `layout!(NOTATION)` equals the generic constructor's layout of the
/// nested tuples `(SHAPE, STRIDE)` (same type, same numbers) and prints
/// as the core does.
macro_rules! check {
    ($s:tt : $d:tt, ($shape:expr, $stride:expr), $text:literal) => {
        let l = layout!($s:$d);
        assert_eq!(l, layout_dsl::__private::layout($shape, $stride), "{}", $text);
        assert_eq!(l.to_string(), core_text($text));
    };
}

/// A constructor's argument holds four leaves of 16 bits: 65535 is the
/// largest packed; 65536 (in the shape or the stride) takes the generic
/// constructor, with the same value.
#[test]
fn leaves_at_the_packing_limit() {
    check!((65535, 2):(1, 65535), ((65535usize, 2usize), (1usize, 65535usize)), "(65535,2):(1,65535)");
    check!((65536, 2):(1, 65536), ((65536usize, 2usize), (1usize, 65536usize)), "(65536,2):(1,65536)");
    check!((2, 3):(1, 65536), ((2usize, 3usize), (1usize, 65536usize)), "(2,3):(1,65536)");
    check!(((2, 3), (4, 5), 6):((65535, 1), (7, 8), 9), (((2usize, 3usize), (4usize, 5usize), 6usize), ((65535usize, 1usize), (7usize, 8usize), 9usize)), "((2,3),(4,5),6):((65535,1),(7,8),9)");
}

#[test]
fn every_common_nesting_and_its_neighbours() {
    check!(2:0, (2usize, 0usize), "2:0");
    check!((2,):(0,), ((2usize,), (0usize,)), "(2,):(0,)");
    check!(((2, 3),):((0, 1),), (((2usize, 3usize),), ((0usize, 1usize),)), "((2,3),):((0,1),)");
    check!(((2, 3, 4),):((0, 1, 2),), (((2usize, 3usize, 4usize),), ((0usize, 1usize, 2usize),)), "((2,3,4),):((0,1,2),)");
    check!((2, 3):(0, 1), ((2usize, 3usize), (0usize, 1usize)), "(2,3):(0,1)");
    check!((2, (3, 4)):(0, (1, 2)), ((2usize, (3usize, 4usize)), (0usize, (1usize, 2usize))), "(2,(3,4)):(0,(1,2))");
    check!((2, (3, 4, 2)):(0, (1, 2, 3)), ((2usize, (3usize, 4usize, 2usize)), (0usize, (1usize, 2usize, 3usize))), "(2,(3,4,2)):(0,(1,2,3))");
    check!(((2, 3), 4):((0, 1), 2), (((2usize, 3usize), 4usize), ((0usize, 1usize), 2usize)), "((2,3),4):((0,1),2)");
    check!(((2, 3), (4, 2)):((0, 1), (2, 3)), (((2usize, 3usize), (4usize, 2usize)), ((0usize, 1usize), (2usize, 3usize))), "((2,3),(4,2)):((0,1),(2,3))");
    check!(((2, 3), (4, 2, 3)):((0, 1), (2, 3, 4)), (((2usize, 3usize), (4usize, 2usize, 3usize)), ((0usize, 1usize), (2usize, 3usize, 4usize))), "((2,3),(4,2,3)):((0,1),(2,3,4))");
    check!(((2, 3, 4), 2):((0, 1, 2), 3), (((2usize, 3usize, 4usize), 2usize), ((0usize, 1usize, 2usize), 3usize)), "((2,3,4),2):((0,1,2),3)");
    check!(((2, 3, 4), (2, 3)):((0, 1, 2), (3, 4)), (((2usize, 3usize, 4usize), (2usize, 3usize)), ((0usize, 1usize, 2usize), (3usize, 4usize))), "((2,3,4),(2,3)):((0,1,2),(3,4))");
    check!(((2, 3, 4), (2, 3, 4)):((0, 1, 2), (3, 4, 5)), (((2usize, 3usize, 4usize), (2usize, 3usize, 4usize)), ((0usize, 1usize, 2usize), (3usize, 4usize, 5usize))), "((2,3,4),(2,3,4)):((0,1,2),(3,4,5))");
    check!((2, 3, 4):(0, 1, 2), ((2usize, 3usize, 4usize), (0usize, 1usize, 2usize)), "(2,3,4):(0,1,2)");
    check!((2, 3, (4, 2)):(0, 1, (2, 3)), ((2usize, 3usize, (4usize, 2usize)), (0usize, 1usize, (2usize, 3usize))), "(2,3,(4,2)):(0,1,(2,3))");
    check!((2, 3, (4, 2, 3)):(0, 1, (2, 3, 4)), ((2usize, 3usize, (4usize, 2usize, 3usize)), (0usize, 1usize, (2usize, 3usize, 4usize))), "(2,3,(4,2,3)):(0,1,(2,3,4))");
    check!((2, (3, 4), 2):(0, (1, 2), 3), ((2usize, (3usize, 4usize), 2usize), (0usize, (1usize, 2usize), 3usize)), "(2,(3,4),2):(0,(1,2),3)");
    check!((2, (3, 4), (2, 3)):(0, (1, 2), (3, 4)), ((2usize, (3usize, 4usize), (2usize, 3usize)), (0usize, (1usize, 2usize), (3usize, 4usize))), "(2,(3,4),(2,3)):(0,(1,2),(3,4))");
    check!((2, (3, 4), (2, 3, 4)):(0, (1, 2), (3, 4, 5)), ((2usize, (3usize, 4usize), (2usize, 3usize, 4usize)), (0usize, (1usize, 2usize), (3usize, 4usize, 5usize))), "(2,(3,4),(2,3,4)):(0,(1,2),(3,4,5))");
    check!((2, (3, 4, 2), 3):(0, (1, 2, 3), 4), ((2usize, (3usize, 4usize, 2usize), 3usize), (0usize, (1usize, 2usize, 3usize), 4usize)), "(2,(3,4,2),3):(0,(1,2,3),4)");
    check!((2, (3, 4, 2), (3, 4)):(0, (1, 2, 3), (4, 5)), ((2usize, (3usize, 4usize, 2usize), (3usize, 4usize)), (0usize, (1usize, 2usize, 3usize), (4usize, 5usize))), "(2,(3,4,2),(3,4)):(0,(1,2,3),(4,5))");
    check!((2, (3, 4, 2), (3, 4, 2)):(0, (1, 2, 3), (4, 5, 6)), ((2usize, (3usize, 4usize, 2usize), (3usize, 4usize, 2usize)), (0usize, (1usize, 2usize, 3usize), (4usize, 5usize, 6usize))), "(2,(3,4,2),(3,4,2)):(0,(1,2,3),(4,5,6))");
    check!(((2, 3), 4, 2):((0, 1), 2, 3), (((2usize, 3usize), 4usize, 2usize), ((0usize, 1usize), 2usize, 3usize)), "((2,3),4,2):((0,1),2,3)");
    check!(((2, 3), 4, (2, 3)):((0, 1), 2, (3, 4)), (((2usize, 3usize), 4usize, (2usize, 3usize)), ((0usize, 1usize), 2usize, (3usize, 4usize))), "((2,3),4,(2,3)):((0,1),2,(3,4))");
    check!(((2, 3), 4, (2, 3, 4)):((0, 1), 2, (3, 4, 5)), (((2usize, 3usize), 4usize, (2usize, 3usize, 4usize)), ((0usize, 1usize), 2usize, (3usize, 4usize, 5usize))), "((2,3),4,(2,3,4)):((0,1),2,(3,4,5))");
    check!(((2, 3), (4, 2), 3):((0, 1), (2, 3), 4), (((2usize, 3usize), (4usize, 2usize), 3usize), ((0usize, 1usize), (2usize, 3usize), 4usize)), "((2,3),(4,2),3):((0,1),(2,3),4)");
    check!(((2, 3), (4, 2), (3, 4)):((0, 1), (2, 3), (4, 5)), (((2usize, 3usize), (4usize, 2usize), (3usize, 4usize)), ((0usize, 1usize), (2usize, 3usize), (4usize, 5usize))), "((2,3),(4,2),(3,4)):((0,1),(2,3),(4,5))");
    check!(((2, 3), (4, 2), (3, 4, 2)):((0, 1), (2, 3), (4, 5, 6)), (((2usize, 3usize), (4usize, 2usize), (3usize, 4usize, 2usize)), ((0usize, 1usize), (2usize, 3usize), (4usize, 5usize, 6usize))), "((2,3),(4,2),(3,4,2)):((0,1),(2,3),(4,5,6))");
    check!(((2, 3), (4, 2, 3), 4):((0, 1), (2, 3, 4), 5), (((2usize, 3usize), (4usize, 2usize, 3usize), 4usize), ((0usize, 1usize), (2usize, 3usize, 4usize), 5usize)), "((2,3),(4,2,3),4):((0,1),(2,3,4),5)");
    check!(((2, 3), (4, 2, 3), (4, 2)):((0, 1), (2, 3, 4), (5, 6)), (((2usize, 3usize), (4usize, 2usize, 3usize), (4usize, 2usize)), ((0usize, 1usize), (2usize, 3usize, 4usize), (5usize, 6usize))), "((2,3),(4,2,3),(4,2)):((0,1),(2,3,4),(5,6))");
    check!(((2, 3), (4, 2, 3), (4, 2, 3)):((0, 1), (2, 3, 4), (5, 6, 7)), (((2usize, 3usize), (4usize, 2usize, 3usize), (4usize, 2usize, 3usize)), ((0usize, 1usize), (2usize, 3usize, 4usize), (5usize, 6usize, 7usize))), "((2,3),(4,2,3),(4,2,3)):((0,1),(2,3,4),(5,6,7))");
    check!(((2, 3, 4), 2, 3):((0, 1, 2), 3, 4), (((2usize, 3usize, 4usize), 2usize, 3usize), ((0usize, 1usize, 2usize), 3usize, 4usize)), "((2,3,4),2,3):((0,1,2),3,4)");
    check!(((2, 3, 4), 2, (3, 4)):((0, 1, 2), 3, (4, 5)), (((2usize, 3usize, 4usize), 2usize, (3usize, 4usize)), ((0usize, 1usize, 2usize), 3usize, (4usize, 5usize))), "((2,3,4),2,(3,4)):((0,1,2),3,(4,5))");
    check!(((2, 3, 4), 2, (3, 4, 2)):((0, 1, 2), 3, (4, 5, 6)), (((2usize, 3usize, 4usize), 2usize, (3usize, 4usize, 2usize)), ((0usize, 1usize, 2usize), 3usize, (4usize, 5usize, 6usize))), "((2,3,4),2,(3,4,2)):((0,1,2),3,(4,5,6))");
    check!(((2, 3, 4), (2, 3), 4):((0, 1, 2), (3, 4), 5), (((2usize, 3usize, 4usize), (2usize, 3usize), 4usize), ((0usize, 1usize, 2usize), (3usize, 4usize), 5usize)), "((2,3,4),(2,3),4):((0,1,2),(3,4),5)");
    check!(((2, 3, 4), (2, 3), (4, 2)):((0, 1, 2), (3, 4), (5, 6)), (((2usize, 3usize, 4usize), (2usize, 3usize), (4usize, 2usize)), ((0usize, 1usize, 2usize), (3usize, 4usize), (5usize, 6usize))), "((2,3,4),(2,3),(4,2)):((0,1,2),(3,4),(5,6))");
    check!(((2, 3, 4), (2, 3), (4, 2, 3)):((0, 1, 2), (3, 4), (5, 6, 7)), (((2usize, 3usize, 4usize), (2usize, 3usize), (4usize, 2usize, 3usize)), ((0usize, 1usize, 2usize), (3usize, 4usize), (5usize, 6usize, 7usize))), "((2,3,4),(2,3),(4,2,3)):((0,1,2),(3,4),(5,6,7))");
    check!(((2, 3, 4), (2, 3, 4), 2):((0, 1, 2), (3, 4, 5), 6), (((2usize, 3usize, 4usize), (2usize, 3usize, 4usize), 2usize), ((0usize, 1usize, 2usize), (3usize, 4usize, 5usize), 6usize)), "((2,3,4),(2,3,4),2):((0,1,2),(3,4,5),6)");
    check!(((2, 3, 4), (2, 3, 4), (2, 3)):((0, 1, 2), (3, 4, 5), (6, 7)), (((2usize, 3usize, 4usize), (2usize, 3usize, 4usize), (2usize, 3usize)), ((0usize, 1usize, 2usize), (3usize, 4usize, 5usize), (6usize, 7usize))), "((2,3,4),(2,3,4),(2,3)):((0,1,2),(3,4,5),(6,7))");
    check!(((2, 3, 4), (2, 3, 4), (2, 3, 4)):((0, 1, 2), (3, 4, 5), (6, 7, 8)), (((2usize, 3usize, 4usize), (2usize, 3usize, 4usize), (2usize, 3usize, 4usize)), ((0usize, 1usize, 2usize), (3usize, 4usize, 5usize), (6usize, 7usize, 8usize))), "((2,3,4),(2,3,4),(2,3,4)):((0,1,2),(3,4,5),(6,7,8))");
    check!((2, 3, 4, 2):(0, 1, 2, 3), ((2usize, 3usize, 4usize, 2usize), (0usize, 1usize, 2usize, 3usize)), "(2,3,4,2):(0,1,2,3)");
    check!(((2,2),(2,2),(2,2),(2,2)):((1,2),(4,8),(16,32),(64,128)), (((2usize,2usize),(2usize,2usize),(2usize,2usize),(2usize,2usize)), ((1usize,2usize),(4usize,8usize),(16usize,32usize),(64usize,128usize))), "((2,2),(2,2),(2,2),(2,2)):((1,2),(4,8),(16,32),(64,128))");
    check!((((2,2),2),2):(((1,2),4),8), ((((2usize,2usize),2usize),2usize), (((1usize,2usize),4usize),8usize)), "(((2,2),2),2):(((1,2),4),8)");
    check!((2,2,2,2,2):(1,2,4,8,16), ((2usize,2usize,2usize,2usize,2usize), (1usize,2usize,4usize,8usize,16usize)), "(2,2,2,2,2):(1,2,4,8,16)");
    check!(((2,),2):((1,),2), (((2usize,),2usize), ((1usize,),2usize)), "((2,),2):((1,),2)");
    check!(((2,2,2,2),3):((1,2,4,8),16), (((2usize,2usize,2usize,2usize),3usize), ((1usize,2usize,4usize,8usize),16usize)), "((2,2,2,2),3):((1,2,4,8),16)");
}

/// The same nestings with a leaf of 300: past the narrow constructors'
/// 8 bits a leaf (`layout8_…`), each takes its nesting's constructor of
/// 16 bits a leaf (`layout_…`), with the same value.
#[test]
fn every_common_nesting_with_a_wide_leaf() {
    check!(2:300, (2usize, 300usize), "2:300");
    check!((2,):(300,), ((2usize,), (300usize,)), "(2,):(300,)");
    check!(((2, 3),):((300, 1),), (((2usize, 3usize),), ((300usize, 1usize),)), "((2,3),):((300,1),)");
    check!(((2, 3, 4),):((300, 1, 2),), (((2usize, 3usize, 4usize),), ((300usize, 1usize, 2usize),)), "((2,3,4),):((300,1,2),)");
    check!((2, 3):(300, 1), ((2usize, 3usize), (300usize, 1usize)), "(2,3):(300,1)");
    check!((2, (3, 4)):(300, (1, 2)), ((2usize, (3usize, 4usize)), (300usize, (1usize, 2usize))), "(2,(3,4)):(300,(1,2))");
    check!((2, (3, 4, 2)):(300, (1, 2, 3)), ((2usize, (3usize, 4usize, 2usize)), (300usize, (1usize, 2usize, 3usize))), "(2,(3,4,2)):(300,(1,2,3))");
    check!(((2, 3), 4):((300, 1), 2), (((2usize, 3usize), 4usize), ((300usize, 1usize), 2usize)), "((2,3),4):((300,1),2)");
    check!(((2, 3), (4, 2)):((300, 1), (2, 3)), (((2usize, 3usize), (4usize, 2usize)), ((300usize, 1usize), (2usize, 3usize))), "((2,3),(4,2)):((300,1),(2,3))");
    check!(((2, 3), (4, 2, 3)):((300, 1), (2, 3, 4)), (((2usize, 3usize), (4usize, 2usize, 3usize)), ((300usize, 1usize), (2usize, 3usize, 4usize))), "((2,3),(4,2,3)):((300,1),(2,3,4))");
    check!(((2, 3, 4), 2):((300, 1, 2), 3), (((2usize, 3usize, 4usize), 2usize), ((300usize, 1usize, 2usize), 3usize)), "((2,3,4),2):((300,1,2),3)");
    check!(((2, 3, 4), (2, 3)):((300, 1, 2), (3, 4)), (((2usize, 3usize, 4usize), (2usize, 3usize)), ((300usize, 1usize, 2usize), (3usize, 4usize))), "((2,3,4),(2,3)):((300,1,2),(3,4))");
    check!(((2, 3, 4), (2, 3, 4)):((300, 1, 2), (3, 4, 5)), (((2usize, 3usize, 4usize), (2usize, 3usize, 4usize)), ((300usize, 1usize, 2usize), (3usize, 4usize, 5usize))), "((2,3,4),(2,3,4)):((300,1,2),(3,4,5))");
    check!((2, 3, 4):(300, 1, 2), ((2usize, 3usize, 4usize), (300usize, 1usize, 2usize)), "(2,3,4):(300,1,2)");
    check!((2, 3, (4, 2)):(300, 1, (2, 3)), ((2usize, 3usize, (4usize, 2usize)), (300usize, 1usize, (2usize, 3usize))), "(2,3,(4,2)):(300,1,(2,3))");
    check!((2, 3, (4, 2, 3)):(300, 1, (2, 3, 4)), ((2usize, 3usize, (4usize, 2usize, 3usize)), (300usize, 1usize, (2usize, 3usize, 4usize))), "(2,3,(4,2,3)):(300,1,(2,3,4))");
    check!((2, (3, 4), 2):(300, (1, 2), 3), ((2usize, (3usize, 4usize), 2usize), (300usize, (1usize, 2usize), 3usize)), "(2,(3,4),2):(300,(1,2),3)");
    check!((2, (3, 4), (2, 3)):(300, (1, 2), (3, 4)), ((2usize, (3usize, 4usize), (2usize, 3usize)), (300usize, (1usize, 2usize), (3usize, 4usize))), "(2,(3,4),(2,3)):(300,(1,2),(3,4))");
    check!((2, (3, 4), (2, 3, 4)):(300, (1, 2), (3, 4, 5)), ((2usize, (3usize, 4usize), (2usize, 3usize, 4usize)), (300usize, (1usize, 2usize), (3usize, 4usize, 5usize))), "(2,(3,4),(2,3,4)):(300,(1,2),(3,4,5))");
    check!((2, (3, 4, 2), 3):(300, (1, 2, 3), 4), ((2usize, (3usize, 4usize, 2usize), 3usize), (300usize, (1usize, 2usize, 3usize), 4usize)), "(2,(3,4,2),3):(300,(1,2,3),4)");
    check!((2, (3, 4, 2), (3, 4)):(300, (1, 2, 3), (4, 5)), ((2usize, (3usize, 4usize, 2usize), (3usize, 4usize)), (300usize, (1usize, 2usize, 3usize), (4usize, 5usize))), "(2,(3,4,2),(3,4)):(300,(1,2,3),(4,5))");
    check!((2, (3, 4, 2), (3, 4, 2)):(300, (1, 2, 3), (4, 5, 6)), ((2usize, (3usize, 4usize, 2usize), (3usize, 4usize, 2usize)), (300usize, (1usize, 2usize, 3usize), (4usize, 5usize, 6usize))), "(2,(3,4,2),(3,4,2)):(300,(1,2,3),(4,5,6))");
    check!(((2, 3), 4, 2):((300, 1), 2, 3), (((2usize, 3usize), 4usize, 2usize), ((300usize, 1usize), 2usize, 3usize)), "((2,3),4,2):((300,1),2,3)");
    check!(((2, 3), 4, (2, 3)):((300, 1), 2, (3, 4)), (((2usize, 3usize), 4usize, (2usize, 3usize)), ((300usize, 1usize), 2usize, (3usize, 4usize))), "((2,3),4,(2,3)):((300,1),2,(3,4))");
    check!(((2, 3), 4, (2, 3, 4)):((300, 1), 2, (3, 4, 5)), (((2usize, 3usize), 4usize, (2usize, 3usize, 4usize)), ((300usize, 1usize), 2usize, (3usize, 4usize, 5usize))), "((2,3),4,(2,3,4)):((300,1),2,(3,4,5))");
    check!(((2, 3), (4, 2), 3):((300, 1), (2, 3), 4), (((2usize, 3usize), (4usize, 2usize), 3usize), ((300usize, 1usize), (2usize, 3usize), 4usize)), "((2,3),(4,2),3):((300,1),(2,3),4)");
    check!(((2, 3), (4, 2), (3, 4)):((300, 1), (2, 3), (4, 5)), (((2usize, 3usize), (4usize, 2usize), (3usize, 4usize)), ((300usize, 1usize), (2usize, 3usize), (4usize, 5usize))), "((2,3),(4,2),(3,4)):((300,1),(2,3),(4,5))");
    check!(((2, 3), (4, 2), (3, 4, 2)):((300, 1), (2, 3), (4, 5, 6)), (((2usize, 3usize), (4usize, 2usize), (3usize, 4usize, 2usize)), ((300usize, 1usize), (2usize, 3usize), (4usize, 5usize, 6usize))), "((2,3),(4,2),(3,4,2)):((300,1),(2,3),(4,5,6))");
    check!(((2, 3), (4, 2, 3), 4):((300, 1), (2, 3, 4), 5), (((2usize, 3usize), (4usize, 2usize, 3usize), 4usize), ((300usize, 1usize), (2usize, 3usize, 4usize), 5usize)), "((2,3),(4,2,3),4):((300,1),(2,3,4),5)");
    check!(((2, 3), (4, 2, 3), (4, 2)):((300, 1), (2, 3, 4), (5, 6)), (((2usize, 3usize), (4usize, 2usize, 3usize), (4usize, 2usize)), ((300usize, 1usize), (2usize, 3usize, 4usize), (5usize, 6usize))), "((2,3),(4,2,3),(4,2)):((300,1),(2,3,4),(5,6))");
    check!(((2, 3), (4, 2, 3), (4, 2, 3)):((300, 1), (2, 3, 4), (5, 6, 7)), (((2usize, 3usize), (4usize, 2usize, 3usize), (4usize, 2usize, 3usize)), ((300usize, 1usize), (2usize, 3usize, 4usize), (5usize, 6usize, 7usize))), "((2,3),(4,2,3),(4,2,3)):((300,1),(2,3,4),(5,6,7))");
    check!(((2, 3, 4), 2, 3):((300, 1, 2), 3, 4), (((2usize, 3usize, 4usize), 2usize, 3usize), ((300usize, 1usize, 2usize), 3usize, 4usize)), "((2,3,4),2,3):((300,1,2),3,4)");
    check!(((2, 3, 4), 2, (3, 4)):((300, 1, 2), 3, (4, 5)), (((2usize, 3usize, 4usize), 2usize, (3usize, 4usize)), ((300usize, 1usize, 2usize), 3usize, (4usize, 5usize))), "((2,3,4),2,(3,4)):((300,1,2),3,(4,5))");
    check!(((2, 3, 4), 2, (3, 4, 2)):((300, 1, 2), 3, (4, 5, 6)), (((2usize, 3usize, 4usize), 2usize, (3usize, 4usize, 2usize)), ((300usize, 1usize, 2usize), 3usize, (4usize, 5usize, 6usize))), "((2,3,4),2,(3,4,2)):((300,1,2),3,(4,5,6))");
    check!(((2, 3, 4), (2, 3), 4):((300, 1, 2), (3, 4), 5), (((2usize, 3usize, 4usize), (2usize, 3usize), 4usize), ((300usize, 1usize, 2usize), (3usize, 4usize), 5usize)), "((2,3,4),(2,3),4):((300,1,2),(3,4),5)");
    check!(((2, 3, 4), (2, 3), (4, 2)):((300, 1, 2), (3, 4), (5, 6)), (((2usize, 3usize, 4usize), (2usize, 3usize), (4usize, 2usize)), ((300usize, 1usize, 2usize), (3usize, 4usize), (5usize, 6usize))), "((2,3,4),(2,3),(4,2)):((300,1,2),(3,4),(5,6))");
    check!(((2, 3, 4), (2, 3), (4, 2, 3)):((300, 1, 2), (3, 4), (5, 6, 7)), (((2usize, 3usize, 4usize), (2usize, 3usize), (4usize, 2usize, 3usize)), ((300usize, 1usize, 2usize), (3usize, 4usize), (5usize, 6usize, 7usize))), "((2,3,4),(2,3),(4,2,3)):((300,1,2),(3,4),(5,6,7))");
    check!(((2, 3, 4), (2, 3, 4), 2):((300, 1, 2), (3, 4, 5), 6), (((2usize, 3usize, 4usize), (2usize, 3usize, 4usize), 2usize), ((300usize, 1usize, 2usize), (3usize, 4usize, 5usize), 6usize)), "((2,3,4),(2,3,4),2):((300,1,2),(3,4,5),6)");
    check!(((2, 3, 4), (2, 3, 4), (2, 3)):((300, 1, 2), (3, 4, 5), (6, 7)), (((2usize, 3usize, 4usize), (2usize, 3usize, 4usize), (2usize, 3usize)), ((300usize, 1usize, 2usize), (3usize, 4usize, 5usize), (6usize, 7usize))), "((2,3,4),(2,3,4),(2,3)):((300,1,2),(3,4,5),(6,7))");
    check!(((2, 3, 4), (2, 3, 4), (2, 3, 4)):((300, 1, 2), (3, 4, 5), (6, 7, 8)), (((2usize, 3usize, 4usize), (2usize, 3usize, 4usize), (2usize, 3usize, 4usize)), ((300usize, 1usize, 2usize), (3usize, 4usize, 5usize), (6usize, 7usize, 8usize))), "((2,3,4),(2,3,4),(2,3,4)):((300,1,2),(3,4,5),(6,7,8))");
    check!((2, 3, 4, 2):(300, 1, 2, 3), ((2usize, 3usize, 4usize, 2usize), (300usize, 1usize, 2usize, 3usize)), "(2,3,4,2):(300,1,2,3)");
}

/// 255 is the largest leaf of a narrow constructor; 256 anywhere (shape
/// or stride, first word or last) takes the wide one.
#[test]
fn leaves_at_the_narrow_limit() {
    check!((255, 2):(1, 255), ((255usize, 2usize), (1usize, 255usize)), "(255,2):(1,255)");
    check!((256, 2):(1, 256), ((256usize, 2usize), (1usize, 256usize)), "(256,2):(1,256)");
    check!(((2, 3, 4), (2, 3, 4), (2, 3, 4)):((1, 2, 3), (4, 5, 6), (7, 8, 256)), (((2usize, 3usize, 4usize), (2usize, 3usize, 4usize), (2usize, 3usize, 4usize)), ((1usize, 2usize, 3usize), (4usize, 5usize, 6usize), (7usize, 8usize, 256usize))), "((2,3,4),(2,3,4),(2,3,4)):((1,2,3),(4,5,6),(7,8,256))");
    check!(((2, 3, 4), (2, 3, 4), (2, 3, 4)):((1, 2, 3), (4, 5, 6), (7, 8, 255)), (((2usize, 3usize, 4usize), (2usize, 3usize, 4usize), (2usize, 3usize, 4usize)), ((1usize, 2usize, 3usize), (4usize, 5usize, 6usize), (7usize, 8usize, 255usize))), "((2,3,4),(2,3,4),(2,3,4)):((1,2,3),(4,5,6),(7,8,255))");
}
