//! Static holes for a product of all-static typed values
//! (`product_holes.rs`): when every leaf of `A` and of `B` is static, the
//! complement a product takes is made of [`HoleLeaf`]s, zero-sized leaves
//! whose values are `product_modes`'s answer computed while compiling, so
//! the composition with `B` (`compose_static.rs`) and the product's copies
//! are static too, as CuTe's. Chosen by the leaf types ([`ChooseHoles`]),
//! as a composition's modes are; the run-time holes are still computed
//! and must equal the folded ones (else an [`AlgebraError`]).

use core::fmt;
use core::marker::PhantomData;

use layout_core::Error;

use super::algebra::AlgebraError;
use super::compose::product;
use super::compose_static::{FoldedLeaf, FoldedModes, StaticList, StaticWalk, agrees};
use super::compose_static_walk::{Left, modes};
use super::compose_value::Compose;
use super::int::{C, Int};
use super::layout::Layout;
use super::product_holes::product_modes;
use super::shape_values::by_stride;
use super::static_complement::{IsStatic, No, Yes};
use super::static_int::{StaticInt, static_leaf};
use super::tree::MAX_RANK;

const WIDTH: usize = MAX_RANK;

/// The holes, the strides after them and the rest of the product of the
/// static `A` (`Sh:St`) by the static `B` (`BS:BD`), as `product_modes`
/// gives them at run time.
const fn static_holes<Sh: StaticList, St: StaticList, BS: StaticList, BD: StaticList>()
-> Result<([usize; WIDTH], [usize; WIDTH], usize), AlgebraError> {
    let function = "product";
    let (shape, stride, len) = (Sh::VALUES, St::VALUES, Sh::LEN);
    let mut size = 1;
    let mut i = 0;
    while i < len {
        size = match product(function, size, shape[i]) {
            Ok(p) => p,
            Err(e) => return Err(e),
        };
        i += 1;
    }
    // `Layout::cosize`: 0 when empty, else 1 + Σ (s − 1)·d (wrapping).
    let (b_shape, b_stride) = (BS::VALUES, BD::VALUES);
    let (mut b_size, mut span, mut j) = (1usize, 0usize, 0);
    while j < BS::LEN {
        b_size = b_size.wrapping_mul(b_shape[j]);
        if b_shape[j] != 0 {
            span = span.wrapping_add((b_shape[j] - 1).wrapping_mul(b_stride[j]));
        }
        j += 1;
    }
    let cosize = if b_size == 0 { 0 } else { span.wrapping_add(1) };
    // The leaves past `len` are `1:MAX`, sorted last and skipped.
    let (mut padded_shape, mut keys) = ([1; WIDTH], [i64::MAX; WIDTH]);
    let mut k = 0;
    while k < len {
        padded_shape[k] = shape[k];
        keys[k] = stride[k] as i64;
        k += 1;
    }
    let order = by_stride(keys);
    product_modes(function, (padded_shape, stride, order), size, cosize)
}

/// The holes layout's leaves as numbers: its extents (the holes, then
/// the rest) and its strides (1, then the stride after each hole), and
/// how many leaves (`A`'s and one). Where the product is refused, every
/// extent is 1 and every stride but the first 0: a type no value reaches.
const fn hole_leaves<Sh: StaticList, St: StaticList, BS: StaticList, BD: StaticList>()
-> ([usize; WIDTH], [usize; WIDTH], usize) {
    // Past the leaves, 0s, as `StaticList::VALUES` pads a tuple.
    let len = Sh::LEN;
    let (mut extents, mut strides) = ([0; WIDTH], [0; WIDTH]);
    strides[0] = 1;
    let (holes, next, rest) = match static_holes::<Sh, St, BS, BD>() {
        Ok(modes) => modes,
        Err(_) => ([1; WIDTH], [0; WIDTH], 1),
    };
    let mut k = 0;
    while k < len {
        extents[k] = holes[k];
        strides[k + 1] = next[k];
        k += 1;
    }
    extents[len] = rest;
    (extents, strides, len + 1)
}

/// Part `W` of hole `K` of the product of the static `A` (`Sh:St`, its
/// leaves as flat tuples) by the static `B` (`BS:BD`): `0` the hole's extent, `1` the
/// stride after it, `2` the rest's extent. Zero-sized; its value is a
/// `const` (`1`, or `0` for a stride, where the product is refused: a
/// type no value reaches).
///
/// A static leaf, but not a [`StaticInt`](super::StaticInt): its
/// `IsStatic` names a composition's walk over the holes by the
/// operands once ([`HolesWalk`]), where every other static leaf's names
/// the left layout's leaves (`static_complement.rs`), and the two impls
/// may not overlap. Only the composition a product takes reads these.
pub struct HoleLeaf<Sh, St, BS, BD, const K: usize, const W: u8>(PhantomData<(Sh, St, BS, BD)>);

