//! Conversions between a typed layout and the core's `Layout`.

use alloc::string::{String, ToString};
use core::fmt;

use layout_core::Error;

use super::int::Offset;
use super::layout::Layout;
use super::tree::{Mode, Tree};

/// A core layout that does not fit a typed layout's type: another nesting,
/// a static leaf of another value, or a negative stride for `usize` offsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestingError {
    found: String,
    expected: String,
}

impl NestingError {
    /// The core layout that did not fit, in the notation.
    #[must_use]
    pub fn found(&self) -> &str {
        &self.found
    }

    /// The typed layout's nesting: static leaves by value, dynamic ones `_`.
    #[must_use]
    pub fn expected(&self) -> &str {
        &self.expected
    }
}

impl fmt::Display for NestingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the layout {} does not fit the typed layout {} (its nesting, and its static leaves' values; `_` takes any value)",
            self.found, self.expected
        )
    }
}

impl core::error::Error for NestingError {}

/// `S:D` with static leaves by value and `_` for dynamic ones.
struct Form<S, D, I>(core::marker::PhantomData<(S, D, I)>);

impl<S: Tree, D: Tree, I: Offset> fmt::Display for Form<S, D, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        S::write_form(f)?;
        f.write_str(":")?;
        D::write_form(f)?;
        if I::SIGNED {
            f.write_str(" with signed offsets")?;
        }
        Ok(())
    }
}

/// A core layout as a typed layout of a given nesting. The shape and stride
/// must be nested as `S` and `D` and every static leaf must have its value;
/// a dynamic (`usize`) leaf takes any value but a negative one, which only a
/// static leaf `C<N>` holds, in a layout with `isize` offsets.
///
/// ```
/// use layout_dsl::typed::{C, Layout};
/// let core: layout_dsl::Layout = "(4,(2,3)):(6,(3,1))".parse().unwrap();
/// let typed = Layout::<(usize, (usize, C<3>)), (usize, (usize, C<1>))>::try_from(&core).unwrap();
/// assert_eq!(typed.crd2idx((1, (1, 2))), 6 + 3 + 2);
///
/// let flat = Layout::<(usize, usize), (usize, usize)>::try_from(&core);
/// assert_eq!(
///     flat.unwrap_err().to_string(),
///     "the layout (4,(2,3)):(6,(3,1)) does not fit the typed layout (_,_):(_,_) \
///      (its nesting, and its static leaves' values; `_` takes any value)"
/// );
/// ```
impl<S: Mode<D>, D: Tree, I: Offset> TryFrom<&layout_core::Layout> for Layout<S, D, I> {
    type Error = NestingError;

    fn try_from(l: &layout_core::Layout) -> Result<Self, NestingError> {
        let fits_offsets = I::SIGNED || l.stride().leaves().all(|d| d >= 0);
        match (S::from_core(l.shape()), D::from_core(l.stride())) {
            (Some(shape), Some(stride)) if fits_offsets => Ok(Layout::from_parts(shape, stride)),
            _ => Err(NestingError {
                found: l.to_string(),
                expected: Form::<S, D, I>(core::marker::PhantomData).to_string(),
            }),
        }
    }
}

/// As from a reference.
impl<S: Mode<D>, D: Tree, I: Offset> TryFrom<layout_core::Layout> for Layout<S, D, I> {
    type Error = NestingError;

    fn try_from(l: layout_core::Layout) -> Result<Self, NestingError> {
        Layout::try_from(&l)
    }
}

/// The same layout in the core. It fails only when a dynamic leaf is above
/// `i64::MAX` (the core's integers are `i64`) or an offset would overflow
/// `i64`: a static layout always converts.
///
/// ```
/// use layout_dsl::layout;
/// let m = 6;
/// let core = layout_dsl::Layout::try_from(layout!((m,4):(1,m))).unwrap();
/// assert_eq!(core.to_string(), "(6,4):(1,6)");
/// assert!(layout_dsl::Layout::try_from(layout!((m,4):(1,{usize::MAX}))).is_err());
/// ```
impl<S: Mode<D>, D: Tree, I: Offset> TryFrom<Layout<S, D, I>> for layout_core::Layout {
    type Error = Error;

    fn try_from(l: Layout<S, D, I>) -> Result<Self, Error> {
        l.to_core()
    }
}
