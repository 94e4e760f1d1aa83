//! Hierarchical integer tuples: CuTe's `IntTuple`, an integer or a tuple of them.

use alloc::vec::Vec;
use core::fmt;

use crate::error::{DomainError, Error, Result, mul};

/// An integer, or a (possibly empty) tuple of `IntTuple`s.
///
/// ```
/// use layout_core::IntTuple;
/// let t: IntTuple = "(2,(3,4))".parse().unwrap();
/// assert_eq!((t.rank(), t.depth(), t.size().unwrap()), (2, 2, 24));
/// assert_eq!(t.to_string(), "(2,(3,4))");
/// assert_eq!(format!("{t:?}"), "(2,(3,4))"); // `Debug` too, as an integer's
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum IntTuple {
    /// A single integer: an extent in a shape, a stride, a coordinate.
    Int(i64),
    /// A tuple of modes, each an `IntTuple`; `()` is the empty tuple.
    Tuple(Vec<IntTuple>),
}

use IntTuple::{Int, Tuple};

impl IntTuple {
    /// The empty tuple `()`.
    pub const EMPTY: IntTuple = Tuple(Vec::new());

    /// Whether this is a single integer rather than a tuple.
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// assert!(IntTuple::Int(4).is_int());
    /// assert!(!IntTuple::from([4]).is_int()); // `(4)` is a rank-1 tuple
    /// ```
    #[must_use]
    pub fn is_int(&self) -> bool {
        matches!(self, Int(_))
    }

    /// The integer, if this is one (a tuple, even of rank 1, is not).
    #[must_use]
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Int(n) => Some(*n),
            Tuple(_) => None,
        }
    }

    /// Number of top-level modes: 1 for an integer.
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// assert_eq!("((2,3),4,5)".parse::<IntTuple>().unwrap().rank(), 3);
    /// ```
    #[must_use]
    pub fn rank(&self) -> usize {
        match self {
            Int(_) => 1,
            Tuple(v) => v.len(),
        }
    }

    /// Nesting depth: 0 for an integer, 1 + the deepest element for a tuple.
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// assert_eq!("(2,(3,(4)))".parse::<IntTuple>().unwrap().depth(), 3);
    /// ```
    #[must_use]
    pub fn depth(&self) -> usize {
        match self {
            Int(_) => 0,
            Tuple(v) => 1 + v.iter().map(IntTuple::depth).max().unwrap_or(0),
        }
    }

    /// Product of all leaves (1 for the empty tuple).
    ///
    /// # Errors
    ///
    /// [`Overflow`](crate::ErrorKind::Overflow) when the product does not fit in an `i64`.
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// assert_eq!("((2,4),(3,5))".parse::<IntTuple>().unwrap().size().unwrap(), 120);
    /// ```
    pub fn size(&self) -> Result<i64> {
        // The running product over the leaves, left to right (so an overflow
        // before a 0 extent is still an overflow), by recursion: cheaper
        // than stepping `Leaves`.
        fn product(t: &IntTuple, acc: i64) -> Result<i64> {
            match t {
                Int(n) => mul(acc, *n),
                Tuple(v) => v.iter().try_fold(acc, |acc, t| product(t, acc)),
            }
        }
        product(self, 1)
    }

    /// The top-level modes; an integer is its own single mode.
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.modes()[1].to_string(), "(3,4)");
    /// assert_eq!(IntTuple::Int(5).modes(), [IntTuple::Int(5)]);
    /// ```
    #[must_use]
    pub fn modes(&self) -> &[IntTuple] {
        match self {
            Int(_) => core::slice::from_ref(self),
            Tuple(v) => v,
        }
    }

    /// Mode `i`, if it exists.
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.mode(0), Some(&IntTuple::Int(2)));
    /// ```
    #[must_use]
    pub fn mode(&self, i: usize) -> Option<&IntTuple> {
        self.modes().get(i)
    }

    /// The integers of the tuple, left to right.
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// let t: IntTuple = "((2,4),(3,(5)))".parse().unwrap();
    /// assert_eq!(t.leaves().collect::<Vec<_>>(), [2, 4, 3, 5]);
    /// ```
    pub fn leaves(&self) -> impl Iterator<Item = i64> + '_ {
        Leaves::new(self)
    }

    /// One level of tuple holding every leaf; an integer stays an integer.
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// let t: IntTuple = "((2,4),(3,(5)))".parse().unwrap();
    /// assert_eq!(t.flatten().to_string(), "(2,4,3,5)");
    /// ```
    #[must_use]
    pub fn flatten(&self) -> IntTuple {
        match self {
            Int(n) => Int(*n),
            Tuple(_) => Tuple(self.leaves().map(Int).collect()),
        }
    }

    /// Same nesting structure (integers may differ).
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// let a: IntTuple = "((2,4),3)".parse().unwrap();
    /// assert!(a.is_congruent(&"((1,2),8)".parse().unwrap()));
    /// assert!(!a.is_congruent(&"(1,8)".parse().unwrap()));
    /// ```
    #[must_use]
    pub fn is_congruent(&self, other: &IntTuple) -> bool {
        match (self, other) {
            (Int(_), Int(_)) => true,
            (Tuple(a), Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.is_congruent(y))
            }
            _ => false,
        }
    }

    /// Rebuild this tuple's structure with new leaves taken in order.
    pub(crate) fn with_leaves(&self, leaves: &mut impl Iterator<Item = i64>) -> IntTuple {
        match self {
            Int(_) => Int(leaves.next().unwrap_or(0)),
            Tuple(v) => Tuple(v.iter().map(|t| t.with_leaves(leaves)).collect()),
        }
    }

    /// Compact column-major strides (CuTe's `LayoutLeft`): the exclusive
    /// prefix product of the leaves, left to right. Extent-1 leaves get stride
    /// 0, as CuTe gives static unit extents.
    ///
    /// # Errors
    ///
    /// [`NegativeExtent`](crate::DomainError::NegativeExtent) for a negative leaf,
    /// [`Overflow`](crate::ErrorKind::Overflow) when a stride does not fit in an `i64`.
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// let s: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(s.compact_col_major().unwrap().to_string(), "(1,(2,6))");
    /// ```
    pub fn compact_col_major(&self) -> Result<IntTuple> {
        let strides = compact_strides(self.leaves())?;
        Ok(self.with_leaves(&mut strides.into_iter()))
    }

    /// Compact row-major strides (CuTe's `LayoutRight`): the exclusive prefix
    /// product from the right, ignoring the hierarchy.
    ///
    /// # Errors
    ///
    /// As [`compact_col_major`](IntTuple::compact_col_major).
    ///
    /// ```
    /// # use layout_core::IntTuple;
    /// let s: IntTuple = "(2,(2,2))".parse().unwrap();
    /// assert_eq!(s.compact_row_major().unwrap().to_string(), "(4,(2,1))");
    /// ```
    pub fn compact_row_major(&self) -> Result<IntTuple> {
        let leaves: Vec<i64> = self.leaves().collect();
        let mut strides = compact_strides(leaves.iter().rev().copied())?;
        strides.reverse();
        Ok(self.with_leaves(&mut strides.into_iter()))
    }
}

