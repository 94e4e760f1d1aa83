// `type` on a query of a named layout (`size`, `cosize`, `rank`, `depth`,
// `crd2idx`) is refused at `type size`, as on the written-out form: the answer
// is an integer, and the macro cannot see the named value's type to put
// a static answer in one (a static layout's size is in its type already:
// `Layout::size` folds). One error each, there; none at the name.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let m = 8;
    let a = layout!(type (2, 4):(1, 2));
    let d = layout!((m, 4):(1, m));
    let s = (C::<4>, m);
    let _ = layout!(type size(#a));
    let _ = layout!(type cosize(#d));
    let _ = layout!(type rank(#a));
    let _ = layout!(type depth(#d));
    let _ = layout!(type crd2idx(3, #a));
    let _ = layout!(type size((#s, 4)));
    // The stand-in fits the code around it, and a name used only here is
    // not unused: the one error is at `type size`.
    let b = layout!(type (3, 4):(4, 1));
    let n: usize = layout!(type size(#b)) + 1;
    let _ = n;
    // The written-out form: the same error.
    let _ = layout!(type size((m,4):(1,m)));
    // Fine: without `type`.
    let _: usize = layout!(size(#a)) + layout!(cosize(#d)) + layout!(crd2idx(3, #a));
    let _: usize = layout!(rank(#a)) + layout!(depth(#d)) + layout!(size((#s, 4)));
}
