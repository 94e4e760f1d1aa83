use layout_dsl::layout;

fn main() {
    let s = 1;
    // A typed product's complement has one mode more than `A` has leaves:
    // twelve leaves would need thirteen, past the widest typed tuple.
    let _ = layout!(type logical_product(
        (2,2,2,2,2,2,2,2,2,2,2,2):(s,2,4,8,16,32,64,128,256,512,1024,2048),
        2:1
    ));
}
