//! The run-time door: an expression with dynamic leaves that the macro could
//! not fold (an algebra function of a layout with `usize` leaves) is rebuilt
//! as a core [`Expr`] and evaluated by `layout-core` when the code runs.
//! Static parts arrive already folded, as canonical notation text.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::marker::PhantomData;

use layout_core::expr::{Expr, ExprKind};
use layout_core::{CallError, Error, IntTuple, Layout, Span, Value};

use super::int::{Offset, too_large};
use super::layout::Layout as TypedLayout;
use super::make_layout::AsShape;
use super::tree::{Mode, Shape, Tree};

pub use super::rt_query::{
    CosizeInTheType, CosizeLeaf, Crd2idxLeaf, NestingLeaves, OffsetInTheType, OffsetReads, Rest,
};
pub use super::rt_size::{ModeAt, SizeInTheType, SizeLeaf};

fn node(kind: ExprKind) -> Expr {
    Expr::new(kind, Span::default())
}

/// A static part, folded at compile time, in canonical notation.
pub fn value(notation: &str) -> Expr {
    layout_core::notation::parse(notation).expect("the macro emits canonical notation")
}

/// Dynamic leaf number `k` of the `leaves` passed to the `eval_*` function.
pub fn leaf(k: usize) -> Expr {
    node(ExprKind::Dynamic(k))
}

pub fn tuple<const N: usize>(items: [Expr; N]) -> Expr {
    node(ExprKind::Tuple(Vec::from(items)))
}

pub fn tiler<const N: usize>(items: [Expr; N]) -> Expr {
    node(ExprKind::Tiler(Vec::from(items)))
}

pub fn layout(shape: Expr, stride: Expr) -> Expr {
    node(ExprKind::Layout(shape.into(), stride.into()))
}

pub fn call<const N: usize>(name: &str, args: [Expr; N]) -> Expr {
    node(ExprKind::Call {
        name: String::from(name),
        name_span: Span::default(),
        args: Vec::from(args),
    })
}

/// Named value number `k` of the `values` given to [`named`].
pub fn named_layout(k: usize) -> Expr {
    node(ExprKind::Name(alloc::format!("#{k}")))
}

/// Put named values' core forms (`#A` in `layout!`, converted by
/// [`NamedLayout`], [`NamedTuple`] or [`NamedOperand`] as the place
/// asks) into `expr`, or the first conversion's error.
pub fn named<const N: usize>(
    mut expr: Expr,
    values: [Result<Value, Error>; N],
) -> Result<Expr, Error> {
    let values = values.into_iter().collect::<Result<Vec<_>, _>>()?;
    put_named(&mut expr, &values);
    Ok(expr)
}

/// A named value where the function takes a layout: a typed layout. Its
/// impls are `do_not_recommend`: the message says a layout is expected, and
/// rustc lists no impl under it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a typed layout, but this argument of the call is a layout (a shape or a tiler cannot stand for it)"
)]
pub trait NamedLayout {
    /// The core value (a dynamic leaf above `i64::MAX` has none).
    fn core_value(&self) -> Result<Value, Error>;
}

/// A named value where the function takes an integer or a tuple: a
/// shape of `usize` and `C<N>` leaves (CuTe's `Shape<…>`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer or a tuple of `usize`/`C<N>`, but this argument of the call is a shape"
)]
pub trait NamedTuple {
    /// The core value (a dynamic leaf above `i64::MAX` has none).
    fn core_value(&self) -> Result<Value, Error>;
    /// A named shape where a written-out shape nests it (`make_layout((#s,
    /// 4))`), asked at its name to be a shape, so that another value is
    /// one error there. A typed layout (the likely mistake) stands in as
    /// its own shape ([`AsShape`]), so that the call around it reports
    /// nothing more; the crate does not compile then, so no such layout
    /// is made. `layout!` calls it as `NamedTuple::named_shape(s)`, the
    /// trait's own function: rustc has no "required by a bound" note into
    /// the library to add for a trait's own `Self` bound.
    #[inline(always)]
    fn named_shape(self) -> <Self as AsShape>::Shape
    where
        Self: AsShape,
    {
        self.as_shape()
    }
}

