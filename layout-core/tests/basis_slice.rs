//! `slice` (CuTe's `slice_and_offset`) on layouts with scaled-basis
//! strides, checked by its defining law at every coordinate: coordinate `k`
//! of the view is the layout at the coordinate with `k` in place of the
//! underscores, `L(c[_ := k]) = OFFSET + slice(c, L)(k)`, summed component
//! by component; and `dice` keeps exactly the modes `slice` drops.

use std::collections::BTreeMap;

use layout_core::{BasisTuple, IntTuple, Value, evaluate, idx2crd};

/// A coordinate as a map from basis path to value, zeros dropped.
type Coord = BTreeMap<Vec<usize>, i64>;

fn add_tuple(t: &IntTuple, path: &mut Vec<usize>, out: &mut Coord) {
    match t {
        IntTuple::Int(n) => *out.entry(path.clone()).or_default() += n,
        IntTuple::Tuple(v) => {
            for (i, t) in v.iter().enumerate() {
                path.push(i);
                add_tuple(t, path, out);
                path.pop();
            }
        }
    }
}

fn add_basis(t: &BasisTuple, out: &mut Coord) {
    match t {
        BasisTuple::Leaf(d) => *out.entry(d.modes().to_vec()).or_default() += d.value(),
        BasisTuple::Tuple(_) => panic!("a stride tuple as an offset: {t}"),
    }
}

/// What `crd2idx` or an offset gives, as paths.
fn coord_of(v: &Value, out: &mut Coord) {
    match v {
        Value::IntTuple(t) => add_tuple(t, &mut Vec::new(), out),
        Value::Basis(t @ BasisTuple::Leaf(_)) => add_basis(t, out),
        other => panic!("not a coordinate: {other}"),
    }
}

fn eval(src: &str) -> Value {
    evaluate(src).unwrap_or_else(|e| panic!("{src}: {e}"))
}

const LAYOUTS: &[&str] = &[
    "make_identity_layout((4,8))",
    "make_identity_layout(((2,3),4))",
    "make_identity_layout((2,3,4))",
    "make_identity_layout((2,(3,2)))",
    "zipped_divide(make_identity_layout((8,8)), (2,4))",
    "(4,8):(1@1,1@0)",
    "(4,8,2):(0,1@1,2@0)",
    "(3,(2,2)):(2@0,(1@0,1@1@1))",
];

/// Each top-level mode `_` or one integer (split over the mode), every combination.
fn patterns(extents: &[i64]) -> Vec<Vec<Option<i64>>> {
    let mut out = vec![Vec::new()];
    for &extent in extents {
        let mut next = Vec::new();
        for p in &out {
            let mut kept = p.clone();
            kept.push(None);
            next.push(kept);
            for k in [0, extent - 1, extent / 2] {
                let mut fixed = p.clone();
                fixed.push(Some(k));
                next.push(fixed);
            }
        }
        out = next;
    }
    out
}

fn render(p: &[Option<i64>], fill: &[IntTuple]) -> String {
    let mut fill = fill.iter();
    let parts: Vec<String> = p
        .iter()
        .map(|m| match m {
            Some(k) => k.to_string(),
            None => fill.next().map_or("_".into(), |t| t.to_string()),
        })
        .collect();
    format!("({})", parts.join(","))
}

#[test]
fn slice_is_the_layout_from_its_offset() {
    let mut checked = 0;
    for src in LAYOUTS {
        let Value::BasisLayout(l) = eval(src) else {
            panic!("{src}")
        };
        let IntTuple::Tuple(modes) = l.shape().clone() else {
            panic!("{src}")
        };
        let extents: Vec<i64> = modes.iter().map(|m| m.size().unwrap()).collect();
        for p in patterns(&extents) {
            let c = render(&p, &[]);
            let Value::BasisView(v) = eval(&format!("slice({c}, {l})")) else {
                panic!("slice({c}, {l}) is not a view")
            };
            let kept: Vec<IntTuple> = p
                .iter()
                .zip(&modes)
                .filter(|(p, _)| p.is_none())
                .map(|(_, m)| m.clone())
                .collect();
            // dice keeps the other modes, in order: CuTe's select of them.
            let fixed: Vec<String> = (0..p.len())
                .filter(|&i| p[i].is_some())
                .map(|i| i.to_string())
                .collect();
            if !fixed.is_empty() {
                let diced = eval(&format!("dice({c}, {l})")).to_string();
                let selected = eval(&format!("select({l}, {})", fixed.join(", "))).to_string();
                assert_eq!(diced, selected, "dice({c}, {l})");
            }
            for k in 0..v.layout().size() {
                let inner = idx2crd(&IntTuple::Int(k), &IntTuple::Tuple(kept.clone())).unwrap();
                let IntTuple::Tuple(fill) = inner.clone() else {
                    unreachable!()
                };
                let full = render(&p, &fill);
                let mut want = Coord::new();
                coord_of(&l.crd2idx(&full.parse().unwrap()).unwrap(), &mut want);
                let mut got = Coord::new();
                match v.offset() {
                    t @ BasisTuple::Leaf(_) => add_basis(t, &mut got),
                    t => add_tuple(&t.to_string().parse().unwrap(), &mut Vec::new(), &mut got),
                }
                coord_of(&v.layout().crd2idx(&inner).unwrap(), &mut got);
                want.retain(|_, x| *x != 0);
                got.retain(|_, x| *x != 0);
                assert_eq!(got, want, "slice({c}, {l}) = {v} at {k}: L{full}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}
