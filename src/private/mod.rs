//! Support code that `layout!` expansions name (`::layout_dsl::__private::…`).
//! Not a public API: the macro and these types change together.

mod coord;
mod int;
mod layout;
pub mod rt;
mod tree;
mod walk;

pub use coord::{Coord, RankIs, TupleForLeaf};
pub use int::{C, Int, Offset};
pub use layout::{Layout, Poisoned, dynamic, idx2crd, size};
pub use tree::{MAX_RANK, Mode, Shape, Tree};
pub use walk::{Form, Leaf, Walk};
