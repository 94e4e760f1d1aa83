//! The stride leaves of a [`BasisLayout`](super::BasisLayout): a scaled
//! basis `v@i` or a plain integer, and tuples of them.

use alloc::vec::Vec;
use core::fmt;

use crate::error::{Result, mul};
use crate::int_tuple::IntTuple::{self, Int, Tuple};

/// `value` times the unit vector at `modes` (outermost mode first): CuTe's
/// `ScaledBasis<T, modes…>`. With no modes it is a plain integer stride.
///
/// ```
/// use layout_core::ScaledBasis;
/// assert_eq!(ScaledBasis::new(2, [1]).to_string(), "2@1");
/// // CuTe's E<0,1>: sub-mode 1 of mode 0, printed innermost first.
/// assert_eq!(ScaledBasis::new(1, [0, 1]).to_string(), "1@1@0");
/// assert_eq!(ScaledBasis::new(3, []).to_string(), "3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScaledBasis {
    pub(super) value: i64,
    pub(super) modes: Vec<usize>,
}

impl ScaledBasis {
    /// `value` at the mode path `modes`, outermost first (CuTe's `E<modes…>{} * value`).
    pub fn new(value: i64, modes: impl IntoIterator<Item = usize>) -> ScaledBasis {
        ScaledBasis {
            value,
            modes: modes.into_iter().collect(),
        }
    }

    /// The integer `value`: a stride with no basis (only `0` mixes with bases).
    #[must_use]
    pub fn int(value: i64) -> ScaledBasis {
        ScaledBasis::new(value, [])
    }

    /// The scale.
    #[must_use]
    pub fn value(&self) -> i64 {
        self.value
    }

    /// The mode path, outermost first; empty for a plain integer.
    #[must_use]
    pub fn modes(&self) -> &[usize] {
        &self.modes
    }

    /// Whether this is a basis (has a mode) rather than a plain integer.
    #[must_use]
    pub fn is_basis(&self) -> bool {
        !self.modes.is_empty()
    }

    /// `k` times this stride (CuTe's `k * E<…>{}`), checked for overflow.
    ///
    /// # Errors
    ///
    /// [`Overflow`](crate::ErrorKind::Overflow) when the scale passes `i64`.
    pub fn times(&self, k: i64) -> Result<ScaledBasis> {
        Ok(ScaledBasis::new(
            mul(self.value, k)?,
            self.modes.iter().copied(),
        ))
    }
}

impl fmt::Display for ScaledBasis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value)?;
        // CuTe prints E<i,j> as `1@j@i`: the innermost mode first.
        for m in self.modes.iter().rev() {
            write!(f, "@{m}")?;
        }
        Ok(())
    }
}

/// A stride tuple holding scaled bases: what the notation's `(1@0,1@1)`
/// evaluates to before it meets a shape.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BasisTuple {
    /// One stride.
    Leaf(ScaledBasis),
    /// A tuple of them.
    Tuple(Vec<BasisTuple>),
}

impl BasisTuple {
    pub(super) fn leaves_into(&self, out: &mut Vec<ScaledBasis>) {
        match self {
            BasisTuple::Leaf(b) => out.push(b.clone()),
            BasisTuple::Tuple(v) => v.iter().for_each(|t| t.leaves_into(out)),
        }
    }

    pub(super) fn congruent(&self, shape: &IntTuple) -> bool {
        match (self, shape) {
            (BasisTuple::Leaf(_), Int(_)) => true,
            (BasisTuple::Tuple(a), Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a.congruent(b))
            }
            _ => false,
        }
    }

    /// `shape`'s structure with `leaves` (in leaf order) as its leaves.
    pub(super) fn shaped(
        shape: &IntTuple,
        leaves: &mut impl Iterator<Item = ScaledBasis>,
    ) -> BasisTuple {
        match shape {
            Int(_) => BasisTuple::Leaf(leaves.next().unwrap_or_else(|| ScaledBasis::int(0))),
            Tuple(v) => {
                BasisTuple::Tuple(v.iter().map(|s| BasisTuple::shaped(s, leaves)).collect())
            }
        }
    }
}

impl From<IntTuple> for BasisTuple {
    fn from(t: IntTuple) -> BasisTuple {
        match t {
            Int(n) => BasisTuple::Leaf(ScaledBasis::int(n)),
            Tuple(v) => BasisTuple::Tuple(v.into_iter().map(BasisTuple::from).collect()),
        }
    }
}

impl fmt::Display for BasisTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BasisTuple::Leaf(b) => b.fmt(f),
            BasisTuple::Tuple(v) => {
                f.write_str("(")?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    t.fmt(f)?;
                }
                f.write_str(")")
            }
        }
    }
}
