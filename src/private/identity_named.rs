//! CuTe's `make_identity_layout(shape)` of a shape the macro cannot see
//! (`layout!(type make_identity_layout((2, #s)))`, a named shape in a
//! written-out tuple or whole): the facade's [`BasisLayout`], built from
//! the shape's *type*. A [`BasisLayout`] needs three things the macro
//! writes out for a written-out shape (`layout-macros/src/typed/basis.rs`), and
//! each comes from the type here, on stable Rust:
//!
//! - the number of coordinate entries `K` (one per leaf), a const generic:
//!   inferred, as [`IdentityShape`](super::IdentityShape)'s rank is, from
//!   the one [`FlatRank<K>`] impl the shape's flattened leaves have (a
//!   `K` computed from the type, `<S as …>::LEAVES` in the type, would need
//!   `generic_const_exprs`);
//! - the coordinate type, the shape's tree with `isize` leaves
//!   ([`IdentityPaths::Coord`]);
//! - the stride table, each leaf's `1@path` (`E<path…>`, the path
//!   outermost first) in a `&'static [BasisStride]`: computed while
//!   compiling into a fixed-size table ([`Paths`], at most [`MAX_LEAVES`]
//!   leaves, as `K`'s inference, and [`MAX_DEPTH`] levels: a larger shape
//!   is a compile-time error naming the limit), each path a `'static` slice of that table's
//!   row (an associated const's value is interned, so a reference to it is
//!   `'static`; its length cannot be a type's, so the table is fixed-size).
//!
//! A shape that is one leaf is `n:1@()`, which prints and acts as CuTe's
//! (and the core's) `n:1`: its coordinate is the index.

use super::basis::{BasisLayout, BasisStride, Coordinate};
use super::edit::Leaves;
use super::identity::{FlatRank, UnitStride};
use super::int::Int;

/// The most leaves an identity layout of a named shape takes: the widest
/// flat tuple of the facade's (`MAX_RANK`), whose one [`FlatRank`] impl
/// per rank gives `K`.
pub const MAX_LEAVES: usize = 12;
/// The deepest nesting of such a shape (the length of a path).
pub const MAX_DEPTH: usize = 12;

/// The paths of a shape's leaves, depth first: row `k` holds leaf `k`'s
/// path (its first `depths[k]` entries), outermost first.
#[derive(Clone, Copy, Debug)]
pub struct Paths {
    len: usize,
    depths: [usize; MAX_LEAVES],
    rows: [[usize; MAX_DEPTH]; MAX_LEAVES],
}

impl Paths {
    /// No leaves (the start of a tuple's).
    const EMPTY: Paths = Paths {
        len: 0,
        depths: [0; MAX_LEAVES],
        rows: [[0; MAX_DEPTH]; MAX_LEAVES],
    };

    /// One leaf, its path empty.
    const LEAF: Paths = Paths {
        len: 1,
        ..Paths::EMPTY
    };

    /// `self`'s leaves, then those of `child`, mode `index` of the tuple:
    /// each of its paths with `index` in front.
    const fn then(mut self, index: usize, child: &Paths) -> Paths {
        let mut k = 0;
        while k < child.len {
            assert!(
                self.len < MAX_LEAVES,
                "make_identity_layout of a named shape takes at most 12 leaves"
            );
            let depth = child.depths[k];
            assert!(
                depth < MAX_DEPTH,
                "make_identity_layout of a named shape takes at most 12 levels of nesting"
            );
            let row = &mut self.rows[self.len];
            row[0] = index;
            let mut d = 0;
            while d < depth {
                row[d + 1] = child.rows[k][d];
                d += 1;
            }
            self.depths[self.len] = depth + 1;
            self.len += 1;
            k += 1;
        }
        self
    }
}

/// Leaf `k`'s stride `1@path`, adding to coordinate entry `k`.
const fn strides(paths: &'static Paths) -> [BasisStride; MAX_LEAVES] {
    let mut out = [BasisStride::ZERO; MAX_LEAVES];
    let mut k = 0;
    while k < paths.len {
        let row: &'static [usize] = &paths.rows[k];
        out[k] = BasisStride::new(1, row.split_at(paths.depths[k]).0, k);
        k += 1;
    }
    out
}

/// A shape tree (`usize` and `C<N>` leaves, nested) whose identity
/// layout is built from its type: its leaves' paths and its coordinate.
pub trait IdentityPaths {
    /// The shape's tree with `isize` leaves: the coordinate a point maps to.
    type Coord: Coordinate;
    /// The leaves' paths.
    const PATHS: Paths;
    /// [`Self::PATHS`], interned (`'static`).
    const TABLE: &'static Paths = &Self::PATHS;
    /// Each leaf's stride, then [`BasisStride::ZERO`]s.
    const ROW: &'static [BasisStride; MAX_LEAVES] = &strides(Self::TABLE);
    /// The stride table [`BasisLayout::new`] takes: one per leaf.
    const STRIDES: &'static [BasisStride] = Self::ROW.split_at(Self::PATHS.len).0;
}

impl<T: Int> IdentityPaths for T {
    type Coord = isize;
    const PATHS: Paths = Paths::LEAF;
}

macro_rules! tuple_paths {
    (0;) => {};
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<$($A: IdentityPaths),*> IdentityPaths for ($($A,)*) {
            type Coord = ($($A::Coord,)*);
            const PATHS: Paths = Paths::EMPTY $(.then($i, &$A::PATHS))*;
        }
    };
}

for_each_rank!(tuple_paths);

/// CuTe's `make_identity_layout(shape)` for a shape (`Self`) of `K`
/// leaves known by its type only (a named one): `shape:(1@0, 1@1, …)`,
/// `1@i@j` inside a nested mode, equal to what `layout!` folds for the
/// same shape written out.
///
/// `layout!` calls it as `IdentityLeaves::identity_layout(shape)`, a
/// trait's own function, not as a free function bounded by this trait:
/// rustc then reports a shape of more leaves with this message at the
/// name and no "required by a bound in …" note pointing into this file
/// (the bound of a trait's own `Self` has no span to show; ARCHITECTURE.md,
/// "One mistake, one message").
///
/// ```
/// use layout_dsl::__private::IdentityLeaves;
/// use layout_dsl::typed::C;
/// let s = (3usize, 4usize);
/// let id = IdentityLeaves::identity_layout((C::<2>, s));
/// assert_eq!(id.to_string(), "(2,(3,4)):(1@0,(1@0@1,1@1@1))");
/// assert_eq!(id.crd2idx(7), (1, (0, 1)));
/// ```
#[diagnostic::on_unimplemented(
    message = "this shape has no typed identity layout: it has more than 12 leaves, or a leaf other than `usize` or `C<N>`",
    label = "more than 12 leaves: the facade's widest flat tuple has 12"
)]
pub trait IdentityLeaves<const K: usize>: IdentityPaths + UnitStride + Sized {
    /// The identity layout of `self`, `K` coordinate entries (one per leaf).
    fn identity_layout(self) -> BasisLayout<Self, Self::Coord, K> {
        BasisLayout::new(self, Self::STRIDES)
    }
}

#[diagnostic::do_not_recommend]
impl<S, const K: usize> IdentityLeaves<K> for S where
    S: IdentityPaths + UnitStride + Leaves<Out: FlatRank<K>>
{
}
