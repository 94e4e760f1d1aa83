//! Views (a layout plus a base offset) and offset tables.
//!
//! Slicing a tensor (a diagonal, one index along an axis, one block) lands on
//! a sub-tensor that starts somewhere other than offset 0. CuTe keeps that
//! start in the tensor's pointer; a [`View`] keeps it next to the layout.

use alloc::vec::Vec;
use core::fmt;

use crate::error::{DomainError, Result, add, mul};
use crate::layout::Layout;

/// The most entries [`table`] will produce: a table is printed (calculator)
/// or emitted as an array (macro), so a huge one is almost surely a mistake.
pub const TABLE_LIMIT: i64 = 1 << 20;

/// Offsets listed in order, printed `[a,b,c]`.
///
/// ```
/// use layout_core::Table;
/// assert_eq!(Table(vec![0, 4, 1]).to_string(), "[0,4,1]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Table(
    /// The offsets, in the order they were listed.
    pub Vec<i64>,
);

impl Table {
    /// The offsets as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[i64] {
        &self.0
    }
}

impl From<Table> for Vec<i64> {
    fn from(t: Table) -> Vec<i64> {
        t.0
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{x}")?;
        }
        f.write_str("]")
    }
}

/// Every offset of `layout` in CuTe (colexicographic) order, `L(0), L(1), …`;
/// at most [`TABLE_LIMIT`] entries.
///
/// # Errors
///
/// [`TableTooLarge`](crate::DomainError::TableTooLarge) past [`TABLE_LIMIT`] entries.
///
/// ```
/// use layout_core::{table, Layout};
/// let l: Layout = "(2,4):(4,1)".parse().unwrap();
/// assert_eq!(table(&l).unwrap().to_string(), "[0,4,1,5,2,6,3,7]");
/// ```
pub fn table(layout: &Layout) -> Result<Table> {
    check_table_size(layout.size())?;
    Ok(Table(layout.offsets().collect()))
}

pub(crate) fn check_table_size(size: i64) -> Result<()> {
    if size > TABLE_LIMIT {
        return Err(DomainError::TableTooLarge {
            size,
            limit: TABLE_LIMIT,
        }
        .into());
    }
    Ok(())
}

impl Layout {
    /// [`table`] as a method: `L(0), L(1), …` as a [`Table`].
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "(2,2):(0,1)".parse().unwrap();
    /// assert_eq!(l.table().unwrap().as_slice(), [0, 0, 1, 1]);
    /// ```
    pub fn table(&self) -> Result<Table> {
        table(self)
    }
}

/// A layout read from a base offset: coordinate `c` is at `base + L(c)`.
///
/// Printed as `view(L,BASE)`, which the notation's `view` function reads back.
///
/// ```
/// use layout_core::{Layout, View};
/// let v = View::new("3:5".parse().unwrap(), 1).unwrap();
/// assert_eq!(v.to_string(), "view(3:5,1)");
/// assert_eq!(v.table().unwrap().to_string(), "[1,6,11]");
/// assert_eq!(format!("{v:?}"), "view(3:5,1)");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct View {
    layout: Layout,
    base: i64,
}

impl View {
    /// Checks that every offset `base + L(c)` fits in an `i64`, so that
    /// indexing a view in its domain cannot overflow.
    ///
    /// # Errors
    ///
    /// [`Overflow`](crate::ErrorKind::Overflow) when some `base + L(c)` does not fit.
    pub fn new(layout: Layout, base: i64) -> Result<View> {
        // The layout's offsets lie within ±span of 0 (Layout::new checked the span fits).
        let mut span = 0i64;
        for (s, d) in layout.leaf_modes() {
            let reach = d.checked_abs().unwrap_or(i64::MAX);
            span = add(span, mul(s.saturating_sub(1), reach)?)?;
        }
        add(base, span)?;
        add(base, -span)?;
        Ok(View { layout, base })
    }

    /// The layout, which maps coordinates to offsets from the base.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The offset of coordinate 0: where the view starts.
    #[must_use]
    pub fn base(&self) -> i64 {
        self.base
    }

    /// `base + L(coord)`.
    ///
    /// ```
    /// # use layout_core::{IntTuple, View};
    /// let v = View::new("(2,3):(3,1)".parse().unwrap(), 10).unwrap();
    /// assert_eq!(v.crd2idx(&IntTuple::from([1, 2])).unwrap(), 15);
    /// ```
    pub fn crd2idx(&self, coord: &crate::IntTuple) -> Result<i64> {
        add(self.base, self.layout.crd2idx(coord)?)
    }

    /// `base + L(i)` for every `i`, in CuTe order, without division per element.
    ///
    /// ```
    /// # use layout_core::View;
    /// let v = View::new("(2,2):(2,1)".parse().unwrap(), 10).unwrap();
    /// assert!(v.offsets().eq([10, 12, 11, 13]));
    /// ```
    #[must_use = "iterators are lazy and do nothing unless consumed"]
    pub fn offsets(&self) -> impl ExactSizeIterator<Item = i64> + '_ {
        // In range: checked in `new`.
        self.layout.offsets().map(move |o| self.base + o)
    }

    /// The offsets as a [`Table`], at most [`TABLE_LIMIT`] entries.
    ///
    /// # Errors
    ///
    /// [`TableTooLarge`](crate::DomainError::TableTooLarge) past [`TABLE_LIMIT`] entries.
    pub fn table(&self) -> Result<Table> {
        check_table_size(self.layout.size())?;
        Ok(Table(self.offsets().collect()))
    }
}

impl From<Layout> for View {
    fn from(layout: Layout) -> View {
        View { layout, base: 0 }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "view({},{})", self.layout, self.base)
    }
}

/// The notation `view(L,BASE)`, which names the type itself, not the
/// struct's fields; `{:#?}` is the same one line.
impl fmt::Debug for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The same view starting `by` further along (a view of a view).
pub(crate) fn shifted(view: View, by: i64) -> Result<View> {
    View::new(view.layout, add(view.base, by)?)
}
