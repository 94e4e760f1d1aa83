//! CuTe's identity layout with basis strides, as `layout()` of an
//! identity tensor gives it: what `print(make_identity_tensor(shape).layout())`
//! shows in CuTe, `(4,8):(1@0,1@1)`. The typed tensor keeps one integer
//! layout per coordinate entry (typed_identity.rs), the run-time one packs
//! the entries into bit fields of one integer (identity.rs); both are put
//! back together here, each leaf's stride `s@k` when entry `k` is the only
//! one it moves.

use alloc::string::ToString;
use alloc::vec::Vec;

use layout_core::{AlgebraRefusal, BasisLayout, BasisTuple, Error, IntTuple, ScaledBasis};

use super::typed_identity::IdentityTensor;
use crate::__private::{Layout, Mode, Offset, Tree};

impl<S: Mode<D>, D: Tree, I: Offset, const R: usize> IdentityTensor<Layout<S, D, I>, R> {
    /// CuTe's `layout()` of an identity tensor: the shape with basis
    /// strides, printing as CuTe's does (`(4,8):(1@0,1@1)` for CuTe's
    /// `(_4,_8):(_1@0,_1@1)`): a leaf of stride `s` in coordinate entry `k`
    /// (and 0 in the others) is `s@k`, one that moves no entry `0`. `k`
    /// numbers the coordinate's entries as [`get`](Self::get) returns them
    /// (a nested shape's leaves in order). The per-entry integer layouts
    /// it is made of are [`entry_layouts`](Self::entry_layouts).
    ///
    /// A core [`BasisLayout`], built from the entries on each call (it
    /// allocates: for printing and checking, not for inner loops, where
    /// [`get`](Self::get) and the partitions work on the entries).
    ///
    /// ```
    /// use layout_dsl::tensor::typed;
    /// use layout_dsl::typed::C;
    ///
    /// let c = typed::make_identity_tensor((C::<128>, 10));
    /// assert_eq!(c.layout().unwrap().to_string(), "(128,10):(1@0,1@1)");
    /// let tile = c.local_tile((C::<32>, C::<8>), (1, 0)).unwrap();
    /// assert_eq!(tile.layout().unwrap().to_string(), "(32,8):(1@0,1@1)");
    /// ```
    ///
    /// # Errors
    ///
    /// A dynamic leaf above `i64::MAX` (the core's integers), or a leaf
    /// that moves two entries at once (no single scaled basis; the
    /// partitions here never make one, but the entries' types do not say so).
    pub fn layout(&self) -> Result<BasisLayout, Error> {
        let entries = self
            .entry_layouts()
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
            let moving = strides.iter().enumerate().map(|(k, s)| match s {
                IntTuple::Int(v) => (k, *v),
                IntTuple::Tuple(_) => unreachable!("entries are congruent"),
            });
            basis_leaf(moving).map(BasisTuple::Leaf)
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

/// One leaf's stride from what it adds to each coordinate entry (`(k, s)`:
/// `s` to entry `k`): `s@k` for the one entry it moves, `0` for none.
///
/// # Errors
///
/// A leaf that moves two entries at once (no single scaled basis).
pub(super) fn basis_leaf(moves: impl Iterator<Item = (usize, i64)>) -> Result<ScaledBasis, Error> {
    let mut moving = moves.filter(|&(_, s)| s != 0);
    match (moving.next(), moving.next()) {
        (None, _) => Ok(ScaledBasis::int(0)),
        (Some((k, s)), None) => Ok(ScaledBasis::new(s, [k])),
        (Some(_), Some(_)) => {
            let why = "a leaf of this identity tensor moves two coordinate entries at once: no single scaled basis".to_string();
            Err(AlgebraRefusal::ScaledBasis(why).into())
        }
    }
}
