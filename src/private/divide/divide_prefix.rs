//! The [`Divide`] methods by a tiler with fewer entries than the layout
//! has top-level modes, as CuTe's divides take it: the first modes
//! divided ([`DivideMode`], as by a tiler of the layout's rank), the
//! others passed through whole, after the rests in `zipped_divide`,
//! `tiled_divide` and `flat_divide` (CUTLASS's headers print, for
//! `make_layout(make_shape(16,32,64))` by `Shape<_2,_4>`:
//!
//! ```text
//! logical_divide ((_2,8),(_4,8),64):((_1,_2),(16,64),512)
//! zipped_divide  ((_2,_4),(8,8,64)):((_1,16),(_2,64,512))
//! tiled_divide   ((_2,_4),8,8,64):((_1,16),_2,64,512)
//! flat_divide    (_2,_4,8,8,64):(_1,16,_2,64,512)
//! ```
//!
//! and by `make_shape(_2{})` a single tile mode `(_2)` stays a tuple in
//! `flat_divide` too: `((_2),8,32,64):((_1),_2,16,512)`, as in
//! `tiled_divide`). One impl per pair of ranks (tiler `a`, layout
//! `a + k`, `k ≥ 1`), disjoint from `divide.rs`'s (tiler and layout of one
//! rank) since the tuples' arities differ.
//!
//! A tuple mode by a shorter tuple of tiles is the same one level down
//! ([`DivideMode`], `prefix_mode!`): CuTe's divides recurse by mode
//! (`transform_layout`), so the sub-modes past the tile tuple pass through
//! whole, in place in `logical_divide` and after the sub-modes' rests in
//! the others (CuTe's `zip2_by` appends "missing modes" to the rest). g++
//! on CUTLASS, `((_4,_8),m):((_1,_4),_32)` by `make_tile(make_shape(_2{}),
//! _4{})`:
//!
//! ```text
//! logical_divide (((_2,_2),_8),(_4,4)):(((_1,_2),_4),(_32,_128))
//! zipped_divide  (((_2),_4),((_2,_8),4)):(((_1),_32),((_2,_4),_128))
//! ```
//!
//! and a leaf mode by a tuple of one tile is the leaf as a rank-1 layout
//! divided by it, each part a tuple of one (`(_8,_16):(_1,_8)` by
//! `make_tile(make_shape(_2{}), _4{})`: `(((_2,_4)),(_4,_4)):(((_1,_2)),(_8,_32))`,
//! zipped `(((_2),_4),((_4),_4)):(((_1),_8),((_2),_32))`).

use crate::__private::algebra::AlgebraError;
use crate::__private::divide::{Divide, DivideMode};
use crate::__private::fits_gate::gated;
use crate::__private::fits_value::{FitsCore, Role};
use crate::__private::int::{Int, Offset};
use crate::__private::layout::Layout;
use crate::__private::tree::{Mode, Tree};

