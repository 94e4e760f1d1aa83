//! One warp access taken apart, for `layout explain`: the threads of each
//! phase, the byte each reads, and the bank asked for the most distinct
//! words — where the wavefronts of [`Access`](super::Access) come from.

use alloc::vec::Vec;
use core::ops::Range;

use super::{Access, Data, Offsets, WARP, bank_words};
use crate::error::Result;
use crate::layout::Layout;

/// One phase of a warp access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    /// The threads served together.
    pub threads: Range<i64>,
    /// The first byte each of those threads reads, in thread order.
    pub bytes: Vec<i64>,
    /// The bank asked for the most distinct words (the lowest such).
    pub bank: i64,
    /// Those words (byte address / 4): the phase's wavefronts.
    pub words: Vec<i64>,
}

/// The phases of the access of `warp` starting at value `value`, as `a`
/// (the analysis of the same `tv`, `data` and `elem_bytes`) modelled it.
///
/// ```
/// use layout_core::{access::{analyse, phases, Data}, Layout};
/// let tv: Layout = "((8,4),8):((1,64),8)".parse().unwrap(); // ldmatrix.x4
/// let data: Layout = "(8,64):(64,1)".parse().unwrap();
/// let a = analyse(&tv, Data::Plain(&data), 2).unwrap();
/// let p = phases(&tv, Data::Plain(&data), &a, 0, 0).unwrap();
/// assert_eq!(p.len(), 4);
/// assert_eq!(p[0].bytes, [0, 128, 256, 384, 512, 640, 768, 896]); // one column, 8 rows
/// assert_eq!((p[0].bank, p[0].words.len()), (0, 8)); // bank 0, 8 words: 8 wavefronts
/// ```
///
/// # Errors
/// As [`analyse`](super::analyse).
pub fn phases(
    tv: &Layout,
    data: Data<'_>,
    a: &Access,
    warp: i64,
    value: i64,
) -> Result<Vec<Phase>> {
    let offsets = Offsets::new(tv, data, a.elem_bytes)?;
    let width = a.access_values * a.elem_bytes;
    let warp_threads = warp * WARP..(warp * WARP + WARP).min(offsets.threads);
    let mut out = Vec::new();
    for first in warp_threads.clone().step_by(a.phase_threads as usize) {
        let threads = first..(first + a.phase_threads).min(warp_threads.end);
        let bytes: Vec<i64> = threads
            .clone()
            .map(|t| offsets.at(t, value) * a.elem_bytes)
            .collect();
        let per_bank = bank_words(bytes.iter().copied(), width);
        let (bank, words) = per_bank.into_iter().fold((0, Vec::new()), |best, (b, w)| {
            if w.len() > best.1.len() { (b, w) } else { best }
        });
        out.push(Phase {
            threads,
            bytes,
            bank,
            words,
        });
    }
    Ok(out)
}
