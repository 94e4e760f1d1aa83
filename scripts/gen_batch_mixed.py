#!/usr/bin/env python3
"""Write N lines of mixed expressions for `layout eval` batch throughput
(BENCHMARKS.md): python3 scripts/gen_batch_mixed.py 100000 > /tmp/mixed.txt

Unlike gen_batch.py (rank-3 crd2idx and composition only), the lines mix
most of the notation: literals, crd2idx/idx2crd, size/cosize, coalesce,
complement, composition, the divides and products, small tables, the seeds
(diagonal, stripes, broadcast_to); about 4% of the lines are errors.
"""
import random
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
rng = random.Random(11)


def tup(xs):
    return "(" + ",".join(str(x) for x in xs) + ")"


def layout(rank, pad):
    """A compact layout of `rank` modes in a random mode order, padded
    sometimes when `pad` (the divides, products and complement need strides
    that stack, so they get none)."""
    shape = [rng.choice([2, 3, 4, 8]) for _ in range(rank)]
    order = list(range(rank))
    rng.shuffle(order)
    stride, run = [0] * rank, 1
    for m in order:
        stride[m] = run
        run *= shape[m] + (rng.choice([0, 0, 0, 1]) if pad else 0)
    return shape, stride


def line():
    rank = rng.choice([2, 3, 4])
    pick = rng.random()
    shape, stride = layout(rank, pad=pick < 0.38 or pick >= 0.84)
    L = f"{tup(shape)}:{tup(stride)}"
    size = 1
    for s in shape:
        size *= s
    if pick < 0.15:
        return f"crd2idx({tup([rng.randrange(s) for s in shape])}, {L})"
    if pick < 0.22:
        return f"idx2crd({rng.randrange(size)}, {tup(shape)})"
    if pick < 0.30:
        return f"{rng.choice(['size', 'cosize', 'rank', 'depth'])}({L})"
    if pick < 0.38:
        return f"coalesce({L})"
    if pick < 0.45:
        return f"complement({L}, {rng.choice([64, 128, 256, 1024])})"
    if pick < 0.55:
        return f"composition({L}, {rng.choice([2, 4])}:{rng.choice([1, 2])})"
    if pick < 0.68:
        op = rng.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"])
        return f"{op}({L}, {tup([rng.choice([1, 2]) for _ in shape[:2]])})"
    if pick < 0.78:
        op = rng.choice(["logical_product", "blocked_product", "raked_product"])
        return f"{op}({L}, ({rng.choice([2, 3])},2):(1,{rng.choice([2, 3])}))"
    if pick < 0.84:
        return f"table({L})" if size <= 64 else f"size({L})"
    if pick < 0.89:
        return f"diagonal({L}, {rng.choice([-1, 0, 1])}, 0, 1)"
    if pick < 0.93:
        return f"stripes({L}, {rng.randrange(rank)})"
    if pick < 0.97:
        return f"broadcast_to({tup(shape[-2:])}:{tup(stride[-2:])}, (2,{shape[-2]},{shape[-1]}))"
    # Errors: not congruent, not admissible, unknown name.
    return rng.choice([f"{tup(shape)}:(1,2,3,4,5)", f"composition({L}, 3:5)", f"sise({L})"])


sys.stdout.write("\n".join(line() for _ in range(n)) + "\n")
