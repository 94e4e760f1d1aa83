//! The Rust of `docs/from-cute.md` and of the typed reference
//! (`docs/typed-reference.md` and its pages under `docs/typed/`): every
//! ` ```rust ` block of the pages compiled and run here, between
//! `// snippet N` (from-cute.md) or `// reference PAGE N` (a reference page,
//! its path under `docs/`) and `// end` (each page's blocks in order,
//! indentation aside, with the values each block assumes set up before it),
//! and the pages held to these copies, so that a snippet that stops
//! compiling, or a page edited without its copy, fails
//! `cargo test --test from_cute_doc`. The API the tables name is called in
//! `the_tables_api_exists`; the pages' links and anchors are resolved in
//! `doc_links` (tests/doc_links/mod.rs).

mod doc_links;

use layout_dsl::tensor::typed;
use layout_dsl::tensor::*;
use layout_dsl::typed::C;
use layout_dsl::{IntTuple, Layout, layout};

type Res = Result<(), Box<dyn std::error::Error>>;

/// The ` ```rust ` blocks of `text`, each as its lines.
fn rust_blocks(text: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut open: Option<Vec<String>> = None;
    for line in text.lines() {
        match (&mut open, line.trim_start()) {
            (None, l) if l.starts_with("```rust") => open = Some(Vec::new()),
            (Some(_), "```") => blocks.push(open.take().unwrap()),
            (Some(b), _) => b.push(line.to_owned()),
            _ => {}
        }
    }
    blocks
}

/// The copies in this file of one page's blocks: the lines between
/// `// <tag> N` and `// end`, less the indentation of the `// <tag> N` line.
fn copies(text: &str, tag: &str) -> Vec<Vec<String>> {
    let open_mark = format!("// {tag} ");
    let mut out = Vec::new();
    let mut open: Option<(usize, Vec<String>)> = None;
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with(&open_mark) {
            open = Some((line.len() - t.len(), Vec::new()));
        } else if t == "// end" {
            if let Some((_, b)) = open.take() {
                out.push(b);
            }
        } else if let Some((indent, b)) = &mut open {
            b.push(line.get(*indent..).unwrap_or("").to_owned());
        }
    }
    out
}

/// `page`'s ` ```rust ` blocks, in order, against the copies tagged `tag` here.
fn check_page(name: &str, page: &str, tag: &str) {
    let page = rust_blocks(page);
    let here = copies(include_str!("from_cute_doc.rs"), tag);
    assert_eq!(
        page.len(),
        here.len(),
        "{name}: blocks on the page, copies here"
    );
    for (i, (p, h)) in page.iter().zip(&here).enumerate() {
        assert_eq!(
            p,
            h,
            "{name}: snippet {} differs from the page's block",
            i + 1
        );
    }
}

/// from-cute.md's blocks, against the `// snippet N` copies.
#[test]
fn the_pages_rust_blocks_are_the_copies_here() {
    check_page(
        "from-cute.md",
        include_str!("../docs/from-cute.md"),
        "snippet",
    );
}

/// The typed reference's pages (paths under `docs/`), each with its text.
/// `doc_links` checks that this list is every page of `docs/typed/`.
const REFERENCE_PAGES: [(&str, &str); 7] = [
    (
        "typed-reference.md",
        include_str!("../docs/typed-reference.md"),
    ),
    ("typed/layouts.md", include_str!("../docs/typed/layouts.md")),
    ("typed/algebra.md", include_str!("../docs/typed/algebra.md")),
    (
        "typed/partitions.md",
        include_str!("../docs/typed/partitions.md"),
    ),
    ("typed/tensors.md", include_str!("../docs/typed/tensors.md")),
    (
        "typed/costs-and-checks.md",
        include_str!("../docs/typed/costs-and-checks.md"),
    ),
    (
        "typed/swizzles.md",
        include_str!("../docs/typed/swizzles.md"),
    ),
];

