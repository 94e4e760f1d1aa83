//! Engines: the storage a tensor indexes into (CuTe's `Engine`: an owning
//! array or a non-owning pointer). Each one hands out its elements as a
//! slice, whose length the tensor checks the layout against once.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::marker::PhantomData;

/// Storage a [`Tensor`](super::Tensor) reads: a contiguous run of elements.
///
/// Implemented for `&[T]`, `&mut [T]`, `Vec<T>`, `Box<[T]>`, `[T; N]` and
/// [`RawEngine`].
///
/// # Safety
///
/// A tensor checks its layout against the length of `as_slice` once, when
/// it is made, and afterwards indexes without a bounds check. So an
/// implementation must return a slice of the same length on every call for
/// as long as the value lives (through `&self`: no interior mutability
/// that resizes it), and [`EngineMut::as_mut_slice`] the same length as
/// `as_slice`. An engine that broke this would let safe code read or write
/// out of bounds; hence the trait is `unsafe` to implement:
///
/// ```compile_fail,E0200
/// struct Shrinking(Vec<f32>);
/// impl layout_dsl::tensor::Engine for Shrinking {
///     type Elem = f32;
///     fn as_slice(&self) -> &[f32] {
///         &self.0
///     }
/// }
/// ```
pub unsafe trait Engine {
    /// The element type.
    type Elem;
    /// Every element, in storage order.
    fn as_slice(&self) -> &[Self::Elem];
}

/// Storage a tensor can also write.
///
/// # Safety
///
/// `as_mut_slice` returns a slice of the same length as
/// [`Engine::as_slice`], on every call (see [`Engine`]'s contract).
pub unsafe trait EngineMut: Engine {
    /// Every element, in storage order, writable.
    fn as_mut_slice(&mut self) -> &mut [Self::Elem];
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T> Engine for &[T] {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T> Engine for &mut [T] {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T> EngineMut for &mut [T] {
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T> Engine for Vec<T> {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T> EngineMut for Vec<T> {
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T> Engine for Box<[T]> {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T> EngineMut for Box<[T]> {
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T, const N: usize> Engine for [T; N] {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T, const N: usize> EngineMut for [T; N] {
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

/// A buffer known only by a pointer and a length (FFI, a kernel's
/// workspace): CuTe's `make_tensor(ptr, layout)` on a raw pointer.
///
/// ```
/// use layout_dsl::tensor::{RawEngine, Tensor};
/// use layout_dsl::Layout;
/// let mut buffer = [0.0f32; 6];
/// // SAFETY: `buffer` outlives the tensor and nothing else touches it meanwhile.
/// let engine = unsafe { RawEngine::new(buffer.as_mut_ptr(), buffer.len()) };
/// let mut t = Tensor::new(engine, "(2,3):(3,1)".parse::<Layout>().unwrap()).unwrap();
/// t[(1, 2)] = 5.0;
/// assert_eq!(buffer[5], 5.0);
/// ```
#[derive(Debug)]
pub struct RawEngine<'a, T> {
    ptr: *mut T,
    len: usize,
    borrow: PhantomData<&'a mut [T]>,
}

impl<T> RawEngine<'_, T> {
    /// An engine over `len` elements at `ptr`.
    ///
    /// # Safety
    ///
    /// For the engine's lifetime, `ptr` must be valid for reads and writes
    /// of `len` initialized, properly aligned elements (as for
    /// [`core::slice::from_raw_parts_mut`]), and those elements must not
    /// be accessed other than through this engine.
    pub unsafe fn new(ptr: *mut T, len: usize) -> Self {
        RawEngine {
            ptr,
            len,
            borrow: PhantomData,
        }
    }

    /// The pointer and the length, the engine given up (for a recast,
    /// which makes a new engine of the same bytes).
    pub(crate) fn into_raw(self) -> (*mut T, usize) {
        (self.ptr, self.len)
    }
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T> Engine for RawEngine<'_, T> {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        // SAFETY: the contract of `RawEngine::new`.
        unsafe { core::slice::from_raw_parts(self.ptr, self.len) }
    }
}

// SAFETY: a fixed length: the slice (or buffer) itself, never resized through `&self`.
unsafe impl<T> EngineMut for RawEngine<'_, T> {
    fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: the contract of `RawEngine::new`; `&mut self` makes this
        // the only slice handed out.
        unsafe { core::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}
