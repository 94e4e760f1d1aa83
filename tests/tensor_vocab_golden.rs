//! CuTe's layout functions applied to tensors (`coalesce`, `flatten`,
//! `group_modes`, `filter_zeros`, `composition`), against CuTe C++:
//! `tests/golden/cute_tensor_vocab.jsonl` holds what a host program built
//! from CUTLASS 4.7's headers printed for `f(make_tensor(&data[base],
//! layout))` with `data[k] = k` (its layout, and every element `t(i)` for
//! `i < size(t)`), over static, dynamic, nested, stride-0 and
//! negative-stride layouts. Both doors are checked: the run-time
//! functions on core tensors, and the typed methods on `layout!` tensors.
//! Recasts are in `tensor_vocab_recast.rs`.
//!
//! Where CuTe's composition is not `t(B(i))` (it returns a layout that is
//! not the composition), ours must refuse or give the true elements.

use layout_dsl::tensor::Tensor;
use layout_dsl::typed::C;
use layout_dsl::{IntTuple, Layout, Tiler, layout};
use serde_json::Value;

const GOLDEN: &str = include_str!("golden/cute_tensor_vocab.jsonl");

/// One line of the golden file: CuTe's layout (its `_` static marks
/// dropped, so it reads as our notation), the base and the elements.
struct Line {
    layout: String,
    base: usize,
    elems: Vec<i64>,
}

fn golden(case: &str, function: &str) -> Line {
    for line in GOLDEN.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        if v["case"] == case && v["fn"] == function {
            return Line {
                layout: v["layout"].as_str().unwrap().replace('_', ""),
                base: v["base"].as_u64().unwrap() as usize,
                elems: v["elems"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| e.as_i64().unwrap())
                    .collect(),
            };
        }
    }
    panic!("no golden line for {case} {function}")
}

/// Every function the golden file has for `case`, but the tensor itself.
fn functions(case: &str) -> Vec<String> {
    GOLDEN
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["case"] == case && v["fn"] != "tensor")
        .map(|v| v["fn"].as_str().unwrap().to_owned())
        .collect()
}

fn data() -> Vec<i64> {
    (0..256).collect()
}

fn elems<E: layout_dsl::tensor::Engine<Elem = i64>, L: layout_dsl::tensor::AsLayout>(
    t: &Tensor<E, L>,
) -> Vec<i64> {
    t.iter().copied().collect()
}

/// The tiler of a `composition(…)` line: a layout, a shape, or `<…>`
/// of layouts.
fn tiler(text: &str) -> Tiler {
    if let Some(inner) = text.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        return Tiler::ByMode(
            inner
                .split(',')
                .map(|l| Tiler::Layout(l.parse().unwrap()))
                .collect(),
        );
    }
    match text.contains(':') {
        true => Tiler::Layout(text.parse().unwrap()),
        false => Tiler::try_from(text.parse::<IntTuple>().unwrap()).unwrap(),
    }
}

/// `t(B(i))` for every `i < size(B)`: the composition's true elements
/// (CuTe extends `t`'s layout past its size, its last mode running on).
fn true_composition(a: &Layout, base: usize, b: &Tiler) -> Vec<i64> {
    let b = match b {
        Tiler::Layout(b) => b.clone(),
        by_mode => {
            layout_dsl::composition(&Layout::column_major(a.shape().clone()).unwrap(), by_mode)
                .unwrap()
        }
    };
    (0..b.size())
        .map(|i| base as i64 + a.at(b.at(i).unwrap()).unwrap())
        .collect()
}

