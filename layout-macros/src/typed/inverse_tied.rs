//! The typed `right_inverse`'s quick comparisons where two positive static
//! strides are equal (inverse_quick.rs): the core's exchange sort is not
//! stable, so which of two tied modes it meets first depends on the whole
//! list it sorts, the list its coalesce keeps. Where no run-time extent is
//! 1 and no mode continues into the next across a run-time leaf
//! (comparisons), that list is known here: these modes, each static one
//! followed by one its span reaches merged with it. The core's sort and
//! fold are run on that list while compiling.
//!
//! A run-time stride sorts by its value, but the exchange sort reads only
//! whether it is below, equal to or above each static stride: its classes
//! (below the smallest, equal to one, strictly between two, above the
//! largest) each give one order. The sort and fold are run at each class;
//! the quick comparisons say the stride lies in a class where the core
//! takes the typed modes (and there, that it does not meet the reach where
//! the class leaves it open), neighbouring classes with the same
//! comparisons joined into one range: `right_inverse((2,4,3,2):(2,d,2,1))`
//! is quick at `(d < 1 || 2 < d && d != 6)` and `d != 4` (no merge into
//! `2:2`). Two run-time strides: each pair of classes (and, both strictly
//! between the same static strides, each order of the two), the second's
//! classes joined for each class of the first, then the first's classes
//! with the same alternatives. Three or more keep the cold construction.

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::typed::inverse_class::{Class, any, bounds, classes, joined};
use crate::typed::sym::{Sym, value};

/// The comparisons showing the core takes the typed chain `path` (indices
/// of `modes`, whose `strides` are `None` where dynamic); `None` where the
/// core's list or order is not known here, or no class of the run-time
/// stride gives the typed modes (the cold construction decides).
pub fn tied(
    modes: &[(Sym, Sym)],
    strides: &[Option<i64>],
    path: &[usize],
) -> Option<Vec<TokenStream>> {
    let mut quick = Vec::new();
    let runs = core_runs(modes, strides, &mut quick)?;
    let stride = |run: &Vec<usize>| strides[run[0]];
    let dynamic: Vec<usize> = (0..runs.len())
        .filter(|&k| stride(&runs[k]).is_none())
        .collect();
    let core = Core {
        modes,
        strides,
        runs: &runs,
        path,
    };
    // The distinct static strides, ascending: the classes' bounds.
    let mut values: Vec<i64> = runs.iter().filter_map(stride).collect();
    values.sort_unstable();
    values.dedup();
    let classes = classes(&values);
    let value_of = |k: usize| value(&modes[runs[k][0]].1);
    let alternatives = match *dynamic.as_slice() {
        [] => vec![core.fold(&[])?],
        [k] => {
            let at = classes.iter().map(|&c| core.fold(&[(k, c, c.key(0))]));
            joined(&value_of(k), &classes, &at.collect::<Vec<_>>())
        }
        [k1, k2] => two(&core, &classes, (k1, value_of(k1)), (k2, value_of(k2))),
        // Three or more: the cold construction.
        _ => return None,
    };
    quick.extend(any(alternatives)?);
    Some(quick)
}