/// Each reference page's blocks, against its `// reference PAGE N` copies
/// (a page with no block has none).
#[test]
fn the_references_rust_blocks_are_the_copies_here() {
    for (name, page) in REFERENCE_PAGES {
        check_page(name, page, &format!("reference {name}"));
    }
}

// The page's text, as written there: not reformatted.
#[rustfmt::skip]
#[test]
fn layouts() -> Res {
    // snippet 1
    let n = 8;
    let s = layout!((4,n):(n,1)); // 4 and 1 are static (C<4>, C<1>), n is a usize
    assert_eq!((s.size(), s.mode_size::<1>(), s.crd2idx((1, 2)), s.at(10)), (32, 8, 10, 18));
    assert_eq!(s.to_string(), "(4,8):(8,1)");
    let d = Layout::column_major(IntTuple::from([4, 8]))?; // the core, at run time: (4,8):(1,4)
    let l = layout!(type (4,(2,3)):(1,(4,8))); // every number in the type
    assert_eq!((l.get::<1>().get::<0>().to_string(), l.mode_rank::<1>()), ("2:4".to_string(), 2));
    let (shape, stride) = (l.mode_shape::<1>(), l.mode_stride::<1>()); // (C<2>, C<3>), (C<4>, C<8>)
    // end
    assert_eq!(d.to_string(), "(4,8):(1,4)");
    let _: ((C<2>, C<3>), (C<4>, C<8>)) = (shape, stride);
    Ok(())
}

// The page's text, as written there: not reformatted.
#[rustfmt::skip]
#[test]
fn the_algebra() -> Res {
    // snippet 2
    use layout_dsl::typed::Divide;
    let z = layout!(zipped_divide((8,8):(8,1), (2,4))); // computed while compiling
    assert_eq!(z.to_string(), "((2,4),(4,2)):((8,1),(16,4))");
    assert_eq!(layout!(composition((8,8):(8,1), 4:2)).to_string(), "4:16");
    let m = 16;
    let y = layout!((m,8):(8,1)).logical_divide((C::<2>, C::<4>))?; // m / 2 checked
    assert_eq!(y.to_string(), "((2,8),(4,2)):((8,16),(1,4))");
    let r = layout_dsl::evaluate("zipped_divide((8,8):(8,1), (2,4))")?; // the core, at run time
    // end
    assert_eq!(r.to_string(), z.to_string());
    Ok(())
}

// The page's text, as written there: not reformatted.
#[rustfmt::skip]
#[test]
fn slicing_on_layouts() -> Res {
    use layout_core::{Coord, slice_and_offset};
    // snippet 3
    let (col, base) = layout!(slice((_,3), (4,8):(8,1))); // folded at compile time
    assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 3));
    let j = 3;
    let (col, base) = layout!(slice((_,j), (4,8):(8,1)))?; // typed code, a Result: the same pair
    let c = Coord::Tuple(vec![Coord::Underscore, Coord::Int(3)]); // the core, at run time
    assert_eq!(slice_and_offset(&c, &"(4,8):(8,1)".parse()?)?.to_string(), "view((4):(8),3)");
    // end
    assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 3));
    Ok(())
}

// The page's text, as written there: not reformatted.
#[rustfmt::skip]
#[test]
fn tensors() -> Res {
    // snippet 4
    let data: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let t = Tensor::new(&data[..], layout!((4,8):(1,4)))?; // checked once against the storage
    assert_eq!((t[(1, 2)], t[9]), (9.0, 9.0));
    let col = t.slice((X, 3)); // a view
    assert_eq!(col.iter().copied().collect::<Vec<_>>(), [12.0, 13.0, 14.0, 15.0]);
    // end
    Ok(())
}

