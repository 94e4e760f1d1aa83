// Mode ranges and indices of the editing methods are checked against the
// layout's type: each line names a mode the rank-3 layout does not have.
use layout_dsl::layout;
use layout_dsl::typed::Ix;

fn main() {
    let m = 6;
    let l = layout!((m,2,4):(1,m,{2 * m}));
    let _ = l.take::<1, 4>();
    let _ = l.take::<2, 2>();
    let _ = l.group::<2, 1>();
    let _ = l.replace::<3, _, _>(layout!(type 2:0));
    let _ = l.select::<(Ix<0>, Ix<5>)>();
}
