//! CuTe's `recast<U>(tensor)`: the same bytes seen as elements of another
//! type, the layout rescaled by the core's `recast_layout` (CuTe's
//! `recast_layout<T, U>`). CuTe checks nothing ("This is very dangerous to
//! do -- doesn't check dynamic integer divisibility -- doesn't check
//! alignment"); here every condition it leaves to the caller is checked,
//! and a tensor that breaks one is refused with a [`RelayoutError`]:
//! both element types [`Plain`] (every bit pattern a value, no padding),
//! the engine's start aligned for `U`, the base a whole number of `U`,
//! no negative stride (CuTe's recast of one does not view the same
//! bytes), and the new layout inside the engine.

use core::fmt;
use core::mem::{align_of, size_of};

use layout_core::{Error, ErrorKind, Layout};

use super::{AsLayout, Engine, RawEngine, Tensor};
use crate::__private::{AlgebraError, Mode, Offset, Recast, RecastTree, Tree};
use crate::typed;

/// A type whose values are plain bytes: every bit pattern of its size is
/// a value, and it has no padding and no interior mutability (bytemuck's
/// `Pod`). What `Tensor::recast` asks of both element types, so that the bytes
/// of one are always values of the other.
///
/// # Safety
///
/// An implementation promises exactly that: reading any initialised
/// bytes of `size_of::<Self>()` as `Self` is sound, and every byte of a
/// value is initialised. Implemented for the integers, the floats and
/// arrays of them.
///
/// ```
/// use layout_dsl::tensor::Plain;
/// // A pair of 16-bit halves, as a type of its own: no padding, and any
/// // two u16 make one.
/// #[derive(Clone, Copy)]
/// #[repr(C)]
/// struct Half2([u16; 2]);
/// // SAFETY: `repr(C)` over one `[u16; 2]`: 4 bytes, no padding, every
/// // bit pattern a value.
/// unsafe impl Plain for Half2 {}
/// ```
pub unsafe trait Plain: Copy + 'static {}

macro_rules! plain {
    ($($t:ty)*) => {
        // SAFETY: primitive integers and floats: no padding, every bit
        // pattern a value, no interior mutability.
        $(unsafe impl Plain for $t {})*
    };
}

plain!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64);

// SAFETY: an array has no padding between elements of a `Plain` type,
// and its values are exactly the tuples of the element's.
unsafe impl<T: Plain, const N: usize> Plain for [T; N] {}

/// Why a tensor's layout function or recast was refused.
///
/// ```
/// use layout_dsl::tensor::{RelayoutError, Tensor};
/// use layout_dsl::Layout;
/// let bytes = [0u8; 8];
/// let t = Tensor::at_base(&bytes[..], "4:1".parse::<Layout>().unwrap(), 1).unwrap();
/// let e = t.recast::<u16>().unwrap_err();
/// assert_eq!(e, RelayoutError::BaseNotDivisible { bytes: 1, size: 2 });
/// assert!(e.to_string().contains("not a whole number of new elements of 2 bytes"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RelayoutError {
    /// The typed layout function refused its operands (the values that
    /// break a condition).
    Algebra(AlgebraError),
    /// The core's layout function refused, or the new layout reaches
    /// past the engine.
    Layout(Error),
    /// `recast` of or to a zero-sized element type: no bytes to view.
    ZeroSized,
    /// `recast`: the engine's first element is at `address`, which is not
    /// a multiple of the new element type's alignment `align`.
    Misaligned {
        /// The address of the engine's first element.
        address: usize,
        /// The new element type's alignment.
        align: usize,
    },
    /// `recast`: the tensor's base, `bytes` bytes into the engine, is
    /// not a whole number of new elements of `size` bytes.
    BaseNotDivisible {
        /// The base in bytes.
        bytes: usize,
        /// The new element's size.
        size: usize,
    },
    /// `recast` to another size of a layout with the negative stride
    /// `stride`: CuTe's recast of it does not view the same bytes (its
    /// upcast moves the pointer to a place that is not the first of
    /// them, its downcast reverses each element's bytes).
    NegativeStride {
        /// The stride.
        stride: i64,
    },
}

impl fmt::Display for RelayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelayoutError::Algebra(e) => e.fmt(f),
            RelayoutError::Layout(e) => e.fmt(f),
            RelayoutError::ZeroSized => {
                f.write_str("recast of or to a zero-sized element type: there are no bytes to view")
            }
            RelayoutError::Misaligned { address, align } => write!(
                f,
                "recast: the engine starts at address {address:#x}, not a multiple of the new element type's alignment {align}"
            ),
            RelayoutError::BaseNotDivisible { bytes, size } => write!(
                f,
                "recast: the tensor starts {bytes} bytes into its engine, not a whole number of new elements of {size} bytes"
            ),
            RelayoutError::NegativeStride { stride } => write!(
                f,
                "recast: the layout has the negative stride {stride}, and CuTe's recast of a negative stride to another element size does not view the same bytes"
            ),
        }
    }
}

impl core::error::Error for RelayoutError {}

impl From<Error> for RelayoutError {
    fn from(e: Error) -> Self {
        RelayoutError::Layout(e)
    }
}

