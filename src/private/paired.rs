//! Two typed layouts of equal size walked together in layout order, whatever
//! their shapes: CuTe's `copy(src, dst)` and `axpby` ask only for
//! `size(src) == size(dst)` and pair the elements by 1-D index
//! (`dst(i) = src(i)`). Where the leaf extents agree (the common case: a
//! tile into a register tensor of the same shape) the two leaf lists are
//! walked in lockstep, one `for` per leaf as in [`super::loops`]; otherwise
//! both are walked in runs: leaf 0 of each side is a row (leaves 0 and 1
//! where leaf 1 continues leaf 0), a run takes as
//! many elements as both current rows still hold (one loop with two
//! strides, as the lockstep's inner loop), and a row that ends moves to
//! the next by an odometer over the other leaves (a counter per leaf, a
//! carry when one wraps). No step divides: 1-D index `i` is never turned
//! into a coordinate.

use super::int::Int;
use super::layout::Layout;
use super::leaf_list::LeafList;
use super::list::{Cons, Nil};
use super::tree::{Mode, Tree};

/// A cursor over a shape list (`Self`) with its stride list `D`, stepped one
/// element at a time in layout order (leaf 0 fastest).
pub trait Odometer<D> {
    /// One counter per leaf.
    type Counts: Copy + Default;
    /// Moves `o` from the element at `counts` to the next one: leaf 0's
    /// counter goes up by one and `o` by its stride; a counter that reaches
    /// its extent goes back to 0 (taking `(n-1)·d` off `o`) and carries.
    /// Past the last element the counters wrap to 0 (`o` then unused).
    fn advance(&self, d: &D, counts: &mut Self::Counts, o: &mut usize);
}

impl Odometer<Nil> for Nil {
    type Counts = ();
    #[inline(always)]
    fn advance(&self, _: &Nil, _: &mut (), _: &mut usize) {}
}

impl<S: Int, SL: Odometer<DL>, D: Int, DL> Odometer<Cons<D, DL>> for Cons<S, SL> {
    type Counts = (usize, SL::Counts);
    #[inline(always)]
    fn advance(&self, d: &Cons<D, DL>, counts: &mut Self::Counts, o: &mut usize) {
        let (n, s) = (self.0.get(), d.0.get());
        counts.0 += 1;
        if counts.0 < n {
            *o = o.wrapping_add(s);
        } else {
            *o = o.wrapping_sub((counts.0 - 1).wrapping_mul(s));
            counts.0 = 0;
            self.1.advance(&d.1, &mut counts.1, o);
        }
    }
}

/// A layout's leaves as rows: leaf 0 (a row) walked by a loop, the other
/// leaves by an [`Odometer`] moving from one row's start to the next's.
/// Where leaf 1 continues leaf 0 (its stride is leaf 0's extent times its
/// stride, or its extent is 1) the two make one longer row, decided when
/// the walk starts: a contiguous nested tile walks as a flat one.
pub trait Rows<D> {
    /// One counter per leaf after the first.
    type Counts: Copy + Default;
    /// The row's extent and stride, and whether it spans leaves 0 and 1
    /// (`(1, 0, false)` when there is no leaf).
    fn row(&self, d: &D) -> (usize, usize, bool);
    /// Moves `start` from one row's first element to the next row's
    /// (`merged` as [`Rows::row`] said).
    fn next_row(&self, d: &D, merged: bool, counts: &mut Self::Counts, start: &mut usize);
}

impl Rows<Nil> for Nil {
    type Counts = ();
    #[inline(always)]
    fn row(&self, _: &Nil) -> (usize, usize, bool) {
        (1, 0, false)
    }
    #[inline(always)]
    fn next_row(&self, _: &Nil, _: bool, _: &mut (), _: &mut usize) {}
}

impl<S: Int, D: Int> Rows<Cons<D, Nil>> for Cons<S, Nil> {
    type Counts = ();
    #[inline(always)]
    fn row(&self, d: &Cons<D, Nil>) -> (usize, usize, bool) {
        (self.0.get(), d.0.get(), false)
    }
    #[inline(always)]
    fn next_row(&self, _: &Cons<D, Nil>, _: bool, _: &mut (), _: &mut usize) {}
}

