//! The partitions not written out, against the core past `i64` (issue 13
//! §2, "never a wrong answer"), as tests/typed_partition_overflow.rs does
//! for the written-out ones (the sweep and what counts as agreeing:
//! tests/overflow_sweep/partition.rs): every pair of values around
//! `i64::MAX`, its halves, thirds, quarters, `2^62`, `2^61`, `2^32`, small
//! values and a few above `i64::MAX`, in each family, against the core's
//! `evaluate` of the same call on the same layout.
//!
//! - a named layout: `layout!(type local_tile(#l, #t, C))`, `outer_partition`,
//!   `local_partition`, with a step;
//! - a tensor's: `tensor::typed::local_tile`, `outer_partition`,
//!   `local_partition` and their `Step` forms, over an engine of
//!   zero-sized elements (`usize::MAX` of them: a layout whose offsets
//!   pass `i64` is a tensor's) and over 64 bytes (a broadcast mode of any
//!   extent, a mode of extent 1 of any stride);
//!
//! The masked shares' sweep is tests/typed_masked_share_overflow.rs.

#[macro_use]
mod overflow_sweep;

use layout_dsl::layout;
use layout_dsl::tensor::typed::Unbounded;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;
use overflow_sweep::partition::report;
use overflow_sweep::{at, zst};

