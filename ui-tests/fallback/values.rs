use layout_dsl::layout;

// Integers, tuples, tables and tilers that failed to compile still fit
// their context, and no warning follows them.
const SIZE: usize = layout!(size((4,8):(8,1,2)));
const TABLE: [usize; 8] = layout!(table((2,4):(4,1,0)));
const COORD: (usize, usize) = layout!(idx2crd(5, (2,4x)));

fn main() {
    let (a, b) = layout!(<2:1, 4:(1,2)>);
    let (c, (d, e)) = layout!(<3, <4, 5:(1,2)>>);
    let (i, (j, k)) = layout!((1, (2, 3x)));
    let _: usize = SIZE + TABLE[0] + COORD.0 + a.size() + b.size() + c.size() + d.size() + e.size() + i + j + k;
    // A misspelt function stands for the one meant, and nothing after it is
    // "unreachable".
    let tiles = layout!(zipped_divde((4,8):(8,1), (2,2)));
    println!("{tiles} {}", tiles.size());
    let p = 5;
    let _ = layout!(crd2idx((p, 1), (4,8):(8,1,2)));
}
