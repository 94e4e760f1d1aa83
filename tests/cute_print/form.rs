//! Which leaves of a typed layout are static, in the terms of CuTe's
//! printed answers (`_4` static, `4` dynamic): shared by the tests that
//! check a typed door against CUTLASS's prints.

use core::fmt;
use core::marker::PhantomData;

use layout_dsl::__private::Tree;
use layout_dsl::typed::Layout;

/// `S` as its static leaves by value and `_` for a dynamic one.
struct Form<S>(PhantomData<S>);

impl<S: Tree> fmt::Display for Form<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        S::write_form(f)
    }
}

/// Which leaves of a typed layout are static, as `form` writes them.
pub fn form<S: Tree, D: Tree>(_: &Layout<S, D>) -> String {
    format!("{}:{}", Form::<S>(PhantomData), Form::<D>(PhantomData))
}

/// CuTe's print in `form`'s terms: `_N` (static) is `N`, `N` is `_`.
pub fn cute_form(cute: &str) -> String {
    let (mut out, mut chars) = (String::new(), cute.chars().peekable());
    while let Some(c) = chars.next() {
        match c {
            '_' => {
                while let Some(d) = chars.next_if(char::is_ascii_digit) {
                    out.push(d);
                }
            }
            d if d.is_ascii_digit() => {
                while chars.next_if(char::is_ascii_digit).is_some() {}
                out.push('_');
            }
            c => out.push(c),
        }
    }
    out
}
