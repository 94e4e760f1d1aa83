//! `Layout::coalesce_static::<R>()`: CuTe's `coalesce` of an all-static
//! typed layout at the rank the caller names, every leaf static. Rows of
//! `tests/golden/cute_coalesce_static.txt` are CUTLASS 4.7's own `print`
//! of `coalesce(layout)` (`layout|print`, a host program outside the
//! repository, g++ `-std=c++17`); each is checked here against the typed
//! answer's text, its zero size (every leaf static) and the core's
//! `coalesce`.

use layout_dsl::layout;

/// CuTe's print of `coalesce(key)` in the golden file.
fn golden(key: &str) -> &'static str {
    include_str!("golden/cute_coalesce_static.txt")
        .lines()
        .find(|row| row.starts_with(&format!("{key}|")))
        .and_then(|row| row.rsplit('|').next())
        .unwrap_or_else(|| panic!("no golden row {key}"))
}

/// The core's `coalesce` of `key`, in the notation.
fn core(key: &str) -> String {
    match layout_dsl::evaluate(&format!("coalesce({key})")) {
        Ok(layout_dsl::Value::Layout(l)) => l.to_string(),
        other => panic!("{key}: {other:?}"),
    }
}

macro_rules! rows {
    ($(($r:literal, $($l:tt)*)),* $(,)?) => {{
        let mut checked = 0;
        $(
            let key = stringify!($($l)*).replace(' ', "");
            let c = layout!(type $($l)*).coalesce_static::<$r>().unwrap();
            assert_eq!(core::mem::size_of_val(&c), 0, "{key}: every leaf static");
            assert_eq!(c.to_string(), golden(&key).replace('_', ""), "{key}");
            assert_eq!(c.to_string(), core(&key), "{key}");
            assert_eq!(c.rank(), $r, "{key}");
            checked += 1;
        )*
        checked
    }};
}

#[test]
fn cutes_coalesce_at_its_rank() {
    let checked = rows!(
        (1, (2,4):(1,2)),
        (2, ((2,4),3):((1,2),16)),
        (1, ((2,4),(1,4)):((1,2),(7,8))),
        (2, (2,(1,4)):(1,(0,4))),
        (1, (1,1):(3,7)),
        (1, (4,1):(1,0)),
        (1, (2,1,4):(1,7,2)),
        (3, (2,3,4):(3,1,6)),
        (3, (4,2,2):(2,1,8)),
        (1, (3,2,5):(2,6,12)),
        (1, (2,2):(0,0)),
        (2, (2,2,2):(-1,-2,4)),
        (1, 8:3),
        (1, 1:5),
        (3, ((4,2),(2,2)):((2,8),(1,16))),
    );
    assert_eq!(
        checked,
        include_str!("golden/cute_coalesce_static.txt")
            .lines()
            .count()
    );
}

/// The same function as the layout at every index (CuTe's promise).
#[test]
fn coalesce_static_is_the_same_function() {
    let a = layout!(type ((4,2),(2,2)):((2,8),(1,16)));
    let c = a.coalesce_static::<3>().unwrap();
    for i in 0..a.size() {
        assert_eq!(c.at(i), a.at(i), "at {i}");
    }
    let n = layout!(type (2,2,2):(-1,-2,4));
    let c = n.coalesce_static::<2>().unwrap();
    for i in 0..n.size() {
        assert_eq!(c.at(i), n.at(i), "at {i}");
    }
}
