use layout_dsl::layout;

fn main() {
    // CuTe: static_assert(MBase >= 0)
    let _ = layout!(Sw<3,-4,3> o 0 o (8,64):(64,1));
}
