//! The typed products' check where CuTe's complement rounds a hole down
//! (`src/private/partial.rs`): a model of CuTe's product built from the
//! core's composition, injective.

use layout_dsl::typed::{AlgebraError, TypedLayout};

use super::{agrees, core};

#[allow(dead_code)] // Only the product tests use it.
/// A typed product against the core on `A`'s and `B`'s texts: [`agrees`]
/// where the core answers. Where it refuses and the typed product answers
/// (CuTe's complement rounds a hole `stride / span` down, exact when `B`
/// stays below it: src/private/partial.rs), the answer must be injective
/// and equal, as a function, to `(A, C∘B)` with `C` CuTe's complement
/// built here from `A`'s leaves (holes rounded down) and `C∘B` the core's
/// composition. Whether the typed path answered.
pub fn product_agrees<L: TypedLayout>(
    typed: Result<L, AlgebraError>,
    function: &str,
    a: &str,
    b: &str,
) -> bool
where
    L::Offset: TryInto<i64>,
{
    let text = format!("{function}({a}, {b})");
    if core(&text).is_some() {
        return agrees(typed, &text);
    }
    let Ok(typed) = typed else {
        return false;
    };
    assert!(
        [
            "logical_product",
            "zipped_product",
            "tiled_product",
            "flat_product"
        ]
        .contains(&function),
        "{text}: only these round a hole"
    );
    let (al, bl): (layout_dsl::Layout, layout_dsl::Layout) =
        (a.parse().unwrap(), b.parse().unwrap());
    let mut leaves: Vec<(usize, i64, i64)> = (al.leaf_modes().enumerate())
        .filter(|&(_, (s, d))| s != 1 && d != 0)
        .map(|(i, (s, d))| (i, s, d))
        .collect();
    leaves.sort_by_key(|&(i, _, d)| (d, i));
    let (mut span, mut shape, mut stride) = (1i64, Vec::new(), Vec::new());
    for (_, s, d) in leaves {
        (shape, stride) = (
            [shape, vec![d / span]].concat(),
            [stride, vec![span]].concat(),
        );
        span = s * d;
    }
    let cotarget = al.size() * bl.cosize();
    shape.push((cotarget + span - 1) / span);
    stride.push(span);
    let join = |v: &[i64]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let c = format!("({}):({})", join(&shape), join(&stride));
    let d = core(&format!("composition({c}, {b})"))
        .unwrap_or_else(|| panic!("{text}: {typed}, but the core cannot compose {c} with {b}"));
    let logical: layout_dsl::Layout = format!(
        "({},{}):({},{})",
        al.shape(),
        d.shape(),
        al.stride(),
        d.stride()
    )
    .parse()
    .unwrap();
    let mut seen = std::collections::HashSet::new();
    for i in 0..logical.size() {
        let offset = logical.crd2idx(&layout_dsl::IntTuple::Int(i)).unwrap();
        assert!(
            seen.insert(offset),
            "{text}: {logical} is not injective at {i}"
        );
        let got = typed.at(i as usize).try_into().ok();
        assert_eq!(got, Some(offset), "{text}: {typed} vs {logical} at {i}");
    }
    assert_eq!(typed.size() as i64, logical.size(), "{text}");
    true
}
