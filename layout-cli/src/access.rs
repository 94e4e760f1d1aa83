//! `layout access TV DATA --bytes N`: the core's access analysis
//! (`layout_core::access`) in words, and with `--svg` the data tile with
//! each cell coloured by its shared-memory bank.
//!
//! The arguments are read as the notation call `access(TV, DATA, BYTES[, N])`
//! first, so a mistake is reported with its place in that call.

use layout_core::access::{Access, Data, analyse_with};
use layout_core::expr::ExprKind;
use layout_core::{Layout, Value, eval};

use crate::print::grid;
use crate::render::{ColorBy, Picture};
use crate::report::Failure;

/// The most per-access lines listed; the totals cover every access.
const MAX_LINES: usize = 32;

/// The expression the command evaluates: the notation call.
pub fn call(tv: &str, data: &str, bytes: i64, values: Option<i64>) -> String {
    match values {
        Some(n) => format!("access({tv}, {data}, {bytes}, {n})"),
        None => format!("access({tv}, {data}, {bytes})"),
    }
}

/// The analysis of `src` (a call made by [`call`]) and its data layout.
fn analysed(src: &str) -> Result<(Access, Value, i64), Failure> {
    layout_core::evaluate(src)?; // every check, with spans into `src`
    let expr = layout_core::notation::parse(src)?;
    let ExprKind::Call { args, .. } = &expr.kind else {
        unreachable!("`call` writes a call")
    };
    let values: Vec<Value> = args.iter().map(eval).collect::<Result<_, _>>()?;
    let int = |v: &Value| v.to_string().parse::<i64>().ok();
    let (Value::Layout(tv), bytes) = (&values[0], int(&values[2]).unwrap_or(0)) else {
        unreachable!("checked by evaluate")
    };
    let data = match &values[1] {
        Value::Layout(l) => Data::Plain(l),
        Value::Composed(c) => Data::Composed(c),
        _ => unreachable!("checked by evaluate"),
    };
    let n = values.get(3).and_then(int);
    let access = analyse_with(tv, data, bytes, n)?;
    Ok((access, values[1].clone(), bytes))
}

/// The report in words.
pub fn report(src: &str) -> Result<String, Failure> {
    let (a, data, bytes) = analysed(src)?;
    let ratio = |x: i64, ideal: i64| x as f64 / ideal.max(1) as f64;
    let mut out = format!(
        "{} threads x {} values over {data}, {bytes}-byte elements\n",
        a.threads, a.values
    );
    out += &format!(
        "vector width: {} elements ({} bytes); each access loads {} ({} bytes), {} threads a phase\n",
        a.vector,
        a.vector * bytes,
        a.access_values,
        a.access_values * bytes,
        a.phase_threads
    );
    out += &format!(
        "shared memory: {} wavefronts, ideal {} ({:.2}x)\n",
        a.wavefronts,
        a.ideal_wavefronts,
        ratio(a.wavefronts, a.ideal_wavefronts)
    );
    if let Some(w) = a.worst() {
        out += &format!(
            "  worst access: warp {}, values {}..{}: {} wavefronts, ideal {}\n",
            w.warp,
            w.value,
            w.value + a.access_values,
            w.wavefronts,
            w.ideal_wavefronts
        );
    }
    out += &format!(
        "global memory: {} sectors of 32 bytes, ideal {} ({:.2}x)\n",
        a.sectors,
        a.ideal_sectors,
        ratio(a.sectors, a.ideal_sectors)
    );
    out += "per warp access (wavefronts/ideal, sectors/ideal):\n";
    for w in a.accesses.iter().take(MAX_LINES) {
        out += &format!(
            "  warp {} values {}..{}: {}/{}, {}/{}\n",
            w.warp,
            w.value,
            w.value + a.access_values,
            w.wavefronts,
            w.ideal_wavefronts,
            w.sectors,
            w.ideal_sectors
        );
    }
    if a.accesses.len() > MAX_LINES {
        out += &format!("  … {} more\n", a.accesses.len() - MAX_LINES);
    }
    Ok(out)
}

/// The data tile, each cell its offset, coloured by its bank
/// ((offset × bytes / 4) mod 32).
pub fn bank_picture(src: &str) -> Result<Picture, Failure> {
    let (_, data, bytes) = analysed(src)?;
    let no_tile = |_: usize| None;
    let (inner, base, outer): (Layout, i64, Option<&layout_core::Outer>) = match &data {
        Value::Layout(l) => (l.clone(), 0, None),
        Value::Composed(c) => (c.inner().clone(), c.offset(), Some(c.outer())),
        _ => unreachable!("checked by analysed"),
    };
    let mut g = grid(
        &inner,
        format!("{data}: colour = bank"),
        Some(base),
        &no_tile,
    )?;
    for cell in &mut g.cells {
        if let Some(outer) = outer {
            cell.offset = outer.apply(cell.offset)?;
        }
        cell.tile = Some(((cell.offset * bytes / 4).rem_euclid(32)) as usize);
    }
    Ok(Picture {
        caption: src.to_string(),
        panels: vec![g],
        tiled: true,
        tile_word: "bank",
    })
}

/// `--svg`'s colouring: the bank.
pub const COLOR_BY: ColorBy = ColorBy::Tile;

/// `layout swizzle-for`: the smallest swizzle making the access
/// conflict-free (`layout_core::access::swizzle_for`), with the numbers
/// before and after.
pub fn swizzle_for(src: &str) -> Result<String, Failure> {
    let (_, data, bytes) = analysed(src)?;
    let expr = layout_core::notation::parse(src)?;
    let ExprKind::Call { args, .. } = &expr.kind else {
        unreachable!("`call` writes a call")
    };
    let Value::Layout(plain) = &data else {
        let message = format!("swizzle-for searches over an unswizzled layout, not {data}");
        return Err(Failure::new(message, Some(args[1].span)));
    };
    let Value::Layout(tv) = eval(&args[0])? else {
        unreachable!("checked by analysed")
    };
    let n = match args.get(3).map(eval).transpose()? {
        Some(Value::IntTuple(layout_core::IntTuple::Int(n))) => Some(n),
        _ => None,
    };
    let found = layout_core::access::swizzle_for(&tv, plain, bytes, n)?;
    let line = |what: &str, a: &Access| {
        format!(
            "{what}: {} wavefronts, ideal {} ({:.2}x); {} sectors, ideal {}\n",
            a.wavefronts,
            a.ideal_wavefronts,
            a.wavefronts as f64 / a.ideal_wavefronts.max(1) as f64,
            a.sectors,
            a.ideal_sectors
        )
    };
    let mut out = line(&format!("before {plain}"), &found.before);
    match &found.best {
        None if found.conflict_free() => out += "already conflict-free: no swizzle needed\n",
        None => out += "no swizzle lowers the wavefronts with the same loads\n",
        Some((sw, after)) => {
            out += &line(&format!("after  {sw} o 0 o {plain}"), after);
            if !found.conflict_free() {
                out += "(no swizzle makes it conflict-free; this one lowers the wavefronts most)\n";
            }
            out += &format!("{sw}\n");
        }
    }
    Ok(out)
}
