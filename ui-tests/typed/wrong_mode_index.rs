// Mode indices are checked against the layout's type.
use layout_dsl::layout;

fn main() {
    let m = 6;
    let l = layout!((m,(2,4)):(1,(m,{2 * m})));
    let _ = l.mode::<1>().mode::<1>();
    let _ = l.mode::<2>();
    let _ = l.mode_size::<3>();
}
