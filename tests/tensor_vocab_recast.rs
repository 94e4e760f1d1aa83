//! CuTe's `recast<U>(tensor)` against CuTe C++
//! (`tests/golden/cute_tensor_vocab.jsonl`, the `r…` cases: a tensor over
//! bytes `k` at byte `k`, of 8, 16 or 32-bit elements, recast to the
//! other widths; each line the result's layout, its base in new elements
//! and `rem`, the bytes past a whole element its pointer is, and every
//! element read little-endian), and the conditions CuTe leaves unchecked.

use layout_dsl::tensor::{AsLayout, Plain, RecastEngine, RelayoutError, Tensor};
use layout_dsl::{Layout, layout};
use serde_json::Value;

const GOLDEN: &str = include_str!("golden/cute_tensor_vocab.jsonl");

/// 256 bytes, byte `k` holding `k`, aligned for every width here.
#[repr(C, align(64))]
struct Bytes([u8; 256]);

fn bytes() -> Bytes {
    Bytes(core::array::from_fn(|k| k as u8))
}

fn lines(case: &str) -> Vec<Value> {
    GOLDEN
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["case"] == case)
        .collect()
}

fn layout_of(v: &Value) -> Layout {
    v["layout"]
        .as_str()
        .unwrap()
        .replace('_', "")
        .parse()
        .unwrap()
}

fn elems_of(v: &Value) -> Vec<u64> {
    let e = v["elems"].as_array().unwrap();
    e.iter().map(|e| e.as_u64().unwrap()).collect()
}

fn elems<T: Plain + Into<u64>, L: AsLayout>(t: &Tensor<&[T], L>) -> Vec<u64> {
    t.iter().map(|&x| x.into()).collect()
}

/// A recast to `U`, against the golden line for it: CuTe's layout, base
/// and elements; or, where CuTe's pointer is not a whole element past the
/// engine's start (its upcast of a negative stride), a refusal.
fn check<U: Plain + Into<u64>, M: AsLayout + std::fmt::Display>(
    case: &str,
    r: Result<Tensor<&[U], M>, RelayoutError>,
    line: &Value,
) -> bool {
    if line["rem"] != 0 {
        // CuTe moved its pointer by a part of an element: not the bytes.
        assert!(
            matches!(r, Err(RelayoutError::NegativeStride { .. })),
            "{case}: {:?}",
            r.map(|r| r.layout().to_string())
        );
        return false;
    }
    let r = r.unwrap_or_else(|e| panic!("{case} {}: {e}", line["fn"]));
    assert_eq!(
        r.layout().to_string(),
        layout_of(line).to_string(),
        "{case} {}",
        line["fn"]
    );
    assert_eq!(r.base() as u64, line["base"].as_u64().unwrap(), "{case}");
    assert_eq!(elems(&r), elems_of(line), "{case} {}", line["fn"]);
    true
}

/// Every recast line: the core tensor of each case recast to each width
/// CuTe printed, and the typed tensor of two cases.
#[test]
fn recasts_equal_cute() {
    let buffer = bytes();
    let b8: &[u8] = &buffer.0;
    let b16: &[u16] = RecastEngine::<u16>::recast_engine(b8).unwrap();
    let b32: &[u32] = RecastEngine::<u32>::recast_engine(b8).unwrap();
    let (mut equal, mut refused) = (0, 0);
    let mut count = |ok: bool| match ok {
        true => equal += 1,
        false => refused += 1,
    };
    for case in [
        "r8col",
        "r8row",
        "r8zero",
        "r8base",
        "r8neg",
        "r8negcol",
        "r16col",
        "r32row",
        "r32nested",
    ] {
        let all = lines(case);
        let (t0, rest) = all.split_first().unwrap();
        let (l, base) = (layout_of(t0), t0["base"].as_u64().unwrap() as usize);
        for line in rest {
            let to = line["bits"].as_u64().unwrap();
            macro_rules! from {
                ($slice:expr) => {{
                    let t = Tensor::at_base($slice, l.clone(), base).unwrap();
                    assert_eq!(elems(&t), elems_of(t0), "{case}");
                    match to {
                        8 => check(case, t.recast::<u8>(), line),
                        16 => check(case, t.recast::<u16>(), line),
                        32 => check(case, t.recast::<u32>(), line),
                        _ => check(case, t.recast::<u64>(), line),
                    }
                }};
            }
            count(match t0["bits"].as_u64().unwrap() {
                8 => from!(b8),
                16 => from!(b16),
                _ => from!(b32),
            });
        }
    }
    // 15 recasts; CuTe's u16 views of the two reversed byte tensors start
    // at an odd byte (`rem` 1): refused.
    assert_eq!((equal, refused), (13, 2));

    // Typed tensors recast to the same layouts, static leaves static.
    let t = Tensor::new(b8, layout!(type (8,4):(1,8))).unwrap();
    let r = t.recast::<u16>();
    assert_eq!(size_of_val(r.as_ref().unwrap().layout()), 0);
    assert!(check("r8col", r, &lines("r8col")[1]));
    let t = Tensor::new(b32, layout!(type ((2,2),3):((1,2),4))).unwrap();
    assert!(check("r32nested", t.recast::<u8>(), &lines("r32nested")[1]));
    assert!(check(
        "r32nested",
        t.recast::<u16>(),
        &lines("r32nested")[2]
    ));
    let t = Tensor::new(b32, layout!(type (2,4):(4,1))).unwrap();
    for (i, line) in lines("r32row").iter().enumerate().skip(1) {
        let ok = match i {
            1 => check("r32row", t.recast::<u8>(), line),
            2 => check("r32row", t.recast::<u16>(), line),
            _ => check("r32row", t.recast::<u64>(), line),
        };
        assert!(ok);
    }
    // With dynamic leaves, and a static negative stride refused as the core's.
    let (m, k) = (8, 4);
    let t = Tensor::at_base(b8, layout!((m,k):(1,m)), 0).unwrap();
    assert!(check("r8col", t.recast::<u16>(), &lines("r8col")[1]));
    let t = Tensor::at_base(b8, layout!(type 8:-1), 7).unwrap();
    assert!(!check("r8neg", t.recast::<u16>(), &lines("r8neg")[1]));
}

