//! `crd2idx` and `at` of every typed layout, from its numbers.
//!
//! Every shape or stride tree type names its *form*: the same nesting with
//! every leaf replaced by [`Leaf`], so that `(C<4>, C<8>)`, `(C<2>, C<3>)`
//! and `(usize, usize)` all have the form `(Leaf, Leaf)`; and gives its
//! numbers as a value of the form's `Desc` type (`(4, 8)`): an associated
//! constant when every leaf is static (`Tree::DESC`), else `Tree::desc()`.
//! The arithmetic is generic over the coordinate type and the form only
//! ([`Walk`], [`Form`]) and takes the numbers by reference: every layout of
//! one form indexed with one coordinate type shares one walk. A layout of
//! `usize` literals (what `layout!` gives by default) therefore makes no
//! function of its own at all, and a zero-sized one (`layout!(type …)`)
//! makes one, its `Layout::crd2idx`.
//!
//! Inlining: in a debug build the walk's functions are plain `#[inline]`,
//! shared by every layout. In a release build (`debug_assertions` off, the
//! nearest stable signal) they are `inline(always)`, so that rustc's MIR
//! inliner puts them into each caller and folds the numbers there: LLVM
//! then gets straight arithmetic and emits the instructions of the
//! hand-written expression (`benches/asm_diff.sh`). Left to LLVM's own
//! inliner, the shared walk is inlined late or not at all, and the same
//! operations come out scheduled differently or as calls.

/// `(rest % extent, rest / extent)`: one mode's part of an integer and
/// what it leaves to the modes after it. An extent of 0 takes the whole
/// rest and leaves 0 (Knuth's `x mod 0 = x`, `x div 0 = 0`): an empty mode
/// absorbs the integer as the last mode does, so the split is defined for
/// every input and never divides by zero. The layout is then empty, no
/// integer is in its domain, and the answer is defined but, as for any
/// index past the size, not an offset of an element (the core refuses it
/// with `ZeroSizeMode`; CuTe divides by zero). A static extent is never 0
/// here (refused while compiling), so an optimised build drops the test.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn divmod(rest: usize, extent: usize) -> (usize, usize) {
    if extent == 0 {
        let (next, part) = empty_mode(rest);
        return (part, next);
    }
    (rest % extent, rest / extent)
}

/// An empty mode's `(next, part)`, out of line as the panic it replaces
/// was: inline (or as `cold_path`), the static walks of
/// `benches/asm_diff.sh` come out with their registers assigned differently
/// from the hand-written ones. The order is the division's: x86-64 `div`
/// leaves the quotient (`next`) in `rax` and the remainder (`part`) in
/// `rdx`, and a returned pair comes back in `rax`, `rdx`; so after the
/// call both values already sit where the hot path's `div` put them and
/// the code after the split needs no `mov` to merge the two paths
/// (`(part, next)` cost `dynamic_at` one extra `mov` on the hot path).
#[cold]
#[inline(never)]
fn empty_mode(rest: usize) -> (usize, usize) {
    (0, rest)
}

/// A nested mode's offset and what it leaves, `rest` split over it: one
/// test of its size, and its own divisions untested on the hot path
/// (`Form::split_sized`); an empty mode keeps `divmod`'s definition.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn split_mode<F: Form>(rest: usize, shape: &F::Desc, stride: &F::Desc) -> (usize, usize) {
    let extent = F::size(shape);
    let (part, next) = divmod(rest, extent);
    if extent == 0 {
        return (F::split(shape, stride, part), next);
    }
    // SAFETY: `extent` is the mode's size, not 0.
    (unsafe { F::split_sized(shape, stride, part) }, next)
}

/// The form of a single extent.
#[derive(Clone, Copy, Debug)]
pub struct Leaf;

/// The nesting of a shape, without its numbers. `Desc` holds the numbers of
/// a tree of this form: `usize` for a leaf, a tuple for a tuple, so a
/// walk reads them as fields (no slices, no bounds checks) and an
/// optimised build sees plain constants.
pub trait Form {
    type Desc: Copy;
    /// The number of coordinates, as `Shape::size`.
    fn size(shape: &Self::Desc) -> usize;
    /// The offset of one integer over a tree of this form (CuTe's colex
    /// split): each mode but the last takes `rest % size`, the last what is left.
    fn split(shape: &Self::Desc, stride: &Self::Desc, index: usize) -> usize;
    /// `split` of a tree whose size is not 0, without `divmod`'s test of
    /// each extent: a wrapping product with a factor 0 is 0, so no extent
    /// of such a tree is 0. A mode that is not the last has its size
    /// tested for the division that gives its part anyway; its inner
    /// divisions then need no test of their own (`L(5)` of a rank-3
    /// composition: two of five).
    ///
    /// # Safety
    /// `Self::size(shape) != 0`.
    unsafe fn split_sized(shape: &Self::Desc, stride: &Self::Desc, index: usize) -> usize;
    /// Whether this form is a single extent (its `split` divides nothing).
    const LEAF: bool;
    /// `Σ (s-1)·|d|` over the leaves (a stride read as signed): `cosize - 1`.
    fn span(shape: &Self::Desc, stride: &Self::Desc) -> usize;
    /// `f(extent, stride)` for each leaf, in order (analysis.rs).
    fn leaves<F: FnMut(usize, usize)>(shape: &Self::Desc, stride: &Self::Desc, f: &mut F);
}

