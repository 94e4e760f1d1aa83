//! `layout print` of swizzled (composed) layouts and `layout access`, as a
//! user runs them: snapshots of the text, the bank SVG parsed as XML.

mod common;

use common::{layout, ok};

const LDMATRIX_X4: &str = "((8,4),8):((1,64),8)";

#[test]
fn print_shows_swizzled_offsets_and_optionally_the_pre_swizzle_ones() {
    let expr = "composition(Sw<2,0,2>, (4,4):(4,1))";
    let swizzled = ok(&["print", "--color", "never", expr]);
    // row 1 = offsets 4..8, bits 2..4 = 1 flip bit 0: 5 4 7 6
    assert!(swizzled.contains("│  5 │  4 │  7 │  6 │"), "{swizzled}");
    insta::assert_snapshot!("print_swizzled", swizzled);
    let both = ok(&["print", "--color", "never", "--pre-swizzle", expr]);
    assert!(
        both.contains("before the swizzle: 0 + (4,4):(4,1)"),
        "{both}"
    );
    assert!(both.contains("│  4 │  5 │  6 │  7 │"), "{both}");
    assert!(both.ends_with(&swizzled), "{both}");
}

#[test]
fn access_reports_the_ldmatrix_numbers() {
    let plain = ok(&["access", LDMATRIX_X4, "(8,64):(64,1)", "--bytes", "2"]);
    assert!(
        plain.contains("shared memory: 32 wavefronts, ideal 4 (8.00x)"),
        "{plain}"
    );
    insta::assert_snapshot!("access_ldmatrix_plain", plain);
    let swizzled = ok(&[
        "access",
        LDMATRIX_X4,
        "Sw<3,3,3> o 0 o (8,64):(64,1)",
        "--bytes",
        "2",
    ]);
    assert!(
        swizzled.contains("shared memory: 4 wavefronts, ideal 4 (1.00x)"),
        "{swizzled}"
    );
}

