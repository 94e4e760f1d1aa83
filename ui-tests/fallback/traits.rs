use layout_dsl::layout;
use std::collections::HashSet;

fn show<T: Copy + Clone + Default + std::fmt::Debug + std::fmt::Display + Eq + std::hash::Hash>(
    t: T,
) -> String {
    format!("{t} {t:?}")
}

fn main() {
    let m = 4;
    let l = layout!((m,8):(1));
    let copy = l;
    assert!(l == copy);
    let _ = show(l.clone());
    let _ = HashSet::from([l]);
    let _ = l.to_string();
}
