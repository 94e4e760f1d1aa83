//! The classes the large sweep checks one representative of (ARCHITECTURE.md,
//! "Exact composition", "The sweep's classes"). Each reduction is a fact
//! about `composition`'s code, argued there and checked here:
//!
//! - **Left.** `composition(A, B)` reads `A` only through its flattened,
//!   coalesced form with the last mode kept (`coalesce_keeping_last`, the
//!   `left` of `composition_refinement`): `compose_divisible` and
//!   `compose_parts` bind it first and never read `A` again. So every `A`
//!   with the same form gives the same `Result`. The brute force reads
//!   `A(j)`, the same for the whole class (coalescing keeps the function,
//!   past `size(A)` too): checked for every `A` of the bound and every `j`
//!   a right layout reaches. CuTe's emulation reads `A` only through
//!   `coalesce_x`, the same list: checked for every `A`.
//! - **Right.** A leaf `1:e` of `B` has coordinate 0 at every index, so it
//!   adds nothing to `B(i)`, to `A(B(i))` or to any candidate's value;
//!   composition gives it the mode `1:x_e`, `x_e` the stride of
//!   `composition(A, 1:e)`, and otherwise answers as for `B` without that
//!   leaf (`B0`: the leaves of extent ≠ 1, or `1:0` if none), a refusal with
//!   the same witness index. [`reconstruct`] builds the member's answer from
//!   the representative's; `reductions_hold` compares it with composition
//!   itself.
//! - **Scaling.** `g·A` (every stride times `g ≥ 1`) has `A`'s flat form
//!   with strides times `g`, so composition, the brute force and CuTe's
//!   rules answer as for `A`, strides times `g`: a class whose flat form's
//!   strides share a factor `g ≥ 2` is counted with the class of the form
//!   divided by `g` ([`scaled_classes`]); [`scaling_holds`] checks a pair.

use std::collections::HashMap;

use layout_core::algebra::composition_refinement;
use layout_core::{IntTuple, Layout, Tiler, composition};

use super::{brute, cute};

/// The left layouts of one class: every `A` with the same flat form.
pub struct Left {
    /// The first member met (the class's `A0`).
    pub rep: Layout,
    /// How many members.
    pub weight: u64,
}

/// The right layouts of one class: every `B` whose leaves of extent ≠ 1
/// are those of `rep` (`B0`), in order.
pub struct Right {
    /// `B0`: those leaves (`1:0` if there are none).
    pub rep: Layout,
    /// `slots[k]`: in how many ways the members place `k` leaves of extent
    /// 1 (each with any of the bound's strides, so `slots[k]·D^k` members).
    pub slots: Vec<u64>,
}

/// `A`'s flat form, as composition computes it.
pub fn flat_form(a: &Layout) -> Vec<(i64, i64)> {
    composition_refinement(a, &Layout::leaf(1, 0).unwrap()).left
}

/// Two other layouts with `a`'s flat form: the flat form itself as a
/// layout (unless its stand-in last extent coalesces differently), and `a`
/// behind a mode `1:5` (skipped by the flattening), each checked to read
/// like `a` up to `4·cosize(a) + 64`.
pub fn other_members(a: &Layout) -> Vec<Layout> {
    let key = flat_form(a);
    let mut out = Vec::new();
    let flat = Layout::from_leaf_modes(&key).unwrap();
    if flat_form(&flat) == key {
        out.push(flat);
    }
    let behind: Vec<(i64, i64)> = std::iter::once((1, 5)).chain(a.leaf_modes()).collect();
    let behind = Layout::from_leaf_modes(&behind).unwrap();
    assert_eq!(flat_form(&behind), key, "{behind}");
    out.push(behind);
    for other in &out {
        for j in 0..4 * a.cosize() + 64 {
            assert_eq!(a.at(j), other.at(j), "{a} and {other} at {j}");
        }
    }
    out
}

/// The left classes of `all`, checking on the way that each member reads
/// like its representative at every `j < reach` and that CuTe's
/// `coalesce_x` is the same flat form.
pub fn left_classes(all: &[Layout], reach: i64) -> Vec<Left> {
    let mut index: HashMap<Vec<(i64, i64)>, usize> = HashMap::new();
    let mut out: Vec<Left> = Vec::new();
    for a in all {
        let key = flat_form(a);
        assert_eq!(
            cute::coalesce_x(a),
            key,
            "{a}: CuTe flattens it differently"
        );
        let k = *index.entry(key).or_insert_with(|| {
            out.push(Left {
                rep: a.clone(),
                weight: 0,
            });
            out.len() - 1
        });
        let class = &mut out[k];
        class.weight += 1;
        for j in 0..reach {
            assert_eq!(a.at(j), class.rep.at(j), "{a} and {} at {j}", class.rep);
        }
    }
    out
}

