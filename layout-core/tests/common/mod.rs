//! Strategies shared by the property tests: random hierarchical layouts small
//! enough to walk their whole domain, and operands built to meet the
//! preconditions of composition, complement and the divides, so that the
//! laws about successful results are exercised rather than skipped.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use layout_core::{Coord, IntTuple, Layout, Tiler};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::Config;

/// Largest domain a generated layout gets, so a law can visit every index.
pub const MAX_SIZE: i64 = 1 << 10;

/// Proptest settings for `cases` cases, or `PROPTEST_CASES` when set (for
/// longer hunts). No regression files: the tree is shared, and a failure
/// prints its minimal input anyway.
pub fn config(cases: u32) -> Config {
    let defaults = Config::default();
    Config {
        cases: match std::env::var_os("PROPTEST_CASES") {
            Some(_) => defaults.cases,
            None => cases,
        },
        failure_persistence: None,
        ..defaults
    }
}

/// Extents 1..=8, biased to the small ones: 1 is skipped by coalesce and
/// complement, 2 merges and divides most often.
pub fn extent() -> impl Strategy<Value = i64> {
    prop_oneof![3 => 1..=4i64, 1 => 5..=8i64]
}

/// Shapes of depth ≤ 3 and rank ≤ 4 (now and then the empty tuple), whose
/// size is at most `max_size`.
pub fn shape_up_to(max_size: i64) -> impl Strategy<Value = IntTuple> {
    extent()
        .prop_map(IntTuple::Int)
        .prop_recursive(3, 12, 4, |inner| {
            prop_oneof![
                12 => vec(inner, 1..=4).prop_map(IntTuple::Tuple),
                1 => Just(IntTuple::EMPTY),
            ]
        })
        .prop_map(move |s| cap(&s, &mut 1, max_size))
}

pub fn shape() -> impl Strategy<Value = IntTuple> {
    shape_up_to(MAX_SIZE)
}

/// Leaves that would push the size past `max` become 1; rejecting instead
/// would throw away most deep shapes.
fn cap(shape: &IntTuple, size: &mut i64, max: i64) -> IntTuple {
    match shape {
        IntTuple::Int(e) if *size * e > max => IntTuple::Int(1),
        IntTuple::Int(e) => {
            *size *= e;
            IntTuple::Int(*e)
        }
        IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(|t| cap(t, size, max)).collect()),
    }
}

/// `shape` with its leaves replaced, in order, by `leaves`.
pub fn rebuild(shape: &IntTuple, leaves: &mut impl Iterator<Item = i64>) -> IntTuple {
    match shape {
        IntTuple::Int(_) => IntTuple::Int(leaves.next().expect("one leaf per leaf")),
        IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(|t| rebuild(t, leaves)).collect()),
    }
}

/// Compact strides visiting the leaves in `order` (a permutation).
fn permuted_strides(extents: &[i64], order: &[usize]) -> Vec<i64> {
    let mut strides = vec![0; extents.len()];
    let mut next = 1;
    for &i in order {
        strides[i] = next;
        next *= extents[i];
    }
    strides
}

/// Compact strides (column-major, row-major or a permutation: bijections
/// onto `0..size`), or random strides in 0..=64 (overlaps, holes, stride 0).
pub fn stride_for(shape: &IntTuple) -> BoxedStrategy<IntTuple> {
    let extents: Vec<i64> = shape.leaves().collect();
    let n = extents.len();
    let (s1, s2) = (shape.clone(), shape.clone());
    prop_oneof![
        1 => Just(shape.compact_col_major().unwrap()),
        1 => Just(shape.compact_row_major().unwrap()),
        1 => Just((0..n).collect::<Vec<_>>())
            .prop_shuffle()
            .prop_map(move |order| {
                let strides = permuted_strides(&extents, &order);
                rebuild(&s1, &mut strides.into_iter())
            }),
        3 => vec(0..=64i64, n).prop_map(move |d| rebuild(&s2, &mut d.into_iter())),
    ]
    .boxed()
}

/// Compact strides only: every such layout is a bijection onto `0..size`.
pub fn compact_stride_for(shape: &IntTuple) -> BoxedStrategy<IntTuple> {
    let extents: Vec<i64> = shape.leaves().collect();
    let s = shape.clone();
    Just((0..extents.len()).collect::<Vec<_>>())
        .prop_shuffle()
        .prop_map(move |order| {
            let strides = permuted_strides(&extents, &order);
            rebuild(&s, &mut strides.into_iter())
        })
        .boxed()
}