impl<S0: Int, S1: Int, SL, D0: Int, D1: Int, DL> Rows<Cons<D0, Cons<D1, DL>>>
    for Cons<S0, Cons<S1, SL>>
where
    SL: Odometer<DL>,
{
    type Counts = (usize, SL::Counts);
    #[inline(always)]
    fn row(&self, d: &Cons<D0, Cons<D1, DL>>) -> (usize, usize, bool) {
        let (n0, d0, n1, d1) = (self.0.get(), d.0.get(), self.1.0.get(), d.1.0.get());
        // Offsets are sums modulo 2^64, so equal strides there give equal
        // offsets: merging is exact even for two's complement strides.
        if n1 == 1 || d1 == n0.wrapping_mul(d0) {
            (n0 * n1, d0, true)
        } else {
            (n0, d0, false)
        }
    }
    #[inline(always)]
    fn next_row(
        &self,
        d: &Cons<D0, Cons<D1, DL>>,
        merged: bool,
        counts: &mut Self::Counts,
        start: &mut usize,
    ) {
        if merged {
            self.1.1.advance(&d.1.1, &mut counts.1, start);
        } else {
            self.1.advance(&d.1, counts, start);
        }
    }
}

/// Two shape lists of any lengths: whether they have the same extents
/// (the same number of leaves, each equal), and if so the lockstep walk.
pub trait ZipLeaves<DA, SB, DB> {
    /// Whether `self` and `sb` have the same leaves' extents, in order
    /// (false when their lengths differ: decided while compiling).
    fn same_leaves(&self, sb: &SB) -> bool;
    /// After `same_leaves`: `f(oa + offset_a(c), ob + offset_b(c))` for
    /// every coordinate in order (nothing for lists of different lengths).
    fn zip_leaves(&self, da: &DA, db: &DB, oa: usize, ob: usize, f: &mut impl FnMut(usize, usize));
}

impl ZipLeaves<Nil, Nil, Nil> for Nil {
    #[inline(always)]
    fn same_leaves(&self, _: &Nil) -> bool {
        true
    }
    #[inline(always)]
    fn zip_leaves(&self, _: &Nil, _: &Nil, oa: usize, ob: usize, f: &mut impl FnMut(usize, usize)) {
        f(oa, ob)
    }
}

impl<H, T, DA, DB> ZipLeaves<DA, Cons<H, T>, DB> for Nil {
    #[inline(always)]
    fn same_leaves(&self, _: &Cons<H, T>) -> bool {
        false
    }
    #[inline(always)]
    fn zip_leaves(&self, _: &DA, _: &DB, _: usize, _: usize, _: &mut impl FnMut(usize, usize)) {}
}

impl<S, SL, DA, DB> ZipLeaves<DA, Nil, DB> for Cons<S, SL> {
    #[inline(always)]
    fn same_leaves(&self, _: &Nil) -> bool {
        false
    }
    #[inline(always)]
    fn zip_leaves(&self, _: &DA, _: &DB, _: usize, _: usize, _: &mut impl FnMut(usize, usize)) {}
}

impl<SA: Int, SAL, DA: Int, DAL, SB: Int, SBL, DB: Int, DBL>
    ZipLeaves<Cons<DA, DAL>, Cons<SB, SBL>, Cons<DB, DBL>> for Cons<SA, SAL>
where
    SAL: ZipLeaves<DAL, SBL, DBL>,
{
    #[inline(always)]
    fn same_leaves(&self, sb: &Cons<SB, SBL>) -> bool {
        self.0.get() == sb.0.get() && self.1.same_leaves(&sb.1)
    }
    #[inline(always)]
    fn zip_leaves(
        &self,
        da: &Cons<DA, DAL>,
        db: &Cons<DB, DBL>,
        oa: usize,
        ob: usize,
        f: &mut impl FnMut(usize, usize),
    ) {
        let (n, sa, sb) = (self.0.get(), da.0.get(), db.0.get());
        self.1.zip_leaves(&da.1, &db.1, oa, ob, &mut |oa, ob| {
            for i in 0..n {
                f(
                    oa.wrapping_add(i.wrapping_mul(sa)),
                    ob.wrapping_add(i.wrapping_mul(sb)),
                );
            }
        });
    }
}

/// The product of a leaf list's extents when every one is static.
pub trait StaticSize {
    /// `Some(size)` when every extent is static, else `None`.
    const SIZE: Option<i64>;
}

