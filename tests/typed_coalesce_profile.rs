//! Typed `coalesce(A, PROFILE)` (CuTe's `coalesce(layout, trg_profile)`,
//! layout-macros/src/typed/coalesce_by.rs): mode by mode as the profile says,
//! the same function as the core's at every index, static leaves static.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C, Layout};

mod agrees;

use agrees::agrees;

#[test]
fn each_mode_of_the_profile_is_coalesced() {
    for m in 0..=6usize {
        // CuTe (host harness): coalesce(((_2,_4),(m,_5)):((_1,_2),(_8,_24)),
        // Shape<_1,_1>{}) is (_8,(5,_5)):(_1,(_8,_24)) for m = 5: the
        // static modes of mode 0 merge, mode 1's dynamic one stays apart.
        type ByMode = Layout<(C<8>, (usize, C<5>)), (C<1>, (C<8>, C<24>))>;
        let t: Result<ByMode, AlgebraError> =
            layout!(type coalesce(((2,4),(m,5)):((1,2),(8,24)), (1,1)));
        let text = format!("coalesce(((2,4),({m},5)):((1,2),(8,24)), (1,1))");
        assert!(agrees(t, &text), "{text}");
        if m == 5 {
            assert_eq!(t.unwrap().to_string(), "(8,(5,5)):(1,(8,24))");
        }
        // A shorter profile keeps the modes after it as written; an
        // integer profile is `coalesce(A)`.
        let t = layout!(type coalesce(((2,4),(m,5),3):((1,2),(8,24),m), (1)));
        let text = format!("coalesce(((2,4),({m},5),3):((1,2),(8,24),{m}), (1))");
        assert!(agrees(t, &text), "{text}");
        let whole = layout!(type coalesce(((2,4),(m,5)):((1,2),(8,24)), 1));
        let text = format!("coalesce(((2,4),({m},5)):((1,2),(8,24)), 1)");
        assert!(agrees(whole, &text), "{text}");
        // A nested profile recurses; a dynamic profile leaf is structure.
        let k = 7usize;
        let t = layout!(type coalesce(((2,4),((m,5),(2,2))):((1,2),((8,8),(40,80))), (k,(1,1))));
        let text = format!("coalesce(((2,4),(({m},5),(2,2))):((1,2),((8,8),(40,80))), (7,(1,1)))");
        assert!(agrees(t, &text), "{text}");
    }
}
