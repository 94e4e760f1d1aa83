//! CuTe's `dice(c, layout)` of a typed layout: the modes where `c` has an
//! integer, what `layout!(dice(C, #A))` of a named layout expands to
//! (straight-line code; `slice` is its mirror, `typed_args.rs`).

use layout_core::Error;

use super::typed_checks::{LayoutShape, SliceCoordModes};
use crate::__private::{DiceBy, FitsCore, IntoList, dice_fits};

/// A dice coordinate (`Self`: integers, [`X`](super::X), tuples nested
/// like the modes) of the typed layout `L`, whose dice has the layout `O`:
/// what [`dice`] takes. Its supertrait [`SliceCoordModes`] checks the
/// ranks first (a dice coordinate is nested as a slice coordinate).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a dice coordinate of the typed layout `{L}`: they differ in rank",
    label = "one entry (an integer, `X`, or a tuple nested like the mode) per top-level mode of the layout"
)]
pub trait DiceOf<L: LayoutShape, O>: SliceCoordModes<L::Shape, Checked = Self> {
    /// The kept modes.
    fn dice_of(self, layout: &L) -> O;
}

#[diagnostic::do_not_recommend]
impl<Cd: IntoList, L: DiceBy<Cd::List> + LayoutShape> DiceOf<L, L::Output> for Cd
where
    Cd: SliceCoordModes<L::Shape, Checked = Cd>,
{
    #[inline(always)]
    fn dice_of(self, layout: &L) -> L::Output {
        layout.dice_by(self.into_list())
    }
}

/// CuTe's `dice(c, layout)` of a typed layout: the modes of `layout`
/// where `coord` has an integer, those under [`X`](super::X) dropped;
/// inside a tuple coordinate the kept sub-modes are gathered at the top
/// level, as CuTe's `lift_dice` (so a tuple coordinate always gives a
/// tuple). Static modes stay static. As CuTe's, it reads where the
/// integers stand, not their values: it computes no offset and never
/// fails, so it checks nothing of the layout either: a layout whose size
/// or offsets pass `i64::MAX` (which the core refuses to dice, and which
/// CuTe's `int64_t` leaves would wrap) gives its modes as they are.
/// [`try_dice`] refuses it, as `slice_and_offset` refuses such a slice.
/// A coordinate of the wrong rank or nesting is one compile error, at the
/// coordinate.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::tensor::X;
/// use layout_dsl::tensor::typed::dice;
/// use layout_dsl::typed::{C, Layout};
///
/// let m = 12;
/// let l = layout!((m,(2,4)):(8,(1,2)));
/// let rows: Layout<(usize,), (C<8>,)> = dice((0, X), &l);
/// assert_eq!(rows.to_string(), "(12):(8)");
/// // CuTe: `dice((1,(_,3)), l)` is `(m,_4):(_8,_2)`.
/// let kept: Layout<(usize, C<4>), (C<8>, C<2>)> = dice((1, (X, 3)), &l);
/// assert_eq!(kept.to_string(), "(12,4):(8,2)");
/// ```
#[inline(always)]
pub fn dice<L, Cd, K, O>(coord: Cd, layout: &L) -> O
where
    L: LayoutShape,
    // `K` rather than `Cd::Checked`, as `slice_and_offset`: rustc blames a
    // failed nesting check on `coord` only then.
    Cd: SliceCoordModes<L::Shape, Checked = K>,
    K: DiceOf<L, O>,
{
    coord.checked().dice_of(layout)
}

/// [`dice`] where the layout is one the core holds (its size and offsets
/// within `i64::MAX`), an error where it is not, as the core's `dice` and
/// [`slice_and_offset`](super::typed::slice_and_offset) refuse it: one
/// comparison of the run-time leaves OR-ed (none for a static layout the
/// type says fits), the exact check out of line
/// (tests/typed_query_overflow.rs).
///
/// # Errors
/// `ErrorKind::Overflow` where the layout's size or offsets pass `i64::MAX`.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::tensor::X;
/// use layout_dsl::tensor::typed::try_dice;
///
/// let m = 12;
/// let l = layout!((m,4):(1,m));
/// assert_eq!(try_dice((X, 0), &l).unwrap().to_string(), "(4):(12)");
/// // The core holds no layout whose offsets pass `i64::MAX`: 3 + 3·2^62.
/// let big = 1usize << 62;
/// assert!(try_dice((X, 0), &layout!((4,4):(1,big))).is_err());
/// ```
#[inline(always)]
pub fn try_dice<L, Cd, K, O>(coord: Cd, layout: &L) -> Result<O, Error>
where
    L: LayoutShape,
    Cd: SliceCoordModes<L::Shape, Checked = K>,
    K: DiceOf<L, O>,
    // Last, so that the notes of the bounds above stay (as `slice_and_offset`).
    L: FitsCore,
{
    dice_fits(layout)?;
    Ok(coord.checked().dice_of(layout))
}
