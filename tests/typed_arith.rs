//! `product_each`, `shape_div` and `ceil_div` of written-out tuples with
//! dynamic leaves: Rust tuples from straight-line code, equal to the
//! core's result on the same numbers, or an `AlgebraError` exactly where
//! the core refuses.

use layout_dsl::typed::AlgebraError;
use layout_dsl::{IntTuple, layout};

/// The core's tuple for `text`, `None` where it refuses.
fn core(text: &str) -> Option<IntTuple> {
    match layout_dsl::evaluate(text) {
        Ok(layout_dsl::Value::IntTuple(t)) => Some(t),
        Ok(other) => panic!("{other:?}"),
        Err(_) => None,
    }
}

fn ints(values: &[usize]) -> String {
    let items: Vec<String> = values.iter().map(usize::to_string).collect();
    format!("({})", items.join(","))
}

#[test]
fn product_each_multiplies_each_mode() {
    for m in 0..=5usize {
        for n in 0..=5usize {
            let p: (usize, usize, usize) = layout!(product_each((m, (4, n), (2, (m, 3))))).unwrap();
            let text = format!("product_each(({m},(4,{n}),(2,({m},3))))");
            assert_eq!(core(&text).unwrap().to_string(), ints(&[p.0, p.1, p.2]));
        }
    }
}

#[test]
fn ceil_div_is_the_cores() {
    for m in 0..=40usize {
        for n in 0..=9usize {
            // Grid dimensions: tiles of (16,8) over (m,n).
            let g: Result<(usize, usize), _> = layout!(ceil_div((m, n), (16, 8)));
            let text = format!("ceil_div(({m},{n}),(16,8))");
            assert_eq!(
                core(&text).unwrap().to_string(),
                ints(&[g.unwrap().0, g.unwrap().1])
            );
            // An integer divisor folded across the modes (the rest after
            // an extent 0 is a division by 0, which the core refuses).
            let f = layout!(ceil_div((m, n, 7), { n + 1 }));
            let text = format!("ceil_div(({m},{n},7),{})", n + 1);
            match (f, core(&text)) {
                (Ok(f), Some(c)) => assert_eq!(c.to_string(), ints(&[f.0, f.1, f.2])),
                (Err(_), None) => {}
                (f, c) => panic!("{text}: {f:?} vs {c:?}"),
            }
            // A tuple divisor of an integer is its size.
            let s = layout!(ceil_div((m, 9), (2, (n, 3))));
            let text = format!("ceil_div(({m},9),(2,({n},3)))");
            match (s, core(&text)) {
                (Ok(s), Some(c)) => assert_eq!(c.to_string(), ints(&[s.0, s.1])),
                (Err(e), None) => assert_eq!(
                    e,
                    AlgebraError::ZeroDivisor {
                        function: "ceil_div",
                        dividend: 9
                    }
                ),
                (s, c) => panic!("{text}: {s:?} vs {c:?}"),
            }
        }
    }
}

#[test]
fn shape_div_refuses_where_the_core_does() {
    for m in 0..=24usize {
        for n in 0..=6usize {
            let q = layout!(shape_div((m, 4, 6), { 8 * n }));
            let text = format!("shape_div(({m},4,6),{})", 8 * n);
            match (q, core(&text)) {
                (Ok(q), Some(c)) => assert_eq!(c.to_string(), ints(&[q.0, q.1, q.2])),
                (Err(_), None) => {}
                (q, c) => panic!("{text}: {q:?} vs {c:?}"),
            }
        }
    }
    let m = 6usize;
    let e = layout!(shape_div((m, 4), (4, 2))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "in `shape_div`: neither of 6 and 4 divides the other"
    );
}
