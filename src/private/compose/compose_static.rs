//! Static leaves for [`Compose`](crate::__private::Compose) of typed values: when
//! every leaf of the left layout and one leaf `n:r` of the right layout
//! are static, the mode that leaf becomes is static too, as CuTe keeps it.
//!
//! Stable Rust cannot pick a type by a const value, but a type can *name*
//! a computation: [`FoldedLeaf<W, K, STRIDE>`](FoldedLeaf) is a zero-sized
//! leaf whose `StaticInt::VALUE` is sub-mode `K` of the walk `W`
//! ([`ComposeWalk`]: the left layout's leaf types, the right leaf's
//! types), computed by a `const fn` copy of the run-time walk
//! (`compose_walk.rs`; the copy is `compose_static_walk.rs`) over the
//! operands' associated consts. Which leaf
//! type a mode gets is chosen by the operands' *types* ([`AllStatic`],
//! [`Bit`]): all static gives `FoldedLeaf`s, any `usize` gives `usize`s.
//! A mode's walk depends only on the left layout and its own leaf of the
//! right one, so each leaf of the right layout decides alone.
//!
//! Where both operands are static and the `const fn` walk answers the
//! whole composition (every leaf walked, nothing carries:
//! `compose_static_walk::folds`), `Compose` returns the folded leaves as
//! a constant and the run-time walk is not compiled (`compose_value.rs`,
//! an `if const`). Otherwise the run-time walk runs in both cases: it
//! checks what spans several leaves of the right layout (carries, empty
//! modes) and gives the errors. For a static mode its values are constants, and each is
//! compared with its folded leaf (which folds away in an optimised
//! build): where they differ, or the const walk refused, the
//! composition is an [`AlgebraError`], never a layout from one walk that
//! the other does not give. A static refusal is therefore a run-time
//! `Err`, as for dynamic values, not a compile error (CuTe would
//! `static_assert`): the folded mode is `1:0` then, in a type that no
//! value reaches (code using the `Ok` arm still compiles). `tests/typed_compose_static.rs` compares the two walks over
//! every small input.

use core::fmt;
use core::marker::PhantomData;
use core::mem::ManuallyDrop;

use layout_core::Error;

use crate::__private::algebra::AlgebraError;
use crate::__private::compose_static_walk::{Left, modes};

const FUNCTION: &str = "composition";
use crate::__private::int::Int;
use crate::__private::list::{Cons, Nil};
use crate::__private::static_complement::{Bit, IsStatic, No, Yes};
use crate::__private::static_int::{StaticInt, static_leaf};
use crate::__private::tree::MAX_RANK;

/// The most leaves a left layout of [`Compose`](crate::__private::Compose) has (a
/// mode of the result is a tuple of one sub-mode per leaf).
pub(in crate::__private) const WIDTH: usize = MAX_RANK;

/// A mode of the composition: `(extent, stride)` per leaf of the left
/// layout (the first `len`).
pub type FoldedModes = [(usize, usize); WIDTH];

/// A flat tuple of static leaves, their values in a `const` (as
/// [`Int::get`] gives them: a negative static value wraps). A walk is
/// named by tuples, not by type-level lists: every `Cons<…>` would add its
/// path to the name of each folded leaf, and a debug build spends much of
/// a static result's compile time on those names (BENCHMARKS.md,
/// "Compile cost of static compositions and products against CuTe C++").
#[doc(hidden)]
pub trait StaticList {
    /// The number of leaves.
    const LEN: usize;
    /// The values (the first `LEN`).
    const VALUES: [usize; WIDTH];
}

macro_rules! static_lists {
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<$($A: StaticInt,)*> StaticList for ($($A,)*) {
            const LEN: usize = $rank;
            const VALUES: [usize; WIDTH] = {
                #[allow(unused_mut)]
                let mut values = [0; WIDTH];
                $(values[$i] = $A::VALUE as usize;)*
                values
            };
        }
    };
}

