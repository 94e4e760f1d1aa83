//! The one rule every door's products follow where `A`'s complement has a
//! hole whose span does not divide its stride (the core's `logical_product`
//! and the products built on it, and the typed `layout!(type …)` products
//! through the facade's `src/private/partial.rs`).
//!
//! CuTe's `complement` divides anyway, `min_stride / result_stride`,
//! rounding down. Its product `(A, C∘B)` is then exact exactly when `B`'s
//! offsets stay below the first rounded hole's reach, whatever the holes
//! above it: this module says when.
//!
//! Write `A`'s modes of extent above 1 and stride above 0 in stride order,
//! `(s_j, d_j)`, with CuTe's spans `S_0 = 1`, `S_j = s_j·d_j`; the hole
//! below mode `j` is `h_j = ⌊d_j / S_{j-1}⌋` at stride `S_{j-1}`, and
//! `d_j ≥ S_{j-1}` (else `Overlaps`: `A` is not injective or its modes
//! interleave). Let `k` be the first mode whose span does not divide its
//! stride, `S = S_{k-1}`, `h = h_k`, and `limit = h_1·…·h_k`. If `B`'s
//! offsets lie in `[0, limit)`, CuTe's copies `C(0), …, C(limit−1)` are
//! the true ones (each at the least offset where `A`'s image overlaps no
//! earlier copy) and the product is injective:
//!
//! 1. The modes below `k` and their holes (exact) make a compact layout of
//!    `[0, S)`; with the `h` copies at stride `S` it is a bijection `L`
//!    from (`A`'s lower coordinate, copy index `i < limit`) onto
//!    `[0, S·h)`, and `S·h ≤ d_k`.
//! 2. Two different coordinates of the modes from `k` up give offsets at
//!    least `d_k` apart, exact holes or not: with `t` the highest mode
//!    where they differ, the gap is at least `d_t − Σ_{k≤j<t} (s_j−1)·d_j`,
//!    and `(s_j−1)·d_j = S_j − d_j ≤ d_{j+1} − d_j`, so the sum telescopes
//!    to at most `d_t − d_k`.
//! 3. So `A(x) + C(i)` is `L(…)` in `[0, d_k)` plus an upper offset, and
//!    distinct pairs give distinct sums: the product is injective.
//! 4. `C` is increasing on `[0, limit)` (each hole's stride is at least
//!    the reach of those below). An offset `c < C(i)` that is no copy is,
//!    by 1, `A_low(x) + C(j)` with `x` not the origin and `C(j) ≤ c`, so
//!    `j < i`: `A + c` meets copy `j` at `c`. Hence `C(i)` is the least
//!    free offset, the greedy copy.
//!
//! Nothing above reads a hole past `k`, so a second stride whose span does
//! not divide it is rounded (as CuTe does) and changes nothing below the
//! limit. Past `limit`, CuTe's next copy jumps to the next hole's stride
//! `S_k`, leaving offsets no copy covers: no complement's, so the product
//! is refused (`ProductPastHole`). `layout-core/tests/product_holes.rs`
//! checks both directions by brute force over every flat `A` of rank ≤ 3.
//!
//! Plain `u64` and `const fn`, so the typed products can call it at
//! compile time or in straight-line run-time code.

/// The first hole CuTe rounds down, and how far a product's `B` may reach
/// in it.
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
    /// No hole: the span is 0 (no layout's), or, for a caller that does
    /// not round (the plain `complement`), `span` does not divide `stride`.
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
/// // A second rounded hole (1000/192): B's reach stays the first's.
/// let (h3, holes) = holes.next(1000, 192).unwrap();
/// assert!(h3 == 5 && holes.fits(6) && !holes.fits(7));
/// assert_eq!(holes.next(1024, 2000), Err(HoleRefusal::Overlaps));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProductHoles {
    below: u64,
    rounded: Option<RoundedHole>,
}

impl ProductHoles {
    /// After exact holes whose product is `below`.
    #[must_use]
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
    #[must_use]
    #[inline]
    pub const fn from_parts(below: u64, rounded: Option<RoundedHole>) -> ProductHoles {
        ProductHoles { below, rounded }
    }

    /// The product of the holes so far (saturating).
    #[must_use]
    #[inline]
    pub const fn below(&self) -> u64 {
        self.below
    }

    /// The hole CuTe rounded down, if one was.
    #[must_use]
    #[inline]
    pub const fn rounded(&self) -> Option<RoundedHole> {
        self.rounded
    }

    /// The hole below `stride` over the `span` of the modes below it: exact
    /// when `span` divides `stride`; else rounded down as CuTe does if
    /// `stride > span` (the first such hole is kept: `B` must stay below
    /// it, see the module's proof); otherwise refused.
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
            // Past the first rounded hole, which `B` never leaves.
            return Ok((hole, ProductHoles { below, ..self }));
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
    #[must_use]
    #[inline]
    pub const fn times(self, hole: u64) -> ProductHoles {
        ProductHoles {
            below: self.below.saturating_mul(hole),
            ..self
        }
    }

    /// Whether a `B` whose offsets lie in `[0, cosize)` stays in the copies
    /// below the rounded hole (always, if none was rounded).
    #[must_use]
    #[inline]
    pub const fn fits(&self, cosize: u64) -> bool {
        match self.rounded {
            Some(r) => cosize <= r.limit,
            None => true,
        }
    }
}