/// Two run-time strides `d1`, `d2` (their runs and values): at each pair
/// of classes (and, in one class strictly between static strides, at each
/// order of the two), the fold; the classes of `d2` joined as [`joined`]
/// for each class of `d1`, then the classes of `d1` with the same
/// alternatives joined.
fn two(
    core: &Core<'_>,
    classes: &[Class],
    (k1, d1): (usize, TokenStream),
    (k2, d2): (usize, TokenStream),
) -> Vec<Vec<TokenStream>> {
    let highest = classes.len() - 1;
    let rows: Vec<Vec<Vec<TokenStream>>> = classes
        .iter()
        .enumerate()
        .map(|(i, &c1)| {
            let between = |c2: Class| matches!(c1, Class::Between(..)) && c1.key(0) == c2.key(0);
            let text =
                |e: &Option<Vec<TokenStream>>| e.as_ref().map(|e| quote!(#(#e)*).to_string());
            // Both strictly between the same static strides: each order of
            // the two, one class where all three give the same.
            let orders =
                [-1, 0, 1].map(|rel| core.fold(&[(k1, c1, c1.key(rel)), (k2, c1, c1.key(-rel))]));
            let same = orders
                .iter()
                .all(|e| e.is_some() && text(e) == text(&orders[0]));
            let at: Vec<Option<Vec<TokenStream>>> = classes
                .iter()
                .map(|&c2| match between(c2) {
                    true if same => orders[0].clone(),
                    true => None,
                    false => core.fold(&[(k1, c1, c1.key(0)), (k2, c2, c2.key(0))]),
                })
                .collect();
            let mut row = joined(&d2, classes, &at);
            let order = [quote!(<), quote!(==), quote!(>)];
            for (order, extra) in order.iter().zip(orders).filter(|_| !same) {
                if let (Some(extra), Class::Between(..)) = (extra, c1) {
                    let mut all = bounds(&d2, c1, c1, i == 0, i == highest);
                    all.push(quote!(#d1 #order #d2));
                    all.extend(extra);
                    row.push(all);
                }
            }
            row
        })
        .collect();
    let text = |row: &Vec<Vec<TokenStream>>| {
        let each = row.iter().map(|a| quote!(#(#a)*));
        quote!(#(#each)|*).to_string()
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let mut j = i;
        while rows.get(j + 1).map(text) == Some(text(&rows[i])) {
            j += 1;
        }
        if let Some(inner) = any(rows[i].clone()) {
            let mut all = bounds(&d1, classes[i], classes[j], i == 0, j == highest);
            all.extend(inner);
            out.push(all);
        }
        i = j + 1;
    }
    out
}

/// The core's coalesced list, each mode as the indices of `modes` it
/// merges, where the comparisons pushed to `quick` hold: no run-time
/// extent is 1, and a mode continues into the next only where the static
/// leaves say so. `None` where a product overflows.
fn core_runs(
    modes: &[(Sym, Sym)],
    strides: &[Option<i64>],
    quick: &mut Vec<TokenStream>,
) -> Option<Vec<Vec<usize>>> {
    let mut runs: Vec<Vec<usize>> = Vec::new();
    for (i, (s, d)) in modes.iter().enumerate() {
        if let Sym::Dynamic(_) = s {
            let s = value(s);
            quick.push(quote!(#s != 1));
        }
        let last = runs.last().and_then(|run| run.last()).copied();
        let merged = match last.map(|p| (&modes[p], strides[p], strides[i])) {
            Some(((Sym::Static(ps), _), Some(pd), Some(d))) => ps.checked_mul(pd) == Some(d),
            Some(((ps, pd), _, _)) => {
                quick.extend(continues(ps, pd, d));
                false
            }
            None => false,
        };
        match (merged, runs.last_mut()) {
            (true, Some(run)) => run.push(i),
            _ => runs.push(vec![i]),
        }
    }
    Some(runs)
}

/// The comparison that the mode `ps:pd` does not continue into a mode of
/// stride `d` (the core's coalesce would merge them), a run-time leaf
/// among the three; none where the static ones say it never does.
fn continues(ps: &Sym, pd: &Sym, d: &Sym) -> Option<TokenStream> {
    let private = emit::private();
    match (ps, pd, d) {
        // The all-static-stride form as before (a run-time extent).
        (Sym::Dynamic(_), Sym::Static(_), Sym::Static(_)) => {}
        (Sym::Static(ps), Sym::Static(pd), d) => {
            let span = ps.checked_mul(*pd)?;
            let (span, d) = (emit::int(span), value(d));
            return Some(quote!(#d != #span));
        }
        (Sym::Static(ps), pd, Sym::Static(d)) if *ps > 0 => {
            if d % ps != 0 {
                return None;
            }
            let (at, pd) = (emit::int(d / ps), value(pd));
            return Some(quote!(#pd != #at));
        }
        _ => {}
    }
    let (ps, pd, d) = (value(ps), value(pd), value(d));
    Some(quote!(!#private::reach_is(#d, [#ps, #pd])))
}

/// The core's list (its coalesced `runs`) and the typed chain `path`.
struct Core<'a> {
    modes: &'a [(Sym, Sym)],
    strides: &'a [Option<i64>],
    runs: &'a [Vec<usize>],
    path: &'a [usize],
}

impl Core<'_> {
    /// CuTe's `SortByKey` on the core's list, then its fold, each run of
    /// run-time stride in `dynamic` (the run, its class and its key): the
    /// comparisons showing the core takes the typed modes (a merged mode
    /// as its parts, one function), or `None` where it does not or a run
    /// of run-time stride has no class.
    fn fold(&self, dynamic: &[(usize, Class, i128)]) -> Option<Vec<TokenStream>> {
        let private = emit::private();
        let at = |k: usize| dynamic.iter().find(|x| x.0 == k).copied();
        let key = |k: usize| match at(k) {
            Some((_, _, key)) => Some(key),
            None => self.strides[self.runs[k][0]].map(|d| 8 * i128::from(d)),
        };
        let mut order: Vec<usize> = (0..self.runs.len()).collect();
        for i in 0..order.len() {
            for j in i + 1..order.len() {
                if key(order[j])? < key(order[i])? {
                    order.swap(i, j);
                }
            }
        }
        let mut quick = Vec::new();
        let (mut taken, mut reach): (Vec<usize>, _) = (Vec::new(), vec![Sym::Static(1)]);
        for &k in &order {
            let run = &self.runs[k];
            if let Some((_, class, _)) = at(k) {
                let d = match class {
                    Class::Equal(v) => emit::int(v),
                    Class::Between(..) => value(&self.modes[run[0]].1),
                };
                match reach.as_slice() {
                    // The core takes the run-time stride: not the typed modes.
                    [Sym::Static(r)] if matches!(class, Class::Equal(v) if v == *r) => return None,
                    [Sym::Static(r)] if class.may_be(*r) => {
                        let r = emit::int(*r);
                        quick.push(quote!(#d != #r));
                    }
                    [Sym::Static(_)] => {}
                    factors => {
                        let factors = factors.iter().map(value);
                        quick.push(quote!(!#private::reach_is(#d, [#(#factors),*])));
                    }
                }
                continue;
            }
            let d = self.strides[run[0]]?;
            if let [Sym::Static(r)] = reach.as_slice() {
                if *r == d {
                    taken.extend(run);
                    reach.extend(run.iter().map(|&m| self.modes[m].0.clone()));
                    reach = fold_static(reach)?;
                }
            } else if d > 0 {
                // The reach is run-time: this mode must not meet it.
                let factors = reach.iter().map(value);
                let d = value(&Sym::Static(d));
                quick.push(quote!(!#private::reach_is(#d, [#(#factors),*])));
            }
        }
        // One order for the same comparisons, whichever path found them.
        quick.sort_by_cached_key(ToString::to_string);
        quick.dedup_by(|a, b| a.to_string() == b.to_string());
        (taken == self.path).then_some(quick)
    }
}

/// The factors of a reach with the static ones multiplied into one
/// (`None` where they overflow, as the core's reach stops).
fn fold_static(factors: Vec<Sym>) -> Option<Vec<Sym>> {
    let mut product = 1i64;
    let mut dynamic = Vec::new();
    for f in factors {
        match f {
            Sym::Static(f) => product = product.checked_mul(f)?,
            f => dynamic.push(f),
        }
    }
    let mut out = vec![Sym::Static(product)];
    out.extend(dynamic);
    Some(out)
}
