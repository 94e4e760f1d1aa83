//! Laws of CuTe's mode editing, analysis and integer-tuple arithmetic on
//! random layouts, checked point by point or against brute force (the
//! layouts have at most `MAX_SIZE` coordinates). 512 cases per law, or
//! `PROPTEST_CASES`.

mod common;

use std::collections::BTreeSet;

use common::*;
use layout_core::{
    IntTuple, Layout, append, coalesce, compatible, congruent, crd2crd, filter, filter_zeros,
    flatten, get, group, idx2crd, max_alignment, max_common_layout, max_common_vector, nullspace,
    prepend, product_each, replace, select, take, unflatten, weakly_congruent,
};
use proptest::prelude::*;

const CASES: u32 = 512;

fn offsets(l: &Layout) -> Vec<i64> {
    l.offsets().collect()
}

fn is_injective(l: &Layout) -> bool {
    let all = offsets(l);
    all.iter().collect::<BTreeSet<_>>().len() == all.len()
}

/// Layouts `max_common_vector`'s brute force can invert: bijections onto
/// `0..size`, or injective ones with holes.
fn invertible() -> impl Strategy<Value = Layout> {
    prop_oneof![compact_layout(), injective()]
}

/// The largest `n` such that for every offset `j < n` the index `i` where
/// `B(i) = j` exists and `A(i) = j` (at least 1: `A(0) = B(0) = 0`).
fn brute_common_vector(a: &Layout, b: &Layout) -> i64 {
    let index_of: std::collections::BTreeMap<i64, i64> = b.offsets().zip(0..).collect();
    let mut n = 1;
    // Past A's size, A's last mode extends (as composition reads it).
    while let Some(&i) = index_of.get(&n) {
        match a.at(i) {
            Ok(o) if o == n => n += 1,
            _ => break,
        }
    }
    n
}

/// Whether some layout of size `f.len()` takes the values `f` (`f[0] = 0`):
/// in coalesced form its first mode `t:f[1]` runs until the values leave
/// that line, `t` must divide the size, and the rest is a layout over the
/// blocks of `t` (`f(i) = f(i mod t) + f(t·(i div t))`).
fn is_a_layout(f: &[i64]) -> bool {
    let n = f.len();
    if n <= 1 {
        return f.first().is_none_or(|&v| v == 0);
    }
    let d = f[1];
    let t = (1..n).find(|&i| f[i] != i as i64 * d).unwrap_or(n);
    if n % t != 0 || f[0] != 0 {
        return false;
    }
    let rest: Vec<i64> = (0..n / t).map(|k| f[k * t]).collect();
    (0..n).all(|i| f[i] == f[i % t] + rest[i / t]) && (t == n || is_a_layout(&rest))
}

#[test]
fn is_a_layout_knows_layouts_from_other_functions() {
    assert!(is_a_layout(&[0, 7, 14]));
    assert!(is_a_layout(&[0, 1, 8, 9, 16, 17]));
    assert!(!is_a_layout(&[0, 7, 56]));
    assert!(!is_a_layout(&[0, 1, 8, 9, 17, 18]));
    // The case that found this: the indices where B reads 0, 1, 2.
    let a: Layout = "(3,1):(1,0)".parse().unwrap();
    let b: Layout = "((7),1,(2,4,3)):((24),168,(1,6,2))".parse().unwrap();
    assert_eq!(max_common_vector(&a, &b).unwrap(), 3);
    assert!(max_common_layout(&a, &b).is_err());
}

