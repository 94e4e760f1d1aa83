//! The access analysis on the classic cases (issue 15), and against a
//! brute-force simulation: every thread's addresses enumerated, banks served
//! one word per wavefront until every request is met.

use layout_core::access::{Access, Data, analyse, analyse_with};
use layout_core::{ComposedLayout, IntTuple, Layout, Swizzle};
use proptest::prelude::*;

fn layout(s: &str) -> Layout {
    s.parse().unwrap()
}

fn swizzled(b: i64, m: i64, s: i64, inner: &str) -> ComposedLayout {
    ComposedLayout::new(Swizzle::new(b, m, s).unwrap(), 0, layout(inner))
}

fn totals(a: &Access) -> (i64, i64) {
    (a.wavefronts, a.ideal_wavefronts)
}

/// ldmatrix.x4 over an (8,64) fp16 row-major tile: thread t = (row r, matrix j)
/// holds the 8 elements of row r, columns 8j..8j+8 (CuTe's column-major
/// element index r + 8*col).
const LDMATRIX_X4: &str = "((8,4),8):((1,64),8)";
const TILE: &str = "(8,64):(64,1)";

#[test]
fn ldmatrix_over_an_unswizzled_tile_is_8_way() {
    let a = analyse(&layout(LDMATRIX_X4), Data::Plain(&layout(TILE)), 2).unwrap();
    assert_eq!((a.vector, a.access_values, a.phase_threads), (8, 8, 8));
    assert_eq!(totals(&a), (32, 4));
    assert_eq!(a.worst().unwrap().wavefronts, 32);
}

#[test]
fn ldmatrix_over_sw333_is_conflict_free_and_sw343_is_2_way() {
    let a = analyse(
        &layout(LDMATRIX_X4),
        Data::Composed(&swizzled(3, 3, 3, TILE)),
        2,
    )
    .unwrap();
    assert_eq!(totals(&a), (4, 4));
    // the 128-byte swizzle in byte units; over fp16 element offsets it is off by one bit
    let a = analyse(
        &layout(LDMATRIX_X4),
        Data::Composed(&swizzled(3, 4, 3, TILE)),
        2,
    )
    .unwrap();
    assert_eq!(totals(&a), (8, 4));
}

/// SM80_16x8x16_F16F16F16F16_TN's A layout (mma_traits_sm80.hpp), over
/// the 16x16 corner of a K-major (16,64) fp16 tile: element m + 16k at 64m + k.
const SM80_A: &str = "((4,8),(2,2,2)):((32,1),(16,8,128))";
const A_TILE: &str = "(16,16):(64,1)";

#[test]
fn sm80_16x8x16_a_operand_with_and_without_swizzles() {
    let tv = layout(SM80_A);
    let a = analyse(&tv, Data::Plain(&layout(A_TILE)), 2).unwrap();
    assert_eq!((a.vector, a.phase_threads), (2, 32));
    assert_eq!(totals(&a), (32, 4)); // 8-way: eight rows on the same four banks
    let a = analyse(&tv, Data::Composed(&swizzled(2, 3, 3, A_TILE)), 2).unwrap();
    assert_eq!(totals(&a), (8, 4));
    let a = analyse(&tv, Data::Composed(&swizzled(3, 3, 3, A_TILE)), 2).unwrap();
    assert_eq!(totals(&a), (4, 4));
}

#[test]
fn transpose_column_reads_are_32_way_and_padding_fixes_them() {
    let tv = layout("(32,32):(1,32)"); // thread t reads row t, value v its column v
    let scalar = analyse_with(&tv, Data::Plain(&layout("(32,32):(32,1)")), 4, Some(1)).unwrap();
    assert_eq!(totals(&scalar), (1024, 32));
    assert_eq!(scalar.worst().unwrap().wavefronts, 32);
    let padded = analyse_with(&tv, Data::Plain(&layout("(32,32):(33,1)")), 4, Some(1)).unwrap();
    assert_eq!(totals(&padded), (32, 32));
    // the widest loads the unpadded rows allow: 16 bytes, 8 threads a phase on 4 banks
    let vector = analyse(&tv, Data::Plain(&layout("(32,32):(32,1)")), 4).unwrap();
    assert_eq!((vector.vector, vector.access_values), (32, 4));
    assert_eq!(totals(&vector), (256, 32));
    // padding breaks the alignment, so only scalar loads remain
    let padded = analyse(&tv, Data::Plain(&layout("(32,32):(33,1)")), 4).unwrap();
    assert_eq!(padded.vector, 1);
}

