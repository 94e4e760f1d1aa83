//! The one rule every door's products follow where `A`'s complement has a
//! hole whose span does not divide its stride (the core's `logical_product`
//! and the products built on it, and the typed `layout!(type …)` products
//! through the facade's `src/private/partial.rs`).
//!
//! CuTe's `complement` divides anyway, `min_stride / result_stride`,
//! rounding down. Its product `(A, C∘B)` is then exact exactly when `B`'s
//! offsets stay below the rounded hole's reach, and this module says when:
//!
//! - The holes below the first such stride `d` are exact, so the copies of
//!   `A`'s modes below `d` (span `s`), at the offsets `s·i` for
//!   `i < ⌊d / s⌋`, lie side by side inside `[0, d)`.
//! - `A`'s modes from `d` up must stack exactly (every later hole divides):
//!   their offsets are then multiples of `d` apart, and every sum
//!   `A(x) + copy` stays distinct.
//! - If `B`'s offsets stay in `[0, limit)`, `limit` the product of the holes
//!   up to the rounded one, `C∘B` reads only those copies: `C` is there a
//!   true (partial) complement, and CuTe's answer is the product, injective.
//!   Past `limit`, CuTe's next copy jumps to the rest's stride, leaving
//!   offsets no copy covers: no complement's, so the product is refused.
//!
//! Plain `u64` and `const fn`, so the typed products can call it at
//! compile time or in straight-line run-time code.

/// A hole CuTe rounds down, and how far a product's `B` may reach in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundedHole {
    /// `A`'s stride the hole lies below.
    pub stride: u64,
    /// The span (extent × stride) of `A`'s modes below it, which does not
    /// divide `stride`.
    pub span: u64,
    /// CuTe's hole, `stride / span` rounded down: the copies of the modes
    /// below that fit under `stride`.
    pub hole: u64,
    /// The product of the holes up to and including this one (saturating):
    /// `B`'s offsets must stay below it.
    pub limit: u64,
}

/// Why [`ProductHoles::next`] refuses a hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HoleRefusal {
    /// `stride < span`: the mode starts inside the modes below it (CuTe's
    /// hole would be 0), so `A` is not injective or its modes interleave.
    Overlaps,
    /// `span` does not divide `stride`, and a hole below was already
    /// rounded down (or the span is 0): no product is proven here.
    NotMultiple,
}

/// The holes of a product's complement so far, in stride order: their
/// product, and the hole CuTe rounded down, if one was.
///
/// ```
/// use layout_core::algebra::{HoleRefusal, ProductHoles};
/// // A = (2,(5,3)):(1,(2,64)): the holes below 1, 2 and 64 over the spans 1, 2, 10.
/// let (h0, holes) = ProductHoles::new(1).next(1, 1).unwrap();
/// let (h1, holes) = holes.next(2, 2).unwrap();
/// let (h2, holes) = holes.next(64, 10).unwrap();
/// assert_eq!((h0, h1, h2), (1, 1, 6)); // 64/10 rounded down, as CuTe does
/// assert!(holes.fits(6) && !holes.fits(7)); // B may reach the 6 copies below 64
/// assert_eq!(holes.next(1024, 192), Err(HoleRefusal::NotMultiple)); // only once
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProductHoles {
    below: u64,
    rounded: Option<RoundedHole>,
}

impl ProductHoles {
    /// After exact holes whose product is `below`.
    #[inline]
    pub const fn new(below: u64) -> ProductHoles {
        ProductHoles {
            below,
            rounded: None,
        }
    }

    /// The holes after a product `below`, with `rounded` the hole CuTe
    /// rounded down, if one was: what [`ProductHoles::next`] builds, for a
    /// caller that followed the first holes elsewhere (the typed products
    /// follow their static holes while compiling).
    #[inline]
    pub const fn from_parts(below: u64, rounded: Option<RoundedHole>) -> ProductHoles {
        ProductHoles { below, rounded }
    }

    /// The product of the holes so far (saturating).
    #[inline]
    pub const fn below(&self) -> u64 {
        self.below
    }

    /// The hole CuTe rounded down, if one was.
    #[inline]
    pub const fn rounded(&self) -> Option<RoundedHole> {
        self.rounded
    }

    /// The hole below `stride` over the `span` of the modes below it: exact
    /// when `span` divides `stride`; else rounded down as CuTe does, once,
    /// if `stride > span`; otherwise refused.
    #[inline]
    pub const fn next(self, stride: u64, span: u64) -> Result<(u64, ProductHoles), HoleRefusal> {
        if span == 0 {
            return Err(HoleRefusal::NotMultiple);
        }
        let hole = stride / span;
        let below = self.below.saturating_mul(hole);
        if stride % span == 0 {
            return Ok((hole, ProductHoles { below, ..self }));
        }
        if stride < span {
            return Err(HoleRefusal::Overlaps);
        }
        if self.rounded.is_some() {
            return Err(HoleRefusal::NotMultiple);
        }
        let rounded = RoundedHole {
            stride,
            span,
            hole,
            limit: below,
        };
        Ok((
            hole,
            ProductHoles {
                below,
                rounded: Some(rounded),
            },
        ))
    }

    /// A hole the caller knows is exact (`hole` copies): the product grows,
    /// the rounded hole (if any) stays.
    #[inline]
    pub const fn times(self, hole: u64) -> ProductHoles {
        ProductHoles {
            below: self.below.saturating_mul(hole),
            ..self
        }
    }

    /// Whether a `B` whose offsets lie in `[0, cosize)` stays in the copies
    /// below the rounded hole (always, if none was rounded).
    #[inline]
    pub const fn fits(&self, cosize: u64) -> bool {
        match self.rounded {
            Some(r) => cosize <= r.limit,
            None => true,
        }
    }
}