/// A valid `[begin, end)` of `l`'s modes, from two random numbers.
fn range_of(l: &Layout, x: usize, y: usize) -> (usize, usize) {
    let r = l.rank().max(1);
    let (b, e) = (x % r, y % r + 1);
    (b.min(e - 1), b.max(e))
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn get_after_append_is_the_appended_mode(l in layout(), m in small_layout()) {
        let r = if l.shape().is_int() { 1 } else { l.rank() };
        let Ok(appended) = append(&l, &m) else { return Ok(()) };
        prop_assert_eq!(get(&appended, &[r]).unwrap(), m.clone());
        let prepended = prepend(&l, &m).unwrap();
        prop_assert_eq!(get(&prepended, &[0]).unwrap(), m);
        // The old modes stay, one place on for prepend (none for `()`).
        for k in 0..r {
            prop_assert_eq!(get(&appended, &[k]).unwrap(), get(&l, &[k]).unwrap());
            prop_assert_eq!(get(&prepended, &[k + 1]).unwrap(), get(&l, &[k]).unwrap());
        }
    }

    #[test]
    fn get_after_append_on_tuples(t in shape(), m in shape()) {
        let r = t.rank();
        prop_assert_eq!(get(&append(&t, &m).unwrap(), &[r]).unwrap(), m.clone());
        prop_assert_eq!(get(&prepend(&t, &m).unwrap(), &[0]).unwrap(), m);
    }

    #[test]
    fn group_and_flatten_keep_the_function(l in layout(), x in 0..8usize, y in 0..8usize) {
        prop_assume!(l.rank() > 0);
        let (b, e) = range_of(&l, x, y);
        let g = group(&l, b, e).unwrap();
        prop_assert_eq!(offsets(&g), offsets(&l));
        prop_assert_eq!(g.rank(), l.rank() - (e - b) + 1);
        prop_assert_eq!(offsets(&flatten(&g)), offsets(&l));
        // (A single mode grouped becomes a tuple; flatten keeps that.)
        if !l.shape().is_int() {
            prop_assert_eq!(flatten(&g), flatten(&l));
        }
    }

    #[test]
    fn unflatten_undoes_flatten(l in layout()) {
        let flat = flatten(&l);
        prop_assert_eq!(unflatten(&flat, l.shape()).unwrap(), l);
    }

    #[test]
    fn take_and_select_pick_the_modes_get_gives(l in layout(), x in 0..8usize, y in 0..8usize) {
        prop_assume!(l.rank() > 0);
        let (b, e) = range_of(&l, x, y);
        let picked: Vec<usize> = (b..e).rev().collect();
        let s = select(&l, &picked).unwrap();
        for (k, &i) in picked.iter().enumerate() {
            prop_assert_eq!(get(&s, &[k]).unwrap(), get(&l, &[i]).unwrap());
        }
        let t = take(&l, b, e).unwrap();
        let forward: Vec<usize> = (b..e).collect();
        prop_assert_eq!(t, select(&l, &forward).unwrap());
    }

    #[test]
    fn replace_changes_one_mode(l in layout(), m in small_layout(), x in 0..8usize) {
        prop_assume!(l.rank() > 0);
        let i = x % l.rank();
        let Ok(r) = replace(&l, i, &m) else { return Ok(()) };
        if l.shape().is_int() {
            // A single mode's mode 0 is itself: it is replaced whole.
            prop_assert_eq!(r, m);
            return Ok(());
        }
        prop_assert_eq!(get(&r, &[i]).unwrap(), m);
        for k in (0..l.rank()).filter(|&k| k != i) {
            prop_assert_eq!(get(&r, &[k]).unwrap(), get(&l, &[k]).unwrap());
        }
    }

    #[test]
    fn max_common_vector_is_the_brute_force_prefix(
        a in prop_oneof![layout(), invertible()],
        b in invertible(),
        same in any::<bool>(),
    ) {
        let a = if same { b.clone() } else { a };
        prop_assume!(is_injective(&b));
        let n = max_common_vector(&a, &b).unwrap();
        prop_assert_eq!(n, brute_common_vector(&a, &b), "{} {}", a, b);
        // The indices where B reads 0..n: a layout of size n exactly when
        // some layout takes those values (brute force).
        let index_of: std::collections::BTreeMap<i64, i64> = b.offsets().zip(0..).collect();
        let indices: Vec<i64> = (0..n).map(|j| index_of[&j]).collect();
        match max_common_layout(&a, &b) {
            Ok(r) => {
                prop_assert_eq!(r.size(), n);
                for (j, i) in (0..).zip(r.offsets()) {
                    prop_assert_eq!((a.at(i).unwrap(), b.at(i).unwrap()), (j, j));
                }
            }
            Err(e) => {
                prop_assert!(n > 1 && !is_a_layout(&indices), "{} {}: {}", a, b, e);
            }
        }
    }

    #[test]
    fn nullspace_indices_map_to_zero(l in layout()) {
        let n = nullspace(&l).unwrap();
        let zeros = offsets(&l).iter().filter(|&&o| o == 0).count() as i64;
        let indices: BTreeSet<i64> = n.offsets().collect();
        prop_assert_eq!(indices.len() as i64, n.size(), "distinct indices");
        for i in indices {
            prop_assert!(i < l.size() && l.at(i).unwrap() == 0);
        }
        // All zeros are found when the rest of the layout is injective.
        if is_injective(&filter_zeros(&l)) {
            prop_assert_eq!(n.size(), zeros.max(1));
        }
    }

    #[test]
    fn filter_is_coalesced_filter_zeros(l in layout()) {
        let fz = filter_zeros(&l);
        let set = |l: &Layout| offsets(l).into_iter().collect::<BTreeSet<_>>();
        prop_assert_eq!(set(&fz), set(&l));
        prop_assert_eq!(filter(&l).unwrap(), coalesce(&fz));
    }

    #[test]
    fn cosize_is_one_past_the_largest_offset(l in layout()) {
        prop_assume!(l.size() > 0);
        prop_assert_eq!(l.cosize(), offsets(&l).into_iter().max().unwrap() + 1);
    }

    #[test]
    fn max_alignment_runs_are_aligned_and_whole(l in invertible()) {
        let n = max_alignment(&l).unwrap();
        let set: BTreeSet<i64> = l.offsets().collect();
        for &o in &set {
            let start = o - o % n;
            prop_assert!((start..start + n).all(|p| set.contains(&p)), "{} n={}", l, n);
        }
    }

    #[test]
    fn shape_relations_hold_where_they_must(s in shape(), t in shape()) {
        prop_assert!(congruent(&s, &s) && weakly_congruent(&s, &s) && compatible(&s, &s));
        let each = product_each(&s).unwrap();
        prop_assert!(compatible(&each, &s) || s.is_int());
        prop_assert!(compatible(&IntTuple::Int(s.size().unwrap()), &s));
        prop_assert_eq!(each.size().unwrap(), s.size().unwrap());
        if congruent(&s, &t) {
            prop_assert!(weakly_congruent(&s, &t) && weakly_congruent(&t, &s));
        }
        if compatible(&s, &t) {
            prop_assert!(weakly_congruent(&s, &t));
            prop_assert_eq!(s.size().unwrap(), t.size().unwrap());
        }
    }

    #[test]
    fn crd2crd_carries_the_index(s in shape(), x in 0..1024i64) {
        let size = s.size().unwrap();
        prop_assume!(size > 0);
        let i = x % size;
        let c = idx2crd(&IntTuple::Int(i), &s).unwrap();
        prop_assert_eq!(crd2crd(&c, &s, &IntTuple::Int(size)).unwrap(), IntTuple::Int(i));
    }
}

/// `group<B,B>` is allowed (it changes nothing), so a refused `group`
/// must not call its range "non-empty"; `take<B,B>` is refused, and its
/// message says why.
#[test]
fn range_errors_say_what_each_function_needs() {
    let l: Layout = "(2,3,4):(1,2,6)".parse().unwrap();
    assert_eq!(group(&l, 0, 0).unwrap(), l);
    assert_eq!(group(&l, 3, 3).unwrap(), l);
    assert_eq!(
        group(&l, 2, 5).unwrap_err().to_string(),
        "modes [2,5) are not a range of the value's 3 modes"
    );
    assert_eq!(
        group(&l, 2, 1).unwrap_err().to_string(),
        "modes [2,1) are not a range of the value's 3 modes"
    );
    assert_eq!(
        layout_core::take(&l, 1, 1).unwrap_err().to_string(),
        "modes [1,1) are not a non-empty range of the value's 3 modes"
    );
}
