//! Divides as methods of typed values (ARCHITECTURE.md, "Typed algebra on
//! dynamic leaves: the plan", step 4): `l.logical_divide((C::<4>, C::<8>))`
//! by a by-mode tiler, one entry per top-level mode (or fewer: the modes
//! past it pass through, `divide_prefix.rs`), each mode divided as the
//! partitions divide it ([`DivideMode`]):
//!
//! - a leaf `s:d` by a static `T`: `(T, ceil(s/T)) : (d, T*d)`, the macro's
//!   rule (`layout-macros/src/typed/divide.rs`): static where `s` and `d` are
//!   ([`CeilQuot`](super::CeilQuot), [`Prod`](super::Prod)), `usize` where they are not;
//!   a rest of static extent 1 has stride 0 ([`RestStride`]), as CuTe's `_1:_0`;
//! - a nested mode by one static `T`: the tile spread over the mode's
//!   leaves in order (`divide_mode.rs`, [`DivMode`]): tile
//!   `(t0,…,tk):(d0,…,dk)`, rest `(s0/t0,…,sk/tk):(d0·r0,…,dk·rk)` (`rj`
//!   what is left of the tile at leaf `j`), which
//!   holds only where each `tj` divides `sj` and what is left of the tile
//!   (a static pair that does not is a compile error, CuTe's
//!   `static_assert`; a dynamic one [`AlgebraError::NotDivisible`]);
//! - a nested mode by a tuple of tiles: sub-mode by sub-mode (CuTe's
//!   by-mode recursion: `logical_divide` nests each sub-mode's
//!   `(tile, rest)` in place, `zipped_divide` gathers the tiles and the
//!   rests).
//!
//! The result is functionally the core's (the same offset at every index,
//! the same size per mode); the core coalesces a mode first and may give a
//! flatter rest (`2:4` where this gives `(1,2):(2,4)`).

// The members of this family live in `divide/`; `private/mod.rs` imports
// each by name, so a path such as `super::divide_fit` names it there.
pub(super) mod divide_fit;
pub(super) mod divide_holds;
pub(super) mod divide_integral;
pub(super) mod divide_leaf;
pub(super) mod divide_merge;
pub(super) mod divide_mode;
pub(super) mod divide_past;
pub(super) mod divide_prefix;
pub(super) mod divide_rest;

use super::algebra::AlgebraError;
use super::divide_mode::{DivMode, UnitTile};
use super::fits_gate::gated;
use super::fits_value::{FitsCore, Role};
use super::int::{C, Offset};
use super::layout::Layout;
use super::static_int::{CeilBy, RestStride, StaticInt, TileStride, Times};
use super::tree::{Mode, Tree};

