//! An identity tensor's partitions past `i64` (issue 13 §2, "never a
//! wrong answer"), entry by entry against the core's partitions, with the
//! views' sweep (tests/overflow_sweep/views.rs).

#[macro_use]
mod overflow_sweep;

use layout_dsl::layout;
use layout_dsl::tensor::{X, typed};
use overflow_sweep::partition::report;
use overflow_sweep::views::{last, sweep};

/// An identity tensor's partitions, entry by entry: entry `k`'s layout is
/// the integer layout `shape:e_k` (stride 1 in mode `k`, 0 elsewhere), and
/// every partition acts on each alike (src/tensor/typed_identity.rs), so
/// entry `k` of a partition is the core's partition of `shape:e_k`, and
/// its origin (the coordinate of element 0) the core's base. The core's
/// identity layout (`make_identity_layout`, scaled-basis strides) refuses
/// where these integer layouts do (a size past `i64::MAX`).
#[test]
fn identity_partitions() {
    use layout_dsl::typed::C;
    let thr = layout!(type (4,2):(1,4));
    let entry = |k: usize, a: usize, b: usize| match k {
        0 => format!("({a},{b}):(1,0)"),
        _ => format!("({a},{b}):(0,1)"),
    };
    let mut families = Vec::new();
    for k in 0..2 {
        families.push(sweep(
            "identity local_tile(<4,8>, ((a-1)/4,(b-1)/8))",
            |a, b| {
                let op = entry(k, a, b);
                let (i, j) = (last(a) / 4, last(b) / 8);
                let typed = typed::make_identity_tensor((a, b))
                    .local_tile((C::<4>, C::<8>), (i, j))
                    .map(|t| answer!(t.entry_layouts()[k], t.get((0, 0))[k], 0));
                (
                    format!("local_tile({op}, (4,8), ({i},{j}))"),
                    op,
                    typed.map_err(|e| e.to_string()),
                )
            },
        ));
        families.push(sweep("identity local_tile(<4,2>, ((a-1)/4,0))", |a, b| {
            let op = entry(k, a, b);
            let i = last(a) / 4;
            let typed = typed::make_identity_tensor((a, b))
                .local_tile((C::<4>, C::<2>), (i, 0))
                .map(|t| answer!(t.entry_layouts()[k], t.get((0, 0))[k], 0));
            (
                format!("local_tile({op}, (4,2), ({i},0))"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }));
        families.push(sweep("identity local_partition((4,2):(1,4), 3)", |a, b| {
            let op = entry(k, a, b);
            let typed = typed::make_identity_tensor((a, b))
                .local_partition(&thr, 3)
                .map(|t| answer!(t.entry_layouts()[k], t.get((0, 0))[k], 0));
            (
                format!("local_partition({op}, (4,2):(1,4), 3)"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }));
        families.push(sweep("identity slice((_,b-1))", |a, b| {
            let op = entry(k, a, b);
            let j = last(b);
            let typed = typed::make_identity_tensor((a, b))
                .slice((X, j))
                .map(|t| answer!(t.entry_layouts()[k], t.get((0,))[k], 0));
            (
                format!("slice((_,{j}), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }));
    }
    // A nested shape: one entry per leaf, `((2,a),b)`'s three.
    for k in 0..3 {
        families.push(sweep("identity ((2,a),b) slice((_,b-1))", |a, b| {
            let strides = ["((1,0),0)", "((0,1),0)", "((0,0),1)"][k];
            let op = format!("((2,{a}),{b}):{strides}");
            let j = last(b);
            let typed = typed::make_identity_tensor(((C::<2>, a), b))
                .slice((X, j))
                .map(|t| answer!(t.entry_layouts()[k], t.get(((0, 0),))[k], 0));
            (
                format!("slice((_,{j}), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }));
    }
    let counts = report(&families);
    let entry = [(249, 177), (253, 115), (354, 115), (306, 0)];
    let nested = [(192, 0); 3];
    assert_eq!(counts, [&entry[..], &entry[..], &nested[..]].concat());
}
