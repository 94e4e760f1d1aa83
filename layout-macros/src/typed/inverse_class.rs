//! The classes of a run-time stride for the typed `right_inverse`'s
//! quick comparisons with a tie (inverse_tied.rs): CuTe's exchange sort
//! compares strides only, so a run-time stride's place in it depends only
//! on whether it is below, equal to or above each static stride. Here: the
//! classes, their keys in the sort, the comparisons that a stride lies in
//! a run of them, and the alternatives over classes joined into ranges.

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;

/// Where the run-time stride lies: equal to a static stride, or strictly
/// between two (`None`: no bound on that side).
#[derive(Clone, Copy)]
pub enum Class {
    Equal(i64),
    Between(Option<i64>, Option<i64>),
}

impl Class {
    /// Its key in the exchange sort, the static strides at `8·d`: the
    /// comparisons with them are the stride's at every value of the class
    /// (`rel`, -1, 0 or 1: a place beside another run-time stride strictly
    /// between the same static strides, below, equal or above).
    pub fn key(self, rel: i128) -> i128 {
        match self {
            Class::Equal(v) => 8 * i128::from(v),
            Class::Between(lo, _) => lo.map_or(-4, |lo| 8 * i128::from(lo) + 4) + rel,
        }
    }

    /// Whether a stride of the class may be `r` (not known to be, nor not).
    pub fn may_be(self, r: i64) -> bool {
        match self {
            Class::Equal(_) => false,
            Class::Between(lo, hi) => lo.is_none_or(|lo| lo < r) && hi.is_none_or(|hi| r < hi),
        }
    }
}

/// The classes of a stride (not negative) around the ascending distinct
/// static strides `values`, the empty ones left out.
pub fn classes(values: &[i64]) -> Vec<Class> {
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
pub fn bounds(
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

/// The alternatives (each a conjunction) for one run-time stride `d` over
/// `classes`, `at` each the fold's comparisons there (`None`: the core
/// does not take the typed modes): neighbouring classes with the same
/// comparisons joined into one range.
pub fn joined(
    d: &TokenStream,
    classes: &[Class],
    at: &[Option<Vec<TokenStream>>],
) -> Vec<Vec<TokenStream>> {
    let text = |e: &Vec<TokenStream>| quote!(#(#e)*).to_string();
    let mut alternatives = Vec::new();
    let mut i = 0;
    while i < classes.len() {
        let Some(extra) = &at[i] else {
            i += 1;
            continue;
        };
        let mut j = i;
        while at.get(j + 1).and_then(Option::as_ref).map(text) == Some(text(extra)) {
            j += 1;
        }
        let mut all = bounds(d, classes[i], classes[j], i == 0, j + 1 == classes.len());
        all.extend(extra.iter().cloned());
        alternatives.push(all);
        i = j + 1;
    }
    alternatives
}

/// The comparisons that one of `alternatives` holds: none where one is
/// empty (always), `None` where there are none (never).
pub fn any(alternatives: Vec<Vec<TokenStream>>) -> Option<Vec<TokenStream>> {
    match alternatives.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        _ if alternatives.iter().any(Vec::is_empty) => Some(Vec::new()),
        _ => {
            let each = alternatives.iter().map(|a| quote!((#(#a)&&*)));
            Some(vec![quote!((#(#each)||*))])
        }
    }
}
