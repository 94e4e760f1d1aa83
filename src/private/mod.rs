//! Support code that `layout!` expansions name (`::layout_dsl::__private::…`).
//! Not a public API: the macro and these types change together.

/// `$m!(rank; (index A B) …)` for every tuple rank a typed layout may have
/// (0 to `MAX_RANK`): the one list of arities the tree and walk traits are
/// implemented for. `A`, `B` are names for the two generic parameters per
/// element.
macro_rules! for_each_rank {
    ($m:ident) => {
        $m!(0;);
        $m!(1; (0 A0 B0));
        $m!(2; (0 A0 B0) (1 A1 B1));
        $m!(3; (0 A0 B0) (1 A1 B1) (2 A2 B2));
        $m!(4; (0 A0 B0) (1 A1 B1) (2 A2 B2) (3 A3 B3));
        $m!(5; (0 A0 B0) (1 A1 B1) (2 A2 B2) (3 A3 B3) (4 A4 B4));
        $m!(6; (0 A0 B0) (1 A1 B1) (2 A2 B2) (3 A3 B3) (4 A4 B4) (5 A5 B5));
        $m!(7; (0 A0 B0) (1 A1 B1) (2 A2 B2) (3 A3 B3) (4 A4 B4) (5 A5 B5) (6 A6 B6));
        $m!(8; (0 A0 B0) (1 A1 B1) (2 A2 B2) (3 A3 B3) (4 A4 B4) (5 A5 B5) (6 A6 B6)
            (7 A7 B7));
        $m!(9; (0 A0 B0) (1 A1 B1) (2 A2 B2) (3 A3 B3) (4 A4 B4) (5 A5 B5) (6 A6 B6)
            (7 A7 B7) (8 A8 B8));
        $m!(10; (0 A0 B0) (1 A1 B1) (2 A2 B2) (3 A3 B3) (4 A4 B4) (5 A5 B5) (6 A6 B6)
            (7 A7 B7) (8 A8 B8) (9 A9 B9));
        $m!(11; (0 A0 B0) (1 A1 B1) (2 A2 B2) (3 A3 B3) (4 A4 B4) (5 A5 B5) (6 A6 B6)
            (7 A7 B7) (8 A8 B8) (9 A9 B9) (10 A10 B10));
        $m!(12; (0 A0 B0) (1 A1 B1) (2 A2 B2) (3 A3 B3) (4 A4 B4) (5 A5 B5) (6 A6 B6)
            (7 A7 B7) (8 A8 B8) (9 A9 B9) (10 A10 B10) (11 A11 B11));
    };
}

mod coord;
mod int;
mod layout;
pub mod rt;
mod tensor;
mod tree;
mod walk;

pub use coord::{Coord, RankIs, TupleForLeaf};
pub use int::{C, Int, Offset};
pub use layout::{Layout, Poisoned, dynamic, idx2crd, size};
pub use tree::{MAX_RANK, Mode, Shape, Tree};
pub use walk::{Form, Leaf, Walk};
