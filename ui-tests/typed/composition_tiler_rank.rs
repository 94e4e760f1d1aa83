// A by-mode tiler gives `Compose` at most one tile per top-level mode of
// the left layout (CuTe's static_assert "Mismatched Ranks"): a rank-2
// layout with three tiles; and a signed right layout.
use layout_dsl::layout;
use layout_dsl::typed::{C, Compose};

fn main() {
    let m = 6;
    let l = layout!((m,2):(1,m));
    let _ = l.composition((C::<2>, C::<2>, C::<2>));
    let _ = l.composition(layout!((2,2):(-1,2)));
}
