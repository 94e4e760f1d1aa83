//! The strides construct.rs's constructors compute from a shape's parts:
//! CuTe's `compact_order` (each part column-major from the product of the
//! parts of lower order, ties refused or checked) and `make_fragment_like`
//! of a layout of rank 2 or more, over `Static | Dynamic` extents.

use layout_core::expr::{Expr, ExprKind};
use quote::quote;

use crate::emit;
use crate::typed::construct::{Part, flat, static_leaves};
use crate::typed::sym::{Gen, Sym};

/// CuTe's `compact_order` over the parts: each part column-major from the
/// product of the parts of lower order. With `ties`, two parts of one
/// order both above 1 are refused (static) or checked (dynamic).
pub fn compact_order(code: &mut Gen<'_>, parts: &[Part], ties: bool) -> Option<Vec<Sym>> {
    let mut sizes = Vec::new();
    for (_, extents) in parts {
        let mut size = Sym::Static(1);
        for s in extents {
            size = code.product(&size, s)?;
        }
        sizes.push(size);
    }
    let mut by_order: Vec<usize> = (0..parts.len()).collect();
    by_order.sort_by_key(|&i| parts[i].0);
    let mut starts = vec![Sym::Static(1); parts.len()];
    let (mut running, mut k) = (Sym::Static(1), 0);
    while k < by_order.len() {
        let place = parts[by_order[k]].0;
        let group: Vec<usize> = (by_order[k..].iter())
            .take_while(|&&i| parts[i].0 == place)
            .copied()
            .collect();
        if ties {
            check_ties(code, place, &group, &sizes)?;
        }
        k += group.len();
        let mut next = running.clone();
        for &i in &group {
            starts[i] = running.clone();
            // The product past the last order is never read.
            if k < by_order.len() {
                next = code.product(&next, &sizes[i])?;
            }
        }
        running = next;
    }
    let mut strides = Vec::new();
    for ((_, extents), start) in parts.iter().zip(starts) {
        let mut current = start;
        for (j, s) in extents.iter().enumerate() {
            if matches!(s, Sym::Static(1)) {
                strides.push(Sym::Static(0));
                continue;
            }
            strides.push(current.clone());
            if j + 1 < extents.len() {
                current = code.product(&current, s)?;
            }
        }
    }
    Some(strides)
}

/// Parts of one order: at most one may be above 1.
fn check_ties(code: &mut Gen<'_>, place: i64, group: &[usize], sizes: &[Sym]) -> Option<()> {
    let private = emit::private();
    let function = code.function;
    for (k, &i) in group.iter().enumerate() {
        for &j in &group[k + 1..] {
            match (&sizes[i], &sizes[j]) {
                (Sym::Static(a), Sym::Static(b)) if *a > 1 && *b > 1 => return None,
                (Sym::Static(0 | 1), _) | (_, Sym::Static(0 | 1)) => {}
                (a, b) => {
                    let (a, b) = (crate::typed::sym::value(a), crate::typed::sym::value(b));
                    let place = emit::int(place);
                    code.check(quote!(#private::order_tie(#function, #place, #a, #b)));
                }
            }
        }
    }
    Some(())
}

/// `make_fragment_like(L)` of rank ≥ 2: mode 0 column-major over its
/// extents with stride-0 leaves filtered, the other modes ordered by their
/// strides and placed after mode 0's cosize (`tiled_product`).
pub(crate) fn fragment(
    code: &mut Gen<'_>,
    shape: &Expr,
    stride: &Expr,
    extents: &[Sym],
) -> Option<Vec<Sym>> {
    let ExprKind::Tuple(modes) = &shape.kind else {
        return None;
    };
    let orders = static_leaves(stride);
    let mut first = Vec::new();
    flat(&modes[0], &mut first);
    let n = first.len();
    // The core refuses a first mode of size 0 (its index cannot be split).
    let (private, function) = (emit::private(), code.function);
    for s in &extents[..n] {
        match s {
            Sym::Static(0) => return None,
            Sym::Static(_) => {}
            Sym::Dynamic(s) => code.check(quote!(#private::nonzero(#function, #s))),
        }
    }
    let filtered: Vec<Sym> = (extents[..n].iter().zip(&orders))
        .map(|(s, &d)| if d == 0 { Sym::Static(1) } else { s.clone() })
        .collect();
    let mut strides = compact_order(code, &[(0, filtered.clone())], false)?;
    let mut cosize = Sym::Static(1);
    for s in &filtered {
        cosize = code.product(&cosize, s)?;
    }
    // Each leaf of the other modes is a part, ordered by its stride.
    let parts: Vec<Part> = (orders[n..].iter().zip(&extents[n..]))
        .map(|(&o, s)| (o, vec![s.clone()]))
        .collect();
    for d in compact_order(code, &parts, false)? {
        strides.push(code.product(&d, &cosize)?);
    }
    Some(strides)
}
