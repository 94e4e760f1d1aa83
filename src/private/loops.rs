//! The loops of the typed tensor algorithms (`crate::tensor::typed`): one
//! `for` per leaf of a typed layout (flat or nested, walked leaf by leaf in
//! colexicographic order, `leaf_list.rs`), the extents and strides read
//! from the leaves, so a static layout's loops have constant trip counts
//! and strides (what a hand-written kernel has) and a rank mismatch is a
//! missing impl, found while compiling.

use super::int::Int;
use super::layout::Layout;
use super::leaf_list::LeafList;
use super::list::{Cons, Nil};
use super::tree::{Mode, Tree};

/// Walks a shape list (`Self`) over two stride lists in lockstep, mode 0
/// fastest (the layouts' colexicographic order), calling `f` with both
/// offsets.
pub trait Lockstep<DA, DB> {
    /// Every coordinate in order: `f(oa + offset_a(c), ob + offset_b(c))`.
    fn lockstep(&self, da: &DA, db: &DB, oa: usize, ob: usize, f: &mut impl FnMut(usize, usize));
}

impl Lockstep<Nil, Nil> for Nil {
    #[inline(always)]
    fn lockstep(&self, _: &Nil, _: &Nil, oa: usize, ob: usize, f: &mut impl FnMut(usize, usize)) {
        f(oa, ob)
    }
}

impl<S: Int, SL, DA: Int, DAL, DB: Int, DBL> Lockstep<Cons<DA, DAL>, Cons<DB, DBL>> for Cons<S, SL>
where
    SL: Lockstep<DAL, DBL>,
{
    #[inline(always)]
    fn lockstep(
        &self,
        da: &Cons<DA, DAL>,
        db: &Cons<DB, DBL>,
        oa: usize,
        ob: usize,
        f: &mut impl FnMut(usize, usize),
    ) {
        let (n, sa, sb) = (self.0.get(), da.0.get(), db.0.get());
        self.1.lockstep(&da.1, &db.1, oa, ob, &mut |oa, ob| {
            for i in 0..n {
                f(
                    oa.wrapping_add(i.wrapping_mul(sa)),
                    ob.wrapping_add(i.wrapping_mul(sb)),
                );
            }
        });
    }
}

/// Two shape lists of one rank with equal extents (checked at run time;
/// folded away where both are static).
pub trait SameExtents<O> {
    /// Whether every extent equals the other's.
    fn same_extents(&self, other: &O) -> bool;
}

impl SameExtents<Nil> for Nil {
    #[inline(always)]
    fn same_extents(&self, _: &Nil) -> bool {
        true
    }
}

impl<A: Int, AL: SameExtents<BL>, B: Int, BL> SameExtents<Cons<B, BL>> for Cons<A, AL> {
    #[inline(always)]
    fn same_extents(&self, other: &Cons<B, BL>) -> bool {
        self.0.get() == other.0.get() && self.1.same_extents(&other.1)
    }
}

/// Two typed layouts walked together: the same extents, leaf by leaf.
#[diagnostic::on_unimplemented(
    message = "the layouts `{Self}` and `{O}` cannot be walked together",
    note = "both must be typed layouts with the same extents leaf by leaf (in order)"
)]
pub trait WalkWith<O> {
    /// Whether the extents agree.
    fn same_shape(&self, other: &O) -> bool;
    /// `f(offset in self, offset in other)` for every coordinate, in order.
    fn walk_with(&self, other: &O, base: usize, other_base: usize, f: impl FnMut(usize, usize));
}

impl<SA, DA, IA, SB, DB, IB> WalkWith<Layout<SB, DB, IB>> for Layout<SA, DA, IA>
where
    SA: Mode<DA> + LeafList<List: SameExtents<SB::List> + Lockstep<DA::List, DB::List>>,
    DA: Tree + LeafList,
    SB: Mode<DB> + LeafList,
    DB: Tree + LeafList,
    IA: super::int::Offset,
    IB: super::int::Offset,
{
    #[inline(always)]
    fn same_shape(&self, other: &Layout<SB, DB, IB>) -> bool {
        self.shape()
            .leaf_list()
            .same_extents(&other.shape().leaf_list())
    }
    #[inline(always)]
    fn walk_with(
        &self,
        other: &Layout<SB, DB, IB>,
        base: usize,
        other_base: usize,
        mut f: impl FnMut(usize, usize),
    ) {
        let (da, db) = (self.stride().leaf_list(), other.stride().leaf_list());
        self.shape()
            .leaf_list()
            .lockstep(&da, &db, base, other_base, &mut f);
    }
}