/// One mode `Self` (a leaf or a tuple) with stride `D` divided by `T` (a
/// static tile extent, or a tuple of them for a tuple mode): the tile and
/// the rest, as `logical_divide` groups them.
#[diagnostic::on_unimplemented(
    message = "a mode of shape `{Self}` cannot be divided by `{T}`: divide a mode by one static extent (`C<N>`), or a tuple mode by a tuple of them of at most its rank"
)]
pub trait DivideMode<D, T> {
    /// The tile's shape.
    type TileS;
    /// The tile's stride.
    type TileD;
    /// The rest's shape (one coordinate per tile).
    type RestS;
    /// The rest's stride.
    type RestD;
    /// The mode's shape in `logical_divide`: `(tile, rest)`, or for a
    /// tuple of tiles each sub-mode's (CuTe's by-mode recursion).
    type LogicalS;
    /// The mode's stride in `logical_divide`.
    type LogicalD;
    /// The tile and the rest (`zipped_divide`'s parts); `function` names
    /// the call in an error.
    #[allow(clippy::type_complexity)]
    fn divide_mode(
        self,
        d: D,
        function: &'static str,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError>;
    /// The mode as `logical_divide` nests it.
    fn logical_mode(
        self,
        d: D,
        function: &'static str,
    ) -> Result<(Self::LogicalS, Self::LogicalD), AlgebraError>;
}

impl<S: CeilBy<T>, D: Times<T> + TileStride<T>, T: StaticInt> DivideMode<D, T> for S
where
    S::Out: RestStride<<D as Times<T>>::Out>,
{
    type TileS = T;
    type TileD = <D as TileStride<T>>::Out;
    type RestS = S::Out;
    type RestD = <S::Out as RestStride<<D as Times<T>>::Out>>::Out;
    type LogicalS = (T, S::Out);
    type LogicalD = (Self::TileD, Self::RestD);
    #[inline(always)]
    fn divide_mode(
        self,
        d: D,
        function: &'static str,
    ) -> Result<(T, Self::TileD, S::Out, Self::RestD), AlgebraError> {
        let step = d.times(T::default(), function)?;
        let rest = self.ceil_by();
        Ok((T::default(), d.tile_stride(), rest, rest.rest_stride(step)))
    }
    #[inline(always)]
    fn logical_mode(
        self,
        d: D,
        function: &'static str,
    ) -> Result<(Self::LogicalS, Self::LogicalD), AlgebraError> {
        let (ts, td, rs, rd) = <S as DivideMode<D, T>>::divide_mode(self, d, function)?;
        Ok(((ts, rs), (td, rd)))
    }
}

/// CuTe's tile of `_1` ([`UnitTile`]): the tile `_1:_0` over any mode,
/// a leaf or a tuple, and the rest the whole mode. `C<1>` gives the same
/// over a single extent; over a tuple mode it spreads one `1:0` leaf per
/// leaf of the mode (`(1,1):(0,0)`: the same element, not CuTe's nesting;
/// Rust cannot give `C<1>` another type than `C<N>`).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Divide, UnitTile};
/// let (k, j, g) = (4, 2, 3);
/// let l = layout!(type ((k,j),g):((1,k),{k * j}));
/// // CuTe: zipped_divide(l, Shape<_1,_3>{}) is ((_1,_3),((4,2),1)):((_0,8),((_1,4),24)).
/// let z = l.zipped_divide((UnitTile, C::<3>)).unwrap();
/// assert_eq!(z.to_string(), "((1,3),((4,2),1)):((0,8),((1,4),24))");
/// ```
impl<S: Copy, D: Copy> DivideMode<D, UnitTile> for S {
    type TileS = C<1>;
    type TileD = C<0>;
    type RestS = S;
    type RestD = D;
    type LogicalS = (C<1>, S);
    type LogicalD = (C<0>, D);
    #[inline(always)]
    fn divide_mode(self, d: D, _: &'static str) -> Result<(C<1>, C<0>, S, D), AlgebraError> {
        Ok((C, C, self, d))
    }
    #[inline(always)]
    fn logical_mode(self, d: D, _: &'static str) -> Result<((C<1>, S), (C<0>, D)), AlgebraError> {
        Ok(((C, self), (C, d)))
    }
}

/// `e` with `function` as the call it names (the walks name `local_tile`).
fn renamed(e: AlgebraError, function: &'static str) -> AlgebraError {
    match e {
        AlgebraError::NotDivisible {
            dividend, divisor, ..
        } => AlgebraError::NotDivisible {
            function,
            dividend,
            divisor,
        },
        AlgebraError::Overflow { stride, factor, .. } => AlgebraError::Overflow {
            function,
            stride,
            factor,
        },
        other => other,
    }
}

/// A tuple mode by one static tile (spread over its leaves) or by a tuple
/// of tiles (sub-mode by sub-mode).
macro_rules! tuple_modes {
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $T:ident))*) => {
        impl<T: StaticInt, $($S, $D),*> DivideMode<($($D,)*), T> for ($($S,)*)
        where
            Self: DivMode<($($D,)*), T>,
        {
            type TileS = <Self as DivMode<($($D,)*), T>>::TileS;
            type TileD = <Self as DivMode<($($D,)*), T>>::TileD;
            type RestS = <Self as DivMode<($($D,)*), T>>::RestS;
            type RestD = <Self as DivMode<($($D,)*), T>>::RestD;
            type LogicalS = (Self::TileS, Self::RestS);
            type LogicalD = (Self::TileD, Self::RestD);
            #[inline(always)]
            fn divide_mode(
                self,
                d: ($($D,)*),
                function: &'static str,
            ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
                self.div_mode(d).map_err(|e| renamed(e, function))
            }
            #[inline(always)]
            fn logical_mode(
                self,
                d: ($($D,)*),
                function: &'static str,
            ) -> Result<(Self::LogicalS, Self::LogicalD), AlgebraError> {
                let (ts, td, rs, rd) =
                    <Self as DivideMode<($($D,)*), T>>::divide_mode(self, d, function)?;
                Ok(((ts, rs), (td, rd)))
            }
        }

        impl<$($S: DivideMode<$D, $T>, $D, $T),*> DivideMode<($($D,)*), ($($T,)*)> for ($($S,)*) {
            type TileS = ($($S::TileS,)*);
            type TileD = ($($S::TileD,)*);
            type RestS = ($($S::RestS,)*);
            type RestD = ($($S::RestD,)*);
            type LogicalS = ($($S::LogicalS,)*);
            type LogicalD = ($($S::LogicalD,)*);
            #[inline(always)]
            #[allow(non_snake_case)]
            fn divide_mode(
                self,
                d: ($($D,)*),
                function: &'static str,
            ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
                $(let $T = self.$i.divide_mode(d.$i, function)?;)*
                Ok((($($T.0,)*), ($($T.1,)*), ($($T.2,)*), ($($T.3,)*)))
            }
            #[inline(always)]
            #[allow(non_snake_case)]
            fn logical_mode(
                self,
                d: ($($D,)*),
                function: &'static str,
            ) -> Result<(Self::LogicalS, Self::LogicalD), AlgebraError> {
                $(let $T = self.$i.logical_mode(d.$i, function)?;)*
                Ok((($($T.0,)*), ($($T.1,)*)))
            }
        }
    };
}

