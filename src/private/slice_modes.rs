//! `_` slicing on typed layouts as a walk over the modes as type-level
//! lists (`list.rs`): CuTe's `slice(c, L)`, which keeps the modes under
//! `X` and moves the base by the rest; `local_tile` (`partition.rs`)
//! slices its tile grid with the same entries.

use layout_core::Error;

use super::layout::Layout;
use super::list::{Chain, Cons, IntoList, Nil};
use super::partition::out_of_range;
use super::tree::{Mode, Tree};
use crate::tensor::X;

/// A slice coordinate (a list of `usize`, [`X`] and tuples of them) over
/// shape list `SL` and stride list `DL`: the modes under `X`, the base
/// moved by the rest. An integer for a whole mode (a leaf or a tuple) is
/// its index there (colexicographic); a tuple coordinate for a tuple mode
/// slices its modes and keeps those under `X` at the top level (CuTe's
/// `slice`: `t(_, (1, _))` of `((2,4),(8,m))` is `((2,4), m)`).
#[diagnostic::on_unimplemented(
    message = "the slice coordinate and the typed layout (or a nested mode of it) differ in rank",
    label = "one entry (an integer, `X`, or a tuple nested like the mode) per top-level mode of the tensor",
    note = "left unmatched: the coordinate's entries `{Self}` against the layout's extents `{SL}` (`Nil`: none left)"
)]
pub trait SliceModes<SL, DL> {
    /// The kept shape modes.
    type S;
    /// The kept stride modes.
    type D;
    /// The kept modes; `offset` grows by each integer's offset; `what`
    /// names the coordinate in an error.
    fn slice(
        self,
        s: SL,
        d: DL,
        offset: &mut usize,
        what: &'static str,
    ) -> Result<(Self::S, Self::D), Error>;
}

impl SliceModes<Nil, Nil> for Nil {
    type S = Nil;
    type D = Nil;
    #[inline(always)]
    fn slice(self, _: Nil, _: Nil, _: &mut usize, _: &'static str) -> Result<(Nil, Nil), Error> {
        Ok((Nil, Nil))
    }
}

/// One entry of a slice coordinate (`usize`, [`X`], or a tuple of them)
/// over one mode `S:D`: the kept modes as a list. A trait on the entry
/// (not on the list), so that an entry rustc has not inferred yet is
/// deferred rather than tried against every tuple rank.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a slice coordinate of a mode of shape `{S}`: an integer, `X`, or a tuple nested like the mode"
)]
pub trait SliceEntry<S, D> {
    /// The kept shape modes.
    type S;
    /// The kept stride modes.
    type D;
    /// The kept modes; `offset` grows by each integer's offset.
    fn slice_entry(
        self,
        s: S,
        d: D,
        offset: &mut usize,
        what: &'static str,
    ) -> Result<(Self::S, Self::D), Error>;
    /// The index when the entry is one integer; `None` for `X` or a tuple.
    #[inline(always)]
    fn single(&self) -> Option<usize> {
        None
    }
    /// The kept modes when the entry is one integer (none): what a masked
    /// tile's picked mode gives without slicing its rest; `None` for `X`
    /// or a tuple.
    #[inline(always)]
    fn picked_modes() -> Option<(Self::S, Self::D)> {
        None
    }
    /// Whether the entry is one integer ([`SliceEntry::single`] is `Some`).
    const SINGLE: bool = false;
}

impl<S: Mode<D>, D: Tree> SliceEntry<S, D> for usize {
    type S = Nil;
    type D = Nil;
    const SINGLE: bool = true;
    #[inline(always)]
    fn slice_entry(
        self,
        s: S,
        d: D,
        offset: &mut usize,
        what: &'static str,
    ) -> Result<(Nil, Nil), Error> {
        let size = s.size();
        if self >= size {
            return Err(out_of_range(what, self, size));
        }
        let at: usize = Layout::from_parts(s, d).at(self);
        *offset = offset.wrapping_add(at);
        Ok((Nil, Nil))
    }
    #[inline(always)]
    fn single(&self) -> Option<usize> {
        Some(*self)
    }
    #[inline(always)]
    fn picked_modes() -> Option<(Nil, Nil)> {
        Some((Nil, Nil))
    }
}

impl<S, D> SliceEntry<S, D> for X {
    type S = Cons<S, Nil>;
    type D = Cons<D, Nil>;
    #[inline(always)]
    fn slice_entry(
        self,
        s: S,
        d: D,
        _: &mut usize,
        _: &'static str,
    ) -> Result<(Self::S, Self::D), Error> {
        Ok((Cons(s, Nil), Cons(d, Nil)))
    }
}

impl<Cd, S, SL, D, DL, CL> SliceModes<Cons<S, SL>, Cons<D, DL>> for Cons<Cd, CL>
where
    CL: SliceModes<SL, DL>,
    Cd: SliceEntry<S, D, S: Chain<CL::S>, D: Chain<CL::D>>,
{
    type S = <Cd::S as Chain<CL::S>>::Out;
    type D = <Cd::D as Chain<CL::D>>::Out;
    #[inline(always)]
    fn slice(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        offset: &mut usize,
        what: &'static str,
    ) -> Result<(Self::S, Self::D), Error> {
        let (ks, kd) = self.0.slice_entry(s.0, d.0, offset, what)?;
        let (rs, rd) = self.1.slice(s.1, d.1, offset, what)?;
        Ok((ks.concat(rs), kd.concat(rd)))
    }
}

/// A tuple coordinate for a tuple mode: its modes sliced, the kept ones
/// in a list.
macro_rules! tuple_coord {
    (0;) => {};
    ($rank:literal; $(($i:tt $Cd:ident $_s:ident $_d:ident))*) => {
        impl<$($Cd,)* S: IntoList, D: IntoList> SliceEntry<S, D> for ($($Cd,)*)
        where
            ($($Cd,)*): IntoList<List: SliceModes<S::List, D::List>>,
        {
            type S = <<($($Cd,)*) as IntoList>::List as SliceModes<S::List, D::List>>::S;
            type D = <<($($Cd,)*) as IntoList>::List as SliceModes<S::List, D::List>>::D;
            #[inline(always)]
            fn slice_entry(
                self,
                s: S,
                d: D,
                offset: &mut usize,
                what: &'static str,
            ) -> Result<(Self::S, Self::D), Error> {
                self.into_list().slice(s.into_list(), d.into_list(), offset, what)
            }
        }
    };
}

for_each_rank!(tuple_coord);
