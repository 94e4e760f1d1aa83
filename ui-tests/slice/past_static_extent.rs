use layout_dsl::layout;

fn main() {
    let m = 4usize;
    // A static coordinate past a static extent of a layout with a dynamic
    // leaf: refused while compiling, at the coordinate.
    let _ = layout!(slice((_,9), (m,8):(8,1)));
    // Past the probe's stand-in for a dynamic extent but inside it for
    // `m > 3`: no error here (the typed slice checks `3 < m` at run time).
    let _ = layout!(slice((3,_), (m,8):(8,1)));
}
