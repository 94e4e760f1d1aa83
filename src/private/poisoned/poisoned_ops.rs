//! The divide, product-tile and tensor-algorithm traits of [`Poisoned`]
//! (the others are in `poisoned.rs` and `poisoned_partition.rs`): a failed
//! `layout!` divided through [`Divide`], given as the second operand of a
//! real layout's composition, product or `max_common_vector`, inside a
//! tiler (a typed divide's or partition's, a run-time tensor partition's),
//! measured (`max_alignment`), or under a tensor given to `copy`, `fill`,
//! `axpby` or `gemm` (on either side) reports nothing more. The impls for a real `Layout` are
//! `do_not_recommend`: a real mistake's message must not list them.

use layout_core::Error;

use crate::__private::algebra::AlgebraError;
use crate::__private::analysis::CommonVector;
use crate::__private::compose_value::Compose;
use crate::__private::divide::{Divide, DivideMode};
use crate::__private::divide_mode::DivMode;
use crate::__private::gemm_form::{GemmForm, GemmOperand, Rank, RankOf, Roles};
use crate::__private::layout::Layout;
use crate::__private::loops::WalkWith;
use crate::__private::paired::WalkPaired;
use crate::__private::poisoned::{Poisoned, Unknown, poisoned};
use crate::__private::product_copies::ProductTile;
use crate::__private::product_ranked::RankedProduct;
use crate::__private::tree::{Mode, Tree};
use crate::tensor::SliceCoord;

impl<I, K> Poisoned<I, K> {
    /// As `Layout::max_alignment`.
    pub fn max_alignment(&self) -> Result<usize, Error> {
        poisoned()
    }
    /// As `Layout::max_common_vector`, with any other layout.
    pub fn max_common_vector<T>(&self, _: &T) -> Result<usize, Error> {
        poisoned()
    }
}

/// A real layout's `max_common_vector` with a poisoned one.
#[diagnostic::do_not_recommend]
impl<I, K> CommonVector for Poisoned<I, K> {
    fn common_vector_of<S: Mode<D>, D: Tree>(&self, _: &Layout<S, D>) -> Result<usize, Error> {
        poisoned()
    }
}

/// A poisoned layout in a typed divide's tiler (`(bad, C::<2>)`): the mode
/// it divides gives rank-1 parts.
impl<S, D, I, K> DivideMode<D, Poisoned<I, K>> for S {
    type TileS = usize;
    type TileD = usize;
    type RestS = usize;
    type RestD = usize;
    type LogicalS = (usize, usize);
    type LogicalD = (usize, usize);
    fn divide_mode(
        self,
        _: D,
        _: &'static str,
    ) -> Result<(usize, usize, usize, usize), AlgebraError> {
        poisoned()
    }
    fn logical_mode(
        self,
        _: D,
        _: &'static str,
    ) -> Result<((usize, usize), (usize, usize)), AlgebraError> {
        poisoned()
    }
}

/// The same in a typed partition's tiler (`typed::local_tile`, …).
impl<S, D, I, K> DivMode<D, Poisoned<I, K>> for S {
    type TileS = usize;
    type TileD = usize;
    type RestS = usize;
    type RestD = usize;
    fn div_mode(self, _: D) -> Result<(usize, usize, usize, usize), AlgebraError> {
        poisoned()
    }
}

/// The same in a run-time tensor partition's tiler (`local_tile(t, (bad,
/// 4), c)`), or as a coordinate.
impl<I, K> SliceCoord for Poisoned<I, K> {
    fn into_coord(self) -> layout_core::Coord {
        poisoned()
    }
}

/// A real layout composed with a poisoned one: a rank-1 result.
#[diagnostic::do_not_recommend]
impl<S, D, J, K> Compose<Poisoned<J, K>> for Layout<S, D> {
    type Shape = usize;
    type Stride = usize;
    fn composition(&self, _: Poisoned<J, K>) -> Result<Layout<usize, usize>, AlgebraError> {
        poisoned()
    }
}

/// A real layout's blocked or raked product by a poisoned one.
#[diagnostic::do_not_recommend]
impl<S, D, J, K> RankedProduct<Poisoned<J, K>> for Layout<S, D> {
    type Blocked = Poisoned;
    type Raked = Poisoned;
    fn blocked_product(&self, _: Poisoned<J, K>) -> Result<Poisoned, AlgebraError> {
        Ok(Poisoned::NEW)
    }
    fn raked_product(&self, _: Poisoned<J, K>) -> Result<Poisoned, AlgebraError> {
        Ok(Poisoned::NEW)
    }
}