/// [`Lockstep`] over three stride lists (a predicate, a source and a
/// destination: `copy_if`).
pub trait Lockstep3<DA, DB, DC> {
    /// Every coordinate in order, with the three offsets.
    fn lockstep3(
        &self,
        d: (&DA, &DB, &DC),
        o: (usize, usize, usize),
        f: &mut impl FnMut(usize, usize, usize),
    );
}

impl Lockstep3<Nil, Nil, Nil> for Nil {
    #[inline(always)]
    fn lockstep3(
        &self,
        _: (&Nil, &Nil, &Nil),
        (oa, ob, oc): (usize, usize, usize),
        f: &mut impl FnMut(usize, usize, usize),
    ) {
        f(oa, ob, oc)
    }
}

impl<S: Int, SL, DA: Int, DAL, DB: Int, DBL, DC: Int, DCL>
    Lockstep3<Cons<DA, DAL>, Cons<DB, DBL>, Cons<DC, DCL>> for Cons<S, SL>
where
    SL: Lockstep3<DAL, DBL, DCL>,
{
    #[inline(always)]
    fn lockstep3(
        &self,
        (da, db, dc): (&Cons<DA, DAL>, &Cons<DB, DBL>, &Cons<DC, DCL>),
        o: (usize, usize, usize),
        f: &mut impl FnMut(usize, usize, usize),
    ) {
        let (n, sa, sb, sc) = (self.0.get(), da.0.get(), db.0.get(), dc.0.get());
        let step = |o: usize, i: usize, s: usize| o.wrapping_add(i.wrapping_mul(s));
        self.1
            .lockstep3((&da.1, &db.1, &dc.1), o, &mut |oa, ob, oc| {
                for i in 0..n {
                    f(step(oa, i, sa), step(ob, i, sb), step(oc, i, sc));
                }
            });
    }
}

/// Three typed layouts walked together (after [`WalkWith::same_shape`]
/// checked the extents pairwise).
#[diagnostic::on_unimplemented(
    message = "the layouts `{Self}`, `{B}` and `{C}` cannot be walked together",
    note = "all three must be typed layouts with the same extents leaf by leaf (in order)"
)]
pub trait WalkWith3<B, C> {
    /// `f(offset in self, offset in b, offset in c)` for every coordinate.
    fn walk_with3(
        &self,
        b: &B,
        c: &C,
        bases: (usize, usize, usize),
        f: impl FnMut(usize, usize, usize),
    );
}

impl<SA, DA, IA, SB, DB, IB, SC, DC, IC> WalkWith3<Layout<SB, DB, IB>, Layout<SC, DC, IC>>
    for Layout<SA, DA, IA>
where
    SA: Mode<DA> + LeafList<List: Lockstep3<DA::List, DB::List, DC::List>>,
    DA: Tree + LeafList,
    SB: Mode<DB>,
    DB: Tree + LeafList,
    SC: Mode<DC>,
    DC: Tree + LeafList,
    IA: super::int::Offset,
    IB: super::int::Offset,
    IC: super::int::Offset,
{
    #[inline(always)]
    fn walk_with3(
        &self,
        b: &Layout<SB, DB, IB>,
        c: &Layout<SC, DC, IC>,
        bases: (usize, usize, usize),
        mut f: impl FnMut(usize, usize, usize),
    ) {
        let d = (
            self.stride().leaf_list(),
            b.stride().leaf_list(),
            c.stride().leaf_list(),
        );
        self.shape()
            .leaf_list()
            .lockstep3((&d.0, &d.1, &d.2), bases, &mut f);
    }
}