fn compact_strides(extents: impl Iterator<Item = i64>) -> Result<Vec<i64>> {
    let mut current = 1i64;
    let mut strides = Vec::new();
    for extent in extents {
        if extent < 0 {
            return Err(Error::new(DomainError::NegativeExtent(extent)));
        }
        if extent == 1 {
            strides.push(0);
        } else {
            strides.push(current);
            current = mul(current, extent)?;
        }
    }
    Ok(strides)
}

impl From<i64> for IntTuple {
    fn from(n: i64) -> Self {
        Int(n)
    }
}

impl From<Vec<IntTuple>> for IntTuple {
    fn from(v: Vec<IntTuple>) -> Self {
        Tuple(v)
    }
}

impl<const N: usize> From<[i64; N]> for IntTuple {
    fn from(v: [i64; N]) -> Self {
        Tuple(v.into_iter().map(Int).collect())
    }
}

impl fmt::Display for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Int(n) => write!(f, "{n}"),
            Tuple(v) => {
                f.write_str("(")?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The notation, bare as an integer's `Debug` is: a panic naming a
/// coordinate, or `Debug` of an error holding a shape, reads as the user
/// wrote it, not as the enum's nesting (`Tuple([Int(2), …])`). `{:#?}`
/// is the same one line: a tuple's text is already its structure.
impl fmt::Debug for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Depth-first walk over a tuple's integers. It runs under every layout
/// constructor and algebra step, so it does not allocate for the depths
/// layouts have in practice: the first [`Leaves::INLINE`] levels of the
/// walk's stack live in the iterator, deeper ones spill into a `Vec`.
struct Leaves<'a> {
    inline: [core::slice::Iter<'a, IntTuple>; Leaves::INLINE],
    depth: usize,
    spill: Vec<core::slice::Iter<'a, IntTuple>>,
}

impl<'a> Leaves<'a> {
    const INLINE: usize = 4;

    fn new(root: &'a IntTuple) -> Leaves<'a> {
        let mut inline: [core::slice::Iter<'a, IntTuple>; Leaves::INLINE] = Default::default();
        inline[0] = core::slice::from_ref(root).iter();
        Leaves {
            inline,
            depth: 1,
            spill: Vec::new(),
        }
    }

    fn push(&mut self, level: core::slice::Iter<'a, IntTuple>) {
        if self.depth < Leaves::INLINE {
            self.inline[self.depth] = level;
            self.depth += 1;
        } else {
            self.spill.push(level);
        }
    }
}

impl Iterator for Leaves<'_> {
    type Item = i64;

    fn next(&mut self) -> Option<i64> {
        loop {
            let top = match self.spill.last_mut() {
                Some(top) => top,
                None if self.depth > 0 => &mut self.inline[self.depth - 1],
                None => return None,
            };
            match top.next() {
                Some(Int(n)) => return Some(*n),
                Some(Tuple(v)) => {
                    let level = v.iter();
                    self.push(level);
                }
                None if self.spill.pop().is_some() => {}
                None => self.depth -= 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::IntTuple;

    /// Deeper than the inline stack, empty tuples on the way, and an integer root.
    #[test]
    fn leaves_in_order_at_any_depth() {
        for (text, want) in [
            ("7", &[7][..]),
            ("()", &[]),
            ("((),(()),3)", &[3]),
            (
                "(1,(2,(3,(4,(5,(6,()),7)),8)),9)",
                &[1, 2, 3, 4, 5, 6, 7, 8, 9],
            ),
            ("((((((1))))),2)", &[1, 2]),
        ] {
            let t: IntTuple = text.parse().unwrap();
            assert_eq!(t.leaves().collect::<Vec<_>>(), want, "{text}");
        }
    }
}
