//! CuTe's ordered constructors, `tile_to_shape` and the recasts through
//! `layout!`: folded while compiling when static, the core at run time
//! when a leaf is dynamic; each checked against the core on the same text.

use layout_dsl::{Layout, evaluate, layout};

/// The core's value of `notation`, printed.
fn core(notation: &str) -> String {
    evaluate(notation).unwrap().to_string()
}

#[test]
fn static_calls_fold_to_layouts() {
    let ordered = layout!(make_ordered_layout((2, 3, 4), (1, 2, 0)));
    assert_eq!(ordered.to_string(), "(2,3,4):(4,8,1)");
    assert_eq!(ordered.crd2idx((1, 2, 3)), 4 + 16 + 3);
    let like = layout!(make_layout_like((2,3,4,5):(0,42,1,0)));
    assert_eq!(
        like.to_string(),
        core("make_layout_like((2,3,4,5):(0,42,1,0))")
    );
    let fragment = layout!(make_fragment_like(((2,2),4,3):((4,1),0,16)));
    assert_eq!(fragment.to_string(), "((2,2),4,3):((1,2),4,16)");
    let tiled = layout!(tile_to_shape((2,2):(1,2), (4,6), LayoutRight));
    assert_eq!(
        tiled.to_string(),
        core("tile_to_shape((2,2):(1,2), (4,6), (1,0))")
    );
    assert_eq!(layout!(upcast((8,4):(1,8), 2)).to_string(), "(4,4):(1,4)");
    assert_eq!(
        layout!(downcast((4,8):(8,1), 2)).to_string(),
        "(4,16):(16,1)"
    );
    let recast = layout!(recast_layout((4,8):(8,1), 64, 16));
    assert_eq!(recast.to_string(), "(4,32):(32,1)");
    assert_eq!(layout!(size(recast_layout((4,8):(8,1), 8, 32))), 8);
    assert_eq!(layout!(complement(2:2, (3,5))).to_string(), "(2,3):(1,4)");
}

#[test]
fn dynamic_calls_run_the_core() {
    let n = 2;
    let up: Result<Layout, layout_dsl::Error> = layout!(upcast((8,4):(1,8), n));
    assert_eq!(up.unwrap().to_string(), core("upcast((8,4):(1,8), 2)"));
    let m = 6;
    let tiled = layout!(tile_to_shape((2,2):(1,2), (4,m)));
    assert_eq!(
        tiled.unwrap().to_string(),
        core("tile_to_shape((2,2):(1,2), (4,6))")
    );
    let three = 3;
    let bad = layout!(upcast(8:three, 4));
    assert!(bad.unwrap_err().to_string().contains("upcast by 4"));
}
