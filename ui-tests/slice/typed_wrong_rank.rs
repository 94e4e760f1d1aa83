use layout_dsl::layout;

fn main() {
    let (m, j) = (4usize, 3usize);
    // A dynamic coordinate of the wrong rank: the macro sees the layout.
    let _ = layout!(slice((_,j,1), (4,8):(8,1)));
    // A dynamic leaf, one `_` too many.
    let _ = layout!(slice((_,3,_), (m,8):(8,1)));
    // A named layout: rustc checks the rank, at the coordinate.
    let a = layout!((m,8):(8,1));
    let _ = layout!(slice((_,j,1), #a));
    // A nested coordinate where the named layout's mode is one extent.
    let _ = layout!(slice(((_,1),j), #a));
    // One mistake, one error: the stand-in is still the typed `Result`.
    let (column, base) = layout!(slice((_,j,_), (m,8):(8,1))).unwrap();
    let _ = (column.to_string(), base + 1);
    let diced = layout!(dice((_,j,_), (m,8):(8,1)));
    let _ = diced.to_string();
}