for_each_rank!(static_lists);

/// A composition's trees as a constant, or `None`. Each in a
/// `ManuallyDrop`: a constant may not drop a value of a generic type (nor
/// a tuple holding one), and none is dropped here.
pub type Constant<S, D> = Option<(ManuallyDrop<S>, ManuallyDrop<D>)>;

/// Whether every leaf of a type-level list is static: [`Yes`] or [`No`].
#[doc(hidden)]
pub trait AllStatic {
    /// [`Yes`] or [`No`].
    type Is: Bit;
}

impl AllStatic for Nil {
    type Is = Yes;
}

impl<H: IsStatic, T: AllStatic> AllStatic for Cons<H, T> {
    type Is = <H::Is as Bit>::And<T::Is>;
}

/// [`Yes`] when the left layout's leaves `AS`, their strides `AE` and the
/// right leaf `N:R` are all static.
pub type Statics<AS, AE, N, R> = <<AS as AllStatic>::Is as Bit>::And<
    <<AE as AllStatic>::Is as Bit>::And<<<N as IsStatic>::Is as Bit>::And<<R as IsStatic>::Is>>,
>;

/// The walk of the static right leaf `N:R` over the static left layout's
/// leaves `AS` (strides `AE`): a name for a `const` computation.
pub struct ComposeWalk<AS, AE, N, R>(PhantomData<(AS, AE, N, R)>);

/// A computation whose result is the modes of a composition.
#[doc(hidden)]
pub trait StaticWalk {
    /// The mode, or the walk's refusal.
    const MODES: Result<FoldedModes, AlgebraError>;
    /// The right leaf's extent `n`.
    const EXTENT: usize;
}

impl<AS: StaticList, AE: StaticList, N: StaticInt, R: StaticInt> StaticWalk
    for ComposeWalk<AS, AE, N, R>
{
    const MODES: Result<FoldedModes, AlgebraError> = {
        let left = Left {
            extents: AS::VALUES,
            strides: AE::VALUES,
            len: AS::LEN,
        };
        modes(&left, N::VALUE as usize, R::VALUE as usize)
    };
    const EXTENT: usize = N::VALUE as usize;
}

/// Sub-mode `K` of the static walk `W`: its extent, or its stride when
/// `STRIDE`. Zero-sized; its value is a `const` (`1:0` where the walk
/// refuses, in a type no value gets: the composition is then an error).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{Compose, Int, StaticInt};
/// fn is_static<T: StaticInt>(_: T) -> i64 {
///     T::VALUE
/// }
/// // A static 4 elements 2 apart over the static (2,4):(1,8):
/// let c = layout!(type (2,4):(1,8)).composition(layout!(type 4:2)).unwrap();
/// assert_eq!(c.to_string(), "(1,4):(0,8)");
/// assert_eq!(is_static(c.shape().1), 4);
/// assert_eq!(is_static(c.stride().1), 8);
/// assert_eq!(core::mem::size_of_val(&c), 0);
/// ```
pub struct FoldedLeaf<W, const K: usize, const STRIDE: bool>(
    pub(in crate::__private) PhantomData<W>,
);

impl<W: StaticWalk, const K: usize, const STRIDE: bool> StaticInt for FoldedLeaf<W, K, STRIDE> {
    const VALUE: i64 = match W::MODES {
        Ok(modes) if STRIDE => modes[K].1 as i64,
        Ok(modes) => modes[K].0 as i64,
        // A refused walk's leaf is never in a value (the composition is an
        // error, but where the right layout is empty), yet its type is
        // compiled wherever the `Ok` arm is: `n:0` at the first leaf, `1:0`
        // at the others (`1:0` for `n = 0`), modes every const check on a
        // layout's type accepts (0 would be an empty mode, which `at`
        // refuses while compiling). `n:0` is what `Compose` gives such a
        // leaf of an empty right layout (nothing is read).
        Err(_) if STRIDE => 0,
        Err(_) if K == 0 && W::EXTENT != 0 => W::EXTENT as i64,
        Err(_) => 1,
    };
}

