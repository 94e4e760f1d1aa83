//! CuTe's layout algebra, one concept per file, each named as CuTe names it.

mod analysis;
mod coalesce;
mod complement;
mod complement_shape;
mod compose_build;
mod composition;
mod construct;
mod divide;
mod divisible;
mod inverse;
mod modes;
mod partition;
mod product;
mod product_holes;
mod recast;
mod refine;
mod slice;
mod thread_coord;
mod tuple_arith;

pub use analysis::{
    compatible, congruent, coshape, crd2crd, evenly_divides, max_alignment, max_common_layout,
    max_common_vector, nullspace, weakly_congruent,
};
pub use coalesce::{coalesce, coalesce_by, filter, flatten};
pub use complement::{complement, product_complement};
pub use complement_shape::complement_to_shape;
pub use composition::{Piece, composition};
pub use construct::{
    TileToShapeSteps, make_fragment_like, make_layout_like, make_ordered_layout, tile_to_shape,
    tile_to_shape_steps,
};
pub use divide::{
    DivideSteps, divide_steps, flat_divide, logical_divide, tiled_divide, zipped_divide,
};
pub use inverse::{left_inverse, right_inverse};
pub use modes::{
    Modal, PAD_RANK_LIMIT, append, get, group, pad_to_rank, prepend, replace, select, take,
    unflatten, with_shape,
};
pub use partition::{
    dice_coord, dice_threads, dice_tiler, inner_coord, inner_partition, local_partition,
    local_tile, outer_coord, outer_partition,
};
pub use product::{
    ProductSteps, ZipProductSteps, blocked_product, flat_product, logical_product, product_steps,
    raked_product, tiled_product, zip_product_steps, zipped_product,
};
pub use product_holes::{HoleRefusal, ProductHoles, RoundedHole};
pub(crate) use recast::{NEW_WIDTH, check_recast_widths, gcd};
pub use recast::{downcast, recast_layout, upcast};
pub use refine::{COMPOSITION_CHECK_LIMIT, Proof, Refinement, composition_refinement};
pub use slice::{Coord, check_domain, dice, slice, slice_and_offset};
pub use thread_coord::{check_thread_index, thread_coord, thread_coord_at, thread_tiler};
pub use tuple_arith::{
    ceil_div, filter_zeros, filter_zeros_by, filter_zeros_of, product_each, shape_div,
};

use alloc::vec::Vec;
use core::fmt;

use crate::error::{DomainError, Error, Result};
use crate::inline_vec::InlineVec;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// Scratch leaf modes `(extent, stride)`: layouts rarely have more than 8
/// leaves, and then the algebra's intermediate lists allocate nothing.
type Modes = InlineVec<(i64, i64), 8>;

/// The second operand of composition, divides and products: one layout
/// applied to the whole of the first operand, or a by-mode tiler
/// `<T0,T1,…>` applying `Ti` to mode `i` (extra modes are left untouched).
///
/// An integer `n` means CuTe's `make_layout(n)`: `n:1`, or `1:0` for `n = 1`
/// (CuTe's compact strides give an extent-1 mode stride 0); a tuple `(a,b)`
/// means `<a:1,b:1>` (`Tiler::try_from`, an error for a negative `n`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tiler {
    /// One layout, applied to the whole operand.
    Layout(Layout),
    /// `<T0,T1,…>`: `Ti` applied to mode `i`.
    ByMode(Vec<Tiler>),
}

impl Tiler {
    /// Number of modes the tiler addresses (1 for a single layout).
    ///
    /// ```
    /// # use layout_core::{IntTuple, Tiler};
    /// assert_eq!(Tiler::try_from(IntTuple::from([2, 4, 8]))?.rank(), 3);
    /// assert_eq!(Tiler::try_from(IntTuple::Int(4))?.rank(), 1);
    /// # Ok::<(), layout_core::Error>(())
    /// ```
    #[must_use]
    pub fn rank(&self) -> usize {
        match self {
            Tiler::Layout(_) => 1,
            Tiler::ByMode(v) => v.len(),
        }
    }
}

