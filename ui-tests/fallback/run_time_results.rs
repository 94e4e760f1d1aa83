use layout_dsl::layout;

// Forms evaluated by the core at run time are `Result`s: so are their stand-ins.
fn main() -> Result<(), layout_dsl::Error> {
    let m = 8;
    let tiles = layout!(zipped_divde((m,4):(1,m), 2))?;
    let offset: i64 = layout!(crd2idx((1,2), logical_divide((m,4):(1,m), 2:1, 3)))?;
    let coord = layout!(idx2crd(3, coalesce((m,4):(1,m,2)))).unwrap();
    println!("{tiles} {offset} {coord}");
    Ok(())
}
