//! Laws of the TV layouts: `layout_tv` inverts the raked product it comes
//! from, its cells cover the tile exactly once, and a tiled MMA's layouts
//! give every cell of its tile to one (thread, value) pair per thread group.

use layout_core::atoms::{self, Operand};
use layout_core::tv::{layout_tv, layout_tv_steps, tiled_mma_layout, tv_cells};
use layout_core::{IntTuple, Layout};
use proptest::prelude::*;

/// A compact 2-D layout, column- or row-major.
fn compact_2d() -> impl Strategy<Value = Layout> {
    (1i64..=8, 1i64..=8, any::<bool>()).prop_map(|(m, n, row)| {
        let shape = IntTuple::from([m, n]);
        match row {
            true => Layout::row_major(shape).unwrap(),
            false => Layout::column_major(shape).unwrap(),
        }
    })
}

proptest! {
    #[test]
    fn layout_tv_inverts_the_raked_product(thr in compact_2d(), val in compact_2d()) {
        let s = layout_tv_steps(&thr, &val).unwrap();
        let (t, v) = (thr.size(), val.size());
        prop_assert_eq!(s.result.size(), t * v);
        for i in 0..t * v {
            // raked(tv(i)) = i: the pair's thread and value index.
            prop_assert_eq!(s.raked.at(s.result.at(i).unwrap()).unwrap(), i);
        }
        // Each cell of the tile once.
        let cells = tv_cells(&s.result, &s.tile).unwrap();
        prop_assert!(cells.iter().all(Option::is_some));
        prop_assert_eq!(cells.len() as i64, t * v);
    }
}

#[test]
fn layout_tv_agrees_with_its_steps() {
    let thr: Layout = "(32,8):(8,1)".parse().unwrap();
    let val: Layout = "(1,4):(0,1)".parse().unwrap();
    let steps = layout_tv_steps(&thr, &val).unwrap();
    assert_eq!(layout_tv(&thr, &val).unwrap(), steps.result);
    // From CuTe's print of raked_product and right_inverse (7107b05).
    assert_eq!(steps.raked.to_string(), "((1,32),(4,8)):((0,8),(256,1))");
    assert_eq!(steps.inverse.to_string(), "(8,128):(128,1)");
}

/// Every MMA's C layout, tiled 2x2, covers its (M,N) tile exactly once
/// (A and B are shared between the threads that reuse them).
#[test]
fn tiled_mma_c_covers_its_tile_once() {
    let tiling: Layout = "(2,2,1):(1,2,4)".parse().unwrap();
    for family in atoms::MMA_ATOMS {
        for atom in family
            .iter()
            .filter(|a| a.name.starts_with("SM8") || a.name.starts_with("SM7"))
        {
            let c = tiled_mma_layout(atom, &tiling, Operand::Acc).unwrap();
            let shape = atom.shape().unwrap();
            let m = shape.mode(0).unwrap().as_int().unwrap() * 2;
            let n = shape.mode(1).unwrap().as_int().unwrap() * 2;
            let mut seen = vec![0; (m * n) as usize];
            for i in 0..c.size() {
                seen[c.at(i).unwrap() as usize] += 1;
            }
            assert!(seen.iter().all(|&k| k == 1), "{}", atom.name);
        }
    }
}

#[test]
fn an_atom_layout_of_rank_four_is_refused() {
    let atom = atoms::mma("SM80_16x8x8_F16F16F16F16_TN").unwrap();
    let tiling: Layout = "(2,2,1,1):(1,2,4,8)".parse().unwrap();
    let e = tiled_mma_layout(atom, &tiling, Operand::Acc).unwrap_err();
    assert_eq!(
        e.to_string(),
        "an atom layout has at most 3 modes (M,N,K), but this one has 4"
    );
}

