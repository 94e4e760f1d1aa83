//! Static holes for a product of all-static typed values
//! (`product_holes.rs`): when every leaf of `A` and of `B` is static, the
//! holes of the complement a product takes are `product_modes`'s answer
//! computed while compiling (`Operands::HOLES`), and each mode of the
//! copies (the holes composed with `B`) is the [`FoldedLeaf`](crate::__private::FoldedLeaf)s of the `const`
//! walk over them ([`HolesWalk`]), so the product's copies are static too,
//! as CuTe's. The path is chosen by the leaf types (`product_copies.rs`,
//! `CopiesKind`), as a composition's is; `fold.rs` has it. Where that
//! walk does not answer the whole composition, the holes' run-time
//! composition with `B` must equal every folded mode (else an
//! [`AlgebraError`]).

use core::marker::PhantomData;

use crate::__private::algebra::AlgebraError;
use crate::__private::compose::product;
use crate::__private::compose_static::{FoldedModes, StaticList, StaticWalk};
use crate::__private::compose_static_walk::{Left, RIGHT_WIDTH, folds, modes};
use crate::__private::int::C;
use crate::__private::layout::Layout;
use crate::__private::product_holes::product_modes;
use crate::__private::shape_values::by_stride;
use crate::__private::static_complement::No;
use crate::__private::static_int::StaticInt;
use crate::__private::tree::MAX_RANK;

const WIDTH: usize = MAX_RANK;

/// The holes, the strides after them and the rest of the product of the
/// static `A` (`Sh:St`) by the static `B` (`BS:BD`), or its refusal, as
/// [`ProductCopies::copies`](crate::__private::ProductCopies::copies) computes them
/// at run time (errors naming "product"; [`ChooseHoles::folded`] names the
/// caller): `product_modes` of `A`'s size as `Layout::size` gives it
/// (wrapping), then a size that wrapped refused. An associated `const`,
/// evaluated once per pair of operands, not once per use.
struct Operands<Sh, St, BS, BD>(PhantomData<(Sh, St, BS, BD)>);

impl<Sh: StaticList, St: StaticList, BS: StaticList, BD: StaticList> Operands<Sh, St, BS, BD> {
    const HOLES: Result<([usize; WIDTH], [usize; WIDTH], usize), AlgebraError> = {
        let function = "product";
        let (shape, stride, len) = (Sh::VALUES, St::VALUES, Sh::LEN);
        // The first wrapping step, refused after the run-time holes' own
        // refusals (which see the wrapped size), as the run-time path
        // meets them.
        let (mut size, mut wrapped) = (1usize, None);
        let mut i = 0;
        while i < len {
            if let (None, Err(e)) = (wrapped, product(function, size, shape[i])) {
                wrapped = Some(e);
            }
            size = size.wrapping_mul(shape[i]);
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
        match (
            product_modes(function, (padded_shape, stride, order), size, cosize),
            wrapped,
        ) {
            (Err(e), _) | (Ok(_), Some(e)) => Err(e),
            (Ok(modes), None) => Ok(modes),
        }
    };

    /// Whether a stride of `A` is negative (no complement: refused while
    /// compiling, as `ProductHoles::product_spans` refuses it).
    const NEGATIVE: bool = {
        let mut k = 0;
        while k < St::LEN && (St::VALUES[k] as i64) >= 0 {
            k += 1;
        }
        k < St::LEN
    };
}

/// [`Operands::HOLES`] (a function: a generic `const` is read through one).
const fn static_holes<Sh: StaticList, St: StaticList, BS: StaticList, BD: StaticList>()
-> Result<([usize; WIDTH], [usize; WIDTH], usize), AlgebraError> {
    Operands::<Sh, St, BS, BD>::HOLES
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

/// Whether the composition of the holes of the product of the static `A`
/// (`Sh:St`) by the static `B` (`BS:BD`) with `B` is the folded leaves of
/// [`HolesWalk`], every leaf of `B` walked and nothing carrying
/// (`compose_static_walk::folds`, as `Compose` of static layouts decides
/// its shortcut): then the copies (`fold.rs`) are a constant, and
/// neither the run-time composition of the holes nor the comparison of
/// its modes is compiled for that product. `false` where the product is
/// refused, or the run-time path may answer otherwise (a refusal, the
/// point-by-point decision, an overflow): that path decides then.
const fn holes_fold<Sh: StaticList, St: StaticList, BS: StaticList, BD: StaticList>() -> bool {
    if static_holes::<Sh, St, BS, BD>().is_err() || BS::LEN > RIGHT_WIDTH {
        return false;
    }
    let (extents, strides, len) = hole_leaves::<Sh, St, BS, BD>();
    let (mut leaves, mut k) = ([(0, 0); RIGHT_WIDTH], 0);
    while k < BS::LEN {
        leaves[k] = (BS::VALUES[k], BD::VALUES[k]);
        k += 1;
    }
    let left = Left {
        extents,
        strides,
        len,
    };
    folds(&left, &Some((leaves, BS::LEN)))
}

/// The walk of the static right leaf `N:R` over the holes of the product
/// of the static `A` (`Sh:St`) by the static `B` (`BS:BD`): the same
/// computation as [`ComposeWalk`](crate::__private::ComposeWalk) over the holes'
/// numbers, named by the operands once rather than by the holes' leaves
/// once per hole.
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

/// The holes layout a product with a `usize` leaf takes (`Self`, computed
/// at run time): itself ([`No`]; an all-static product takes its holes
/// from `const`s instead, `fold.rs`).
#[doc(hidden)]
pub trait ChooseHoles<Is, Sh, St, BS, BD>: Sized {
    /// The holes layout.
    type Holes;
    /// The holes.
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
    };
}

for_each_rank!(choose_holes);

mod fallback;
mod fold;

use fold::{HoleTuple, HolesOf, walk_erased};

pub(in crate::__private) use fold::Erase;