impl From<Layout> for Tiler {
    fn from(l: Layout) -> Tiler {
        Tiler::Layout(l)
    }
}

/// `n` as CuTe's `make_layout(n)` (`n:1`, but `1:0`), a tuple as a by-mode
/// tiler: the notation's shorthand.
///
/// ```
/// use layout_core::{ErrorKind, IntTuple, DomainError, Tiler};
/// let t = Tiler::try_from(IntTuple::from([2, 4])).unwrap();
/// assert_eq!(t.to_string(), "<2:1,4:1>");
/// // CuTe: logical_product(8:4, 1) = (8,1):(4,0).
/// assert_eq!(Tiler::try_from(IntTuple::from([1, 2])).unwrap().to_string(), "<1:0,2:1>");
/// let e = Tiler::try_from(IntTuple::Int(-2)).unwrap_err();
/// assert_eq!(e.kind(), &ErrorKind::Domain(DomainError::NegativeExtent(-2)));
/// ```
impl TryFrom<IntTuple> for Tiler {
    type Error = Error;

    fn try_from(t: IntTuple) -> Result<Tiler> {
        match t {
            // `make_layout(Int<1>{})` is `_1:_0` in CuTe.
            IntTuple::Int(n) => Layout::leaf(n, i64::from(n != 1)).map(Tiler::Layout),
            IntTuple::Tuple(v) => v
                .into_iter()
                .map(Tiler::try_from)
                .collect::<Result<_>>()
                .map(Tiler::ByMode),
        }
    }
}

impl Tiler {
    /// CuTe's `composition(A, n)`: there an integer `n` is `n:1` even for
    /// `n = 1` (composition's integral case passes stride `Int<1>`, not
    /// `make_layout(n)`'s compact stride), so `composition(8:4, 1)` is `1:4`.
    pub(crate) fn unit_strides(t: IntTuple) -> Result<Tiler> {
        match t {
            IntTuple::Int(n) => Layout::leaf(n, 1).map(Tiler::Layout),
            IntTuple::Tuple(v) => v
                .into_iter()
                .map(Tiler::unit_strides)
                .collect::<Result<_>>()
                .map(Tiler::ByMode),
        }
    }
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::ByMode(v) => {
                f.write_str("<")?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(">")
            }
        }
    }
}

/// The modes of `layout` paired with the elements of a by-mode tiler (or
/// profile): mode `i` with element `i`, the modes past its end with `None`
/// (a by-mode operation keeps them as they are). More elements than modes
/// is an error.
///
/// ```
/// use layout_core::{algebra::mode_pairs, Layout};
/// let a: Layout = "(4,6,2):(1,4,24)".parse().unwrap();
/// let pairs = mode_pairs(&a, &[2, 3]).unwrap();
/// assert_eq!(pairs[1].0.to_string(), "6:4");
/// assert_eq!((pairs[1].1, pairs[2].1), (Some(&3), None));
/// ```
pub fn mode_pairs<'t, T>(layout: &Layout, items: &'t [T]) -> Result<Vec<(Layout, Option<&'t T>)>> {
    let modes = layout.modes();
    if items.len() > modes.len() {
        return Err(DomainError::TilerTooLong {
            tiler: items.len(),
            layout: modes.len(),
        }
        .into());
    }
    Ok(modes
        .into_iter()
        .enumerate()
        .map(|(i, mode)| (mode, items.get(i)))
        .collect())
}

/// Apply `f` to mode `i` of `layout` and element `i` of a by-mode tiler,
/// keeping the layout's extra modes as they are.
fn by_mode<T>(
    layout: &Layout,
    tilers: &[T],
    f: impl Fn(&Layout, &T) -> Result<Layout>,
) -> Result<Layout> {
    let pairs = mode_pairs(layout, tilers)?;
    let mut out = Vec::with_capacity(pairs.len());
    for (mode, tiler) in pairs {
        out.push(match tiler {
            Some(t) => f(&mode, t)?,
            None => mode,
        });
    }
    Layout::concat(out)
}

