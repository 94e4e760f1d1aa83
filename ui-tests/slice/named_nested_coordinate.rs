use layout_dsl::layout;

fn main() {
    let (m, i, j) = (4usize, 1usize, 3usize);
    let b = layout!(((2,m),(8,4)):((1,2),(8,64)));
    // A named layout's nested coordinate is asked one tuple at a time: a
    // tuple entry that does not nest in its mode is one error at its `(`.
    // A tuple where the mode is one extent, sliced and diced:
    let _ = layout!(slice(((1,(i,_)),_), #b));
    let _ = layout!(dice(((1,(i,_)),_), #b));
    // A tuple entry of another rank than its mode's:
    let _ = layout!(slice((_,(1,_,_)), #b));
    let _ = layout!(dice((_,(1,_,_)), #b));
    // Three levels deep, the third where the mode is one extent:
    let _ = layout!(slice((((1,_),j),(1,_)), #b));
    // Under `type`, the same error:
    let _ = layout!(type slice(((1,_),(_,(j,2))), #b));
    // The top-level rank first: one error at the coordinate, not one per
    // tuple entry.
    let _ = layout!(slice(((1,_),(_,2),3), #b));
    // A failed `layout!`'s stand-in takes any coordinate: one error, the
    // layout's own.
    let p = layout!((4,8):(8,1,2));
    let _ = layout!(slice(((_,1),(j,(2,3))), #p));
    // Fine: nested like the layout.
    let (kept, base) = layout!(slice(((1,_),(_,2)), #b)).unwrap();
    let _ = (kept.to_string(), base + 1);
    let _ = layout!(dice(((1,_),(_,j)), #b)).to_string();
}