/// A named value where the function takes an order (`tile_to_shape`'s
/// third argument, `make_ordered_layout`'s second): a tuple of integers,
/// CuTe's `Step<…>` (the core also takes one integer for a one-mode
/// target). A typed layout there is one error at its name, as the typed
/// door's order is (written out), not the core's `WrongType` at run time.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an order, but this argument of the call is one: an integer or a tuple of `usize`/`C<N>` (CuTe's `Step<…>`), or `LayoutLeft`/`LayoutRight` written out"
)]
pub trait NamedOrder {
    /// The core value (a dynamic leaf above `i64::MAX` has none).
    fn core_value(&self) -> Result<Value, Error>;
}

// Not recommended, as `NamedTuple`'s.
#[diagnostic::do_not_recommend]
impl<T: Shape> NamedOrder for T {
    fn core_value(&self) -> Result<Value, Error> {
        self.to_core().map(Value::IntTuple)
    }
}

/// A named value where the function takes a layout or a shape (a tiler,
/// `make_layout`'s modes, `size`): either.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a typed layout nor a shape of `usize`/`C<N>` leaves, but this argument of the call is one of those"
)]
pub trait NamedOperand {
    /// The core value (a dynamic leaf above `i64::MAX` has none).
    fn core_value(&self) -> Result<Value, Error>;
}

#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree, I: Offset> NamedLayout for TypedLayout<S, D, I> {
    fn core_value(&self) -> Result<Value, Error> {
        self.to_core().map(Value::Layout)
    }
}

impl<S: Mode<D>, D: Tree, I: Offset> NamedOperand for TypedLayout<S, D, I> {
    fn core_value(&self) -> Result<Value, Error> {
        self.to_core().map(Value::Layout)
    }
}

/// A failed `layout!` value named in another call (`#bad`): the first
/// call's error is the only one.
#[diagnostic::do_not_recommend]
impl<I, K> NamedLayout for super::Poisoned<I, K> {
    fn core_value(&self) -> Result<Value, Error> {
        super::poisoned()
    }
}

impl<I, K> NamedOperand for super::Poisoned<I, K> {
    fn core_value(&self) -> Result<Value, Error> {
        super::poisoned()
    }
}

// Not recommended, so that a value that is no shape is reported as
// not this trait, at the name, rather than through `Shape`'s leaves.
#[diagnostic::do_not_recommend]
impl<T: Shape> NamedTuple for T {
    fn core_value(&self) -> Result<Value, Error> {
        self.to_core().map(Value::IntTuple)
    }
}

// Not recommended, so that a value that is no shape is reported as
// not this trait, at the name, rather than through `Shape`'s leaves.
#[diagnostic::do_not_recommend]
impl<T: Shape> NamedOperand for T {
    fn core_value(&self) -> Result<Value, Error> {
        self.to_core().map(Value::IntTuple)
    }
}

/// `cosize(#s)` of a named value that is not a layout: the expansion calls
/// the method with this trait in scope, so a typed layout's own `cosize`
/// (inherent, found first) answers for a layout, and a shape gets this
/// one, whose value ([`AShape`]) is what [`CosizeOfALayout`], asked of
/// every answer, refuses: one error at the name, with no note (a bound on
/// this method would be a note quoting it).
pub trait ShapeCosize {
    /// The shape, marked as one (no cosize).
    fn cosize(&self) -> AShape<Self>;
}

impl<T: Shape> ShapeCosize for T {
    #[inline(always)]
    fn cosize(&self) -> AShape<T> {
        AShape(PhantomData)
    }
}

/// What `cosize(#s)` of a shape `S` yields: no offset, so no
/// [`CosizeOfALayout`].
pub struct AShape<S: ?Sized>(PhantomData<S>);

