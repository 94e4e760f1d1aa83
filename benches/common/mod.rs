//! What every bench shares: one criterion configuration, and the paired
//! measurement the ratios in BENCHMARKS.md come from.
//!
//! On two shared cores a neighbour's compile can slow one bench of a pair
//! and not the other, and criterion measures a pair one after the other.
//! So next to criterion's medians each bench also times its pairs
//! interleaved, in short alternating bursts, and reports the median of the
//! per-round ratios: slow drift hits both sides of a round alike, and
//! rounds a preemption spoiled fall outside the median.

use std::time::{Duration, Instant};

use criterion::Criterion;

/// Short windows: the whole suite runs in a few minutes.
pub fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(30)
        .noise_threshold(0.03)
}

/// One burst: long enough for the timer, short enough that a round is
/// rarely preempted.
const BURST: Duration = Duration::from_millis(2);
/// Time spent on one pair, at most (rounds shrink for slow kernels).
const BUDGET: Duration = Duration::from_secs(3);

fn time(f: &mut (impl FnMut() + ?Sized), iterations: u32) -> f64 {
    let start = Instant::now();
    for _ in 0..iterations {
        f();
    }
    start.elapsed().as_secs_f64()
}

/// Times `a` and `b` in alternating bursts (which goes first alternates
/// too), prints and returns the median of time(a) / time(b) per round.
///
/// Output: `ratio NAME = MEDIAN (quartiles Q1..Q3, R rounds x K calls)`;
/// `benches/run.sh` collects these lines.
/// Outside `cargo bench` (`cargo test --benches`) each side runs once. A
/// filter given to the bench (`cargo bench --bench B -- WORD`) that the name
/// does not contain skips the pair, as criterion skips its benches.
pub fn paired(name: &str, mut a: impl FnMut(), mut b: impl FnMut()) -> f64 {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.iter().any(|arg| arg == "--bench") {
        a();
        b();
        return f64::NAN;
    }
    let mut filters = args.iter().filter(|arg| !arg.starts_with('-')).peekable();
    if filters.peek().is_some() && !filters.any(|f| name.contains(f.as_str())) {
        return f64::NAN;
    }
    // Warm both (the first calls fault pages in and train predictors),
    // then find how many calls make a burst from the fastest call seen.
    let fastest = |f: &mut dyn FnMut()| (0..3).map(|_| time(f, 1)).fold(f64::MAX, f64::min);
    let once = fastest(&mut a).max(fastest(&mut b)).max(1e-9);
    let iterations = ((BURST.as_secs_f64() / once) as u32).clamp(1, 1 << 20);
    let round = 2.0 * once * f64::from(iterations);
    let rounds = ((BUDGET.as_secs_f64() / round) as usize).clamp(15, 301);
    let mut ratios: Vec<f64> = (0..rounds)
        .map(|r| {
            let (ta, tb) = if r % 2 == 0 {
                let ta = time(&mut a, iterations);
                (ta, time(&mut b, iterations))
            } else {
                let tb = time(&mut b, iterations);
                (time(&mut a, iterations), tb)
            };
            ta / tb
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    let at = |q: f64| ratios[((ratios.len() - 1) as f64 * q).round() as usize];
    let median = at(0.5);
    println!(
        "ratio {name} = {median:.3} (quartiles {:.3}..{:.3}, {rounds} rounds x {iterations} calls)",
        at(0.25),
        at(0.75)
    );
    median
}
