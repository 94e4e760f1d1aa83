//! CuTe's mode access and editing (`get`, `take`, `select`, `group`,
//! `append`, `prepend`, `replace`, `unflatten`), written once for integer
//! tuples and layouts alike: a layout's edit is the same edit of its shape
//! and of its stride, which [`Modal`] expresses as "a value made of modes".

use alloc::vec::Vec;

use crate::error::{DomainError, ErrorKind, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// A value made of modes: an [`IntTuple`] (an integer is its own single
/// mode) or a [`Layout`] (a one-mode layout is its own single mode).
pub trait Modal: Clone + Sized {
    /// Whether the value is a tuple of modes rather than a single mode.
    fn is_tuple(&self) -> bool;
    /// The top-level modes; a single mode is its own.
    fn top_modes(&self) -> Vec<Self>;
    /// The tuple of these modes (a layout checks that its offsets fit).
    ///
    /// # Errors
    ///
    /// [`Overflow`](crate::ErrorKind::Overflow) when a layout's offsets do not fit.
    fn tuple(modes: Vec<Self>) -> Result<Self>;
}

impl Modal for IntTuple {
    fn is_tuple(&self) -> bool {
        !self.is_int()
    }
    fn top_modes(&self) -> Vec<Self> {
        self.modes().to_vec()
    }
    fn tuple(modes: Vec<Self>) -> Result<Self> {
        Ok(IntTuple::Tuple(modes))
    }
}

impl Modal for Layout {
    fn is_tuple(&self) -> bool {
        !self.shape().is_int()
    }
    fn top_modes(&self) -> Vec<Self> {
        self.modes()
    }
    fn tuple(modes: Vec<Self>) -> Result<Self> {
        Layout::concat(modes)
    }
}

fn rank<T: Modal>(x: &T) -> usize {
    if x.is_tuple() { x.top_modes().len() } else { 1 }
}

fn mode_out_of_range(mode: usize, rank: usize) -> ErrorKind {
    ErrorKind::Domain(DomainError::ModeOutOfRange {
        mode: i64::try_from(mode).unwrap_or(i64::MAX),
        rank,
    })
}

/// CuTe's `get<I0,I1,…>`: mode `I0`, then its mode `I1`, …; mode 0 of a
/// single mode is itself.
///
/// # Errors
///
/// [`ModeOutOfRange`](crate::DomainError::ModeOutOfRange) for an index past the rank.
///
/// ```
/// use layout_core::{get, IntTuple, Layout};
/// let l: Layout = "((2,4),(3,5)):((3,6),(1,24))".parse().unwrap();
/// assert_eq!(get(&l, &[1, 0]).unwrap().to_string(), "3:1");
/// let t: IntTuple = "(2,(3,4),5)".parse().unwrap();
/// assert_eq!(get(&t, &[1]).unwrap().to_string(), "(3,4)");
/// assert!(get(&t, &[3]).is_err());
/// ```
pub fn get<T: Modal>(x: &T, path: &[usize]) -> Result<T> {
    let mut x = x.clone();
    for &i in path {
        let modes = x.top_modes();
        x = match modes.get(i) {
            Some(m) if x.is_tuple() => m.clone(),
            Some(_) => x,
            None => return Err(mode_out_of_range(i, modes.len()).into()),
        };
    }
    Ok(x)
}

/// `[begin, end)` a range of `rank` modes, non-empty unless `empty_ok`
/// (`group<B,B>` changes nothing; `take<B,B>` would be no value).
fn check_range(begin: usize, end: usize, rank: usize, empty_ok: bool) -> Result<()> {
    if (begin < end || (empty_ok && begin == end)) && end <= rank {
        return Ok(());
    }
    let wide = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    Err(DomainError::ModeRangeOutOfRange {
        begin: wide(begin),
        end: wide(end),
        rank,
        nonempty: if empty_ok { "" } else { "non-empty " },
    }
    .into())
}

/// CuTe's `take<B,E>`: the tuple of modes `B..E` (a tuple even of one mode).
///
/// # Errors
///
/// [`ModeRangeOutOfRange`](crate::DomainError::ModeRangeOutOfRange) unless
/// `B < E ≤ rank`.
///
/// ```
/// use layout_core::{take, Layout};
/// let l: Layout = "(2,3,4,5):(1,2,6,24)".parse().unwrap();
/// assert_eq!(take(&l, 1, 4).unwrap().to_string(), "(3,4,5):(2,6,24)");
/// assert_eq!(take(&l, 2, 3).unwrap().to_string(), "(4):(6)");
/// ```
pub fn take<T: Modal>(x: &T, begin: usize, end: usize) -> Result<T> {
    check_range(begin, end, rank(x), false)?;
    T::tuple(x.top_modes().drain(begin..end).collect())
}

/// CuTe's `select<I…>`: the tuple of the modes `I…`, in that order (repeats
/// allowed).
///
/// # Errors
///
/// [`ModeOutOfRange`](crate::DomainError::ModeOutOfRange) for an index past the rank.
///
/// ```
/// use layout_core::{select, Layout};
/// let l: Layout = "(2,3,4,5):(1,2,6,24)".parse().unwrap();
/// assert_eq!(select(&l, &[3, 0]).unwrap().to_string(), "(5,2):(24,1)");
/// ```
pub fn select<T: Modal>(x: &T, modes: &[usize]) -> Result<T> {
    let picked = modes
        .iter()
        .map(|&i| get(x, &[i]))
        .collect::<Result<Vec<T>>>()?;
    T::tuple(picked)
}

/// CuTe's `group<B,E>`: modes `B..E` gathered into one mode, the others
/// kept around it.
///
/// # Errors
///
/// [`ModeRangeOutOfRange`](crate::DomainError::ModeRangeOutOfRange) unless
/// `B ≤ E ≤ rank` (`B = E` changes nothing).
///
/// ```
/// use layout_core::{group, Layout};
/// let l: Layout = "(2,3,4,5):(1,2,6,24)".parse().unwrap();
/// assert_eq!(group(&l, 1, 3).unwrap().to_string(), "(2,(3,4),5):(1,(2,6),24)");
/// ```
pub fn group<T: Modal>(x: &T, begin: usize, end: usize) -> Result<T> {
    let r = rank(x);
    check_range(begin, end, r, true)?;
    if begin == end {
        return T::tuple(x.top_modes());
    }
    let mut modes = x.top_modes();
    let inner: Vec<T> = modes.drain(begin..end).collect();
    modes.insert(begin, T::tuple(inner)?);
    T::tuple(modes)
}

/// CuTe's `append(x, m)`: `m` as a new last mode.
///
/// # Errors
///
/// [`Overflow`](crate::ErrorKind::Overflow) when a layout's offsets do not fit.
///
/// ```
/// use layout_core::{append, Layout};
/// let l: Layout = "4:1".parse().unwrap();
/// assert_eq!(append(&l, &"2:4".parse().unwrap()).unwrap().to_string(), "(4,2):(1,4)");
/// ```
pub fn append<T: Modal>(x: &T, mode: &T) -> Result<T> {
    let mut modes = x.top_modes();
    modes.push(mode.clone());
    T::tuple(modes)
}

/// CuTe's `prepend(x, m)`: `m` as a new first mode.
///
/// # Errors
///
/// As [`append`].
///
/// ```
/// use layout_core::{prepend, IntTuple};
/// let t: IntTuple = "(2,3)".parse().unwrap();
/// assert_eq!(prepend(&t, &IntTuple::Int(7)).unwrap().to_string(), "(7,2,3)");
/// ```
pub fn prepend<T: Modal>(x: &T, mode: &T) -> Result<T> {
    let mut modes = x.top_modes();
    modes.insert(0, mode.clone());
    T::tuple(modes)
}

/// The largest rank [`pad_to_rank`] builds: far past any real layout's, and
/// small enough that `append(L, M, 100000000000)` is an error rather than an
/// attempt to allocate that many modes.
pub const PAD_RANK_LIMIT: usize = 1 << 12;

/// CuTe's `append<N>(x, m)` (`at_end`) or `prepend<N>(x, m)`: `x` padded
/// with copies of `m` to rank `N`; `x` itself when it has rank `N` already.
///
/// # Errors
///
/// [`OutOfRange`](crate::DomainError::OutOfRange) when `x` has more than `N` modes;
/// [`RankTooLarge`](crate::DomainError::RankTooLarge) past [`PAD_RANK_LIMIT`].
///
/// ```
/// use layout_core::{pad_to_rank, Layout};
/// let l: Layout = "4:1".parse().unwrap();
/// let pad: Layout = "1:0".parse().unwrap();
/// assert_eq!(pad_to_rank(&l, &pad, 3, true).unwrap().to_string(), "(4,1,1):(1,0,0)");
/// assert_eq!(pad_to_rank(&l, &pad, 3, false).unwrap().to_string(), "(1,1,4):(0,0,1)");
/// ```
pub fn pad_to_rank<T: Modal>(x: &T, mode: &T, n: usize, at_end: bool) -> Result<T> {
    if n > PAD_RANK_LIMIT {
        let limit = PAD_RANK_LIMIT;
        return Err(DomainError::RankTooLarge { rank: n, limit }.into());
    }
    let r = rank(x);
    if n == r {
        return Ok(x.clone());
    }
    if n < r {
        return Err(DomainError::OutOfRange {
            what: "the rank to pad to",
            min: i64::try_from(r).unwrap_or(i64::MAX),
            found: i64::try_from(n).unwrap_or(i64::MAX),
        }
        .into());
    }
    let mut modes = x.top_modes();
    let pad = core::iter::repeat_n(mode.clone(), n - r);
    match at_end {
        true => modes.extend(pad),
        false => drop(modes.splice(0..0, pad)),
    }
    T::tuple(modes)
}

/// CuTe's `replace<I>(x, m)`: mode `I` replaced by `m`; a single mode's
/// mode 0 is the whole value.
///
/// # Errors
///
/// [`ModeOutOfRange`](crate::DomainError::ModeOutOfRange) for an index past the rank.
///
/// ```
/// use layout_core::{replace, Layout};
/// let l: Layout = "((2,4),(3,5)):((3,6),(1,24))".parse().unwrap();
/// let m: Layout = "3:0".parse().unwrap();
/// assert_eq!(replace(&l, 0, &m).unwrap().to_string(), "(3,(3,5)):(0,(1,24))");
/// ```
pub fn replace<T: Modal>(x: &T, i: usize, mode: &T) -> Result<T> {
    if !x.is_tuple() && i == 0 {
        return Ok(mode.clone());
    }
    let mut modes = x.top_modes();
    let len = modes.len();
    let slot = modes.get_mut(i).ok_or(mode_out_of_range(i, len))?;
    *slot = mode.clone();
    T::tuple(modes)
}

/// CuTe's `unflatten(x, profile)`: the modes of a flat `x` nested as the
/// profile's leaves are (the profile's numbers are ignored).
///
/// # Errors
///
/// [`NotFlat`](crate::DomainError::NotFlat) when `x` has a nested mode (CuTe's
/// precondition), [`ProfileMismatch`](crate::DomainError::ProfileMismatch) when the
/// profile has not one leaf per mode.
///
/// ```
/// use layout_core::{unflatten, Layout};
/// let l: Layout = "(2,3,4,5):(1,2,6,24)".parse().unwrap();
/// let nested = unflatten(&l, &"((1,1),(1,1))".parse().unwrap()).unwrap();
/// assert_eq!(nested.to_string(), "((2,3),(4,5)):((1,2),(6,24))");
/// ```
pub fn unflatten<T: Modal + core::fmt::Display>(x: &T, profile: &IntTuple) -> Result<T> {
    let modes = x.top_modes();
    if x.is_tuple() && modes.iter().any(Modal::is_tuple) {
        return Err(DomainError::NotFlat {
            what: "the value to unflatten",
            found: alloc::string::ToString::to_string(x),
        }
        .into());
    }
    let leaves = profile.leaves().count();
    if leaves != modes.len() {
        return Err(DomainError::ProfileMismatch {
            profile: leaves,
            modes: modes.len(),
        }
        .into());
    }
    fn nest<T: Modal>(p: &IntTuple, next: &mut impl Iterator<Item = T>) -> Result<T> {
        match p {
            IntTuple::Int(_) => Ok(next.next().expect("one mode per leaf, counted above")),
            IntTuple::Tuple(ps) => {
                T::tuple(ps.iter().map(|p| nest(p, next)).collect::<Result<_>>()?)
            }
        }
    }
    nest(profile, &mut modes.into_iter())
}

/// CuTe's `L.with_shape(SHAPE)`: `composition(L, make_layout(SHAPE))`, so
/// `R(i) = L(i)` for every index `i` of `SHAPE`. Composition is exact, so
/// where CuTe returns a layout that is not that function (its
/// `with_shape((4,8):(8,1), (3,2))` is `(3,2):(8,24)`, but `L(5) = 9`) this
/// refuses, naming an index where no layout of `SHAPE` can agree.
///
/// # Errors
///
/// Composition's errors.
///
/// ```
/// use layout_core::{with_shape, Layout};
/// let l: Layout = "(8,4):(4,1)".parse().unwrap();
/// let r = with_shape(&l, &"(4,(2,4))".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "(4,(2,4)):(4,(16,1))");
/// assert!(with_shape(&"(4,8):(8,1)".parse().unwrap(), &"(3,2)".parse().unwrap()).is_err());
/// ```
pub fn with_shape(l: &Layout, shape: &IntTuple) -> Result<Layout> {
    let compact = Layout::column_major(shape.clone())?;
    super::composition(l, &super::Tiler::Layout(compact))
}
