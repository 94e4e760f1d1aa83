//! The typed partitions' walk ([`DivMode`]) over a tuple mode by a shorter
//! tuple of tiles (`local_tile` of a `((4,8),m)` tensor by `((2),4)`), and
//! over a leaf mode by a tuple of one tile, as the divides take them
//! (`divide_prefix.rs`): CuTe's `zipped_divide` recurses by mode
//! (`transform_layout`), so the sub-modes past the tile tuple pass through
//! whole, after the divided sub-modes' rests (CuTe's `zip2_by` appends the
//! missing modes to the rest), and a leaf divided by a tuple of one tile is
//! the leaf as a rank-1 layout, each part a tuple of one. g++ on CUTLASS,
//! `((_4,_8),m):((_1,_4),_32)` by `make_tile(make_shape(_2{}), _4{})`:
//! `zipped_divide` is `(((_2),_4),((_2,_8),4)):(((_1),_32),((_2,_4),_128))`,
//! and `local_tile` at `(i, j)` the tile `((_2),_4):((_1),_32)` at the
//! offset of the rest's coordinate `(i, j)`.
//!
//! The check that lets such a tiler through at the argument
//! (`TilerNests`, `src/tensor/typed_checks.rs`) has the same two cases
//! (`src/tensor/typed_nests_prefix.rs`).

use crate::__private::algebra::AlgebraError;
use crate::__private::divide_mode::DivMode;
use crate::__private::int::Int;

/// A tuple mode (`a + k` sub-modes, `k ≥ 1`) by a tuple of `a` tiles: the
/// first sub-modes divided, the others kept whole after the rests.
macro_rules! prefix_div_mode {
    (0;) => {};
    ($rank:literal; $($entry:tt)*) => {
        prefix_div_mode!(@drop [$($entry)*] [$($entry)*] [
            (P0 Q0 p0 q0) (P1 Q1 p1 q1) (P2 Q2 p2 q2) (P3 Q3 p3 q3)
            (P4 Q4 p4 q4) (P5 Q5 p5 q5) (P6 Q6 p6 q6) (P7 Q7 p7 q7)
            (P8 Q8 p8 q8) (P9 Q9 p9 q9) (P10 Q10 p10 q10) (P11 Q11 p11 q11)
        ]);
    };
    (@drop [$($all:tt)*] [$first:tt $($more:tt)*] [$p:tt $($pool:tt)*]) => {
        prefix_div_mode!(@drop [$($all)*] [$($more)*] [$($pool)*]);
    };
    (@drop [$($all:tt)*] [] [$($pool:tt)*]) => {
        prefix_div_mode!(@emit [$($all)*] [] [$($pool)*]);
    };
    (@emit [$($all:tt)*] [$($kept:tt)*] [$p:tt $($pool:tt)*]) => {
        prefix_div_mode!(@impl [$($all)*] [$($kept)* $p]);
        prefix_div_mode!(@emit [$($all)*] [$($kept)* $p] [$($pool)*]);
    };
    (@emit [$($all:tt)*] [$($kept:tt)*] []) => {};
    (@impl [$(($i:tt $S:ident $D:ident $T:ident))*] [$(($P:ident $Q:ident $p:ident $q:ident))*]) => {
        impl<$($S: DivMode<$D, $T>, $D, $T,)* $($P: Copy, $Q: Copy,)*>
            DivMode<($($D,)* $($Q,)*), ($($T,)*)> for ($($S,)* $($P,)*)
        {
            type TileS = ($($S::TileS,)*);
            type TileD = ($($S::TileD,)*);
            type RestS = ($($S::RestS,)* $($P,)*);
            type RestD = ($($S::RestD,)* $($Q,)*);
            #[inline(always)]
            #[allow(non_snake_case)]
            fn div_mode(
                self,
                d: ($($D,)* $($Q,)*),
            ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
                $(let $T = ok_or_return!(self.$i.div_mode(d.$i));)*
                let (.., $($p,)*) = self;
                let (.., $($q,)*) = d;
                Ok((($($T.0,)*), ($($T.1,)*), ($($T.2,)* $($p,)*), ($($T.3,)* $($q,)*)))
            }
        }
    };
}

for_each_rank!(prefix_div_mode);

/// A leaf mode (an integer) by a tuple of one tile: the leaf divided by
/// the tile, each part wrapped in a tuple of one, as CuTe divides a
/// rank-1 layout by a rank-1 tiler.
impl<S: Int + DivMode<D, T>, D, T> DivMode<D, (T,)> for S {
    type TileS = (S::TileS,);
    type TileD = (S::TileD,);
    type RestS = (S::RestS,);
    type RestD = (S::RestD,);
    #[inline(always)]
    fn div_mode(
        self,
        d: D,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
        let (ts, td, rs, rd) = ok_or_return!(self.div_mode(d));
        Ok(((ts,), (td,), (rs,), (rd,)))
    }
}
