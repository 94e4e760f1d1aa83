//! Explaining the seeds that are index arithmetic on shapes and strides:
//! `broadcast`, `broadcast_to`, `real_axis`, the strided `idx2crd` and CK's
//! `descriptor`. Each number is the core's: per-axis extents come from
//! `broadcast` on that axis alone, strides from `compact_*` or
//! `TensorDescriptor`, coordinates from the call's own result.

use layout_core::{
    IntTuple, Layout, Major, Result, TensorDescriptor, TensorLayout, Value, broadcast,
};

use super::{Explainer, join};

impl Explainer<'_> {
    /// `broadcast(S0, S1, …)`: the shapes right-aligned, then axis by axis.
    pub(super) fn broadcast(&mut self, labels: &[&str], v: &[Value], result: &Value) -> Result<()> {
        let Value::IntTuple(out) = result else {
            return Ok(());
        };
        self.say("shapes are aligned on the right; on each axis the extents must be equal, or all but one be 1 (a 1 stretches, so 0 with 1 gives 0).");
        let shapes: Vec<Vec<i64>> = v
            .iter()
            .map(|x| match x {
                Value::IntTuple(t) => t.leaves().collect(),
                _ => Vec::new(),
            })
            .collect();
        let rank = out.rank();
        if rank == 0 {
            self.step(&format!("no shape has an axis: {out}"));
            return Ok(());
        }
        let at = |s: &[i64], axis: usize| (axis + s.len()).checked_sub(rank).map(|k| s[k]);
        let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        self.step(
            "right-aligned, one column per axis (· where a shape is too short: it counts as 1):",
        );
        let axes = join((0..rank).map(|a| format!("{a:>3}")), "");
        self.note(&format!("{:width$}  {axes}   ← axis", ""));
        for (label, s) in labels.iter().zip(&shapes) {
            let cells = (0..rank).map(|a| at(s, a).map_or("  ·".into(), |e| format!("{e:>3}")));
            self.note(&format!("{label:width$}  {}", join(cells, "")));
        }
        self.step("axis by axis:");
        for axis in 0..rank {
            let here: Vec<i64> = shapes.iter().filter_map(|s| at(s, axis)).collect();
            // The extent of this axis alone, from the core's own rule.
            let ints: Vec<IntTuple> = here.iter().map(|&e| IntTuple::Int(e)).collect();
            let e = broadcast(&ints)?;
            let e = e.leaves().next().unwrap_or(1);
            let rule = if here.len() == 1 {
                "only one shape reaches this axis".to_string()
            } else if here.iter().all(|&x| x == e) {
                "all equal".to_string()
            } else {
                format!("the 1s stretch to {e}")
            };
            self.note(&format!(
                "axis {axis}: {} → {e}  ({rule})",
                join(&here, " with ")
            ));
        }
        self.note(&format!("= {out}"));
        Ok(())
    }

    /// `broadcast_to(L, SHAPE)`: which modes keep their stride, which get 0.
    pub(super) fn broadcast_to(
        &mut self,
        l: &Layout,
        shape: &IntTuple,
        result: &Value,
    ) -> Result<()> {
        let Value::Layout(out) = result else {
            return Ok(());
        };
        self.say("L's modes are aligned on the right with SHAPE's; a mode equal to its target keeps its stride, a mode of size 1 and every mode L lacks on the left get stride 0, so every index along that axis reads the same element.");
        let (from, to) = (l.rank(), shape.rank());
        let modes = l.modes();
        let results = out.modes();
        let count = |n: usize| match n {
            1 => "1 mode".to_string(),
            n => format!("{n} modes"),
        };
        self.step(&format!(
            "L = {l} has {}, SHAPE = {shape} has {}:",
            count(from),
            count(to)
        ));
        for (axis, target) in shape.modes().iter().enumerate() {
            let got = results.get(axis).map_or(String::new(), |m| m.to_string());
            let line = match (axis + from).checked_sub(to).map(|i| (i, &modes[i])) {
                None => {
                    format!("axis {axis}, extent {target}: L has no mode here → stride 0: {got}")
                }
                Some((i, m)) if results.get(axis) == Some(m) => {
                    format!(
                        "axis {axis}, extent {target}: L's mode {i}, {m}, matches → kept: {got}"
                    )
                }
                Some((i, m)) => format!(
                    "axis {axis}, extent {target}: L's mode {i}, {m}, has size 1 → stride 0: {got}"
                ),
            };
            self.note(&line);
        }
        self.note(&format!("= {out}"));
        Ok(())
    }

    pub(super) fn real_axis(&mut self, axis: i64, rank: i64, result: &Value) {
        self.say(&format!(
            "an axis counts from the front when it is ≥ 0 and from the end when it is negative (the rank is added); it must then be at least 0 and less than {rank}."
        ));
        if axis < 0 {
            self.step(&format!("{axis} is negative: {axis} + {rank} = {result}"));
        } else {
            self.step(&format!(
                "{axis} is not negative: it is the axis itself, {result}"
            ));
        }
    }

    /// `idx2crd(I, SHAPE, LayoutRight|LayoutLeft|STRIDE)`.
    pub(super) fn idx2crd_strided(
        &mut self,
        index: i64,
        shape: &IntTuple,
        how: &Value,
        result: &Value,
    ) -> Result<()> {
        self.say("CuTe's three-argument idx2crd: every leaf of the coordinate is (I / stride) % extent, with the strides given or compact.");
        let stride = match how {
            Value::Major(Major::LayoutRight) => {
                let s = shape.compact_row_major()?;
                self.step(&format!("compact row-major strides of {shape} (LayoutRight: the rightmost leaf is fastest): {s}"));
                s
            }
            Value::Major(Major::LayoutLeft) => {
                let s = shape.compact_col_major()?;
                self.step(&format!("compact column-major strides of {shape} (LayoutLeft: the leftmost leaf is fastest): {s}"));
                s
            }
            Value::IntTuple(s) => {
                self.step(&format!("the strides as given: {s}"));
                s.clone()
            }
            _ => return Ok(()),
        };
        let Value::IntTuple(coord) = result else {
            return Ok(());
        };
        self.leaf_by_leaf(index, shape, &stride, coord);
        let back = Layout::new(shape.clone(), stride.clone())?.crd2idx(coord)?;
        let l = format!("{shape}:{stride}");
        if back == index {
            self.step(&format!("back again: crd2idx({coord}, {l}) = {back} = I"));
        } else {
            self.step(&format!(
                "crd2idx({coord}, {l}) = {back}, not {index}: I is past the size, or the strides are not compact for the shape, so here idx2crd does not undo crd2idx"
            ));
        }
        Ok(())
    }

    /// The `(I / stride) % extent` step of both idx2crd forms; the leaves
    /// shown are the result's, as the core computed them.
    pub(super) fn leaf_by_leaf(
        &mut self,
        index: i64,
        shape: &IntTuple,
        stride: &IntTuple,
        coord: &IntTuple,
    ) {
        self.step("each leaf is (index / stride) % extent:");
        let parts =
            shape
                .leaves()
                .zip(stride.leaves())
                .zip(coord.leaves())
                .map(|((s, d), c)| match (s, d) {
                    (1, _) | (_, 0) => "extent 1: 0".to_string(),
                    _ => format!("({index}/{d})%{s} = {c}"),
                });
        self.note(&join(parts, ", "));
        self.note(&format!("= {coord}"));
    }

    /// `descriptor(LENGTHS, [STRIDES,] TAG)`.
    pub(super) fn descriptor(&mut self, v: &[Value], result: &Value) -> Result<()> {
        let (Some(Value::IntTuple(lengths)), Some(Value::TensorLayout(tag)), Value::Layout(out)) =
            (v.first(), v.last(), result)
        else {
            return Ok(());
        };
        let given: Option<Vec<i64>> = match v {
            [_, Value::IntTuple(s), _] => Some(s.leaves().collect()),
            _ => None,
        };
        let lengths: Vec<i64> = lengths.leaves().collect();
        self.say("Composable Kernel's HostTensorDescriptor: lengths, strides and a layout tag, as one flat layout.");
        self.step(&match tag {
            TensorLayout::RowMajor => "RowMajor: the dimensions nest right to left, the last innermost (stride 1)".to_string(),
            TensorLayout::ColumnMajor => "ColumnMajor: as RowMajor with the innermost two swapped: the one before last is innermost, then the last, then the batch dimensions right to left".to_string(),
            TensorLayout::Bypass => "Bypass: strides are taken as given, 0 and negative included (row-major when none are given)".to_string(),
        });
        let compact = TensorDescriptor::new(&lengths, *tag)?;
        self.step(&format!(
            "compact strides in that order: {}",
            tuple(compact.strides())
        ));
        let strides: Vec<i64> = out.stride().leaves().collect();
        match (&given, tag) {
            (None, _) => self.note("no strides given: these are the strides"),
            (Some(g), TensorLayout::Bypass) => {
                self.step(&format!("given strides {}, taken as they are", tuple(g)));
            }
            (Some(g), _) if g.iter().all(|&s| s <= 0) => {
                self.step(&format!(
                    "given strides {}: all 0 or negative, so all are computed",
                    tuple(g)
                ));
            }
            (Some(g), _) if g.len() < 2 => {
                self.step(&format!(
                    "given strides {}: one dimension, nothing to fill in or check",
                    tuple(g)
                ));
            }
            (Some(g), _) => {
                self.step(&format!(
                    "given strides {}: a 0 or negative stride of the innermost two is filled in (innermost 1, the next its extent times that), the others kept:",
                    tuple(g)
                ));
                let dims = g.iter().zip(&strides).enumerate().map(|(d, (g, s))| {
                    if g == s {
                        format!("dim {d}: {s} kept")
                    } else {
                        format!("dim {d}: {g} → {s}")
                    }
                });
                self.note(&join(dims, ", "));
                self.note("checked: every stride is positive and at least the extent times the stride of the dimension nested inside it");
            }
        }
        self.step(&format!(
            "the layout {out}: size {} (GetElementSize), cosize {} (GetElementSpaceSize)",
            out.size(),
            out.cosize()
        ));
        Ok(())
    }
}

/// `(a,b,c)`, as the notation writes a flat tuple.
fn tuple(xs: &[i64]) -> String {
    format!("({})", join(xs, ","))
}
