use layout_dsl::layout;

// One mistake, one error: the indexing methods of a layout that failed to
// compile accept what a real one would, and return what it would.
fn main() {
    let (m, k) = (4, 8);
    let l = layout!((m,k):(1));
    let offset: usize = l.crd2idx((1, 2)) + l.crd2idx(3) + l.at(5);
    let (i, j) = l.idx2crd(offset);
    let _: usize = i + j;
    let _: Option<usize> = l.checked_at(5).or(l.checked_crd2idx((1, 2)));

    // A method call written in the notation returns the method's type.
    let _ = layout!(crd2idx((m, 1), (m,k):(1))).leading_zeros() + layout!(size((m,k):(1))).count_ones();

    let signed = layout!((4,8):(-8,1,2));
    let _: isize = signed.crd2idx((1, 2)) + signed.at(3);
    let _: Option<isize> = signed.checked_at(3);
}
