use layout_dsl::layout;

fn main() {
    // A named shape's identity layout has one coordinate entry per leaf,
    // their number `K` inferred from the flattened leaves' tuple: at most
    // 12, as the facade's flat tuples; a shape of 36 leaves is one error at
    // the name naming the limit.
    let row = (1usize, 2usize, 3usize, 4usize, 5usize, 6usize, 7usize, 8usize, 9usize, 10usize, 11usize, 12usize);
    let s = (row, row, row);
    let id = layout!(type make_identity_layout(#s));
    println!("{}", id.size());
}
