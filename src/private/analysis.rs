//! CuTe's `max_common_vector(A, B)` and `max_alignment(L)` on typed layouts
//! with `usize` offsets, dynamic leaves included, as the core computes them
//! (`layout_core::max_common_vector`, `max_alignment`): from the coalesced
//! leaf modes and the chain `right_inverse` follows (the mode of stride 1,
//! then the one whose stride is that mode's extent times its stride, …),
//! on the stack. What the core does not count by hand (a common prefix past
//! 2^20 offsets, an extent of 0, more than [`MAX_MODES`] coalesced modes,
//! a number past `i64`) is handed to the core itself, so the answer is
//! always the core's.

use layout_core::Error;

use super::layout::Layout;
use super::tree::{Mode, Tree};
use super::walk::Form;

/// The most coalesced modes counted on the stack.
const MAX_MODES: usize = 32;

/// Up to how many offsets the core counts the common prefix (its
/// `COUNT_LIMIT`); past that it derives it from a composition.
const COUNT_LIMIT: i64 = 1 << 20;

/// A layout's coalesced leaf modes `(extent, stride)`, as the core's
/// `coalesce` makes them (extent-1 leaves dropped, a leaf continuing the
/// last mode merged into it).
struct Modes {
    len: usize,
    modes: [(i64, i64); MAX_MODES],
}

impl Modes {
    /// `None` where the core is asked instead (see the module docs).
    fn of<S: Mode<D>, D: Tree>(l: &Layout<S, D>) -> Option<Modes> {
        let mut out = Modes {
            len: 0,
            modes: [(0, 0); MAX_MODES],
        };
        let mut fits = true;
        let (shape, stride) = (l.shape().desc(), S::strides(&l.stride()));
        S::Form::leaves(&shape, &stride, &mut |s, d| {
            let (Ok(s), Ok(d)) = (i64::try_from(s), i64::try_from(d)) else {
                fits = false;
                return;
            };
            fits &= s != 0;
            if s == 1 || !fits {
                return;
            }
            if let Some(last) = out.len.checked_sub(1).map(|k| &mut out.modes[k]) {
                if last.0.checked_mul(last.1) == Some(d) {
                    if let Some(extent) = last.0.checked_mul(s) {
                        last.0 = extent;
                        return;
                    }
                }
            }
            if out.len == MAX_MODES {
                fits = false;
                return;
            }
            out.modes[out.len] = (s, d);
            out.len += 1;
        });
        fits.then_some(out)
    }

    fn modes(&self) -> &[(i64, i64)] {
        &self.modes[..self.len]
    }

    /// `right_inverse`'s chain: which modes it takes, in order, each with
    /// its stride in the index space (the product of the extents before
    /// it); `None` when its size passes `i64`.
    fn chain(&self) -> Option<Chain> {
        let modes = self.modes();
        let mut index_strides = [0i64; MAX_MODES];
        let mut product = 1i64;
        for (k, &(s, _)) in modes.iter().enumerate() {
            index_strides[k] = product;
            product = product.saturating_mul(s);
        }
        let (mut chain, mut len, mut size) = ([(0, 0); MAX_MODES], 0, 1i64);
        let mut next = 1i64;
        while let Some(k) = modes.iter().position(|&(_, d)| d == next) {
            let (s, d) = modes[k];
            chain[len] = (k, index_strides[k]);
            len += 1;
            size = size.checked_mul(s)?;
            match s.checked_mul(d) {
                Some(n) if n != next && s > 1 => next = n,
                _ => break,
            }
            if len == modes.len() {
                break;
            }
        }
        Some(Chain {
            steps: chain,
            len,
            size,
        })
    }
}

/// `right_inverse`'s chain over coalesced modes: `(mode, index stride)` per
/// step, in order, and its size (the size of the right inverse).
struct Chain {
    steps: [(usize, i64); MAX_MODES],
    len: usize,
    size: i64,
}

