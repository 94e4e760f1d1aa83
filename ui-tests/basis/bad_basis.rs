use layout_dsl::layout;

fn main() {
    // A mode after `@` is an integer literal.
    let _ = layout!((4,8):(1@x,1@1));
    let _ = layout!((4,8):(1@0,1@));
    // A mode past the 255 CuTe layouts can have.
    let _ = layout!((4,8):(1@0,1@256));
    // Only 0 mixes with scaled bases.
    let _ = layout!((4,8):(1@0,2));
    // A basis path ending where another reaches inside.
    let _ = layout!((4,8):(1@0,1@1@0));
    // A shape the strides do not follow.
    let _ = layout!((4,8):(1@0,1@1,1@2));
    // With dynamic leaves the value is the core's, at run time: one error,
    // and the code using the value reports nothing.
    let m = 4;
    let _: layout_dsl::Value = layout!((m,8):(1@0,1@256)).unwrap();
}