#[test]
fn coalescing_counts_sectors() {
    // 32 threads, one fp32 each, consecutive: 4 sectors, ideal
    let a = analyse(&layout("(32,1):(1,0)"), Data::Plain(&layout("32:1")), 4).unwrap();
    assert_eq!((a.sectors, a.ideal_sectors), (4, 4));
    // stride 8 floats = 32 bytes: every thread its own sector
    let a = analyse(&layout("(32,1):(1,0)"), Data::Plain(&layout("32:8")), 4).unwrap();
    assert_eq!((a.sectors, a.ideal_sectors), (32, 4));
}

#[test]
fn bad_accesses_are_refused() {
    let tile = layout(TILE);
    let err = |tv: &str, bytes| {
        analyse(&layout(tv), Data::Plain(&tile), bytes)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("(32,8,2):(1,32,256)", 2),
        "a TV layout has rank 2 (threads, values), but (32,8,2):(1,32,256) has rank 3"
    );
    assert_eq!(
        err(LDMATRIX_X4, 3),
        "an element is 1, 2, 4, 8 or 16 bytes, not 3"
    );
    assert_eq!(
        err("(32,32):(1,32)", 2),
        "an element index of the TV layout 512 is out of range 0..512"
    );
    let wide = analyse_with(&layout(LDMATRIX_X4), Data::Plain(&tile), 4, Some(8)).unwrap_err();
    assert!(
        wide.to_string()
            .starts_with("8 values per access do not fit"),
        "{wide}"
    );
}

/// How many cases the simulation compared (the rest index past the data).
static SIMULATED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

#[test]
fn the_simulation_sees_enough_cases() {
    wavefronts_and_sectors_match_a_simulation();
    let n = SIMULATED.load(std::sync::atomic::Ordering::Relaxed);
    assert!(n > 32, "only {n} of 64 cases were simulated");
}

/// How many vector-law cases had a vector wider than 1 (checked below).
static WIDE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static TOTAL: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

#[test]
fn the_vector_law_sees_wide_vectors() {
    // proptest! functions are plain #[test]s: run the law here too, then count.
    the_vector_width_is_the_largest_aligned_run_every_thread_has();
    let wide = WIDE.load(std::sync::atomic::Ordering::Relaxed);
    assert!(
        wide > 5,
        "only {wide} of {} cases had a vector wider than 1",
        TOTAL.load(std::sync::atomic::Ordering::Relaxed)
    );
}

/// Wavefronts by serving: each wavefront, every bank hands out one word
/// (to every thread wanting it); count wavefronts until all are served.
fn served(requests: &[(i64, i64)]) -> i64 {
    let mut pending: Vec<(i64, i64)> = requests.to_vec(); // (bank, word)
    let mut rounds = 0;
    while !pending.is_empty() {
        rounds += 1;
        let mut served: Vec<(i64, i64)> = Vec::new();
        for &(bank, word) in &pending {
            if !served.iter().any(|&(b, _)| b == bank) {
                served.push((bank, word));
            }
        }
        pending.retain(|r| !served.contains(r));
    }
    rounds
}

