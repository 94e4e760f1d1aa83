//! CuTe's `local_tile(t, tiler, k)` (and `inner_partition`) at one integer
//! `k`: CuTe's `inner_partition` slices `zipped_divide`'s whole rest mode
//! by a coordinate that is not a tuple (`tensor_tiled(repeat<R0>(_),
//! coord)`), so `k` is tile `k` of the grid, colexicographic over the
//! grid's modes (the modes past a shorter tiler too). Typed as `layout!`
//! types `local_tile(L, T, k)` (layout-macros/src/typed/partition/partition_index.rs):
//! the grid of every tile (`TileBy` with `X` everywhere), `k` split over
//! its rest modes (the last taking what is left), then the slice keeping
//! the tile's modes, which checks each entry against its extent (past the
//! end an `Err`).

use layout_core::Error;

use super::typed_args::Tiler;
use super::typed_checks::TilerModes;
use crate::__private::{
    Chain, Cons, Fits, IntoList, Mode, Nil, Offset, Shape, SliceBy, TileBy, Tree, X,
};
use crate::typed::Layout;

/// A list of [`X`], one per entry of the list `Self`: the grid coordinate
/// that keeps every tile mode.
pub trait XsOf {
    /// The list of `X`.
    type Xs: Copy + Default;
}

impl XsOf for Nil {
    type Xs = Nil;
}

impl<A, T: XsOf> XsOf for Cons<A, T> {
    type Xs = Cons<X, T::Xs>;
}

/// The entries of a list (`Self`) past as many as the list `T` has: the
/// grid's rest modes past its tile modes.
pub trait RestPast<T> {
    /// The entries left.
    type Rest;
    /// The entries left.
    fn rest(self) -> Self::Rest;
}

impl<L> RestPast<Nil> for L {
    type Rest = L;
    #[inline(always)]
    fn rest(self) -> L {
        self
    }
}

impl<H, L: RestPast<T>, A, T> RestPast<Cons<A, T>> for Cons<H, L> {
    type Rest = L::Rest;
    #[inline(always)]
    fn rest(self) -> L::Rest {
        self.1.rest()
    }
}

/// One integer split colexicographically over a list of shapes (`Self`),
/// one `usize` per shape, the last taking what is left (which the slice
/// then checks against its extent, as the core refuses an index past the
/// end). An empty mode takes all of `k`, so the slice refuses it.
pub trait SplitIndex {
    /// One `usize` per shape.
    type Coords: Copy;
    /// The entries of `k`.
    fn split_index(&self, k: usize) -> Self::Coords;
}

impl<H: Shape> SplitIndex for Cons<H, Nil> {
    type Coords = Cons<usize, Nil>;
    #[inline(always)]
    fn split_index(&self, k: usize) -> Self::Coords {
        Cons(k, Nil)
    }
}

impl<H: Shape, A, T> SplitIndex for Cons<H, Cons<A, T>>
where
    Cons<A, T>: SplitIndex,
{
    type Coords = Cons<usize, <Cons<A, T> as SplitIndex>::Coords>;
    #[inline(always)]
    fn split_index(&self, k: usize) -> Self::Coords {
        match self.0.size() {
            0 => Cons(k, self.1.split_index(0)),
            n => Cons(k % n, self.1.split_index(k / n)),
        }
    }
}

// A tiler at one integer (`usize` is no tuple, so no `IntoList`, and this
// impl is apart from the coordinate tuples' one). `G` is the grid, `R`
// its rest modes' shapes, `Co` `k`'s entries, `A` the slice coordinate
// (`X` for each tile mode, then `Co`).
#[diagnostic::do_not_recommend]
impl<T, S, D, I, G, R, Co, A, O> Tiler<Layout<S, D, I>, usize> for T
where
    T: IntoList<List: XsOf> + TilerModes<S, usize, Checked = T>,
    Layout<S, D, I>: TileBy<T::List, <T::List as XsOf>::Xs, Output = G>,
    G: GridShape<Shape: IntoList<List: RestPast<T::List, Rest = R>>> + SliceBy<A, Output = O>,
    R: SplitIndex<Coords = Co>,
    <T::List as XsOf>::Xs: Chain<Co, Out = A>,
    O: Fits,
{
    type Output = O;
    #[inline(always)]
    fn tile_of(self, layout: &Layout<S, D, I>, k: usize) -> Result<(O, usize, bool), Error> {
        let xs = <T::List as XsOf>::Xs::default();
        let (grid, base, within) = layout.tile_within(self.into_list(), xs)?;
        let coords = grid.grid_shape().into_list().rest().split_index(k);
        let (tile, offset) = grid.slice_by(xs.concat(coords))?;
        Ok((tile, base.wrapping_add(offset), within))
    }
}

/// The shape of the grid layout.
pub trait GridShape {
    /// The shape.
    type Shape;
    /// The shape.
    fn grid_shape(&self) -> Self::Shape;
}

impl<S: Mode<D>, D: Tree, I: Offset> GridShape for Layout<S, D, I> {
    type Shape = S;
    #[inline(always)]
    fn grid_shape(&self) -> S {
        self.shape()
    }
}
