//! The tensor vocabulary at its edges, as a CuTe user tries it: `group_modes`
//! ranges at the ends, `coalesce` of negative, unit and zero strides,
//! recasts of stride-0 and extent-1 modes between u8, u16, u32 and f32,
//! and compositions whose print or answer differs from CuTe's (the
//! differences docs/typed/tensors.md states). Each `CUTE` string is what a
//! host program built from CUTLASS 4.7's headers printed for the same
//! `f(make_tensor(&data[base], layout))` (its `_` static marks dropped),
//! with `data[k] = k`; the elements are compared with the layout's own
//! walk over the same data, so both the layout and what it reads are
//! CuTe's.

use layout_dsl::tensor::{AsLayout, Engine, Tensor};
use layout_dsl::typed::C;
use layout_dsl::{Layout, layout};

/// The layout CuTe printed and the elements it reads over `data`, from
/// `base`: `(print, elements)`.
fn cute<T: Copy>(print: &str, base: usize, data: &[T]) -> (String, Vec<T>) {
    let l: Layout = print.parse().unwrap();
    let elems = (0..l.size())
        .map(|i| data[(base as i64 + l.at(i).unwrap()) as usize])
        .collect();
    (print.to_owned(), elems)
}

fn ours<E: Engine, L: AsLayout + std::fmt::Display>(t: &Tensor<E, L>) -> (String, Vec<E::Elem>)
where
    E::Elem: Copy,
{
    (t.layout().to_string(), t.iter().copied().collect())
}

fn data() -> Vec<i32> {
    (0..256).collect()
}

#[test]
fn group_modes_at_the_ends_are_cutes() {
    let data = data();
    let t = Tensor::new(&data[..], layout!(type (2,3,4):(1,2,6))).unwrap();
    // CuTe: group_modes<0,0>, <1,1>, <3,3> change nothing.
    let same = cute("(2,3,4):(1,2,6)", 0, &data);
    assert_eq!(ours(&t.by_ref().group_modes::<0, 0>()), same);
    assert_eq!(ours(&t.by_ref().group_modes::<1, 1>()), same);
    assert_eq!(ours(&t.by_ref().group_modes::<3, 3>()), same);
    assert_eq!(
        ours(&t.by_ref().group_modes::<0, 3>()),
        cute("((2,3,4)):((1,2,6))", 0, &data)
    );
    assert_eq!(
        ours(&t.by_ref().group_modes::<2, 3>()),
        cute("(2,3,(4)):(1,2,(6))", 0, &data)
    );
    let one = Tensor::new(&data[..], layout!(type 8:2)).unwrap();
    assert_eq!(
        ours(&one.by_ref().group_modes::<0, 1>()),
        cute("((8)):((2))", 0, &data)
    );
    assert_eq!(
        ours(&one.by_ref().group_modes::<1, 1>()),
        cute("(8):(2)", 0, &data)
    );
    // The core door: the same, and a range past the rank an error that
    // does not call an empty range wrong.
    let core = Tensor::new(&data[..], "(2,3,4):(1,2,6)".parse::<Layout>().unwrap()).unwrap();
    assert_eq!(ours(&core.view().group_modes::<3, 3>().unwrap()), same);
    let e = core.view().group_modes::<2, 5>().unwrap_err().to_string();
    assert!(
        e.contains("modes [2,5) are not a range of the value's 3 modes"),
        "{e}"
    );
}

#[test]
fn coalesce_of_negative_unit_and_zero_strides_is_cutes() {
    let data = data();
    let t = Tensor::at_base(&data[..], layout!(type (2,2):(-1,-2)), 3).unwrap();
    assert_eq!(
        ours(&t.coalesce_static::<1>().unwrap()),
        cute("4:-1", 3, &data)
    );
    let t = Tensor::new(&data[..], layout!(type (1,1):(3,5))).unwrap();
    assert_eq!(
        ours(&t.coalesce_static::<1>().unwrap()),
        cute("1:0", 0, &data)
    );
    assert_eq!(
        ours(&t.filter_zeros().unwrap()),
        cute("(1,1):(3,5)", 0, &data)
    );
    let t = Tensor::new(&data[..], layout!(type (1,4):(0,0))).unwrap();
    assert_eq!(
        ours(&t.coalesce_static::<1>().unwrap()),
        cute("4:0", 0, &data)
    );
    assert_eq!(
        ours(&t.filter_zeros().unwrap()),
        cute("(1,1):(0,0)", 0, &data)
    );
}

/// 256 bytes, byte `k` holding `k`, aligned for every width here.
#[repr(C, align(16))]
struct Bytes([u8; 256]);