// The page's text, as written there: not reformatted.
#[rustfmt::skip]
#[test]
fn one_ctas_tiles_and_one_threads_share() -> Res {
    let (m, k, lda) = (256usize, 16usize, 256usize);
    let (bx, by, thread) = (1usize, 0usize, 37usize);
    let data = vec![0f32; lda * k];
    let a = &data[..];
    // snippet 5
    // Typed (layout_dsl::tensor::typed): no allocation, the tile and thread shapes static.
    let m_a = Tensor::new(a, layout!((m,k):(1,lda)))?;
    let g_a = typed::local_tile_step(m_a.by_ref(), (C::<128>, C::<128>, C::<8>), (bx, by, X), (C::<1>, X, C::<1>))?;
    let t_a = layout!(type (32,8):(1,32));
    let ta_ga = typed::local_partition(g_a, &t_a, thread)?; // (4,1,k/8):(32,0,8·lda)

    // Run-time (layout_dsl::tensor): any nesting, core layouts.
    let g_a = local_tile_step(m_a.view(), (128, 128, 8), (bx, by, X), (1, X, 1))?;
    let t_a = Layout::column_major(IntTuple::from([32, 8]))?;
    let ta_ga_rt = local_partition(g_a, &t_a, thread)?;
    // end
    assert_eq!(ta_ga.layout().to_string(), format!("(4,1,{}):(32,0,{})", k / 8, 8 * lda));
    assert_eq!(ta_ga.base(), ta_ga_rt.base());
    Ok(())
}

// The page's text, as written there: not reformatted.
#[rustfmt::skip]
#[test]
fn nested_layouts_typed_reference() -> Res {
    let m = 4usize;
    let data: Vec<f32> = (0..256).map(|i| i as f32).collect();
    // reference typed/tensors.md 1
    let t = Tensor::new(&data[..], layout!(type ((2,4),(8,m)):((1,2),(8,64))))?;
    let g = typed::local_tile(t.by_ref(), (C::<4>, C::<16>), (1, X))?;
    // ((2,2),(8,2),(1,m/2)):((1,2),(8,64),(128,128)) for even m: static leaves stay static
    // (CuTe coalesces the static pieces, e.g. (2,2):(1,2) to 4:1: the same function)
    let r = typed::slice(t, (X, (1, X)))?; // ((2,4), m)
    let c = typed::make_identity_tensor(((C::<2>, C::<4>), m)); // elements [i0, i1, j]
    // end
    assert_eq!(g.layout().to_string(), "((2,2),(8,2),(1,2)):((1,2),(8,64),(128,128))");
    assert_eq!(g.base(), 4);
    assert_eq!(r.layout().to_string(), "((2,4),4):((1,2),64)");
    assert_eq!(r.base(), 8);
    assert_eq!(c.get(((1, 3), 2)), [1, 3, 2]);
    Ok(())
}

// The page's text, as written there: not reformatted.
#[rustfmt::skip]
#[test]
fn the_algorithms() -> Res {
    // snippet 6
    let a = Tensor::new(vec![1f32; 8], layout!(type (4,2):(1,4)))?; // (M,K)
    let b = Tensor::new(vec![2f32; 6], layout!(type (3,2):(1,3)))?; // (N,K)
    let mut c = Tensor::new(vec![7f32; 12], layout!(type (4,3):(1,4)))?; // (M,N)
    typed::clear(&mut c);
    typed::gemm(&a, &b, &mut c); // every element 1·2 + 1·2 = 4
    let mut d = typed::make_tensor_like(&c)?;
    typed::copy(&c, &mut d);
    typed::axpby(2.0, &c, 1.0, &mut d); // d = 2·c + d = 12
    typed::fill(&mut c, 0.0);
    // end
    // d = 2·c + c with c = 4 everywhere: the gemm's sums.
    assert!(d.iter().all(|&x| x == 12.0));
    assert!(c.iter().all(|&x| x == 0.0));
    Ok(())
}

