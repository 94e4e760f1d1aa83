// `type` on a query puts CuTe's static answer (`Int<N>`) in a type: `size`
// where the extents are static, `rank` and `depth` always (the nesting is
// in the type), `cosize` where every extent and stride is static,
// `crd2idx` where the coordinate and the leaves it reads are (the strides
// of the modes it enters, the extents it splits an integer over). Where the answer reads a
// run-time leaf it is a run-time integer, which no type holds: one error,
// at the written-out leaf (the macro), or at the name whose type has it
// (rustc, through the trait's own function: `SizeInTheType`,
// `CosizeInTheType`, `Crd2idxInTheType`), or at a value of the wrong kind.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let m = 8;
    let i = 3;
    let a = layout!(type (2, 4):(1, 2));
    let d = layout!((m, 4):(1, m));
    let s = (C::<4>, m);
    // Cosize: a run-time leaf of the named layout, a shape (no cosize).
    let _ = layout!(type cosize(#d));
    let _ = layout!(type cosize(#d, 1));
    let _ = layout!(type cosize(#s));
    // Written out: at the leaf, extent or stride, of the mode asked.
    let _ = layout!(type cosize((m,4):(1,m)));
    let _ = layout!(type cosize((4,8):(m,1)));
    let _ = layout!(type cosize(((4,m),8):((1,4),32), 0));
    // Offsets: a run-time coordinate, a run-time leaf of the layout, a
    // coordinate of another rank.
    let _ = layout!(type crd2idx(i, #a));
    let _ = layout!(type crd2idx((1, i), #a));
    let _ = layout!(type crd2idx(3, #d));
    // An integer split over a run-time extent reads it (CuTe: run-time).
    let r = layout!((m, 8):(8, 1));
    let _ = layout!(type crd2idx(3, #r));
    let _ = layout!(type crd2idx((1, 2, 3), #a));
    let _ = layout!(type crd2idx(3, (m,4):(1,m)));
    let _ = layout!(type crd2idx((1,1), (4,8):(m,1)));
    // A negative entry: a typed layout's coordinates are `usize`s.
    let _ = layout!(type crd2idx((1, -1), #a));
    // Rank and depth: no such mode, neither a layout nor a shape.
    let _ = layout!(type rank(#a, 2));
    let t = "four";
    let _ = layout!(type depth(#t));
    // A mode index that is no integer literal; an operand computed by a
    // call with run-time leaves, which the macro cannot see.
    let k = 1;
    let _ = layout!(type cosize(#a, k));
    let _ = layout!(type rank(logical_divide((m,4):(1,m), 2:1)));
    // Run-time sizes: at the name, at the leaf.
    let _ = layout!(type size(#d));
    let _ = layout!(type size((#a, #s)));
    let _ = layout!(type size((#a, m)));
    let _ = layout!(type size((m,4):(1,m)));
    let _ = layout!(type size(((4,m),8):((1,4),32), 0));
    let _ = layout!(type size(#d, 0));
    // No such mode.
    let _ = layout!(type size(#a, 2));
    // Neither a layout nor a shape.
    let _ = layout!(type size(#t));
    // Fine: static answers after `type`, and any answer without it.
    let _: C<2> = layout!(type rank((m,4):(1,m)));
    let _ = (layout!(type rank(#d)), layout!(type depth(#s)), layout!(type rank(#d, 1)));
    let e = layout!((4, m):(1, 4));
    let _ = (layout!(type cosize(#a)), layout!(type cosize(#e, 0)), layout!(type crd2idx((1, 3), #a)));
    // An offset that reads no run-time leaf: the last mode takes the rest.
    let _ = (layout!(type crd2idx(3, #e)), layout!(type crd2idx((1,2), (m,8):(8,1))));
    let _ = layout!(type size(#a));
    let _ = layout!(type size(#d, 1));
    let _ = layout!(type size(((4,m),8):((1,4),32), 1));
    let _: usize = layout!(size(#a)) + layout!(cosize(#d)) + layout!(crd2idx(3, #a));
    let _: usize = layout!(rank(#a)) + layout!(depth(#d)) + layout!(size((#s, 4)));
}