impl<S: Mode<D>, D: Tree> Layout<S, D> {
    /// [`Layout::max_common_vector`] of two typed layouts.
    fn common_vector_with<S2: Mode<D2>, D2: Tree>(
        &self,
        b: &Layout<S2, D2>,
    ) -> Result<usize, Error> {
        let counted = Modes::of(b)
            .and_then(|modes| modes.chain().map(|c| (modes, c)))
            .filter(|(_, chain)| chain.size <= COUNT_LIMIT);
        let Some((
            modes,
            Chain {
                steps: chain,
                len,
                size,
            },
        )) = counted
        else {
            return core(|| {
                let a = layout_core::Layout::try_from(*self)?;
                let b = layout_core::Layout::try_from(*b)?;
                layout_core::max_common_vector(&a, &b)
            });
        };
        // R(j): j split over the chain's extents, each digit times its index stride.
        let inverse = |j: i64| {
            let (mut rest, mut at) = (j, 0i64);
            for (step, &(k, index_stride)) in chain[..len].iter().enumerate() {
                let extent = modes.modes()[k].0;
                let digit = if step + 1 == len { rest } else { rest % extent };
                rest = if step + 1 == len { 0 } else { rest / extent };
                at += digit * index_stride;
            }
            at
        };
        let mut n = 1i64;
        while n < size && self.at(inverse(n) as usize) == n as usize {
            n += 1;
        }
        Ok(n as usize)
    }

    /// CuTe's `max_alignment(self)`: the largest `n` such that the offsets
    /// come in aligned runs of `n`: the size of the contiguous prefix
    /// `right_inverse` finds, and the gcd of it with the strides of the
    /// modes outside it. The core's answer, without allocating.
    ///
    /// # Errors
    ///
    /// The core's (for an extent of 0, or a leaf past `i64::MAX`).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let m = 12;
    /// assert_eq!(layout!((6,2):(1,m)).max_alignment().unwrap(), 6);
    /// assert_eq!(layout!((4,2):(2,1)).max_alignment().unwrap(), 8);
    /// ```
    pub fn max_alignment(&self) -> Result<usize, Error> {
        let Some((
            modes,
            Chain {
                steps: chain,
                len,
                size,
            },
        )) = Modes::of(self).and_then(|modes| modes.chain().map(|c| (modes, c)))
        else {
            return core(|| layout_core::max_alignment(&layout_core::Layout::try_from(*self)?));
        };
        let taken = |k: usize| chain[..len].iter().any(|&(c, _)| c == k);
        let rest = modes.modes().iter().enumerate().filter(|&(k, _)| !taken(k));
        Ok(rest.fold(size, |g, (_, &(_, d))| gcd(g, d)) as usize)
    }
}

/// What [`Layout::max_common_vector`] compares a layout with: another
/// typed layout with `usize` offsets (or the stand-in of a `layout!` call
/// that failed to compile, so that it reports nothing more).
#[diagnostic::on_unimplemented(
    message = "`max_common_vector` compares two typed layouts with `usize` offsets (`layout!` values), and `{Self}` is not one"
)]
pub trait CommonVector {
    /// `max_common_vector(a, self)`.
    #[doc(hidden)]
    fn common_vector_of<S: Mode<D>, D: Tree>(&self, a: &Layout<S, D>) -> Result<usize, Error>;
}

// Not listed under a wrong operand's error: the message says what fits.
#[diagnostic::do_not_recommend]
impl<S2: Mode<D2>, D2: Tree> CommonVector for Layout<S2, D2> {
    #[inline]
    fn common_vector_of<S: Mode<D>, D: Tree>(&self, a: &Layout<S, D>) -> Result<usize, Error> {
        a.common_vector_with(self)
    }
}

/// The core's answer as a count.
fn core(answer: impl FnOnce() -> Result<i64, Error>) -> Result<usize, Error> {
    answer().map(|n| usize::try_from(n).unwrap_or(0))
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(i64::MAX)
}
