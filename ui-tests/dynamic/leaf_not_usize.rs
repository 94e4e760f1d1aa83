use layout_dsl::layout;

fn main() {
    let m: i32 = 5;
    let _ = layout!((m,4):(1,8));
}