for_each_rank!(tuple_modes);

/// The divides of a typed layout by a by-mode tiler `T` of static extents
/// (`(C<T0>, C<T1>, …)`, one per mode, or fewer (the modes past the tiler
/// passed through, as CuTe's: `divide_prefix.rs`); for a tuple mode, one extent or a
/// tuple of them).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Divide};
/// let (m, n) = (10, 20);
/// let l = layout!((m,n):(1,m));
/// let tiles = l.zipped_divide((C::<4>, C::<8>)).unwrap();
/// assert_eq!(tiles.to_string(), "((4,8),(3,3)):((1,10),(4,80))");
/// let divided = l.logical_divide((C::<4>, C::<8>)).unwrap();
/// assert_eq!(divided.to_string(), "((4,3),(8,3)):((1,4),(10,80))");
/// // A shorter tiler: the second mode passes through (CuTe's rest `(3,20)`).
/// let short = l.zipped_divide((C::<4>,)).unwrap();
/// assert_eq!(short.to_string(), "((4),(3,20)):((1),(4,10))");
/// // A nested mode: the tile of 4 spreads over its leaves (2, then 2 of 4).
/// let m = 16;
/// let nested = layout!(type ((2,4),m):((1,2),8));
/// let d = nested.logical_divide((C::<4>, C::<8>)).unwrap();
/// assert_eq!(d.to_string(), "(((2,2),(1,2)),(8,2)):(((1,2),(4,4)),(8,64))");
/// ```
pub trait Divide<T> {
    /// The layout `logical_divide` gives: `((T0,r0),(T1,r1),…):((d0,e0),…)`.
    type Logical;
    /// The layout `zipped_divide` gives: `((T0,T1,…),(r0,r1,…)):((d0,…),(e0,…))`.
    type Zipped;
    /// The layout `tiled_divide` gives: `((T0,T1,…),r0,r1,…):((d0,…),e0,e1,…)`.
    type Tiled;
    /// The layout `flat_divide` gives: `(T0,T1,…,r0,r1,…):(d0,d1,…,e0,e1,…)`.
    type Flat;
    /// CuTe's `logical_divide(layout, tiler)`; an overflowing stride, or a
    /// tile that does not divide a nested mode's dynamic leaves, is an error.
    fn logical_divide(&self, tiler: T) -> Result<Self::Logical, AlgebraError>;
    /// CuTe's `zipped_divide(layout, tiler)`; errors as `logical_divide`.
    fn zipped_divide(&self, tiler: T) -> Result<Self::Zipped, AlgebraError>;
    /// CuTe's `tiled_divide(layout, tiler)`: `zipped_divide` with the rest
    /// unpacked into top-level modes; errors as `logical_divide`.
    fn tiled_divide(&self, tiler: T) -> Result<Self::Tiled, AlgebraError>;
    /// CuTe's `flat_divide(layout, tiler)`: `zipped_divide` with the tile
    /// and the rest both unpacked; errors as `logical_divide`.
    fn flat_divide(&self, tiler: T) -> Result<Self::Flat, AlgebraError>;
}

