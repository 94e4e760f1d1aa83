use layout_dsl::layout;

fn main() {
    let _ = layout!(make_layout(composition((4,2):(1,8), 6:1), (4,8):(8,1,2), complement((2,2):(1,1))));
}