/// How a divide's or product's result is grouped: CuTe's `logical_*`,
/// `zipped_*`, `tiled_*` and `flat_*` families differ only in this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `((tile, rest), …)` per mode of the tiler: the result of the formula.
    Logical,
    /// `((tiles…),(rests…))`: the tile modes gathered in mode 0, the rest in mode 1.
    Zipped,
    /// `((tiles…),rest0,rest1,…)`: the zipped form with the rest modes lifted.
    Tiled,
    /// `(tile0,tile1,…,rest0,rest1,…)`: the zipped form with both parts lifted.
    Flat,
}

impl Form {
    /// The logical result of a divide or product by `tiler`, grouped in
    /// this form (the last step of every `*_divide` and `*_product`).
    ///
    /// ```
    /// use layout_core::{algebra::Form, logical_divide, IntTuple, Layout, Tiler};
    /// let a: Layout = "(4,6):(1,4)".parse().unwrap();
    /// let t = Tiler::try_from(IntTuple::from([2, 3])).unwrap();
    /// let logical = logical_divide(&a, &t).unwrap();
    /// assert_eq!(logical.to_string(), "((2,2),(3,2)):((1,2),(4,12))");
    /// assert_eq!(Form::Zipped.regroup(logical, &t).unwrap().to_string(), "((2,3),(2,2)):((1,4),(2,12))");
    /// ```
    pub fn regroup(self, logical: Layout, tiler: &Tiler) -> Result<Layout> {
        match self {
            Form::Logical => Ok(logical),
            Form::Zipped => tile_unzip(&logical, tiler),
            Form::Tiled => unpack(tile_unzip(&logical, tiler)?, false),
            Form::Flat => unpack(tile_unzip(&logical, tiler)?, true),
        }
    }
}

/// CuTe's `tile_unzip`: regroup a by-mode result `((t0,r0),(t1,r1),…,x,…)`
/// into `((t0,t1,…),(r0,r1,…,x,…))`, guided by the tiler's structure.
fn tile_unzip(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    let (tiles, rests) = zip2_by(layout, tiler)?;
    Layout::concat([tiles, rests])
}

fn zip2_by(layout: &Layout, guide: &Tiler) -> Result<(Layout, Layout)> {
    let modes = layout.modes();
    match guide {
        Tiler::Layout(_) => match <[Layout; 2]>::try_from(modes) {
            Ok([first, second]) => Ok((first, second)),
            Err(modes) => Err(DomainError::RankMismatch {
                expected: 2,
                found: modes.len(),
            }
            .into()),
        },
        Tiler::ByMode(guides) => {
            let (mut firsts, mut seconds) = (Vec::new(), Vec::new());
            for (i, mode) in modes.into_iter().enumerate() {
                match guides.get(i) {
                    Some(g) => {
                        let (a, b) = zip2_by(&mode, g)?;
                        firsts.push(a);
                        seconds.push(b);
                    }
                    None => seconds.push(mode),
                }
            }
            Ok((Layout::concat(firsts)?, Layout::concat(seconds)?))
        }
    }
}

/// `(m0, m1_0, m1_1, …)`: mode 1's sub-modes lifted to the top (`tiled_*`),
/// and with `flat` mode 0's too (`flat_*`).
fn unpack(zipped: Layout, flat: bool) -> Result<Layout> {
    let mut modes = zipped.modes().into_iter();
    let (Some(tile), Some(rest)) = (modes.next(), modes.next()) else {
        return Ok(zipped);
    };
    // CuTe slices with `repeat<rank>(_)`, which for rank 1 is a plain `_`:
    // a one-mode part stays as it is, even when it is a 1-tuple.
    let lift = |part: Layout| {
        if part.rank() == 1 {
            alloc::vec![part]
        } else {
            part.modes()
        }
    };
    let mut out = if flat { lift(tile) } else { alloc::vec![tile] };
    out.extend(lift(rest));
    Layout::concat(out)
}
