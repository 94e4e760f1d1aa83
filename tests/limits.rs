//! The widest and deepest typed layouts `layout!` gives: they compile and
//! agree with the core. One wider or deeper is a compile error
//! (`ui-tests/limits/`).

use layout_dsl::{IntTuple, Layout, layout};

fn core(notation: &str) -> Layout {
    notation.parse().expect("valid notation")
}

#[test]
fn rank_12_is_the_widest_typed_layout() {
    assert_eq!(layout_dsl::__private::MAX_RANK, 12);
    let l = layout!((2,2,2,2,2,2,2,2,2,2,2,3):(1,2,4,8,16,32,64,128,256,512,1024,2048));
    let reference = core("(2,2,2,2,2,2,2,2,2,2,2,3):(1,2,4,8,16,32,64,128,256,512,1024,2048)");
    assert_eq!(l.rank(), 12);
    assert_eq!(l.to_string(), reference.to_string());
    let coord = (1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 2);
    let expected = reference.crd2idx(&"(1,0,1,0,1,0,1,0,1,0,1,2)".parse().unwrap());
    assert_eq!(l.crd2idx(coord) as i64, expected.unwrap());
    assert_eq!(l.idx2crd(l.crd2idx(coord)), coord);
    assert_eq!(
        l.at(5000) as i64,
        reference.crd2idx(&IntTuple::Int(5000)).unwrap()
    );

    // Dynamic, and nested below another level.
    let m = 3;
    let wide = layout!(((2,2,2,2,2,2,2,2,2,2,2,m),4):((1,2,4,8,16,32,64,128,256,512,1024,2048),{2048 * m}));
    assert_eq!(wide.size(), 2048 * 3 * 4);
    assert_eq!(
        wide.crd2idx(((1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2), 1)),
        1 + 4096 + 6144
    );
}
