//! `layout_core::evaluate` on arbitrary bytes (as UTF-8, lossily): it must
//! not panic (debug arithmetic included), an error must point inside the
//! input, and a value must print as text that evaluates back to it.
#![no_main]

use layout_core::{Value, evaluate};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    match evaluate(&src) {
        Err(e) => {
            let span = e.span().unwrap_or_else(|| panic!("{src:?}: no span on `{e}`"));
            assert!(
                span.start <= span.end && src.get(span.start..span.end).is_some(),
                "{src:?}: span {span:?} of `{e}` is not in the input"
            );
            assert!(!e.to_string().is_empty(), "{src:?}: empty message");
        }
        // A table prints as output only (`[0, 1, …]`), not as notation.
        Ok(Value::Table(_)) => {}
        Ok(v) => {
            let text = v.to_string();
            assert_eq!(evaluate(&text).as_ref(), Ok(&v), "{src:?} printed as {text}");
        }
    }
});
