//! CuTe's printed answers (`tests/golden/cute_unit_tiles.txt`) by row,
//! where the typed nesting differs from CuTe's and why ([`differs`]), and
//! [`Rows`]: what a door printed, checked against CuTe's text (or, where it
//! differs, CuTe's layout as a function).

use std::collections::HashMap;

use layout_dsl::IntTuple;
use layout_dsl::typed::TypedLayout;

/// CuTe's rows: `layout|tiler|call` to CuTe's text without the static markers.
fn golden() -> HashMap<String, String> {
    let text = include_str!("../golden/cute_unit_tiles.txt");
    let rows = text.lines().map(|line| {
        let cells: Vec<&str> = line.split('|').collect();
        (cells[..3].join("|"), cells[3..].join("|").replace('_', ""))
    });
    rows.collect()
}

/// Why a row's printed nesting is not CuTe's, or `None` where it is.
///
/// - A mode of all-static leaves: CuTe coalesces it before dividing
///   (`(4,2):(1,4)` is `8:1`), a choice by value that a Rust type cannot
///   make; the typed result keeps the mode's leaves.
/// - A tile of 1 over a nested mode of static and dynamic leaves: CuTe's
///   rest is the mode composed leaf by leaf with the coalesced mode
///   (`((4,1),(1,2)):((1,4),(4,4))`); here it is the mode itself.
pub fn differs(key: &str) -> Option<&'static str> {
    // The tiler `(a,b)` of the row.
    let tiler = key.split('|').nth(1).unwrap();
    let unit = |i: usize| tiler[1..tiler.len() - 1].split(',').nth(i) == Some("1");
    // A tile of 1 over the nested mode is `_1:_0` in both.
    let unit_tile = |i: usize| key.contains("|local_tile") && unit(i);
    if key.starts_with("N1_static") && !unit_tile(0)
        || key.starts_with("N2_static") && !unit_tile(1)
    {
        return Some("CuTe coalesces an all-static nested mode");
    }
    let mixed_unit =
        key.starts_with("N1_mixed") && (key.contains("|(1,") && !key.contains("|local_tile"));
    mixed_unit.then_some("CuTe's rest of a tile of 1 over a mixed nested mode")
}

/// CuTe's printed layout as a core layout.
fn cute_layout(text: &str) -> layout_dsl::Layout {
    text.split('|').next().unwrap().parse().unwrap()
}

/// The rows the doors below produced, checked at the end.
#[derive(Default)]
pub struct Rows(Vec<(String, String, layout_dsl::Layout)>);

impl Rows {
    /// `key`'s result from `door`: its text (with `|first` for a tensor)
    /// and its layout as the core's.
    pub fn push<L: TypedLayout<Offset = usize>>(
        &mut self,
        key: String,
        layout: &L,
        first: Option<usize>,
    ) {
        let mut text = layout.to_string();
        if let Some(first) = first {
            text = format!("{text}|{first}");
        }
        let core: layout_dsl::Layout = text.split('|').next().unwrap().parse().unwrap();
        self.0.push((key, text, core));
    }

    /// Every row is CuTe's text, or where [`differs`] says why not, CuTe's
    /// layout as a function (size, offset at every index, first element).
    pub fn check(&self, door: &str, differs: fn(&str) -> Option<&'static str>) {
        let golden = golden();
        let mut exact = 0;
        for (key, text, core) in &self.0 {
            let want = golden
                .get(key)
                .unwrap_or_else(|| panic!("{door}: {key} not in the golden data"));
            match differs(key) {
                None => {
                    assert_eq!(text, want, "{door}: {key}");
                    exact += 1;
                }
                Some(why) => {
                    assert_ne!(
                        text, want,
                        "{door}: {key} is CuTe's ({why} no longer holds)"
                    );
                    let cute = cute_layout(want);
                    assert_eq!(core.size(), cute.size(), "{door}: {key}");
                    for i in 0..cute.size() {
                        let at = |l: &layout_dsl::Layout| l.crd2idx(&IntTuple::Int(i)).unwrap();
                        assert_eq!(at(core), at(&cute), "{door}: {key} at {i} ({why})");
                    }
                    assert_eq!(
                        text.split('|').nth(1),
                        want.split('|').nth(1),
                        "{door}: {key}"
                    );
                }
            }
        }
        assert!(
            exact >= self.0.len() / 2,
            "{door}: {exact} of {} exact",
            self.0.len()
        );
    }
}
