//! A port of CuTe C++'s `right_inverse` with dynamic leaves (its
//! `coalesce` and `SortByKey` fold, CUTLASS's `layout.hpp`) and the check
//! of a typed `right_inverse` against it and the core at one value: the
//! tests of the typed path's run-time checks (typed_inverse_ties.rs,
//! typed_inverse_extents.rs).
#![allow(dead_code)]

use layout_dsl::__private::{Layout as Typed, Mode, Tree};
use layout_dsl::typed::AlgebraError;
use layout_dsl::{Layout, Value, evaluate};

/// A leaf: its value, and whether CuTe's type holds it (`_N`).
pub type Leaf = (i64, bool);

/// CuTe's `coalesce` of flat modes (`bw_coalesce`): from the last mode
/// back, a static extent 1 skipped, a mode merged into the front only
/// where the front's extent is static and `extent·stride == front stride`
/// is known while compiling (all three static).
pub fn cute_coalesce(modes: &[(Leaf, Leaf)]) -> Vec<(Leaf, Leaf)> {
    let mut out = vec![*modes.last().unwrap()];
    for &(s, d) in modes.iter().rev().skip(1) {
        if s == (1, true) {
            continue;
        }
        if out.len() == 1 && out[0].0 == (1, true) {
            out[0] = (s, d);
            continue;
        }
        let (fs, fd) = out[0];
        if fs.1 && s.1 && d.1 && fd.1 && s.0 * d.0 == fd.0 {
            out[0] = ((s.0 * fs.0, true), d);
        } else {
            out.insert(0, (s, d));
        }
    }
    out
}

/// CuTe's `right_inverse` of flat modes, as `(extent, stride)` values.
pub fn cute(modes: &[(Leaf, Leaf)]) -> Vec<(i64, i64)> {
    let flat = cute_coalesce(modes);
    let mut before = vec![1i64];
    for &((s, _), _) in &flat {
        before.push(before.last().unwrap() * s);
    }
    let mut order: Vec<usize> = (0..flat.len()).filter(|&i| flat[i].1.1).collect();
    for i in 0..order.len() {
        for j in i + 1..order.len() {
            if flat[order[j]].1.0 < flat[order[i]].1.0 {
                order.swap(i, j);
            }
        }
    }
    let (mut out, mut curr) = (vec![(1, 0)], Some(1i64));
    for i in order {
        let ((s, s_static), (d, _)) = flat[i];
        if curr == Some(d) {
            out.push((s, before[i]));
            curr = s_static.then_some(s * d);
        }
    }
    out
}

pub fn text(modes: &[(i64, i64)]) -> String {
    let (s, d): (Vec<String>, Vec<String>) = modes
        .iter()
        .map(|(s, d)| (s.to_string(), d.to_string()))
        .unzip();
    format!("({}):({})", s.join(","), d.join(","))
}

pub fn core(text: &str) -> Option<Layout> {
    match evaluate(text) {
        Ok(Value::Layout(l)) => Some(l),
        _ => None,
    }
}

/// Whether two layouts are one function: the same size and offset at
/// every index (the first and last 256 and 512 spread between where the
/// size is larger).
pub fn same(a: &Layout, b: &Layout) -> bool {
    let n = a.size();
    if n != b.size() {
        return false;
    }
    let spread = (0..512).map(|k| k * (n / 512).max(1) + k % 7);
    let mut at: Vec<i64> = (0..n.min(256)).chain((n - 256).max(0)..n).collect();
    at.extend(spread.filter(|&i| i < n));
    at.iter().all(|&i| a.at(i).unwrap() == b.at(i).unwrap())
}

/// One value of a family: `typed` at `v` against the core's layout of
/// `call` and CuTe's rule on `modes`; whether it answered.
pub fn check<S: Mode<D>, D: Tree>(
    call: &str,
    modes: &[(Leaf, Leaf)],
    typed: Result<Typed<S, D>, AlgebraError>,
) -> bool {
    check_under(None, call, modes, typed)
}

/// [`check`] of a `right_inverse` under the one-argument call `outer`
/// (`complement`): CuTe's layout is `outer` of CuTe's inverse, and the
/// outer call's own refusal of a run-time extent 1 is allowed where
/// `modes` has one.
pub fn check_under<S: Mode<D>, D: Tree>(
    outer: Option<&str>,
    call: &str,
    modes: &[(Leaf, Leaf)],
    typed: Result<Typed<S, D>, AlgebraError>,
) -> bool {
    let Some(want) = core(call) else {
        // An extent 0: the core refuses, and so does the typed path.
        assert!(typed.is_err(), "{call}: typed answers, the core refuses");
        return false;
    };
    let inverse = text(&cute(modes));
    let cute = match outer {
        Some(f) => core(&format!("{f}({inverse})")).unwrap(),
        None => core(&inverse).unwrap(),
    };
    let agree = same(&cute, &want);
    match typed {
        Ok(t) => {
            let got = t.to_core().unwrap();
            assert!(same(&got, &want), "{call}: typed {got}, core {want}");
            assert!(
                agree,
                "{call}: typed {got}, CuTe's {cute} is not the core's {want}"
            );
            true
        }
        Err(AlgebraError::ZeroExtent { .. }) => {
            assert!(modes.iter().any(|m| m.0.0 == 0), "{call}");
            false
        }
        // The outer `complement`'s own refusal (shape.rs): the typed
        // inverse has a run-time extent 1, which CuTe's complement keeps
        // (a hole of its stride, so CuTe's size is not the core's).
        Err(AlgebraError::UnitExtent { .. }) if outer.is_some() => {
            assert!(modes.iter().any(|m| m.0 == (1, false)), "{call}");
            false
        }
        Err(e) => {
            assert!(
                !agree,
                "{call}: refused ({e}), CuTe's {cute} is the core's {want}"
            );
            false
        }
    }
}

/// The values swept: 0..=300 and 64 random ones up to 2^40.
pub fn values() -> Vec<usize> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut v: Vec<usize> = (0..=300).collect();
    v.extend((0..64).map(|_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % (1 << 40)) as usize
    }));
    v
}

/// Sweep a family (in a test file declaring this module `inverse_port`):
/// `$typed` with the leaf `v`, the core's call text and the flat modes
/// CuTe sees; the values it answered.
#[allow(unused_macros)]
macro_rules! sweep {
    ($call:literal, $modes:expr, |$v:ident| $typed:expr) => {{
        let mut answered = Vec::new();
        for $v in inverse_port::values() {
            let call = $call.replace("{v}", &$v.to_string());
            if inverse_port::check(&call, &$modes, $typed) {
                answered.push($v);
            }
        }
        answered
    }};
}

pub fn mode(extent: usize, stride: usize) -> AlgebraError {
    AlgebraError::InverseMode {
        function: "right_inverse",
        extent,
        stride,
    }
}

pub const fn s(v: usize) -> Leaf {
    (v as i64, true)
}

pub const fn d(v: usize) -> Leaf {
    (v as i64, false)
}