/// For the tiler entries (`for_each_rank!`'s, rank `a`), every number `k`
/// of modes past the tiler with `a + k` at most the largest rank: `@drop`
/// skips `a` names of the pool, `@emit` takes the rest one at a time.
macro_rules! prefix_divide {
    (0;) => {};
    ($rank:literal; $($entry:tt)*) => {
        prefix_divide!(@drop [$($entry)*] [$($entry)*] [
            (P0 Q0 p0 q0) (P1 Q1 p1 q1) (P2 Q2 p2 q2) (P3 Q3 p3 q3)
            (P4 Q4 p4 q4) (P5 Q5 p5 q5) (P6 Q6 p6 q6) (P7 Q7 p7 q7)
            (P8 Q8 p8 q8) (P9 Q9 p9 q9) (P10 Q10 p10 q10) (P11 Q11 p11 q11)
        ]);
    };
    (@drop [$($all:tt)*] [$first:tt $($more:tt)*] [$p:tt $($pool:tt)*]) => {
        prefix_divide!(@drop [$($all)*] [$($more)*] [$($pool)*]);
    };
    (@drop [$($all:tt)*] [] [$($pool:tt)*]) => {
        prefix_divide!(@emit [$($all)*] [] [$($pool)*]);
    };
    (@emit [$($all:tt)*] [$($kept:tt)*] [$p:tt $($pool:tt)*]) => {
        prefix_divide!(@impl [$($all)*] [$($kept)* $p]);
        prefix_divide!(@emit [$($all)*] [$($kept)* $p] [$($pool)*]);
    };
    (@emit [$($all:tt)*] [$($kept:tt)*] []) => {};
    // One tile mode: CuTe's `flat_divide` keeps it a tuple, as `tiled_divide`.
    (@impl [($i:tt $S:ident $D:ident $T:ident)] [$(($P:ident $Q:ident $p:ident $q:ident))*]) => {
        prefix_divide!(@body [($i $S $D $T)] [$(($P $Q $p $q))*];
            Flat = Layout<(($S::TileS,), $S::RestS, $($P,)*), (($S::TileD,), $S::RestD, $($Q,)*), I>;
            flat($T) = ((($T.0,), $T.2, $($p,)*), (($T.1,), $T.3, $($q,)*)););
    };
    (@impl [$(($i:tt $S:ident $D:ident $T:ident))*] [$(($P:ident $Q:ident $p:ident $q:ident))*]) => {
        prefix_divide!(@body [$(($i $S $D $T))*] [$(($P $Q $p $q))*];
            Flat = Layout<($($S::TileS,)* $($S::RestS,)* $($P,)*), ($($S::TileD,)* $($S::RestD,)* $($Q,)*), I>;
            flat($($T),*) = (($($T.0,)* $($T.2,)* $($p,)*), ($($T.1,)* $($T.3,)* $($q,)*)););
    };
    (@body [$(($i:tt $S:ident $D:ident $T:ident))*] [$(($P:ident $Q:ident $p:ident $q:ident))*];
        Flat = $flat:ty; flat($($fv:ident),*) = $flat_parts:expr;) => {
        impl<$($S: DivideMode<$D, $T>, $D, $T,)* $($P: Copy, $Q: Copy,)* I: Offset>
            Divide<($($T,)*)> for Layout<($($S,)* $($P,)*), ($($D,)* $($Q,)*), I>
        where
            ($($S,)* $($P,)*): Mode<($($D,)* $($Q,)*)>,
            ($($D,)* $($Q,)*): Tree,
            Layout<($($S::LogicalS,)* $($P,)*), ($($S::LogicalD,)* $($Q,)*), I>: FitsCore,
            Layout<
                (($($S::TileS,)*), ($($S::RestS,)* $($P,)*)),
                (($($S::TileD,)*), ($($S::RestD,)* $($Q,)*)),
                I,
            >: FitsCore,
            Layout<
                (($($S::TileS,)*), $($S::RestS,)* $($P,)*),
                (($($S::TileD,)*), $($S::RestD,)* $($Q,)*),
                I,
            >: FitsCore,
            $flat: FitsCore,
        {
            type Logical = Layout<($($S::LogicalS,)* $($P,)*), ($($S::LogicalD,)* $($Q,)*), I>;
            type Zipped = Layout<
                (($($S::TileS,)*), ($($S::RestS,)* $($P,)*)),
                (($($S::TileD,)*), ($($S::RestD,)* $($Q,)*)),
                I,
            >;
            type Tiled = Layout<
                (($($S::TileS,)*), $($S::RestS,)* $($P,)*),
                (($($S::TileD,)*), $($S::RestD,)* $($Q,)*),
                I,
            >;
            type Flat = $flat;

            #[inline]
            #[allow(non_snake_case)]
            fn logical_divide(&self, _: ($($T,)*)) -> Result<Self::Logical, AlgebraError> {
                gated::<_, _, 1, _>("logical_divide", self, Role::Operand, Role::Result, |a| {
                    let (shape, stride) = (a.shape(), a.stride());
                    $(let $T = shape.$i.logical_mode(stride.$i, "logical_divide")?;)*
                    let (.., $($p,)*) = shape;
                    let (.., $($q,)*) = stride;
                    Ok(Layout::from_parts(($($T.0,)* $($p,)*), ($($T.1,)* $($q,)*)))
                })
            }

            #[inline]
            #[allow(non_snake_case)]
            fn zipped_divide(&self, _: ($($T,)*)) -> Result<Self::Zipped, AlgebraError> {
                gated::<_, _, 1, _>("zipped_divide", self, Role::Operand, Role::Result, |a| {
                    let (shape, stride) = (a.shape(), a.stride());
                    $(let $T = shape.$i.divide_mode(stride.$i, "zipped_divide")?;)*
                    let (.., $($p,)*) = shape;
                    let (.., $($q,)*) = stride;
                    Ok(Layout::from_parts(
                        (($($T.0,)*), ($($T.2,)* $($p,)*)),
                        (($($T.1,)*), ($($T.3,)* $($q,)*)),
                    ))
                })
            }

            #[inline]
            #[allow(non_snake_case)]
            fn tiled_divide(&self, _: ($($T,)*)) -> Result<Self::Tiled, AlgebraError> {
                gated::<_, _, 1, _>("tiled_divide", self, Role::Operand, Role::Result, |a| {
                    let (shape, stride) = (a.shape(), a.stride());
                    $(let $T = shape.$i.divide_mode(stride.$i, "tiled_divide")?;)*
                    let (.., $($p,)*) = shape;
                    let (.., $($q,)*) = stride;
                    Ok(Layout::from_parts(
                        (($($T.0,)*), $($T.2,)* $($p,)*),
                        (($($T.1,)*), $($T.3,)* $($q,)*),
                    ))
                })
            }

            #[inline]
            #[allow(non_snake_case)]
            fn flat_divide(&self, _: ($($T,)*)) -> Result<Self::Flat, AlgebraError> {
                gated::<_, _, 1, _>("flat_divide", self, Role::Operand, Role::Result, |a| {
                    let (shape, stride) = (a.shape(), a.stride());
                    $(let $T = shape.$i.divide_mode(stride.$i, "flat_divide")?;)*
                    let (.., $($p,)*) = shape;
                    let (.., $($q,)*) = stride;
                    let ($($fv,)*) = ($($T,)*);
                    let (shape, stride) = $flat_parts;
                    Ok(Layout::from_parts(shape, stride))
                })
            }
        }
    };
}

