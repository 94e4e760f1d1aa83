//! CuTe's rest of a divide by a static tiler `T` of a layout `A` with a
//! run-time leaf: `complement(T, shape(A))`, whose last part is
//! `coalesce(⌈shape(A) / span⌉)` (CUTLASS `include/cute/layout.hpp`,
//! `detail::complement`; `ceil_div` of a tuple by an integer in
//! `int_tuple.hpp`): leaf by leaf `⌈a_i / b_i⌉`, the divisor carried on as
//! `b_(i+1) = ⌈b_i / a_i⌉` from `b_0 = span`, static up to `A`'s first
//! run-time leaf and run-time after it (its divisor is), then coalesced
//! into one static and one run-time extent at strides `span` and
//! `span · S`. The core's rest is one extent `⌈size A / span⌉`; the two
//! are the same function where the static extent `S` times the run-time
//! one is that extent at every value, which [`static_part`] decides while
//! compiling, so the typed result needs no run-time check for it.

use layout_core::expr::{Expr, ExprKind};

/// The static first extent `S` of CuTe's rest `coalesce(⌈shape(A) /
/// span⌉)` (its `ceil_div` of a tuple by an integer: leaf by leaf, the
/// divisor carried on as `⌈b / a_i⌉`; static up to `A`'s first dynamic
/// leaf, one dynamic extent after it), where it is exact at every value:
/// the static leaves before it hold `span` whole (their product `P` a
/// multiple of `span`, so `⌈size A / span⌉ = (P / span) · (size A / P)`
/// and `S = P / span`). 1 otherwise (the rest one dynamic leaf, as
/// before), or with no static leaf before the first dynamic one.
pub fn static_part(extents: &[Expr], span: i64) -> i64 {
    let (mut p, mut s, mut b) = (1i64, 1i64, span);
    for x in extents {
        let ExprKind::Int(n) = x.kind else { break };
        if n <= 0 {
            return 1;
        }
        let Some(next) = p.checked_mul(n) else {
            return 1;
        };
        p = next;
        s = match s.checked_mul((n + b - 1) / b) {
            Some(s) => s,
            None => return 1,
        };
        b = (b + n - 1) / n;
    }
    if b == 1 && p % span == 0 && s == p / span {
        s
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(n: i64) -> Expr {
        Expr::new(ExprKind::Int(n), layout_core::Span::new(0, 0))
    }

    /// CuTe's `ceil_div` fold over the leaves: the rest's extents.
    fn cute_rest(leaves: &[i64], span: i64) -> Vec<i64> {
        let mut b = span;
        let mut out = Vec::new();
        for &a in leaves {
            out.push((a + b - 1) / b);
            b = (b + a - 1) / a;
        }
        out
    }

    /// Where `S > 1`: `S · (size / P)` is the core's `⌈size / span⌉` and
    /// CuTe's rest (its static leaves' product `S`, the rest the run-time
    /// leaves' product) at every run-time value `m` and static suffix.
    #[test]
    fn the_static_extent_is_exact_at_every_value() {
        let mut exact = 0;
        for span in 1..=24i64 {
            for a in 1..=8i64 {
                for b in 1..=8i64 {
                    let prefix = [a, b];
                    let dynamic = Expr::new(ExprKind::Dynamic(0), layout_core::Span::new(0, 0));
                    let extents = [int(a), int(b), dynamic];
                    let s = static_part(&extents, span);
                    let p = a * b;
                    if s == 1 {
                        continue;
                    }
                    exact += 1;
                    assert_eq!(s * span, p, "{prefix:?} {span}");
                    for m in 0..=20i64 {
                        for tail in [1i64, 3, 4] {
                            let size = p * m * tail;
                            let rest = size / p;
                            assert_eq!(s * rest, (size + span - 1) / span, "{prefix:?} {span} {m}");
                            if m > 0 {
                                let cute = cute_rest(&[a, b, m, tail], span);
                                assert_eq!(cute[0] * cute[1], s, "{prefix:?} {span}");
                                assert_eq!(cute[2] * cute[3], rest, "{prefix:?} {span} {m}");
                            }
                        }
                    }
                }
            }
        }
        // Not vacuous: (2,6) by 4, (4,3) by 6, (8,8) by 16, …
        assert!(exact > 50, "{exact}");
        let e = |v: &[i64]| v.iter().map(|&n| int(n)).collect::<Vec<_>>();
        // The leaves before `m` not holding the span: one extent.
        assert_eq!(static_part(&e(&[3, 4]), 2), 1);
        // `((4,(3,2)),3,1,{2})` by `12:1`: CuTe's `(_6,2):(_12,_72)`.
        let mut v = e(&[4, 3, 2, 3, 1]);
        v.push(Expr::new(
            ExprKind::Dynamic(0),
            layout_core::Span::new(0, 0),
        ));
        assert_eq!(static_part(&v, 12), 6);
    }
}
