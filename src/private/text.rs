//! The notation of every typed tree and layout, written by one function
//! compiled here.
//!
//! A debug build of a crate that formats many layouts used to instantiate,
//! for every layout type, `Display::fmt` and a `Tree::write` per nested
//! tuple type, each with its own `Result` plumbing: about 0.37 M rustc
//! instructions per `layout!(…).to_string()` of the mix in BENCHMARKS.md
//! ("A `Display`ed result"). Instead each tree type describes itself in a
//! constant, [`Tree::NODE`](super::Tree::NODE): its nesting, its static
//! numbers, and where each dynamic `usize` leaf lies in the value (found
//! with `offset_of!`). [`write_tree`] walks that description over the
//! value's bytes; a layout type then costs one small function that passes
//! its two constants along, and no formatting code of its own.

use alloc::string::String;
use core::fmt;

/// One tree type's nesting and numbers (its `Tree::NODE`).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub enum Node {
    /// A static leaf (`C<N>`, a folded `Quot`/`Prod`): its value.
    Static(i64),
    /// A dynamic leaf: a `usize` at the start of the value described
    /// (only `usize`'s own `NODE` says so, since [`write_tree`] reads one).
    Dynamic,
    /// A tuple: for each item, its byte offset in the tuple and its node.
    /// A raw pointer, not a reference: rustc validates a constant through
    /// its references, for every tree type a crate formats, and does not
    /// follow raw pointers (BENCHMARKS.md, "A `Display`ed result: the
    /// description's cost").
    Tuple(*const [(usize, Node)]),
}

/// A tree value with its description: what [`write_tree`] reads. Made
/// only by [`describe!`], which pairs a value with its own type's `NODE`.
#[derive(Clone, Copy)]
pub(super) struct Described {
    pub(super) node: Node,
    pub(super) value: *const u8,
}

/// The [`Described`] of the tree value `$tree` (a place) of type `$T`.
///
/// A macro rather than a generic function: each layout type a crate
/// formats would instantiate one more function for it in that crate
/// (BENCHMARKS.md, "A `Display`ed result: the description's cost").
/// The address by `as` casts, not `ptr::from_ref(…).cast()`: those are
/// generic functions too, four more instances per layout type formatted
/// (BENCHMARKS.md, "A `Display`ed result: thin per type").
macro_rules! describe {
    ($tree:expr, $T:ty) => {
        $crate::__private::text::Described {
            node: <$T as $crate::__private::Tree>::NODE,
            value: &$tree as *const $T as *const u8,
        }
    };
}
pub(super) use describe;

/// Writes a tree in the notation: `(4,(2,8))`.
pub(super) fn write_tree(tree: Described, f: &mut dyn fmt::Write) -> fmt::Result {
    // SAFETY: `describe!` paired the value with its own type's node, and
    // the borrow it was made from outlives this call.
    unsafe { write_node(&tree.node, tree.value, f) }
}

/// # Safety
///
/// `value` points to a live value of a tree type whose `NODE` is `node`: a
/// `Dynamic` node is then a `usize` there, and a tuple's offsets (from
/// `offset_of!` on that type) point to its items.
unsafe fn write_node(node: &Node, value: *const u8, f: &mut dyn fmt::Write) -> fmt::Result {
    match *node {
        Node::Static(n) => write!(f, "{n}"),
        // SAFETY: per the contract, a `usize` lies at `value`.
        Node::Dynamic => write!(f, "{}", unsafe { value.cast::<usize>().read() }),
        Node::Tuple(items) => {
            // SAFETY: a tuple's items point to the static slice in its
            // type's `NODE` (tree.rs), which lives as long as the program.
            let items = unsafe { &*items };
            f.write_char('(')?;
            for (k, &(at, ref item)) in items.iter().enumerate() {
                if k > 0 {
                    f.write_char(',')?;
                }
                // SAFETY: `at` is the item's offset in the tuple at `value`.
                unsafe { write_node(item, value.add(at), f)? };
            }
            f.write_char(')')
        }
    }
}

/// `shape:stride` in the notation.
pub(super) fn write_layout(
    shape: Described,
    stride: Described,
    f: &mut dyn fmt::Write,
) -> fmt::Result {
    write_tree(shape, f)?;
    f.write_char(':')?;
    write_tree(stride, f)
}

/// `Layout(shape:stride)`: `Debug` for every layout type.
pub(super) fn write_debug(
    shape: Described,
    stride: Described,
    f: &mut dyn fmt::Write,
) -> fmt::Result {
    f.write_str("Layout(")?;
    write_layout(shape, stride, f)?;
    f.write_char(')')
}

/// `shape:stride` as a `String`: `Layout::to_string` for every layout type.
#[inline(never)]
pub(super) fn layout_string(shape: Described, stride: Described) -> String {
    let mut text = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_layout(shape, stride, &mut text);
    text
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::ToString;

    use super::super::{C, Tree, layout, layout_signed};

    /// The text is the core's for the same layout, whatever the mix of
    /// static and dynamic leaves, nesting, 1-tuples and signs.
    #[test]
    fn layouts_read_as_the_core_prints_them() {
        let m = 6usize;
        let mixed = layout(
            ((2usize, C::<3>), (m,), C::<4>),
            ((C::<1>, 2usize), (C::<0>,), 36usize),
        );
        let text = "((2,3),(6),4):((1,2),(0),36)";
        assert_eq!(mixed.to_core().unwrap().to_string(), text);
        assert_eq!(mixed.to_string(), text);
        assert_eq!(format!("{mixed}"), text);
        assert_eq!(format!("{mixed:?}"), format!("Layout({text})"));

        let signed = layout_signed((C::<4>, (m, 8usize)), (C::<-1>, (C::<-4>, 24usize)));
        let text = "(4,(6,8)):(-1,(-4,24))";
        assert_eq!(signed.to_core().unwrap().to_string(), text);
        assert_eq!(signed.to_string(), text);

        let leaf = layout(8usize, C::<2>);
        assert_eq!(leaf.to_core().unwrap().to_string(), "8:2");
        assert_eq!(leaf.to_string(), "8:2");
    }

    /// A dynamic leaf the core cannot hold still prints as itself.
    #[test]
    fn a_huge_dynamic_leaf_prints_whole() {
        let l = layout((usize::MAX, C::<1>), (1usize, C::<0>));
        assert_eq!(l.to_string(), "(18446744073709551615,1):(1,0)");
        let mut tree = alloc::string::String::new();
        let (shape, _) = (l.shape(), l.stride());
        struct Text<'a, T>(&'a T);
        impl<T: Tree> core::fmt::Display for Text<'_, T> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                self.0.write(f)
            }
        }
        core::fmt::Write::write_fmt(&mut tree, format_args!("{}", Text(&shape))).unwrap();
        assert_eq!(tree, "(18446744073709551615,1)");
    }
}