impl<T, I, K> Divide<T> for Poisoned<I, K> {
    type Logical = Poisoned<I>;
    type Zipped = Poisoned<I>;
    type Tiled = Poisoned<I>;
    type Flat = Poisoned<I>;
    fn logical_divide(&self, _: T) -> Result<Poisoned<I>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
    fn zipped_divide(&self, _: T) -> Result<Poisoned<I>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
    fn tiled_divide(&self, _: T) -> Result<Poisoned<I>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
    fn flat_divide(&self, _: T) -> Result<Poisoned<I>, AlgebraError> {
        Ok(Poisoned::NEW)
    }
}

/// As a product's tile: a rank-1 layout (its type is not known).
impl<I, K> ProductTile for Poisoned<I, K> {
    type Shape = usize;
    type Stride = usize;
    fn tile(self) -> Layout<usize, usize> {
        poisoned()
    }
}

impl<O, I, K> WalkWith<O> for Poisoned<I, K> {
    fn same_shape(&self, _: &O) -> bool {
        poisoned()
    }
    fn walk_with(&self, _: &O, _: usize, _: usize, _: impl FnMut(usize, usize)) {
        poisoned()
    }
}

/// A real layout walked with a poisoned one (`fill` asks for the
/// layout with itself, `copy` for the source with the destination).
#[diagnostic::do_not_recommend]
impl<S, D, I, J, K> WalkWith<Poisoned<J, K>> for Layout<S, D, I> {
    fn same_shape(&self, _: &Poisoned<J, K>) -> bool {
        poisoned()
    }
    fn walk_with(&self, _: &Poisoned<J, K>, _: usize, _: usize, _: impl FnMut(usize, usize)) {
        poisoned()
    }
}

impl<O, I, K> WalkPaired<O> for Poisoned<I, K> {
    fn same_size(&self, _: &O) -> bool {
        poisoned()
    }
    fn sizes(&self, _: &O) -> (usize, usize) {
        poisoned()
    }
    fn walk_paired(&self, _: &O, _: usize, _: usize, _: impl FnMut(usize, usize)) {
        poisoned()
    }
}

#[diagnostic::do_not_recommend]
impl<S, D, I, J, K> WalkPaired<Poisoned<J, K>> for Layout<S, D, I> {
    fn same_size(&self, _: &Poisoned<J, K>) -> bool {
        poisoned()
    }
    fn sizes(&self, _: &Poisoned<J, K>) -> (usize, usize) {
        poisoned()
    }
    fn walk_paired(&self, _: &Poisoned<J, K>, _: usize, _: usize, _: impl FnMut(usize, usize)) {
        poisoned()
    }
}

impl<I, K> GemmOperand for Poisoned<I, K> {
    const FLAT: bool = true;
    fn modes(&self) -> [(usize, usize); 3] {
        poisoned()
    }
    fn offset(&self, _: usize, _: usize) -> usize {
        poisoned()
    }
    fn progressions(&self) -> Option<[(usize, usize); 3]> {
        poisoned()
    }
    fn leaves<F: FnMut(usize, usize)>(&self, _: usize, _: &mut F) {
        poisoned()
    }
}

/// A poisoned operand's rank goes with any others (the roles are never
/// read: `modes` is `poisoned()`).
const ANY: [Roles; 3] = [[None; 3]; 3];

impl<I, K> RankOf for Poisoned<I, K> {
    type Rank = Unknown;
}

/// A poisoned C.
impl<A, B> GemmForm<A, B> for Unknown {
    const ROLES: [Roles; 3] = ANY;
}

/// A poisoned A with a real C.
impl<B, const C: usize> GemmForm<Unknown, B> for Rank<C> {
    const ROLES: [Roles; 3] = ANY;
}

/// A poisoned B with a real A and C (of a form).
macro_rules! poisoned_b {
    ($($a:literal $c:literal)*) => {$(
        impl GemmForm<Rank<$a>, Unknown> for Rank<$c> {
            const ROLES: [Roles; 3] = ANY;
        }
    )*};
}
poisoned_b!(1 1 1 2 2 2 2 3 3 3);
