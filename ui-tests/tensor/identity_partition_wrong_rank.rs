// The typed identity tensor's `local_partition` takes the same thread
// layouts as `tensor::typed::local_partition`: a rank-3 thread layout over
// a rank-2 shape is one compile error, at the thread layout.
use layout_dsl::layout;
use layout_dsl::tensor::typed;

fn main() {
    let (m, n) = (64usize, 32usize);
    let c = typed::make_identity_tensor((m, n));
    let threads = layout!(type (2,2,2):(1,2,4));
    let _ = c.local_partition(&threads, 0);
}
