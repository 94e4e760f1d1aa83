//! The registry's own consistency: usage lines, examples, names, arity words.
use super::*;

/// The arguments a usage line shows: (least, most), `usize::MAX` for `…`.
fn usage_arity(usage: &str) -> (usize, usize) {
    let inner = &usage[usage.find('(').unwrap() + 1..usage.len() - 1];
    let (mut min, mut max, mut depth) = (1, 1, 0);
    for c in inner.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => min += 1,
            _ => {}
        }
        if c == ',' {
            max += 1;
        }
    }
    if inner.contains('…') {
        max = usize::MAX;
    }
    (min, max)
}

#[test]
fn every_usage_line_agrees_with_its_arity_and_name() {
    for f in FUNCTIONS {
        assert!(f.usage.starts_with(&format!("{}(", f.name)), "{}", f.usage);
        let (min, max) = usage_arity(f.usage);
        assert_eq!(min..=max, f.arity, "{}", f.usage);
        assert!(
            f.args.len() <= max,
            "{}: more argument kinds than arguments",
            f.name
        );
    }
}

#[test]
fn every_example_calls_its_function_and_evaluates() {
    for f in FUNCTIONS {
        let expr = crate::notation::parse(f.example).unwrap();
        let crate::expr::ExprKind::Call { name, args, .. } = &expr.kind else {
            panic!("{}: the example is not a call", f.name);
        };
        assert_eq!(name, f.name);
        assert!(f.arity.contains(&args.len()), "{}", f.example);
        let value = crate::eval(&expr).unwrap_or_else(|e| panic!("{}: {e}", f.example));
        if let Returns::Always(kind) = f.returns {
            let got = match value {
                Value::IntTuple(crate::IntTuple::Int(_)) => Kind::Int,
                Value::IntTuple(_) => Kind::IntTuple,
                Value::Layout(_) => Kind::Layout,
                Value::View(_) => Kind::View,
                Value::Table(_) => Kind::Table,
                Value::Bool(_) => Kind::Bool,
                Value::Swizzle(_) => Kind::Swizzle,
                Value::Composed(_) => Kind::Composed,
                Value::BasisLayout(_) => Kind::BasisLayout,
                other => panic!("{}: {other}", f.example),
            };
            // An integer is an integer tuple too.
            let fits = got == kind || (kind == Kind::IntTuple && got == Kind::Int);
            assert!(fits, "{}: {kind:?} expected, got {got:?}", f.example);
        }
    }
}

#[test]
fn names_are_unique() {
    let all: alloc::vec::Vec<&Function> = FUNCTIONS.iter().collect();
    for (i, f) in all.iter().enumerate() {
        assert!(all[..i].iter().all(|g| g.name != f.name), "{}", f.name);
    }
}

#[test]
fn arity_words_come_from_the_numbers() {
    let words = |arity: RangeInclusive<usize>| {
        let f = Function {
            arity,
            ..function("size").unwrap().clone()
        };
        f.arity_in_words()
    };
    assert_eq!(words(0..=0), "0 arguments");
    assert_eq!(words(1..=1), "1 argument");
    assert_eq!(words(3..=3), "3 arguments");
    assert_eq!(words(2..=3), "2 or 3 arguments");
    assert_eq!(words(1..=4), "1 to 4 arguments");
    assert_eq!(words(1..=usize::MAX), "at least 1 argument");
    assert_eq!(words(2..=usize::MAX), "at least 2 arguments");
}