fn layout_from(
    shape: impl Strategy<Value = IntTuple>,
    strides: fn(&IntTuple) -> BoxedStrategy<IntTuple>,
) -> impl Strategy<Value = Layout> {
    shape
        .prop_flat_map(move |s| (Just(s.clone()), strides(&s)))
        .prop_map(|(s, d)| Layout::new(s, d).expect("generated layouts are valid"))
}

pub fn layout() -> impl Strategy<Value = Layout> {
    layout_from(shape(), stride_for)
}

pub fn small_layout() -> impl Strategy<Value = Layout> {
    layout_from(shape_up_to(16), stride_for)
}

pub fn compact_layout() -> impl Strategy<Value = Layout> {
    layout_from(shape(), compact_stride_for)
}

/// Leaf modes grouped into a hierarchy: a new top-level mode starts where
/// `cuts` says so; `1:0` when there are no modes.
pub fn nest(modes: &[(i64, i64)], cuts: &[bool]) -> Layout {
    let mut groups: Vec<Vec<(i64, i64)>> = Vec::new();
    for (i, &m) in modes.iter().enumerate() {
        if i == 0 || cuts.get(i).copied().unwrap_or(true) {
            groups.push(Vec::new());
        }
        groups.last_mut().unwrap().push(m);
    }
    let parts: Vec<Layout> = groups
        .iter()
        .map(|g| Layout::from_leaf_modes(g).unwrap())
        .collect();
    match <[Layout; 1]>::try_from(parts) {
        Ok([one]) => one,
        Err(parts) if parts.is_empty() => Layout::leaf(1, 0).unwrap(),
        Err(parts) => Layout::concat(parts).unwrap(),
    }
}

/// Injective layouts complement accepts: modes that, sorted by stride, each
/// start at a multiple (1× or 2×) of the span below them; then shuffled,
/// nested, and mixed with extent-1 modes of any stride (which do not count).
pub fn injective() -> impl Strategy<Value = Layout> {
    (
        vec((2..=4i64, 1..=2i64), 0..=4),
        vec(0..=8i64, 0..=2),
        vec(any::<bool>(), 6),
    )
        .prop_flat_map(|(stacked, units, cuts)| {
            let mut modes = Vec::new();
            let mut span = 1;
            for (e, m) in stacked {
                modes.push((e, span * m));
                span *= e * m;
            }
            modes.extend(units.into_iter().map(|d| (1, d)));
            (Just(modes).prop_shuffle(), Just(cuts))
        })
        .prop_map(|(modes, cuts)| nest(&modes, &cuts))
}

/// Largest offset reach `s·d` of an injective layout's modes: the
/// complement of such a layout up to a multiple of this is exact.
pub fn span(l: &Layout) -> i64 {
    l.leaf_modes()
        .filter(|&(s, d)| s > 1 && d != 0)
        .map(|(s, d)| s * d)
        .max()
        .unwrap_or(1)
}

/// A tiny deterministic generator for the operands derived from another
/// operand (their structure depends on it, which proptest's strategies
/// cannot express without nested flat-maps).
pub struct Dice(u64);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(seed)
    }

    pub fn below(&mut self, n: usize) -> usize {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }

    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn cuts(&mut self, n: usize) -> Vec<bool> {
        (0..n).map(|_| self.one_in(2)).collect()
    }
}

/// `A`'s index space cut into a chain of factors `(f, d)`, `d` the product of
/// the factors before `f`: each leaf extent split into divisors. Any mode
/// `(f, d)` is a block of `A`'s domain that composition accepts.
fn factor_chain(a: &Layout, rng: &mut Dice) -> Vec<(i64, i64)> {
    let mut chain = Vec::new();
    let mut prefix = 1;
    for extent in a.shape().leaves() {
        let mut rest = extent;
        while rest > 1 {
            let divisors: Vec<i64> = (2..=rest).filter(|d| rest % d == 0).collect();
            let f = divisors[rng.below(divisors.len())];
            chain.push((f, prefix));
            prefix *= f;
            rest /= f;
        }
    }
    chain
}

fn divisor_of(n: i64, rng: &mut Dice) -> i64 {
    let divisors: Vec<i64> = (1..=n).filter(|d| n % d == 0).collect();
    divisors[rng.below(divisors.len())]
}

/// A layout that addresses blocks of `a`'s domain: a sub-chain of its factor
/// chain (some extents shrunk to a divisor), maybe shuffled and nested.
/// Such a layout divides `a` exactly: it and its complement up to `size(a)`
/// are admissible for composition with `a`.
pub fn dividing_tile(a: &Layout, rng: &mut Dice) -> Layout {
    let mut modes: Vec<(i64, i64)> = factor_chain(a, rng)
        .into_iter()
        .filter_map(|(f, d)| match rng.below(8) {
            0 | 1 => None,
            2 | 3 => Some((divisor_of(f, rng), d)),
            _ => Some((f, d)),
        })
        .collect();
    if rng.one_in(2) {
        for i in (1..modes.len()).rev() {
            modes.swap(i, rng.below(i + 1));
        }
    }
    let cuts = rng.cuts(modes.len());
    nest(&modes, &cuts)
}

