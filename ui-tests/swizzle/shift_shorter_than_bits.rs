use layout_dsl::layout;

fn main() {
    // CuTe: static_assert(abs(SShift) >= BBits); the masks would overlap.
    let _ = layout!(Sw<3,4,2>);
    let _ = layout!(composition(Sw<3,4,-2>, (8,64):(64,1)));
}
