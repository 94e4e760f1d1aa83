//! Mode editing, analysis and integer-tuple arithmetic (the registry's
//! `modes` section), and `size`, `shape`, … of a mode picked by indices.
//! Every number comes from a layout-core call on the operands.

use layout_core::registry::Narration::{self, self as N};
use layout_core::{IntTuple, Layout, Result, Tiler, Value};

use super::{Explainer, join};

/// A layout's or a tuple's top-level modes, as text.
fn modes_of(x: &Value) -> Vec<String> {
    match x {
        Value::Layout(l) => l.modes().iter().map(ToString::to_string).collect(),
        Value::IntTuple(t) => t.modes().iter().map(ToString::to_string).collect(),
        other => vec![other.to_string()],
    }
}

fn ints(v: &[Value]) -> Vec<i64> {
    v.iter()
        .filter_map(|x| match x {
            Value::IntTuple(IntTuple::Int(n)) => Some(*n),
            _ => None,
        })
        .collect()
}

/// `1 + (s-1)·|d| + …` of a layout's leaves.
fn cosize_terms(l: &Layout) -> String {
    let terms = l
        .leaf_modes()
        .map(|(s, d)| format!("{}·{}", s - 1, d.abs()));
    format!("1 + {}", join(terms, " + "))
}

impl Explainer<'_> {
    /// Explain a call of this section (`name` is the function's, for the
    /// text); `false` when its narration is not one of it.
    pub(super) fn modes(
        &mut self,
        name: &str,
        narration: Narration,
        v: &[Value],
        result: &Value,
    ) -> Result<bool> {
        match (narration, v) {
            (
                N::Size | N::Cosize | N::Rank | N::Depth | N::Part | N::GetMode | N::Coshape,
                [x, idx @ ..],
            ) if !idx.is_empty() => {
                let path = ints(idx);
                let mut m = x.clone();
                for i in &path {
                    let picked = layout_core::evaluate(&format!("get({m}, {i})"))?;
                    self.step(&format!("mode {i} of {m} is {picked}"));
                    m = picked;
                }
                match narration {
                    N::Coshape => {
                        if let Value::Layout(l) = &m {
                            self.say(&format!("codomain extent: {} = {result}", cosize_terms(l)));
                        }
                    }
                    N::GetMode => {}
                    _ => self.property(name, narration, &m, result)?,
                }
            }
            (N::Coshape, [Value::Layout(l)]) => {
                self.say(&format!("codomain extent: {} = {result}", cosize_terms(l)));
            }
            (N::Take { gather }, [x, ..]) => {
                let [b, e] = ints(&v[1..])[..] else {
                    return Ok(true);
                };
                let modes = modes_of(x);
                let end = if e == -1 { modes.len() } else { e as usize };
                let picked = modes.get(b as usize..end).unwrap_or_default();
                let what = if gather {
                    "gathered into one mode"
                } else {
                    "kept, as a tuple"
                };
                self.say(&format!(
                    "modes {b}..{end} of ({}): {} {what}: {result}",
                    join(&modes, ", "),
                    join(picked, ", ")
                ));
            }
            (N::Select, [x, ..]) => {
                let modes = modes_of(x);
                let picked = ints(&v[1..]).into_iter().map(|i| {
                    let m = modes.get(i as usize).map_or("?", String::as_str);
                    format!("mode {i} = {m}")
                });
                self.say(&format!("{}, in that order: {result}", join(picked, ", ")));
            }
            (N::Append { last }, [x, m, rest @ ..]) => {
                let rank = modes_of(x).len();
                let place = if last { "last" } else { "first" };
                match ints(rest).first() {
                    Some(n) => self.say(&format!(
                        "{x} has rank {rank}: copies of {m} as {place} modes up to rank {n}: {result}"
                    )),
                    None => self.say(&format!(
                        "{x} has rank {rank}: {m} becomes its {place} mode: {result}"
                    )),
                }
            }
            (N::Replace, [x, i, m]) => {
                let old = layout_core::evaluate(&format!("get({x}, {i})"))?;
                self.say(&format!("mode {i} of {x} was {old}, now {m}: {result}"));
            }
            (N::Unflatten, [x, p]) => self.say(&format!(
                "the modes of {x}, in order, fill the leaves of the profile {p}: {result}"
            )),
            (N::WithShape, [Value::Layout(l), Value::IntTuple(s)]) => {
                let compact = Layout::column_major(s.clone())?;
                self.step(&format!(
                    "make_layout({s}) = {compact} (compact, column-major)"
                ));
                self.step(&format!("{l} read through it: composition"));
                self.composition(l, &Tiler::Layout(compact), result)?;
            }
            (N::Nullspace, [Value::Layout(l)]) => {
                let index = l.shape().flatten().compact_col_major()?;
                self.step(&format!(
                    "leaves (extent:stride) {}; their strides in L's index space {index}",
                    join(l.leaf_modes().map(|(s, d)| format!("{s}:{d}")), ", ")
                ));
                self.step(&format!(
                    "the stride-0 leaves, at those index strides: {result}"
                ));
            }
            (N::MaxCommon, [Value::Layout(a), Value::Layout(b)]) => {
                let inv = layout_core::right_inverse(b)?;
                self.step(&format!("right_inverse(B) = {inv}: B(R(j)) = j"));
                self.step("count the offsets j = 0, 1, … with A(R(j)) = j");
                let n = layout_core::max_common_vector(a, b)?;
                self.step(&format!("{n} offsets in common; {name}: {result}"));
            }
            (N::MaxAlignment, [Value::Layout(l)]) => {
                let flat = layout_core::coalesce(l);
                let inv = layout_core::right_inverse(&flat)?;
                let p = layout_core::logical_divide(&flat, &Tiler::Layout(inv.clone()))?;
                self.step(&format!("coalesce(L) = {flat}, right_inverse = {inv}"));
                self.step(&format!("logical_divide(L, R) = {p}"));
                self.step(&format!("gcd of size(R) and the rest's strides: {result}"));
            }
            (N::Compatible | N::Congruent | N::WeaklyCongruent, [a, b]) => {
                let rule = match narration {
                    N::Compatible => "at each leaf of A, B's mode there has that size",
                    N::Congruent => "both nest the same way",
                    _ => "B nests at least as deeply as A wherever A nests",
                };
                self.say(&format!("A = {a}, B = {b}: {rule}? {result}"));
            }
            (N::EvenlyDivides, [s, Value::IntTuple(t)]) => {
                let shape = match s {
                    Value::Layout(l) => l.shape().clone(),
                    Value::IntTuple(x) => x.clone(),
                    _ => return Ok(false),
                };
                if let Ok(q) = layout_core::ceil_div(&shape, t) {
                    self.step(&format!("ceil_div({shape}, {t}) = {q} tiles"));
                }
                self.step(&format!("{t} cuts {shape} into whole tiles? {result}"));
            }
            (N::Crd2crd, [c, from, to]) => {
                self.say(&format!(
                    "coordinate {c} of {from}, colexicographic index carried to {to}: {result}"
                ));
            }
            (N::ProductEach, [t]) => {
                let modes = modes_of(t);
                self.say(&format!(
                    "the size of each of {}: {result}",
                    join(modes, ", ")
                ));
            }
            (N::ShapeDiv { strict }, [a, b]) => {
                let rule = if strict {
                    "each pair must divide one way or the other; rounded up"
                } else {
                    "rounded up"
                };
                self.say(&format!(
                    "{a} / {b}, by mode (an integer divisor folds across the modes, {rule}): {result}"
                ));
            }
            (N::FilterZeros, [x]) => {
                self.say(&format!(
                    "{x} with extent 1 wherever the stride is 0: {result}"
                ));
            }
            (N::FilterZeros, [x, p]) => {
                self.say(&format!(
                    "{x} with extent 1 under every 0 of the profile {p}: {result}"
                ));
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}
