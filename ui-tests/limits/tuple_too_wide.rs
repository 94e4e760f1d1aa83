use layout_dsl::layout;

// Rank 12 is the widest typed layout (tests/limits.rs); 13 is refused at
// the tuple, static or dynamic.
fn main() {
    let _ = layout!((1,2,3,4,5,6,7,8,9,10,11,12,13):(0,0,0,0,0,0,0,0,0,0,0,0,0));
    let m = 1;
    let _ = layout!((4,(m,2,3,4,5,6,7,8,9,10,11,12,13)):(1,(0,0,0,0,0,0,0,0,0,0,0,0,0)));
}
