use layout_dsl::layout;

fn main() -> Result<(), layout_dsl::Error> {
    let (m, k) = (4, 8);
    let l = layout!((m,k):(1));
    let core: layout_dsl::Layout = l.to_core()?;
    println!("{core} {:?} {:?}", l.shape(), l.stride());
    Ok(())
}
