//! Explaining the seeds that cut a tensor into views and read them:
//! `diagonal`, `stripes`, `slice_axis`, `block`, `view`, `table`, `positions`.
//! Axes come from `real_axis`, offsets from `crd2idx` / `at` on the
//! operand's own modes, blocks from `zipped_divide`, walks from `Positions`,
//! and the result's modes and base are read off the call's own result.

use layout_core::{
    IntTuple, Layout, Positions, Result, Tiler, Value, View, real_axis, zipped_divide,
};

use super::{Explainer, join};

/// How many entries of a table are taken apart one by one.
const SHOWN: i64 = 8;

impl Explainer<'_> {
    /// `diagonal(L, OFFSET, DIM1, DIM2)`: the two modes merged into one.
    pub(super) fn diagonal(&mut self, input: &View, args: [i64; 3], result: &Value) -> Result<()> {
        let Value::View(out) = result else {
            return Ok(());
        };
        let [offset, dim1, dim2] = args;
        let l = input.layout();
        self.say("a step along the diagonal is a step along both dims at once, so the two modes merge into one whose stride is the sum of theirs; the diagonal becomes the last mode, the other modes keep their order.");
        let rank = l.rank();
        let (d1, d2) = (real_axis(dim1, rank)?, real_axis(dim2, rank)?);
        let (Some(m1), Some(m2)) = (l.mode(d1), l.mode(d2)) else {
            return Ok(());
        };
        self.step(&format!(
            "dims {dim1} and {dim2} of rank {rank} are modes {d1} and {d2}: {m1} and {m2}"
        ));
        // The merged mode is the last mode of the result (the whole layout
        // when no other mode is left).
        let merged = match rank {
            0..=2 => out.layout().clone(),
            _ => out
                .layout()
                .modes()
                .pop()
                .unwrap_or_else(|| out.layout().clone()),
        };
        let (len, step) = merged.leaf_modes().next().unwrap_or((0, 0));
        let (s1, s2) = (m1.size(), m2.size());
        let rule = if offset >= 0 {
            format!("min({s1}, {s2} − {offset})")
        } else {
            format!("min({s1} − {}, {s2})", offset.unsigned_abs())
        };
        let rule = if len == 0 {
            format!("{rule}, at least 0,")
        } else {
            rule
        };
        self.step(&format!(
            "extent: {rule} = {len}; stride: {} + {} = {step}  →  {merged}",
            m1.stride(),
            m2.stride()
        ));
        let (row, col) = if offset >= 0 {
            (0, offset)
        } else {
            (offset.saturating_neg(), 0)
        };
        if len > 0 {
            let start =
                Layout::concat([m1.clone(), m2.clone()])?.crd2idx(&IntTuple::from([row, col]))?;
            let above = match offset {
                0 => "the main diagonal".to_string(),
                o if o > 0 => format!("{o} above the main diagonal"),
                o => format!("{} below the main diagonal", o.unsigned_abs()),
            };
            self.step(&format!(
                "offset {offset} ({above}) starts at ({row},{col}) of those modes: crd2idx(({row},{col}), {}) = {start}",
                Layout::concat([m1, m2])?
            ));
        } else {
            self.step(&format!("offset {offset} leaves no diagonal: base 0"));
        }
        if input.base() != 0 {
            self.note(&format!("plus the operand's base {}", input.base()));
        }
        self.step(&format!(
            "the other modes, then the diagonal, from base {}: {out}",
            out.base()
        ));
        Ok(())
    }

    /// `table(L)`: `L(0), L(1), …`, the first few taken apart.
    pub(super) fn table(&mut self, input: &View, result: &Value) -> Result<()> {
        let Value::Table(t) = result else {
            return Ok(());
        };
        let l = input.layout();
        self.say("table lists L(0), L(1), … in CuTe order: index i is split over the shape leftmost leaf fastest (idx2crd), and the coordinate's offset is looked up (crd2idx).");
        let base = match input.base() {
            0 => String::new(),
            b => format!("{b} + "),
        };
        let shown = l.size().min(SHOWN);
        if shown > 0 {
            let which = match l.size() {
                n if n == shown => format!("all {n}"),
                n => format!("the first {shown} of {n}"),
            };
            self.step(&format!("{base}L(i) for {which}:"));
        }
        for i in 0..shown {
            let crd = l.idx2crd(i)?;
            let off = t.as_slice().get(i as usize).copied().unwrap_or_default();
            let sum = match input.base() {
                0 => String::new(),
                _ => format!("{base}{} = ", l.at(i)?),
            };
            self.note(&format!("i = {i}: coordinate {crd} → {sum}{off}"));
        }
        self.step(&format!("= {t}"));
        Ok(())
    }

    /// `stripes(L, AXIS)`: the axis's mode first, the others second.
    pub(super) fn stripes(&mut self, input: &View, axis: i64, result: &Value) -> Result<()> {
        let l = input.layout();
        let out = match result {
            Value::Layout(out) => out,
            Value::View(v) => v.layout(),
            _ => return Ok(()),
        };
        self.say("a stripe is a 1-D walk along one axis: mode 0 of the result is that axis's mode, mode 1 (the other modes, in order) says which stripe.");
        let a = real_axis(axis, l.rank())?;
        self.step(&format!("axis {axis} of rank {} is mode {a}", l.rank()));
        if let (Some(stripe), Some(rest)) = (out.mode(0), out.mode(1)) {
            self.note(&format!("one stripe: {stripe}"));
            self.note(&format!("which stripe: {rest}"));
        }
        self.step(&format!("= {result}"));
        Ok(())
    }

    /// `slice_axis(L, AXIS, I)`: the other modes, from the offset of I.
    pub(super) fn slice_axis(
        &mut self,
        input: &View,
        axis: i64,
        index: i64,
        result: &Value,
    ) -> Result<()> {
        let Value::View(out) = result else {
            return Ok(());
        };
        let l = input.layout();
        self.say("the sub-tensor at one index along an axis: the other modes, read from where that index is.");
        let a = real_axis(axis, l.rank())?;
        let Some(mode) = l.mode(a) else {
            return Ok(());
        };
        self.step(&format!(
            "axis {axis} of rank {} is mode {a}: {mode}",
            l.rank()
        ));
        let at = mode.at(index)?;
        self.step(&format!("index {index} of {mode} is at offset {at}"));
        if input.base() != 0 {
            self.note(&format!(
                "plus the operand's base {}: {}",
                input.base(),
                out.base()
            ));
        }
        self.step(&format!("the other modes, from base {}: {out}", out.base()));
        Ok(())
    }

    /// `block(L, TILE, I)`: one block of `zipped_divide(L, TILE)`.
    pub(super) fn block(
        &mut self,
        input: &View,
        tile: &IntTuple,
        index: &IntTuple,
        result: &Value,
    ) -> Result<()> {
        let Value::View(out) = result else {
            return Ok(());
        };
        let l = input.layout();
        self.say("blocks are zipped_divide(L, TILE): mode 0 is one block, mode 1 says where each block starts; a block at the edge is cut to what is left of the tensor.");
        // `block` tiles mode by mode, so an integer TILE is a tiler of one mode.
        let by_mode = match tile {
            IntTuple::Int(n) => IntTuple::Tuple(vec![IntTuple::Int(*n)]),
            t => t.clone(),
        };
        let tiler = Tiler::try_from(by_mode)?;
        let zipped = zipped_divide(l, &tiler)?;
        let (Some(one), Some(grid)) = (zipped.mode(0), zipped.mode(1)) else {
            return Ok(());
        };
        self.step(&format!("zipped_divide({l}, {tiler}) = {zipped}"));
        self.note(&format!("a block: {one}; where the blocks start: {grid}"));
        match index {
            IntTuple::Int(i) => {
                let crd = grid.idx2crd(*i)?;
                self.step(&format!(
                    "block {i} (CuTe order) is coordinate {crd} of mode 1: it starts at {}",
                    grid.at(*i)?
                ));
            }
            crd => {
                let start = grid.crd2idx(crd)?;
                self.step(&format!(
                    "block {crd} starts at crd2idx({crd}, {grid}) = {start}"
                ));
            }
        }
        if input.base() != 0 {
            self.note(&format!(
                "plus the operand's base {}: {}",
                input.base(),
                out.base()
            ));
        }
        if out.layout().size() == one.size() {
            self.step(&format!("the whole block, from base {}: {out}", out.base()));
        } else {
            self.step(&format!(
                "at the edge the block is cut to what is left, {}: {out}",
                out.layout()
            ));
        }
        Ok(())
    }

    /// `view(L, BASE)`.
    pub(super) fn view(&mut self, result: &Value) {
        if let Value::View(v) = result {
            self.say(&format!(
                "a view: the layout {} read from base {}, so coordinate c is at {} + L(c)",
                v.layout(),
                v.base(),
                v.base()
            ));
        }
    }

    /// `positions(L, START)`: the row-major walk, the first steps shown.
    pub(super) fn positions(
        &mut self,
        input: &View,
        start: Option<&IntTuple>,
        result: &Value,
    ) -> Result<()> {
        let Value::Table(t) = result else {
            return Ok(());
        };
        let l = input.layout();
        let start: Vec<i64> = match start {
            Some(s) => s.leaves().collect(),
            None => vec![0; l.leaf_modes().count()],
        };
        self.say("positions walks the coordinates in row-major order (the rightmost leaf fastest, like an odometer) from START to the end; each step adds one stride, with no division.");
        let base = match input.base() {
            0 => String::new(),
            b => format!("{b} + "),
        };
        let n = t.as_slice().len();
        if n == 0 {
            self.step(&format!("the layout has no coordinates: {t}"));
            return Ok(());
        }
        self.step(&format!("{n} position(s) from ({}):", join(&start, ",")));
        let mut walk = Positions::new(l, &start)?;
        for total in t.as_slice().iter().take(SHOWN as usize) {
            let (coord, off) = (walk.coord(), walk.offset());
            let sum = if base.is_empty() {
                String::new()
            } else {
                format!("{base}{off} = ")
            };
            self.note(&format!("({}) → {sum}{total}", join(coord, ",")));
            walk.advance();
        }
        if n > SHOWN as usize {
            self.note("…");
        }
        self.step(&format!("= {t}"));
        Ok(())
    }
}

/// The operand of a view seed: a layout reads from 0.
pub(super) fn view_of(v: &Value) -> Option<View> {
    match v {
        Value::Layout(l) => Some(View::from(l.clone())),
        Value::View(v) => Some(v.clone()),
        _ => None,
    }
}