impl<Sh, St, BS, BD, const K: usize, const W: u8> HoleLeaf<Sh, St, BS, BD, K, W>
where
    Sh: StaticList,
    St: StaticList,
    BS: StaticList,
    BD: StaticList,
{
    /// The value.
    pub const VALUE: i64 = {
        let (extents, strides, len) = hole_leaves::<Sh, St, BS, BD>();
        (match W {
            0 => extents[K],
            1 => strides[K + 1],
            _ => extents[len - 1],
        }) as i64
    };
}

static_leaf!(
    [Sh, St, BS, BD, const K: usize, const W: u8]
    [Sh: StaticList, St: StaticList, BS: StaticList, BD: StaticList, const K: usize, const W: u8]
    HoleLeaf [Sh, St, BS, BD, K, W]
);

impl<Sh, St, BS, BD, const K: usize, const W: u8> IsStatic for HoleLeaf<Sh, St, BS, BD, K, W> {
    type Is = Yes;
    type Walk<AS, AE, N, R> = HolesWalk<Sh, St, BS, BD, N, R>;
}

/// The walk of the static right leaf `N:R` over the holes of the product
/// of the static `A` (`Sh:St`) by the static `B` (`BS:BD`): the same
/// computation as [`ComposeWalk`](super::ComposeWalk) of the holes'
/// [`HoleLeaf`]s, named by the operands once rather than once per hole.
/// (A layout whose first leaf is a `HoleLeaf` but whose others are not
/// these holes is no product's: were one composed, its run-time walk
/// would differ from this one, an [`AlgebraError`], as for any folded
/// leaf.)
pub struct HolesWalk<Sh, St, BS, BD, N, R>(PhantomData<(Sh, St, BS, BD, N, R)>);

impl<Sh, St, BS, BD, N, R> StaticWalk for HolesWalk<Sh, St, BS, BD, N, R>
where
    Sh: StaticList,
    St: StaticList,
    BS: StaticList,
    BD: StaticList,
    N: StaticInt,
    R: StaticInt,
{
    const MODES: Result<FoldedModes, AlgebraError> = {
        let (extents, strides, len) = hole_leaves::<Sh, St, BS, BD>();
        modes(
            &Left {
                extents,
                strides,
                len,
            },
            N::VALUE as usize,
            R::VALUE as usize,
        )
    };
    const EXTENT: usize = N::VALUE as usize;
}

/// The holes layout a product takes (`Self`, computed at run time): itself
/// under [`No`], the [`HoleLeaf`]s of `A` (`Sh:St`) by `B` (`BS:BD`)
/// under [`Yes`].
#[doc(hidden)]
pub trait ChooseHoles<Is, Sh, St, BS, BD>: Sized {
    /// The holes layout.
    type Holes;
    /// The holes; an error where a folded hole differs from the run-time one.
    fn choose(self) -> Result<Self::Holes, AlgebraError>;
}

macro_rules! choose_holes {
    (0;) => {};
    (12; $($rest:tt)*) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S, $D,)* Z, Sh, St, BS, BD> ChooseHoles<No, Sh, St, BS, BD>
            for Layout<($($S,)* Z,), (C<1>, $($D,)*)>
        {
            type Holes = Self;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn choose(self) -> Result<Self, AlgebraError> {
                Ok(self)
            }
        }

        impl<$($S: Int, $D: Int,)* Z: Int, Sh, St, BS, BD> ChooseHoles<Yes, Sh, St, BS, BD>
            for Layout<($($S,)* Z,), (C<1>, $($D,)*)>
        where
            Sh: StaticList,
            St: StaticList,
            BS: StaticList,
            BD: StaticList,
        {
            type Holes = StaticHoles<Sh, St, BS, BD, Self>;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(non_snake_case)]
            fn choose(self) -> Result<Self::Holes, AlgebraError> {
                // The static walk refused where the run-time one answered.
                // (`ok_or_return!`, not `?`: in a debug build `?` is a
                // function of its own per result type, BENCHMARKS.md,
                // "Compile cost of static compositions and products: the
                // names".)
                ok_or_return!(const { static_holes::<Sh, St, BS, BD>() });
                let (extents, strides, _) = const { hole_leaves::<Sh, St, BS, BD>() };
                let (($($S,)* Z,), (_, $($D,)*)) = self.into_parts();
                // One function for every product, not a comparison per hole
                // in each product's own (debug) code.
                ok_or_return!(holes_agree(&[$($S.get(),)* Z.get()], &[$($D.get(),)*], &extents, &strides));
                Ok(StaticHoles(self, PhantomData))
            }
        }
    };
}

