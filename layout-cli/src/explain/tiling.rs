//! Explaining the divides and products: CuTe's definitions, each
//! intermediate layout as the core computes it (`divide_steps`,
//! `product_steps`, `zip_product_steps`, `Form::regroup`) — the same calls
//! the divides and products themselves make, so the steps shown are the
//! steps taken.

use layout_core::algebra::{
    Form, RoundedHole, divide_steps, mode_pairs, product_steps, zip_product_steps,
};
use layout_core::{Layout, Result, Tiler, logical_divide, logical_product};

use super::Explainer;

impl Explainer<'_> {
    pub(super) fn divide(&mut self, form: Form, a: &Layout, t: &Tiler) -> Result<()> {
        self.say(&format!(
            "A ⊘ T = A ∘ (T, T*) with T* = complement(T, size A), A = {a}, T = {t}: mode 0 of the result is one tile, mode 1 walks from tile to tile."
        ));
        let logical = match t {
            Tiler::Layout(t) => {
                let steps = divide_steps(a, t)?;
                self.step(&format!("size A = {}", steps.size));
                self.step(&format!(
                    "T* = complement({t}, {}) = {}",
                    steps.size, steps.rest
                ));
                self.step(&format!("(T, T*) = {}", steps.tiler(t)?));
                self.step(&format!("A ∘ (T, T*) = {}", steps.result));
                if let (Some(tile), Some(rest)) = (steps.result.mode(0), steps.result.mode(1)) {
                    self.note(&format!("a tile: {tile}; across tiles: {rest}"));
                }
                steps.result
            }
            Tiler::ByMode(ts) => {
                self.step("a by-mode tiler divides mode i of A by element i of T:");
                for (i, (ai, ti)) in mode_pairs(a, ts)?.into_iter().enumerate() {
                    match ti {
                        Some(Tiler::Layout(ti)) => {
                            let steps = divide_steps(&ai, ti)?;
                            self.note(&format!(
                                "mode {i}: {ai} ⊘ {ti}: T* = complement({ti}, {}) = {}; {ai} ∘ {} = {}",
                                steps.size,
                                steps.rest,
                                steps.tiler(ti)?,
                                steps.result
                            ));
                        }
                        Some(ti) => {
                            let di = logical_divide(&ai, ti)?;
                            self.note(&format!("mode {i}: {ai} ⊘ {ti} = {di}"));
                        }
                        None => self.note(&format!("mode {i}: {ai} (past the tiler: kept)")),
                    }
                }
                let logical = logical_divide(a, t)?;
                self.step(&format!("the modes together: {logical}"));
                logical
            }
        };
        self.regroup(form, logical, t)
    }

    pub(super) fn product(&mut self, form: Form, a: &Layout, t: &Tiler) -> Result<()> {
        self.say(&format!(
            "A ⊗ T = (A, complement(A, size A · cosize T) ∘ T) with A = {a}, T = {t}: mode 0 is A, mode 1 lays copies of A out as T says."
        ));
        let logical = match t {
            Tiler::Layout(t) => {
                let steps = product_steps(a, t)?;
                self.step(&format!(
                    "size A · cosize T = {} · {} = {}",
                    a.size(),
                    t.cosize(),
                    steps.cotarget
                ));
                self.step(&format!(
                    "A* = complement(A, {}) = {}",
                    steps.cotarget, steps.rest
                ));
                if let Some(r) = steps.rounded {
                    self.rounded(r, "T's", a);
                }
                self.step(&format!(
                    "A* ∘ T = {}  (where each copy of A starts)",
                    steps.copies()
                ));
                self.step(&format!("(A, A* ∘ T) = {}", steps.result));
                steps.result
            }
            Tiler::ByMode(ts) => {
                self.step("a by-mode tiler multiplies mode i of A by element i of T:");
                for (i, (ai, ti)) in mode_pairs(a, ts)?.into_iter().enumerate() {
                    match ti {
                        Some(ti) => {
                            let pi = logical_product(&ai, ti)?;
                            self.note(&format!("mode {i}: {ai} ⊗ {ti} = {pi}"));
                        }
                        None => self.note(&format!("mode {i}: {ai} (past the tiler: kept)")),
                    }
                }
                let logical = logical_product(a, t)?;
                self.step(&format!("the modes together: {logical}"));
                logical
            }
        };
        self.regroup(form, logical, t)
    }

    /// The zipped / tiled / flat forms: the logical result regrouped, by the
    /// core's `Form::regroup`.
    fn regroup(&mut self, form: Form, logical: Layout, t: &Tiler) -> Result<()> {
        if form == Form::Logical {
            // The steps above end on the result.
            return Ok(());
        }
        let zipped = Form::Zipped.regroup(logical.clone(), t)?;
        self.step(&format!(
            "gather the tile modes in mode 0 and the rest in mode 1: {zipped}"
        ));
        match form {
            Form::Tiled => {
                let tiled = Form::Tiled.regroup(logical, t)?;
                self.step(&format!("lift the rest modes to the top: {tiled}"));
            }
            Form::Flat => {
                let flat = Form::Flat.regroup(logical, t)?;
                self.step(&format!("lift both parts' modes to the top: {flat}"));
            }
            _ => {}
        }
        Ok(())
    }

    pub(super) fn zip_product(&mut self, raked: bool, a: &Layout, b: &Layout) -> Result<()> {
        self.say(&format!(
            "copies of the block A = {a} arranged as B = {b}; mode i of the result pairs {}",
            if raked {
                "B's copies with A's mode i, copies first: each block is raked across the result"
            } else {
                "A's mode i with B's copies, A first: each block stays contiguous"
            }
        ));
        let steps = zip_product_steps(a, b, raked)?;
        let (pa, pb) = (&steps.a, &steps.b);
        if pa != a || pb != b {
            self.step(&format!(
                "pad both to rank {} with 1:0 modes: A = {pa}, B = {pb}",
                pa.rank()
            ));
        }
        self.step(&format!("logical_product(A, B) = {}", steps.product));
        if let Some(r) = product_steps(pa, pb)?.rounded {
            self.rounded(r, "B's", pa);
        }
        if let Some(copies) = steps.product.mode(1) {
            self.note(&format!("mode 1, where the copies start: {copies}"));
        }
        let order = if raked { "(copies, A)" } else { "(A, copies)" };
        self.step(&format!(
            "pair them mode by mode as {order}: {}",
            steps.result
        ));
        Ok(())
    }
}

