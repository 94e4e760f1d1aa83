//! A `make_layout` whose last layout has a run-time leaf, read past its
//! size (a composition's `A`, or the `B` of a composition itself read past
//! its size): `type` refuses it at that layout
//! (layout-macros/src/typed/nested_held.rs, `PAST_SIZE`; the expansion
//! test `a_make_layout_read_past_its_size_says_why`), and this is why.
//! Past its size a layout goes on along its last leaf, from `L(size)`;
//! CuTe's nesting of the last layout (the one the typed path would write)
//! can end in another leaf than the core's, so the whole is another
//! layout though the `make_layout` agrees with the core's on its domain.
//!
//! CUTLASS's prints (tests/golden/cute_held_last.txt: a host program
//! outside the repository, `int` for `m` and `k`, m in 0..=9, 12, 16 and
//! k in 0..=5; m = 0 divides by zero in CuTe for H1, H3, H5, I1, left
//! out) of six such calls `H1`…`H6` and of their `make_layout`s `I1`…`I6`,
//! against the core: at 55 values CuTe's `make_layout` is the core's on its
//! domain and the whole is not (45 of H1's 66). Typing the held case
//! exactly would need a run-time check that the typed last layout's
//! `L(size)` is the core's, and the core's comes from its own construction
//! (its composition read past its size is not `A(B(i))`), so that check
//! would be the construction run on the values; `type` refuses instead,
//! and without `type` the core computes the whole call (checked here at
//! every golden value).

use layout_dsl::layout;

/// The calls, in the core's notation, by name.
const FORMS: [(&str, &str); 12] = [
    (
        "H1",
        "composition(composition(1024:1, make_layout(2:1, composition(({m},4):(1,{k}), 2:2))), 64:1)",
    ),
    (
        "H2",
        "composition(composition(1024:1, make_layout(2:1, coalesce((2,{m}):(1,2)))), 64:1)",
    ),
    (
        "H3",
        "composition(composition(1024:1, logical_divide(({m},(4,{k})):(1,(16,64)), <2,8>)), 64:1)",
    ),
    (
        "H4",
        "composition(composition(64:1, make_layout(2:1, composition((4,{m}):(16,64), 8:1))), (4,8):(1,4))",
    ),
    (
        "H5",
        "composition(make_layout(2:1, coalesce(({m},2):(1,{k}))), 16:1)",
    ),
    (
        "H6",
        "composition(make_layout(2:1, composition((4,{m}):(2,8), 4:1)), 32:1)",
    ),
    ("I1", "make_layout(2:1, composition(({m},4):(1,{k}), 2:2))"),
    ("I2", "make_layout(2:1, coalesce((2,{m}):(1,2)))"),
    ("I3", "logical_divide(({m},(4,{k})):(1,(16,64)), <2,8>)"),
    ("I4", "make_layout(2:1, composition((4,{m}):(16,64), 8:1))"),
    ("I5", "make_layout(2:1, coalesce(({m},2):(1,{k})))"),
    ("I6", "make_layout(2:1, composition((4,{m}):(2,8), 4:1))"),
];

fn core(text: &str) -> Option<layout_core::Layout> {
    match layout_core::evaluate(text) {
        Ok(layout_core::Value::Layout(l)) => Some(l),
        _ => None,
    }
}

/// The same size and offset at every index.
fn same(a: &layout_core::Layout, b: &layout_core::Layout) -> bool {
    a.size() == b.size() && (0..a.size()).all(|i| a.at(i).unwrap() == b.at(i).unwrap())
}