for_each_rank!(choose_holes);

/// The holes layout of the product of the static `A` (`Sh:St`) by the
/// static `B` (`BS:BD`): the run-time holes `H` (`usize` leaves, checked
/// equal to the folded ones), composed with `B` as any layout of `usize`
/// leaves is ([`Compose`]: one instance per rank of `A` and `B`'s type,
/// shared by every product of that shape), each mode of the result then
/// given its folded leaves ([`FoldHoles`]).
///
/// Not a `Layout` of [`HoleLeaf`]s composed with `B` (as before): that
/// composition proved its walk's bounds (the leaf lists, `AllStatic`,
/// `Erased`, the walk's name through the first leaf) over lists of
/// `HoleLeaf`s, each naming both operands, for every static product, and
/// compiled its functions again for each (BENCHMARKS.md, "Compile cost of
/// static products: the composition on `usize` holes"). The result's type
/// is the same: the [`FoldedLeaf`](super::FoldedLeaf)s of [`HolesWalk`].
#[doc(hidden)]
pub struct StaticHoles<Sh, St, BS, BD, H>(H, PhantomData<(Sh, St, BS, BD)>);

impl<Sh, St, BS, BD, H, SB, DB> Compose<Layout<SB, DB>> for StaticHoles<Sh, St, BS, BD, H>
where
    SB: Erase,
    DB: Erase,
    H: Compose<Layout<SB::Out, DB::Out>>,
    SB: FoldHoles<DB, (Sh, St, BS, BD), H::Shape, H::Stride>,
{
    type Shape = <SB as FoldHoles<DB, (Sh, St, BS, BD), H::Shape, H::Stride>>::Shape;
    type Stride = <SB as FoldHoles<DB, (Sh, St, BS, BD), H::Shape, H::Stride>>::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn composition(
        &self,
        b: Layout<SB, DB>,
    ) -> Result<Layout<Self::Shape, Self::Stride>, AlgebraError> {
        let (shape, stride) = b.into_parts();
        // Matches, not `?` (a function of its own per result type in a
        // debug build), and the composition in `walk_erased`, one instance
        // per rank of `A` and nesting of `B`, not in this product's own code.
        match walk_erased(&self.0, shape.erase(), stride.erase()) {
            Ok((shapes, strides)) => match SB::fold_holes(shapes, strides) {
                Ok((shape, stride)) => Ok(Layout::from_parts(shape, stride)),
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        }
    }
}

/// The run-time composition of the `usize` holes `holes` with `B`
/// (`shape:stride`, `usize` leaves), as trees.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn walk_erased<H: Compose<Layout<S, D>>, S, D>(
    holes: &H,
    shape: S,
    stride: D,
) -> Result<(H::Shape, H::Stride), AlgebraError> {
    match holes.composition(Layout::from_parts(shape, stride)) {
        Ok(walked) => Ok(walked.into_parts()),
        Err(e) => Err(e),
    }
}

/// A tree with every leaf a `usize` of the same value: `B` as the
/// run-time composition of the holes takes it, so that composition is one
/// instance per rank of `A` and nesting of `B`, whatever `B`'s numbers.
#[doc(hidden)]
pub trait Erase: Copy {
    /// The tree of `usize`s.
    type Out: Copy;
    /// The tree of `usize`s.
    fn erase(self) -> Self::Out;
}

impl<N: Int> Erase for N {
    type Out = usize;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn erase(self) -> usize {
        self.get()
    }
}

macro_rules! erase {
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        impl<$($T: Erase,)*> Erase for ($($T,)*) {
            type Out = ($($T::Out,)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(clippy::unused_unit)]
            fn erase(self) -> Self::Out {
                ($(self.$i.erase(),)*)
            }
        }
    };
}

for_each_rank!(erase);

/// `B`'s shape tree (`Self`, strides `DB`) with each leaf `N:R` the mode
/// the composition of the static holes `P` (`(Sh, St, BS, BD)`, as
/// [`HolesWalk`] names them) gives it: the walk's [`FoldedLeaf`](super::FoldedLeaf)s, each
/// checked against the run-time composition's values (`X`, `Y`: the
/// composition of the `usize` holes, in `B`'s nesting) as
/// [`FoldModes`](super::FoldModes) checks a composition's.
#[doc(hidden)]
pub trait FoldHoles<DB, P, X, Y> {
    /// The copies' shape tree.
    type Shape;
    /// The copies' stride tree.
    type Stride;
    /// The folded trees; an error where a folded leaf differs from the
    /// run-time value, or the static walk refused.
    fn fold_holes(shapes: X, strides: Y) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
}

