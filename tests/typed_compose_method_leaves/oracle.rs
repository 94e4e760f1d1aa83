//! The oracles of the sweeps: CuTe's walk on dynamic ints written out
//! ([`cute`]), the core, and the tally that compares the method's and the
//! macro's leaves with them.

use layout_dsl::algebra::{Tiler, composition};
use layout_dsl::typed::{AlgebraError, Compose, Layout, TypedLayout};

/// CuTe's `composition(a, b)` for flat layouts of dynamic ints (`a`'s
/// leaves `(extent, stride)`, every extent at least 1; `b`'s strides at
/// least 1: CuTe divides by them), as CuTe prints it: over a left layout of
/// one leaf each leaf `s:d` of `b` is `s:d·e`; over more, it walks `a`'s
/// leaves but the last (`ceil_div`, `min`, no divisibility checked at run
/// time) and gives one sub-mode per leaf of `a`.
pub fn cute(a: &[(usize, usize)], b: &[(usize, usize)]) -> String {
    let leaf = |&(s, d): &(usize, usize)| -> (String, String) {
        if a.len() == 1 {
            return (s.to_string(), (d * a[0].1).to_string());
        }
        let (mut rest_shape, mut rest_stride) = (s, d);
        let (mut shapes, mut strides) = (vec![], vec![]);
        for &(curr_shape, curr_stride) in &a[..a.len() - 1] {
            let next_shape = curr_shape.div_ceil(rest_stride);
            let next_stride = rest_stride.div_ceil(curr_shape);
            let new_shape = next_shape.min(rest_shape);
            shapes.push(new_shape);
            strides.push(rest_stride * curr_stride);
            rest_shape /= new_shape;
            rest_stride = next_stride;
        }
        shapes.push(rest_shape);
        strides.push(rest_stride * a[a.len() - 1].1);
        (tuple(&shapes), tuple(&strides))
    };
    let modes: Vec<(String, String)> = b.iter().map(leaf).collect();
    if modes.len() == 1 {
        return format!("{}:{}", modes[0].0, modes[0].1);
    }
    let (shapes, strides): (Vec<String>, Vec<String>) = modes.into_iter().unzip();
    format!("({}):({})", shapes.join(","), strides.join(","))
}

fn tuple(v: &[usize]) -> String {
    let v: Vec<String> = v.iter().map(usize::to_string).collect();
    format!("({})", v.join(","))
}

/// A flat layout as CuTe prints it: `(s0,s1):(d0,d1)`, or `s:d`.
pub fn flat(leaves: &[(usize, usize)]) -> String {
    if let [(s, d)] = leaves {
        return format!("{s}:{d}");
    }
    let (s, d): (Vec<usize>, Vec<usize>) = leaves.iter().copied().unzip();
    format!("{}:{}", tuple(&s), tuple(&d))
}

pub fn parse(l: &str) -> layout_dsl::Layout {
    l.parse().unwrap_or_else(|e| panic!("{l}: {e}"))
}

