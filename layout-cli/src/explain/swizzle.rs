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
                    "coordinate c goes to {}({} + {}(c)): the inner layout, plus the offset, then the swizzle",
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
                self.note(&format!(
                    "(wavefronts, ideal, vector width, sectors, ideal sectors) = {t}"
                ));
            }
            _ => self.say(&format!("{name} = {result}")),
        }
        Ok(())
    }

    /// A function given a composed layout: CuTe evaluates it on the inner
    /// layout, then keeps, re-composes or swizzles the result.
    pub(super) fn through_inner(
        &mut self,
        name: &str,
        narration: Narration,
        v: &[Value],
        c: &ComposedLayout,
        result: &Value,
    ) {
        self.step(&format!(
            "{name} of a composed layout is evaluated on its inner layout {} (as CuTe's layout_composed.hpp does)",
            c.inner()
        ));
        let then = match result {
            Value::Composed(_) => format!(
                "the result is put back under the swizzle and offset: {} o {} o …",
                c.outer(),
                c.offset()
            ),
            Value::IntTuple(layout_core::IntTuple::Int(r)) if narration == Narration::Crd2idx => {
                match v.first().and_then(|x| match x {
                    Value::IntTuple(coord) => c.pre_swizzle(coord).ok(),
                    _ => None,
                }) {
                    Some(pre) => format!(
                        "{} + inner offset = {pre}, and {}({pre}) = {r}",
                        c.offset(),
                        c.outer()
                    ),
                    None => format!(
                        "the inner offset, plus {}, goes through {}",
                        c.offset(),
                        c.outer()
                    ),
                }
            }
            Value::Table(_) => format!(
                "every inner offset, plus {}, goes through {}",
                c.offset(),
                c.outer()
            ),
            _ => "the composed layout's is the inner layout's".to_string(),
        };
        self.step(&then);
    }
}
