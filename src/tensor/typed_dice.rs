//! CuTe's `dice(c, layout)` of a typed layout: the modes where `c` has an
//! integer, what `layout!(dice(C, #A))` of a named layout expands to
//! (straight-line code; `slice` is its mirror, `typed_args.rs`).

use super::typed_checks::{LayoutShape, SliceCoordModes};
use crate::__private::{DiceBy, IntoList};

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
/// integers stand, not their values: it computes no offset and cannot
/// fail. A coordinate of the wrong rank or nesting is one compile error,
/// at the coordinate.
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