impl From<ErrorKind> for RelayoutError {
    fn from(e: ErrorKind) -> Self {
        RelayoutError::Layout(e.into())
    }
}

impl From<AlgebraError> for RelayoutError {
    fn from(e: AlgebraError) -> Self {
        RelayoutError::Algebra(e)
    }
}

/// An engine whose elements can be seen as `U` (CuTe's `recast_ptr<U>`):
/// the borrowed slices and [`RawEngine`], whose bytes another type can
/// borrow. An owned engine (`Vec`, `Box`, an array) is recast through a
/// view: `t.view().recast::<U>()`.
///
/// ```
/// use layout_dsl::tensor::RecastEngine;
/// let words = [0x0302_0100u32, 0x0706_0504];
/// let bytes: &[u8] = RecastEngine::<u8>::recast_engine(&words[..]).unwrap();
/// assert_eq!(bytes, [0, 1, 2, 3, 4, 5, 6, 7]);
/// // One byte in, a u16 would be misaligned: refused.
/// assert!(RecastEngine::<u16>::recast_engine(&bytes[1..]).is_err());
/// ```
pub trait RecastEngine<U>: Engine {
    /// The same bytes as elements of `U`.
    type Out: Engine<Elem = U>;
    /// The same bytes as elements of `U`: as many whole ones as fit.
    fn recast_engine(self) -> Result<Self::Out, RelayoutError>;
}

/// The pointer and length of a `[T]` at `ptr` of `len` elements, seen as
/// `U`: checked as [`RecastEngine::recast_engine`] says.
fn recast_parts<T: Plain, U: Plain>(ptr: *const T, len: usize) -> Result<usize, RelayoutError> {
    if size_of::<T>() == 0 || size_of::<U>() == 0 {
        return Err(RelayoutError::ZeroSized);
    }
    let address = ptr as usize;
    if address % align_of::<U>() != 0 {
        return Err(RelayoutError::Misaligned {
            address,
            align: align_of::<U>(),
        });
    }
    // No overflow: a slice holds at most `isize::MAX` bytes.
    Ok(len * size_of::<T>() / size_of::<U>())
}

impl<'a, T: Plain, U: Plain> RecastEngine<U> for &'a [T] {
    type Out = &'a [U];
    fn recast_engine(self) -> Result<&'a [U], RelayoutError> {
        let len = recast_parts::<T, U>(self.as_ptr(), self.len())?;
        // SAFETY: `ptr` is aligned for `U` (checked), the `len` whole `U`
        // lie inside the bytes of `self` (rounded down), which are
        // initialised (`T: Plain`: no padding) and are values of `U`
        // (`U: Plain`); the borrow keeps `'a`, shared as `self` was.
        Ok(unsafe { core::slice::from_raw_parts(self.as_ptr().cast::<U>(), len) })
    }
}

impl<'a, T: Plain, U: Plain> RecastEngine<U> for &'a mut [T] {
    type Out = &'a mut [U];
    fn recast_engine(self) -> Result<&'a mut [U], RelayoutError> {
        let len = recast_parts::<T, U>(self.as_ptr(), self.len())?;
        // SAFETY: as for `&[T]`; and a `U` written through the result
        // leaves bytes that are values of `T` (`T: Plain`). The unique
        // borrow of `self` moves into the result for `'a`.
        Ok(unsafe { core::slice::from_raw_parts_mut(self.as_mut_ptr().cast::<U>(), len) })
    }
}

impl<'a, T: Plain, U: Plain> RecastEngine<U> for RawEngine<'a, T> {
    type Out = RawEngine<'a, U>;
    fn recast_engine(self) -> Result<RawEngine<'a, U>, RelayoutError> {
        let (ptr, len) = self.into_raw();
        let len = recast_parts::<T, U>(ptr, len)?;
        // SAFETY: `RawEngine::new`'s contract held for `len` elements of
        // `T` at `ptr`; the new `len` whole `U` lie in those bytes, `ptr`
        // is aligned for `U` (checked), and the bytes are values of both
        // types (`Plain`). The engine is moved, so the buffer keeps one.
        Ok(unsafe { RawEngine::new(ptr.cast::<U>(), len) })
    }
}

/// The engine and base of `t`'s bytes as elements of `U` under `layout`
/// (the tensor's layout recast, `negative` its first negative stride),
/// checked: what both doors' `recast` share.
fn recast_into<U: Plain, E: RecastEngine<U>, L, M: AsLayout>(
    t: Tensor<E, L>,
    layout: M,
    negative: Option<i64>,
) -> Result<Tensor<E::Out, M>, RelayoutError>
where
    E::Elem: Plain,
{
    let (old, new) = (size_of::<E::Elem>(), size_of::<U>());
    if let (Some(stride), true) = (negative, old != new) {
        return Err(RelayoutError::NegativeStride { stride });
    }
    let far = || ErrorKind::Overflow("recast: the tensor's base in bytes does not fit in usize");
    let bytes = t.base.checked_mul(old).ok_or_else(far)?;
    if bytes % new != 0 {
        return Err(RelayoutError::BaseNotDivisible { bytes, size: new });
    }
    let engine = t.engine.recast_engine()?;
    Ok(Tensor::at_base(engine, layout, bytes / new)?)
}

