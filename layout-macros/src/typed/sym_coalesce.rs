//! CuTe's `coalesce` on the `Static | Dynamic` domain of sym.rs (moved
//! out of it, which re-exports it, to keep it short).

use crate::typed::sym::Sym;

/// Flatten-and-merge as CuTe's `coalesce` (`bw_coalesce`) on these
/// types: a static extent 1 is dropped; a static mode followed by one whose
/// extent and stride are static and whose stride continues it is merged
/// into it; dynamic modes stay. With `keep_last` (composition's
/// `coalesce_x`), the last mode stays even of static extent 1 (it reads
/// indices past the layout's size); without, it is replaced as CuTe
/// replaces it, and a layout of static extent 1 is `1:0`.
/// `None` if a merged extent overflows.
pub fn coalesce(a: Vec<(Sym, Sym)>, keep_last: bool) -> Option<Vec<(Sym, Sym)>> {
    let mut out: Vec<(Sym, Sym)> = Vec::new();
    for (s, d) in a.into_iter().rev() {
        if !out.is_empty() && matches!(s, Sym::Static(1)) {
            continue;
        }
        let front = match out.as_slice() {
            [] => None,
            [(Sym::Static(1), _)] if !keep_last => {
                out[0] = (s, d);
                continue;
            }
            [(Sym::Static(fs), Sym::Static(fd)), ..] => Some(Some((*fs, *fd))),
            _ => Some(None),
        };
        match (front, &s, &d) {
            (None, ..) => out.push((s, d)),
            (Some(Some((fs, fd))), Sym::Static(s), Sym::Static(d))
                if s.checked_mul(*d) == Some(fd) =>
            {
                out[0] = (Sym::Static(s.checked_mul(fs)?), Sym::Static(*d));
            }
            _ => out.insert(0, (s, d)),
        }
    }
    if let (false, [(Sym::Static(1), d)]) = (keep_last, out.as_mut_slice()) {
        *d = Sym::Static(0);
    }
    Some(out)
}
