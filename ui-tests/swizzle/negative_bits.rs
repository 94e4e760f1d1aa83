use layout_dsl::layout;

fn main() {
    // CuTe: static_assert(BBits >= 0)
    let _ = layout!(Sw<-1,3,3>);
}
