use layout_dsl::layout;

fn main() {
    // One `_` too many: the layout has rank 2.
    let _ = layout!(slice((_,3,_), (4,8):(8,1)));
    // A nested coordinate where the mode is a single extent.
    let _ = layout!(dice(((_,1),3), (4,8):(8,1)));
    // One mistake, one error: the stand-in is still a (layout, base) pair.
    let (column, base) = layout!(slice((_,3,1), (4,8):(8,1)));
    let _ = (column.crd2idx(2), base + 1);
}