/// Each golden row: its name, `m`, `k`, the core's value there and
/// CUTLASS's print read by the core.
fn rows() -> Vec<(
    String,
    usize,
    usize,
    Option<layout_core::Layout>,
    layout_core::Layout,
)> {
    let golden = std::fs::read_to_string("tests/golden/cute_held_last.txt").unwrap();
    golden
        .lines()
        .map(|line| {
            let f: Vec<&str> = line.split(' ').collect();
            let (m, k) = (f[1].parse().unwrap(), f[2].parse().unwrap());
            let form = FORMS.iter().find(|x| x.0 == f[0]).unwrap().1;
            let call = form.replace("{m}", f[1]).replace("{k}", f[2]);
            let cute = core(&f[3].replace('_', "")).unwrap();
            (f[0].to_string(), m, k, core(&call), cute)
        })
        .collect()
}

#[test]
fn cute_goes_on_past_the_size_otherwise_than_the_core() {
    let rows = rows();
    assert_eq!(rows.len(), 840);
    let inner_same = |name: &str, m: usize, k: usize| {
        let inner = format!("I{}", &name[1..]);
        rows.iter().any(|(n, m1, k1, c, cute)| {
            *n == inner && (*m1, *k1) == (m, k) && c.as_ref().is_some_and(|c| same(c, cute))
        })
    };
    // Per call: CuTe's whole the core's, another layout with CuTe's
    // `make_layout` the core's on its domain, another with it not, and
    // the core refusing.
    let mut counts = Vec::new();
    for (name, _) in &FORMS[..6] {
        let (mut agree, mut past, mut inner, mut refused) = (0, 0, 0, 0);
        for (n, m, k, c, cute) in rows.iter().filter(|r| r.0 == *name) {
            match c {
                None => refused += 1,
                Some(c) if same(c, cute) => agree += 1,
                Some(_) if inner_same(n, *m, *k) => past += 1,
                Some(_) => inner += 1,
            }
        }
        counts.push((*name, agree, past, inner, refused));
    }
    assert_eq!(
        counts,
        [
            ("H1", 21, 45, 0, 0),
            ("H2", 72, 0, 0, 0),
            ("H3", 34, 8, 0, 24),
            ("H4", 72, 0, 0, 0),
            ("H5", 42, 2, 0, 22),
            ("H6", 72, 0, 0, 0),
        ]
    );
    // One of H1's: `composition((3,4):(1,k), 2:2)` is the core's `2:2` on
    // its domain, CuTe's ends in a leaf of stride `k`; read past its size
    // the core's whole is `64:1`.
    let (_, _, _, c, cute) = rows
        .iter()
        .find(|r| (r.0.as_str(), r.1, r.2) == ("H1", 3, 3))
        .unwrap();
    assert_eq!(c.as_ref().unwrap().to_string(), "64:1");
    assert_eq!(cute.to_string(), "(2,2,16):(1,2,3)");
}

#[test]
fn without_type_the_core_computes_the_whole_call() {
    for (name, m, k, c, _) in rows().iter().filter(|r| r.0.starts_with('H')) {
        let (m, k) = (*m, *k);
        let got = match name.as_str() {
            "H1" => {
                layout!(composition(composition(1024:1, make_layout(2:1, composition((m,4):(1,k), 2:2))), 64:1))
            }
            "H2" => {
                layout!(composition(composition(1024:1, make_layout(2:1, coalesce((2,m):(1,2)))), 64:1))
            }
            "H3" => {
                layout!(composition(composition(1024:1, logical_divide((m,(4,k)):(1,(16,64)), <2,8>)), 64:1))
            }
            "H4" => {
                layout!(composition(composition(64:1, make_layout(2:1, composition((4,m):(16,64), 8:1))), (4,8):(1,4)))
            }
            "H5" => layout!(composition(make_layout(2:1, coalesce((m,2):(1,k))), 16:1)),
            _ => layout!(composition(make_layout(2:1, composition((4,m):(2,8), 4:1)), 32:1)),
        };
        match (got, c) {
            (Ok(got), Some(c)) => assert!(same(&got, c), "{name} at {m},{k}: {got}, core {c}"),
            (Err(_), None) => {}
            (got, c) => panic!("{name} at {m},{k}: {got:?}, core {c:?}"),
        }
    }
}