macro_rules! divide {
    (0;) => {};
    // One mode: CuTe's `tiled_divide` and `flat_divide` unpack the rest
    // `(r0)` and the tile `(T0)` by slicing with `repeat<1>(_)`, which is
    // `_` itself, so both keep `zipped_divide`'s `((T0),(r0))` (g++ on
    // CUTLASS: `tiled_divide((_8):(_1), (_2))` is `((_2),(_4)):((_1),(_2))`).
    (1; ($i:tt $S:ident $D:ident $T:ident)) => {
        divide!(@ ($i $S $D $T);
            Tiled = Layout<(($S::TileS,), ($S::RestS,)), (($S::TileD,), ($S::RestD,)), I>;
            Flat = Layout<(($S::TileS,), ($S::RestS,)), (($S::TileD,), ($S::RestD,)), I>;
            tiled(t) = (((t.0,), (t.2,)), ((t.1,), (t.3,)));
            flat(t) = (((t.0,), (t.2,)), ((t.1,), (t.3,))););
    };
    ($rank:literal; $(($i:tt $S:ident $D:ident $T:ident))*) => {
        divide!(@ $(($i $S $D $T))*;
            Tiled = Layout<(($($S::TileS,)*), $($S::RestS,)*), (($($S::TileD,)*), $($S::RestD,)*), I>;
            Flat = Layout<($($S::TileS,)* $($S::RestS,)*), ($($S::TileD,)* $($S::RestD,)*), I>;
            tiled($($T),*) = ((($($T.0,)*), $($T.2,)*), (($($T.1,)*), $($T.3,)*));
            flat($($T),*) = (($($T.0,)* $($T.2,)*), ($($T.1,)* $($T.3,)*)););
    };
    (@ $(($i:tt $S:ident $D:ident $T:ident))*;
        Tiled = $tiled:ty; Flat = $flat:ty;
        tiled($($tv:ident),*) = $tiled_parts:expr;
        flat($($fv:ident),*) = $flat_parts:expr;) => {
        impl<$($S: DivideMode<$D, $T>, $D, $T,)* I: Offset> Divide<($($T,)*)>
            for Layout<($($S,)*), ($($D,)*), I>
        where
            ($($S,)*): Mode<($($D,)*)>,
            ($($D,)*): Tree,
            Layout<($($S::LogicalS,)*), ($($S::LogicalD,)*), I>: FitsCore,
            Layout<(($($S::TileS,)*), ($($S::RestS,)*)), (($($S::TileD,)*), ($($S::RestD,)*)), I>: FitsCore,
            $tiled: FitsCore,
            $flat: FitsCore,
        {
            type Logical = Layout<($($S::LogicalS,)*), ($($S::LogicalD,)*), I>;
            type Zipped = Layout<(($($S::TileS,)*), ($($S::RestS,)*)), (($($S::TileD,)*), ($($S::RestD,)*)), I>;
            type Tiled = $tiled;
            type Flat = $flat;

            #[inline]
            #[allow(non_snake_case)]
            fn logical_divide(&self, _: ($($T,)*)) -> Result<Self::Logical, AlgebraError> {
                gated::<_, _, 1, _>("logical_divide", self, Role::Operand, Role::Result, |a| {
                    let (shape, stride) = (a.shape(), a.stride());
                    $(let $T = shape.$i.logical_mode(stride.$i, "logical_divide")?;)*
                    Ok(Layout::from_parts(($($T.0,)*), ($($T.1,)*)))
                })
            }

            #[inline]
            #[allow(non_snake_case)]
            fn zipped_divide(&self, _: ($($T,)*)) -> Result<Self::Zipped, AlgebraError> {
                gated::<_, _, 1, _>("zipped_divide", self, Role::Operand, Role::Result, |a| {
                    let (shape, stride) = (a.shape(), a.stride());
                    $(let $T = shape.$i.divide_mode(stride.$i, "zipped_divide")?;)*
                    Ok(Layout::from_parts((($($T.0,)*), ($($T.2,)*)), (($($T.1,)*), ($($T.3,)*))))
                })
            }

            #[inline]
            #[allow(non_snake_case)]
            fn tiled_divide(&self, _: ($($T,)*)) -> Result<Self::Tiled, AlgebraError> {
                gated::<_, _, 1, _>("tiled_divide", self, Role::Operand, Role::Result, |a| {
                    let (shape, stride) = (a.shape(), a.stride());
                    $(let $T = shape.$i.divide_mode(stride.$i, "tiled_divide")?;)*
                    let ($($tv,)*) = ($($T,)*);
                    let (shape, stride) = $tiled_parts;
                    Ok(Layout::from_parts(shape, stride))
                })
            }

            #[inline]
            #[allow(non_snake_case)]
            fn flat_divide(&self, _: ($($T,)*)) -> Result<Self::Flat, AlgebraError> {
                gated::<_, _, 1, _>("flat_divide", self, Role::Operand, Role::Result, |a| {
                    let (shape, stride) = (a.shape(), a.stride());
                    $(let $T = shape.$i.divide_mode(stride.$i, "flat_divide")?;)*
                    let ($($fv,)*) = ($($T,)*);
                    let (shape, stride) = $flat_parts;
                    Ok(Layout::from_parts(shape, stride))
                })
            }
        }
    };
}

for_each_rank!(divide);
