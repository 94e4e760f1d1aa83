//! CuTe's layout algebra, one concept per file, each named as CuTe names it.

mod coalesce;
mod complement;
mod composition;
mod divide;
mod inverse;
mod product;
mod refine;

pub use coalesce::{coalesce, coalesce_by, filter, flatten};
pub use complement::complement;
pub use composition::{Piece, composition};
pub use divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
pub use inverse::{left_inverse, right_inverse};
pub use product::{
    blocked_product, flat_product, logical_product, raked_product, tiled_product, zipped_product,
};
pub use refine::{COMPOSITION_CHECK_LIMIT, Proof, Refinement, composition_refinement};

use alloc::vec::Vec;
use core::fmt;

use crate::error::{ErrorKind, Result};
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
/// An integer `n` means `n:1`; a tuple `(a,b)` means `<a:1,b:1>`.
///
/// ```
/// use layout_core::{IntTuple, Tiler};
/// let t = Tiler::from(IntTuple::from([2, 4]));
/// assert_eq!(t.to_string(), "<2:1,4:1>");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tiler {
    Layout(Layout),
    ByMode(Vec<Tiler>),
}

impl Tiler {
    /// Number of modes the tiler addresses (1 for a single layout).
    ///
    /// ```
    /// # use layout_core::{IntTuple, Tiler};
    /// assert_eq!(Tiler::from(IntTuple::from([2, 4, 8])).rank(), 3);
    /// assert_eq!(Tiler::from(IntTuple::Int(4)).rank(), 1);
    /// ```
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

/// `n` as `n:1`, a tuple as a by-mode tiler.
///
/// # Panics
///
/// If an integer is negative: it would be a negative extent. (The notation
/// reports that as an error before converting.)
impl From<IntTuple> for Tiler {
    fn from(t: IntTuple) -> Tiler {
        match t {
            IntTuple::Int(n) => Tiler::Layout(
                Layout::leaf(n, 1).unwrap_or_else(|e| panic!("tiler extent {n}: {e}")),
            ),
            IntTuple::Tuple(v) => Tiler::ByMode(v.into_iter().map(Tiler::from).collect()),
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

/// Apply `f` to mode `i` of `layout` and element `i` of a by-mode tiler,
/// keeping the layout's extra modes as they are.
fn by_mode<T>(
    layout: &Layout,
    tilers: &[T],
    f: impl Fn(&Layout, &T) -> Result<Layout>,
) -> Result<Layout> {
    let modes = layout.modes();
    if tilers.len() > modes.len() {
        return Err(ErrorKind::TilerTooLong {
            tiler: tilers.len(),
            layout: modes.len(),
        }
        .into());
    }
    let mut out = Vec::with_capacity(modes.len());
    for (i, mode) in modes.into_iter().enumerate() {
        out.push(match tilers.get(i) {
            Some(t) => f(&mode, t)?,
            None => mode,
        });
    }
    Layout::concat(out)
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
            Err(modes) => Err(ErrorKind::RankMismatch {
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
