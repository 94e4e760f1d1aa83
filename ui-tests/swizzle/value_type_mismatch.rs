// A swizzle is the zero-sized `typed::Swizzle<B, M, S>`: used where
// another type is wanted, rustc's mismatch is at the swizzle's tokens
// (with its note naming both types), not over the macro call.
use layout_dsl::layout;

fn main() {
    let _: u8 = layout!(Sw<3,4,3>);
    // A negative shift (its const argument braced in the expansion).
    let _: u8 = layout!(Sw<2,4,-3>);
    // A swizzle where a swizzle of other parameters is wanted.
    let _: layout_dsl::typed::Swizzle<2, 4, 3> = layout!(Sw<3,4,3>);
}
