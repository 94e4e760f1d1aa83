//! `swizzle_for`: the smallest swizzle that makes an access conflict-free,
//! found by trying them all (Mojo's `make_swizzle` and Triton's swizzle
//! choice compute one from the access shape; trying every candidate on the
//! real access is slower but cannot pick a wrong one).

use alloc::vec::Vec;

use super::{Access, Data, analyse_with};
use crate::error::Result;
use crate::layout::Layout;
use crate::swizzle::{ComposedLayout, Swizzle};

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The access over the data layout as it is.
    pub before: Access,
    /// The best swizzle: the first conflict-free one in the search order,
    /// else the one with the fewest wavefronts (`None`: none helps).
    pub best: Option<(Swizzle, Access)>,
}

impl Found {
    /// Whether the best swizzle (or the layout itself) is conflict-free.
    #[must_use]
    pub fn conflict_free(&self) -> bool {
        let a = self.best.as_ref().map_or(&self.before, |(_, a)| a);
        a.wavefronts == a.ideal_wavefronts
    }
}

/// The smallest `Sw<B,M,S>` (by `B`, then `M`, then `S`, `S ≥ B > 0`)
/// with which `tv` over `Sw o 0 o data` is conflict-free, making the same
/// loads (the same values per access) and keeping every offset inside
/// `[0, 2^k)`, the smallest power of two at least `cosize(data)` (a tile
/// of a power-of-two buffer stays in it). Only swizzles whose bits lie
/// below `2^k` are tried: higher ones change nothing.
///
/// ```
/// use layout_core::{access::{swizzle_for, Data}, Layout};
/// let tv: Layout = "((8,4),8):((1,64),8)".parse().unwrap(); // ldmatrix.x4
/// let tile: Layout = "(8,64):(64,1)".parse().unwrap();
/// let found = swizzle_for(&tv, &tile, 2, None).unwrap();
/// assert_eq!(found.before.wavefronts, 32);
/// let (sw, after) = found.best.unwrap();
/// assert_eq!((sw.to_string(), after.wavefronts), ("Sw<3,3,3>".to_string(), 4));
/// ```
///
/// # Errors
/// Those of [`analyse_with`] on the unswizzled layout; `TableTooLarge`
/// for a data layout of more than [`super::ACCESS_LIMIT`] elements.
pub fn swizzle_for(tv: &Layout, data: &Layout, bytes: i64, access: Option<i64>) -> Result<Found> {
    let before = analyse_with(tv, Data::Plain(data), bytes, access)?;
    if before.wavefronts == before.ideal_wavefronts {
        return Ok(Found { before, best: None });
    }
    if data.size() > super::ACCESS_LIMIT {
        let (size, limit) = (data.size(), super::ACCESS_LIMIT);
        return Err(crate::error::DomainError::TableTooLarge { size, limit }.into());
    }
    let offsets: Vec<i64> = data.offsets().collect();
    let bits = (64 - (data.cosize().max(1) - 1).leading_zeros() as i64).min(62); // 2^bits >= cosize
    let buffer = 1i64 << bits;
    let mut best: Option<(Swizzle, Access)> = None;
    for b in 1..=bits {
        for m in 0..=bits - b {
            for s in b..=bits - b - m {
                let Ok(sw) = Swizzle::new(b, m, s) else {
                    continue;
                };
                if offsets.iter().any(|&o| !(0..buffer).contains(&sw.apply(o))) {
                    continue;
                }
                let c = ComposedLayout::new(sw, 0, data.clone());
                let Ok(after) = analyse_with(tv, Data::Composed(&c), bytes, access) else {
                    continue;
                };
                if after.access_values != before.access_values {
                    continue;
                }
                if after.wavefronts == after.ideal_wavefronts {
                    return Ok(Found {
                        before,
                        best: Some((sw, after)),
                    });
                }
                let better = best
                    .as_ref()
                    .map_or(after.wavefronts < before.wavefronts, |(_, a)| {
                        after.wavefronts < a.wavefronts
                    });
                if better {
                    best = Some((sw, after));
                }
            }
        }
    }
    Ok(Found { before, best })
}