static_leaf!(
    [W, const K: usize, const STRIDE: bool]
    [W: StaticWalk, const K: usize, const STRIDE: bool]
    FoldedLeaf [W, K, STRIDE]
);

/// A mode of the run-time walk (a tuple of `usize`, one per leaf of the
/// left layout) as the result's leaves: itself when `Is` is [`No`], the
/// walk `W`'s [`FoldedLeaf`]s when [`Yes`].
#[doc(hidden)]
pub trait FoldModes<W, Is>: Sized {
    /// The mode's extents.
    type Shape;
    /// The mode's strides.
    type Stride;
    /// The mode; an error where a folded leaf differs from the run-time
    /// value, or the static walk refused.
    fn fold(shapes: Self, strides: Self) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
    /// The mode's static leaves as a constant (`Some` when `Is` is
    /// [`Yes`]), for `Compose`'s shortcut where the whole composition
    /// folds (`compose_static_walk::folds`).
    const FOLDED: Constant<Self::Shape, Self::Stride>;
    /// The mode decided point by point (`compose_decide.rs`): `shapes:
    /// strides` as decided at run time for the leaf of extent `n`; `None`
    /// where the folded leaves are not that function (or the static walk
    /// refused), unless the right layout is `empty`.
    fn decide(
        shapes: Self,
        strides: Self,
        n: usize,
        empty: bool,
    ) -> Option<(Self::Shape, Self::Stride)>;
    /// A mode of this type's numbers, extents and strides, the first
    /// `Self`'s rank of [`WIDTH`] (`compose_folded.rs` checks an all-static
    /// composition's modes from them).
    fn row(shape: &Self::Shape, stride: &Self::Stride) -> Row;
}

/// A mode's extents and strides (the first so many of [`WIDTH`]).
pub type Row = ([usize; WIDTH], [usize; WIDTH]);

/// The folded mode `folded` is a layout of `n` elements and, unless the
/// right layout is `empty` (nothing read), the same function as the
/// decided `decided` (they may differ in form: the walk places a group's
/// part at its first leaf, the decision fills from the first leaf).
#[cold]
#[inline(never)]
pub(in crate::__private) fn same_leaf(
    n: usize,
    empty: bool,
    decided: (&[usize], &[usize]),
    folded: (&[usize], &[usize]),
    folded_ok: bool,
) -> bool {
    let size = folded.0.iter().try_fold(1usize, |p, &s| p.checked_mul(s));
    if size != Some(n) {
        return false;
    }
    if empty {
        return true;
    }
    let at = |(shape, stride): (&[usize], &[usize]), c: usize| {
        let mut rest = c;
        shape.iter().zip(stride).try_fold(0usize, |sum, (&s, &d)| {
            let digit = (rest % s).checked_mul(d)?;
            rest /= s;
            sum.checked_add(digit)
        })
    };
    folded_ok && (0..n).all(|c| matches!(at(folded, c), Some(v) if Some(v) == at(decided, c)))
}

/// The folded value `folded` equals the run-time walk's `walked` (of
/// `function`), else `FoldedDiffers`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn agrees(
    function: &'static str,
    walked: usize,
    folded: i64,
) -> Result<(), AlgebraError> {
    let folded = folded as usize;
    if walked == folded {
        Ok(())
    } else {
        Err(AlgebraError::FoldedDiffers {
            function,
            walked,
            folded,
        })
    }
}

/// The run-time mode (`shapes:strides`, the first `len` of `WIDTH`) equals
/// the static walk's `modes`, sub-mode by sub-mode, the walk's refusal
/// first: one function for every mode a composition folds
/// ([`FoldModes::fold`]) and every copy of a static product
/// (`product_static/fold.rs`), not a comparison per leaf in each mode's
/// own (debug) code.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(in crate::__private) fn mode_agrees(
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
        ok_or_return!(agrees(FUNCTION, shapes[k], modes[k].0 as i64));
        ok_or_return!(agrees(FUNCTION, strides[k], modes[k].1 as i64));
        k += 1;
    }
    Ok(())
}

