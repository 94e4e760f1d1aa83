//! The typed divides of a named tile or tiler ([`TileFor`]): a divide of a
//! mode ([`DivideMode`]), the typed partitions' walk ([`DivMode`]) and a
//! whole layout's ([`Divide`]), each by the tile `divide_fit/tiles.rs`
//! gives, which always divides, so that rustc reports only the check at
//! the name.

use super::{ModeTile, TileFor};
use crate::__private::algebra::AlgebraError;
use crate::__private::divide::{Divide, DivideMode};
use crate::__private::divide_mode::DivMode;
use crate::__private::layout::Layout;

/// A checked tile divides its mode as the tile [`ModeTile`] gives.
impl<S, D, T> DivideMode<D, TileFor<T, S>> for S
where
    T: ModeTile<S>,
    S: DivideMode<D, T::Fitted>,
{
    type TileS = <S as DivideMode<D, T::Fitted>>::TileS;
    type TileD = <S as DivideMode<D, T::Fitted>>::TileD;
    type RestS = <S as DivideMode<D, T::Fitted>>::RestS;
    type RestD = <S as DivideMode<D, T::Fitted>>::RestD;
    type LogicalS = <S as DivideMode<D, T::Fitted>>::LogicalS;
    type LogicalD = <S as DivideMode<D, T::Fitted>>::LogicalD;
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn divide_mode(
        self,
        d: D,
        function: &'static str,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
        <S as DivideMode<D, T::Fitted>>::divide_mode(self, d, function)
    }
    #[inline(always)]
    fn logical_mode(
        self,
        d: D,
        function: &'static str,
    ) -> Result<(Self::LogicalS, Self::LogicalD), AlgebraError> {
        <S as DivideMode<D, T::Fitted>>::logical_mode(self, d, function)
    }
}

/// A checked tile divides its mode in the typed partitions' walk too
/// (`local_tile(#l, (#t, 8), …)`), as the tile [`ModeTile`] gives.
impl<S, D, T> DivMode<D, TileFor<T, S>> for S
where
    T: ModeTile<S>,
    S: DivMode<D, T::Fitted>,
{
    type TileS = <S as DivMode<D, T::Fitted>>::TileS;
    type TileD = <S as DivMode<D, T::Fitted>>::TileD;
    type RestS = <S as DivMode<D, T::Fitted>>::RestS;
    type RestD = <S as DivMode<D, T::Fitted>>::RestD;
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn div_mode(
        self,
        d: D,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
        <S as DivMode<D, T::Fitted>>::div_mode(self, d)
    }
}

/// A checked whole tiler divides the layout as the tiler
/// `PrefixTilerOf` (tiler_prefix.rs) gives (perhaps
/// fewer tiles than the layout has modes: the others pass through).
impl<S, D, I, T> Divide<TileFor<T, Layout<S, D, I>>> for Layout<S, D, I>
where
    T: crate::__private::tiler_prefix::PrefixTilerOf<S>,
    T::Fitted: Default,
    Layout<S, D, I>: Divide<T::Fitted>,
{
    type Logical = <Self as Divide<T::Fitted>>::Logical;
    type Zipped = <Self as Divide<T::Fitted>>::Zipped;
    type Tiled = <Self as Divide<T::Fitted>>::Tiled;
    type Flat = <Self as Divide<T::Fitted>>::Flat;
    #[inline(always)]
    fn logical_divide(&self, _: TileFor<T, Self>) -> Result<Self::Logical, AlgebraError> {
        Divide::logical_divide(self, T::Fitted::default())
    }
    #[inline(always)]
    fn zipped_divide(&self, _: TileFor<T, Self>) -> Result<Self::Zipped, AlgebraError> {
        Divide::zipped_divide(self, T::Fitted::default())
    }
    #[inline(always)]
    fn tiled_divide(&self, _: TileFor<T, Self>) -> Result<Self::Tiled, AlgebraError> {
        Divide::tiled_divide(self, T::Fitted::default())
    }
    #[inline(always)]
    fn flat_divide(&self, _: TileFor<T, Self>) -> Result<Self::Flat, AlgebraError> {
        Divide::flat_divide(self, T::Fitted::default())
    }
}
