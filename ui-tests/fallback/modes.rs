// A failed typed layout still has every mode and divide method: one error, at the input.
use layout_dsl::layout;

fn main() {
    let m = 4;
    let l = layout!((m,8):(1,2,3));
    let first = l.mode::<0>().get::<1>();
    let _ = (first.size(), l.mode_size::<1>(), l.mode_shape::<0>(), l.mode_stride::<1>());
    let _ = l.logical_divide(()).unwrap().zipped_divide(()).unwrap().size();
    let _ = (l.mode_rank::<0>(), l.mode_depth::<1>(), l.mode_cosize::<0>());
    let edited = l.take::<0, 1>().select::<((), ())>().group::<0, 2>().flatten();
    let _ = l.replace::<1, _, _>(layout!(type 2:0));
    let _ = edited.append(l).prepend(l).replace::<0, _, _>(l).size();
}
