//! One mode of a typed layout divided by a static tile, the step every
//! typed partition takes per mode (`partition.rs`): CuTe's
//! `logical_divide(mode, tile)` = `mode ∘ (T:1, complement(T:1, size))`,
//! split into the tile (what one tile covers) and the rest (one step per
//! tile), with the nesting fixed while compiling.
//!
//! - A single extent `s:d` by `T`: the tile `T:d`, the rest
//!   `ceil(s/T):T·d` (a partial last tile for a dynamic `s`).
//! - A nested mode `(s0,…,sk):(d0,…,dk)` (its leaves, at any depth) by `T`: the
//!   tile spreads over the leaves in order, as CuTe's `composition_impl`
//!   walks a mode it cannot coalesce (a dynamic leaf): leaf `j` takes
//!   `tj = min(sj, r)` of the `r` elements still to place, so the tile is
//!   `(t0,…,tk):(d0,…,dk)` and the rest `(s0/t0,…,sk/tk):(d0·r0,…,dk·rk)`
//!   (`rj` what is left of the tile at leaf `j`: CuTe's strides; where
//!   `tj < rj` that leaf's rest extent is 1).
//!   Both are layouts of that nesting only when `tj` divides `sj` and `r`
//!   (CuTe's shape_div conditions): a static pair is checked while
//!   compiling (CuTe's `static_assert`); a dynamic leaf that does not
//!   divide is merged at run time with the leaves that continue it (as
//!   CuTe's static coalesce would, `divide_merge.rs`), else refused when
//!   the code runs (an error naming both values, never a wrong layout). The last leaf
//!   takes whatever is left and, like a single extent, may be partial
//!   (`ceil(sk/r)` tiles).
//! - A tuple tiler over a nested mode (CuTe's by-mode tiler inside a
//!   mode): each sub-mode by its own tile; the tile and the rest are tuples.
//!
//! Static leaves stay static: [`Min`](crate::__private::static_int::Min),
//! [`Quot`](crate::__private::static_int::Quot) and [`Prod`](crate::__private::static_int::Prod) name the
//! folded values.

use layout_core::{DomainError, Error};

use crate::__private::algebra::AlgebraError;
use crate::__private::divide_leaf::{CeilOver, Clamp};
use crate::__private::divide_merge::{Run, SpreadMerged};
use crate::__private::int::{C, Int};
use crate::__private::leaf_list::LeafList;
use crate::__private::list::{Cons, IntoTuple, Nil};
use crate::__private::partition::overflow;
use crate::__private::static_int::{Over, RestStride, StaticInt, TileStride, Times};

/// The partitions' error for a [`DivMode`] failure: a pair that does not
/// divide names both values (`NotDivisible`), an overflow says so.
pub(crate) fn div_error(e: AlgebraError) -> Error {
    let clamp = |x: usize| i64::try_from(x).unwrap_or(i64::MAX);
    match e {
        AlgebraError::NotDivisible {
            dividend, divisor, ..
        } => DomainError::NotDivisible {
            a: clamp(dividend),
            b: clamp(divisor),
        }
        .into(),
        other => overflow(other),
    }
}

