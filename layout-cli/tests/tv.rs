//! `layout print --tv`: the thread–value pictures as text (insta
//! snapshots) and as SVG (parsed as XML, one cell per element of the tile).

mod common;

use common::{fails, ok};

#[test]
fn tv_text_of_a_tiled_copy() {
    let text = ok(&[
        "print",
        "--tv",
        "--color",
        "never",
        "layout_tv((4,8):(1,4), (2,2):(1,2))",
    ]);
    insta::assert_snapshot!("tv_layout_tv", text);
}

#[test]
fn tv_text_of_an_mma_atom_has_a_b_and_c() {
    let text = ok(&[
        "print",
        "--tv",
        "--color",
        "never",
        "SM80_16x8x8_F16F16F16F16_TN",
    ]);
    insta::assert_snapshot!("tv_sm80_16x8x8", text);
}

/// The cells of an SVG: (x, y, fill, label), in document order.
fn cells(svg: &str) -> Vec<(f64, f64, String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("SVG parses as XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .map(|n| {
            let num = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
            let label = n
                .next_sibling_element()
                .and_then(|t| t.text())
                .unwrap_or("");
            let fill = n.attribute("fill").unwrap().to_string();
            (num("x"), num("y"), fill, label.to_string())
        })
        .collect()
}

#[test]
fn tv_svg_of_a_64x64_accumulator_has_every_cell() {
    let svg = ok(&[
        "print",
        "--tv",
        "--svg",
        "-",
        "mma_layout(SM90_64x64x16_F32F16F16_SS, C)",
    ]);
    let cells = cells(&svg);
    assert_eq!(cells.len(), 64 * 64);
    // Row 0 of the GMMA accumulator: thread 0 holds columns 0 and 1, thread 1 the next two.
    let labels: Vec<&str> = cells[..4].iter().map(|c| c.3.as_str()).collect();
    assert_eq!(labels, ["T0V0", "T0V1", "T1V0", "T1V1"]);
    // One colour per thread: equal labels' threads, equal fills.
    assert_eq!(cells[0].2, cells[1].2);
    assert_ne!(cells[1].2, cells[2].2);
}

#[test]
fn tv_svg_places_b_above_c_and_a_left_of_it() {
    let svg = ok(&[
        "print",
        "--tv",
        "--svg",
        "-",
        "SM80_16x8x16_F16F16F16F16_TN",
    ]);
    let cells = cells(&svg);
    // A 16×16, B 16×8 (K×N), C 16×8.
    assert_eq!(cells.len(), 256 + 128 + 128);
    let (a, b, c) = (&cells[0], &cells[256], &cells[384]);
    assert!(b.1 < a.1 && b.1 < c.1, "B above A and C");
    assert!(
        a.0 < c.0 && (b.0 - c.0).abs() < 1e-9,
        "A left of C, B over C"
    );
}

/// `ldmatrix` as PTX documents it: thread `8i + r` addresses row `r` of
/// matrix `i`; thread `t` receives, of each matrix, row `t / 4`, elements
/// `2 (t % 4)` and `2 (t % 4) + 1`.
#[test]
fn tv_text_of_a_copy_atom_has_src_and_dst_as_ldmatrix_moves_them() {
    let text = ok(&["print", "--tv", "--color", "never", "SM75_U32x1_LDSM_N"]);
    let src = text.split("DST =").next().unwrap();
    assert!(
        src.contains("\n5  T5V0 T5V1 T5V2 T5V3 T5V4 T5V5 T5V6 T5V7\n"),
        "{text}"
    );
    assert!(
        text.contains("\n3  T12V0 T12V1 T13V0 T13V1 T14V0 T14V1 T15V0 T15V1\n"),
        "{text}"
    );
    insta::assert_snapshot!("tv_ldsm_x1", text);
}

#[test]
fn tv_svg_of_ldmatrix_x4_puts_src_beside_dst() {
    let svg = ok(&["print", "--tv", "--svg", "-", "SM75_U32x4_LDSM_N"]);
    let cells = cells(&svg);
    // Four 8×8 matrices of 16-bit elements, in SRC and in DST.
    assert_eq!(cells.len(), 2 * 4 * 64);
    let (src, dst) = cells.split_at(256);
    assert!(
        (src[0].1 - dst[0].1).abs() < 1e-9 && src[0].0 < dst[0].0,
        "SRC left of DST"
    );
    for m in 0..4 {
        for r in 0..8 {
            let row = 8 * m + r;
            // SRC: thread 8m + r addresses row r of matrix m, values 0..8 along it.
            assert_eq!(src[row * 8 + 3].3, format!("T{row}V3"));
            // DST: thread 4r + c/2 receives element c of row r of each matrix, value 2m + c % 2.
            for c in 0..8 {
                let want = format!("T{}V{}", 4 * r + c / 2, 2 * m + c % 2);
                assert_eq!(dst[row * 8 + c].3, want, "matrix {m}, row {r}, element {c}");
            }
        }
    }
}

#[test]
fn tv_of_a_plain_layout_is_refused() {
    let stderr = fails(&["print", "--tv", "(4,8):(1,4)"]);
    assert!(stderr.contains("expected a TV layout"), "{stderr}");
    assert!(stderr.contains("^^^^^^^^^^^"), "{stderr}");
}

#[test]
fn tv_pictures_too_large_or_leaving_their_tile_are_refused() {
    // 2^23 cells: past the table limit, refused before anything is allocated.
    let big = fails(&[
        "print",
        "--tv",
        "layout_tv((4096,512):(1,4096), (2,2):(1,2))",
    ]);
    assert!(
        big.contains("8388608 entries is larger than the limit"),
        "{big}"
    );
    // A value layout that is not injective: CuTe's TV layout (the same as
    // ours) reaches past the tile, which has no cell to draw it in.
    let out = fails(&["print", "--tv", "layout_tv((4,8):(1,4), (2,2):(0,0))"]);
    assert!(out.contains("128 is out of range 0..128"), "{out}");
}

#[test]
fn explain_layout_tv_shows_the_raked_product_the_inverse_and_the_reshape() {
    let text = ok(&["explain", "layout_tv((4,8):(1,4), (2,2):(1,2))"]);
    insta::assert_snapshot!("explain_layout_tv", text);
}

#[test]
fn explain_tiled_mma_layout_shows_cutes_steps() {
    let text = ok(&[
        "explain",
        "tiled_mma_layout(SM80_16x8x8_F16F16F16F16_TN, (2,2,1):(1,2,4), A)",
    ]);
    insta::assert_snapshot!("explain_tiled_mma_layout", text);
}
