//! A named entry of a product's by-mode tiler, checked where its name
//! stands: `layout!(logical_product(#a, (#s, 2)))` gives
//! `Product::logical_product(&a, (FitsEntry::<_>::fit_entry(s), C::<2>))`,
//! the call spanned at `#s`. A tuple entry (a shape, multiplying the mode's
//! sub-modes one by one, CuTe's `make_tile(make_shape(3, 1), 2)`) with more
//! modes than the mode it multiplies at some level is refused by CuTe
//! (`static_assert` "Too many modes in tiler"); the macro cannot see the
//! mode (`a`'s type is not known to it), so rustc infers it when it picks
//! the mode's product ([`TileTimes`] for [`EntryFit`]) and asks
//! [`FitsEntry`] at the name: one error there, with a sentence.
//!
//! The product itself never fails on an [`EntryFit`]: [`EntryTile`] drops
//! the entries past the mode's rank at every level (total), so that the
//! call's own bounds hold and rustc reports nothing more. The crate does
//! not compile then, so no value of that type is made.

use core::marker::PhantomData;

use crate::__private::edit::AsModes;
use crate::__private::list::{Cons, IntoList, IntoTuple, Nil};
use crate::__private::product_by_mode::{Parts, TileTimes};
use crate::__private::product_copies::{ProductEntry, ProductTile};

/// An entry `T` of a product's tiler for the mode `S` it multiplies,
/// checked where it was written ([`FitsEntry::fit_entry`]).
#[derive(Clone, Copy)]
pub struct EntryFit<T, S>(T, PhantomData<fn() -> S>);

impl<T, S> EntryFit<T, S> {
    /// The entry, checked by `FitsEntry::fit_entry` (its trait the mode).
    #[inline(always)]
    pub(crate) fn new(entry: T) -> Self {
        EntryFit(entry, PhantomData)
    }
}

/// A mode (of shape `Self`) that the product's tiler entry `T` multiplies:
/// a layout or an extent multiplies any mode, and a tuple of entries a
/// mode with at least as many sub-modes, each its sub-mode (a leaf is a
/// mode of one). The mode is `Self`, so that rustc waits for the product
/// to infer it.
#[diagnostic::on_unimplemented(
    message = "the tiler entry `{T}` nests deeper than the mode `{Self}` it multiplies (CuTe: \"Too many modes in tiler\"): give it at most the mode's number of sub-modes at each level"
)]
pub trait FitsEntry<T>: Sized {
    /// The entry `entry`, for the mode `Self`, which rustc infers from the
    /// product. What `layout!` calls at a named entry, as the trait's own
    /// function: a trait's own `Self` bound has no span, so an entry that
    /// nests too deep is the message and the label, with no "required by
    /// a bound" note into this file.
    // Asked of the written value's type (a shape: `(C<2>, C<3>)`), not of
    // `T::Entry` (its layouts): rustc moves the trait's sentence to a
    // help line past 140 columns, and the layouts' types made it 154-203
    // (issue 12 §4); both nest alike, a tile being a leaf of either.
    #[inline(always)]
    fn fit_entry(entry: T) -> EntryFit<T::Entry, Self>
    where
        T: ProductEntry,
    {
        EntryFit::new(entry.entry())
    }
}

#[diagnostic::do_not_recommend]
impl<S, T: ProductTile> FitsEntry<T> for S {}

/// [`FitsEntry`] of a list of entries over a list of sub-modes (`Self`).
pub trait FitsList<T> {}

impl<L> FitsList<Nil> for L {}

impl<S0, RS: FitsList<RT>, T0, RT> FitsList<Cons<T0, RT>> for Cons<S0, RS> where S0: FitsEntry<T0> {}

/// The sub-modes of a mode as a list (a leaf is a list of itself).
type ModeList<S> = <<S as AsModes>::Modes as IntoList>::List;

/// An entry (`Self`) as the product of the mode `S` takes it: itself where
/// it fits, else with the entries past the mode's rank dropped at every
/// level; total, so the product's bounds always hold.
pub trait EntryTile<S>: Copy {
    /// The entry the product uses.
    type Fitted: Copy;
    /// The entry the product uses.
    fn fitted(self) -> Self::Fitted;
}

impl<S, T: ProductTile> EntryTile<S> for T {
    type Fitted = T;
    #[inline(always)]
    fn fitted(self) -> T {
        self
    }
}

/// [`EntryTile`] of a list of entries over a list of sub-modes (`SL`).
pub trait FitList<SL> {
    /// The list of fitted entries.
    type Out;
    /// The list of fitted entries.
    fn fit_list(self) -> Self::Out;
}

impl<SL> FitList<SL> for Nil {
    type Out = Nil;
    #[inline(always)]
    fn fit_list(self) -> Nil {
        Nil
    }
}

impl<T0, RT> FitList<Nil> for Cons<T0, RT> {
    type Out = Nil;
    #[inline(always)]
    fn fit_list(self) -> Nil {
        Nil
    }
}

impl<S0, RS, T0: EntryTile<S0>, RT: FitList<RS>> FitList<Cons<S0, RS>> for Cons<T0, RT> {
    type Out = Cons<T0::Fitted, RT::Out>;
    #[inline(always)]
    fn fit_list(self) -> Self::Out {
        Cons(self.0.fitted(), self.1.fit_list())
    }
}

macro_rules! tuple_entries {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<S, $($T),*> FitsEntry<($($T,)*)> for S
        where
            S: AsModes<Modes: IntoList>,
            ModeList<S>: FitsList<<($($T,)*) as IntoList>::List>,
            ($($T,)*): IntoList,
        {
        }

        impl<S, $($T: Copy),*> EntryTile<S> for ($($T,)*)
        where
            S: AsModes<Modes: IntoList>,
            Self: IntoList<List: FitList<ModeList<S>, Out: IntoTuple<Tuple: Copy>>>,
        {
            type Fitted =
                <<<Self as IntoList>::List as FitList<ModeList<S>>>::Out as IntoTuple>::Tuple;
            #[inline(always)]
            fn fitted(self) -> Self::Fitted {
                self.into_list().fit_list().into_tuple()
            }
        }
    };
}

for_each_rank!(tuple_entries);

/// A checked entry multiplies its mode as the entry [`EntryTile`] gives.
impl<S, D, T> TileTimes<S, D> for EntryFit<T, S>
where
    T: EntryTile<S>,
    T::Fitted: TileTimes<S, D>,
{
    type LogicalS = <T::Fitted as TileTimes<S, D>>::LogicalS;
    type LogicalD = <T::Fitted as TileTimes<S, D>>::LogicalD;
    type FirstS = <T::Fitted as TileTimes<S, D>>::FirstS;
    type FirstD = <T::Fitted as TileTimes<S, D>>::FirstD;
    type SecondS = <T::Fitted as TileTimes<S, D>>::SecondS;
    type SecondD = <T::Fitted as TileTimes<S, D>>::SecondD;
    #[inline(always)]
    fn times(self, s: S, d: D, function: &'static str) -> Parts<Self, S, D> {
        self.0.fitted().times(s, d, function)
    }
}
