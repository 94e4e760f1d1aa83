//! CuTe's composition `A ∘ B` of an integer-strided `A` with a `B` whose
//! strides are scaled bases: `B`'s offsets are coordinates of `A`.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::vec::Vec;

use super::{BasisLayout, refusal, with_leaves_of};
use crate::algebra::{Tiler, composition};
use crate::error::Result;
use crate::int_tuple::IntTuple::{self, Int};
use crate::layout::Layout;

/// CuTe's composition `A ∘ B` with scaled-basis strides in `B`: a leaf
/// `n:v@P` of `B` composes mode `P` of `A` with `n:v`, a leaf `n:0` is
/// `n:0`; the results take `B`'s structure. The leaves of `B` stepping
/// through one mode of `A` are composed with it together, by the exact
/// integer composition, so that their sum is checked: CuTe composes them
/// one by one, which is wrong where they carry inside a tuple mode.
///
/// ```
/// use layout_core::{basis, evaluate, Layout, Value};
/// let a: Layout = "(4,8):(8,1)".parse().unwrap();
/// let Ok(Value::BasisLayout(b)) = evaluate("(4,2):(1@1,1@0)") else { panic!() };
/// assert_eq!(basis::algebra::composition_by_basis(&a, &b).unwrap().to_string(), "(4,2):(1,8)");
/// // Two leaves in the tuple mode (2,2):(1,16), together (2,2):(1,2): exact.
/// let a: Layout = "((2,2),8):((1,16),2)".parse().unwrap();
/// let Ok(Value::BasisLayout(b)) = evaluate("(2,2):(1@0,2@0)") else { panic!() };
/// assert_eq!(basis::algebra::composition_by_basis(&a, &b).unwrap().to_string(), "(2,2):(1,16)");
/// ```
///
/// # Errors
///
/// [`ScaledBasis`](crate::AlgebraRefusal::ScaledBasis) for a path `A` has no
/// mode at, or leaves of `B` that no layout composes with their mode
/// exactly (with the integer composition's reason).
pub fn composition_by_basis(a: &Layout, b: &BasisLayout) -> Result<Layout> {
    let extents: Vec<i64> = b.shape.leaves().collect();
    let mut pieces: Vec<Option<(IntTuple, IntTuple)>> = alloc::vec![None; extents.len()];
    let mut groups: BTreeMap<&[usize], Vec<usize>> = BTreeMap::new();
    for (k, d) in b.strides.iter().enumerate() {
        if d.is_basis() {
            groups.entry(&d.modes).or_default().push(k);
        } else {
            pieces[k] = Some((Int(extents[k]), Int(0)));
        }
    }
    for (path, leaves) in groups {
        let mut mode = a.clone();
        for &i in path {
            mode = mode.mode(i).ok_or_else(|| {
                let d = &b.strides[leaves[0]];
                refusal(format!("the stride {d} names a mode {a} does not have"))
            })?;
        }
        let group: Vec<(i64, i64)> = leaves
            .iter()
            .map(|&k| (extents[k], b.strides[k].value))
            .collect();
        let together = Layout::from_leaf_modes(&group)?;
        let r = composition(&mode, &Tiler::from(together.clone())).map_err(|e| {
            if leaves.len() == 1 {
                return e;
            }
            refusal(format!(
                "the leaves of {b} stepping through {mode} (one mode of {a}) are {together} there: {}",
                e.kind()
            ))
        })?;
        let parts = match leaves.len() {
            1 => alloc::vec![r],
            k => {
                let modes = r.modes();
                if modes.len() != k {
                    return Err(refusal(format!(
                        "{mode} ∘ {together} is {r}, which does not split into one mode per leaf of {b}"
                    )));
                }
                modes
            }
        };
        for (&k, p) in leaves.iter().zip(parts) {
            pieces[k] = Some((p.shape().clone(), p.stride().clone()));
        }
    }
    let (shapes, strides): (Vec<IntTuple>, Vec<IntTuple>) = pieces.into_iter().flatten().unzip();
    let shape = with_leaves_of(&b.shape, &mut shapes.into_iter());
    let stride = with_leaves_of(&b.shape, &mut strides.into_iter());
    Layout::new(shape, stride)
}