impl Explainer<'_> {
    /// A hole of the product's complement CuTe rounds down (the core's
    /// rule, `layout_core::algebra::ProductHoles`), exact here: `whose`
    /// names the operand whose offsets stay below it; `a` is the product's
    /// `A`, whose later rounded holes (if any) are named too.
    pub(super) fn rounded(&mut self, r: RoundedHole, whose: &str, a: &Layout) {
        self.note(&format!(
            "A's stride {} is not a multiple of the span {} of the modes below it: CuTe's complement rounds that hole down to {}; {whose} offsets stay below {}, the copies of A below the hole, so this is a product (past them CuTe's next copy would leave offsets no copy covers: refused, README \"where we differ\")",
            r.stride, r.span, r.hole, r.limit
        ));
        for (stride, span) in later_rounded(a, r.stride) {
            self.note(&format!(
                "A's stride {stride} is not a multiple of the span {span} below it either: CuTe rounds that hole down to {} too, above every copy {whose} offsets reach, so it changes nothing",
                stride / span
            ));
        }
    }
}

/// `A`'s strides above `first` that the span below does not divide (with
/// that span), in stride order, as the complement walks them.
fn later_rounded(a: &Layout, first: u64) -> Vec<(i64, i64)> {
    let mut live: Vec<(i64, i64)> = a
        .leaf_modes()
        .filter(|&(s, d)| s != 1 && d > 0)
        .map(|(s, d)| (d, s))
        .collect();
    live.sort();
    let mut span = 1i64;
    let mut out = Vec::new();
    for (d, s) in live {
        if d as u64 > first && span > 0 && d % span != 0 {
            out.push((d, span));
        }
        // CuTe's span: the extent times the stride of the mode just below.
        span = s.saturating_mul(d);
    }
    out
}