/// The greatest common divisor of a flat form's strides (0 if all are 0).
fn stride_gcd(form: &[(i64, i64)]) -> i64 {
    form.iter().fold(0, |g, &(_, d)| {
        let (mut x, mut y) = (g, d.abs());
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    })
}

/// `l` with every stride times `g`.
pub fn scaled(l: &Layout, g: i64) -> Layout {
    fn times(t: &IntTuple, g: i64) -> IntTuple {
        match t {
            IntTuple::Int(d) => IntTuple::Int(d * g),
            IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(|t| times(t, g)).collect()),
        }
    }
    Layout::new(l.shape().clone(), times(l.stride(), g)).unwrap()
}

/// The left classes merged by scaling: a class whose flat form is `g·F`
/// (its strides' greatest common divisor `g ≥ 2`) answers every right
/// layout as the class of `F` does, with its strides times `g`
/// ([`scaling_holds`]), so `F`'s class stands for it, their weights summed.
/// `F` is a class of the same bound (`A`'s strides divided by `g`, those of
/// extent-1 leaves but the last set to 0, is a layout of the bound with
/// that form): checked.
pub fn scaled_classes(classes: Vec<Left>) -> Vec<Left> {
    let forms: Vec<Vec<(i64, i64)>> = classes.iter().map(|c| flat_form(&c.rep)).collect();
    let mut index: HashMap<&[(i64, i64)], usize> = HashMap::new();
    let mut out: Vec<Left> = Vec::new();
    let mut scaled = Vec::new();
    for (class, form) in classes.into_iter().zip(&forms) {
        let g = stride_gcd(form);
        if g <= 1 {
            index.insert(form, out.len());
            out.push(class);
        } else {
            scaled.push((class, form, g));
        }
    }
    for (class, form, g) in scaled {
        let base: Vec<(i64, i64)> = form.iter().map(|&(s, d)| (s, d / g)).collect();
        let k = *index
            .get(base.as_slice())
            .unwrap_or_else(|| panic!("{}: its form divided by {g} is not a class", class.rep));
        out[k].weight += class.weight;
    }
    out
}

/// The scaling at the pair `(a, b)`: `g·A` has `A`'s flat form with
/// strides times `g`, reads `g·A(j)` at every `j` `b` reaches, and
/// composition and CuTe's rules answer with strides times `g` (a refusal
/// naming the same witness index).
pub fn scaling_holds(a: &Layout, b: &Layout, g: i64) {
    let ga = scaled(a, g);
    let form: Vec<(i64, i64)> = flat_form(a).iter().map(|&(s, d)| (s, d * g)).collect();
    assert_eq!(flat_form(&ga), form, "{ga}");
    for j in 0..b.cosize().max(1) {
        assert_eq!(ga.at(j).unwrap(), g * a.at(j).unwrap(), "{ga} at {j}");
    }
    let tiler = Tiler::from(b.clone());
    match (composition(&ga, &tiler), composition(a, &tiler)) {
        (Ok(r), Ok(r0)) => assert_eq!(r, scaled(&r0, g), "{ga} o {b} vs {a} o {b}"),
        (Err(e), Err(e0)) => {
            let (w, w0) = (brute::witness(&e), brute::witness(&e0));
            assert!(w.is_some() && w == w0, "{ga} o {b}: {e}, {a} o {b}: {e0}");
            assert_eq!(
                core::mem::discriminant(e.kind()),
                core::mem::discriminant(e0.kind()),
                "{ga} o {b}: {e} vs {e0}"
            );
        }
        (ours, base) => panic!("{ga} o {b} = {ours:?} but {a} o {b} = {base:?}"),
    }
    let cute = cute::composition(a, b).map(|c| scaled(&c, g));
    assert_eq!(cute::composition(&ga, b), cute, "CuTe: {ga} o {b}");
}

/// `b`'s leaves of extent ≠ 1, as a layout (`1:0` if none).
pub fn without_ones(b: &Layout) -> Layout {
    let kept: Vec<(i64, i64)> = b.leaf_modes().filter(|&(s, _)| s != 1).collect();
    if kept.is_empty() {
        return Layout::leaf(1, 0).unwrap();
    }
    Layout::from_leaf_modes(&kept).unwrap()
}

/// The right classes of flat layouts `all` whose strides take `strides`
/// values, checking that each member has its representative's offsets.
pub fn right_classes(all: &[Layout], strides: u64) -> Vec<Right> {
    let mut index: HashMap<Layout, usize> = HashMap::new();
    let mut counts: Vec<(Layout, Vec<u64>)> = Vec::new();
    for b in all {
        let rep = without_ones(b);
        for i in 0..b.size() {
            assert_eq!(b.at(i), rep.at(i), "{b} and {rep} at {i}");
        }
        let ones = b.leaf_modes().filter(|&(s, _)| s == 1).count();
        let k = *index.entry(rep.clone()).or_insert_with(|| {
            counts.push((rep, Vec::new()));
            counts.len() - 1
        });
        let hist = &mut counts[k].1;
        if hist.len() <= ones {
            hist.resize(ones + 1, 0);
        }
        hist[ones] += 1;
    }
    counts
        .into_iter()
        .map(|(rep, hist)| {
            let slots = hist
                .iter()
                .enumerate()
                .map(|(k, &n)| {
                    let each = strides.pow(k as u32);
                    assert_eq!(n % each, 0, "{rep}: {n} members with {k} ones");
                    n / each
                })
                .collect();
            Right { rep, slots }
        })
        .collect()
}

