//! The static extents a typed `local_tile` computes, evaluated where the
//! user calls it. A static tile that does not divide a nested static mode
//! (`((2,3),4):((1,2),6)` by `(C<4>, C<2>)`: 4 takes the 2 and leaves 2,
//! which does not divide the 3) is CuTe's `static_assert` in `shape_div`;
//! here it is the `const` assertion of [`Quot`](crate::__private::Quot)'s value.
//!
//! Why not a `cargo check` error: `cargo check` evaluates a constant only
//! where a type holds it (an array length, a const argument) or in a
//! free `const` item; an associated constant, an inline `const { }` and a
//! `const` assertion inside a function are evaluated when the function is
//! built for its types (measured on rustc 1.95: a `const { }` in a
//! non-generic `main` naming a failing associated constant passes `cargo
//! check`). The trait solver could refuse the pair instead only with an
//! impl per pair of numbers (`C<A>` divides `C<B>` is arithmetic on const
//! generics, which needs `generic_const_exprs`), and a typed partition is
//! a function, not a macro that could write a `const` item into the
//! caller. So the assertion stays a build error, and [`StaticTiles::CHECK`]
//! makes its first use the one in the function the user called
//! (`tensor::typed::local_tile`'s `const { … }`): rustc's error then ends
//! with "the above error was encountered while instantiating `fn
//! local_tile::<…>`" at the user's call, not at a line of this crate only.

use crate::__private::divide_mode::DivMode;
use crate::__private::list::{Cons, Nil};
use crate::__private::tree::Tree;

/// A tiler list (`Self`) over the modes `SL:DL` (shape and stride lists),
/// as [`TileModes`](crate::__private::TileModes) walks them: [`Self::CHECK`] evaluates
/// every tile's and rest's static extents (each tiler entry's
/// [`DivMode`]), so that one that does not divide fails there.
pub trait StaticTiles<SL, DL> {
    /// Evaluates the static extents (a dynamic leaf reads 0).
    const CHECK: ();
}

/// The tiler used up: the modes past it are kept whole.
impl<SL, DL> StaticTiles<SL, DL> for Nil {
    const CHECK: () = ();
}

impl<T, TL, S, SL, D, DL> StaticTiles<Cons<S, SL>, Cons<D, DL>> for Cons<T, TL>
where
    S: DivMode<D, T, TileS: Tree, RestS: Tree>,
    TL: StaticTiles<SL, DL>,
{
    const CHECK: () = {
        let _ = <S::TileS as Tree>::DESC;
        let _ = <S::RestS as Tree>::DESC;
        TL::CHECK
    };
}
