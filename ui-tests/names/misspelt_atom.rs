use layout_dsl::layout;

fn main() {
    // A misspelt atom: one error, the atom it is close to, at the name
    // (not that a variable of that name is dynamic, nor that none exists).
    let _ = layout!(mma_layout(SM80_16x8x16_F16F16F16F16_TM, C));
}
