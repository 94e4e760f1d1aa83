use layout_dsl::layout;

fn main() {
    // A named value that is not a typed layout: one error, the slice's
    // (the base's type and check ask the slice, which has none then).
    let t = (4usize, 8usize);
    let j = 1usize;
    let _ = layout!(slice((_,j), #t));
}
