//! The typed partitions' tiler check ([`TilerNests`]) for a tuple entry
//! shorter than the tuple mode it tiles (`((2),4)` over `((4,8),m)`: the
//! sub-modes past it kept whole) and for a tuple of one entry over a leaf
//! mode, as the partitions' walk divides them
//! (`src/private/partition/partition_prefix.rs`) and the divides take them
//! (`src/private/divide/divide_prefix.rs`; CuTe's divides recurse by mode).

use super::typed_checks::TilerNests;
use crate::__private::Int;

/// For the entries (rank `a`), every tuple mode of `a + k` sub-modes
/// (`k ≥ 1`): nests where each entry nests in its sub-mode.
macro_rules! prefix_nests {
    ($rank:tt; $($entry:tt)*) => {
        prefix_nests!(@drop [$($entry)*] [$($entry)*] [
            P0 P1 P2 P3 P4 P5 P6 P7 P8 P9 P10 P11
        ]);
    };
    (@drop [$($all:tt)*] [$first:tt $($more:tt)*] [$p:ident $($pool:ident)*]) => {
        prefix_nests!(@drop [$($all)*] [$($more)*] [$($pool)*]);
    };
    (@drop [$($all:tt)*] [] [$($pool:ident)*]) => {
        prefix_nests!(@emit [$($all)*] [] [$($pool)*]);
    };
    (@emit [$($all:tt)*] [$($kept:ident)*] [$p:ident $($pool:ident)*]) => {
        prefix_nests!(@impl [$($all)*] [$($kept)* $p]);
        prefix_nests!(@emit [$($all)*] [$($kept)* $p] [$($pool)*]);
    };
    (@emit [$($all:tt)*] [$($kept:ident)*] []) => {};
    (@impl [$(($i:tt $A:ident $M:ident $_b:ident))*] [$($P:ident)*]) => {
        #[diagnostic::do_not_recommend]
        impl<$($A: TilerNests<$M>, $M,)* $($P,)*> TilerNests<($($M,)* $($P,)*)> for ($($A,)*) {
            type Same = ($($A::Same,)*);
            #[inline(always)]
            fn same(self) -> Self::Same {
                ($(self.$i.same(),)*)
            }
        }
    };
}

/// Applies `$m` to each `{rank; fields}` entry of `__ranks!` but rank 0
/// (an empty tuple is no tile).
macro_rules! each_rank {
    ($m:ident; {0;} $({$($entry:tt)*})*) => {
        $($m!($($entry)*);)*
    };
}

::layout_macros::__ranks!(each_rank prefix_nests;);

// A leaf mode by a tuple of one entry that nests in it.
#[diagnostic::do_not_recommend]
impl<A: TilerNests<M>, M: Int> TilerNests<M> for (A,) {
    type Same = (A::Same,);
    #[inline(always)]
    fn same(self) -> Self::Same {
        (self.0.same(),)
    }
}
