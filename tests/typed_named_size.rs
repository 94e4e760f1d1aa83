//! `layout!(type size(…))`: CuTe's `size` of a static shape is a static
//! integer (`Int<N>`), so after `type` the size is a static leaf: `C<N>`
//! for a written-out shape, the shape's `SizeOf` (a `Prod` of its
//! extents) for a named one. Each answer is checked against the value's
//! own `size()` and against the number CuTe prints.

use layout_dsl::layout;
use layout_dsl::typed::{C, Int, Layout, StaticInt};

/// The value of a static leaf, read from its type alone.
fn in_the_type<T: StaticInt>(_: T) -> i64 {
    T::VALUE
}

#[test]
fn named_static_layout_size_is_in_its_type() {
    let a = layout!(type ((2,4),(3,5)):((1,2),(8,24)));
    let n = layout!(type size(#a));
    assert_eq!(in_the_type(n), 120);
    assert_eq!(n.get(), a.size());
    // A static stride does not matter: the size is the shape's.
    let m = 7;
    let b: Layout<(C<4>, C<8>), (usize, C<1>)> = layout!((4, 8):(m, 1));
    assert_eq!(in_the_type(layout!(type size(#b))), 32);
}

#[test]
fn named_static_shape_size_and_shapes_nesting_names() {
    let s = (C::<4>, (C::<3>, C::<2>));
    assert_eq!(in_the_type(layout!(type size(#s))), 24);
    assert_eq!(in_the_type(layout!(type size((#s, 5)))), 120);
    let one = C::<6>;
    assert_eq!(in_the_type(layout!(type size(#one))), 6);
    let a = layout!(type (2, 4):(1, 2));
    let t = (C::<2>, C::<2>);
    assert_eq!(in_the_type(layout!(type size((#t, (#t, 3))))), 48);
    // A shape of one mode of `a` (CuTe's `size(shape<0>(a))`).
    let first = a.mode::<0>().shape();
    assert_eq!(in_the_type(layout!(type size(#first))), 2);
}

#[test]
fn written_out_static_size_is_c_n() {
    let c: C<32> = layout!(type size((4, 8):(8, 1)));
    assert_eq!(c.get(), 32);
    let m = 3;
    // The stride may be run-time; the shape decides.
    let c: C<32> = layout!(type size((4, 8):(m, 1)));
    assert_eq!(c.get(), 32);
    // A static mode of a layout with a run-time mode (CuTe's `size<1>`).
    let c: C<8> = layout!(type size(((4, m), 8):((1, 4), 32), 1));
    assert_eq!(c.get(), 8);
    let c: C<6> = layout!(type size((4, (2, 3)), 1));
    assert_eq!(c.get(), 6);
    let c: C<3> = layout!(type size((4, (2, 3)), 1, 1));
    assert_eq!(c.get(), 3);
    // Without `type`, the same numbers as `usize`.
    assert_eq!(layout!(size(((4, m), 8):((1, 4), 32), 1)), 8);
}

#[test]
fn size_equals_the_value_size_for_many_static_shapes() {
    macro_rules! check {
        ($($shape:tt),*) => {$(
            let l = layout!(type make_layout($shape));
            assert_eq!(in_the_type(layout!(type size(#l))) as usize, l.size());
            let s = l.shape();
            assert_eq!(in_the_type(layout!(type size(#s))) as usize, l.size());
        )*};
    }
    check!(
        (1),
        (7),
        (2, 3),
        ((2, 2), (3, 1)),
        (1, (1, 1)),
        ((4, 8), 16, (2, (3, 5)))
    );
}

#[test]
fn named_mode_sizes_are_cutes_size_of_a_mode() {
    // CuTe's `size<0>(a)`, `size<0, 1>(a)`: the mode's size, static where
    // the mode's extents are, even when another mode is run-time.
    let m = 3usize;
    let a = layout!(type ((2,4),8):((1,2),8));
    let b = layout!(((2,4),m):((1,2),8));
    assert_eq!(in_the_type(layout!(type size(#a, 0))), 8);
    assert_eq!(in_the_type(layout!(type size(#a, 0, 1))), 4);
    assert_eq!(in_the_type(layout!(type size(#b, 0))), 8);
    assert_eq!(in_the_type(layout!(type size(#b, 0, 0))), 2);
    let s = ((C::<2>, C::<3>), m);
    assert_eq!(in_the_type(layout!(type size(#s, 0))), 6);
    assert_eq!(in_the_type(layout!(type size(#s, 0, 1))), 3);
    // An algebra result's folded static leaves.
    let z = layout!(type logical_divide(#a, <4>)).unwrap();
    assert_eq!(in_the_type(layout!(type size(#z))), 64);
    assert_eq!(
        in_the_type(layout!(type size(#z, 0))) as usize,
        z.mode_size::<0>().get()
    );
    // Without `type`, the same numbers at run time.
    assert_eq!(layout!(size(#b, 0)).unwrap(), 8);
}