/// The core door: every function of every case but the recasts.
#[test]
fn core_tensors_equal_cute() {
    let data = data();
    let (mut compared, mut refused) = (0, 0);
    for case in [
        "col",
        "rowmajor",
        "nested",
        "zero",
        "ones",
        "neg",
        "negnested",
        "dyn",
        "dynnested",
    ] {
        let t0 = golden(case, "tensor");
        let l: Layout = t0.layout.parse().unwrap();
        let t = Tensor::at_base(&data[..], l.clone(), t0.base).unwrap();
        assert_eq!(elems(&t), t0.elems, "{case}");
        for f in functions(case) {
            let g = golden(case, &f);
            let r = match f.as_str() {
                "coalesce" => layout_dsl::tensor::coalesce(t.view()),
                "flatten" => layout_dsl::tensor::flatten(t.view()),
                "filter_zeros" => layout_dsl::tensor::filter_zeros(t.view()),
                "group_modes<0,1>" => layout_dsl::tensor::group_modes::<0, 1, _>(t.view()),
                "group_modes<0,2>" => layout_dsl::tensor::group_modes::<0, 2, _>(t.view()),
                "group_modes<1,3>" => layout_dsl::tensor::group_modes::<1, 3, _>(t.view()),
                c => {
                    let b = tiler(&c["composition(".len()..c.len() - 1]);
                    let truth = true_composition(&l, t0.base, &b);
                    match layout_dsl::tensor::composition(t.view(), b) {
                        Ok(r) => {
                            assert_eq!(elems(&r), truth, "{case} {f}: {}", r.layout());
                            if g.elems == truth {
                                compared += 1;
                            }
                        }
                        // Refused: only where CuTe's answer is not the composition.
                        Err(e) => {
                            assert_ne!(g.elems, truth, "{case} {f}: refused ({e})");
                            refused += 1;
                        }
                    }
                    continue;
                }
            }
            .unwrap();
            assert_eq!(elems(&r), g.elems, "{case} {f}");
            assert_eq!(r.base(), g.base, "{case} {f}");
            // CuTe merges only modes its types decide: a dynamic case's
            // coalesce is the core's merged one, with the same elements.
            if !(f == "coalesce" && case.starts_with("dyn")) {
                assert_eq!(r.layout().to_string(), g.layout, "{case} {f}");
            }
            // The methods of a core tensor are the same functions.
            let m = match f.as_str() {
                "coalesce" => t.view().coalesce(),
                "flatten" => t.view().flatten(),
                "filter_zeros" => t.view().filter_zeros(),
                "group_modes<0,1>" => t.view().group_modes::<0, 1>(),
                "group_modes<0,2>" => t.view().group_modes::<0, 2>(),
                _ => t.view().group_modes::<1, 3>(),
            };
            assert_eq!(m.unwrap(), r, "{case} {f}");
            compared += 1;
        }
    }
    // 61 lines; one is CuTe's `(2,4):(24,1)` for the row-major (4,8)
    // composed with 8:3, which is not t(3i) (t(6) = 17, CuTe reads 1).
    assert_eq!((compared, refused), (60, 1));
}

/// The typed door for one case: the tensor, then each function against
/// its golden line. `coalesce` keeps every leaf (a typed value's), so its
/// elements are CuTe's and its layout `flatten`'s; `coalesce_static::<R>`
/// is CuTe's layout; a composition is CuTe's where CuTe's is the true one,
/// and may refuse only where it is not.
macro_rules! typed_case {
    ($case:literal, $layout:expr, static $r:literal, groups [$(($b:literal, $e:literal)),*], compose [$(($f:literal, $bexpr:expr)),*]) => {{
        let data = data();
        let t0 = golden($case, "tensor");
        let t = Tensor::at_base(&data[..], $layout, t0.base).unwrap();
        typed_case!(@common $case, t, t0, [$(($b, $e)),*], [$(($f, $bexpr)),*]);
        let c = golden($case, "coalesce");
        let s = t.coalesce_static::<$r>().unwrap();
        assert_eq!((s.layout().to_string(), elems(&s)), (c.layout, c.elems), "{} coalesce_static", $case);
    }};
    ($case:literal, $layout:expr, dynamic, groups [$(($b:literal, $e:literal)),*], compose [$(($f:literal, $bexpr:expr)),*]) => {{
        let data = data();
        let t0 = golden($case, "tensor");
        let t = Tensor::at_base(&data[..], $layout, t0.base).unwrap();
        typed_case!(@common $case, t, t0, [$(($b, $e)),*], [$(($f, $bexpr)),*]);
        // CuTe keeps every dynamic mode apart, as a typed coalesce does.
        let c = golden($case, "coalesce");
        assert_eq!(t.coalesce().unwrap().layout().to_string(), c.layout, "{} coalesce", $case);
    }};
    (@common $case:literal, $t:ident, $t0:ident, [$(($b:literal, $e:literal)),*], [$(($f:literal, $bexpr:expr)),*]) => {{
        let t = $t;
        assert_eq!(elems(&t), $t0.elems, "{}", $case);
        let core = t.layout().to_core().unwrap();
        let c = golden($case, "coalesce");
        let typed = t.coalesce().unwrap();
        assert_eq!(elems(&typed), c.elems, "{} coalesce", $case);
        assert_eq!(typed.layout().to_string(), layout_dsl::flatten(&core).to_string(), "{} coalesce", $case);
        for (name, r) in [
            ("flatten", (t.flatten().layout().to_string(), elems(&t.flatten()))),
            ("filter_zeros", { let f = t.filter_zeros().unwrap(); (f.layout().to_string(), elems(&f)) }),
            $((concat!("group_modes<", $b, ",", $e, ">"), {
                let g = t.group_modes::<$b, $e>();
                (g.layout().to_string(), elems(&g))
            }),)*
        ] {
            let g = golden($case, name);
            assert_eq!(r, (g.layout, g.elems), "{} {}", $case, name);
        }
        $({
            let g = golden($case, $f);
            let truth = true_composition(&core, $t0.base, &tiler(&$f["composition(".len()..$f.len() - 1]));
            match t.composition($bexpr) {
                Ok(r) => assert_eq!(elems(&r), truth, "{} {}: {}", $case, $f, r.layout()),
                Err(e) => assert_ne!(g.elems, truth, "{} {}: refused ({e})", $case, $f),
            }
        })*
    }};
}