impl Form for Leaf {
    type Desc = usize;
    const LEAF: bool = true;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn size(shape: &usize) -> usize {
        *shape
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn split(_: &usize, stride: &usize, index: usize) -> usize {
        index.wrapping_mul(*stride)
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn split_sized(_: &usize, stride: &usize, index: usize) -> usize {
        index.wrapping_mul(*stride)
    }
    #[inline]
    fn span(shape: &usize, stride: &usize) -> usize {
        // Offsets are `i64`-sized (the core checks static layouts): a
        // stride past `isize::MAX` is a negative one, wrapped.
        shape
            .saturating_sub(1)
            .wrapping_mul((*stride as isize).unsigned_abs())
    }
    #[inline]
    fn leaves<F: FnMut(usize, usize)>(shape: &usize, stride: &usize, f: &mut F) {
        f(*shape, *stride);
    }
}

/// A coordinate of a tree of form `F`: its offset, from the numbers.
pub trait Walk<F: Form> {
    fn walk(self, shape: &F::Desc, stride: &F::Desc) -> usize;
}

/// One integer for a whole mode: split colexicographically over it.
impl<F: Form> Walk<F> for usize {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn walk(self, shape: &F::Desc, stride: &F::Desc) -> usize {
        F::split(shape, stride, self)
    }
}

macro_rules! tuple {
    ($rank:literal; $(($i:tt $Cd:ident $F:ident $_c:ident))*) => {
        impl<$($F: Form),*> Form for ($($F,)*) {
            type Desc = ($($F::Desc,)*);
            const LEAF: bool = false;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables)]
            fn size(shape: &Self::Desc) -> usize {
                1usize $(.wrapping_mul($F::size(&shape.$i)))*
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables, unused_mut, unused_assignments)]
            fn split(shape: &Self::Desc, stride: &Self::Desc, index: usize) -> usize {
                let mut rest = index;
                let mut offset = 0usize;
                $(
                    let mode_offset = if $i + 1 == $rank {
                        $F::split(&shape.$i, &stride.$i, rest)
                    } else if $F::LEAF {
                        let (part, next) = divmod(rest, $F::size(&shape.$i));
                        rest = next;
                        $F::split(&shape.$i, &stride.$i, part)
                    } else {
                        let (mode_offset, next) = split_mode::<$F>(rest, &shape.$i, &stride.$i);
                        rest = next;
                        mode_offset
                    };
                    offset = offset.wrapping_add(mode_offset);
                )*
                offset
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables, unused_mut, unused_assignments)]
            unsafe fn split_sized(shape: &Self::Desc, stride: &Self::Desc, index: usize) -> usize {
                let mut rest = index;
                let mut offset = 0usize;
                $(
                    let part = if $i + 1 == $rank {
                        rest
                    } else {
                        let extent = $F::size(&shape.$i);
                        // SAFETY: a factor of the caller's nonzero size.
                        unsafe { core::hint::assert_unchecked(extent != 0) };
                        let part = rest % extent;
                        rest /= extent;
                        part
                    };
                    // SAFETY: a factor of the caller's nonzero size.
                    let mode_offset = unsafe { $F::split_sized(&shape.$i, &stride.$i, part) };
                    offset = offset.wrapping_add(mode_offset);
                )*
                offset
            }
            #[inline]
            #[allow(unused_variables)]
            fn span(shape: &Self::Desc, stride: &Self::Desc) -> usize {
                0usize $(.wrapping_add($F::span(&shape.$i, &stride.$i)))*
            }
            #[inline]
            #[allow(unused_variables)]
            fn leaves<G: FnMut(usize, usize)>(shape: &Self::Desc, stride: &Self::Desc, f: &mut G) {
                $($F::leaves(&shape.$i, &stride.$i, f);)*
            }
        }

        /// A coordinate of the tuple's own rank: the sum of the modes' offsets.
        impl<$($Cd: Walk<$F>, $F: Form),*> Walk<($($F,)*)> for ($($Cd,)*) {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables)]
            fn walk(self, shape: &($($F::Desc,)*), stride: &($($F::Desc,)*)) -> usize {
                0usize $(.wrapping_add(self.$i.walk(&shape.$i, &stride.$i)))*
            }
        }
    };
}

for_each_rank!(tuple);
