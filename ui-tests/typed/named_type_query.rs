// `type` on a query of a named layout that CuTe answers with a run-time
// integer, or that the macro cannot type (`cosize`, `rank`, `depth`,
// `crd2idx`) is refused over `type cosize` (`type` and the query's name),
// as on the written-out form. One error each, there; none at the name.
//
// `type size(…)` is CuTe's static size (`Int<N>`) when the shape is
// static; where the shape has a run-time extent it is one error at the
// name that has it (rustc, `SizeInTheType`), at the written-out leaf, or
// at a value that is neither a layout nor a shape.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let m = 8;
    let a = layout!(type (2, 4):(1, 2));
    let d = layout!((m, 4):(1, m));
    let s = (C::<4>, m);
    let _ = layout!(type cosize(#d));
    let _ = layout!(type rank(#a));
    let _ = layout!(type depth(#d));
    let _ = layout!(type crd2idx(3, #a));
    // The stand-in fits the code around it, and a name used only here is
    // not unused: the one error is at `type cosize`.
    let b = layout!(type (3, 4):(4, 1));
    let n: usize = layout!(type cosize(#b)) + 1;
    let _ = n;
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
    let t = "four";
    let _ = layout!(type size(#t));
    // Fine: static sizes after `type`, and any size without it.
    let _ = layout!(type size(#a));
    let _ = layout!(type size(#d, 1));
    let _ = layout!(type size(((4,m),8):((1,4),32), 1));
    let _: usize = layout!(size(#a)) + layout!(cosize(#d)) + layout!(crd2idx(3, #a));
    let _: usize = layout!(rank(#a)) + layout!(depth(#d)) + layout!(size((#s, 4)));
}
