//! `layout print --svg`/`--html` as a user runs them: the SVG parsed as
//! XML, one rect per cell, one fill per tile or copy, tilers escaped.

mod common;

use common::{SEED, layout, ok};

/// How many elements of the drawing have the class `c`.
fn count_class(doc: &roxmltree::Document, c: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(c))
        .count()
}

/// The distinct fills of the drawing's cells, sorted.
fn cell_fills<'a>(doc: &'a roxmltree::Document) -> Vec<&'a str> {
    let mut fills: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .filter_map(|n| n.attribute("fill"))
        .collect();
    fills.sort_unstable();
    fills.dedup();
    fills
}

#[test]
fn svg_is_valid_xml_with_one_rect_per_cell() {
    let svg = ok(&["print", "--svg", "-", "zipped_divide((4,6):(1,4), (2,3))"]);
    let doc = roxmltree::Document::parse(&svg).expect("SVG parses as XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let class = |c: &str| count_class(&doc, c);
    // Two panels, A (4×6) and the result (6×4), 24 cells each.
    assert_eq!(class("panel"), 2);
    assert_eq!(class("cell"), 48);
    assert_eq!(class("offset"), 48);
    assert_eq!(class("col"), 6 + 4);
    assert_eq!(class("row"), 4 + 6);
    assert!(class("tile-edge") > 0);
    // Four tiles: four different fills among the cells of A.
    let fills = cell_fills(&doc);
    assert_eq!(fills.len(), 4, "{fills:?}");
}

#[test]
fn svg_of_a_by_mode_product_has_a_colour_per_copy() {
    let svg = ok(&[
        "print",
        "--svg",
        "-",
        "logical_product((2,2):(1,2), <3:1,2:1>)",
    ]);
    let doc = roxmltree::Document::parse(&svg).expect("SVG parses as XML");
    let class = |c: &str| count_class(&doc, c);
    // A product draws only the result: ((2,3),(2,2)), 6 rows × 4 columns.
    assert_eq!(class("panel"), 1);
    assert_eq!(class("cell"), 24);
    assert!(class("tile-edge") > 0);
    // 3 × 2 copies of A, one fill each.
    let fills = cell_fills(&doc);
    assert_eq!(fills.len(), 6, "{fills:?}");
}

#[test]
fn svg_and_html_files() {
    let dir = std::env::temp_dir().join(format!("layout-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (svg, html) = (dir.join("seed.svg"), dir.join("seed.html"));
    let out = layout()
        .args(["print", "--svg"])
        .arg(&svg)
        .arg("--html")
        .arg(&html)
        .arg(SEED)
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cells = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .count();
    assert_eq!(cells, 120);
    let html = std::fs::read_to_string(&html).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn svg_escapes_tilers() {
    let svg = ok(&["print", "--svg", "-", "composition((4,6):(1,4), <2:1,3:2>)"]);
    roxmltree::Document::parse(&svg).expect("`<…>` is escaped");
    assert!(svg.contains("&lt;2:1,3:2&gt;"));
}
