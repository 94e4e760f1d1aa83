use layout_dsl::layout;

fn main() {
    let m = 4;
    let l = layout!(({m * 2},8):(1));
    let _: usize = l.size() + l.cosize() + l.rank() + l.depth();
    const RANK: usize = layout!((4,8):(8,1,2)).rank();
    let _ = [0u8; RANK];
}