#[test]
fn recasts_of_broadcasts_and_unit_modes_are_cutes() {
    use layout_dsl::tensor::RecastEngine;
    let b = Bytes(core::array::from_fn(|k| k as u8));
    let b8: &[u8] = &b.0[..];
    let b16: &[u16] = RecastEngine::<u16>::recast_engine(b8).unwrap();
    let b32: &[u32] = RecastEngine::<u32>::recast_engine(b8).unwrap();
    let f32s: &[f32] = RecastEngine::<f32>::recast_engine(b8).unwrap();
    macro_rules! up {
        ($l:expr) => {
            Tensor::new(b8, $l).unwrap().recast::<u32>().unwrap()
        };
    }
    assert_eq!(
        ours(&up!(layout!(type (4,4):(0,1)))),
        cute("(4,1):(0,1)", 0, b32)
    );
    assert_eq!(
        ours(&up!(layout!(type (4,4):(1,0)))),
        cute("(1,4):(1,0)", 0, b32)
    );
    assert_eq!(ours(&up!(layout!(type 6:1))), cute("2:1", 0, b32));
    let t = Tensor::new(b8, layout!(type (2,(2,4)):(2,(1,4)))).unwrap();
    assert_eq!(
        ours(&t.recast::<u32>().unwrap()),
        cute("(1,(1,4)):(1,(1,1))", 0, b32)
    );
    let t = Tensor::new(b8, layout!(type ((2,2),4):((1,2),4))).unwrap();
    let (print, elems) = cute("((1,1),4):((1,1),1)", 0, f32s);
    let r = t.recast::<f32>().unwrap();
    assert_eq!(r.layout().to_string(), print);
    let bits = |v: Vec<f32>| v.into_iter().map(f32::to_bits).collect::<Vec<_>>();
    assert_eq!(bits(r.iter().copied().collect()), bits(elems));
    let t = Tensor::new(b32, layout!(type (2,3):(1,0))).unwrap();
    assert_eq!(
        ours(&t.recast::<u16>().unwrap()),
        cute("(4,3):(1,0)", 0, b16)
    );
    let t = Tensor::new(b32, layout!(type (2,3):(0,1))).unwrap();
    assert_eq!(
        ours(&t.recast::<u8>().unwrap()),
        cute("(2,12):(0,1)", 0, b8)
    );
    let t = Tensor::new(f32s, layout!(type (2,2):(1,2))).unwrap();
    assert_eq!(ours(&t.recast::<u8>().unwrap()), cute("(8,2):(1,8)", 0, b8));
    let t = Tensor::new(b16, layout!(type (1,4):(0,1))).unwrap();
    assert_eq!(
        ours(&t.recast::<u32>().unwrap()),
        cute("(1,2):(0,1)", 0, b32)
    );
    let t = Tensor::new(b16, layout!(type 8:0)).unwrap();
    assert_eq!(ours(&t.recast::<u32>().unwrap()), cute("8:0", 0, b32));
    let t = Tensor::at_base(b16, layout!(type (2,2):(1,2)), 2).unwrap();
    assert_eq!(
        ours(&t.recast::<u32>().unwrap()),
        cute("(1,2):(1,1)", 1, b32)
    );
    let n = 3;
    let t = Tensor::new(b8, layout!((n,4):(4,1))).unwrap();
    assert_eq!(
        ours(&t.recast::<u32>().unwrap()),
        cute("(3,1):(1,1)", 0, b32)
    );
}

/// Where the typed composition's answer or print differs from CuTe's, as
/// docs/typed/tensors.md says: the same elements with extent-1 leaves
/// kept; the true composition where CuTe's is not one; a run-time zero
/// stride filtered.
#[test]
fn typed_compositions_and_filters_differ_from_cute_as_documented() {
    let data = data();
    let t = Tensor::new(&data[..], layout!(type ((2,4),(3,2)):((1,2),(8,24)))).unwrap();
    let p = t.composition(layout!(type (4,3):(2,8))).unwrap();
    let (_, elems) = cute("(4,3):(2,8)", 0, &data);
    assert_eq!(
        ours(&p),
        (
            "((4,1,1,1),(3,1,1,1)):((2,0,0,0),(8,0,0,0))".to_owned(),
            elems
        )
    );
    // The written-out composition is CuTe's print.
    assert_eq!(
        layout!(type composition(((2,4),(3,2)):((1,2),(8,24)), (4,3):(2,8))).to_string(),
        "(4,3):(2,8)"
    );
    // CuTe: (m,o,n):(_1,_7,m) at 4, 1, 3 composed with _6 is
    // (4,1,1):(_1,7,4), four elements: not t(i) for i < 6.
    let (m, o, n) = (4usize, 1usize, 3usize);
    let t = Tensor::new(&data[..], layout!((m,o,n):(1,7,m))).unwrap();
    let p = t.composition(C::<6>).unwrap();
    assert_eq!(p.iter().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
    assert_eq!(cute("(4,1,1):(1,7,4)", 0, &data).1, [0, 1, 2, 3]);
    // CuTe's filter_zeros replaces static `_0` strides only: at a run-time
    // 0 it prints (_4,3):(0,_1), 12 elements; here the zero is filtered.
    let z = 0;
    let t = Tensor::new(&data[..], layout!((4,n):(z,1))).unwrap();
    let f = t.filter_zeros().unwrap();
    assert_eq!(ours(&f), ("(1,3):(0,1)".to_owned(), vec![0, 1, 2]));
    assert_eq!(cute("(4,3):(0,1)", 0, &data).1.len(), 12);
}