for_each_rank!(prefix_divide);

/// A tuple mode (`a + k` sub-modes, `k ≥ 1`) by a tuple of `a` tiles:
/// the first sub-modes divided, the others kept whole (after the rests).
macro_rules! prefix_mode {
    (0;) => {};
    ($rank:literal; $($entry:tt)*) => {
        prefix_mode!(@drop [$($entry)*] [$($entry)*] [
            (P0 Q0 p0 q0) (P1 Q1 p1 q1) (P2 Q2 p2 q2) (P3 Q3 p3 q3)
            (P4 Q4 p4 q4) (P5 Q5 p5 q5) (P6 Q6 p6 q6) (P7 Q7 p7 q7)
            (P8 Q8 p8 q8) (P9 Q9 p9 q9) (P10 Q10 p10 q10) (P11 Q11 p11 q11)
        ]);
    };
    (@drop [$($all:tt)*] [$first:tt $($more:tt)*] [$p:tt $($pool:tt)*]) => {
        prefix_mode!(@drop [$($all)*] [$($more)*] [$($pool)*]);
    };
    (@drop [$($all:tt)*] [] [$($pool:tt)*]) => {
        prefix_mode!(@emit [$($all)*] [] [$($pool)*]);
    };
    (@emit [$($all:tt)*] [$($kept:tt)*] [$p:tt $($pool:tt)*]) => {
        prefix_mode!(@impl [$($all)*] [$($kept)* $p]);
        prefix_mode!(@emit [$($all)*] [$($kept)* $p] [$($pool)*]);
    };
    (@emit [$($all:tt)*] [$($kept:tt)*] []) => {};
    (@impl [$(($i:tt $S:ident $D:ident $T:ident))*] [$(($P:ident $Q:ident $p:ident $q:ident))*]) => {
        impl<$($S: DivideMode<$D, $T>, $D, $T,)* $($P: Copy, $Q: Copy,)*>
            DivideMode<($($D,)* $($Q,)*), ($($T,)*)> for ($($S,)* $($P,)*)
        {
            type TileS = ($($S::TileS,)*);
            type TileD = ($($S::TileD,)*);
            type RestS = ($($S::RestS,)* $($P,)*);
            type RestD = ($($S::RestD,)* $($Q,)*);
            type LogicalS = ($($S::LogicalS,)* $($P,)*);
            type LogicalD = ($($S::LogicalD,)* $($Q,)*);
            #[inline(always)]
            #[allow(non_snake_case)]
            fn divide_mode(
                self,
                d: ($($D,)* $($Q,)*),
                function: &'static str,
            ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
                $(let $T = ok_or_return!(self.$i.divide_mode(d.$i, function));)*
                let (.., $($p,)*) = self;
                let (.., $($q,)*) = d;
                Ok((($($T.0,)*), ($($T.1,)*), ($($T.2,)* $($p,)*), ($($T.3,)* $($q,)*)))
            }
            #[inline(always)]
            #[allow(non_snake_case)]
            fn logical_mode(
                self,
                d: ($($D,)* $($Q,)*),
                function: &'static str,
            ) -> Result<(Self::LogicalS, Self::LogicalD), AlgebraError> {
                $(let $T = ok_or_return!(self.$i.logical_mode(d.$i, function));)*
                let (.., $($p,)*) = self;
                let (.., $($q,)*) = d;
                Ok((($($T.0,)* $($p,)*), ($($T.1,)* $($q,)*)))
            }
        }
    };
}

for_each_rank!(prefix_mode);

/// A leaf mode (an integer) by a tuple of one tile: the leaf divided by
/// the tile, each part wrapped in a tuple of one, as CuTe divides a
/// rank-1 layout by a rank-1 tiler.
impl<S: Int + DivideMode<D, T>, D, T> DivideMode<D, (T,)> for S {
    type TileS = (S::TileS,);
    type TileD = (S::TileD,);
    type RestS = (S::RestS,);
    type RestD = (S::RestD,);
    type LogicalS = (S::LogicalS,);
    type LogicalD = (S::LogicalD,);
    #[inline(always)]
    fn divide_mode(
        self,
        d: D,
        function: &'static str,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
        let (ts, td, rs, rd) = ok_or_return!(self.divide_mode(d, function));
        Ok(((ts,), (td,), (rs,), (rd,)))
    }
    #[inline(always)]
    fn logical_mode(
        self,
        d: D,
        function: &'static str,
    ) -> Result<(Self::LogicalS, Self::LogicalD), AlgebraError> {
        let (s, d) = ok_or_return!(self.logical_mode(d, function));
        Ok(((s,), (d,)))
    }
}