/// A recast to `U` and back gives the same elements wherever every stride
/// rescales exactly: a stride ±1 extent a multiple of the ratio `n`, and
/// every other stride 0 or a multiple of `n` other than `±n` (which would
/// become a second stride 1, whose extent the way back scales): the same
/// bytes, seen twice.
#[test]
fn recast_round_trips() {
    let buffer = bytes();
    let b8: &[u8] = &buffer.0;
    for (l, base) in [
        ("(8,4):(1,8)", 0),
        ("(4,(4,4)):(64,(1,8))", 8),
        ("(4,8):(0,1)", 4),
        ("((4,2),2):((1,8),64)", 16),
    ] {
        let t = Tensor::at_base(b8, l.parse::<Layout>().unwrap(), base).unwrap();
        let there = t.clone().recast::<u16>().unwrap();
        let back = there.recast::<u8>().unwrap();
        assert_eq!(back.layout(), t.layout(), "{l}");
        assert_eq!(elems(&back), elems(&t), "{l}");
        let words = t.clone().recast::<u32>().unwrap().recast::<u8>().unwrap();
        assert_eq!(elems(&words), elems(&t), "{l}");
    }
}

/// What CuTe leaves unchecked is refused, each with its own error.
#[test]
fn recast_refusals() {
    let buffer = bytes();
    let b8: &[u8] = &buffer.0;
    let l = |s: &str| s.parse::<Layout>().unwrap();
    // The engine's start, one byte in: not aligned for u16.
    let t = Tensor::new(&b8[1..], l("8:1")).unwrap();
    let e = t.recast::<u16>().unwrap_err();
    assert!(
        matches!(e, RelayoutError::Misaligned { align: 2, .. }),
        "{e}"
    );
    // A base of 3 bytes is no whole number of u16.
    let t = Tensor::at_base(b8, l("8:1"), 3).unwrap();
    let e = t.recast::<u16>().unwrap_err();
    assert_eq!(e, RelayoutError::BaseNotDivisible { bytes: 3, size: 2 });
    assert!(e.to_string().contains("3 bytes"), "{e}");
    // A stride 3 neither divides 2 nor is a multiple of it (CuTe's static assertion).
    let t = Tensor::new(b8, l("8:3")).unwrap();
    assert!(matches!(t.recast::<u16>(), Err(RelayoutError::Layout(_))));
    // A negative stride to another size; the same size is fine.
    let t = Tensor::at_base(b8, l("8:-1"), 7).unwrap();
    let e = t.recast::<u16>().unwrap_err();
    assert_eq!(e, RelayoutError::NegativeStride { stride: -1 });
    let same = Tensor::at_base(b8, l("8:-1"), 7)
        .unwrap()
        .recast::<i8>()
        .unwrap();
    assert_eq!(
        same.iter().map(|&x| x as u8).collect::<Vec<_>>(),
        [7, 6, 5, 4, 3, 2, 1, 0]
    );
    // A new layout past the engine: 3 bytes make one u16, the layout
    // `(3):(1)` rounds up to `2:1`.
    let t = Tensor::new(&b8[..3], l("3:1")).unwrap();
    assert!(matches!(t.recast::<u16>(), Err(RelayoutError::Layout(_))));
    // A zero-sized element type.
    let t = Tensor::new(b8, l("4:1")).unwrap();
    assert_eq!(t.recast::<[u8; 0]>().unwrap_err(), RelayoutError::ZeroSized);
}

/// A mutable view recast writes the same bytes.
#[test]
fn recast_mut_writes_the_bytes() {
    let mut words = [0u32; 4];
    let t = Tensor::new(&mut words[..], layout!(type (4):(1))).unwrap();
    let mut b = t.recast::<u8>().unwrap();
    assert_eq!(b.layout().to_string(), "(16):(1)");
    for i in 0..16 {
        b[i] = i as u8;
    }
    assert_eq!(words[1], u32::from_le_bytes([4, 5, 6, 7]));
}

/// The typed `recast_layout` refuses what the core refuses, naming it.
#[test]
fn typed_recast_layout_refusals() {
    use layout_dsl::typed::AlgebraError;
    let m = 6;
    let e = layout!((4,m):(2,8))
        .recast_layout::<u32, u16>()
        .unwrap_err();
    assert!(
        matches!(
            e,
            AlgebraError::NoUnitStride {
                function: "recast_layout"
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("Downcast requires adjacent elements"),
        "{e}"
    );
    let s = 3;
    let e = layout!((4,m):(1,s)).recast_layout::<u8, u16>().unwrap_err();
    assert_eq!(
        e,
        AlgebraError::NotDivisible {
            function: "recast_layout",
            dividend: 3,
            divisor: 2
        }
    );
    // A typed tensor's recast gives the same refusals, as `RelayoutError::Algebra`.
    let bytes = [0u8; 64];
    let t = Tensor::new(&bytes[..], layout!((4,m):(1,s))).unwrap();
    assert_eq!(t.recast::<u16>().unwrap_err(), RelayoutError::Algebra(e));
}
