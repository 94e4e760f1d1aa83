//! CuTe's `dice(c, L)` on typed layouts, as a walk over the modes as
//! type-level lists (`list.rs`), the mirror of `slice_modes.rs`: the modes
//! where the coordinate has an integer are kept, those under [`X`]
//! dropped, and inside a tuple coordinate the kept sub-modes are gathered
//! at the top level (CuTe's `lift_dice`). As CuTe's, it reads only where
//! the integers stand, never their values, so it cannot fail: a dice is a
//! choice of modes, no offset is computed from it.

use super::int::Offset;
use super::layout::Layout;
use super::list::{Chain, Cons, IntoList, IntoTuple, Nil};
use super::tree::{Mode, Tree};
use crate::tensor::X;

/// A dice coordinate (a list of `usize`, [`X`] and tuples of them) over
/// shape list `SL` and stride list `DL`: the modes under integers.
#[diagnostic::on_unimplemented(
    message = "the dice coordinate and the typed layout (or a nested mode of it) differ in rank",
    label = "one entry (an integer, `X`, or a tuple nested like the mode) per top-level mode of the layout",
    note = "left unmatched: the coordinate's entries `{Self}` against the layout's extents `{SL}` (`Nil`: none left)"
)]
pub trait DiceModes<SL, DL> {
    /// The kept shape modes.
    type S;
    /// The kept stride modes.
    type D;
    /// The kept modes.
    fn dice(self, s: SL, d: DL) -> (Self::S, Self::D);
}

impl DiceModes<Nil, Nil> for Nil {
    type S = Nil;
    type D = Nil;
    #[inline(always)]
    fn dice(self, _: Nil, _: Nil) -> (Nil, Nil) {
        (Nil, Nil)
    }
}

/// One entry of a dice coordinate over one mode `S:D`: the kept modes as
/// a list (a trait on the entry, as `SliceEntry`, so that an entry rustc
/// has not inferred yet is deferred).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a dice coordinate of a mode of shape `{S}`: an integer, `X`, or a tuple nested like the mode"
)]
pub trait DiceEntry<S, D> {
    /// The kept shape modes.
    type S;
    /// The kept stride modes.
    type D;
    /// The kept modes.
    fn dice_entry(self, s: S, d: D) -> (Self::S, Self::D);
}

impl<S, D> DiceEntry<S, D> for usize {
    type S = Cons<S, Nil>;
    type D = Cons<D, Nil>;
    #[inline(always)]
    fn dice_entry(self, s: S, d: D) -> (Self::S, Self::D) {
        (Cons(s, Nil), Cons(d, Nil))
    }
}

impl<S, D> DiceEntry<S, D> for X {
    type S = Nil;
    type D = Nil;
    #[inline(always)]
    fn dice_entry(self, _: S, _: D) -> (Nil, Nil) {
        (Nil, Nil)
    }
}

impl<Cd, S, SL, D, DL, CL> DiceModes<Cons<S, SL>, Cons<D, DL>> for Cons<Cd, CL>
where
    CL: DiceModes<SL, DL>,
    Cd: DiceEntry<S, D, S: Chain<CL::S>, D: Chain<CL::D>>,
{
    type S = <Cd::S as Chain<CL::S>>::Out;
    type D = <Cd::D as Chain<CL::D>>::Out;
    #[inline(always)]
    fn dice(self, s: Cons<S, SL>, d: Cons<D, DL>) -> (Self::S, Self::D) {
        let (ks, kd) = self.0.dice_entry(s.0, d.0);
        let (rs, rd) = self.1.dice(s.1, d.1);
        (ks.concat(rs), kd.concat(rd))
    }
}

/// A tuple coordinate for a tuple mode: its modes diced, the kept ones in
/// a list.
macro_rules! tuple_coord {
    (0;) => {};
    ($rank:literal; $(($i:tt $Cd:ident $_s:ident $_d:ident))*) => {
        impl<$($Cd,)* S: IntoList, D: IntoList> DiceEntry<S, D> for ($($Cd,)*)
        where
            ($($Cd,)*): IntoList<List: DiceModes<S::List, D::List>>,
        {
            type S = <<($($Cd,)*) as IntoList>::List as DiceModes<S::List, D::List>>::S;
            type D = <<($($Cd,)*) as IntoList>::List as DiceModes<S::List, D::List>>::D;
            #[inline(always)]
            fn dice_entry(self, s: S, d: D) -> (Self::S, Self::D) {
                self.into_list().dice(s.into_list(), d.into_list())
            }
        }
    };
}

for_each_rank!(tuple_coord);

/// Dicing a typed layout by a coordinate list `CL` of `usize`, [`X`] and
/// tuples of them: CuTe's `dice(c, L)`, the modes `slice` drops.
///
/// Its one impl is `do_not_recommend` (as `SliceBy`'s).
#[diagnostic::on_unimplemented(
    message = "the dice coordinate and the typed layout differ in rank",
    label = "one entry (an integer or `X`) per top-level mode of the layout"
)]
pub trait DiceBy<CL> {
    /// The modes under integers.
    type Output;
    /// The diced layout.
    fn dice_by(&self, coord: CL) -> Self::Output;
}

#[diagnostic::do_not_recommend]
impl<S, D, I: Offset, CL> DiceBy<CL> for Layout<S, D, I>
where
    S: Mode<D> + IntoList,
    D: Tree + IntoList,
    CL: DiceModes<S::List, D::List, S: IntoTuple, D: IntoTuple>,
{
    type Output = Layout<<CL::S as IntoTuple>::Tuple, <CL::D as IntoTuple>::Tuple, I>;
    #[inline(always)]
    fn dice_by(&self, coord: CL) -> Self::Output {
        let (s, d) = (self.shape().into_list(), self.stride().into_list());
        let (s, d) = coord.dice(s, d);
        Layout::from_parts(s.into_tuple(), d.into_tuple())
    }
}
