"""Time pycute on the layouts of benches/algebra.rs, for BENCHMARKS.md.

Run from outside the pycute package directory, in the environment that has
pycute installed:

    cd /tmp && /work/venv/bin/python /work/main/benches/pycute_algebra.py

Prints, per operation, the median of 7 timeit repeats as time per call and
calls per second. pycute has no parser, so layouts are built once outside
the timed statement (as the Rust `composition` bench does).
"""
import statistics
import timeit

from pycute import Layout, coalesce, complement, composition, logical_divide

# Keep these in step with the constants of benches/algebra.rs.
A = Layout(((2, 4), (3, 5)), ((3, 6), (1, 24)))
B = Layout((4, 6), (1, 4))
D = Layout((16, (4, 8)), (32, (1, 4)))
T = Layout((4, 2), (1, 8))
M = Layout((2, (3, 2)), (1, (4, 24)))
K = Layout(((2, 4), (3, 5)), ((1, 2), (8, 24)))

CASES = [
    ("composition", lambda: composition(A, B), "(4, (2, 3)):(3, (12, 1))"),
    ("logical_divide", lambda: logical_divide(D, T), "((4, 2), (2, 32)):((32, 256), (128, 1))"),
    ("complement", lambda: complement(M, 192), "(2, 2, 4):(2, 12, 48)"),
    ("coalesce", lambda: coalesce(K), "120:1"),
]

for name, call, want in CASES:
    assert str(call()) == want, (name, str(call()))
    number = 2000
    times = timeit.repeat(call, number=number, repeat=7)
    per_call = statistics.median(times) / number
    print(f"pycute {name}: {per_call * 1e6:.2f} us/call, {1 / per_call:,.0f} ops/s")
