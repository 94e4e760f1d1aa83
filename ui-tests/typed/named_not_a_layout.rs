// A named value that is not a typed layout (a tuple, an integer, a shape)
// where a typed call takes one: one error at its name, with no note into
// the library, the call around it reporting nothing more.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let (m, n) = (8usize, 6usize);
    let t = (4usize, 8usize);
    let k = 5usize;
    let s = (C::<4>, C::<2>);
    let l = layout!((m, n):(1, m));
    let thr = layout!(type (2, 2):(1, 2));
    let _: usize = layout!(crd2idx((1, 2), #t));
    let _ = layout!(type local_tile(#t, #s, (0, 0)));
    let _ = layout!(type local_partition(#t, #thr, 0));
    let _ = layout!(type outer_partition(#k, #s, (0, 0)));
    // A shape as the thread layout (CuTe's `local_partition` takes a Layout).
    let _ = layout!(type local_partition(#l, #s, 0));
    let _ = layout!(type logical_divide(#t, #s));
    let _ = layout!(type blocked_product(#t, #thr));
    let _ = layout!(type composition(#t, #l));
    let _ = layout!(type coalesce(#k));
    let _ = layout!(type complement(#t, 64));
    // Fine: typed layouts there.
    let _: usize = layout!(crd2idx((1, 2), #l));
    let _ = layout!(type local_partition(#l, #thr, 0));
}
