//! Which mode makes a typed partition's tile partial, for its error: the
//! static tile extents (read from the tiler's type) against the layout's
//! extents. Only the refusal reads it (cold, after the walk said "not
//! whole" and the engine check failed), so the walks and their hot paths
//! carry nothing more: the message names the extents as the core's does
//! ("the tile's extent 4 does not divide the tensor's extent 13").

use super::divide_mode::UnitTile;
use super::int::Offset;
use super::layout::Layout;
use super::list::{Cons, IntoList, Nil};
use super::poisoned::Poisoned;
use super::static_int::StaticInt;
use super::tree::{Mode, Shape, Tree};

/// The number of coordinates of one static tile entry of a tiler: a
/// static extent, a [`UnitTile`], or a tuple of them (a tile nested like
/// its mode).
pub trait TileSize {
    /// The tile's size (0 when unknown: a failed `layout!`'s).
    const SIZE: i64;
}

impl<T: StaticInt> TileSize for T {
    const SIZE: i64 = T::VALUE;
}

impl TileSize for UnitTile {
    const SIZE: i64 = 1;
}

impl<I, K> TileSize for Poisoned<I, K> {
    const SIZE: i64 = 0;
}

macro_rules! tuple_tile {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_s:ident $_d:ident))*) => {
        impl<$($T: TileSize,)*> TileSize for ($($T,)*) {
            const SIZE: i64 = 1 $(* $T::SIZE)*;
        }
    };
}

for_each_rank!(tuple_tile);

/// A tiler list (`Self`) over a shape list `SL`: the first mode whose
/// extent the tile's size does not divide, as `(tile, extent)`.
pub trait TileSizes<SL> {
    /// `(tile, extent)` of the first such mode; `None` when each divides.
    fn undivided(shapes: &SL) -> Option<(i64, i64)>;
}

impl<SL> TileSizes<SL> for Nil {
    #[inline]
    fn undivided(_: &SL) -> Option<(i64, i64)> {
        None
    }
}

impl<T: TileSize, TL: TileSizes<SL>, S: Shape, SL> TileSizes<Cons<S, SL>> for Cons<T, TL> {
    #[inline]
    fn undivided(shapes: &Cons<S, SL>) -> Option<(i64, i64)> {
        let extent = i64::try_from(Shape::size(&shapes.0)).unwrap_or(i64::MAX);
        match T::SIZE {
            tile if tile > 0 && extent % tile != 0 => Some((tile, extent)),
            _ => TL::undivided(&shapes.1),
        }
    }
}

/// A typed layout's first mode that the tiler list `TL` does not divide
/// ([`TileSizes`]): what a partial tile's error names.
pub trait Undivided<TL> {
    /// `(tile, extent)`, or `None` (every extent divided, or unknown).
    fn undivided(&self) -> Option<(i64, i64)>;
}

impl<S: Mode<D> + IntoList, D: Tree, I: Offset, TL: TileSizes<S::List>> Undivided<TL>
    for Layout<S, D, I>
{
    #[inline]
    fn undivided(&self) -> Option<(i64, i64)> {
        TL::undivided(&self.shape().into_list())
    }
}

impl<TL, I, K> Undivided<TL> for Poisoned<I, K> {
    #[inline]
    fn undivided(&self) -> Option<(i64, i64)> {
        None
    }
}
