//! A vector whose first `N` elements live inline: the algebra's scratch
//! lists of leaf modes (a handful in practice) then cost no allocation.

use alloc::vec::Vec;
use core::ops::{Deref, DerefMut};

/// `Vec`-like scratch storage for `Copy` elements: up to `N` inline, past
/// that every element moves into `spill`.
pub(crate) struct InlineVec<T: Copy + Default, const N: usize> {
    inline: [T; N],
    len: usize,
    spill: Vec<T>,
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    pub(crate) fn new() -> Self {
        InlineVec {
            inline: [T::default(); N],
            len: 0,
            spill: Vec::new(),
        }
    }

    fn spilled(&self) -> bool {
        self.len > N
    }

    #[inline]
    pub(crate) fn push(&mut self, value: T) {
        if self.len < N {
            self.inline[self.len] = value;
            self.len += 1;
        } else {
            self.push_spilled(value);
        }
    }

    /// `push` past the inline capacity: rare, so kept out of line.
    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, value: T) {
        if self.len == N {
            self.spill.reserve(2 * N);
            self.spill.extend_from_slice(&self.inline);
        }
        self.spill.push(value);
        self.len += 1;
    }

    /// Keep the first `len` elements.
    pub(crate) fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        if self.spilled() {
            if len <= N {
                self.inline[..len].copy_from_slice(&self.spill[..len]);
                self.spill.clear();
            } else {
                self.spill.truncate(len);
            }
        }
        self.len = len;
    }

    /// Drop the first `n` elements.
    pub(crate) fn remove_front(&mut self, n: usize) {
        let len = self.len;
        self.copy_within(n.., 0);
        self.truncate(len - n);
    }
}

impl<T: Copy + Default, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        if self.spilled() {
            &self.spill
        } else {
            &self.inline[..self.len]
        }
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        if self.spilled() {
            &mut self.spill
        } else {
            &mut self.inline[..self.len]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::InlineVec;

    /// Below, at and past the inline capacity, and back.
    #[test]
    fn behaves_like_a_vec() {
        let mut v: InlineVec<i64, 2> = InlineVec::new();
        let mut want = alloc::vec::Vec::new();
        for i in 0..5 {
            v.push(i);
            want.push(i);
            assert_eq!(&*v, &want[..]);
        }
        v.remove_front(1);
        want.remove(0);
        assert_eq!(&*v, &want[..]);
        v.truncate(1);
        want.truncate(1);
        assert_eq!(&*v, &want[..]);
        v.push(9);
        v.push(10);
        want.extend([9, 10]);
        assert_eq!(&*v, &want[..]);
    }
}
