use layout_dsl::layout;

fn main() {
    let m = 8usize;
    // A thread coordinate of rank 3 for a thread layout of rank 2.
    let _ = layout!(type local_partition((m,12):(1,m), (2,4):(1,2), (1,0,m)));
    // The first mode's coordinate of rank 3 for a mode of rank 2.
    let _ = layout!(type local_partition((m,12):(1,m), ((2,2),4):((1,2),4), ((1,0,m),2)));
    // A static entry past its sub-mode (2 threads), beside a dynamic one.
    let _ = layout!(type local_partition((m,12):(1,m), ((2,2),4):((1,2),4), ((1,2),m)));
    // A static entry past its mode: mode 1 has 4 threads.
    let _ = layout!(local_partition((8,12):(1,8), (2,4):(1,2), (1,4)));
}