/// A cosize: an offset (every layout's `cosize` returns its offset type).
/// `cosize(#s)` passes its answer through this trait's own function,
/// whose `Self` bound rustc reports at the name with no note, unlike a
/// bound of [`ShapeCosize::cosize`] or of a free function.
#[diagnostic::on_unimplemented(
    message = "`cosize` is a layout's (CuTe's `cosize(layout)`: one past its largest offset), but the named value is a shape, which has no strides: `size(#…)` is its number of coordinates"
)]
pub trait CosizeOfALayout: Sized {
    /// The cosize, unchanged.
    #[inline(always)]
    fn cosize_of_a_layout(self) -> Self {
        self
    }
}

// Not recommended, so that a shape's `AShape` is reported as not this
// trait (its message) rather than as not an `Offset`.
#[diagnostic::do_not_recommend]
impl<T: Offset> CosizeOfALayout for T {}

/// `size(#s)`, `rank(#s)`, `depth(#s)` of a named shape: the expansion
/// calls the method with this trait in scope, so a typed layout's own
/// methods (inherent, found first) answer for a layout, these for a shape.
pub trait ShapeQueries {
    /// The product of the extents.
    fn size(&self) -> usize;
    /// The number of top-level modes (1 for one extent).
    fn rank(&self) -> usize;
    /// The nesting depth (0 for one extent).
    fn depth(&self) -> usize;
}

impl<T: Shape> ShapeQueries for T {
    #[inline]
    fn size(&self) -> usize {
        Shape::size(self)
    }
    #[inline]
    fn rank(&self) -> usize {
        T::RANK
    }
    #[inline]
    fn depth(&self) -> usize {
        T::DEPTH
    }
}

fn put_named(expr: &mut Expr, values: &[Value]) {
    match &mut expr.kind {
        ExprKind::Name(name) => {
            if let Some(k) = name.strip_prefix('#').and_then(|k| k.parse::<usize>().ok()) {
                *expr = value(&values[k].to_string());
            }
        }
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            items.iter_mut().for_each(|i| put_named(i, values));
        }
        ExprKind::Call { args, .. } => args.iter_mut().for_each(|a| put_named(a, values)),
        ExprKind::Layout(shape, stride) => {
            put_named(shape, values);
            put_named(stride, values);
        }
        _ => {}
    }
}

/// Put the leaves' values in, then evaluate with the core. The spans of
/// the expression mean nothing at run time, so errors carry none.
pub fn eval(mut expr: Expr, leaves: &[usize]) -> Result<Value, Error> {
    substitute(&mut expr, leaves)?;
    layout_core::eval(&expr).map_err(|e| Error::new(e.into_kind()))
}

fn substitute(expr: &mut Expr, leaves: &[usize]) -> Result<(), Error> {
    match &mut expr.kind {
        ExprKind::Dynamic(k) => {
            let value = i64::try_from(leaves[*k]).map_err(|_| too_large())?;
            expr.kind = ExprKind::Int(value);
        }
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            for item in items {
                substitute(item, leaves)?;
            }
        }
        ExprKind::Call { args, .. } => {
            for arg in args {
                substitute(arg, leaves)?;
            }
        }
        ExprKind::Layout(shape, stride) => {
            substitute(shape, leaves)?;
            substitute(stride, leaves)?;
        }
        _ => {}
    }
    Ok(())
}

fn wrong(expected: &'static str, found: &Value) -> Error {
    Error::new(CallError::WrongType {
        expected,
        found: found.describe(),
    })
}

pub fn eval_layout(expr: Expr, leaves: &[usize]) -> Result<Layout, Error> {
    match eval(expr, leaves)? {
        Value::Layout(l) => Ok(l),
        v => Err(wrong("a layout", &v)),
    }
}

pub fn eval_int(expr: Expr, leaves: &[usize]) -> Result<i64, Error> {
    match eval(expr, leaves)? {
        Value::IntTuple(IntTuple::Int(n)) => Ok(n),
        v => Err(wrong("an integer", &v)),
    }
}

pub fn eval_int_tuple(expr: Expr, leaves: &[usize]) -> Result<IntTuple, Error> {
    match eval(expr, leaves)? {
        Value::IntTuple(t) => Ok(t),
        v => Err(wrong("an integer or a tuple", &v)),
    }
}