#[test]
fn typed_tensors_equal_cute() {
    typed_case!("col", layout!(type (4,8):(1,4)), static 1, groups [(0, 2), (0, 1)], compose [
        ("composition((4,2):(2,8))", layout!(type (4,2):(2,8))),
        ("composition((2,4))", (C::<2>, C::<4>)),
        ("composition(8:3)", layout!(type 8:3)),
        ("composition(<4:2,2:4>)", (layout!(type 4:2), layout!(type 2:4)))
    ]);
    typed_case!("rowmajor", layout!(type (4,8):(8,1)), static 2, groups [(0, 2), (0, 1)], compose [
        ("composition((4,2):(2,8))", layout!(type (4,2):(2,8))),
        ("composition((2,4))", (C::<2>, C::<4>)),
        ("composition(8:3)", layout!(type 8:3))
    ]);
    typed_case!("nested", layout!(type ((2,4),(3,2)):((1,2),(8,24))), static 1, groups [(0, 2), (0, 1)], compose [
        ("composition((4,3):(2,8))", layout!(type (4,3):(2,8))),
        ("composition(12:2)", layout!(type 12:2))
    ]);
    typed_case!("zero", layout!(type (4,(2,3)):(0,(1,2))), static 2, groups [(0, 2), (0, 1)], compose [
        ("composition((2,6):(1,4))", layout!(type (2,6):(1,4)))
    ]);
    typed_case!("ones", layout!(type (2,1,(1,4)):(1,9,(5,2))), static 1, groups [(0, 2), (1, 3), (0, 1)], compose [
        ("composition(4:2)", layout!(type 4:2))
    ]);
    // Negative strides: a typed layout of `isize` offsets (no composition:
    // `Compose` takes layouts of `usize` offsets).
    typed_case!("neg", layout!(type (4,3):(-1,4)), static 2, groups [(0, 2), (0, 1)], compose []);
    typed_case!("negnested", layout!(type ((2,2),3):((-1,2),-4)), static 3, groups [(0, 2), (0, 1)], compose []);
    let (m, n, k) = (6, 4, 3);
    typed_case!("dyn", layout!((m,n):(1,m)), dynamic, groups [(0, 2), (0, 1)], compose [
        ("composition((3,4):(2,6))", layout!((k,n):(2,m)))
    ]);
    typed_case!("dynnested", layout!((k,(2,n)):(1,(k,{2 * k}))), dynamic, groups [(0, 2), (0, 1)], compose [
        ("composition((3,8):(1,3))", layout!((k,{2 * n}):(1,k)))
    ]);
}
