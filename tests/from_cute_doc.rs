//! The Rust of `docs/from-cute.md` and of the typed reference
//! (`docs/typed-reference.md` and its pages under `docs/typed/`): every
//! ` ```rust ` block of the pages compiled and run here, between
//! `// snippet N` (from-cute.md) or `// reference PAGE N` (a reference page,
//! its path under `docs/`) and `// end` (each page's blocks in order,
//! indentation aside, with the values each block assumes set up before it),
//! and the pages held to these copies, so that a snippet that stops
//! compiling, or a page edited without its copy, fails
//! `cargo test --test from_cute_doc`. The API the tables name is called in
//! `api` (tests/from_cute_doc/api.rs); the pages' links, anchors and the
//! files they name are checked in `doc_links`, and that the page names
//! every CuTe function of the notation and every concept issue 13 lists in
//! `concepts` (tests/from_cute_doc/).

#[path = "from_cute_doc/api.rs"]
mod api;
#[path = "from_cute_doc/concepts.rs"]
mod concepts;
#[path = "from_cute_doc/doc_links.rs"]
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
    // (CuTe merges pieces, m = 4 above: (_4,(_8,_2),2):(_1,(_8,_64),_128), the same function)
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
fn layout_functions_of_tensors_typed_reference() -> Res {
    let data: Vec<u32> = (0..48).collect();
    // reference typed/tensors.md 2
    let t = Tensor::new(&data[..], layout!(type ((2,4),(3,2)):((1,2),(8,24))))?;
    let c = t.coalesce_static::<1>()?; // 48:1, zero-sized; `t.coalesce()` keeps the 4 leaves
    let g = t.group_modes::<0, 1>(); // (((2,4)),(3,2)):(((1,2)),(8,24))
    let p = t.composition(layout!(type (4,3):(2,8)))?; // checked against the engine
    let bytes = t.recast::<u8>()?; // the same bytes: ((8,4),(3,2)):((1,8),(32,96)), still typed
    // end
    assert_eq!((c.layout().to_string(), size_of_val(c.layout())), ("48:1".to_owned(), 0));
    assert_eq!(t.coalesce()?.layout().to_string(), "(2,4,3,2):(1,2,8,24)");
    assert_eq!(g.layout().to_string(), "(((2,4)),(3,2)):(((1,2)),(8,24))");
    assert_eq!(p.iter().copied().collect::<Vec<_>>(), (0..12).map(|i| 2 * i).collect::<Vec<_>>());
    assert_eq!(bytes.layout().to_string(), "((8,4),(3,2)):((1,8),(32,96))");
    assert_eq!(size_of_val(bytes.layout()), 0);
    assert_eq!((bytes[(8, 0)], bytes[(4, 1)]), (2, 9)); // low bytes of elements 2 and 9
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

// The page's text, as written there: not reformatted.
#[rustfmt::skip]
#[test]
fn masked_tiles() {
    // reference typed/partitions.md 1
    use layout_dsl::tensor::{Tensor, X, typed};
    use layout_dsl::typed::C;
    use layout_dsl::layout;

    let (m, n) = (5, 3);
    let data: Vec<u32> = (0..15).collect(); // cut at the tensor's last element
    let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
    // Tile (1, 1) of 4 x 2: rows 4..8, columns 2..4; only (4, 2) is the matrix's.
    let tile = typed::local_tile_masked(t.by_ref(), (C::<4>, C::<2>), (1, 1)).unwrap();
    assert_eq!((tile[(0, 0)], tile.get((1, 0))), (14, None));
    // The grid kept: element (i, j, p, q) is row i + 4p, column j + 2q.
    let all = typed::local_tile_masked(t.by_ref(), (C::<4>, C::<2>), (X, X)).unwrap();
    assert_eq!((all[(0, 0, 1, 1)], all.get((1, 0, 1, 0))), (14, None));
    // Element (1, 0) of every tile: rows 1, 5, columns 0, 2.
    let part = typed::outer_partition_masked(t, (C::<4>, C::<2>), (1, 0)).unwrap();
    assert_eq!((part.residue(), part[(0, 1)]), ((1, 2), 11));
    // end
}
