use layout_dsl::layout;

fn main() {
    // One `_` too many: the layout has rank 2.
    let _ = layout!(slice((_,3,_), (4,8):(8,1)));
    // A nested coordinate where the mode is a single extent.
    let _ = layout!(dice(((_,1),3), (4,8):(8,1)));
}
