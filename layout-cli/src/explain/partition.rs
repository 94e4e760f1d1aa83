//! Explanations of CuTe's partitions (`local_tile`, `local_partition`,
//! `inner_partition`, `outer_partition`): the step's projection, the
//! thread's coordinate, the zipped divide and its slice, each number from
//! the core's own `algebra::partition` calls.

use layout_core::algebra::{self, Coord};
use layout_core::{Layout, Result, Tiler, Value};

use super::Explainer;

/// A coordinate argument as the core reads it (`_` allowed).
fn coord(v: &Value) -> Option<Coord> {
    match v {
        Value::Coord(c) => Some(c.clone()),
        Value::IntTuple(t) => Some(Coord::from(t.clone())),
        _ => None,
    }
}

impl Explainer<'_> {
    /// `inner_partition`/`local_tile` (`outer: false`) or
    /// `outer_partition`/`local_partition` (`by_thread`: by a thread
    /// layout and a thread, as the registry entry says).
    pub(super) fn partition(
        &mut self,
        name: &str,
        outer: bool,
        by_thread: bool,
        v: &[Value],
        result: &Value,
    ) -> Result<()> {
        let Some(Value::Layout(l)) = v.first() else {
            return Ok(());
        };
        let (tiler, c) = if by_thread {
            match self.thread(v)? {
                Some(tc) => tc,
                None => return Ok(()),
            }
        } else {
            let (Some(t), Some(c)) = (v.get(1), v.get(2).and_then(coord)) else {
                return Ok(());
            };
            let mut t = Tiler::try_from(t.clone())?;
            let mut c = c;
            if let Some(step) = v.get(3).and_then(coord) {
                t = algebra::dice_tiler(&step, t)?;
                c = algebra::dice_coord(&step, c)?;
                self.step(&format!(
                    "the step {step} keeps the modes it marks with an integer and drops those marked X (printed `_`, its alias): the tiler becomes {t}, the coordinate {c} (CuTe's dice)"
                ));
            }
            (t, c)
        };
        let tiled = algebra::zipped_divide(l, &tiler)?;
        self.step(&format!(
            "zipped_divide(L, {tiler}) = {tiled}: mode 0 inside a tile, mode 1 across the tiles"
        ));
        let full = if outer {
            algebra::outer_coord(&tiled, c.clone())?
        } else {
            algebra::inner_coord(&tiled, c.clone())?
        };
        let (what, mode) = if outer {
            ("an element inside every tile", 0)
        } else {
            ("one tile", 1)
        };
        self.step(&format!(
            "the coordinate {c} picks {what} (mode {mode}); padded with `_` to that mode's rank (CuTe's append) and checked in range, the slice is at {full}"
        ));
        if let Value::View(view) = result {
            self.note(&format!("the kept modes: {}", view.layout()));
            self.step(&format!(
                "the offset: {} with every `_` as 0, through the divide: {}",
                full,
                view.base()
            ));
        }
        self.note(&format!("{name} = {result}"));
        Ok(())
    }

    /// `local_partition`'s tiler and coordinate: the thread layout (diced by
    /// a step), the sizes of its modes, and thread I's flat coordinate.
    fn thread(&mut self, v: &[Value]) -> Result<Option<(Tiler, Coord)>> {
        let (Some(Value::Layout(thr)), Some(at)) = (v.get(1), v.get(2).and_then(coord)) else {
            return Ok(None);
        };
        let idx = match at {
            Coord::Int(idx) => idx,
            at => return self.thread_at(thr, at, v.get(3).and_then(coord)).map(Some),
        };
        let mut thr: Layout = thr.clone();
        if let Some(step) = v.get(3).and_then(coord) {
            let diced = layout_core::dice(&step, &thr)?;
            self.step(&format!(
                "the step {step} keeps the thread layout's modes marked with an integer: dice({step}, {thr}) = {diced}; thread {idx} keeps its meaning (the strides stay)"
            ));
            thr = diced;
        }
        let c = algebra::thread_coord(&thr, idx)?;
        self.step(&format!(
            "thread {idx}'s coordinate in {thr}: ({idx} / stride) % extent at each leaf, one index per mode (CuTe's get_flat_coord) = {c}"
        ));
        let tiler = algebra::thread_tiler(&thr)?;
        self.step(&format!(
            "the tiler: the size of each mode of the thread layout (CuTe's product_each(shape)) = {tiler}"
        ));
        Ok(Some((tiler, c)))
    }

    /// `local_partition`'s tiler and coordinate for a thread named by its
    /// coordinate `at` in `thr`: one index per mode, then the step's dice.
    fn thread_at(
        &mut self,
        thr: &Layout,
        at: Coord,
        step: Option<Coord>,
    ) -> Result<(Tiler, Coord)> {
        let mut c = algebra::thread_coord_at(thr, &at)?;
        self.step(&format!(
            "the thread at coordinate {at} of {thr}: each mode's entry as one colexicographic index in that mode (CuTe's crd2crd to product_each(shape)) = {c}"
        ));
        let mut thr: Layout = thr.clone();
        if let Some(step) = step {
            thr = layout_core::dice(&step, &thr)?;
            c = algebra::dice_coord(&step, c)?;
            self.step(&format!(
                "the step {step} keeps the modes it marks with an integer: the thread layout becomes {thr}, the coordinate {c}"
            ));
        }
        let tiler = algebra::thread_tiler(&thr)?;
        self.step(&format!(
            "the tiler: the size of each mode of the thread layout (CuTe's product_each(shape)) = {tiler}"
        ));
        Ok((tiler, c))
    }
}