macro_rules! fold_modes {
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<W, $($A: Int,)*> FoldModes<W, No> for ($($A,)*) {
            type Shape = Self;
            type Stride = Self;
            const FOLDED: Constant<Self, Self> = None;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn fold(shapes: Self, strides: Self) -> Result<(Self, Self), AlgebraError> {
                Ok((shapes, strides))
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn decide(shapes: Self, strides: Self, _: usize, _: bool) -> Option<(Self, Self)> {
                Some((shapes, strides))
            }
            #[inline]
            #[allow(unused_mut, unused_variables)]
            fn row(shape: &Self, stride: &Self) -> Row {
                let mut row = ([0; WIDTH], [0; WIDTH]);
                $((row.0[$i], row.1[$i]) = (shape.$i.get(), stride.$i.get());)*
                row
            }
        }

        impl<W: StaticWalk, $($A: Int,)*> FoldModes<W, Yes> for ($($A,)*) {
            type Shape = ($(FoldedLeaf<W, $i, false>,)*);
            type Stride = ($(FoldedLeaf<W, $i, true>,)*);
            const FOLDED: Constant<Self::Shape, Self::Stride> = Some((
                ManuallyDrop::new(($(FoldedLeaf::<W, $i, false>(PhantomData),)*)),
                ManuallyDrop::new(($(FoldedLeaf::<W, $i, true>(PhantomData),)*)),
            ));
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables, unused_mut)]
            fn fold(
                shapes: Self,
                strides: Self,
            ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
                // The copy refused where the run-time walk answered, or a
                // leaf differs. (`ok_or_return!`, not `?`, and no
                // `Default::default()`: in a debug build each is a function
                // of its own for these long types, BENCHMARKS.md, "Compile
                // cost of static compositions and products: the names".)
                let (mut walked, mut steps) = ([0; WIDTH], [0; WIDTH]);
                $((walked[$i], steps[$i]) = (shapes.$i.get(), strides.$i.get());)*
                ok_or_return!(mode_agrees(&const { W::MODES }, &walked, &steps, $rank));
                Ok((($(FoldedLeaf::<W, $i, false>(PhantomData),)*), ($(FoldedLeaf::<W, $i, true>(PhantomData),)*)))
            }
            #[inline]
            #[allow(unused_variables)]
            fn decide(
                shapes: Self,
                strides: Self,
                n: usize,
                empty: bool,
            ) -> Option<(Self::Shape, Self::Stride)> {
                let decided = ([$(shapes.$i.get(),)*], [$(strides.$i.get(),)*]);
                let folded = (
                    [$(FoldedLeaf::<W, $i, false>::VALUE as usize,)*],
                    [$(FoldedLeaf::<W, $i, true>::VALUE as usize,)*],
                );
                let ok = W::MODES.is_ok();
                if same_leaf(n, empty, (&decided.0, &decided.1), (&folded.0, &folded.1), ok) {
                    Some((($(FoldedLeaf::<W, $i, false>(PhantomData),)*), ($(FoldedLeaf::<W, $i, true>(PhantomData),)*)))
                } else {
                    None
                }
            }
            #[inline]
            #[allow(unused_mut, unused_variables)]
            fn row(shape: &Self::Shape, stride: &Self::Stride) -> Row {
                let mut row = ([0; WIDTH], [0; WIDTH]);
                $((row.0[$i], row.1[$i]) = (
                    FoldedLeaf::<W, $i, false>::VALUE as usize,
                    FoldedLeaf::<W, $i, true>::VALUE as usize,
                );)*
                row
            }
        }
    };
}

for_each_rank!(fold_modes);
