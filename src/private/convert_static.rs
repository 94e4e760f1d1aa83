//! The infallible conversion of an all-static typed layout to the core's
//! `Layout` (issue 13 §1): selected by the type. A `usize` leaf may pass
//! `i64`, which the core cannot hold, so a layout with one converts by
//! `TryFrom` (convert.rs); a layout whose every leaf is static
//! ([`StaticTree`]) has its numbers in its type, and whether the core holds
//! it is decided while compiling (`Mode::FIT`, fits.rs's
//! `StaticFit::held_by_core`): `From<&Layout>` and [`Layout::into_core`]
//! then cannot fail. A static layout the core cannot hold (offsets past
//! `i64::MAX`, which only a hand-written type reaches: `layout!` checks
//! its static layouts with the core) is a compile error there, never a
//! panic.
//!
//! `From<Layout>` by value is not offered: Rust's blanket `TryFrom` for
//! every `From` would clash with the `TryFrom<Layout>` every typed layout
//! has, so the value form is the method.

use super::int::Offset;
use super::layout::Layout;
use super::static_int::StaticInt;
use super::tree::{Mode, Tree};

/// A shape or stride tree whose every leaf is static (`C<N>` and the
/// folded static leaves: [`StaticInt`]), so its numbers are in its type:
/// what selects the infallible conversion of a typed layout to the core
/// (`layout_core::Layout::from(&layout)`, [`Layout::into_core`]).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::StaticTree;
///
/// fn all_static<T: StaticTree>(_: T) {}
/// all_static(layout!(type (4,(2,8)):(16,(8,1))).shape());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has a run-time (`usize`) leaf, which may pass the core's `i64`: convert its layout with `TryFrom`",
    note = "the infallible conversion is for layouts whose every leaf is static (`C<N>`)"
)]
pub trait StaticTree: Tree {}

impl<T: StaticInt + Tree> StaticTree for T {}

macro_rules! tuple {
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<$($A: StaticTree),*> StaticTree for ($($A,)*) where ($($A,)*): Tree {}
    };
}

for_each_rank!(tuple);

/// A typed layout whose shape and stride are both [`StaticTree`]s: the
/// bound of [`Layout::into_core`] and of `From<&Layout>`, one obligation
/// for the pair, so a layout with a run-time leaf gets one error naming
/// the layout (not one per tree).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::StaticLayout;
///
/// fn convert<L: StaticLayout>(l: L) -> layout_dsl::Layout {
///     l.into_core()
/// }
/// assert_eq!(convert(layout!(type (4,2):(2,1))).to_string(), "(4,2):(2,1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has a run-time (`usize`) leaf, which may pass the core's `i64`: convert it with `TryFrom`",
    note = "the infallible conversion is for layouts whose every leaf is static (`C<N>`)"
)]
pub trait StaticLayout {
    /// The same layout in the core ([`Layout::into_core`]).
    fn into_core(self) -> layout_core::Layout;
}

#[diagnostic::do_not_recommend]
impl<S: Mode<D> + StaticTree, D: StaticTree, I: Offset> StaticLayout for Layout<S, D, I> {
    #[inline]
    fn into_core(self) -> layout_core::Layout {
        Layout::into_core(self)
    }
}

/// What the conversion asserts while compiling.
const NOT_HELD: &str = "this all-static layout has a size or offsets past i64::MAX, which the \
                        core cannot hold: convert it with `TryFrom`";

/// [`Layout::into_core`]'s body: the core's layout of an all-static
/// layout, its fit asserted while compiling. A hand-written static layout
/// the core cannot hold (offsets `3 + 3·2^62`) does not compile (an error
/// while instantiating, so `cargo check` does not see it; `cargo build`
/// does):
///
/// ```compile_fail
/// use layout_dsl::typed::{C, Layout};
/// let l = Layout::<(C<4>, C<4>), (C<1>, C<{ 1 << 62 }>)>::default();
/// let _ = l.into_core();
/// ```
pub(super) fn static_into_core<S: Mode<D>, D: Tree, I: Offset>(
    l: Layout<S, D, I>,
) -> layout_core::Layout {
    const { assert!(S::FIT.held_by_core(), "{}", NOT_HELD) };
    match l.to_core() {
        Ok(core) => core,
        // `held_by_core` is the core's rule on these very numbers.
        Err(_) => unreachable!("a static layout the core holds converts"),
    }
}

/// An all-static typed layout in the core: infallible (see
/// [`Layout::into_core`]). By reference: `From<Layout>` would clash with
/// the `TryFrom<Layout>` every typed layout has.
///
/// ```
/// use layout_dsl::layout;
/// assert_eq!(layout_dsl::Layout::from(&layout!(type 8:-1)).to_string(), "8:-1");
/// ```
impl<S: Mode<D>, D: Tree, I: Offset> From<&Layout<S, D, I>> for layout_core::Layout
where
    Layout<S, D, I>: StaticLayout,
{
    fn from(l: &Layout<S, D, I>) -> Self {
        l.into_core()
    }
}