/// Both element types non-zero-sized, their sizes in bits.
fn widths<T, U>() -> Result<(i64, i64), RelayoutError> {
    let (old, new) = (size_of::<T>(), size_of::<U>());
    if old == 0 || new == 0 {
        return Err(RelayoutError::ZeroSized);
    }
    let too_large = || ErrorKind::Overflow("an element's size in bits does not fit in 64 bits");
    let bits = |size: usize| {
        size.checked_mul(8)
            .and_then(|b| i64::try_from(b).ok())
            .ok_or_else(too_large)
    };
    Ok((bits(old)?, bits(new)?))
}

impl<E: Engine> Tensor<E, Layout> {
    /// CuTe's `recast<U>(tensor)`: the same bytes as elements of `U`, the
    /// layout [`layout_core::recast_layout`] of the tensor's (in bits),
    /// the base the same byte; a borrowed engine or a [`RawEngine`] (an
    /// owned one through [`Tensor::view`] or [`Tensor::view_mut`]). A
    /// typed tensor's `recast` keeps a typed layout
    /// ([`Layout::recast_layout`](crate::typed::Layout::recast_layout)).
    ///
    /// # Errors
    ///
    /// Every condition CuTe leaves unchecked ([`RelayoutError`]): a
    /// zero-sized type, the engine's start not aligned for `U`, the base
    /// not a whole number of `U`, a negative stride when the sizes
    /// differ, a stride `recast_layout` cannot rescale (CuTe's static
    /// assertion), and a new layout that leaves the engine.
    ///
    /// ```
    /// use layout_dsl::tensor::Tensor;
    /// use layout_dsl::Layout;
    /// let words: [u32; 4] = [0x0302_0100, 0x0706_0504, 0x0b0a_0908, 0x0f0e_0d0c];
    /// let t = Tensor::new(&words[..], "(2,2):(2,1)".parse::<Layout>().unwrap()).unwrap();
    /// let bytes = t.recast::<u8>().unwrap();
    /// assert_eq!(bytes.layout().to_string(), "(2,8):(8,1)");
    /// assert_eq!(bytes[(1, 5)], 0x0d); // byte 1 of word 3 (little-endian)
    /// // The words in pairs: a u64 engine of half the length.
    /// let t = Tensor::new(&words[..], "4:1".parse::<Layout>().unwrap()).unwrap();
    /// assert_eq!(t.recast::<u64>().unwrap().layout().to_string(), "2:1");
    /// // The second byte as a u16: not a whole number of them.
    /// let b = Tensor::at_base(bytes.engine().clone(), "2:1".parse::<Layout>().unwrap(), 1).unwrap();
    /// assert!(b.recast::<u16>().is_err());
    /// ```
    pub fn recast<U: Plain>(self) -> Result<Tensor<E::Out, Layout>, RelayoutError>
    where
        E: RecastEngine<U>,
        E::Elem: Plain,
    {
        let (old, new) = widths::<E::Elem, U>()?;
        let negative = self.layout.leaf_modes().map(|(_, d)| d).find(|&d| d < 0);
        let layout = layout_core::recast_layout(&self.layout, old, new)?;
        recast_into(self, layout, negative)
    }
}

impl<E: Engine, S: Mode<D>, D: Tree, I: Offset> Tensor<E, typed::Layout<S, D, I>> {
    /// CuTe's `recast<U>(tensor)` on a typed tensor: the same bytes as
    /// elements of `U` under [`Layout::recast_layout`](crate::typed::Layout::recast_layout)
    /// of its layout, the nesting kept and a static leaf static; checked
    /// as the core tensor's `recast` is.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::tensor::Tensor;
    /// let words: [u32; 4] = [0x0302_0100, 0x0706_0504, 0x0b0a_0908, 0x0f0e_0d0c];
    /// let t = Tensor::new(&words[..], layout!(type (2,2):(2,1))).unwrap();
    /// let bytes = t.recast::<u8>().unwrap();
    /// assert_eq!(bytes.layout().to_string(), "(2,8):(8,1)");
    /// assert_eq!(size_of_val(bytes.layout()), 0);
    /// assert_eq!(bytes[(1, 5)], 0x0d);
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn recast<U: Plain>(
        self,
    ) -> Result<Tensor<E::Out, Recast<S, D, E::Elem, U, I>>, RelayoutError>
    where
        E: RecastEngine<U>,
        E::Elem: Plain,
        S: RecastTree<D, E::Elem, U>,
        <S as RecastTree<D, E::Elem, U>>::Shape: Mode<<S as RecastTree<D, E::Elem, U>>::Stride>,
        <S as RecastTree<D, E::Elem, U>>::Stride: Tree,
        Recast<S, D, E::Elem, U, I>: AsLayout,
    {
        widths::<E::Elem, U>()?;
        let (layout, negative) = self.layout.recast_checked::<E::Elem, U>()?;
        recast_into(self, layout, negative)
    }
}
