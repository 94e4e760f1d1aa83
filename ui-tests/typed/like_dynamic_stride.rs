use layout_dsl::layout;
use layout_dsl::typed::MakeLike;

fn main() {
    let m = 3;
    // CuTe orders `make_layout_like`'s leaves by the strides: a dynamic
    // one is refused by a bound, so `cargo check` reports it.
    let a = layout!((4,8):(1,m));
    let _ = a.make_layout_like();
    // `make_fragment_like` of rank 2 orders mode 1 by its stride too.
    let _ = a.make_fragment_like();
    // Rank 1 takes any stride.
    let _ = layout!(8:m).make_fragment_like();
}
