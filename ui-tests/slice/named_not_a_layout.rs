use layout_dsl::layout;

fn main() {
    // A named value that is not a typed layout, sliced or diced: one error
    // at its name, with no note into the library (the slice around it
    // reports nothing more).
    let t = (4usize, 8usize);
    let k = 5usize;
    let j = 1usize;
    let _ = layout!(slice((_,j), #t));
    let _ = layout!(dice((_,j), #t));
    let _ = layout!(slice((_,j), #k));
    // Fine: a typed layout.
    let l = layout!((4, 8):(8, 1));
    let _ = layout!(slice((_,j), #l));
}
