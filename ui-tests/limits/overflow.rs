use layout_dsl::layout;

fn main() {
    const N: usize = layout!(size((4294967296,4294967296):(1,1)));
    let _ = N;
}
