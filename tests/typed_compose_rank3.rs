//! Composition of typed values with left layouts of three or more leaves
//! (`Compose`): exhaustive sweeps against the core's exact composition.

use layout_dsl::algebra::{Tiler, composition};
use layout_dsl::typed::{Compose, TypedLayout};
use layout_dsl::{IntTuple, layout};

fn to_core<L: TypedLayout>(l: L) -> layout_dsl::Layout {
    layout_dsl::Layout::try_from(layout_dsl::typed::Layout::new(l.shape(), l.stride())).unwrap()
}

#[test]
#[ignore]
fn classify_rank3() {
    use std::collections::BTreeMap;
    let mut classes: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let (mut both, mut neither, mut refused) = (0usize, 0usize, 0usize);
    for m in 1..=3usize { for n in 1..=3usize { for k in 1..=3usize {
    for s in 0..=4usize { for t in 0..=4usize { for w in 0..=4usize {
        let a = layout!((m,n,k):(s,t,w));
        let left = to_core(a);
        for p in 1..=4usize { for q in 1..=3usize { for u in 0..=6usize { for v in 0..=6usize {
            let b = layout!((p,q):(u,v));
            let core = composition(&left, &Tiler::Layout(to_core(b))).ok();
            match (a.composition(b), core) {
                (Ok(c), Some(core)) => {
                    for i in 0..c.size() {
                        let want = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
                        assert_eq!(c.at(i) as i64, want, "{a} o {b}");
                    }
                    both += 1;
                }
                (Err(_), None) => neither += 1,
                (Ok(c), None) => panic!("{a} o {b} = {c}: the core refuses"),
                (Err(e), Some(_)) => {
                    refused += 1;
                    let kind = format!("{e:?}").split_whitespace().next().unwrap().to_string();
                    let key = format!("{kind} a-zero-stride={} a-unit={}", s * t * w == 0, m.min(n) == 1);
                    let entry = classes.entry(key).or_insert((0, format!("{a} o {b}")));
                    entry.0 += 1;
                }
            }
        }}}}
    }}}}}}
    for (k, (c, ex)) in &classes { println!("{k}: {c} e.g. {ex}"); }
    println!("both {both} neither {neither} refused {refused}");
}
