use layout_dsl::layout;

fn main() {
    let (m, j) = (4usize, 3usize);
    // A named layout's dice: rustc checks the rank, at the coordinate.
    let a = layout!((m,8):(8,1));
    let _ = layout!(dice((_,j,1), #a));
    // A nested coordinate where the named layout's mode is one extent.
    let _ = layout!(dice(((_,1),j), #a));
}
