#!/usr/bin/env python3
"""Write expressions with extreme integers (0, ±1, 2^31 … 2^63-1, negatives)
over every algebra function, for a panic sweep of the debug CLI (overflow
checks on): every line must get one output line and stderr must stay empty.

    cargo build -p layout-cli
    for s in 1 2 3 4 5; do python3 scripts/extreme_sweep.py $s > /tmp/x.txt
        target/debug/layout eval < /tmp/x.txt > /tmp/x.out 2> /tmp/x.err; rc=$?
        echo "$s: $(wc -l < /tmp/x.txt) in, $(wc -l < /tmp/x.out) out, exit $rc,"\
             "$(wc -c < /tmp/x.err) bytes on stderr"; done
"""
import random, sys
rng = random.Random(int(sys.argv[1]))
BIG = [0, 1, 2, 3, 4, 7, 8, 2**31, 2**32+1, 2**40, 2**62, 2**63-1, -1, -2, -(2**62)]
def num(pos=False):
    x = rng.choice(BIG)
    return abs(x) if pos else x
def tup(n, pos=True):
    return "(" + ",".join(str(num(pos)) for _ in range(n)) + ")"
def layout():
    r = rng.choice([1,2,3,4])
    if rng.random() < 0.3 and r >= 2:
        s = f"(({num(True)},{num(True)}),{tup(r-1)[1:-1]})"
        d = f"(({num()},{num()}),{tup(r-1, False)[1:-1]})"
        return f"{s}:{d}"
    return f"{tup(r)}:{tup(r, False)}"
F1 = ["size","cosize","coalesce","filter","flatten","complement","right_inverse","left_inverse","rank","depth","table"]
F2 = ["composition","logical_divide","zipped_divide","tiled_divide","flat_divide","logical_product","zipped_product","tiled_product","flat_product","blocked_product","raked_product","complement"]
for _ in range(20000):
    k = rng.random()
    if k < 0.35:
        print(f"{rng.choice(F1)}({layout()})")
    elif k < 0.8:
        b = layout() if rng.random()<0.6 else (str(num(True)) if rng.random()<0.5 else tup(rng.choice([1,2,3])))
        print(f"{rng.choice(F2)}({layout()}, {b})")
    else:
        print(f"crd2idx({num(True) if rng.random()<0.5 else tup(2)}, {layout()})")
        print(f"idx2crd({num(True)}, {tup(rng.choice([1,2,3]))})")