/// Each leaf of `r` (a composition with `b`) as its leaf modes: `r` has
/// `b`'s nesting, each leaf of `b` a leaf or a flat tuple of leaves.
pub fn per_leaf(r: &Layout, b: &Layout) -> Vec<Vec<(i64, i64)>> {
    fn modes(s: &IntTuple, d: &IntTuple) -> Vec<(i64, i64)> {
        match (s.as_int(), d.as_int()) {
            (Some(s), Some(d)) => vec![(s, d)],
            _ => s
                .modes()
                .iter()
                .zip(d.modes())
                .map(|(s, d)| (s.as_int().unwrap(), d.as_int().unwrap()))
                .collect(),
        }
    }
    if b.shape().is_int() {
        return vec![modes(r.shape(), r.stride())];
    }
    let (s, d) = (r.shape().modes(), r.stride().modes());
    s.iter().zip(d).map(|(s, d)| modes(s, d)).collect()
}

/// The layout with `b`'s nesting whose leaf `m` has the modes `leaves[m]`.
pub fn from_per_leaf(b: &Layout, leaves: &[Vec<(i64, i64)>]) -> Layout {
    let leaf = |modes: &[(i64, i64)]| Layout::from_leaf_modes(modes).unwrap();
    if b.shape().is_int() {
        return leaf(&leaves[0]);
    }
    let parts: Vec<Layout> = leaves.iter().map(|m| leaf(m)).collect();
    Layout::new(
        IntTuple::Tuple(parts.iter().map(|l| l.shape().clone()).collect()),
        IntTuple::Tuple(parts.iter().map(|l| l.stride().clone()).collect()),
    )
    .unwrap()
}

/// What `composition(a, b)` must be, from `composition(a, without_ones(b))`:
/// the same leaves, with `1:x_e` (`x_e` the stride of `composition(a, 1:e)`)
/// at each leaf `1:e` of `b`. For a refusal, the representative's error.
pub fn reconstruct(a: &Layout, b: &Layout) -> layout_core::Result<Layout> {
    let rep = without_ones(b);
    let r0 = composition(a, &Tiler::from(rep.clone()))?;
    let mut kept = per_leaf(&r0, &rep).into_iter();
    let all_ones = b.leaf_modes().all(|(s, _)| s == 1);
    let leaves: Vec<Vec<(i64, i64)>> = b
        .leaf_modes()
        .map(|(s, e)| {
            if s == 1 {
                let one = composition(a, &Tiler::from(Layout::leaf(1, e).unwrap())).unwrap();
                assert_eq!(one.size(), 1, "{a} o 1:{e} = {one}");
                vec![(1, one.stride().as_int().unwrap())]
            } else {
                kept.next().unwrap()
            }
        })
        .collect();
    assert!(all_ones || kept.next().is_none());
    Ok(from_per_leaf(b, &leaves))
}

/// Both reductions at the pair `(a, b)`: composition gives `a`'s class
/// representative's answer (`a0`), and that is the reconstruction from
/// `b`'s representative (equal layouts, or refusals naming the same index).
pub fn reductions_hold(a: &Layout, a0: &Layout, b: &Layout) {
    let ours = composition(a, &Tiler::from(b.clone()));
    let rep = composition(a0, &Tiler::from(b.clone()));
    match (&ours, &rep) {
        (Ok(r), Ok(r0)) => assert_eq!(r, r0, "{a} o {b} vs {a0} o {b}"),
        (Err(e), Err(e0)) => assert_eq!(e.kind(), e0.kind(), "{a} o {b} vs {a0} o {b}"),
        _ => panic!("{a} o {b} = {ours:?} but {a0} o {b} = {rep:?}"),
    }
    match (&ours, reconstruct(a, b)) {
        (Ok(r), Ok(want)) => assert_eq!(*r, want, "{a} o {b}: not its representative's"),
        (Err(e), Err(e0)) => {
            let (w, w0) = (brute::witness(e), brute::witness(&e0));
            assert!(
                w.is_some() && w == w0,
                "{a} o {b}: {e} but the representative: {e0}"
            );
            assert_eq!(
                core::mem::discriminant(e.kind()),
                core::mem::discriminant(e0.kind()),
                "{a} o {b}: {e} vs {e0}"
            );
        }
        (ours, want) => panic!("{a} o {b} = {ours:?}, its representative's: {want:?}"),
    }
}
