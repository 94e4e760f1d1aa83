use layout_dsl::layout;

fn main() {
    // A misspelt atom is a bare name like any other: the user's variable,
    // which an atom's function cannot take.
    let _ = layout!(mma_layout(SM80_16x8x16_F16F16F16F16_TM, C));
}
