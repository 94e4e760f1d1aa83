//! The typed `right_inverse`'s quick comparisons where two positive static
//! strides are equal (inverse_quick.rs): the core's exchange sort is not
//! stable, so which of two tied modes it meets first depends on the whole
//! list it sorts, the list its coalesce keeps. Where no run-time extent is
//! 1 and no mode continues into the next across a run-time leaf
//! (comparisons), that list is known here: these modes, each static one
//! followed by one its span reaches merged with it. The core's sort and
//! fold are run on that list while compiling.
//!
//! A run-time stride (one; two or more keep the cold construction) sorts
//! by its value, but the exchange sort reads only whether it is below,
//! equal to or above each static stride: its classes (below the smallest,
//! equal to one, strictly between two, above the largest) each give one
//! order. The sort and fold are run at each class; the quick comparisons
//! say the stride lies in a class where the core takes the typed modes
//! (and there, that it does not meet the reach where the class leaves it
//! open), neighbouring classes with the same comparisons joined into one
//! range: `right_inverse((2,4,3,2):(2,d,2,1))` is quick at
//! `(d < 1 || 2 < d && d != 6)` and `d != 4` (no merge into `2:2`).

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
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
    let &[k] = dynamic.as_slice() else {
        // No run-time stride (two or more: `None`, the cold construction).
        quick.extend(core.fold(None)?);
        return Some(quick);
    };
    // The distinct static strides, ascending: the classes' bounds.
    let mut values: Vec<i64> = runs.iter().filter_map(stride).collect();
    values.sort_unstable();
    values.dedup();
    let classes = classes(&values);
    let at: Vec<Option<Vec<TokenStream>>> =
        classes.iter().map(|&c| core.fold(Some((k, c)))).collect();
    let d = value(&modes[runs[k][0]].1);
    let mut alternatives = Vec::new();
    let mut i = 0;
    while i < classes.len() {
        let Some(extra) = &at[i] else {
            i += 1;
            continue;
        };
        // Join the next classes with the same comparisons.
        let text = |e: &Vec<TokenStream>| quote!(#(#e)*).to_string();
        let mut j = i;
        while at.get(j + 1).and_then(Option::as_ref).map(text) == Some(text(extra)) {
            j += 1;
        }
        let mut all = bounds(&d, classes[i], classes[j], i == 0, j + 1 == classes.len());
        all.extend(extra.iter().cloned());
        alternatives.push(all);
        i = j + 1;
    }
    match alternatives.as_slice() {
        [] => return None,
        [one] => quick.extend(one.iter().cloned()),
        _ => {
            let each = alternatives.iter().map(|a| match a.as_slice() {
                [] => quote!(true),
                _ => quote!((#(#a)&&*)),
            });
            quick.push(quote!((#(#each)||*)));
        }
    }
    Some(quick)
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

/// Where the run-time stride lies: equal to a static stride, or strictly
/// between two (`None`: no bound on that side).
#[derive(Clone, Copy)]
enum Class {
    Equal(i64),
    Between(Option<i64>, Option<i64>),
}

impl Class {
    /// Its key in the exchange sort, the static strides at `2·d`: the
    /// comparisons with them are the stride's at every value of the class.
    fn key(self) -> i128 {
        match self {
            Class::Equal(v) => 2 * i128::from(v),
            Class::Between(lo, _) => lo.map_or(-1, |lo| 2 * i128::from(lo) + 1),
        }
    }

    /// Whether a stride of the class may be `r` (not known to be, nor not).
    fn may_be(self, r: i64) -> bool {
        match self {
            Class::Equal(_) => false,
            Class::Between(lo, hi) => lo.is_none_or(|lo| lo < r) && hi.is_none_or(|hi| r < hi),
        }
    }
}

/// The classes of a stride (not negative) around the ascending distinct
/// static strides `values`, the empty ones left out.
fn classes(values: &[i64]) -> Vec<Class> {
    let mut out = Vec::new();
    let mut below = None;
    for &v in values {
        let empty = match below {
            None => v == 0,
            Some(lo) => v == lo + 1,
        };
        if !empty {
            out.push(Class::Between(below, Some(v)));
        }
        out.push(Class::Equal(v));
        below = Some(v);
    }
    out.push(Class::Between(below, None));
    out
}

/// The comparisons that the run-time stride `d` lies in the classes from
/// `first` to `last` (`lowest`, `highest`: no class below or above them).
fn bounds(
    d: &TokenStream,
    first: Class,
    last: Class,
    lowest: bool,
    highest: bool,
) -> Vec<TokenStream> {
    if let (Class::Equal(a), Class::Equal(b)) = (first, last) {
        if a == b {
            let v = emit::int(a);
            return vec![quote!(#d == #v)];
        }
    }
    let mut out = Vec::new();
    match first {
        _ if lowest => {}
        Class::Equal(v) => {
            let v = emit::int(v);
            out.push(quote!(#d >= #v));
        }
        Class::Between(lo, _) => out.extend(lo.map(|lo| {
            let lo = emit::int(lo);
            quote!(#d > #lo)
        })),
    }
    match last {
        _ if highest => {}
        Class::Equal(v) => {
            let v = emit::int(v);
            out.push(quote!(#d <= #v));
        }
        Class::Between(_, hi) => out.extend(hi.map(|hi| {
            let hi = emit::int(hi);
            quote!(#d < #hi)
        })),
    }
    out
}

/// The core's list (its coalesced `runs`) and the typed chain `path`.
struct Core<'a> {
    modes: &'a [(Sym, Sym)],
    strides: &'a [Option<i64>],
    runs: &'a [Vec<usize>],
    path: &'a [usize],
}

impl Core<'_> {
    /// CuTe's `SortByKey` on the core's list, then its fold, the run
    /// `dynamic.0` of run-time stride in the class `dynamic.1`: the
    /// comparisons showing the core takes the typed modes (a merged mode
    /// as its parts, one function), or `None` where it does not or a run
    /// of run-time stride has no class.
    fn fold(&self, dynamic: Option<(usize, Class)>) -> Option<Vec<TokenStream>> {
        let private = emit::private();
        let key = |k: usize| match (dynamic, self.strides[self.runs[k][0]]) {
            (Some((at, class)), _) if at == k => Some(class.key()),
            (_, d) => d.map(|d| 2 * i128::from(d)),
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
            if let Some((_, class)) = dynamic.filter(|&(at, _)| at == k) {
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
