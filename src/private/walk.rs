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

/// `split` of a tuple form: one test of the product of the extents its
/// divisions divide by (`Form::divisors`, the last mode's inner ones
/// included), not one per division; when that is not 0 no extent divided
/// by is 0 (a wrapping product with a factor 0 is 0), so every division
/// runs untested (`Form::split_sized`). Only when it is 0 are the extents
/// tested one by one (`Form::zero_divisor`: a product wrapped to 0 still
/// takes the untested walk); an empty one sends the integer to the
/// out-of-line walk that tests each division (`split_checked`), which
/// gives `divmod`'s definition. The product is usually free (`size`
/// computes it too) and the per-extent test lets the optimiser drop the
/// whole test where it knows every extent.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn split_tested<F: Form>(shape: &F::Desc, stride: &F::Desc, index: usize) -> usize {
    if F::divisors(shape) == 0 && F::zero_divisor(shape) {
        return split_checked::<F>(index, *shape, *stride);
    }
    // SAFETY: either `F::divisors(shape)` is not 0, and then no divisor
    // is 0 (each is a factor of it), or `F::zero_divisor(shape)` is false.
    unsafe { F::split_sized(shape, stride, index) }
}

/// `split` with each division tested (`divmod`): the cold path of
/// `split_tested`, out of line as `empty_mode` (and for its reason: the
/// hot path keeps the registers of the hand-written expression). The
/// numbers by value: by reference, the hot path stored every one of them
/// to the stack for the call it does not make. The index first: in the
/// argument register of `dynamic_at`'s `m` (known 0 here, so free), not
/// where its `n` goes, or the index is copied on the hot path too.
#[cold]
#[inline(never)]
fn split_checked<F: Form>(index: usize, shape: F::Desc, stride: F::Desc) -> usize {
    F::split_checked(&shape, &stride, index)
}

// Only a debug build walks the flat nodes (`Form::split`); a release build
// folds the per-form walk, and would warn that the nodes are never read.
#[cfg_attr(not(debug_assertions), allow(dead_code))]
mod flat;

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
    /// The product of the extents `split` divides by: each mode's size but
    /// the last's, times the last mode's own `divisors` (1 for a leaf,
    /// which divides nothing). `size` is this times the last leaf's
    /// extent, so a nonzero size has nonzero divisors.
    fn divisors(shape: &Self::Desc) -> usize;
    /// Whether an extent `split` divides by is 0: each mode's size but the
    /// last's, or one inside the last mode. Implies `divisors` is 0; the
    /// converse fails only where the product wraps to 0. The per-extent
    /// form lets the optimiser drop the test where it knows every extent
    /// (a literal, or a value tested before); `split_tested` asks it only
    /// when the product is 0.
    fn zero_divisor(shape: &Self::Desc) -> bool;
    /// The offset of one integer over a tree of this form (CuTe's colex
    /// split): each mode but the last takes `rest % size`, the last what is
    /// left; an extent of 0 as `divmod` defines it. A tuple tests its
    /// `divisors` once, not each division (`split_tested`).
    fn split(shape: &Self::Desc, stride: &Self::Desc, index: usize) -> usize;
    /// `split` with each division's extent tested (`divmod`): the
    /// definition for empty modes, taken when an extent divided by is 0.
    fn split_checked(shape: &Self::Desc, stride: &Self::Desc, index: usize) -> usize;
    /// `split` without `divmod`'s test of each extent.
    ///
    /// # Safety
    /// No extent it divides by is 0: `!Self::zero_divisor(shape)`, which
    /// `Self::divisors(shape) != 0` implies (every extent divided by, here
    /// and, through each mode's size, inside its modes, is a factor of the
    /// wrapping product `divisors`, and a product with a factor 0 is 0).
    unsafe fn split_sized(shape: &Self::Desc, stride: &Self::Desc, index: usize) -> usize;
    /// `Σ (s-1)·|d|` over the leaves (a stride read as signed): `cosize - 1`.
    fn span(shape: &Self::Desc, stride: &Self::Desc) -> usize;
    /// `f(extent, stride)` for each leaf, in order (analysis.rs).
    fn leaves<F: FnMut(usize, usize)>(shape: &Self::Desc, stride: &Self::Desc, f: &mut F);
    /// How many nodes [`flatten`](Self::flatten) appends.
    #[doc(hidden)]
    const NODES: usize;
    /// Appends the tree's nodes in pre-order (a debug build's `split`,
    /// `walk/flat.rs`); the caller checked that `NODES` fit.
    #[doc(hidden)]
    fn flatten(shape: &Self::Desc, stride: &Self::Desc, nodes: &mut flat::Nodes);
}