// The page's text, as written there: not reformatted.
#[rustfmt::skip]
#[test]
fn a_predicated_residue() -> Res {
    let (m, k) = (300usize, 77usize);
    let (bx, by, thread, k_tile) = (2usize, 0usize, 37usize, 9usize);
    let data: Vec<f32> = (0..m * k).map(|i| i as f32 + 1.0).collect();
    let a = &data[..];
    let t_a = Layout::column_major(IntTuple::from([32, 8]))?;
    let mut ta_sa = Tensor::new(vec![7f32; 4], Layout::column_major(IntTuple::from([4, 1]))?)?;
    // snippet 7
    let m_a = Residue::new(Tensor::new(a, layout!((m,k):(1,m)))?, [m, k])?; // storage of exactly m·k
    let g_a = local_tile_step(m_a, (128, 128, 8), (bx, by, X), (1, X, 1))?;
    let ta_ga = local_partition(g_a, &t_a, thread)?;
    clear(&mut ta_sa);                                   // the k residue reads as 0
    ta_ga.slice((X, X, k_tile))?.copy_into(&mut ta_sa);  // valid elements only
    // end
    // Thread 37 of (32,8) reads rows 256 + 5 + 32·i (i < 4) of column 8·9 + 1 = 73:
    // rows 261 and 293 exist, 325 and 357 do not (m = 300).
    let col = 73;
    let want: Vec<f32> = [261, 293]
        .iter()
        .map(|r| data[r + col * m])
        .chain([0.0, 0.0])
        .collect();
    assert_eq!(ta_sa.iter().copied().collect::<Vec<_>>(), want);
    Ok(())
}

// The page's text, as written there: not reformatted.
#[rustfmt::skip]
#[test]
fn swizzles() {
    // snippet 8
    let sw = layout!(type Sw<3,4,3> o 0 o (8,64):(64,1)); // zero-sized: all in the type
    assert_eq!(sw.crd2idx((2, 0)), 144);
    // end
    assert_eq!(std::mem::size_of_val(&sw), 0);
}

