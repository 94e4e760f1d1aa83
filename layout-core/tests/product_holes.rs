//! The products over a complement hole CuTe rounds down
//! (`algebra::product_holes`), against brute force over every small flat
//! `A` and several `B`: where the core answers, its layout is CuTe's
//! `(A, C∘B)` (`C` CuTe's complement written out here, each hole
//! `stride / span` rounded down), injective where `B` is, and `C` puts the
//! copies of `A` that `B` reads where a true complement does: each at the
//! least offset where it overlaps no earlier copy. Where the core refuses,
//! CuTe's copies are not there (or `C∘B` is no layout): the rule is
//! exact, a second stride whose span does not divide it included. Run
//! with `-- --nocapture` for the counts.

use std::collections::BTreeSet;

use layout_core::algebra::product_steps;
use layout_core::{ErrorKind, IntTuple, Layout, Tiler, composition, logical_product};

fn layout(shape: &[i64], stride: &[i64]) -> Layout {
    let tuple = |v: &[i64]| IntTuple::Tuple(v.iter().map(|&n| IntTuple::Int(n)).collect());
    Layout::new(tuple(shape), tuple(stride)).unwrap()
}

fn offsets(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

/// CuTe's complement of `a` up to `cotarget` (C++'s formula: the holes
/// rounded down); `None` where a hole is 0 (CuTe's assertion).
fn cute_complement(a: &Layout, cotarget: i64) -> Option<Layout> {
    let mut live: Vec<(i64, i64)> = a
        .leaf_modes()
        .filter(|&(s, d)| s != 1 && d != 0)
        .map(|(s, d)| (d, s))
        .collect();
    live.sort();
    let (mut span, mut shape, mut stride) = (1, vec![], vec![]);
    for (d, s) in live {
        if d / span == 0 {
            return None;
        }
        shape.push(d / span);
        stride.push(span);
        span = s * d;
    }
    shape.push((cotarget + span - 1) / span);
    stride.push(span);
    Some(layout(&shape, &stride))
}

/// The first `n` copies of `A` (its image), each at the least offset
/// overlapping no earlier copy.
fn greedy(image: &BTreeSet<i64>, n: usize) -> Vec<i64> {
    let mut taken = BTreeSet::new();
    let (mut starts, mut c) = (Vec::new(), 0);
    while starts.len() < n {
        if image.iter().all(|x| !taken.contains(&(x + c))) {
            taken.extend(image.iter().map(|x| x + c));
            starts.push(c);
        }
        c += 1;
    }
    starts
}

/// How many strides of `A` (sorted) its span below does not divide.
fn inexact_holes(a: &Layout) -> usize {
    let mut live: Vec<(i64, i64)> = a
        .leaf_modes()
        .filter(|&(s, d)| s != 1 && d != 0)
        .map(|(s, d)| (d, s))
        .collect();
    live.sort();
    let (mut span, mut n) = (1, 0);
    for (d, s) in live {
        n += usize::from(d % span != 0);
        span = s * d;
    }
    n
}

/// Every flat `A` of rank 1–3, extents 2–3, strides 1–12.
fn every_a() -> Vec<Layout> {
    let mut out = Vec::new();
    for rank in 1..=3u32 {
        for e in 0..2i64.pow(rank) {
            for d in 0..12i64.pow(rank) {
                let shape: Vec<i64> = (0..rank).map(|k| 2 + (e >> k & 1)).collect();
                let stride: Vec<i64> = (0..rank).map(|k| 1 + d / 12i64.pow(k) % 12).collect();
                out.push(layout(&shape, &stride));
            }
        }
    }
    out
}

#[test]
fn products_over_rounded_holes_are_exactly_the_true_ones() {
    let bs: Vec<Layout> = [
        "2:1",
        "3:1",
        "4:1",
        "(2,2):(1,2)",
        "(2,2):(2,1)",
        "2:2",
        "(3,2):(1,3)",
        "(2,2):(1,3)",
        "6:1",
    ]
    .iter()
    .map(|b| b.parse().unwrap())
    .collect();
    let (mut answered, mut rounded, mut refused, mut conservative) = (0, 0, 0, 0);
    let mut twice = 0;
    for a in every_a() {
        let image: BTreeSet<i64> = offsets(&a).into_iter().collect();
        for b in &bs {
            let text = format!("logical_product({a}, {b})");
            let core = logical_product(&a, &Tiler::from(b.clone()));
            let reach = b.cosize() as usize;
            let cute = cute_complement(&a, a.size() * b.cosize());
            let greedy_copies = cute.as_ref().is_some_and(|c| {
                (0..reach as i64)
                    .map(|i| c.at(i).unwrap())
                    .eq(greedy(&image, reach))
            });
            let composed = cute
                .as_ref()
                .and_then(|c| composition(c, &Tiler::from(b.clone())).ok());
            match core {
                Ok(p) => {
                    assert!(
                        greedy_copies,
                        "{text} = {p}: CuTe's copies are no complement's"
                    );
                    let d = composed.unwrap_or_else(|| panic!("{text} = {p}: no C∘B"));
                    let model = Layout::concat([a.clone(), d]).unwrap();
                    assert_eq!(offsets(&p), offsets(&model), "{text}: {p} vs {model}");
                    let set: BTreeSet<i64> = offsets(&p).into_iter().collect();
                    assert_eq!(set.len() as i64, p.size(), "{text}: {p} overlaps");
                    answered += 1;
                    let steps = product_steps(&a, b).unwrap();
                    rounded += usize::from(steps.rounded.is_some());
                    twice += usize::from(inexact_holes(&a) > 1);
                }
                Err(e) => {
                    refused += 1;
                    if greedy_copies && composed.is_some() {
                        // CuTe's product is a true one: the rule refuses
                        // none (`algebra::product_holes`'s proof).
                        conservative += 1;
                        eprintln!("refused, but CuTe's is a product: {text} ({e})");
                    }
                    if let ErrorKind::ProductPastHole { .. } = e.kind() {
                        assert!(
                            !greedy_copies,
                            "{text}: {e}, but CuTe's copies are a complement's"
                        );
                    }
                }
            }
        }
    }
    eprintln!(
        "{answered} answered ({rounded} over a rounded hole, {twice} of them with a second), {refused} refused ({conservative} conservatively)"
    );
    // The rounding is exercised, past a second rounded hole too, and the
    // rule is exact: no refusal of a true product.
    assert!(rounded > 300, "{rounded}");
    assert!(twice > 40, "{twice}");
    assert_eq!(conservative, 0);
}
