//! The tensor partitions (`layout_dsl::tensor::local_tile` and kin) against
//! CuTe C++'s answers for the same calls on a tensor over a counting
//! iterator (`layout-core/tests/golden/cute_partition.jsonl`): the view's
//! layout and its base. A tile CuTe pads past the layout needs an engine
//! that long, so each tensor's engine is the padded tile's reach.

use layout_dsl::expr::ExprKind;
use layout_dsl::tensor::{
    Tensor, inner_partition, local_partition, local_partition_step, local_tile, local_tile_step,
    outer_partition,
};
use layout_dsl::{Coord, Tiler, Value, eval, notation};

fn coord(v: &Value) -> Coord {
    match v {
        Value::Coord(c) => c.clone(),
        Value::IntTuple(t) => Coord::from(t.clone()),
        other => panic!("not a coordinate: {other}"),
    }
}

/// The tensor function's view for a golden call: its layout and base.
fn tensor_view(name: &str, args: &[Value]) -> (String, usize) {
    let Value::Layout(l) = &args[0] else {
        panic!("{name}: the operand is a layout");
    };
    // Long enough for every row's padded tiles (the largest reach is below 2^17).
    let data = vec![0u8; 1 << 17];
    let t = Tensor::new(&data[..], l.clone()).unwrap();
    let tiler = || Tiler::try_from(args[1].clone()).unwrap();
    let view = match (name, args.len()) {
        ("local_tile", 3) => local_tile(t, tiler(), coord(&args[2])),
        ("local_tile", 4) => local_tile_step(t, tiler(), coord(&args[2]), coord(&args[3])),
        ("inner_partition", 3) => inner_partition(t, tiler(), coord(&args[2])),
        ("outer_partition", 3) => outer_partition(t, tiler(), coord(&args[2])),
        ("local_partition", n) => {
            let (Value::Layout(thr), Value::IntTuple(layout_dsl::IntTuple::Int(i))) =
                (&args[1], &args[2])
            else {
                panic!("local_partition(L, THR, I…)");
            };
            let i = usize::try_from(*i).unwrap();
            match n {
                3 => local_partition(t, thr, i),
                _ => local_partition_step(t, thr, i, coord(&args[3])),
            }
        }
        _ => panic!("{name}"),
    }
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    (view.layout().to_string(), view.base())
}

/// Every value row, the golden steps and coordinates passed as core `Coord`s.
#[test]
fn tensor_partitions_are_cutes() {
    let golden = include_str!("../layout-core/tests/golden/cute_partition.jsonl");
    let mut checked = 0;
    for line in golden.lines() {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let Some(expect) = row["expect"].as_str() else {
            continue;
        };
        let src = row["expr"].as_str().unwrap();
        let expr = notation::parse(src).unwrap();
        let ExprKind::Call { name, args, .. } = &expr.kind else {
            panic!("{src}: a call");
        };
        let args: Vec<Value> = args.iter().map(|a| eval(a).unwrap()).collect();
        let (layout, base) = tensor_view(name, &args);
        assert_eq!(format!("view({layout},{base})"), expect, "{src}");
        checked += 1;
    }
    assert!(checked >= 80, "{checked} rows");
}
