//! CuTe's `logical_product(L, Sw o 0 o B)` (`swizzle_layout.hpp`): a
//! product whose tiler is swizzled. CuTe builds the plain product `L × B`
//! and looks for the one swizzle `Sw'` that, put over it, does what `Sw`
//! did inside the tiler; it finds it by pushing the last bits the swizzle
//! can touch through `B` and through the product. Here the answer is also
//! checked: at every coordinate, `Sw'(L(i) + C(B(j)))` must equal
//! `L(i) + C(Sw(B(j)))`, the product's second mode read through the
//! swizzled tiler (`C` the complement the product uses). Where it is not,
//! the call is refused with the first coordinate that differs.

use alloc::format;

use super::{CHECK_LIMIT, Composed, ComposedLayout, compose, refuse};
use crate::algebra::{self, Tiler};
use crate::error::Result;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::swizzle::Swizzle;

const WHAT: &str = "logical_product by a swizzled layout";

/// `logical_product(a, Sw o 0 o B)` as CuTe computes it, checked.
///
/// ```
/// use layout_core::{ComposedLayout, Layout, Swizzle, logical_product_swizzled};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let tiler = ComposedLayout::new(Swizzle::new(2, 0, 2).unwrap(), 0, "(4,4):(4,1)".parse().unwrap());
/// let p = logical_product_swizzled(&a, &tiler).unwrap().unwrap();
/// assert_eq!(p.to_string(), "Sw<2,2,2> o 0 o ((2,2),(4,4)):((1,2),(16,4))"); // as CuTe
/// ```
///
/// # Errors
/// `ComposedUnsupported` for a layout outside or a non-zero offset (CuTe
/// requires a swizzle at offset 0), when the moved bits are not one
/// swizzle's masks (where CuTe's `static_assert` fires), when the result is
/// not the product through the swizzle (with the coordinate), or past the
/// check's limit; the errors of the plain product.
pub fn logical_product_swizzled(a: &Layout, c: &ComposedLayout) -> Result<Composed> {
    let Some(sw) = c.swizzle() else {
        return Err(refuse(
            WHAT,
            c,
            "CuTe defines it for a swizzle outside, not a layout".into(),
        ));
    };
    if c.offset() != 0 {
        let why = format!(
            "CuTe requires the swizzle's offset to be 0, not {}",
            c.offset()
        );
        return Err(refuse(WHAT, c, why));
    }
    let b = c.inner();
    // The product and the complement it uses (CuTe's, a hole rounded down
    // where the product is still exact: `algebra::product_holes`).
    let steps = algebra::product_steps(a, b)?;
    let (product, rest) = (steps.result, steps.rest);
    let (bits, base, shift) = (sw.bits(), sw.base(), sw.shift().abs());
    // The swizzle as a projection onto the bits it reads and flips (CuTe's
    // `swizzle_only_zy`), read through B: its last value has every active bit.
    let projection = Layout::new(
        IntTuple::from([1 << base, 1 << bits, 1 << (shift - bits), 1 << bits, 1]),
        IntTuple::from([0, 1 << base, 0, 1 << (base + shift), 0]),
    )?;
    let through_b = algebra::composition(&projection, &Tiler::from(b.clone()))?;
    let active = through_b.at(through_b.size() - 1)?;
    let second = product.mode(1).unwrap_or_else(|| product.clone());
    let moved_y = second.at(b.at(active & sw.yyy_mask())?)?;
    let moved_z = second.at(b.at(active & sw.zzz_mask())?)?;
    checkable(a, b, c)?;
    let why = match Swizzle::from_masks(moved_y, moved_z) {
        Ok(moved) => match first_difference(a, b, &rest, sw, moved)? {
            None => return Ok(compose(moved, 0, product)),
            Some(differs) => differs,
        },
        // Where CuTe's `static_assert` fires.
        Err(why) => format!("CuTe's moved bits {moved_y} and {moved_z}: {why}"),
    };
    // CuTe's swizzle is not the product through `sw`; the swizzle that
    // `rest` moves `sw` to (CuTe's `composition(rest, Sw)`) may be.
    if let Ok(Ok(through)) = super::compose_swizzle(&rest, sw) {
        if let Some(exact) = through.swizzle() {
            if first_difference(a, b, &rest, sw, exact)?.is_none() {
                return Ok(compose(exact, 0, product));
            }
        }
    }
    Err(refuse(WHAT, c, why))
}

fn checkable(a: &Layout, b: &Layout, c: &ComposedLayout) -> Result<()> {
    let (n, m) = (a.size(), b.size());
    if n.saturating_mul(m) > CHECK_LIMIT {
        let why =
            format!("its {n}×{m} coordinates are more than the {CHECK_LIMIT} this check reads");
        return Err(refuse(WHAT, c, why));
    }
    Ok(())
}

/// The first coordinate `(i, j)` where `moved(A(i) + C(B(j)))` differs
/// from `A(i) + C(sw(B(j)))`, said in words; `None` when there is none.
fn first_difference(
    a: &Layout,
    b: &Layout,
    rest: &Layout,
    sw: Swizzle,
    moved: Swizzle,
) -> Result<Option<alloc::string::String>> {
    for j in 0..b.size() {
        let bj = b.at(j)?;
        let (plain, through) = (rest.at(bj)?, rest.at(sw.apply(bj))?);
        for i in 0..a.size() {
            let ai = a.at(i)?;
            let (got, want) = (moved.apply(ai + plain), ai + through);
            if got != want {
                return Ok(Some(format!(
                    "CuTe's {moved} over the plain product differs from the product through {sw} at ({i},{j}): {got} against {want}"
                )));
            }
        }
    }
    Ok(None)
}
