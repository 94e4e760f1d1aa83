//! Access analysis: the numbers behind a thread–value picture. Given a TV
//! layout (thread, value) → element index, a data layout element index →
//! offset (possibly swizzled) and the element size, how many shared-memory
//! wavefronts and global-memory sectors a warp's accesses cost, and how wide
//! a vector each thread can load.
//!
//! # The model
//! - Threads `32w .. 32w+31` form warp `w` (the last warp may be partial).
//!   Shared memory starts at byte 0; bank = (byte address / 4) mod 32.
//! - **Vector width**: the largest power of two `n` dividing the value count
//!   such that every thread's values `kn .. kn+n-1` sit at consecutive
//!   offsets, the first a multiple of `n` (a vector load must be aligned).
//!   Each *access* loads `a` values at once, `a` the vector width capped at
//!   16 bytes (the widest load); a warp makes `V / a` accesses.
//! - **Wavefronts** of one warp access: the threads are split into phases,
//!   8 threads each for 16-byte accesses, 16 for 8-byte ones, all 32
//!   otherwise (how the hardware serves 128 bytes per wavefront). In a
//!   phase, each bank costs one wavefront per distinct 4-byte word asked of
//!   it (threads reading the same word share it); the phase costs the most
//!   any bank does. Its ideal is its distinct words / 32, rounded up.
//! - **Sectors**: the distinct 32-byte sectors one warp access touches
//!   (global memory, from byte 0); the ideal is its distinct bytes / 32,
//!   rounded up.

mod phases;
mod search;

pub use phases::{Phase, phases};
pub use search::{Found, swizzle_for};

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::vec::Vec;

use crate::error::{DomainError, IdiomError, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::swizzle::ComposedLayout;

/// The input of an access analysis an [`IdiomError::UnsupportedAccess`] is about
/// (which argument of `access(TV, DATA, BYTES[, N])` it blames).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AccessInput {
    /// The TV layout.
    Tv,
    /// The element size in bytes.
    ElementBytes,
    /// The values per access.
    PerAccess,
}

/// Threads per warp.
pub const WARP: i64 = 32;

/// The widest access one thread makes, in bytes.
pub const MAX_ACCESS_BYTES: i64 = 16;

/// The most (thread, value) pairs analysed (as `table`'s limit).
pub const ACCESS_LIMIT: i64 = 1 << 20;

/// Where the elements are: a layout, or a swizzled (composed) one.
#[derive(Clone, Copy, Debug)]
pub enum Data<'a> {
    /// Element index → offset by a layout.
    Plain(&'a Layout),
    /// Element index → offset through a swizzle.
    Composed(&'a ComposedLayout),
}

impl Data<'_> {
    /// The number of elements.
    #[must_use]
    pub fn size(self) -> i64 {
        match self {
            Data::Plain(l) => l.size(),
            Data::Composed(c) => c.size(),
        }
    }

    /// The offset of element `i`, swizzled if the layout is.
    ///
    /// # Errors
    /// As `crd2idx`.
    pub fn offset(self, i: i64) -> Result<i64> {
        let i = IntTuple::Int(i);
        match self {
            Data::Plain(l) => l.crd2idx(&i),
            Data::Composed(c) => c.crd2idx(&i),
        }
    }
}

/// The cost of one warp access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpAccess {
    /// The warp.
    pub warp: i64,
    /// The first value index of the access.
    pub value: i64,
    /// Shared-memory wavefronts it takes.
    pub wavefronts: i64,
    /// The wavefronts it would take without bank conflicts.
    pub ideal_wavefronts: i64,
    /// Global-memory sectors it touches.
    pub sectors: i64,
    /// The sectors its bytes fill at best.
    pub ideal_sectors: i64,
}