#[test]
fn named_local_tile() {
    let t = (C::<4>, C::<8>);
    let t42 = (C::<4>, C::<2>);
    let t3 = (C::<4>, C::<2>, C::<8>);
    let counts = report(&[
        family!(
            "local_tile(({a},{b}):(1,{a}), <4,8>, (0,0))",
            "({a},{b}):(1,{a})",
            |a, b| {
                let l = layout!((a, b):(1, a));
                layout!(type local_tile(#l, #t, (0, 0)))
            }
        ),
        family!(
            "local_tile(({a},8):(1,{b}), <4,8>, (0,0))",
            "({a},8):(1,{b})",
            |a, b| {
                let l = layout!((a, 8):(1, b));
                layout!(type local_tile(#l, #t, (0, 0)))
            }
        ),
        family!(
            "local_tile(({a},8):(1,{b}), <4,8>, (_,0))",
            "({a},8):(1,{b})",
            |a, b| {
                let l = layout!((a, 8):(1, b));
                layout!(type local_tile(#l, #t, (_, 0)))
            }
        ),
        family!(
            "local_tile(({a},2):({b},1), <4,2>, (0,0))",
            "({a},2):({b},1)",
            |a, b| {
                let l = layout!((a, 2):(b, 1));
                layout!(type local_tile(#l, #t42, (0, 0)))
            }
        ),
        family!(
            "local_tile(({a},{b}):(1,{a}), (4,2,8), (0,_,0), (1,X,1))",
            "({a},{b}):(1,{a})",
            |a, b| {
                let l = layout!((a, b):(1, a));
                layout!(type local_tile(#l, #t3, (0, _, 0), (1, X, 1)))
            }
        ),
    ]);
    assert_eq!(
        counts,
        [(164, 92), (132, 0), (144, 0), (267, 21), (164, 92)]
    );
}

#[test]
fn named_outer_and_local_partition() {
    let t = (C::<4>, C::<8>);
    let thr = layout!(type (4,2):(1,4));
    let counts = report(&[
        family!(
            "outer_partition(({a},{b}):(1,{a}), <4,8>, (1,1))",
            "({a},{b}):(1,{a})",
            |a, b| {
                let l = layout!((a, b):(1, a));
                layout!(type outer_partition(#l, #t, (1, 1)))
            }
        ),
        family!(
            "local_partition(({a},{b}):(1,{a}), (4,2):(1,4), 3)",
            "({a},{b}):(1,{a})",
            |a, b| {
                let l = layout!((a, b):(1, a));
                layout!(type local_partition(#l, #thr, 3))
            }
        ),
        family!(
            "local_partition(({a},2):({b},1), (4,2):(1,4), 3)",
            "({a},2):({b},1)",
            |a, b| {
                let l = layout!((a, 2):(b, 1));
                layout!(type local_partition(#l, #thr, 3))
            }
        ),
        family!(
            "local_partition(({a},{b}):(1,{a}), (4,2):(1,4), 3, (1,X))",
            "({a},{b}):(1,{a})",
            |a, b| {
                let l = layout!((a, b):(1, a));
                layout!(type local_partition(#l, #thr, 3, (1, X)))
            }
        ),
    ]);
    assert_eq!(counts, [(233, 92), (346, 107), (263, 21), (357, 81)]);
}

#[test]
fn tensor_local_tile() {
    let z = zst();
    let counts = report(&[
        family!(
            "local_tile(({a},{b}):(1,{a}), <4,8>, (0,0))",
            "({a},{b}):(1,{a})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, b):(1, a)))
                    .and_then(|t| typed::local_tile(t, (C::<4>, C::<8>), (0, 0)))
                    .map(at)
            }
        ),
        family!(
            "local_tile(({a},8):(1,{b}), <4,8>, (0,0))",
            "({a},8):(1,{b})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, 8):(1, b)))
                    .and_then(|t| typed::local_tile(t, (C::<4>, C::<8>), (0, 0)))
                    .map(at)
            }
        ),
        family!(
            "local_tile(({a},8):(1,{b}), <4,8>, (_,0))",
            "({a},8):(1,{b})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, 8):(1, b)))
                    .and_then(|t| typed::local_tile(t, (C::<4>, C::<8>), (X, 0)))
                    .map(at)
            }
        ),
        family!(
            "local_tile(({a},2):({b},1), <4,2>, (0,0))",
            "({a},2):({b},1)",
            |a, b| {
                Tensor::new(&z[..], layout!((a, 2):(b, 1)))
                    .and_then(|t| typed::local_tile(t, (C::<4>, C::<2>), (0, 0)))
                    .map(at)
            }
        ),
        family!(
            "local_tile(({a},{b}):(1,{a}), (4,2,8), (0,_,0), (1,X,1))",
            "({a},{b}):(1,{a})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, b):(1, a)))
                    .and_then(|t| {
                        typed::local_tile_step(
                            t,
                            (C::<4>, C::<2>, C::<8>),
                            (0, X, 0),
                            (C::<1>, X, C::<1>),
                        )
                    })
                    .map(at)
            }
        ),
    ]);
    assert_eq!(
        counts,
        [(164, 92), (132, 0), (144, 0), (267, 21), (164, 92)]
    );
}

#[test]
fn tensor_outer_and_local_partition() {
    let z = zst();
    let thr = layout!(type (4,2):(1,4));
    let counts = report(&[
        family!(
            "outer_partition(({a},{b}):(1,{a}), <4,8>, (1,1))",
            "({a},{b}):(1,{a})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, b):(1, a)))
                    .and_then(|t| typed::outer_partition(t, (C::<4>, C::<8>), (1, 1)))
                    .map(at)
            }
        ),
        family!(
            "local_partition(({a},{b}):(1,{a}), (4,2):(1,4), 3)",
            "({a},{b}):(1,{a})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, b):(1, a)))
                    .and_then(|t| typed::local_partition(t, &thr, 3))
                    .map(at)
            }
        ),
        family!(
            "local_partition(({a},2):({b},1), (4,2):(1,4), 3)",
            "({a},2):({b},1)",
            |a, b| {
                Tensor::new(&z[..], layout!((a, 2):(b, 1)))
                    .and_then(|t| typed::local_partition(t, &thr, 3))
                    .map(at)
            }
        ),
        family!(
            "local_partition(({a},{b}):(1,{a}), (4,2):(1,4), 3, (1,X))",
            "({a},{b}):(1,{a})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, b):(1, a)))
                    .and_then(|t| typed::local_partition_step(t, &thr, 3, (C::<1>, X)))
                    .map(at)
            }
        ),
    ]);
    assert_eq!(counts, [(233, 92), (346, 107), (263, 21), (357, 81)]);
}

/// A share's comparison reads its strides alone (`Role::Share`: its
/// extents, size and offsets are the operand's at most), a short
/// `outer_partition`'s all its leaves (it keeps whole tiles, which reach
/// past the operand's offsets: `(2,8)`'s tile of 8 at stride `2^62`).
#[test]
fn tensor_shares_nested_and_short() {
    let z = zst();
    let thr = layout!(type (4,2):(1,4));
    let counts = report(&[
        family!(
            "local_partition(((2,{a}),{b}):((1,2),{b}), (4,2):(1,4), 3)",
            "((2,{a}),{b}):((1,2),{b})",
            |a, b| {
                Tensor::new(&z[..], layout!(((2, a), b):((1, 2), b)))
                    .and_then(|t| typed::local_partition(t, &thr, 3))
                    .map(at)
            }
        ),
        family!(
            "outer_partition(({a},2):(1,{b}), <4,8>, (1))",
            "({a},2):(1,{b})",
            |a, b| {
                Tensor::new(&z[..], layout!((a, 2):(1, b)))
                    .and_then(|t| typed::outer_partition(t, (C::<4>, C::<8>), (1,)))
                    .map(at)
            }
        ),
        family!(
            "local_partition(((2,{a}),{b}):((1,2),{b}), (4,2):(1,4), 3)",
            "((2,{a}),{b}):((1,2),{b})",
            |a, b| {
                Tensor::new(&z[..], layout!(((2, a), b):((1, 2), b)))
                    .and_then(|t| typed::local_partition_masked(t, &thr, 3))
                    .map(|m| (*m.layout(), m.base()))
            }
        ),
    ]);
    // 415 -> 408 answered (branch viewfix): tensors the core cannot hold
    // (empty with a value past `i64`, or offsets past `i64` over
    // zero-sized elements) are refused when built, before the partition.
    assert_eq!(counts, [(123, 25), (408, 264), (59, 10)]);
}

/// An `Unbounded` view (a partial tile's predicated epilogue) holds a
/// layout the core holds (`Unbounded::new`), so its partitions check
/// their results alone: a share's stride of extent 1 past `i64` is
/// refused (the algebra's kept difference: the core gives that mode
/// stride 0).
#[test]
fn unbounded_views() {
    let data = [0u8; 64];
    let thr = layout!(type (4,2):(1,4));
    let (one, big) = (1usize, 1usize << 61);
    // 2^61 rows of stride 0: the size, 2^64, passes `i64`.
    assert!(Unbounded::new(&data[..], layout!((big, 8):(0, 1))).is_err());
    // One row (a run-time extent) of stride 2^61: thread 3's share
    // strides it 4·2^61 = 2^63.
    let u = Unbounded::new(&data[..], layout!((one, 8):(big, 1))).unwrap();
    let e = u.local_partition(&thr, 3).map(|_| ()).unwrap_err();
    assert!(e.to_string().contains("past i64::MAX"), "{e}");
    let core = "local_partition((1,8):(2305843009213693952,1), (4,2):(1,4), 3)";
    let layout_dsl::Value::View(v) = layout_dsl::evaluate(core).unwrap() else {
        panic!("a view")
    };
    assert_eq!(v.layout().to_string(), "(1,4):(0,2)");
    // A small stride passes.
    let u = Unbounded::new(&data[..], layout!((one, 8):(3, 1))).unwrap();
    assert_eq!(
        u.local_partition(&thr, 3).unwrap().layout().to_string(),
        "(1,4):(12,2)"
    );
}

#[test]
fn tensor_over_bytes() {
    // 64 bytes: a broadcast mode (stride 0) of any extent, a mode of
    // extent 1 of any stride; the rest within the engine.
    let data = [0u8; 64];
    let thr = layout!(type (4,2):(1,4));
    let counts = report(&[
        family!(
            "local_tile(({a},{b}):(0,1), <4,8>, (_,0))",
            "({a},{b}):(0,1)",
            |a, b| {
                Tensor::new(&data[..], layout!((a, b):(0, 1)))
                    .and_then(|t| typed::local_tile(t, (C::<4>, C::<8>), (X, 0)))
                    .map(at)
            }
        ),
        family!(
            "local_partition(({a},{b}):(0,1), (4,2):(1,4), 3)",
            "({a},{b}):(0,1)",
            |a, b| {
                Tensor::new(&data[..], layout!((a, b):(0, 1)))
                    .and_then(|t| typed::local_partition(t, &thr, 3))
                    .map(at)
            }
        ),
        family!(
            "local_partition(({a},8):({b},1), (4,2):(1,4), 1)",
            "({a},8):({b},1)",
            |a, b| {
                Tensor::new(&data[..], layout!((a, 8):(b, 1)))
                    .and_then(|t| typed::local_partition(t, &thr, 1))
                    .map(at)
            }
        ),
    ]);
    // 67 -> 60 answered (branch viewfix): tensors the core cannot hold
    // (empty with a value past `i64`, or offsets past `i64` over
    // zero-sized elements) are refused when built, before the partition.
    assert_eq!(counts, [(94, 0), (237, 46), (60, 0)]);
}