impl Form for Leaf {
    type Desc = usize;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn size(shape: &usize) -> usize {
        *shape
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn divisors(_: &usize) -> usize {
        1
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zero_divisor(_: &usize) -> bool {
        false
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn split(_: &usize, stride: &usize, index: usize) -> usize {
        index.wrapping_mul(*stride)
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn split_checked(_: &usize, stride: &usize, index: usize) -> usize {
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
    // Always in a release build: the check that a typed value fits the
    // core's `i64` ORs every leaf (fits_value.rs), which a call per tuple
    // kept from folding.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn leaves<F: FnMut(usize, usize)>(shape: &usize, stride: &usize, f: &mut F) {
        f(*shape, *stride);
    }
    const NODES: usize = 1;
    #[inline]
    fn flatten(shape: &usize, stride: &usize, nodes: &mut flat::Nodes) {
        nodes.push(flat::Node::Leaf(*shape, *stride));
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
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables)]
            fn size(shape: &Self::Desc) -> usize {
                1usize $(.wrapping_mul($F::size(&shape.$i)))*
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables)]
            fn divisors(shape: &Self::Desc) -> usize {
                1usize $(.wrapping_mul(if $i + 1 == $rank {
                    $F::divisors(&shape.$i)
                } else {
                    $F::size(&shape.$i)
                }))*
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables)]
            fn zero_divisor(shape: &Self::Desc) -> bool {
                false $(|| if $i + 1 == $rank {
                    $F::zero_divisor(&shape.$i)
                } else {
                    $F::size(&shape.$i) == 0
                })*
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn split(shape: &Self::Desc, stride: &Self::Desc, index: usize) -> usize {
                // A debug build: one walk for every form (`walk/flat.rs`).
                #[cfg(debug_assertions)]
                if const { Self::NODES <= flat::MAX_NODES } {
                    return flat::split_flat::<Self>(shape, stride, index);
                }
                split_tested::<Self>(shape, stride, index)
            }
            #[inline]
            #[allow(unused_variables, unused_mut, unused_assignments)]
            fn split_checked(shape: &Self::Desc, stride: &Self::Desc, index: usize) -> usize {
                let mut rest = index;
                let mut offset = 0usize;
                $(
                    let part = if $i + 1 == $rank {
                        rest
                    } else {
                        let (part, next) = divmod(rest, $F::size(&shape.$i));
                        rest = next;
                        part
                    };
                    offset = offset.wrapping_add($F::split_checked(&shape.$i, &stride.$i, part));
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
                        // SAFETY: a size this split divides by, not 0 by
                        // the caller's guarantee.
                        unsafe { core::hint::assert_unchecked(extent != 0) };
                        let part = rest % extent;
                        rest /= extent;
                        part
                    };
                    // SAFETY: the last mode's divisors are ours, not 0 by
                    // the caller's guarantee; another mode's are factors of
                    // its size, which is not 0 (just above), so not 0.
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
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables)]
            fn leaves<G: FnMut(usize, usize)>(shape: &Self::Desc, stride: &Self::Desc, f: &mut G) {
                $($F::leaves(&shape.$i, &stride.$i, f);)*
            }
            const NODES: usize = 1 $(+ $F::NODES)*;
            #[inline]
            #[allow(unused_variables)]
            fn flatten(shape: &Self::Desc, stride: &Self::Desc, nodes: &mut flat::Nodes) {
                nodes.push(flat::Node::Tuple($rank, Self::size(shape)));
                $($F::flatten(&shape.$i, &stride.$i, nodes);)*
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
