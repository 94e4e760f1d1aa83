//! Explaining coalesce, filter, flatten, composition, complement and the
//! inverses: each intermediate layout is a layout-core call.

use layout_core::algebra::{Proof, Refinement, composition_refinement};
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::Tiling;
use layout_core::{
    IntTuple, Layout, Result, Tiler, Value, coalesce, coalesce_by, composition, eval, flatten,
};

use super::{Explainer, join};

impl Explainer<'_> {
    /// Coalesce one leaf at a time: each line is `coalesce` of a longer
    /// prefix of the flattened layout, so the merges are the core's.
    pub(super) fn coalesce(&mut self, l: &Layout, result: &Value) -> Result<()> {
        self.say("coalesce keeps the same function with the fewest modes.");
        let flat = flatten(l);
        self.step(&format!("flatten: {flat}"));
        self.step("take the leaves left to right, coalescing as we go:");
        let leaves: Vec<(i64, i64)> = flat.leaf_modes().collect();
        let mut before: Option<Layout> = None;
        let mut lines = Vec::new();
        for k in 1..=leaves.len() {
            let (s, d) = leaves[k - 1];
            let now = coalesce(&Layout::from_leaf_modes(&leaves[..k])?);
            let trivial = |b: &Layout| b.size() == 1;
            let why = match &before {
                _ if s == 1 => "extent 1: dropped".to_string(),
                None => "the first mode".to_string(),
                Some(b) if trivial(b) => "the first mode".to_string(),
                Some(b) if now.leaf_modes().count() > b.leaf_modes().count() => {
                    "kept as a new mode".to_string()
                }
                Some(b) => match b.leaf_modes().last() {
                    Some((s0, d0)) => {
                        format!(
                            "{s0}·{d0} = {} is its stride: merged",
                            s0.saturating_mul(d0)
                        )
                    }
                    None => "merged".to_string(),
                },
            };
            lines.push((format!("{s}:{d}"), now.to_string(), why));
            before = Some(now);
        }
        let w0 = lines.iter().map(|l| l.0.chars().count()).max().unwrap_or(0);
        let w1 = lines.iter().map(|l| l.1.chars().count()).max().unwrap_or(0);
        for (leaf, now, why) in lines {
            self.note(&format!("+ {leaf:<w0$}  → {now:<w1$}   {why}"));
        }
        self.note(&format!("= {result}"));
        Ok(())
    }

    pub(super) fn coalesce_by(&mut self, l: &Layout, p: &IntTuple, result: &Value) -> Result<()> {
        self.say(&format!(
            "coalesce by the profile {p}: an integer coalesces the whole (sub-)layout, a tuple goes mode by mode"
        ));
        match p {
            IntTuple::Int(_) => self.say(&format!("coalesce({l}) = {}", coalesce(l))),
            IntTuple::Tuple(ps) => {
                for (i, m) in l.modes().iter().enumerate() {
                    match ps.get(i) {
                        Some(pi) => {
                            self.note(&format!("mode {i}: {m} → {}", coalesce_by(m, pi)?));
                        }
                        None => self.note(&format!("mode {i}: {m} (beyond the profile: kept)")),
                    }
                }
            }
        }
        self.say(&format!("= {result}"));
        Ok(())
    }

    pub(super) fn filter(&mut self, l: &Layout, result: &Value) -> Result<()> {
        self.say("filter keeps the layout's image with nothing repeated.");
        self.step("drop stride-0 and extent-1 leaves:");
        let marks = l.leaf_modes().map(|(s, d)| match (s, d) {
            (1, _) => format!("{s}:{d} (extent 1)"),
            (_, 0) => format!("{s}:{d} (stride 0)"),
            _ => format!("{s}:{d}"),
        });
        self.note(&join(marks, ", "));
        self.step(&format!("coalesce what is left: {result}"));
        Ok(())
    }

    pub(super) fn flatten(&mut self, x: &Value, result: &Value) -> Result<()> {
        self.say(&format!(
            "every leaf of {x} at one level, in order: {result}"
        ));
        Ok(())
    }

    pub(super) fn composition(&mut self, a: &Layout, b: &Tiler, result: &Value) -> Result<()> {
        self.say(&format!(
            "R = A ∘ B with A = {a}, B = {b}: R(c) = A(B(c)), shaped like B."
        ));
        match b {
            Tiler::Layout(b) => {
                self.refinement(&composition_refinement(a, b));
                self.check_composition(a, b, result)?;
            }
            Tiler::ByMode(ts) => {
                self.step("a by-mode tiler composes mode i of A with element i of B:");
                for (i, t) in ts.iter().enumerate() {
                    if let Some(ai) = a.mode(i) {
                        let ri = composition(&ai, t)?;
                        self.note(&format!("mode {i}: {ai} ∘ {t} = {ri}"));
                    }
                }
                if a.rank() > ts.len() {
                    self.note("modes of A past the tiler are dropped, as CuTe does");
                }
                self.step(&format!("the modes together: {result}"));
            }
        }
        Ok(())
    }

    /// A top-level `composition(A, B)` that `eval` refused: its steps up to
    /// the refusal. False (nothing written) for any other failing expression.
    pub(super) fn refused(&mut self, e: &Expr) -> bool {
        let ExprKind::Call { name, args, .. } = &e.kind else {
            return false;
        };
        let how = layout_core::function(name).and_then(|f| f.tiling);
        let (Some(Tiling::Composition), [a, b]) = (how, args.as_slice()) else {
            return false;
        };
        let (Ok(Value::Layout(a)), Ok(Value::Layout(b))) = (eval(a), eval(b)) else {
            return false;
        };
        let steps = composition_refinement(&a, &b);
        if steps.outcome.is_ok() {
            return false;
        }
        self.heading(&format!("{} (refused)", self.text(e)));
        self.say(&format!(
            "R = A ∘ B with A = {a}, B = {b}: R(c) = A(B(c)), shaped like B."
        ));
        self.refinement(&steps);
        true
    }

    /// CuTe's mutual refinement of A's and B's shapes, as the core walks it,
    /// then the result and its proof, or the refusal with its witness.
    fn refinement(&mut self, r: &Refinement) {
        let left = r.left.iter().enumerate();
        self.step(&format!(
            "flatten and coalesce A: modes {} (the last one unbounded: it reads past size A)",
            join(left.map(|(k, (s, d))| format!("{k} = {s}:{d}")), ", ")
        ));
        self.step(&format!(
            "the leaves of B: {}",
            join(r.leaves.iter().map(|(s, d)| format!("{s}:{d}")), ", ")
        ));
        self.step("each leaf walks the modes of A (how many values land in each, how far apart in its coordinate):");
        for (m, (s, d)) in r.leaves.iter().enumerate() {
            let pieces = r.pieces.iter().filter(|p| p.leaf == m);
            let pieces = join(
                pieces.map(|p| format!("mode {}: {} values, step {}", p.mode, p.extent, p.step)),
                "; ",
            );
            let pieces = if pieces.is_empty() {
                "no values".into()
            } else {
                pieces
            };
            self.note(&format!("leaf {m} ({s}:{d}): {pieces}"));
        }
        match &r.outcome {
            Ok((l, Proof::Divisibility)) => self.step(&format!(
                "every step divides and nothing carries, so it is exact by divisibility: {l}"
            )),
            Ok((l, Proof::Checked { indices })) => self.step(&format!(
                "divisibility does not settle it; checked A(B(i)) at all {indices} indices of B: {l}"
            )),
            Err(e) => self.step(&format!("refused: {e}")),
        }
    }

    /// One worked example of `R(i) = A(B(i))`, at the last index.
    fn check_composition(&mut self, a: &Layout, b: &Layout, result: &Value) -> Result<()> {
        let Value::Layout(r) = result else {
            return Ok(());
        };
        if r.size() > 1 {
            let i = r.size() - 1;
            let bi = b.at(i)?;
            self.note(&format!(
                "check at i = {i}: R({i}) = {} and A(B({i})) = A({bi}) = {}",
                r.at(i)?,
                a.at(bi)?
            ));
        }
        Ok(())
    }

    pub(super) fn complement(
        &mut self,
        a: &Layout,
        m: i64,
        implied: bool,
        result: &Value,
    ) -> Result<()> {
        let target = if implied {
            format!("{m} (the cosize of A, CuTe's default)")
        } else {
            m.to_string()
        };
        self.say(&format!(
            "A* = complement(A, {target}) with A = {a}: the layout of A's holes, so that (A, A*) reaches every offset below {m} (rounded up to a multiple of A's span) exactly once, A's stride-0 modes aside."
        ));
        let mut modes: Vec<(i64, i64)> =
            a.leaf_modes().filter(|&(s, d)| s != 1 && d != 0).collect();
        modes.sort_by_key(|&(_, d)| d);
        self.step(&format!(
            "A's leaves by stride (stride-0 and extent-1 leaves ignored): {}",
            join(modes.iter().map(|(s, d)| format!("{s}:{d}")), ", ")
        ));
        self.step(&format!("the holes between and above them: A* = {result}"));
        let Value::Layout(star) = result else {
            return Ok(());
        };
        let both = Layout::concat([a.clone(), star.clone()])?;
        let mut offsets: Vec<i64> = both.offsets().collect();
        offsets.sort_unstable();
        let reached = offsets.len();
        offsets.dedup();
        let n = offsets.len() as i64;
        self.step(&format!("check: (A, A*) = {both}"));
        if !offsets.iter().copied().eq(0..n) {
            self.note("does not reach every offset below its size (A* still covers A's holes)");
        } else if reached == offsets.len() {
            self.note(&format!("reaches 0, 1, …, {} each exactly once", n - 1));
        } else {
            self.note(&format!(
                "reaches every one of 0, 1, …, {}, some more than once (A repeats offsets through its stride-0 modes)",
                n - 1
            ));
        }
        Ok(())
    }

    pub(super) fn right_inverse(&mut self, l: &Layout, result: &Value) -> Result<()> {
        self.say("R = right_inverse(L): L(R(i)) = i for i = 0, 1, … below size(R), CuTe's chain.");
        self.step(&format!("coalesce L: {}", coalesce(l)));
        self.step(&format!(
            "follow the strides 1, s·d, … through its modes sorted by stride as CuTe sorts them (at two modes of one stride, the one CuTe's sort puts first; stride-0 and negative modes skipped): R = {result}"
        ));
        if let Value::Layout(r) = result {
            self.check_inverse(l, r, true)?;
        }
        Ok(())
    }

    /// CuTe's construction, narrated from the coalesced modes; the result
    /// itself is the core's (`result`), checked on the first indices.
    pub(super) fn left_inverse(&mut self, l: &Layout, result: &Value) -> Result<()> {
        self.say("R = left_inverse(L): R(L(i)) = i for every i in L's domain.");
        let flat = coalesce(l);
        self.step(&format!("coalesce: {flat}"));
        let mut modes = Vec::new();
        let mut start = 1i64;
        for (s, d) in flat.leaf_modes() {
            modes.push((s, d, start));
            start = start.saturating_mul(s);
        }
        modes.sort_by_key(|m| m.1);
        if modes.iter().any(|m| m.1 == 0 && m.0 > 1) {
            self.note("L has stride-0 modes: R(L(i)) is an index with L's offset, L(R(L(i))) = L(i), as in CuTe");
        }
        let listed = modes
            .iter()
            .filter(|m| m.1 != 0)
            .map(|&(s, d, p)| format!("{s}:{d} (its index stride {p})"));
        self.step(&format!(
            "sort the modes by stride, stride 0 skipped: {}",
            join(listed, ", ")
        ));
        self.step(&format!(
            "each stride over the one below is an extent of R, at the index stride of the mode below (0 for the first); the largest-stride mode's extent ends R; coalesced: R = {result}"
        ));
        if let Value::Layout(r) = result {
            self.check_inverse(l, r, false)?;
        }
        Ok(())
    }

    /// `L(R(i))` (right) or `R(L(i))` (left) for the first few `i`.
    fn check_inverse(&mut self, l: &Layout, r: &Layout, right: bool) -> Result<()> {
        let (outer, inner, n) = if right {
            (l, r, r.size())
        } else {
            (r, l, l.size())
        };
        let shown = n.min(16);
        let values = (0..shown)
            .map(|i| inner.at(i).and_then(|x| outer.at(x)))
            .collect::<Result<Vec<_>>>()?;
        let what = if right { "L(R(i))" } else { "R(L(i))" };
        let more = if n > shown { ", …" } else { "" };
        self.step(&format!(
            "check: {what} for i = 0, 1, …: {}{more}",
            join(values, ", ")
        ));
        Ok(())
    }
}
