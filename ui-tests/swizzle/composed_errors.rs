use layout_dsl::layout;

fn main() {
    // Every independent mistake, each at its tokens.
    let m = 8;
    let _ = layout!(Sw<3,4,1> o 0 o (m,64):(64,1,2));
    // The outer function must be a swizzle.
    let _ = layout!((4,8):(8,1) o 0 o (8,64):(64,1));
    // `o` comes in pairs.
    let _ = layout!(Sw<3,4,3> o (8,64):(64,1));
    // A swizzle has three parameters.
    let _ = layout!(Sw<3,4>);
    let _: u8 = layout!(Sw<3,4,3>);
}