fn brute_force(tv: &Layout, data: &Layout, bytes: i64, a: &Access) -> (i64, i64) {
    let (threads, values) = (a.threads, a.values);
    let width = a.access_values * bytes;
    let addr = |t: i64, v: i64| {
        let c = IntTuple::Tuple(vec![IntTuple::Int(t), IntTuple::Int(v)]);
        data.crd2idx(&IntTuple::Int(tv.crd2idx(&c).unwrap()))
            .unwrap()
            * bytes
    };
    let (mut wavefronts, mut sectors) = (0, 0);
    for warp_start in (0..threads).step_by(32) {
        let warp: Vec<i64> = (warp_start..(warp_start + 32).min(threads)).collect();
        for v in (0..values).step_by(a.access_values as usize) {
            for phase in warp.chunks(a.phase_threads as usize) {
                let mut requests = Vec::new();
                for &t in phase {
                    for byte in (addr(t, v)..addr(t, v) + width).step_by(4) {
                        requests.push(((byte / 4) % 32, byte / 4));
                    }
                }
                wavefronts += served(&requests);
            }
            let mut touched = vec![false; 1 << 16];
            for &t in &warp {
                for byte in addr(t, v)..addr(t, v) + width {
                    touched[(byte / 32) as usize] = true;
                }
            }
            sectors += touched.iter().filter(|&&s| s).count() as i64;
        }
    }
    (wavefronts, sectors)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn wavefronts_and_sectors_match_a_simulation(
        (t0, t1) in (1i64..9, 1i64..9), v in prop::sample::select(vec![1i64, 2, 4, 8]),
        (ts0, ts1, vs) in (0i64..4, 0i64..4, 0i64..4),
        pitch in 1i64..80, bytes in prop::sample::select(vec![1i64, 2, 4, 8]),
    ) {
        // threads (t0,t1) and values v over an (R, C) data tile, row pitch `pitch`
        let (rows, cols) = (t0 * t1, 64);
        let strides = [1i64, 2, rows, 2 * rows];
        let tv = layout(&format!("(({t0},{t1}),{v}):(({},{}),{})",
            strides[ts0 as usize] % (rows * cols), t0 * strides[ts1 as usize] % (rows * cols), rows * [1i64, 1, 2, 4][vs as usize]));
        let data = layout(&format!("({rows},{cols}):({pitch},1)"));
        let Ok(a) = analyse(&tv, Data::Plain(&data), bytes) else { return Ok(()) };
        SIMULATED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        prop_assert_eq!((a.wavefronts, a.sectors), brute_force(&tv, &data, bytes, &a), "{} over {}", tv, data);
    }

    #[test]
    fn the_vector_width_is_the_largest_aligned_run_every_thread_has(
        (t0, v1) in (1i64..9, 1i64..5), v0 in prop::sample::select(vec![1i64, 2, 3, 4, 8]),
        (s0, s2) in (0i64..9, 0i64..9), pitch in 1i64..40, aligned in any::<bool>(),
    ) {
        // aligned: thread, value-block and row strides multiples of 8
        let (s0, s2, pitch) = if aligned { (s0 * 8, s2 * 8, pitch * 8) } else { (s0, s2, pitch) };
        let tv = layout(&format!("({t0},({v0},{v1})):({s0},(1,{s2}))"));
        let data = layout(&format!("(64,64):(1,{pitch})"));
        let Ok(a) = analyse(&tv, Data::Plain(&data), 1) else { return Ok(()) };
        let offset = |t: i64, v: i64| {
            let c = IntTuple::Tuple(vec![IntTuple::Int(t), IntTuple::Int(v)]);
            data.crd2idx(&IntTuple::Int(tv.crd2idx(&c).unwrap())).unwrap()
        };
        TOTAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let values = v0 * v1;
        let runs = |n: i64| (0..t0).all(|t| (0..values).step_by(n as usize).all(|v| {
            offset(t, v) % n == 0 && (1..n).all(|j| offset(t, v + j) == offset(t, v) + j)
        }));
        if a.vector > 1 {
            WIDE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        prop_assert_eq!(values % a.vector, 0);
        prop_assert!(runs(a.vector), "{} over {}: {}", tv, data, a.vector);
        let twice = 2 * a.vector;
        prop_assert!(twice > values || values % twice != 0 || !runs(twice), "{} over {}", tv, data);
    }
}

#[test]
fn empty_modes_cost_nothing() {
    let a = analyse(&layout("(32,0):(1,32)"), Data::Plain(&layout(TILE)), 2).unwrap();
    assert_eq!((a.vector, a.wavefronts, a.sectors), (1, 0, 0));
    let a = analyse(&layout("(0,8):(8,1)"), Data::Plain(&layout(TILE)), 2).unwrap();
    assert_eq!((a.wavefronts, a.accesses.len()), (0, 0));
}

mod search {
    use super::*;
    use layout_core::access::swizzle_for;

    /// The found swizzle, checked by analysing it afresh, and the wavefronts before and after.
    fn found(tv: &str, data: &str, bytes: i64, n: Option<i64>) -> (String, i64, i64, i64) {
        let (tv, data) = (layout(tv), layout(data));
        let f = swizzle_for(&tv, &data, bytes, n).unwrap();
        let (sw, after) = f.best.clone().unwrap();
        let c = ComposedLayout::new(sw, 0, data.clone());
        assert_eq!(
            analyse_with(&tv, Data::Composed(&c), bytes, n).unwrap(),
            after
        );
        (
            sw.to_string(),
            f.before.wavefronts,
            after.wavefronts,
            after.ideal_wavefronts,
        )
    }

    #[test]
    fn ldmatrix_needs_the_128_byte_swizzle() {
        assert_eq!(
            found(LDMATRIX_X4, TILE, 2, None),
            ("Sw<3,3,3>".into(), 32, 4, 4)
        );
    }

    #[test]
    fn the_sm80_a_operand_and_the_transpose() {
        assert_eq!(
            found(SM80_A, A_TILE, 2, None),
            ("Sw<3,3,3>".into(), 32, 4, 4)
        );
        let t = found("(32,32):(1,32)", "(32,32):(32,1)", 4, Some(1));
        assert_eq!(t, ("Sw<5,0,5>".into(), 1024, 32, 32));
    }

    #[test]
    fn a_conflict_free_access_needs_none() {
        let f = swizzle_for(
            &layout("(32,32):(32,1)"),
            &layout("(32,32):(32,1)"),
            4,
            Some(1),
        )
        .unwrap();
        assert!(f.best.is_none() && f.conflict_free());
    }
}

/// `phases` takes each access apart the way the analysis counts it: the
/// busiest bank of each phase holds as many distinct words as that phase
/// costs, so they add up to the access's wavefronts (classic cases).
#[test]
fn phases_add_up_to_each_accesss_wavefronts() {
    use layout_core::access::phases;
    let plain = layout(TILE);
    let sw = swizzled(3, 3, 3, TILE);
    let transpose = (layout("(32,32):(32,1)"), layout("(32,32):(33,1)"));
    let cases: [(Layout, Data<'_>, i64, Option<i64>); 4] = [
        (layout(LDMATRIX_X4), Data::Plain(&plain), 2, None),
        (layout(LDMATRIX_X4), Data::Composed(&sw), 2, None),
        (
            layout("(32,32):(1,32)"),
            Data::Plain(&transpose.0),
            4,
            Some(1),
        ),
        (
            layout("(32,32):(1,32)"),
            Data::Plain(&transpose.1),
            4,
            Some(1),
        ),
    ];
    for (tv, data, bytes, n) in cases {
        let a = analyse_with(&tv, data, bytes, n).unwrap();
        for w in &a.accesses {
            let p = phases(&tv, data, &a, w.warp, w.value).unwrap();
            let words: i64 = p.iter().map(|p| p.words.len() as i64).sum();
            assert_eq!(
                words, w.wavefronts,
                "{tv} warp {} value {}",
                w.warp, w.value
            );
            for p in &p {
                assert!(p.words.iter().all(|word| word % 32 == p.bank));
            }
        }
    }
}
