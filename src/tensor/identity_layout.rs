//! A typed identity tensor's layout with CuTe's basis strides: what
//! `print(make_identity_tensor(shape).layout())` shows in CuTe,
//! `(4,8):(1@0,1@1)`. The tensor keeps one integer layout per coordinate
//! entry (typed_identity.rs); here they are put back together, each leaf's
//! stride `s@k` when entry `k` is the only one it moves.

use alloc::string::ToString;
use alloc::vec::Vec;

use layout_core::{AlgebraRefusal, BasisLayout, BasisTuple, Error, IntTuple, ScaledBasis};

use super::typed_identity::IdentityTensor;
use crate::__private::{Layout, Mode, Offset, Tree};

impl<S: Mode<D>, D: Tree, I: Offset, const R: usize> IdentityTensor<Layout<S, D, I>, R> {
    /// The tensor's layout with basis strides, as CuTe's identity layout
    /// prints: a leaf of stride `s` in coordinate entry `k` (and 0 in the
    /// others) is `s@k`, one that moves no entry `0`. `k` numbers the
    /// coordinate's entries as [`get`](Self::get) returns them (a nested
    /// shape's leaves in order). [`layout`](Self::layout) is entry 0's
    /// integer layout alone, whose strides are not the tensor's.
    ///
    /// ```
    /// use layout_dsl::tensor::typed;
    /// use layout_dsl::typed::C;
    ///
    /// let c = typed::make_identity_tensor((C::<128>, 10));
    /// assert_eq!(c.coordinate_layout().unwrap().to_string(), "(128,10):(1@0,1@1)");
    /// let tile = c.local_tile((C::<32>, C::<8>), (1, 0)).unwrap();
    /// assert_eq!(tile.coordinate_layout().unwrap().to_string(), "(32,8):(1@0,1@1)");
    /// ```
    ///
    /// # Errors
    ///
    /// A leaf that moves two entries at once (no single scaled basis), or
    /// a dynamic leaf above `i64::MAX`.
    pub fn coordinate_layout(&self) -> Result<BasisLayout, Error> {
        let entries = self
            .entries()
            .iter()
            .map(Layout::to_core)
            .collect::<Result<Vec<_>, _>>()?;
        let strides: Vec<&IntTuple> = entries.iter().map(|l| l.stride()).collect();
        let stride = combine(&strides)?;
        BasisLayout::new(entries[0].shape().clone(), &stride)
    }
}

/// The entries' stride trees (congruent: every entry has the tensor's
/// shape) as one tree of scaled bases.
fn combine(strides: &[&IntTuple]) -> Result<BasisTuple, Error> {
    match strides[0] {
        IntTuple::Int(_) => {
            let mut moving = strides.iter().enumerate().filter_map(|(k, s)| match s {
                IntTuple::Int(0) => None,
                IntTuple::Int(v) => Some((k, *v)),
                IntTuple::Tuple(_) => unreachable!("entries are congruent"),
            });
            let leaf = match (moving.next(), moving.next()) {
                (None, _) => ScaledBasis::int(0),
                (Some((k, v)), None) => ScaledBasis::new(v, [k]),
                (Some(_), Some(_)) => {
                    let why = "a leaf of this identity tensor moves two coordinate entries at once: no single scaled basis".to_string();
                    return Err(AlgebraRefusal::ScaledBasis(why).into());
                }
            };
            Ok(BasisTuple::Leaf(leaf))
        }
        IntTuple::Tuple(modes) => (0..modes.len())
            .map(|i| {
                let mode: Vec<&IntTuple> = strides
                    .iter()
                    .map(|s| match s {
                        IntTuple::Tuple(m) => &m[i],
                        IntTuple::Int(_) => unreachable!("entries are congruent"),
                    })
                    .collect();
                combine(&mode)
            })
            .collect::<Result<Vec<_>, _>>()
            .map(BasisTuple::Tuple),
    }
}
