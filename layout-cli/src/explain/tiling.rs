//! Explaining the divides and products: CuTe's definitions, each
//! intermediate layout (complement, concatenation, composition, regrouping)
//! computed by layout-core.

use layout_core::{
    Layout, Result, Tiler, Value, complement, composition, logical_divide, logical_product,
    zipped_divide, zipped_product,
};

use super::Explainer;

impl Explainer<'_> {
    pub(super) fn divide(
        &mut self,
        name: &str,
        a: &Layout,
        t: &Tiler,
        result: &Value,
    ) -> Result<()> {
        self.say(&format!(
            "A ⊘ T = A ∘ (T, T*) with T* = complement(T, size A), A = {a}, T = {t}: mode 0 of the result is one tile, mode 1 walks from tile to tile."
        ));
        match t {
            Tiler::Layout(t) => {
                let size = a.size();
                self.step(&format!("size A = {size}"));
                let star = complement(t, size)?;
                self.step(&format!("T* = complement({t}, {size}) = {star}"));
                let both = Layout::concat([t.clone(), star])?;
                self.step(&format!("(T, T*) = {both}"));
                let divided = composition(a, &Tiler::Layout(both))?;
                self.step(&format!("A ∘ (T, T*) = {divided}"));
                if let (Some(tile), Some(rest)) = (divided.mode(0), divided.mode(1)) {
                    self.note(&format!("a tile: {tile}; across tiles: {rest}"));
                }
            }
            Tiler::ByMode(ts) => {
                self.step("a by-mode tiler divides mode i of A by element i of T:");
                for (i, ai) in a.modes().iter().enumerate() {
                    match ts.get(i) {
                        Some(Tiler::Layout(ti)) => {
                            let star = complement(ti, ai.size())?;
                            let both = Layout::concat([ti.clone(), star.clone()])?;
                            let di = composition(ai, &Tiler::Layout(both.clone()))?;
                            self.note(&format!(
                                "mode {i}: {ai} ⊘ {ti}: T* = complement({ti}, {}) = {star}; {ai} ∘ {both} = {di}",
                                ai.size()
                            ));
                        }
                        Some(ti) => {
                            let di = logical_divide(ai, ti)?;
                            self.note(&format!("mode {i}: {ai} ⊘ {ti} = {di}"));
                        }
                        None => self.note(&format!("mode {i}: {ai} (past the tiler: kept)")),
                    }
                }
                self.step(&format!(
                    "the modes together: {}",
                    logical_divide(a, &t.clone())?
                ));
            }
        }
        self.regroup(name, zipped_divide(a, t)?, result);
        Ok(())
    }

    pub(super) fn product(
        &mut self,
        name: &str,
        a: &Layout,
        t: &Tiler,
        result: &Value,
    ) -> Result<()> {
        self.say(&format!(
            "A ⊗ T = (A, complement(A, size A · cosize T) ∘ T) with A = {a}, T = {t}: mode 0 is A, mode 1 lays copies of A out as T says."
        ));
        match t {
            Tiler::Layout(t) => self.product_steps(a, t)?,
            Tiler::ByMode(ts) => {
                self.step("a by-mode tiler multiplies mode i of A by element i of T:");
                for (i, ai) in a.modes().iter().enumerate() {
                    match ts.get(i) {
                        Some(ti) => {
                            let pi = logical_product(ai, ti)?;
                            self.note(&format!("mode {i}: {ai} ⊗ {ti} = {pi}"));
                        }
                        None => self.note(&format!("mode {i}: {ai} (past the tiler: kept)")),
                    }
                }
                self.step(&format!("the modes together: {}", logical_product(a, t)?));
            }
        }
        self.regroup(name, zipped_product(a, t)?, result);
        Ok(())
    }

    fn product_steps(&mut self, a: &Layout, t: &Layout) -> Result<()> {
        let (size, cosize) = (a.size(), t.cosize());
        let target = size.saturating_mul(cosize);
        self.step(&format!("size A · cosize T = {size} · {cosize} = {target}"));
        let star = complement(a, target)?;
        self.step(&format!("A* = complement(A, {target}) = {star}"));
        let copies = composition(&star, &Tiler::Layout(t.clone()))?;
        self.step(&format!("A* ∘ T = {copies}  (where each copy of A starts)"));
        let both = Layout::concat([a.clone(), copies])?;
        self.step(&format!("(A, A* ∘ T) = {both}"));
        Ok(())
    }

    /// The zipped / tiled / flat forms: the logical result regrouped.
    fn regroup(&mut self, name: &str, zipped: Layout, result: &Value) {
        let gather = format!("gather the tile modes in mode 0 and the rest in mode 1: {zipped}");
        match name.split('_').next() {
            Some("zipped") => self.step(&gather),
            Some("tiled") => {
                self.step(&gather);
                self.step(&format!("lift the rest modes to the top: {result}"));
            }
            Some("flat") => {
                self.step(&gather);
                self.step(&format!("lift both parts' modes to the top: {result}"));
            }
            // logical_*: the steps above end on the result.
            _ => {}
        }
    }

    pub(super) fn zip_product(
        &mut self,
        name: &str,
        a: &Layout,
        b: &Layout,
        result: &Value,
    ) -> Result<()> {
        let raked = name == "raked_product";
        self.say(&format!(
            "copies of the block A = {a} arranged as B = {b}; mode i of the result pairs {}",
            if raked {
                "B's copies with A's mode i, copies first: each block is raked across the result"
            } else {
                "A's mode i with B's copies, A first: each block stays contiguous"
            }
        ));
        let rank = a.rank().max(b.rank());
        let (pa, pb) = (pad(a, rank)?, pad(b, rank)?);
        if (pa.rank(), pb.rank()) != (a.rank(), b.rank()) || a.shape().is_int() {
            self.step(&format!(
                "pad both to rank {rank} with 1:0 modes: A = {pa}, B = {pb}"
            ));
        }
        let product = logical_product(&pa, &Tiler::Layout(pb.clone()))?;
        self.step(&format!("logical_product(A, B) = {product}"));
        if let Some(copies) = product.mode(1) {
            self.note(&format!("mode 1, where the copies start: {copies}"));
        }
        let order = if raked { "(copies, A)" } else { "(A, copies)" };
        self.step(&format!("pair them mode by mode as {order}: {result}"));
        Ok(())
    }
}

/// CuTe's `append<rank>(L, 1:0)`: the operand as `rank` modes, so that
/// blocked and raked products can pair them (shape bookkeeping, no algebra).
fn pad(l: &Layout, rank: usize) -> Result<Layout> {
    let mut modes = if l.shape().is_int() {
        vec![l.clone()]
    } else {
        l.modes()
    };
    modes.resize(rank, Layout::leaf(1, 0)?);
    Layout::concat(modes)
}
