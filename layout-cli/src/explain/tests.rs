//! `explain` narrates the core's own steps: for every composition, divide
//! and product in the golden data (nested ones too), the layout its last
//! step shows is the layout `eval` gives.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::Tiling;
use layout_core::{Layout, Value, evaluate};

use crate::style::Styles;

/// The source text of every composition, divide or product call in `e`.
fn tiled_calls<'s>(src: &'s str, e: &Expr, out: &mut Vec<&'s str>) {
    match &e.kind {
        ExprKind::Call { name, args, .. } => {
            let how = layout_core::function(name).and_then(|f| f.tiling);
            if matches!(
                how,
                Some(
                    Tiling::Composition
                        | Tiling::Divide(_)
                        | Tiling::Product(_)
                        | Tiling::ZipProduct { .. }
                )
            ) {
                out.push(&src[e.span.start..e.span.end]);
            }
            args.iter().for_each(|a| tiled_calls(src, a, out));
        }
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            items.iter().for_each(|i| tiled_calls(src, i, out));
        }
        ExprKind::Layout(s, d) => {
            tiled_calls(src, s, out);
            tiled_calls(src, d, out);
        }
        _ => {}
    }
}

/// The layout at the end of the last numbered step of the last section.
fn last_step_layout(explanation: &str) -> Option<Layout> {
    let step = explanation.lines().rev().find(|line| {
        let line = line.trim_start();
        line.split_once(". ")
            .is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
    })?;
    let cut = [": ", " = "]
        .iter()
        .filter_map(|sep| step.rfind(sep).map(|i| i + sep.len()))
        .max()?;
    step[cut..].trim().parse().ok()
}

#[test]
fn explain_ends_on_the_divide_or_product_eval_gives() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../layout-core/tests/golden");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).expect("the golden data") {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            let src = case["expr"].as_str().unwrap();
            let Ok(expr) = layout_core::notation::parse(src) else {
                continue;
            };
            let mut calls = Vec::new();
            tiled_calls(src, &expr, &mut calls);
            for call in calls {
                let Ok(Value::Layout(expected)) = evaluate(call) else {
                    continue;
                };
                let shown = super::explain(call, Styles::new(false)).unwrap();
                assert_eq!(
                    last_step_layout(&shown).as_ref(),
                    Some(&expected),
                    "{call}:\n{shown}"
                );
                checked += 1;
            }
        }
    }
    // The golden data has about 670 divides and products and 300
    // compositions (nested ones counted).
    assert!(checked > 900, "only {checked} checked");
}

/// Every function of the registry has a narration (its entry names one,
/// which is all that picks it): its example is explained in steps, not
/// only given its result.
#[test]
fn every_registry_function_is_explained() {
    for f in layout_core::FUNCTIONS {
        assert_ne!(
            f.narration,
            layout_core::registry::Narration::ResultOnly,
            "{}: no narration in its registry entry",
            f.name
        );
        // Divides, products and composition are narrated from their tiling.
        assert_eq!(
            f.tiling.is_some(),
            f.narration == layout_core::registry::Narration::Tiling,
            "{}",
            f.name
        );
        let shown = super::explain(f.example, Styles::new(false)).unwrap();
        assert!(
            !shown.contains("no step-by-step explanation"),
            "{}:\n{shown}",
            f.example
        );
        assert!(shown.lines().count() >= 2, "{}:\n{shown}", f.example);
    }
}

/// A composition into coordinates (`B` with scaled-basis strides) groups
/// `B`'s leaves by the mode of `A` they name, each group a core
/// composition, and ends on the layout `eval` gives.
#[test]
fn composition_into_coordinates_groups_the_leaves_by_mode() {
    for (src, group) in [
        (
            "composition(((2,2),8):((1,16),2), (2,4,2):(2@0,2@1,1@0))",
            "leaves 0, 2 of B in mode @0 of A: A ∘ (2,2):(2@0,1@0) = (2,2):(16,1)",
        ),
        (
            "composition(make_identity_layout(((2,3),4)), (3,4):(2@0,1@1))",
            "leaf 0 of B in mode @0 of A: A ∘ 3:2@0 = 3:1@1@0",
        ),
    ] {
        let shown = super::explain(src, Styles::new(false)).unwrap();
        assert!(shown.contains(group), "{src}:\n{shown}");
        let result = evaluate(src).unwrap().to_string();
        let last = shown.lines().last().unwrap();
        assert!(last.ends_with(&format!("= {result}")), "{src}:\n{shown}");
    }
}

/// A composition into an identity-like layout (`A` with scaled-basis
/// strides) shows CuTe's walk where it is exact, and where CuTe's checks
/// refuse, each leaf decided alone and the layout `eval` gives.
#[test]
fn composition_of_coordinates_shows_the_walk_or_the_decision() {
    for (src, step) in [
        (
            "composition(make_identity_layout((4,8)), (4,4):(1,8))",
            "CuTe's walk over A's coalesced leaves gives (4,4):(1@0,2@1)",
        ),
        (
            "composition((2,4):(0,1@0), (2,2):(3,0))",
            "leaf 0: A ∘ 2:3 = 2:1@0",
        ),
    ] {
        let shown = super::explain(src, Styles::new(false)).unwrap();
        assert!(shown.contains(step), "{src}:\n{shown}");
        let result = evaluate(src).unwrap().to_string();
        assert!(
            shown.contains(&format!("{src} = {result}")),
            "{src}:\n{shown}"
        );
    }
    let shown = super::explain(
        "composition((2,4):(0,1@0), (2,2):(3,0))",
        Styles::new(false),
    )
    .unwrap();
    assert!(shown.contains("CuTe's checks refuse"), "{shown}");
}

/// A product over a hole CuTe's complement rounds down says so (the core's
/// rule: `B` stays in the copies below it) and ends on `eval`'s layout;
/// past the hole, `explain` refuses as `eval` does.
#[test]
fn a_rounded_hole_is_narrated() {
    for (src, note) in [
        (
            "tiled_product((2,(5,3)):(1,(2,64)), 4:1)",
            "rounds that hole down to 6; T's offsets stay below 6",
        ),
        (
            "raked_product((2,3):(1,5), 2:1)",
            "rounds that hole down to 2; B's offsets stay below 2",
        ),
        (
            "tile_to_shape((2,3):(1,5), (2,6))",
            "rounds that hole down to 2; the copies' offsets stay below 2",
        ),
        // A second rounded hole, above every copy B reads.
        (
            "logical_product((2,(5,3),2):(1,(2,64),1000), (2,3):(3,1))",
            "stride 1000 is not a multiple of the span 192 below it either: CuTe rounds that hole down to 5 too",
        ),
        (
            "blocked_product((2,2,2):(11,5,1), 2:1)",
            "stride 11 is not a multiple of the span 10 below it either: CuTe rounds that hole down to 1 too",
        ),
    ] {
        let shown = super::explain(src, Styles::new(false)).unwrap();
        assert!(shown.contains(note), "{src}:\n{shown}");
        let result = evaluate(src).unwrap().to_string();
        assert_eq!(
            last_step_layout(&shown).map(|l| l.to_string()),
            Some(result),
            "{src}:\n{shown}"
        );
    }
    let src = "logical_product((2,(9,3)):(1,(2,64)), 4:1)";
    assert!(evaluate(src).is_err());
    assert!(super::explain(src, Styles::new(false)).is_err());
}
