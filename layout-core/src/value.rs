//! What an expression evaluates to.

use core::fmt;

use crate::algebra::{Coord, Tiler};
use crate::atoms::{Atom, Operand};
use crate::basis::{BasisLayout, BasisTuple, BasisView};
use crate::idioms::{Table, TensorLayout, View};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::swizzle::{ComposedLayout, Swizzle};

/// CuTe's compact-layout tags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Major {
    /// Column-major: the leftmost extent has stride 1.
    LayoutLeft,
    /// Row-major: the rightmost extent has stride 1.
    LayoutRight,
}

/// The result of evaluating an expression.
///
/// New kinds of value will come with new functions, so a `match` on it
/// needs a `_` arm outside this crate.
#[derive(Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Value {
    /// An integer or a tuple of them.
    IntTuple(IntTuple),
    /// A layout.
    Layout(Layout),
    /// A by-mode tiler `<…>`.
    Tiler(Tiler),
    /// A compact-layout tag: `LayoutLeft` or `LayoutRight`.
    Major(Major),
    /// A layout read from a base offset, printed `view(L,BASE)`.
    View(View),
    /// Offsets in order, printed `[a,b,…]` (output only: not notation).
    Table(Table),
    /// A tensor-descriptor tag: `RowMajor`, `ColumnMajor` or `Bypass`.
    TensorLayout(TensorLayout),
    /// A truth value, printed `true` or `false` (`congruent`, `compatible`, …).
    Bool(bool),
    /// A coordinate holding CuTe's `_` somewhere, `(_,3)`: what `slice`
    /// and `dice` take (a coordinate without `_` is an `IntTuple`).
    Coord(Coord),
    /// An MMA or copy atom, by CuTe's name (`SM80_16x8x16_F16F16F16F16_TN`).
    Atom(Atom),
    /// Which of an atom's TV layouts: `A`, `B`, `C`, `SRC` or `DST`.
    Operand(Operand),
    /// A swizzle, printed `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// A composed layout, printed `Sw<B,M,S> o OFFSET o INNER`.
    Composed(ComposedLayout),
    /// A scaled basis `2@1`, or a stride tuple holding one `(1@0,1@1)`.
    Basis(BasisTuple),
    /// A layout with scaled-basis strides, `(4,8):(1@0,1@1)`.
    BasisLayout(BasisLayout),
    /// A layout with scaled-basis strides read from a coordinate,
    /// `view((4):(1@0),(0,3))` (`slice` of an identity layout).
    BasisView(BasisView),
}

impl Value {
    /// What kind of value this is, in words, for error messages.
    #[must_use]
    pub fn describe(&self) -> &'static str {
        match self {
            Value::IntTuple(IntTuple::Int(_)) => "an integer",
            Value::IntTuple(IntTuple::Tuple(_)) => "a tuple",
            Value::Layout(_) => "a layout",
            Value::Tiler(_) => "a tiler",
            Value::Major(Major::LayoutLeft) => "`LayoutLeft`",
            Value::Major(Major::LayoutRight) => "`LayoutRight`",
            Value::View(_) => "a view",
            Value::Table(_) => "a table",
            Value::TensorLayout(TensorLayout::RowMajor) => "`RowMajor`",
            Value::TensorLayout(TensorLayout::ColumnMajor) => "`ColumnMajor`",
            Value::TensorLayout(TensorLayout::Bypass) => "`Bypass`",
            Value::Bool(_) => "a boolean",
            Value::Coord(_) => "a coordinate with `_`",
            Value::Atom(Atom::Mma(_)) => "an MMA atom",
            Value::Atom(Atom::Copy(_)) => "a copy atom",
            Value::Operand(o) => o.describe(),
            Value::Swizzle(_) => "a swizzle",
            Value::Composed(_) => "a composed layout",
            Value::Basis(_) => "a scaled basis",
            Value::BasisLayout(_) => "a layout with scaled-basis strides",
            Value::BasisView(_) => "a view of a layout with scaled-basis strides",
        }
    }
}

impl fmt::Display for Major {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Major::LayoutLeft => "LayoutLeft",
            Major::LayoutRight => "LayoutRight",
        })
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::IntTuple(t) => t.fmt(f),
            Value::Layout(l) => l.fmt(f),
            Value::Tiler(t) => t.fmt(f),
            Value::Major(m) => m.fmt(f),
            Value::View(v) => v.fmt(f),
            Value::Table(t) => t.fmt(f),
            Value::TensorLayout(t) => t.fmt(f),
            Value::Bool(b) => b.fmt(f),
            Value::Coord(c) => c.fmt(f),
            Value::Atom(a) => a.fmt(f),
            Value::Operand(o) => o.fmt(f),
            Value::Swizzle(s) => s.fmt(f),
            Value::Composed(c) => c.fmt(f),
            Value::Basis(b) => b.fmt(f),
            Value::BasisLayout(l) => l.fmt(f),
            Value::BasisView(v) => v.fmt(f),
        }
    }
}

/// `Variant(notation)`: `Layout((2,(2,8)):(8,(16,1)))` as a typed layout's
/// `Debug` prints it, `View(view((4):(2),3))`, `IntTuple((1,2))`, instead of
/// the payloads' fields. `{:#?}` is the same one line.
impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let variant = match self {
            Value::IntTuple(_) => "IntTuple",
            Value::Layout(_) => "Layout",
            Value::Tiler(_) => "Tiler",
            Value::Major(_) => "Major",
            Value::View(_) => "View",
            Value::Table(_) => "Table",
            Value::TensorLayout(_) => "TensorLayout",
            Value::Bool(_) => "Bool",
            Value::Coord(_) => "Coord",
            Value::Atom(_) => "Atom",
            Value::Operand(_) => "Operand",
            Value::Swizzle(_) => "Swizzle",
            Value::Composed(_) => "Composed",
            Value::Basis(_) => "Basis",
            Value::BasisLayout(_) => "BasisLayout",
            Value::BasisView(_) => "BasisView",
        };
        write!(f, "{variant}({self})")
    }
}