/// The analysis of one TV layout over one data layout (see the module docs
/// for the model).
///
/// ```
/// use layout_core::{access::{analyse_with, Data}, Layout};
/// // 32 threads read a 32x32 fp32 row-major tile by columns: thread t, value v -> (t, v)
/// // one 4-byte value per load, as the classic transpose kernel reads
/// let tv: Layout = "(32,32):(1,32)".parse().unwrap();
/// let data: Layout = "(32,32):(32,1)".parse().unwrap();
/// let a = analyse_with(&tv, Data::Plain(&data), 4, Some(1)).unwrap();
/// assert_eq!((a.wavefronts, a.ideal_wavefronts), (32 * 32, 32)); // 32-way conflicts
/// let padded: Layout = "(32,32):(33,1)".parse().unwrap();
/// let a = analyse_with(&tv, Data::Plain(&padded), 4, Some(1)).unwrap();
/// assert_eq!((a.wavefronts, a.ideal_wavefronts), (32, 32));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// Threads (size of the TV layout's mode 0).
    pub threads: i64,
    /// Values per thread (size of mode 1).
    pub values: i64,
    /// Bytes per element.
    pub elem_bytes: i64,
    /// The vector width, in elements.
    pub vector: i64,
    /// Values per access: the vector width capped at 16 bytes.
    pub access_values: i64,
    /// Threads per phase of an access.
    pub phase_threads: i64,
    /// Every warp access, warp by warp, value by value.
    pub accesses: Vec<WarpAccess>,
    /// Total shared-memory wavefronts.
    pub wavefronts: i64,
    /// Total wavefronts without conflicts.
    pub ideal_wavefronts: i64,
    /// Total global-memory sectors.
    pub sectors: i64,
    /// Total sectors at best.
    pub ideal_sectors: i64,
}

impl Access {
    /// The access with the most wavefronts over its ideal (the first such).
    #[must_use]
    pub fn worst(&self) -> Option<&WarpAccess> {
        self.accesses
            .iter()
            .rev()
            .max_by_key(|a| a.wavefronts - a.ideal_wavefronts)
    }
}

/// Analyse `tv` ((thread, value) → element index) over `data` with
/// elements of `elem_bytes` bytes.
///
/// # Errors
/// `UnsupportedAccess` for a TV layout not of rank 2 or an element size
/// not a power of two up to 16; `IndexOutOfRange` for an element index past
/// the data; `OutOfRange` for a negative offset; `TableTooLarge` past
/// [`ACCESS_LIMIT`] pairs.
pub fn analyse(tv: &Layout, data: Data<'_>, elem_bytes: i64) -> Result<Access> {
    analyse_with(tv, data, elem_bytes, None)
}

/// [`analyse`] with the values per access chosen (`Some(n)`: `n` values a
/// load, as a copy atom of `n` elements would make) rather than the widest
/// the vector width allows.
///
/// # Errors
/// Those of [`analyse`], and `UnsupportedAccess` for `n` not a power of two
/// dividing the vector width, or wider than 16 bytes.
pub fn analyse_with(
    tv: &Layout,
    data: Data<'_>,
    elem_bytes: i64,
    access: Option<i64>,
) -> Result<Access> {
    let offsets = Offsets::new(tv, data, elem_bytes)?;
    let (threads, values) = (offsets.threads, offsets.values);
    let vector = offsets.vector();
    let widest = vector.min(MAX_ACCESS_BYTES / elem_bytes).max(1);
    let access_values = match access {
        None => widest,
        Some(n) if n >= 1 && n.count_ones() == 1 && n <= widest => n,
        Some(n) => {
            let why = format!(
                "{n} values per access do not fit: the values come in aligned runs of {vector}, \
                 and an access is at most {MAX_ACCESS_BYTES} bytes ({widest} values of {elem_bytes} bytes)"
            );
            return Err(IdiomError::UnsupportedAccess {
                input: AccessInput::PerAccess,
                why,
            }
            .into());
        }
    };
    let width = access_values * elem_bytes;
    let phase_threads = match width {
        16 => 8,
        8 => 16,
        _ => WARP,
    };
    let mut accesses = Vec::new();
    for warp in 0..(threads + WARP - 1) / WARP {
        let ts = warp * WARP..(warp * WARP + WARP).min(threads);
        for value in (0..values).step_by(access_values as usize) {
            let byte = |t: i64| offsets.at(t, value) * elem_bytes;
            let (mut wavefronts, mut ideal_wavefronts) = (0, 0);
            for phase in ts.clone().step_by(phase_threads as usize) {
                let phase = phase..(phase + phase_threads).min(ts.end);
                let (w, ideal) = wavefronts_of(phase.map(byte), width);
                wavefronts += w;
                ideal_wavefronts += ideal;
            }
            let (sectors, ideal_sectors) = sectors_of(ts.clone().map(byte), width);
            accesses.push(WarpAccess {
                warp,
                value,
                wavefronts,
                ideal_wavefronts,
                sectors,
                ideal_sectors,
            });
        }
    }
    let total = |f: fn(&WarpAccess) -> i64| accesses.iter().map(f).sum();
    Ok(Access {
        threads,
        values,
        elem_bytes,
        vector,
        access_values,
        phase_threads,
        wavefronts: total(|a| a.wavefronts),
        ideal_wavefronts: total(|a| a.ideal_wavefronts),
        sectors: total(|a| a.sectors),
        ideal_sectors: total(|a| a.ideal_sectors),
        accesses,
    })
}

