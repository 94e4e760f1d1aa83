use layout_dsl::layout;

// One mistake, one error: the code using the broken values still type-checks.
const SIZE: usize = layout!(size((4,8):(8,1,2)));
const TABLE: [usize; 8] = layout!(table((2,4):(4,1,0)));

fn main() {
    let l = layout!((4,8):(8,1,2));
    let offset: usize = l.crd2idx((1, 2)) + l.size() + SIZE + TABLE[0];
    println!("{l} {offset}");
}
