//! The typed `upcast::<K>()` and `downcast::<K>()` (src/private/recast_by.rs)
//! against the core's `upcast(l, K)` and `downcast(l, K)` (which
//! `tests/golden/cute_vocab_*` hold to CuTe C++): the same layout or the
//! same refusal, for dynamic leaves over random extents and strides
//! (zero included) and for static layouts (negative strides too), whose leaves
//! stay static.

use layout_dsl::{Layout, layout};
use proptest::prelude::*;

/// The core's answer, `None` where it refuses.
fn core(l: &Layout, f: fn(&Layout, i64) -> layout_dsl::Result<Layout>, k: i64) -> Option<String> {
    f(l, k).ok().map(|r| r.to_string())
}

macro_rules! check {
    ($typed:expr, $k:literal) => {{
        let t = $typed;
        let l: Layout = t.to_string().parse().unwrap();
        let up = t.upcast::<$k>().ok().map(|r| r.to_string());
        prop_assert_eq!(
            up,
            core(&l, layout_dsl::upcast, $k),
            "upcast<{}>({})",
            $k,
            l
        );
        let down = t.downcast::<$k>().ok().map(|r| r.to_string());
        prop_assert_eq!(
            down,
            core(&l, layout_dsl::downcast, $k),
            "downcast<{}>({})",
            $k,
            l
        );
    }};
}

proptest! {
    #[test]
    fn dynamic_leaves_as_the_core(
        s in proptest::array::uniform4(1usize..9),
        // A dynamic stride is a `usize` (a negative one is static only).
        d in proptest::array::uniform4(prop_oneof![Just(0usize), Just(1), 0usize..17]),
    ) {
        let (s0, s1, s2, s3) = (s[0], s[1], s[2], s[3]);
        let (d0, d1, d2, d3) = (d[0], d[1], d[2], d[3]);
        check!(layout!((s0,(s1,s2),s3):(d0,(d1,d2),d3)), 1);
        check!(layout!((s0,(s1,s2),s3):(d0,(d1,d2),d3)), 2);
        check!(layout!((s0,(s1,s2),s3):(d0,(d1,d2),d3)), 4);
        check!(layout!((s0,(s1,s2),s3):(d0,(d1,d2),d3)), 3);
        check!(layout!((s0,s1):(1,d1)), 2);
        check!(layout!((s0,s1):(d0,8)), 4);
    }
}

#[test]
fn static_leaves_stay_static_and_agree_with_the_core() {
    fn run() -> Result<(), TestCaseError> {
        check!(layout!(type ((8,2),4):((1,8),16)), 2);
        check!(layout!(type ((8,2),4):((1,8),16)), 4);
        check!(layout!(type ((8,2),4):((1,8),16)), 8);
        check!(layout!(type (4,8):(8,1)), 2);
        check!(layout!(type (4,(3,2)):(0,(1,12))), 3);
        check!(layout!(type (6,4):(-1,-6)), 2);
        check!(layout!(type (4,8):(2,8)), 2);
        Ok(())
    }
    run().unwrap();
    let l = layout!(type ((8,2),4):((1,8),16));
    assert_eq!(size_of_val(&l.upcast::<4>().unwrap()), 0);
    assert_eq!(size_of_val(&l.downcast::<4>().unwrap()), 0);
}

/// CuTe C++'s `upcast<2>`, `upcast<4>`, `downcast<2>`, `downcast<4>` of
/// static layouts (`/work/notes/harness-vocab2/updown.cpp`, CUTLASS
/// v4.7.0's headers): one line a layout, its name first.
const CUTE: &str = include_str!("golden/cute_upcast_downcast.txt");

/// CuTe's prints of layout `name`: the layout and its four recasts,
/// without CuTe's `_` of a static integer.
fn cute(name: &str) -> [String; 5] {
    let line = CUTE
        .lines()
        .find(|l| l.starts_with(&format!("{name} ")))
        .unwrap();
    let w: Vec<&str> = line.split(' ').collect();
    [w[1], w[3], w[5], w[7], w[9]].map(|s| s.replace('_', ""))
}

macro_rules! golden {
    ($name:literal, $l:expr) => {{
        let l = $l;
        let got = [
            l.to_string(),
            l.upcast::<2>().unwrap().to_string(),
            l.upcast::<4>().unwrap().to_string(),
            l.downcast::<2>().unwrap().to_string(),
            l.downcast::<4>().unwrap().to_string(),
        ];
        assert_eq!(got, cute($name), "layout {}", $name);
    }};
}

#[test]
fn static_and_dynamic_extents_as_cute_prints() {
    golden!("a", layout!(type ((8,2),4):((1,8),16)));
    golden!("b", layout!(type (4,8):(8,1)));
    golden!("c", layout!(type (4,(4,2)):(0,(1,16))));
    golden!("d", layout!(type (6,4):(1,8)));
    golden!("e", layout!(type (3,4):(1,4)));
    golden!("f", layout!(type (2,16):(16,1)));
    // The same numbers with dynamic extents (static strides), then all dynamic.
    let (m, n) = (6, 4);
    golden!("d", layout!((m,n):(1,8)));
    let (s, d) = (16, 1);
    golden!("f", layout!((2,s):(s,d)));
    let (e0, e1, d1) = (8, 2, 8);
    golden!("a", layout!(((e0,e1),4):((1,d1),16)));
}
