//! Explaining the thread–value functions: `layout_tv` and its tile as the
//! steps of CuTe's `make_tiled_copy` (from the core's `layout_tv_steps`),
//! the atoms' layouts as where they come from and what one pair means.

use layout_core::atoms::{Atom, MmaAtom, Operand};
use layout_core::registry::Narration;
use layout_core::tv::{layout_tv_steps, tiled_mma_steps};
use layout_core::{Layout, Result, Value};

use super::Explainer;

impl Explainer<'_> {
    /// The TV-layout and atom functions, by their narration.
    pub(super) fn tv(&mut self, narration: Narration, v: &[Value], result: &Value) -> Result<()> {
        match (narration, v) {
            (Narration::LayoutTv, [Value::Layout(thr), Value::Layout(val)]) => {
                self.layout_tv(thr, val)
            }
            (Narration::MmaShape, [Value::Atom(a)]) => {
                self.say(&format!("{a}: Shape_MNK of MMA_Traits<{a}>, the (M,N,K) one instruction computes: {result}"));
                Ok(())
            }
            (Narration::MmaThreads, [Value::Atom(a)]) => {
                self.say(&format!("{a}: ThrID of MMA_Traits<{a}>, the atom's thread index → the thread that takes part"));
                self.describe_pairs(result, "atom thread", "thread");
                Ok(())
            }
            (Narration::AtomLayout, [Value::Atom(a), Value::Operand(o)]) => {
                self.atom_layout(*a, *o, result);
                Ok(())
            }
            (
                Narration::TiledMma,
                [
                    Value::Atom(Atom::Mma(a)),
                    Value::Layout(tiling),
                    Value::Operand(o),
                ],
            ) => self.tiled_mma(a, tiling, *o, result),
            _ => Ok(()),
        }
    }

    /// `make_tiled_copy`'s three steps.
    fn layout_tv(&mut self, thr: &Layout, val: &Layout) -> Result<()> {
        let s = layout_tv_steps(thr, val)?;
        self.say("CuTe's make_tiled_copy(atom, THR, VAL): each thread of THR gets a block of VAL values, raked across the tile");
        self.step(&format!(
            "raked_product({thr}, {val}) = {}: tile coordinate (m,n) → thread + size(THR)·value",
            s.raked
        ));
        self.step(&format!(
            "right_inverse of it = {}: thread + size(THR)·value → tile index",
            s.inverse
        ));
        self.step(&format!(
            "reshaped to ({}, {}) (composition with the compact layout of that shape) = {}",
            thr.size(),
            val.size(),
            s.result
        ));
        self.step(&format!(
            "the tile is product_each(shape of the raked product) = {}",
            s.tile
        ));
        Ok(())
    }

    /// CuTe's `thrfrg_*` and `get_layout*_TV` steps.
    fn tiled_mma(
        &mut self,
        atom: &MmaAtom,
        tiling: &Layout,
        o: Operand,
        result: &Value,
    ) -> Result<()> {
        let s = tiled_mma_steps(atom, tiling, o)?;
        let axes = match o {
            Operand::A => "(M,K)",
            Operand::B => "(N,K)",
            _ => "(M,N)",
        };
        let name = atom.name;
        self.say(&format!("make_tiled_mma({name}, {tiling}).get_layout{o}_TV(): copies of the atom laid out over (M,N,K) as {tiling}"));
        self.step(&format!(
            "threads: tiled_product(ThrID {}, {tiling}) = {}: (ThrV,ThrM,ThrN,ThrK) → thread",
            atom.threads()?,
            s.threads
        ));
        self.step(&format!(
            "the {axes} tile: the atom's extents times the atoms along each axis = {}",
            s.tile
        ));
        self.step(&format!(
            "the tile cut into atoms (zipped_divide), each atom's cells composed with its {o} layout {} = {}: ((ThrV,FrgV),(Rest…)) → tile index",
            atom.layout(o)?,
            s.atoms
        ));
        self.note("the rest modes are split over the atoms' threads along the two axes; the axis the operand does not use is broadcast (stride 0)");
        self.step(&format!(
            "thread → (ThrV,ThrM,ThrN,ThrK): right_inverse of the threads with their complement = {}",
            s.thread_order
        ));
        self.step(&format!(
            "composed: (thread, value) → tile index = {}",
            s.result
        ));
        self.describe_pairs(result, "(thread, value)", "tile index");
        Ok(())
    }

    fn atom_layout(&mut self, atom: Atom, o: Operand, result: &Value) {
        let (traits, what, target) = match (atom, o) {
            (Atom::Mma(_), Operand::A) => ("MMA_Traits", "ALayout", "index in the (M,K) tile"),
            (Atom::Mma(_), Operand::B) => ("MMA_Traits", "BLayout", "index in the (N,K) tile"),
            (Atom::Mma(_), _) => ("MMA_Traits", "CLayout", "index in the (M,N) tile"),
            (Atom::Copy(_), Operand::Src) => ("Copy_Traits", "SrcLayout", "bit of the source"),
            (Atom::Copy(_), _) => ("Copy_Traits", "DstLayout", "bit of the destination"),
        };
        self.say(&format!(
            "{what} of {traits}<{atom}>: (thread, value) → {target}"
        ));
        self.describe_pairs(result, "(thread, value)", target);
    }

    /// The first few entries of a TV layout, pair by pair.
    fn describe_pairs(&mut self, result: &Value, from: &str, to: &str) {
        let Value::Layout(l) = result else {
            return;
        };
        let threads = l.mode(0).map_or(l.size(), |m| m.size());
        let shown: Vec<String> = (0..l.size().min(4))
            .filter_map(|i| {
                l.at(i)
                    .ok()
                    .map(|x| format!("({}, {}) → {x}", i % threads, i / threads))
            })
            .collect();
        self.step(&format!("{from} → {to}: {} …", shown.join(", ")));
    }
}
