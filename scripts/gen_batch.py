#!/usr/bin/env python3
"""Write N lines of rank-3 crd2idx/composition expressions for `layout eval`
batch throughput: python3 scripts/gen_batch.py 100000 > /tmp/batch.txt"""
import random
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
rng = random.Random(7)
out = []
for i in range(n):
    s = [rng.choice([2, 4, 8]) for _ in range(3)]
    if i % 2 == 0:
        d = [1, s[0], s[0] * s[1]]
        c = [rng.randrange(x) for x in s]
        out.append(f"crd2idx(({c[0]},{c[1]},{c[2]}), ({s[0]},{s[1]},{s[2]}):({d[0]},{d[1]},{d[2]}))")
    else:
        d = [s[1] * s[2], s[2], 1]
        b = rng.choice([2, 4])
        out.append(f"composition(({s[0]},{s[1]},{s[2]}):({d[0]},{d[1]},{d[2]}), ({b},2):(1,{b}))")
sys.stdout.write("\n".join(out) + "\n")