/// `Self` (a mode's shape: a leaf or a tuple) with stride `D`, divided by
/// the tile `T` (a static extent, or a tuple of tiles for a tuple mode).
#[diagnostic::on_unimplemented(
    message = "a mode of shape `{Self}` cannot be tiled by `{T}`: tile a mode by one static extent (`C<N>`), or a tuple mode by a tuple of tiles of its rank",
    note = "one static tile spreads over all of a mode's leaves; a tuple of tiles divides a tuple mode sub-mode by sub-mode"
)]
pub trait DivMode<D, T> {
    /// The tile's shape.
    type TileS;
    /// The tile's stride.
    type TileD;
    /// The rest's shape (one coordinate per tile).
    type RestS;
    /// The rest's stride.
    type RestD;
    /// The tile and the rest.
    #[allow(clippy::type_complexity)]
    fn div_mode(
        self,
        d: D,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError>;
    /// For a leaf by a static extent `T`: the tile and `T·d` as a wrapping
    /// `usize`, with no check. What a masked tile at a given grid
    /// coordinate `k` needs: its rest mode is sliced away, so only the
    /// base `k·T·d` is left of it, and that is read only where an admitted
    /// element (`i + T·k < s`, an element of the tensor) proves it exact
    /// (`typed_masked_tile.rs`). `None`: take [`DivMode::div_mode`].
    #[inline(always)]
    fn picked_leaf(&self, _d: &D) -> Option<(Self::TileS, Self::TileD, usize)> {
        None
    }
    /// Whether [`DivMode::picked_leaf`] is `Some`: known while compiling,
    /// so that a plain tile takes its quick walk only where one applies.
    const PICKED: bool = false;
}

impl<S: Over<T>, D: Times<T> + TileStride<T>, T: StaticInt> DivMode<D, T> for S
where
    S::Out: RestStride<<D as Times<T>>::Out>,
{
    type TileS = T;
    type TileD = <D as TileStride<T>>::Out;
    type RestS = S::Out;
    type RestD = <S::Out as RestStride<<D as Times<T>>::Out>>::Out;
    #[inline(always)]
    fn div_mode(self, d: D) -> Result<(T, Self::TileD, S::Out, Self::RestD), AlgebraError> {
        let step = d.times(T::default(), "local_tile")?;
        let rest = self.over();
        Ok((T::default(), d.tile_stride(), rest, rest.rest_stride(step)))
    }
    const PICKED: bool = true;
    #[inline(always)]
    fn picked_leaf(&self, d: &D) -> Option<(T, Self::TileD, usize)> {
        let step = d.get().wrapping_mul(T::default().get());
        Some((T::default(), d.tile_stride(), step))
    }
}

/// A tile extent of 1 as CuTe makes it: the layout `_1:_0` for any mode,
/// the rest the whole mode. `C<1>` gives the same tile `1:0` over a single
/// extent (its stride through [`TileStride`]) but, over a nested mode,
/// one `1:0` leaf per leaf of the mode (`(1,1):(0,0)`, the same element;
/// CuTe's is the single `_1:_0`, as here). What `layout!(type
/// local_tile(…, (4,1), …))` writes for a `1` in a tiler.
///
/// ```
/// use layout_dsl::tensor::{Tensor, typed};
/// use layout_dsl::tensor::typed::UnitTile;
/// use layout_dsl::typed::C;
/// use layout_dsl::layout;
/// let (m, n) = (8, 3);
/// let data = [0u8; 24];
/// let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
/// // CuTe: local_tile(t, Shape<_4,_1>{}, (1,2)) is (_4,_1):(_1,_0).
/// let tile = typed::local_tile(t, (C::<4>, UnitTile), (1, 2)).unwrap();
/// assert_eq!(tile.layout().to_string(), "(4,1):(1,0)");
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct UnitTile;

impl<S: Copy, D: Copy> DivMode<D, UnitTile> for S {
    type TileS = C<1>;
    type TileD = C<0>;
    type RestS = S;
    type RestD = D;
    #[inline(always)]
    fn div_mode(self, d: D) -> Result<(C<1>, C<0>, S, D), AlgebraError> {
        Ok((C, C, self, d))
    }
}

/// The walk of a tile of `R` elements over the leaves `Self` (a list) of
/// a nested mode with strides `DL`: the tile's and the rest's leaves.
pub trait Spread<DL, R> {
    /// The tile's shape leaves.
    type TileS;
    /// The tile's stride leaves.
    type TileD;
    /// The rest's shape leaves.
    type RestS;
    /// The rest's stride leaves.
    type RestD;
    /// The four lists.
    #[allow(clippy::type_complexity)]
    fn spread(
        self,
        d: DL,
        r: R,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError>;
}

/// The last leaf takes what is left; the tiles past it may be partial.
impl<S: CeilOver<R>, D: Times<R>, R: Int> Spread<Cons<D, Nil>, R> for Cons<S, Nil> {
    type TileS = Cons<R, Nil>;
    type TileD = Cons<D, Nil>;
    type RestS = Cons<S::Out, Nil>;
    type RestD = Cons<D::Out, Nil>;
    #[inline(always)]
    fn spread(
        self,
        d: Cons<D, Nil>,
        r: R,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
        let step = d.0.times(r, "local_tile")?;
        Ok((
            Cons(r, Nil),
            d,
            Cons(self.0.ceil_over(r), Nil),
            Cons(step, Nil),
        ))
    }
}

impl<S, S2, SL, D, D2, DL, R> Spread<Cons<D, Cons<D2, DL>>, R> for Cons<S, Cons<S2, SL>>
where
    R: Int,
    S: Clamp<R>,
    D: Times<R>,
    Cons<S2, SL>: SpreadMerged<Cons<D2, DL>, S::Next>,
{
    type TileS = Cons<S::Take, <Cons<S2, SL> as Spread<Cons<D2, DL>, S::Next>>::TileS>;
    type TileD = Cons<D, <Cons<S2, SL> as Spread<Cons<D2, DL>, S::Next>>::TileD>;
    type RestS = Cons<S::Rest, <Cons<S2, SL> as Spread<Cons<D2, DL>, S::Next>>::RestS>;
    type RestD = Cons<D::Out, <Cons<S2, SL> as Spread<Cons<D2, DL>, S::Next>>::RestD>;
    #[inline(always)]
    fn spread(
        self,
        d: Cons<D, Cons<D2, DL>>,
        r: R,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
        // The rest steps over this leaf by `r·d`, as CuTe's composition
        // walk does (`rest_stride * curr_stride`): where the leaf is
        // smaller than `r` its rest extent is 1 and the step only prints.
        let step = d.0.times(r, "local_tile")?;
        let (ts, td, rs, rd, take, rest) = match self.0.clamp(r) {
            Ok((take, next, rest)) => {
                let (ts, td, rs, rd) = self.1.spread(d.1, next)?;
                (ts, td, rs, rd, take, rest)
            }
            // A run-time leaf that does not divide `r`: merged with the
            // leaves that continue it (`divide_merge.rs`), else refused.
            Err(refused) => {
                let run = Run::start(self.0.get(), d.0.get(), refused);
                let (ts, td, rs, rd, take, rest) =
                    self.1.spread_merged(d.1, run.leaf(r.get())?, run)?;
                (ts, td, rs, rd, run.leaf(take)?, run.leaf(rest)?)
            }
        };
        Ok((
            Cons(take, ts),
            Cons(d.0, td),
            Cons(rest, rs),
            Cons(step, rd),
        ))
    }
}

/// Every stride leaf of a nested mode's tile through [`TileStride`]: a
/// tile of 1 spread over a nested mode reads one element, at stride 0 in
/// each of its leaves (CuTe gives the single leaf `_1:_0`; the leaves here
/// keep the mode's nesting, each `1:0`).
pub trait TileStrides<T: StaticInt> {
    /// The strides.
    type Out;
    /// The strides.
    fn tile_strides(self) -> Self::Out;
}

impl<T: StaticInt> TileStrides<T> for Nil {
    type Out = Nil;
    #[inline(always)]
    fn tile_strides(self) -> Nil {
        Nil
    }
}

impl<T: StaticInt, D: TileStride<T>, L: TileStrides<T>> TileStrides<T> for Cons<D, L> {
    type Out = Cons<D::Out, L::Out>;
    #[inline(always)]
    fn tile_strides(self) -> Self::Out {
        Cons(self.0.tile_stride(), self.1.tile_strides())
    }
}

/// The tuple mode of shape `$S…` and stride `$D…`: one tile spread over
/// its leaves (all of them, at any depth, in order: CuTe's composition
/// flattens the mode first, so the tile and the rest are flat tuples of
/// the mode's leaves), or a tuple of tiles `$T…` mode by mode.
macro_rules! tuple_modes {
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $T:ident))*) => {
        impl<T: StaticInt, $($S, $D),*> DivMode<($($D,)*), T> for ($($S,)*)
        where
            Self: LeafList,
            ($($D,)*): LeafList,
            <Self as LeafList>::List: Spread<
                <($($D,)*) as LeafList>::List,
                T,
                TileS: IntoTuple,
                TileD: TileStrides<T, Out: IntoTuple>,
                RestS: IntoTuple,
                RestD: IntoTuple,
            >,
        {
            type TileS = <<<Self as LeafList>::List as Spread<<($($D,)*) as LeafList>::List, T>>::TileS as IntoTuple>::Tuple;
            type TileD = <<<<Self as LeafList>::List as Spread<<($($D,)*) as LeafList>::List, T>>::TileD as TileStrides<T>>::Out as IntoTuple>::Tuple;
            type RestS = <<<Self as LeafList>::List as Spread<<($($D,)*) as LeafList>::List, T>>::RestS as IntoTuple>::Tuple;
            type RestD = <<<Self as LeafList>::List as Spread<<($($D,)*) as LeafList>::List, T>>::RestD as IntoTuple>::Tuple;
            #[inline(always)]
            fn div_mode(
                self,
                d: ($($D,)*),
            ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
                const { assert!(T::VALUE > 0, "a tile extent must be positive") };
                let (ts, td, rs, rd) = self.leaf_list().spread(d.leaf_list(), T::default())?;
                Ok((ts.into_tuple(), td.tile_strides().into_tuple(), rs.into_tuple(), rd.into_tuple()))
            }
        }

        impl<$($S: DivMode<$D, $T>, $D, $T),*> DivMode<($($D,)*), ($($T,)*)> for ($($S,)*) {
            type TileS = ($($S::TileS,)*);
            type TileD = ($($S::TileD,)*);
            type RestS = ($($S::RestS,)*);
            type RestD = ($($S::RestD,)*);
            #[inline(always)]
            #[allow(non_snake_case)]
            fn div_mode(
                self,
                d: ($($D,)*),
            ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
                $(let $T = self.$i.div_mode(d.$i)?;)*
                Ok((($($T.0,)*), ($($T.1,)*), ($($T.2,)*), ($($T.3,)*)))
            }
        }
    };
}

for_each_rank!(tuple_modes);
