//! `layout print` of a composed layout `Sw<B,M,S> o OFFSET o INNER` (or a
//! layout outside): the inner layout's grid with every cell its offset, as the core's
//! `ComposedLayout::crd2idx` gives it; with `--pre-swizzle`, first the same
//! grid before the swizzle (`OFFSET + INNER(c)`), so each cell can be read
//! against its pre-swizzle offset in the panel beside it.

use layout_core::{ComposedLayout, Result};

use crate::print::grid;
use crate::render::Picture;

/// The picture of `c`: one panel, or the pre-swizzle panel then the swizzled one.
pub fn picture(c: &ComposedLayout, caption: String, pre_swizzle: bool) -> Result<Picture> {
    let no_tile = |_: usize| None;
    let pre = grid(
        c.inner(),
        format!(
            "before the {}: {} + {}",
            if c.swizzle().is_some() {
                "swizzle"
            } else {
                "outer layout"
            },
            c.offset(),
            c.inner()
        ),
        Some(c.offset()),
        &no_tile,
    )?;
    let mut swizzled = pre.clone();
    swizzled.title = format!("{c}");
    for cell in &mut swizzled.cells {
        cell.offset = c.outer().apply(cell.offset)?;
    }
    let panels = if pre_swizzle {
        vec![pre, swizzled]
    } else {
        vec![swizzled]
    };
    Ok(Picture {
        caption,
        panels,
        tiled: false,
        tile_word: "tile",
    })
}