pub fn offsets(l: &layout_dsl::Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

/// `ours` has `theirs`'s shape and its stride at every leaf of extent
/// other than 1.
pub fn same_leaves(ours: &layout_dsl::Layout, theirs: &layout_dsl::Layout) -> bool {
    ours.shape() == theirs.shape()
        && ours
            .shape()
            .leaves()
            .zip(ours.stride().leaves().zip(theirs.stride().leaves()))
            .all(|(s, (d, c))| s == 1 || d == c)
}

/// What a sweep saw: cases, where the core answers, where CuTe's layout is
/// the composition (each compared leaf by leaf with the method's), where
/// the macro answers.
#[derive(Debug, Default, PartialEq)]
pub struct Tally {
    pub cases: usize,
    pub core: usize,
    pub cute_right: usize,
    pub right_by_chance: usize,
    pub with_macro: usize,
}

impl Tally {
    /// One case: `a ∘ b` (`a`'s leaves, `b` as text) by the method
    /// (`method`), the macro (`mac`, `None` where the case has no macro
    /// call), the core and CuTe.
    pub fn check(
        &mut self,
        a: &[(usize, usize)],
        b_text: &str,
        method: Result<String, AlgebraError>,
        mac: Option<Result<String, AlgebraError>>,
    ) {
        let a_text = flat(a);
        let case = format!("{a_text} o {b_text}");
        let left = parse(&a_text);
        let right = parse(b_text);
        let core = composition(&left, &Tiler::Layout(right.clone())).ok();
        self.cases += 1;
        let method = match (method, &core) {
            (Ok(m), Some(core)) => {
                let m = parse(&m);
                assert_eq!(
                    offsets(&m),
                    offsets(core),
                    "{case}: method {m}, core {core}"
                );
                self.core += 1;
                Some(m)
            }
            (Err(_), None) => None,
            (Ok(m), None) => panic!("{case} = {m}: the core refuses"),
            (Err(e), Some(core)) => panic!("{case}: {e}, the core gives {core}"),
        };
        let mac = mac.map(|mac| match mac {
            Ok(l) => {
                let l = parse(&l);
                let core = core.as_ref().unwrap_or_else(|| panic!("{case}: macro {l}"));
                assert_eq!(offsets(&l), offsets(core), "{case}: macro {l}");
                self.with_macro += 1;
                Some(l)
            }
            Err(_) => None,
        });
        // CuTe divides by `b`'s strides: compared where none is 0.
        let b_leaves = parse(b_text);
        if b_leaves.stride().leaves().any(|d| d == 0) {
            return;
        }
        let b_flat: Vec<(usize, usize)> = b_leaves
            .shape()
            .leaves()
            .zip(b_leaves.stride().leaves())
            .map(|(s, d)| (s as usize, d as usize))
            .collect();
        // CuTe's layout is the composition for these strides of `a`, and
        // for any: `a`'s strides replaced by powers of 256 (a coordinate
        // of `a` here is below 256), so that a zero or repeated stride
        // does not make a wrong walk right by chance.
        let generic: Vec<(usize, usize)> = (0..a.len()).map(|k| (a[k].0, 1 << (8 * k))).collect();
        let right_for = |a: &[(usize, usize)]| {
            let left = parse(&flat(a));
            let truth: Vec<i64> = (0..right.size())
                .map(|i| left.at(right.at(i).unwrap()).unwrap())
                .collect();
            offsets(&parse(&cute(a, &b_flat))) == truth
        };
        if !right_for(a) {
            return;
        }
        if !right_for(&generic) {
            self.right_by_chance += 1;
            return;
        }
        let theirs = parse(&cute(a, &b_flat));
        self.cute_right += 1;
        let ours = method.unwrap_or_else(|| panic!("{case}: CuTe's {theirs} is right, we refuse"));
        assert!(
            same_leaves(&ours, &theirs),
            "{case}: ours {ours}, CuTe {theirs}"
        );
        if let Some(mac) = mac {
            let mac = mac
                .unwrap_or_else(|| panic!("{case}: CuTe's {theirs} is right, the macro refuses"));
            assert!(
                same_leaves(&mac, &theirs),
                "{case}: macro {mac}, CuTe {theirs}"
            );
        }
    }
}

/// The method's result as text.
pub fn method<A, B>(a: A, b: B) -> Result<String, AlgebraError>
where
    A: Compose<B>,
    Layout<A::Shape, A::Stride>: TypedLayout,
{
    a.composition(b).map(|l| l.to_string())
}

/// Every combination of `N` numbers, number `k` in `ranges[k]`
/// (inclusive).
pub fn grid<const N: usize>(ranges: [(usize, usize); N]) -> impl Iterator<Item = [usize; N]> {
    let count: usize = ranges.iter().map(|&(lo, hi)| hi - lo + 1).product();
    (0..count).map(move |mut k| {
        core::array::from_fn(|i| {
            let (lo, hi) = ranges[i];
            let digit = lo + k % (hi - lo + 1);
            k /= hi - lo + 1;
            digit
        })
    })
}
