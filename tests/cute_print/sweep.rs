//! The value sweep of the grid tests of the typed rewrites: each call of
//! a test's `calls(m)` says whether the typed door answered at `m` and
//! whether the core did; the sweep counts both per call.

/// Per call of `calls(m)`, over `values`: how many values the typed door
/// answered, and the values where the core answers but the typed door
/// refused.
pub fn sweep(
    values: impl IntoIterator<Item = usize>,
    calls: impl Fn(usize) -> Vec<(bool, bool)>,
) -> (Vec<usize>, Vec<Vec<usize>>) {
    let (mut typed, mut only_core) = (Vec::new(), Vec::new());
    for m in values {
        let answers = calls(m);
        typed.resize(answers.len(), 0);
        only_core.resize(answers.len(), Vec::new());
        for (k, (t, core)) in answers.into_iter().enumerate() {
            typed[k] += usize::from(t);
            if core && !t {
                only_core[k].push(m);
            }
        }
    }
    println!("typed, by call: {typed:?}");
    println!("the core's alone, by call: {only_core:?}");
    (typed, only_core)
}
