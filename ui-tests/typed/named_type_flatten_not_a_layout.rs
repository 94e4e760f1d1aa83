// `type flatten(#A)` flattens the typed layout `A` (its own `flatten`);
// a named shape or integer there is one error at its name, with no note
// into the library (`FlattenOperand`), and the code using the result
// reports nothing more.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let s = (C::<4>, C::<2>);
    let k = 5usize;
    let f = layout!(type flatten(#s));
    let _: usize = f.size();
    let _ = layout!(type flatten(#k));
    // Fine: a typed layout, and a shape without `type` (through the core).
    let a = layout!(type ((2, 2), 4):((1, 2), 4));
    let _ = layout!(type flatten(#a));
    let _ = layout!(flatten(#s));
}
