//! `layout!(type X_product(A, B))` where a complement the product takes
//! has one mode of dynamic stride (layout-macros/src/typed/product.rs): `A` a
//! leaf `8:d` by a layout, or `(8,4):(d,1)` by a tuple of extents (CuTe's
//! `transform_layout`, mode by mode). CuTe's complement takes that mode as
//! its rank-1 dynamic-stride case, so the result has CuTe's nesting and
//! static leaves (`((_8,(2,1)),(_4,_1)):((4,(_1,32)),(_1,_0))` at `d = 4`),
//! and it is the core's layout at every index or a run-time refusal,
//! never another layout. CuTe's prints at eight strides are
//! `tests/golden/cute_product_rank_one_stride.tsv` (harness outside the
//! repository, `/work/notes/harness-prodleaves/p.cpp`).

#[path = "cute_print/form.rs"]
mod cute_print_form;

use cute_print_form::{cute_form, form};
use layout_dsl::__private::{Layout as Typed, Mode, Tree};
use layout_dsl::typed::AlgebraError;
use layout_dsl::{Layout, Value, evaluate, layout};

/// The core's layout of `text`, if it has one.
fn core(text: &str) -> Option<Layout> {
    match evaluate(text) {
        Ok(Value::Layout(l)) => Some(l),
        Ok(other) => panic!("{text}: {other:?}"),
        Err(_) => None,
    }
}

