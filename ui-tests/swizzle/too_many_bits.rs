use layout_dsl::layout;

fn main() {
    // B + M + |S| past 62 bits: the masks would leave an i64.
    let _ = layout!(Sw<20,30,20>);
}
