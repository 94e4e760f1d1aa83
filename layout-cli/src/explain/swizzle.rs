//! Explanations of swizzles, composed layouts and the access numbers.

use layout_core::registry::Narration;
use layout_core::{ComposedLayout, Result, Value};

use super::Explainer;

impl Explainer<'_> {
    /// `swizzle`, `make_composed_layout`, `access`: the masks, the
    /// composition, the model behind the numbers.
    pub(super) fn swizzled(
        &mut self,
        name: &str,
        narration: Narration,
        v: &[Value],
        result: &Value,
    ) -> Result<()> {
        match (narration, result) {
            (Narration::Swizzle, Value::Swizzle(sw)) => {
                let (y, z) = (sw.yyy_mask(), sw.zzz_mask());
                self.step(&format!("the bits read (yyy_msk): {y:#b} = {y}"));
                self.step(&format!("the bits flipped (zzz_msk): {z:#b} = {z}"));
                self.step(&format!(
                    "offset o becomes o ^ ((o & {y}) {} {}): the low {} bits never change, and the map is its own inverse",
                    if sw.shift() >= 0 { ">>" } else { "<<" },
                    sw.shift().abs(),
                    sw.base()
                ));
                let low = y & y.wrapping_neg();
                for o in [low, y] {
                    self.note(&format!("e.g. {o} -> {}", sw.apply(o)));
                }
            }
            (Narration::ComposedLayout, Value::Composed(c)) => {
                self.step(&format!(
                    "coordinate c goes to {}({} + {}(c)): the inner layout, plus the offset, then the outer function",
                    c.outer(),
                    c.offset(),
                    c.inner()
                ));
                self.note("shape, size and cosize are the inner layout's; divides and products apply to it");
            }
            (Narration::Access, Value::IntTuple(t)) => {
                let data = v.get(1).map_or_else(String::new, ToString::to_string);
                self.step(&format!("TV maps (thread, value) to an element of {data}; its offset times the element size is the byte address"));
                self.step("each thread loads the widest aligned run of values all threads have (at most 16 bytes) at once; threads 32w..32w+31 form warp w");
                self.step("shared memory: bank = (byte / 4) mod 32; 16-byte loads are served 8 threads a phase, 8-byte loads 16, others 32; a phase costs the most distinct 4-byte words one bank holds");
                self.step("global memory: the distinct 32-byte sectors each warp access touches");
                self.access_numbers(v)?;
                self.note(&format!(
                    "(wavefronts, ideal, vector width, sectors, ideal sectors) = {t}"
                ));
            }
            _ => self.say(&format!("{name} = {result}")),
        }
        Ok(())
    }

    /// A function given a composed layout: CuTe evaluates it on the inner
    /// layout, then keeps, re-composes or swizzles the result; slicing
    /// folds the coordinate's offset in; the inverses invert the parts.
    pub(super) fn through_inner(
        &mut self,
        name: &str,
        narration: Narration,
        v: &[Value],
        c: &ComposedLayout,
        result: &Value,
    ) {
        let (outer, offset, inner) = (c.outer(), c.offset(), c.inner());
        match narration {
            Narration::Slice { dice: false } => {
                let at = v.first().map_or_else(String::new, ToString::to_string);
                self.step(&format!(
                    "slice {at} of the inner layout {inner}: the kept modes, and the offset where {at} starts (with `_` as 0)"
                ));
                self.step(&format!(
                    "that offset is added to {offset} (CuTe's slice_and_offset of a composed layout), under the same {outer}"
                ));
                if let Value::View(view) = result {
                    self.step(&format!(
                        "the kept modes reach only the swizzle's Y bits or only its Z bits, so, as CuTe does, the swizzle folds into their strides and the slice decays to the plain {} starting at {} (checked at every index)",
                        view.layout(),
                        view.base()
                    ));
                }
                self.note(&format!("slice = {result}"));
                return;
            }
            Narration::RightInverse | Narration::LeftInverse => {
                let how = match c.swizzle() {
                    Some(_) => format!(
                        "{name}({inner}) read after {outer} (a swizzle is its own inverse), rewritten as a swizzle after it: CuTe's composition(L, Sw) moves the swizzle's masks through L"
                    ),
                    None => format!(
                        "{name}({inner}) o -{offset} o {name}({outer}): the parts inverted in reverse order"
                    ),
                };
                self.step(&how);
                let law = if narration == Narration::RightInverse {
                    "C(R(i)) = i below size(R)"
                } else {
                    "R(C(i)) = i below size(C)"
                };
                self.step(&format!("checked at every index: {law}"));
                self.note(&format!("{name} = {result}"));
                return;
            }
            Narration::Recast { .. } | Narration::RecastLayout => {
                self.step(&format!(
                    "CuTe's {name} of a composed layout recasts each part: the outer function {outer}, the offset {offset} and the inner layout {inner}"
                ));
                if c.swizzle().is_some() {
                    self.step("a swizzle's M counts the elements kept together: wider elements take log2 N from it (and from B once M is spent), narrower ones add log2 N");
                }
                self.note(&format!("{name} = {result}"));
                return;
            }
            Narration::Tiling
                if matches!(v.first(), Some(Value::Layout(_)))
                    && matches!(v.get(1), Some(Value::Composed(_)))
                    && !is_composition(name) =>
            {
                self.step(&format!(
                    "CuTe's {name}(A, Sw o 0 o B) (swizzle_layout.hpp): the plain {name} of A by the inner layout {inner}, then one swizzle over it that does what {outer} did inside the tiler"
                ));
                self.step("that swizzle is checked at every coordinate (i,j) against A(i) + C(Sw(B(j))), C the complement the product uses; where CuTe's candidate fails, the swizzle composition(C, Sw) moves to is tried (README, \"where we differ\")");
                self.note(&format!("{name} = {result}"));
                return;
            }
            Narration::Tiling
                if is_composition(name) && !matches!(v.first(), Some(Value::Composed(_))) =>
            {
                self.step(&format!(
                    "CuTe's composition(L, A o 0 o B) is composition(composition(L, {outer}), {inner}): L after the outer function, then the inner layout"
                ));
                self.note(&format!("composition = {result}"));
                return;
            }
            _ => {}
        }
        self.step(&format!(
            "{name} of a composed layout is evaluated on its inner layout {inner} (as CuTe's layout_composed.hpp does)"
        ));
        let then = match result {
            Value::Composed(_) => format!(
                "the result is put back under the outer function and offset: {outer} o {offset} o …"
            ),
            Value::IntTuple(layout_core::IntTuple::Int(r)) if narration == Narration::Crd2idx => {
                match v.first().and_then(|x| match x {
                    Value::IntTuple(coord) => c.pre_swizzle(coord).ok(),
                    _ => None,
                }) {
                    Some(pre) => {
                        format!("{offset} + inner offset = {pre}, and {outer}({pre}) = {r}")
                    }
                    None => format!("the inner offset, plus {offset}, goes through {outer}"),
                }
            }
            Value::Table(_) => format!("every inner offset, plus {offset}, goes through {outer}"),
            _ => "the composed layout's is the inner layout's".to_string(),
        };
        self.step(&then);
    }

    /// `composition` with a swizzle: of two swizzles (one swizzle with the
    /// masks XORed), of a swizzle and a layout (a composed layout), of a
    /// layout and a swizzle (the swizzle moved through the layout).
    pub(super) fn swizzle_composition(&mut self, v: &[Value], result: &Value) {
        match v {
            [Value::Swizzle(a), Value::Swizzle(b)] => self.step(&format!(
                "CuTe merges {a} and {b} into one swizzle: the bits read XORed ({:#b}), the bits flipped XORed ({:#b})",
                a.yyy_mask() ^ b.yyy_mask(),
                a.zzz_mask() ^ b.zzz_mask()
            )),
            [Value::Swizzle(sw), l] => {
                self.step(&format!("{sw} after {l}: the composed layout {sw} o 0 o {l}"));
            }
            [Value::Layout(l), Value::Swizzle(sw)] => {
                let (y, z) = (sw.yyy_mask(), sw.zzz_mask());
                self.step(&format!(
                    "L read after {sw}: L's images of the bits read, L({y}) = {}, and of the bits flipped, L({z}) = {}, make the swizzle that does the same after L (CuTe's make_swizzle)",
                    l.at(y).map_or_else(|e| e.to_string(), |x| x.to_string()),
                    l.at(z).map_or_else(|e| e.to_string(), |x| x.to_string()),
                ));
                self.step("checked at every coordinate c of L: L(Sw(c)) = Sw'(L(c))");
            }
            _ => {}
        }
        self.note(&format!("composition = {result}"));
    }

    /// The numbers of `access(TV, DATA, BYTES[, N])`: the vector width,
    /// every warp access (value index by value index), the worst one, and
    /// the busiest bank of each of its phases.
    fn access_numbers(&mut self, v: &[Value]) -> Result<()> {
        use layout_core::access::{Data, analyse_with, phases};
        let (Some(Value::Layout(tv)), Some(data), Some(Value::IntTuple(bytes))) =
            (v.first(), v.get(1), v.get(2))
        else {
            return Ok(());
        };
        let data = match data {
            Value::Layout(l) => Data::Plain(l),
            Value::Composed(c) => Data::Composed(c),
            _ => return Ok(()),
        };
        let (Some(bytes), n) = (
            bytes.as_int(),
            v.get(3).and_then(|x| match x {
                Value::IntTuple(t) => t.as_int(),
                _ => None,
            }),
        ) else {
            return Ok(());
        };
        let a = analyse_with(tv, data, bytes, n)?;
        let width = a.access_values * bytes;
        self.step(&format!(
            "vector width: {} elements ({} bytes) — every thread's values come in aligned contiguous runs that long; an access loads {} values ({width} bytes), {} threads a phase",
            a.vector,
            a.vector * bytes,
            a.access_values,
            a.phase_threads
        ));
        const SHOWN: usize = 8;
        for w in a.accesses.iter().take(SHOWN) {
            self.note(&format!(
                "warp {} values {}..{}: {} wavefronts (ideal {}), {} sectors (ideal {})",
                w.warp,
                w.value,
                w.value + a.access_values,
                w.wavefronts,
                w.ideal_wavefronts,
                w.sectors,
                w.ideal_sectors
            ));
        }
        if a.accesses.len() > SHOWN {
            self.note(&format!("… {} more accesses", a.accesses.len() - SHOWN));
        }
        let Some(worst) = a.worst() else {
            return Ok(());
        };
        self.step(&format!(
            "the worst access, warp {} values {}..{}: {} wavefronts against {}",
            worst.warp,
            worst.value,
            worst.value + a.access_values,
            worst.wavefronts,
            worst.ideal_wavefronts
        ));
        for p in phases(tv, data, &a, worst.warp, worst.value)? {
            let banks: Vec<String> = p
                .bytes
                .iter()
                .map(|b| format!("{}", (b / 4) % 32))
                .collect();
            self.note(&format!(
                "threads {}..{} read from bytes {:?} (first banks {}); bank {} is asked for {} distinct words {:?}: {} wavefronts",
                p.threads.start,
                p.threads.end,
                p.bytes,
                banks.join(","),
                p.bank,
                p.words.len(),
                p.words,
                p.words.len()
            ));
        }
        Ok(())
    }
}

/// Whether the registry's entry `name` is composition itself (its tiling
/// says so; the CLI matches no function name).
fn is_composition(name: &str) -> bool {
    layout_core::function(name)
        .is_some_and(|f| matches!(f.tiling, Some(layout_core::registry::Tiling::Composition)))
}