fn offsets(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

/// A typed answer: its text and form (`cute_print/form.rs`) after checking
/// it is the core's layout of `text` at every index; the error where it
/// refused at run time.
fn typed<S: Mode<D>, D: Tree>(
    got: Result<Typed<S, D>, AlgebraError>,
    text: &str,
) -> Result<(String, String), AlgebraError> {
    let got = got?;
    let typed = got.to_core().unwrap();
    let want = core(text).unwrap_or_else(|| panic!("{text}: typed {typed}, the core refuses"));
    assert_eq!(
        offsets(&typed),
        offsets(&want),
        "{text}: typed {typed}, core {want}"
    );
    Ok((got.to_string().replace(" ", ""), form(&got)))
}

/// A printed layout's leaves, `(extent, stride)` in order, the stride
/// left out where the extent is 1: the typed composition writes 0 there
/// (src/private/compose.rs saves CuTe's division once a leaf is placed),
/// where no stride moves an offset.
fn leaves(print: &str) -> Vec<(u64, Option<u64>)> {
    let numbers = |part: &str| -> Vec<u64> {
        part.split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(|n| n.parse().unwrap())
            .collect()
    };
    let (shape, stride) = print.split_once(':').unwrap();
    let (shape, stride) = (numbers(shape), numbers(stride));
    assert_eq!(shape.len(), stride.len(), "{print}");
    let pairs = shape.into_iter().zip(stride);
    pairs.map(|(s, d)| (s, (s != 1).then_some(d))).collect()
}

/// Ours for a row of the golden, at stride `d`: the core's text and the
/// typed answer.
fn ours(name: &str, d: usize) -> (String, Result<(String, String), AlgebraError>) {
    let (six, p) = (6usize, 3usize);
    let text = name
        .replace("(p,", "(3,")
        .replace(":d", &format!(":{d}"))
        .replace("(d,", &format!("({d},"))
        .replace(",d)", &format!(",{d})"));
    let got = match name {
        "logical_product((8,4):(d,1),(2,1))" => {
            typed(layout!(type logical_product((8,4):(d,1),(2,1))), &text)
        }
        "zipped_product((8,4):(d,1),(2,1))" => {
            typed(layout!(type zipped_product((8,4):(d,1),(2,1))), &text)
        }
        "tiled_product((8,4):(d,1),(2,1))" => {
            typed(layout!(type tiled_product((8,4):(d,1),(2,1))), &text)
        }
        "flat_product((8,4):(d,1),(2,1))" => {
            typed(layout!(type flat_product((8,4):(d,1),(2,1))), &text)
        }
        "logical_product((8,4):(4,d),(1,2))" => {
            typed(layout!(type logical_product((8,4):(4,d),(1,2))), &text)
        }
        "logical_product((8,4):(4,d),(3,2))" => {
            typed(layout!(type logical_product((8,4):(4,d),(3,2))), &text)
        }
        "logical_product(8:d,(2,2):(1,2))" => {
            typed(layout!(type logical_product(8:d,(2,2):(1,2))), &text)
        }
        "blocked_product(8:d,(2,2):(1,2))" => {
            typed(layout!(type blocked_product(8:d,(2,2):(1,2))), &text)
        }
        "raked_product(8:d,(2,2):(1,2))" => {
            typed(layout!(type raked_product(8:d,(2,2):(1,2))), &text)
        }
        "logical_product(8:d,(3,2):(2,1))" => {
            typed(layout!(type logical_product(8:d,(3,2):(2,1))), &text)
        }
        "logical_product(((2,1),4):((d,3),2),(2,2))" => typed(
            layout!(type logical_product(((2,1),4):((d,3),2),(2,2))),
            &text,
        ),
        "logical_product((6,4):(d,1),(2,1))" => {
            typed(layout!(type logical_product((six,4):(d,1),(2,1))), &text)
        }
        "logical_product((6,4):(d,1),(3))" => {
            typed(layout!(type logical_product((six,4):(d,1),(3))), &text)
        }
        "logical_product((8,4):(d,1),(p,1))" => {
            typed(layout!(type logical_product((8,4):(d,1),(p,1))), &text)
        }
        _ => panic!("{name}: no row"),
    };
    (text, got)
}

/// Each of CuTe's prints (14 calls at 8 strides): where CuTe's layout is
/// the core's, ours prints the same (CuTe's nesting, its values) with the
/// same static leaves; where it is not (`logical_product(8:d,
/// (3,2):(2,1))`: CuTe's dynamic composition takes 2 of the 3 elements of
/// the leaf `3:2`), ours is the core's layout or refused.
#[test]
fn cutes_prints_at_every_stride() {
    let golden = include_str!("golden/cute_product_rank_one_stride.tsv");
    let (mut same, mut other) = (0, 0);
    for row in golden.lines() {
        let [name, d, print]: [&str; 3] = row.split('\t').collect::<Vec<_>>().try_into().unwrap();
        let d: usize = d.parse().unwrap();
        let (text, got) = ours(name, d);
        let cute = core(&print.replace('_', "")).unwrap();
        // `typed` checked that ours is the core's where it answered (and
        // that it refused where the core refuses).
        if core(&text).is_some_and(|want| offsets(&want) == offsets(&cute)) {
            let (got, got_form) =
                got.unwrap_or_else(|e| panic!("{text}: refused ({e}); CuTe {print}"));
            assert_eq!(
                leaves(&got),
                leaves(print),
                "{text}: typed {got}, CuTe {print}"
            );
            assert_eq!(got_form, cute_form(print), "{text}: CuTe {print}");
            same += 1;
        } else {
            println!("{text}: CuTe {print}, not the core's; ours {got:?}");
            other += 1;
        }
    }
    assert_eq!((same, other), (14 * 8 - 8, 8));
}

/// Every small `(m,n):(d,1)` (all dynamic, `d` from 0) by every tuple of
/// extents `(p,q)` (dynamic, `p` from 0), through the four products that
/// take a tuple: the core's layout at every index or refused, CuTe's
/// nesting fixed (the form below), and never refused where the core
/// answers unless a step of the composition breaks CuTe's divisibility
/// (the error names the values; never at `d = 0`, where CuTe divides by
/// zero and ours is the core's).
#[test]
fn a_tuple_of_extents_is_the_cores_or_refused() {
    let (mut answered, mut total) = (0, 0);
    for (m, n, d, p, q) in grid(4, 3, 8, 4, 3) {
        let text = |f: &str| format!("{f}(({m},{n}):({d},1),({p},{q}))");
        let got = [
            typed(
                layout!(type logical_product((m,n):(d,1),(p,q))),
                &text("logical_product"),
            ),
            typed(
                layout!(type zipped_product((m,n):(d,1),(p,q))),
                &text("zipped_product"),
            ),
            typed(
                layout!(type tiled_product((m,n):(d,1),(p,q))),
                &text("tiled_product"),
            ),
            typed(
                layout!(type flat_product((m,n):(d,1),(p,q))),
                &text("flat_product"),
            ),
        ];
        // CuTe's prints at (m,n,d,p,q) = (4,3,2,2,3), every leaf an `int`
        // but A's stride 1 (harness q.cpp).
        let cute = [
            "((4,(2,1)),(3,3)):((2,(_1,8)),(_1,3))",
            "((4,3),((2,1),3)):((2,_1),((_1,8),3))",
            "((4,3),(2,1),3):((2,_1),(_1,8),3)",
            "(4,3,(2,1),3):(2,_1,(_1,8),3)",
        ];
        for ((got, cute), f) in got.iter().zip(cute).zip(FUNCTIONS) {
            answered += usize::from(settled(got, cute, d, &text(f)));
            total += 1;
        }
    }
    println!("{answered} of {total} answered");
    assert!(answered * 4 > total * 3, "{answered} of {total}");
}

/// Every small leaf `m:d` (both dynamic, `d` from 0) by every `(p,q):(u,v)`
/// (dynamic) through `logical_product`, `blocked_product` and
/// `raked_product` (`A` padded with `1:0`): the core's layout or refused
/// as above, with CuTe's nesting and static leaves.
#[test]
fn a_leaf_by_a_layout_is_the_cores_or_refused() {
    let (mut answered, mut total) = (0, 0);
    for (m, d, p, q) in grid(6, 1, 8, 3, 3).map(|(m, _, d, p, q)| (m, d, p, q)) {
        for (u, v) in [(1, 2), (1, p), (q, 1), (0, 1), (2, 0), (3, 1)] {
            let text = |f: &str| format!("{f}({m}:{d},({p},{q}):({u},{v}))");
            let got = [
                typed(
                    layout!(type logical_product(m:d,(p,q):(u,v))),
                    &text("logical_product"),
                ),
                typed(
                    layout!(type blocked_product(m:d,(p,q):(u,v))),
                    &text("blocked_product"),
                ),
                typed(
                    layout!(type raked_product(m:d,(p,q):(u,v))),
                    &text("raked_product"),
                ),
            ];
            // CuTe's prints at (m,d,p,q,u,v) = (4,2,2,3,1,2) (q.cpp).
            let cute = [
                ("logical_product", "(4,((2,1),(1,3))):(2,((1,8),(2,8)))"),
                (
                    "blocked_product",
                    "((4,(2,1)),(_1,(1,3))):((2,(1,8)),(_0,(2,8)))",
                ),
                (
                    "raked_product",
                    "(((2,1),4),((1,3),_1)):(((1,8),2),((2,8),_0))",
                ),
            ];
            for (got, (f, cute)) in got.iter().zip(cute) {
                answered += usize::from(settled(got, cute, d, &text(f)));
                total += 1;
            }
        }
    }
    println!("{answered} of {total} answered");
    assert!(answered * 3 > total * 2, "{answered} of {total}");
}

/// A grid point: an answer has CuTe's form (`cute`, its print at one
/// point); where the core answers, a refusal is one of the composition's
/// conditions (CuTe's divisibility, a carry out of a mode), naming its
/// values, never at `d = 0` (where CuTe divides by zero and the hole
/// below the mode is the core's). Whether it answered.
fn settled(got: &Result<(String, String), AlgebraError>, cute: &str, d: usize, text: &str) -> bool {
    match (got, core(text)) {
        (Ok((_, form)), _) => {
            assert_eq!(*form, cute_form(cute), "{text}: CuTe {cute}");
            true
        }
        (Err(e), Some(_)) if d == 0 => panic!("{text}: refused ({e:?}), the core answers"),
        (Err(e), Some(_)) => {
            let condition = matches!(
                e,
                AlgebraError::ShapeNotDivisible { .. }
                    | AlgebraError::StrideNotDivisible { .. }
                    | AlgebraError::Carry { .. }
            );
            assert!(condition, "{text}: {e:?}");
            false
        }
        // `typed` checked it refused where the core refuses.
        (Err(_), None) => false,
    }
}

/// The four products that take a tuple of extents, in `got`'s order.
const FUNCTIONS: [&str; 4] = [
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
];

/// Every `(m, n, d, p, q)` with `m` in 1..=m_max, `n` in 1..=n_max, `d` in
/// 0..=d_max, `p` in 0..=p_max, `q` in 1..=q_max.
fn grid(
    m_max: usize,
    n_max: usize,
    d_max: usize,
    p_max: usize,
    q_max: usize,
) -> impl Iterator<Item = (usize, usize, usize, usize, usize)> {
    (1..=m_max).flat_map(move |m| {
        (1..=n_max).flat_map(move |n| {
            (0..=d_max).flat_map(move |d| {
                (0..=p_max).flat_map(move |p| (1..=q_max).map(move |q| (m, n, d, p, q)))
            })
        })
    })
}

/// The five calls CuTe C++ compiles and then divides by zero (class
/// `run_time_fault` of `tests/golden/cute_dynamic_refusals.jsonl`: a
/// dynamic stride 0 in the complement's one mode) answer the core's
/// layout in CuTe's nesting: the core drops that mode, its complement the
/// cotarget at stride 1, and the hole below the mode takes that value
/// (shape.rs), so `B` composes into it as into the core's complement.
#[test]
fn a_stride_zero_is_the_cores_where_cute_divides_by_it() {
    let zero = 0usize;
    let rows = [
        typed(
            layout!(type zipped_product(8:zero,(2))),
            "zipped_product(8:0,(2))",
        ),
        typed(
            layout!(type tiled_product((4,2):(zero,0),(1,2))),
            "tiled_product((4,2):(0,0),(1,2))",
        ),
        typed(
            layout!(type tiled_product((4,2):(0,zero),(1,2))),
            "tiled_product((4,2):(0,0),(1,2))",
        ),
        typed(
            layout!(type flat_product((2, 3):(1, zero), (3, 1))),
            "flat_product((2,3):(1,0),(3,1))",
        ),
        typed(
            layout!(type zipped_product((2,(8,2)):(zero,(2,16)),(4,1))),
            "zipped_product((2,(8,2)):(0,(2,16)),(4,1))",
        ),
    ];
    let texts: Vec<String> = rows.into_iter().map(|r| r.unwrap().0).collect();
    assert_eq!(
        texts,
        [
            "((8),((2,1))):((0),((1,0)))",
            "((4,2),1,2):((0,0),0,1)",
            "((4,2),1,(2,1)):((0,0),0,(1,0))",
            "(2,3,3,1):(1,0,2,0)",
            "((2,(8,2)),((4,1),1)):((0,(2,16)),((1,0),0))",
        ]
    );
    // A dynamic extent of the tuple: the cotarget is a run-time value.
    for p in 0..=5usize {
        let text = format!("logical_product((8,4):(0,1),({p},1))");
        typed(layout!(type logical_product((8,4):(zero,1),(p,1))), &text).unwrap();
    }
}

/// `layout_type!` names the result for a signature: the same type.
type Tiled = layout_dsl::layout_type!(type tiled_product((8,4):(d,1),(2,1)));

fn tiled(d: usize) -> Result<Tiled, AlgebraError> {
    layout!(type tiled_product((8,4):(d,1),(2,1)))
}

#[test]
fn layout_type_names_the_result() {
    let l = tiled(4).unwrap();
    assert_eq!(
        form(&l),
        cute_form("((_8,_4),(2,1),_1):((4,_1),(_1,32),_0)")
    );
    // CuTe's values, but the stride of the placed leaf's extent-1 mode:
    // 0 where CuTe prints 32 (`leaves` above says why).
    assert_eq!(
        l.to_string().replace(' ', ""),
        "((8,4),(2,1),1):((4,1),(1,0),0)"
    );
    assert_eq!(
        tiled(0).unwrap().to_string().replace(' ', ""),
        "((8,4),(2,1),1):((0,1),(1,0),0)"
    );
}
