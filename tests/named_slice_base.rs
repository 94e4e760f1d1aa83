//! `layout!(slice(C, #L))` gives the same base, in the same type, as the
//! layout written out: an `isize` where the layout has a negative static
//! stride, a `usize` otherwise, and never a wrapped value (a layout with
//! offsets its offset type cannot hold makes the slice an `Err`, through
//! both doors).

use std::any::type_name;
use std::fmt::{Debug, Display};

use layout_core::ErrorKind;
use layout_dsl::{Value, evaluate, layout};
use proptest::prelude::*;

/// The core's view of `src`, as (layout, base); `None` for its error.
fn core_view(src: &str) -> Option<(String, i64)> {
    match evaluate(src) {
        Ok(Value::View(v)) => Some((v.layout().to_string(), v.base())),
        Ok(other) => panic!("{src}: {other}"),
        Err(_) => None,
    }
}

/// Both doors' results, which must have one type (the call does not
/// compile otherwise), compared as values; the answer as text and `i64`
/// for the core's, and the base's type name.
fn same<L, B, E>(
    named: Result<(L, B), E>,
    written: Result<(L, B), E>,
) -> (Option<(String, i64)>, &'static str)
where
    L: Display + PartialEq + Debug,
    B: TryInto<i64> + PartialEq + Debug,
{
    let (named, written) = (named.ok(), written.ok());
    assert_eq!(named, written, "named against written out");
    let answer = named.map(|(l, b)| (l.to_string(), b.try_into().ok().expect("a base of 64 bits")));
    (answer, type_name::<B>())
}

/// The base's type with a negative static stride.
const ISIZE: &str = "isize";

#[test]
fn named_and_written_agree_on_negative_static_strides() {
    for m in 1..6usize {
        let a = layout!((m,8):(-1,1));
        let b = layout!((4,(m,3)):(8,(-1,-4)));
        let c = layout!(((2,m),8):((-16,1),-2));
        for i in 0..6usize {
            for j in 0..4usize {
                let (got, ty) = same(
                    layout!(slice((i,_), #a)),
                    layout!(slice((i,_), (m,8):(-1,1))),
                );
                assert_eq!(ty, ISIZE);
                let core = core_view(&format!("slice(({i},_),({m},8):(-1,1))"));
                assert_eq!(got, core, "m={m} i={i}");

                let (got, ty) = same(
                    layout!(slice((j,(i,_)), #b)),
                    layout!(slice((j,(i,_)), (4,(m,3)):(8,(-1,-4)))),
                );
                assert_eq!(ty, ISIZE);
                let core = core_view(&format!("slice(({j},({i},_)),(4,({m},3)):(8,(-1,-4)))"));
                assert_eq!(got, core, "m={m} ({j},({i},_))");

                let (got, ty) = same(
                    layout!(slice(((j,i),_), #c)),
                    layout!(slice(((j,i),_), ((2,m),8):((-16,1),-2))),
                );
                assert_eq!(ty, ISIZE);
                let core = core_view(&format!("slice((({j},{i}),_),((2,{m}),8):((-16,1),-2))"));
                assert_eq!(got, core, "m={m} (({j},{i}),_)");
            }
        }
    }
}

#[test]
fn a_layout_without_a_negative_stride_gives_a_usize_base_through_both_doors() {
    let m = 5usize;
    let a = layout!((m,8):(8,1));
    let i = 3usize;
    let (got, ty) = same(
        layout!(slice((i,_), #a)),
        layout!(slice((i,_), (m,8):(8,1))),
    );
    assert_eq!((got, ty), (core_view("slice((3,_),(5,8):(8,1))"), "usize"));
    // `type` keeps the strides static; the base's type is the same rule.
    let t = layout!(type (4,8):(-8,1));
    let j = 2usize;
    let (got, ty) = same(
        layout!(slice((_,j), #t)),
        layout!(slice((_,j), (4,8):(-8,1))),
    );
    assert_eq!((got, ty), (core_view("slice((_,2),(4,8):(-8,1))"), ISIZE));
}

#[test]
fn offsets_past_the_offset_type_are_an_error_through_both_doors() {
    // A signed layout reaching below `isize::MIN`: the base -(m-1) would
    // not fit, so the slice refuses (it never wraps).
    let m = usize::MAX;
    let a = layout!((m,2):(-1,1));
    let named = layout!(slice((_,1), #a));
    let written = layout!(slice((_,1), (m,2):(-1,1)));
    for r in [named.map(|(_, b)| b), written.map(|(_, b)| b)] {
        assert!(matches!(r.unwrap_err().kind(), ErrorKind::Overflow(_)));
    }
    // An unsigned one reaching past `usize::MAX` (m·n > 2⁶⁴).
    let (m, n) = (1usize << 33, 1usize << 32);
    let u = layout!((m,n):(1,m));
    let j = 5usize;
    let named = layout!(slice((_,j), #u));
    let written = layout!(slice((_,j), (m,n):(1,m)));
    for r in [named.map(|(_, b)| b), written.map(|(_, b)| b)] {
        assert!(matches!(r.unwrap_err().kind(), ErrorKind::Overflow(_)));
    }
    // At the edge of the core's `i64` it fits: an extent of `i64::MAX`,
    // offsets down to -(2⁶³-2). One more and the core cannot hold the
    // layout (an extent past `i64::MAX`), so the slice refuses as the
    // core does, though its base, -(2⁶³-1), would fit `isize`
    // (tests/typed_slice_overflow.rs).
    let m = i64::MAX as usize;
    let e = layout!((m,1):(-1,1));
    let last = m - 1;
    let (_, base) = layout!(slice((last,_), #e)).unwrap();
    assert_eq!(base, -(isize::MAX - 1));
    let m = isize::MAX as usize + 1;
    let e = layout!((m,1):(-1,1));
    let last = m - 1;
    let past = layout!(slice((last,_), #e)).unwrap_err();
    assert!(matches!(past.kind(), ErrorKind::Overflow(_)));
    assert!(layout_dsl::evaluate(&format!("slice(({last},_), ({m},1):(-1,1))")).is_err());
    // An empty mode adds no reach: the slice of an empty layout still has
    // its base.
    let z = 0usize;
    let (col, base) = layout!(slice((_,3), (z,8):(-1,z))).unwrap();
    assert_eq!((col.size(), base), (0, 0));
}

proptest! {
    /// Named and written out agree (type, and value with the core's)
    /// over dynamic extents, coordinates and signs of static strides.
    #[test]
    fn named_is_written_out(
        m in 1usize..9, n in 1usize..9, i in 0usize..10, j in 0usize..10, k in 0usize..3,
    ) {
        let a = layout!((m,(3,n)):(-2,(1,-7)));
        let (got, ty) = same(
            layout!(slice((i,(k,_)), #a)),
            layout!(slice((i,(k,_)), (m,(3,n)):(-2,(1,-7)))),
        );
        prop_assert_eq!(ty, ISIZE);
        let core = core_view(&format!("slice(({i},({k},_)),({m},(3,{n})):(-2,(1,-7)))"));
        prop_assert_eq!(&got, &core);
        prop_assert_eq!(got.is_some(), i < m);

        let b = layout!((m,n):(n,-1));
        let (got, ty) = same(layout!(slice((_,j), #b)), layout!(slice((_,j), (m,n):(n,-1))));
        prop_assert_eq!(ty, ISIZE);
        prop_assert_eq!(got, core_view(&format!("slice((_,{j}),({m},{n}):({n},-1))")));

        // A 1-D coordinate split over a nested mode.
        let c = layout!(((m,2),n):((-3,-1),m));
        let (got, ty) = same(
            layout!(slice((i,_), #c)),
            layout!(slice((i,_), ((m,2),n):((-3,-1),m))),
        );
        prop_assert_eq!(ty, ISIZE);
        prop_assert_eq!(got, core_view(&format!("slice(({i},_),(({m},2),{n}):((-3,-1),{m}))")));
    }
}

#[test]
fn a_static_coordinate_on_a_dynamic_extent_is_checked_at_run_time() {
    // The macro's compile-time probe stands a dynamic extent as 1: it no
    // longer refuses `3` against `m` (only the ranks), the typed slice
    // checks the range.
    for m in 1..6usize {
        let core = core_view(&format!("slice((3,_),({m},8):(-1,1))"));
        let got = layout!(slice((3,_), (m,8):(-1,1))).ok();
        let got = got.map(|(l, b): (_, isize)| (l.to_string(), b as i64));
        assert_eq!(got, core, "m={m}");
        assert_eq!(got.is_some(), m > 3);
        let a = layout!((m,8):(8,1));
        let (named, written) = (
            layout!(slice((_,5), #a)),
            layout!(slice((_,5), (m,8):(8,1))),
        );
        assert_eq!(named.ok(), written.ok());
    }
}