/// A right operand for composition with `a` and whether it was built to
/// compose: mostly a dividing tile, now and then with a mode reaching past
/// `size(a)` or a stride-0 mode (both admissible); else the random layout.
pub fn composable_with(a: &Layout, random: Layout, rng: &mut Dice) -> (Layout, bool) {
    if rng.one_in(4) {
        return (random, false);
    }
    let tile = dividing_tile(a, rng);
    let mut modes = tile.modes();
    if rng.one_in(4) {
        modes.push(Layout::leaf(1 + rng.below(3) as i64, a.size()).unwrap());
    }
    if rng.one_in(8) {
        modes.insert(0, Layout::leaf(1 + rng.below(3) as i64, 0).unwrap());
    }
    let b = match <[Layout; 1]>::try_from(modes) {
        Ok([one]) => one,
        Err(modes) => Layout::concat(modes).unwrap(),
    };
    (b, true)
}

/// A tiler that divides `a` exactly: a dividing tile, or by mode (nesting
/// into tuple modes) a dividing tile or the integer `n` (that is `n:1`) for
/// `n` a product of the first factors of the mode's chain.
pub fn dividing_tiler(a: &Layout, rng: &mut Dice) -> Tiler {
    if rng.one_in(2) {
        return Tiler::Layout(dividing_tile(a, rng));
    }
    let modes = a.modes();
    let count = 1 + rng.below(modes.len().max(1));
    let tilers = modes.iter().take(count).map(|m| match rng.below(3) {
        0 if !m.shape().is_int() => dividing_tiler(m, rng),
        1 => {
            let chain = factor_chain(m, rng);
            let n = chain[..rng.below(chain.len() + 1)]
                .iter()
                .map(|f| f.0)
                .product();
            Tiler::try_from(IntTuple::Int(n)).expect("a product of extents is not negative")
        }
        _ => Tiler::Layout(dividing_tile(m, rng)),
    });
    Tiler::ByMode(tilers.collect())
}

/// Product of the sizes a tiler addresses.
pub fn tiler_size(t: &Tiler) -> i64 {
    match t {
        Tiler::Layout(l) => l.size(),
        Tiler::ByMode(v) => v.iter().map(tiler_size).product(),
    }
}

/// A tiler for a product: one small layout, or one per leading mode.
pub fn product_tiler() -> impl Strategy<Value = Tiler> {
    prop_oneof![
        small_layout().prop_map(Tiler::Layout),
        vec(small_layout().prop_map(Tiler::Layout), 1..=2).prop_map(Tiler::ByMode),
    ]
}

/// The leaf modes with extent ≠ 1, sorted: equal for two layouts that are
/// regroupings of one another.
pub fn leaf_multiset(l: &Layout) -> Vec<(i64, i64)> {
    let mut modes: Vec<(i64, i64)> = l.leaf_modes().filter(|m| m.0 != 1).collect();
    modes.sort_unstable();
    modes
}

pub fn has_empty_tuple(t: &IntTuple) -> bool {
    match t {
        IntTuple::Int(_) => false,
        IntTuple::Tuple(v) => v.is_empty() || v.iter().any(has_empty_tuple),
    }
}

/// A coordinate of `shape` in which each mode is, at random, `_`, an
/// integer in range, or (for a tuple) a tuple of such coordinates.
pub fn random_coord(shape: &IntTuple, rng: &mut Dice) -> Coord {
    let size = shape.size().unwrap();
    match (shape, rng.below(3)) {
        (_, 0) => Coord::Underscore,
        (IntTuple::Tuple(modes), 1) => {
            Coord::Tuple(modes.iter().map(|m| random_coord(m, rng)).collect())
        }
        _ => Coord::Int(rng.below(size.max(1) as usize) as i64),
    }
}

/// `c` with its `_`s filled, left to right, by the modes of `free` (the
/// coordinate of the sliced layout); a bare `_` takes all of `free`.
pub fn fill(c: &Coord, free: &IntTuple, next: &mut usize) -> IntTuple {
    match c {
        Coord::Int(n) => IntTuple::Int(*n),
        Coord::Underscore => {
            *next += 1;
            free.modes()[*next - 1].clone()
        }
        Coord::Tuple(v) => IntTuple::Tuple(v.iter().map(|c| fill(c, free, next)).collect()),
    }
}
