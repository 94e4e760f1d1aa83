// A failed typed layout passed to generic code: one error, at the input.
use layout_dsl::layout;
use layout_dsl::typed::TypedLayout;

fn last<L: TypedLayout>(l: &L) -> L::Offset {
    l.at(l.size() - 1)
}

fn main() {
    let m = 4;
    let l = layout!((m,8):(1,2,3));
    let _ = last(&l);
}