impl StaticSize for Nil {
    const SIZE: Option<i64> = Some(1);
}

impl<S: Int, SL: StaticSize> StaticSize for Cons<S, SL> {
    const SIZE: Option<i64> = match (S::STATIC, SL::SIZE) {
        (Some(a), Some(b)) => a.checked_mul(b),
        _ => None,
    };
}

/// Two typed layouts of equal size walked together in layout order
/// (CuTe's `copy`: `dst(i) = src(i)` for every 1-D index `i`), any shapes.
#[diagnostic::on_unimplemented(
    message = "the layouts `{Self}` and `{O}` cannot be walked together",
    note = "both must be typed layouts (`layout!` values or the typed partitions' results)"
)]
pub trait WalkPaired<O> {
    /// Whether the sizes agree. Where both sizes are static and differ this
    /// is an error when the code is built (a `const` assertion, evaluated
    /// at instantiation: `cargo check` does not report it; a bound cannot
    /// compare two `const` products on stable Rust, see
    /// [`copy`](crate::tensor::typed::copy)).
    fn same_size(&self, other: &O) -> bool;
    /// The two sizes, for the message when they differ.
    fn sizes(&self, other: &O) -> (usize, usize);
    /// After `same_size`: `f(offset in self, offset in other)` for every
    /// 1-D index, in order.
    fn walk_paired(&self, other: &O, base: usize, other_base: usize, f: impl FnMut(usize, usize));
}

impl<SA, DA, IA, SB, DB, IB> WalkPaired<Layout<SB, DB, IB>> for Layout<SA, DA, IA>
where
    SA: Mode<DA>
        + LeafList<List: ZipLeaves<DA::List, SB::List, DB::List> + Rows<DA::List> + StaticSize>,
    DA: Tree + LeafList,
    SB: Mode<DB> + LeafList<List: Rows<DB::List> + StaticSize>,
    DB: Tree + LeafList,
    IA: super::int::Offset,
    IB: super::int::Offset,
{
    #[inline(always)]
    fn same_size(&self, other: &Layout<SB, DB, IB>) -> bool {
        const {
            if let (Some(a), Some(b)) = (SA::List::SIZE, SB::List::SIZE) {
                assert!(a == b, "copy/axpby: the two layouts' static sizes differ");
            }
        }
        self.size() == other.size()
    }

    fn sizes(&self, other: &Layout<SB, DB, IB>) -> (usize, usize) {
        (self.size(), other.size())
    }

    #[inline(always)]
    fn walk_paired(
        &self,
        other: &Layout<SB, DB, IB>,
        base: usize,
        other_base: usize,
        mut f: impl FnMut(usize, usize),
    ) {
        let (sa, da) = (self.shape().leaf_list(), self.stride().leaf_list());
        let (sb, db) = (other.shape().leaf_list(), other.stride().leaf_list());
        if sa.same_leaves(&sb) {
            sa.zip_leaves(&da, &db, base, other_base, &mut f);
            return;
        }
        // Runs: as many elements as both current rows still hold, walked
        // like the lockstep's inner loop; a row that ends moves on by its
        // odometer. Each run is at least one element (a row is left when
        // it ends, and no extent is 0 in a non-empty layout).
        let mut left = self.size();
        let ((na, ta, ma), (nb, tb, mb)) = (sa.row(&da), sb.row(&db));
        let (mut ra, mut rb) = (base, other_base);
        let (mut ia, mut ib) = (0, 0);
        let (mut ca, mut cb) = Default::default();
        while left > 0 {
            let run = (na - ia).min(nb - ib);
            let pa = ra.wrapping_add(ia.wrapping_mul(ta));
            let pb = rb.wrapping_add(ib.wrapping_mul(tb));
            for k in 0..run {
                f(
                    pa.wrapping_add(k.wrapping_mul(ta)),
                    pb.wrapping_add(k.wrapping_mul(tb)),
                );
            }
            left -= run;
            (ia, ib) = (ia + run, ib + run);
            if ia == na {
                ia = 0;
                sa.next_row(&da, ma, &mut ca, &mut ra);
            }
            if ib == nb {
                ib = 0;
                sb.next_row(&db, mb, &mut cb, &mut rb);
            }
        }
    }
}
