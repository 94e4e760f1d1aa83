//! The Rust of `docs/from-cute.md`: every ` ```rust ` block of the page
//! compiled and run here, between `// snippet N` and `// end` (the page's
//! blocks in order, indentation aside, with the values each block assumes
//! set up before it), and the page held to these copies, so that a
//! snippet that stops compiling, or a page edited without its copy, fails
//! `cargo test --test from_cute_doc`. The API the page's tables name is
//! called in `the_tables_api_exists`.

use layout_dsl::tensor::typed;
use layout_dsl::typed::C;
use layout_dsl::tensor::*;
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

/// The copies in this file: the lines between `// snippet N` and `// end`,
/// less the indentation of the `// snippet N` line.
fn copies(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut open: Option<(usize, Vec<String>)> = None;
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("// snippet ") {
            open = Some((line.len() - t.len(), Vec::new()));
        } else if t == "// end" {
            out.push(open.take().expect("`// end` without a snippet").1);
        } else if let Some((indent, b)) = &mut open {
            b.push(line.get(*indent..).unwrap_or("").to_owned());
        }
    }
    out
}

#[test]
fn the_pages_rust_blocks_are_the_copies_here() {
    let page = rust_blocks(include_str!("../docs/from-cute.md"));
    let here = copies(include_str!("from_cute_doc.rs"));
    assert_eq!(page.len(), here.len(), "blocks on the page, copies here");
    for (i, (p, h)) in page.iter().zip(&here).enumerate() {
        assert_eq!(p, h, "snippet {} differs from the page's block", i + 1);
    }
}

#[test]
fn slicing_on_layouts() {
    {
        // snippet 1
        use layout_core::{slice_and_offset, Coord};
        let l: Layout = "(4,8):(8,1)".parse().unwrap();
        let c = Coord::Tuple(vec![Coord::Underscore, Coord::Int(3)]);
        assert_eq!(slice_and_offset(&c, &l).unwrap().to_string(), "view((4):(8),3)");
        // end
    }
    {
        // snippet 2
        let (col, base) = layout!(slice((_,3), (4,8):(8,1)));   // folded at compile time
        assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 3));
        // end
    }
    {
        // snippet 3
        let j = 3;
        let (col, base) = layout!(slice((_,j), (4,8):(8,1))).unwrap();   // slice_and_offset
        assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 3));
        // end
    }
}

#[test]
fn one_ctas_tiles_and_one_threads_share() -> Res {
    let (m, k, lda) = (256usize, 16usize, 256usize);
    let (bx, by, thread) = (1usize, 0usize, 37usize);
    let data = vec![0f32; lda * k];
    let a = &data[..];
    // snippet 4
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

#[test]
fn nested_layouts_typed() -> Res {
    let m = 4usize;
    let data: Vec<f32> = (0..256).map(|i| i as f32).collect();
    // snippet 5
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

#[test]
fn a_predicated_residue() -> Res {
    let (m, k) = (300usize, 77usize);
    let (bx, by, thread, k_tile) = (2usize, 0usize, 37usize, 9usize);
    let data: Vec<f32> = (0..m * k).map(|i| i as f32 + 1.0).collect();
    let a = &data[..];
    let t_a = Layout::column_major(IntTuple::from([32, 8]))?;
    let mut ta_sa = Tensor::new(vec![7f32; 4], Layout::column_major(IntTuple::from([4, 1]))?)?;
    // snippet 6
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
