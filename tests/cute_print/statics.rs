//! CuTe's print of a typed layout, `_` before each static leaf, read from
//! the layout's type name (shared by the `tile_to_shape` tests).

/// CuTe's print of a typed layout: its `Display`, each number marked `_`
/// where its leaf's type is static (`C<N>`, or a zero-sized leaf computed
/// from static ones, `Prod<…>`, `Copies<…>`; `usize` unmarked). The leaf
/// types are read from the type's name, parsed as its shape and stride
/// trees, in order (shape, then stride, as `Display` prints them).
pub fn cute_print<L: std::fmt::Display>(l: &L) -> String {
    let name = std::any::type_name::<L>();
    let args = &name[name.find('<').expect("a generic layout") + 1..name.len() - 1];
    let mut statics = Vec::new();
    for tree in split_top(args).into_iter().take(2) {
        leaf_kinds(tree, &mut statics);
    }
    let text = l.to_string();
    let (mut out, mut leaf, mut in_number) = (String::new(), 0, false);
    for ch in text.chars() {
        if ch.is_ascii_digit() && !in_number {
            let Some(&is_static) = statics.get(leaf) else {
                panic!("{text} has more numbers than {name} has leaves");
            };
            if is_static {
                out.push('_');
            }
            leaf += 1;
        }
        in_number = ch.is_ascii_digit();
        out.push(ch);
    }
    assert_eq!(leaf, statics.len(), "{text} against {name}");
    out
}

/// The comma-separated items of `text` outside any `<…>` or `(…)`.
fn split_top(text: &str) -> Vec<&str> {
    let (mut items, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, ch) in text.char_indices() {
        match ch {
            '<' | '(' => depth += 1,
            '>' | ')' => depth -= 1,
            ',' if depth == 0 => {
                items.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(text[start..].trim());
    items.retain(|item| !item.is_empty());
    items
}

/// Whether each leaf of the tree type `tree` is static, appended in order.
fn leaf_kinds(tree: &str, out: &mut Vec<bool>) {
    match tree.strip_prefix('(') {
        Some(inner) => {
            for item in split_top(&inner[..inner.len() - 1]) {
                leaf_kinds(item, out);
            }
        }
        None => out.push(tree != "usize"),
    }
}