impl<N, R, Sh, St, BS, BD, X> FoldHoles<R, (Sh, St, BS, BD), X, X> for N
where
    N: StaticInt,
    R: StaticInt,
    X: HoleMode,
    HolesWalk<Sh, St, BS, BD, N, R>: StaticWalk,
{
    type Shape = X::Shape<HolesWalk<Sh, St, BS, BD, N, R>>;
    type Stride = X::Stride<HolesWalk<Sh, St, BS, BD, N, R>>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn fold_holes(shapes: X, strides: X) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        let modes = &const { <HolesWalk<Sh, St, BS, BD, N, R> as StaticWalk>::MODES };
        ok_or_return!(mode_agrees(modes, &shapes.values(), &strides.values(), X::LEN));
        Ok(X::folded())
    }
}

/// A mode of the run-time composition of the `usize` holes (a tuple of
/// one `usize` per hole) and the folded leaves of a walk `W` in its place,
/// [`FoldModes`](super::FoldModes)'s types (`FoldedLeaf<W, K, STRIDE>` per sub-mode `K`).
#[doc(hidden)]
pub trait HoleMode: Copy {
    /// The number of sub-modes (holes).
    const LEN: usize;
    /// The folded extents.
    type Shape<W>;
    /// The folded strides.
    type Stride<W>;
    /// The values, the first `len` of `WIDTH` (the rest 0).
    fn values(self) -> [usize; WIDTH];
    /// The folded leaves (zero-sized).
    fn folded<W>() -> (Self::Shape<W>, Self::Stride<W>);
}

/// `usize`, one per named sub-mode.
macro_rules! usize_for {
    ($x:ident) => {
        usize
    };
}

macro_rules! hole_modes {
    (0;) => {};
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl HoleMode for ($(usize_for!($A),)*) {
            const LEN: usize = $rank;
            type Shape<W> = ($(FoldedLeaf<W, $i, false>,)*);
            type Stride<W> = ($(FoldedLeaf<W, $i, true>,)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn values(self) -> [usize; WIDTH] {
                let mut values = [0; WIDTH];
                $(values[$i] = self.$i;)*
                values
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn folded<W>() -> (Self::Shape<W>, Self::Stride<W>) {
                (($(FoldedLeaf::<W, $i, false>(PhantomData),)*), ($(FoldedLeaf::<W, $i, true>(PhantomData),)*))
            }
        }
    };
}

for_each_rank!(hole_modes);

/// The run-time holes (`shapes`, `strides` from the second) equal the
/// folded ones (`extents`, `next`), hole by hole as `agrees` compares a
/// leaf, else the first difference (`FoldedDiffers`).
#[cfg_attr(not(debug_assertions), inline(always))]
fn holes_agree(
    shapes: &[usize],
    strides: &[usize],
    extents: &[usize; WIDTH],
    next: &[usize; WIDTH],
) -> Result<(), AlgebraError> {
    let rank = strides.len();
    let mut k = 0;
    while k < rank {
        ok_or_return!(agrees("product", shapes[k], extents[k] as i64));
        ok_or_return!(agrees("product", strides[k], next[k + 1] as i64));
        k += 1;
    }
    agrees("product", shapes[rank], extents[rank] as i64)
}

/// The run-time mode (`shapes:strides`, the first `len` of `WIDTH`) equals
/// the static walk's `modes`, sub-mode by sub-mode as `FoldModes` compares
/// it; the walk's refusal first.
#[cfg_attr(not(debug_assertions), inline(always))]
fn mode_agrees(
    modes: &Result<FoldedModes, AlgebraError>,
    shapes: &[usize; WIDTH],
    strides: &[usize; WIDTH],
    len: usize,
) -> Result<(), AlgebraError> {
    let modes = match modes {
        Ok(modes) => modes,
        Err(e) => return Err(*e),
    };
    let mut k = 0;
    while k < len {
        ok_or_return!(agrees("composition", shapes[k], modes[k].0 as i64));
        ok_or_return!(agrees("composition", strides[k], modes[k].1 as i64));
        k += 1;
    }
    Ok(())
}

macro_rules! fold_holes {
    ($rank:literal; $(($i:tt $T:ident $D:ident $X:ident))*) => {
        impl<$($T: FoldHoles<$D, P, $X, $X>, $D, $X,)* P> FoldHoles<($($D,)*), P, ($($X,)*), ($($X,)*)>
            for ($($T,)*)
        {
            type Shape = ($($T::Shape,)*);
            type Stride = ($($T::Stride,)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables, clippy::unused_unit)]
            fn fold_holes(
                shapes: ($($X,)*),
                strides: ($($X,)*),
            ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
                let parts = ($(ok_or_return!($T::fold_holes(shapes.$i, strides.$i)),)*);
                Ok((($(parts.$i.0,)*), ($(parts.$i.1,)*)))
            }
        }
    };
}

for_each_rank!(fold_holes);