#[test]
fn access_errors_point_into_the_call() {
    let out = layout()
        .args(["access", "(32,32):(1,32)", "(32,32):(32,1)", "--bytes", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("access_bad_bytes", String::from_utf8(out.stderr).unwrap());
}

#[test]
fn access_svg_colours_cells_by_bank() {
    let svg = ok(&[
        "access",
        "--svg",
        "-",
        LDMATRIX_X4,
        "Sw<3,3,3> o 0 o (8,64):(64,1)",
        "--bytes",
        "2",
    ]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cells = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .count();
    assert_eq!(cells, 8 * 64);
    let offsets: Vec<i64> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("offset"))
        .map(|n| n.text().unwrap().parse().unwrap())
        .collect();
    // row 1, column 0 of the swizzled tile: 64 with bits 6..9 = 1 flipping bit 3
    assert_eq!(offsets[64], 72);
}

#[test]
fn swizzle_for_proposes_the_128_byte_swizzle_for_ldmatrix() {
    let out = ok(&["swizzle-for", LDMATRIX_X4, "(8,64):(64,1)", "--bytes", "2"]);
    assert!(out.ends_with("\nSw<3,3,3>\n"), "{out}");
    insta::assert_snapshot!("swizzle_for_ldmatrix", out);
    let transpose = ok(&[
        "swizzle-for",
        "(32,32):(1,32)",
        "(32,32):(32,1)",
        "--bytes",
        "4",
        "--values",
        "1",
    ]);
    assert!(
        transpose.contains("before (32,32):(32,1): 1024 wavefronts, ideal 32 (32.00x)"),
        "{transpose}"
    );
    assert!(transpose.ends_with("\nSw<5,0,5>\n"), "{transpose}");
}

#[test]
fn eval_json_of_a_composed_layout_has_its_parts_and_offsets() {
    let out = ok(&["eval", "--json", "Sw<1,0,1> o 0 o 4:1"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let value = &v["value"];
    assert_eq!(value["kind"], "composed");
    assert_eq!(value["outer"], "Sw<1,0,1>");
    assert_eq!(value["inner"]["text"], "4:1");
    assert_eq!(value["map"], serde_json::json!([0, 1, 3, 2]));
}

#[test]
fn explain_follows_a_composed_layout_through_its_inner_layout() {
    let out = ok(&[
        "explain",
        "--color",
        "never",
        "crd2idx((3,17), Sw<3,3,3> o 0 o (8,64):(64,1))",
    ]);
    assert!(
        out.contains("0 + inner offset = 209, and Sw<3,3,3>(209) = 201"),
        "{out}"
    );
    insta::assert_snapshot!("explain_composed_crd2idx", out);
}

#[test]
fn swizzle_for_refuses_a_layout_already_swizzled_pointing_at_it() {
    let out = layout()
        .args([
            "swizzle-for",
            LDMATRIX_X4,
            "Sw<3,3,3> o 0 o (8,64):(64,1)",
            "--bytes",
            "2",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("swizzle-for searches over an unswizzled layout"),
        "{err}"
    );
    assert!(err.contains(&format!("{}^^^", " ".repeat(31))), "{err}");
}

#[test]
fn slices_inverses_and_layout_outers_print_and_explain() {
    // A layout as the outer function: cell (1,2) is (4,4):(4,1) at 1 + 4 + 2 = 7, i.e. 3*4 + 1.
    let printed = ok(&["print", "--color", "never", "(4,4):(4,1) o 1 o (2,4):(4,1)"]);
    assert!(printed.contains("1 │  5 │  9 │ 13 │  2 │"), "{printed}");
    let slice = ok(&[
        "explain",
        "--color",
        "never",
        "slice((_,3), Sw<3,3,3> o 0 o (8,64):(64,1))",
    ]);
    assert!(
        slice.contains("the slice decays to the plain (8):(72) starting at 3"),
        "{slice}"
    );
    assert!(slice.ends_with("slice = view((8):(72),3)\n"), "{slice}");
    let inverse = ok(&[
        "explain",
        "--color",
        "never",
        "right_inverse(Sw<3,3,3> o 0 o (8,64):(64,1))",
    ]);
    assert!(
        inverse.contains("checked at every index: C(R(i)) = i below size(R)"),
        "{inverse}"
    );
    assert!(
        inverse.ends_with("right_inverse = Sw<3,0,-6> o 0 o (64,8):(8,1)\n"),
        "{inverse}"
    );
    let moved = ok(&[
        "explain",
        "--color",
        "never",
        "composition((8,64):(64,1), Sw<3,0,3>)",
    ]);
    assert!(moved.contains("L(56) = 7"), "{moved}");
}

/// `explain` of an access shows each warp access and the worst one's
/// phases: an (8,64) fp16 tile's column is 8 rows 128 bytes apart, all in
/// bank 0 (words 0, 32, …, 224); under Sw<3,3,3> each phase asks one word
/// of each bank.
#[test]
fn explain_access_shows_the_worst_accesss_phases() {
    let plain = ok(&[
        "explain",
        "--color",
        "never",
        &format!("access({LDMATRIX_X4}, (8,64):(64,1), 2)"),
    ]);
    assert!(
        plain.contains("warp 0 values 0..8: 32 wavefronts (ideal 4), 16 sectors (ideal 16)"),
        "{plain}"
    );
    assert!(
        plain.contains(
            "bank 0 is asked for 8 distinct words [0, 32, 64, 96, 128, 160, 192, 224]: 8 wavefronts"
        ),
        "{plain}"
    );
    let swizzled = ok(&[
        "explain",
        "--color",
        "never",
        &format!("access({LDMATRIX_X4}, Sw<3,3,3> o 0 o (8,64):(64,1), 2)"),
    ]);
    assert!(
        swizzled.contains("the worst access, warp 0 values 0..8: 4 wavefronts against 4"),
        "{swizzled}"
    );
    assert_eq!(swizzled.matches("distinct words").count(), 4, "{swizzled}");
    assert_eq!(
        swizzled.matches("1 distinct words").count(),
        4,
        "{swizzled}"
    );
}