/// The Rust the page's tables name, called as the tables write it (the
/// answers CuTe gives, where a row quotes one).
#[test]
fn the_tables_api_exists() -> Res {
    use layout_dsl::typed::{
        Coalesce, Complement, Compose, Divide, FilterZeros, Ix, MakeLike, Product, RankedProduct,
        TileToShape,
    };
    use layout_dsl::{Coord, dice, slice, slice_and_offset};
    let (m, n) = (8usize, 12usize);

    // Layouts: `Layout<Shape, Stride>`, `make_layout(shape)`, `LayoutRight`.
    let l: Layout = "(4,8):(8,1)".parse()?;
    let core = Layout::new(IntTuple::from([4, 8]), IntTuple::from([8, 1]))?;
    assert_eq!(l, core);
    assert_eq!(
        Layout::column_major(IntTuple::from([4, 8]))?.to_string(),
        "(4,8):(1,4)"
    );
    assert_eq!(
        Layout::row_major(IntTuple::from([4, 8]))?.to_string(),
        "(4,8):(8,1)"
    );
    let t: layout_dsl::layout_type!((4,8):(8,1)) = layout!((4,8):(8,1));
    assert_eq!(Layout::try_from(t)?, l);
    let back: layout_dsl::layout_type!((4,8):(8,1)) = l.clone().try_into()?;
    assert_eq!(back, t);

    // `size`, `cosize`, `rank`, `depth`, core and typed.
    assert_eq!((l.size(), l.cosize(), l.rank(), l.depth()), (32, 32, 2, 1));
    assert_eq!((t.size(), t.cosize(), t.rank(), t.depth()), (32, 32, 2, 1));

    // `get<I>`, `size<I>`, `shape<I>`, `stride<I>`.
    let d = layout!(((2,m),4):((1,2),{2 * m}));
    assert_eq!(l.mode(1).unwrap().to_string(), "8:1");
    assert_eq!(l.mode(1).unwrap().size(), 8);
    assert_eq!(d.get::<0>().get::<1>().size(), m);
    assert_eq!(d.mode::<0>().size(), 2 * m);
    assert_eq!(d.mode_size::<0>(), 2 * m);
    assert_eq!(d.mode_rank::<0>(), 2);
    assert_eq!(d.mode_depth::<0>(), 1);
    assert_eq!(d.mode_cosize::<1>(), 6 * m + 1);
    let _ = (d.mode_shape::<1>(), d.mode_stride::<1>());

    // `l(c)`, `l(i)`, `idx2crd`.
    assert_eq!(t.crd2idx((1, 2)), 10);
    assert_eq!(l.offset(10), Some(18));
    assert_eq!(l.at(10)?, 18);
    assert_eq!(t.at(10), 18);
    let mut buf = Vec::new();
    assert!(l.idx2crd_into(10, &mut buf));
    assert_eq!(buf, [2, 2]);
    assert_eq!(l.idx2crd(10)?.to_string(), "(2,2)");
    assert_eq!(t.idx2crd(10), (2, 2));

    // The algebra on typed values.
    let a = layout!((m,n):(1,m));
    let dv = a.logical_divide((C::<4>, C::<3>))?;
    assert_eq!(dv.size(), m * n);
    let _ = a.zipped_divide((C::<4>, C::<3>))?;
    let _ = a.tiled_divide((C::<4>, C::<3>))?;
    let _ = a.flat_divide((C::<4>,))?;
    let _ = a.logical_divide(C::<4>)?;
    let _ = a.logical_divide(4usize)?;
    let c = layout!((4,m):(1,4)).complement(m * n)?;
    assert_eq!(c.size(), m * n / (4 * m));
    let _ = a.coalesce();
    let b = layout!((2,3):(3,1));
    let _ = a.logical_product(b)?;
    let _ = a.zipped_product(b)?;
    let _ = a.tiled_product(b)?;
    let _ = a.flat_product(b)?;
    let _ = a.blocked_product(b)?;
    let _ = a.raked_product(b)?;
    let comp = a.composition(layout!((4,{n / 2}):(1,{2 * m})))?;
    assert_eq!(comp.size(), 4 * (n / 2));

    // `_`, slicing.
    let cu = Coord::Tuple(vec![Coord::Underscore, Coord::Int(3)]);
    assert_eq!(slice(&cu, &l)?.to_string(), "(4):(8)");
    assert_eq!(dice(&cu, &l)?.to_string(), "(8):(1)");
    assert_eq!(slice_and_offset(&cu, &l)?.to_string(), "view((4):(8),3)");
    let (col, base) = typed::slice_and_offset((X, 3usize), &t)?;
    assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 3));

    // Mode editing on typed layouts.
    let e = layout!((2,3,4,5):(1,2,6,24));
    assert_eq!(e.take::<1, 3>().to_string(), "(3,4):(2,6)");
    assert_eq!(e.select::<(Ix<3>, Ix<0>)>().to_string(), "(5,2):(24,1)");
    assert_eq!(e.group::<1, 3>().to_string(), "(2,(3,4),5):(1,(2,6),24)");
    let _ = (e.append(layout!(7:0)), e.prepend(layout!(7:0)));
    let _ = e.replace::<1, _, _>(layout!(7:0));
    assert_eq!(
        layout!(((2,3),4):((1,2),6)).flatten().to_string(),
        "(2,3,4):(1,2,6)"
    );

    // Constructors on typed values.
    let s = (m, C::<4>);
    let _ = layout!(make_identity_layout(#s));
    let f = layout!((m,4):(4,1));
    assert_eq!(f.make_layout_like()?.to_string(), format!("({m},4):(4,1)"));
    assert_eq!(
        f.make_fragment_like()?.to_string(),
        format!("({m},4):(1,{m})")
    );
    let blk = layout!(type (8,8):(8,1));
    let tiled = blk.tile_to_shape((m, C::<64>))?;
    assert_eq!(tiled.size(), m * 64);
    let _ = blk.tile_to_shape_ordered((m, C::<64>), layout_dsl::typed::LayoutRight)?;
    let _ = a.filter_zeros();
    assert_eq!(a.max_common_vector(&a)?, m * n);
    assert_eq!(layout!((m,4):(1,m)).max_alignment()?, m * 4);
    let (gm, gn) = layout!(ceil_div((m, n), (128, 128)))?;
    assert_eq!((gm, gn), (1, 1));

    // The macro forms the rows name, with dynamic leaves and named values.
    let k = 3usize;
    let cat = layout!(type make_layout((4,m):(1,4), 8:k))?;
    assert_eq!(cat.to_string(), format!("((4,{m}),8):((1,4),{k})"));
    let (x, y) = (layout!((4,m):(1,4)), layout!(8:k));
    assert_eq!(
        layout!(type make_layout(#x, #y))?.to_string(),
        cat.to_string()
    );
    let whole = layout!(type logical_divide(#a, 4))?;
    assert_eq!(whole.size(), m * n);
    let tile = (C::<2>, C::<4>);
    assert_eq!(layout!(type zipped_divide(#a, #tile))?.size(), m * n);
    type A = layout_dsl::layout_type!((m, n):(1, m));
    let named: layout_dsl::layout_type!(type composition(#A, #A)) =
        layout!(type composition(#a, #a))?;
    assert_eq!(named.size(), m * n);
    let prod = layout!(type blocked_product(#x, #b))?;
    assert_eq!(prod.size(), 4 * m * 6);
    let (col, base) = layout!(slice((_,k), #t))?;
    assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 3));
    let fz = layout!(type filter_zeros((m,4):(0,1)))?;
    assert_eq!(fz.to_string(), "(1,4):(0,1)");

    // Scaled-basis strides.
    assert_eq!(
        layout_dsl::BasisLayout::identity(&IntTuple::from([4, 8]))?.to_string(),
        "(4,8):(1@0,1@1)"
    );
    Ok(())
}

/// The Rust of the page's "Tensors" table, as the table writes it.
#[test]
fn the_tensor_tables_api_exists() -> Res {
    let (m, n) = (4usize, 8usize);
    let data: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let l = layout!((m,n):(1,m));
    // `make_tensor(ptr, layout)`, `make_tensor(ptr + k, layout)`.
    let t = Tensor::new(&data[..], l)?;
    let shifted = Tensor::at_base(&data[..], layout!((2,2):(1,4)), 3)?;
    assert_eq!(shifted[(1, 1)], 8.0);
    // `t(c)`, `t(i)`, `t.get`, `get_unchecked`.
    assert_eq!((t[(1, 2)], t[9]), (9.0, 9.0));
    assert_eq!(t.get((4, 0)), None);
    // SAFETY: (1, 2) is in the domain.
    assert_eq!(unsafe { *t.get_unchecked((1, 2)) }, 9.0);
    // iteration, slices.
    assert_eq!(t.iter().count(), 32);
    assert_eq!(t.positions().nth(5), Some(5));
    let mut owned = Tensor::new(data.clone(), Layout::column_major(IntTuple::from([4, 8]))?)?;
    owned.for_each_mut(|x| *x += 1.0);
    assert_eq!(
        t.slice((X, 3)).iter().copied().collect::<Vec<_>>(),
        [12.0, 13.0, 14.0, 15.0]
    );
    assert!(t.try_slice((X, 3, 1)).is_err());
    owned.slice_mut((1, X)).for_each_mut(|x| *x = 0.0);
    assert_eq!(owned[(1, 7)], 0.0);
    // The divides and partitions on tensors, by value.
    let core = Tensor::new(&data[..], Layout::column_major(IntTuple::from([4, 8]))?)?;
    assert_eq!(logical_divide(core.view(), (2, 4))?.size(), 32);
    assert_eq!(zipped_divide(core.view(), (2, 4))?.size(), 32);
    assert_eq!(tiled_divide(core.view(), (2, 4))?.size(), 32);
    assert_eq!(flat_divide(core.view(), (2, 4))?.size(), 32);
    assert_eq!(inner_partition(core.view(), (2, 4), (1, 1))?[(1, 0)], 19.0);
    assert_eq!(outer_partition(core.view(), (2, 4), (1, 0))?.size(), 4);
    assert_eq!(local_tile(core.view(), (2, 4), (1, X))?.size(), 16);
    let thr = Layout::column_major(IntTuple::from([2, 2]))?;
    assert_eq!(local_partition(core.view(), &thr, 3)?[(0, 0)], 5.0);
    assert_eq!(
        local_partition_step(core.view(), &thr, 1, (1, X))?.size(),
        16
    );
    // The algorithms.
    let mut dst = Tensor::new(vec![0f32; 32], Layout::row_major(IntTuple::from([4, 8]))?)?;
    copy(&core, &mut dst);
    assert_eq!(dst[(1, 2)], 9.0);
    copy_if(|i| i % 2 == 0, &core, &mut dst);
    fill(&mut dst, 1.0);
    clear(&mut dst);
    axpby(2.0, &core, 1.0, &mut dst);
    assert_eq!(dst[(1, 2)], 18.0);
    let a = Tensor::new(vec![1f32; 4], Layout::column_major(IntTuple::from([2, 2]))?)?;
    let mut c = Tensor::new(vec![0f32; 4], Layout::column_major(IntTuple::from([2, 2]))?)?;
    gemm(&a, &a, &mut c);
    try_gemm(&a, &a, &mut c)?;
    assert_eq!(c[(0, 0)], 4.0);
    // Identity tensors, residues, typed tensors.
    let id = make_identity_tensor([m, n])?;
    assert!(elem_less([1, 2], [m, n]));
    assert_eq!(id.layout()?.to_string(), "(4,8):(1@0,1@1)");
    let r = Residue::new(Tensor::new(&data[..], layout!((m,n):(1,m)))?, [m, n])?;
    assert_eq!(r.slice((X, 3))?.size(), 4);
    let typed_t = Tensor::new(&data[..], layout!(type (4,8):(1,4)))?;
    let like: Tensor<Vec<f32>, _> = typed::make_tensor_like(&typed_t)?;
    assert_eq!(like.size(), 32);
    let mut typed_dst = typed::make_tensor_like(&typed_t)?;
    typed::copy(&typed_t.by_ref(), &mut typed_dst.by_mut());
    assert_eq!(typed_dst[(1, 2)], 9.0);
    Ok(())
}

/// The Rust the page's rows name beyond the two tests above.
#[test]
fn the_rows_api_exists() -> Res {
    use layout_dsl::{ComposedLayout, Swizzle, evaluate};
    let l: Layout = "(4,8):(8,1)".parse()?;
    // `upcast<N>`, `downcast<N>`, `recast_layout`: core functions.
    assert_eq!(layout_dsl::upcast(&l, 2)?.to_string(), "(4,4):(4,1)");
    assert_eq!(layout_dsl::downcast(&l, 2)?.size(), 64);
    assert_eq!(layout_dsl::recast_layout(&l, 16, 32)?.size(), 16);
    // `complement(l, shape)` in the notation.
    assert_eq!(
        evaluate("complement((2,2):(1,4), (4,4))")?.to_string(),
        "(2,2):(2,8)"
    );
    // Inverses of a written-out layout with a dynamic leaf, typed.
    let m = 4usize;
    let r = layout!(type right_inverse((4,m):(1,4)))?;
    assert_eq!(r.size(), 4 * m);
    let li = layout!(type left_inverse((4,m):(1,4)))?;
    assert_eq!(li.size(), 4 * m);
    // Swizzles in the core.
    let sw = Swizzle::new(3, 4, 3)?;
    let c = ComposedLayout::new(sw, 0, "(8,64):(64,1)".parse()?);
    assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
    assert!(Swizzle::new(3, 4, 2).is_err());
    // Typed tensor slice, identity predicate.
    let data: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let t = Tensor::new(&data[..], layout!(type (4,8):(1,4)))?;
    let col = typed::slice(t.by_ref(), (X, 3usize))?;
    assert_eq!(col[0], 12.0);
    let id = typed::make_identity_tensor((C::<4>, C::<8>));
    let p = id.predicate([3, 8])?;
    assert_eq!((p[(2, 0)], p[(3, 0)]), (true, false));
    Ok(())
}