/// One phase: (wavefronts, ideal) for accesses of `width` bytes at `bytes`.
fn wavefronts_of(bytes: impl Iterator<Item = i64>, width: i64) -> (i64, i64) {
    let per_bank = bank_words(bytes, width);
    let worst = per_bank.values().map(|w| w.len() as i64).max().unwrap_or(0);
    let words: usize = per_bank.values().map(Vec::len).sum();
    (worst, (words as i64 + 31) / 32)
}

/// The distinct 4-byte words accesses of `width` bytes at `bytes` ask of
/// each bank, in increasing order.
fn bank_words(bytes: impl Iterator<Item = i64>, width: i64) -> BTreeMap<i64, Vec<i64>> {
    let mut words: Vec<i64> = bytes.flat_map(|b| b / 4..=(b + width - 1) / 4).collect();
    words.sort_unstable();
    words.dedup();
    let mut per_bank: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for w in words {
        per_bank.entry(w % 32).or_default().push(w);
    }
    per_bank
}

/// One warp access: (sectors, ideal sectors).
fn sectors_of(bytes: impl Iterator<Item = i64>, width: i64) -> (i64, i64) {
    let mut all: Vec<i64> = bytes.flat_map(|b| b..b + width).collect();
    all.sort_unstable();
    all.dedup();
    let mut sectors: Vec<i64> = all.iter().map(|b| b / 32).collect();
    sectors.dedup();
    (sectors.len() as i64, (all.len() as i64 + 31) / 32)
}

/// Every (thread, value)'s offset, thread by thread.
struct Offsets {
    threads: i64,
    values: i64,
    table: Vec<i64>,
}

impl Offsets {
    fn new(tv: &Layout, data: Data<'_>, elem_bytes: i64) -> Result<Offsets> {
        if tv.rank() != 2 {
            let why = format!(
                "a TV layout has rank 2 (threads, values), but {tv} has rank {}",
                tv.rank()
            );
            return Err(IdiomError::UnsupportedAccess {
                input: AccessInput::Tv,
                why,
            }
            .into());
        }
        if !(1..=MAX_ACCESS_BYTES).contains(&elem_bytes) || elem_bytes.count_ones() != 1 {
            let why = format!("an element is 1, 2, 4, 8 or 16 bytes, not {elem_bytes}");
            return Err(IdiomError::UnsupportedAccess {
                input: AccessInput::ElementBytes,
                why,
            }
            .into());
        }
        let size = tv.size();
        if size > ACCESS_LIMIT {
            let limit = ACCESS_LIMIT;
            return Err(DomainError::TableTooLarge { size, limit }.into());
        }
        let [threads, values] = [0, 1].map(|i| tv.mode(i).map_or(0, |m| m.size()));
        let mut table = Vec::with_capacity(size as usize);
        for t in 0..threads {
            for v in 0..values {
                let coord = IntTuple::Tuple(alloc::vec![IntTuple::Int(t), IntTuple::Int(v)]);
                let index = tv.crd2idx(&coord)?;
                if !(0..data.size()).contains(&index) {
                    let what = "an element index of the TV layout";
                    let size = data.size();
                    return Err(DomainError::IndexOutOfRange { what, index, size }.into());
                }
                let offset = data.offset(index)?;
                if offset < 0 || offset.checked_mul(elem_bytes + 16).is_none() {
                    let what = "a data offset";
                    return Err(DomainError::OutOfRange {
                        what,
                        min: 0,
                        found: offset,
                    }
                    .into());
                }
                table.push(offset);
            }
        }
        Ok(Offsets {
            threads,
            values,
            table,
        })
    }

    fn at(&self, t: i64, v: i64) -> i64 {
        self.table[(t * self.values + v) as usize]
    }

    /// The largest aligned contiguous run every thread's values come in.
    fn vector(&self) -> i64 {
        let mut n = 1;
        while 2 * n <= self.values && self.values % (2 * n) == 0 && self.runs_of(2 * n) {
            n *= 2;
        }
        n
    }

    fn runs_of(&self, n: i64) -> bool {
        (0..self.threads).all(|t| {
            (0..self.values).step_by(n as usize).all(|v| {
                let first = self.at(t, v);
                first % n == 0 && (1..n).all(|j| self.at(t, v + j) == first + j)
            })
        })
    }
}
