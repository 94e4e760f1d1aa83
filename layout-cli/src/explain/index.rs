//! Explaining coordinates and indices: `crd2idx`, `idx2crd`, the size-like
//! properties, `make_layout`, and a bare layout.

use layout_core::registry::Narration;
use layout_core::{IntTuple, Layout, Result, Value, natural_coord};

use super::{Explainer, join};

/// How crd2idx splits an integer over a tuple mode.
const SPLIT: &str = "leftmost leaf fastest, the last leaf takes what is left";

/// How many offsets a bare layout's explanation lists.
const LISTED: i64 = 32;

impl Explainer<'_> {
    /// `slice(C, L)` / `dice(C, L)`: which modes are kept, and the base.
    pub(super) fn slice(
        &mut self,
        name: &str,
        dice: bool,
        c: &Value,
        l: &Layout,
        result: &Value,
    ) -> Result<()> {
        let (keep, other) = if dice {
            ("an integer", "`_`")
        } else {
            ("`_`", "an integer")
        };
        self.say(&format!(
            "{name} keeps the modes of L where C has {keep} and drops those where C has {other} (CuTe's lift_{name})"
        ));
        self.say(&format!("L = {l}, C = {c}"));
        self.step("the kept modes, left to right, into one tuple (one mode stays a rank-1 tuple):");
        match result {
            Value::View(v) => {
                self.note(&v.layout().to_string());
                self.step(&format!(
                    "the base: C with every `_` read as 0, through L: {}",
                    v.base()
                ));
                self.note(&format!("= {result}"));
            }
            _ => self.note(&format!("= {result}")),
        }
        Ok(())
    }

    pub(super) fn crd2idx(&mut self, coord: &IntTuple, l: &Layout, result: &Value) -> Result<()> {
        self.say("crd2idx splits C into one integer per leaf of L's shape, then adds each leaf times its stride.");
        self.say(&format!("L = {l}, C = {coord}"));
        let natural = natural_coord(coord, l.shape())?;
        match (coord, l.shape()) {
            (IntTuple::Int(i), IntTuple::Int(_)) => {
                self.step(&format!(
                    "C = {i} indexes the single mode {} directly",
                    l.shape()
                ));
            }
            (IntTuple::Int(i), shape) => {
                self.step(&format!(
                    "split {i} over the shape {shape} ({SPLIT}): {natural}"
                ));
                self.note(&weights(*i, shape, &natural)?);
            }
            (IntTuple::Tuple(cs), shape) => {
                self.step(&format!("split C mode by mode ({SPLIT}):"));
                for (m, c) in cs.iter().enumerate() {
                    let (Some(s), Some(n)) = (shape.mode(m), natural.mode(m)) else {
                        continue;
                    };
                    let line = match c {
                        IntTuple::Int(i) if !s.is_int() => {
                            format!("mode {m}: {i} in shape {s} → {n}    {}", weights(*i, s, n)?)
                        }
                        _ => format!("mode {m}: {c} in shape {s} → {n}"),
                    };
                    self.note(&line);
                }
                self.note(&format!("natural coordinate {natural}"));
            }
        }
        let leaves: Vec<i64> = natural.leaves().collect();
        let strides: Vec<i64> = l.stride().leaves().collect();
        if leaves.len() == strides.len() {
            self.step("each leaf times its stride, summed:");
            let terms = leaves.iter().zip(&strides);
            self.note(&join(
                terms.clone().map(|(c, d)| format!("{c}·{}", paren(*d))),
                " + ",
            ));
            let products: Vec<i64> = terms.map(|(c, d)| c.saturating_mul(*d)).collect();
            self.note(&format!(
                "= {}",
                join(products.iter().map(|p| paren(*p)), " + ")
            ));
            let sum = products.iter().fold(0i64, |a, b| a.saturating_add(*b));
            self.note(&format!("= {sum}"));
            if result.to_string() != sum.to_string() {
                self.note(&format!("(crd2idx itself gives {result})"));
            }
        }
        Ok(())
    }

    pub(super) fn idx2crd(&mut self, i: &IntTuple, shape: &IntTuple, result: &Value) -> Result<()> {
        let IntTuple::Int(index) = i else {
            self.say(&format!("the index {i} is split mode by mode over {shape}"));
            return Ok(());
        };
        if shape.is_int() {
            self.say(&format!(
                "an integer shape keeps the index as it is: {index}"
            ));
            return Ok(());
        }
        let weights = shape.compact_col_major()?;
        self.step(&format!(
            "compact column-major strides of {shape} (LayoutLeft): {weights}"
        ));
        if let Value::IntTuple(coord) = result {
            self.leaf_by_leaf(*index, shape, &weights, coord);
        }
        Ok(())
    }

    /// `size`, `cosize`, `rank`, `depth`, `shape` or `stride` (`name`, for
    /// the text) of a layout or tuple.
    pub(super) fn property(
        &mut self,
        name: &str,
        narration: Narration,
        x: &Value,
        result: &Value,
    ) -> Result<()> {
        let shape = match x {
            Value::Layout(l) => l.shape().clone(),
            Value::IntTuple(t) => t.clone(),
            _ => {
                self.say(&format!("{name} of {} is {result}", x.describe()));
                return Ok(());
            }
        };
        match (narration, x) {
            (Narration::Size, _) => self.say(&format!(
                "the number of coordinates, the product of the shape's leaves: {} = {result}",
                join(shape.leaves(), "·")
            )),
            (Narration::Cosize, Value::Layout(l)) if l.size() > 0 => {
                // CuTe's definition; for non-negative strides, L(size-1) + 1.
                let terms = l
                    .leaf_modes()
                    .map(|(s, d)| format!("{}·{}", s - 1, d.abs()));
                self.say(&format!(
                    "1 + (extent-1)·|stride| summed over the leaves: 1 + {} = {result}",
                    join(terms, " + ")
                ));
            }
            (Narration::Cosize, _) => self.say("an empty layout has cosize 0"),
            (Narration::Rank, _) => {
                let modes = join(shape.modes(), ", ");
                self.say(&format!(
                    "the number of top-level modes ({modes}): {result}"
                ));
            }
            (Narration::Depth, _) => self.say(&format!(
                "how deeply the shape {shape} nests (0 for an integer): {result}"
            )),
            _ => self.say(&format!("the {name} part of {x}")),
        }
        Ok(())
    }

    pub(super) fn make_layout(&mut self, v: &[Value], result: &Value) -> Result<()> {
        match v {
            [Value::IntTuple(s)] | [Value::IntTuple(s), Value::Major(layout_core::Major::LayoutLeft)] => {
                self.say(&format!(
                    "compact column-major (LayoutLeft) strides for {s}: each leaf's stride is the product of the extents left of it; extent-1 leaves get stride 0, as in CuTe"
                ));
            }
            [Value::IntTuple(s), Value::Major(_)] => self.say(&format!(
                "compact row-major (LayoutRight) strides for {s}: each leaf's stride is the product of the extents right of it; extent-1 leaves get stride 0"
            )),
            [Value::IntTuple(_), Value::IntTuple(_)] => self.say("the shape and stride as given"),
            _ => self.say("each layout becomes one mode of the result"),
        }
        if let Value::Layout(l) = result {
            self.describe_layout(l);
        }
        Ok(())
    }

    /// A layout in numbers: its modes, size, cosize and first offsets.
    pub(super) fn describe_layout(&mut self, l: &Layout) {
        self.say(&format!(
            "a layout: shape {}, stride {}; rank {}, depth {}, size {}, cosize {}",
            l.shape(),
            l.stride(),
            l.rank(),
            l.depth(),
            l.size(),
            l.cosize()
        ));
        if l.rank() > 1 {
            for (i, m) in l.modes().iter().enumerate() {
                self.note(&format!("mode {i}: {m}  (size {})", m.size()));
            }
        }
        let shown: Vec<i64> = l.offsets().take(LISTED as usize).collect();
        let more = if l.size() > LISTED { " …" } else { "" };
        self.say(&format!(
            "offsets L(0), L(1), … in CuTe order (leftmost mode fastest): {}{more}",
            join(shown, " ")
        ));
    }
}

/// `i = c0·w0 + c1·w1 + …` with the compact column-major weights of
/// `shape`: why `natural` is the coordinate of `i`.
fn weights(i: i64, shape: &IntTuple, natural: &IntTuple) -> Result<String> {
    let w = shape.compact_col_major()?;
    let back = Layout::new(shape.clone(), w.clone())?.crd2idx(natural)?;
    let size = shape.size()?;
    let past = if i >= size {
        format!(" (≥ size {size}: the last leaf takes the excess)")
    } else {
        String::new()
    };
    if back != i {
        return Ok(past.trim_start().to_string());
    }
    let terms = natural
        .leaves()
        .zip(w.leaves())
        .map(|(c, w)| format!("{c}·{w}"));
    Ok(format!("{i} = {}{past}", join(terms, " + ")))
}

/// Negative numbers in parentheses, so `3·(-2)` reads as a product.
fn paren(n: i64) -> String {
    if n < 0 {
        format!("({n})")
    } else {
        n.to_string()
    }
}