/// `tv::panels` against the cells CuTe's `print_latex` draws for the same
/// TiledMMA and TiledCopy (`tests/tv_latex.jsonl`: each node's `T`/`V`,
/// parsed out of the LaTeX a host-side CuTe program printed, 7107b05).
#[test]
fn panels_match_cute_print_latex() {
    let text = include_str!("tv_latex.jsonl");
    let mut checked = 0;
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let expr = case["expr"].as_str().unwrap();
        let panels = layout_core::tv::panels(&layout_core::notation::parse(expr).unwrap()).unwrap();
        let [panel] = panels.as_slice() else {
            panic!("{expr}: one panel expected");
        };
        let rows: Vec<String> = (0..panel.rows)
            .map(|r| {
                let cells = &panel.cells[r * panel.cols..(r + 1) * panel.cols];
                let labels: Vec<String> = cells
                    .iter()
                    .map(|c| c.map_or("·".into(), |(t, v)| format!("T{t}V{v}")))
                    .collect();
                labels.join(" ")
            })
            .collect();
        let expected: Vec<&str> = case["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        assert_eq!(rows, expected, "{expr}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn an_atom_name_gives_its_three_panels() {
    let expr = layout_core::notation::parse("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    let panels = layout_core::tv::panels(&expr).unwrap();
    let dims: Vec<(usize, usize)> = panels.iter().map(|p| (p.rows, p.cols)).collect();
    assert_eq!(dims, [(16, 16), (16, 8), (16, 8)]); // A M×K, B K×N, C M×N
    // Every cell of every panel is held by some thread.
    assert!(panels.iter().all(|p| p.cells.iter().all(Option::is_some)));
}

/// A copy atom's picture counts in 16-bit elements: its panels' layouts are
/// CuTe's `Copy_Atom<OP, half_t>::ValLayoutSrc`/`ValLayoutDst`
/// (`cute_golden/copy_half.jsonl`, from a host-compiled CuTe program), and
/// every element of the moved matrices is held by some thread in both.
#[test]
fn copy_atom_panels_are_cutes_half_t_value_layouts() {
    let text = include_str!("cute_golden/copy_half.jsonl");
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let atom = case["atom"].as_str().unwrap();
        let panels = layout_core::tv::panels(&layout_core::notation::parse(atom).unwrap()).unwrap();
        let titles: Vec<&str> = panels.iter().map(|p| p.title.as_str()).collect();
        let want = [
            format!("SRC = {} (16-bit elements)", case["src"].as_str().unwrap()),
            format!("DST = {} (16-bit elements)", case["dst"].as_str().unwrap()),
        ];
        assert_eq!(titles, want, "{atom}");
        for p in &panels {
            assert_eq!(p.cols, 8, "{atom}: one 16-byte row a line");
            assert!(p.cells.iter().all(Option::is_some), "{atom}: {}", p.title);
        }
        checked += 1;
    }
    assert_eq!(checked, 3);
}

/// Any small 2-D layout: strides negative, zero or overlapping too.
fn any_2d() -> impl Strategy<Value = Layout> {
    (0i64..=6, 0i64..=6, -8i64..=8, -8i64..=8).prop_map(|(m, n, a, b)| {
        Layout::new(IntTuple::from([m, n]), IntTuple::from([a, b])).unwrap()
    })
}

proptest! {
    /// Bad operands give errors, never a panic; a TV layout that the
    /// functions accept is drawn or refused, never a panic either.
    #[test]
    fn tv_functions_never_panic(thr in any_2d(), val in any_2d(), atom_layout in (0i64..=4, 0i64..=4, 0i64..=2, -4i64..=4)) {
        if let Ok(tv) = layout_tv(&thr, &val) {
            if let Ok(tile) = layout_core::tv::layout_tv_tile(&thr, &val) {
                let _ = tv_cells(&tv, &tile);
            }
        }
        let (m, n, k, d) = atom_layout;
        let Ok(tiling) = Layout::new(IntTuple::from([m, n, k]), IntTuple::from([1, d, m * n])) else {
            return Ok(());
        };
        for family in atoms::MMA_ATOMS {
            for atom in family.iter() {
                for o in [Operand::A, Operand::B, Operand::Acc, Operand::Src] {
                    let _ = tiled_mma_layout(atom, &tiling, o);
                }
            }
        }
    }
}
