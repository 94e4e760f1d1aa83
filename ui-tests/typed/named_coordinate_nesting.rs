// A named layout's nested `crd2idx` coordinate is asked one tuple at a
// time: a tuple entry that does not nest in its mode is one error at its
// `(`, with no note (one check of the whole nesting reported it, then the
// method's bound again with its note).
use layout_dsl::layout;

fn main() {
    let (m, j) = (4usize, 3usize);
    let a = layout!((m,8):(8,1));
    let b = layout!(((2,m),(8,4)):((1,2),(8,64)));
    // A tuple where the mode is one extent:
    let _: usize = layout!(crd2idx(((1,2),j), #a));
    // A tuple entry of another rank than its mode's:
    let _: usize = layout!(crd2idx((1,(2,3,4)), #b));
    // Two levels down:
    let _: usize = layout!(crd2idx(((1,(1,2)),(2,3)), #b));
    // The top-level rank first: one error at the coordinate.
    let _: usize = layout!(crd2idx(((1,2),(2,3),1), #b));
    // Fine: nested like the layout, or one integer for a tuple mode.
    let _: usize = layout!(crd2idx(((1,2),(j,1)), #b));
    let _: usize = layout!(crd2idx((5,(j,1)), #b));
}
