#!/usr/bin/env python3
"""Generate layout-core's golden test data from NVIDIA's pycute.

Run from the repository root:

    python3 -m venv /tmp/v && /tmp/v/bin/pip install --no-deps nvidia-cutlass && /tmp/v/bin/python scripts/gen_golden.py

(`nvidia-cutlass` ships the `pycute` package; do not run Python from inside the
pycute package directory, whose `typing.py` shadows the standard library.)

The script (re)writes `layout-core/tests/golden/*.jsonl`, one file per function
family. Each line is `{"expr": "...", "expect": "..."}` or
`{"expr": "...", "error": true}`. Expressions and results use our notation:
`(4,2):(1,4)`, a 1-tuple prints as `(8)`, no spaces in canonical output; a
tiler is a layout, an integer `n` (`n:1`), a tuple of integers (by-mode `n:1`
tilers) or `<T0,T1,...>` (by-mode tiler). Output is deterministic: a fixed seed
and no dependence on hash order, so running it twice gives identical files.

Every expression is written as text first and then evaluated by a small
evaluator below, which parses our notation and calls pycute for the algebra.
Where pycute departs from CuTe C++ the evaluator corrects it or drops the case:

* integer tilers of divides and products mean `make_layout(n)`: `n:1`, but
  `1:0` (pycute divides instead, and strides size-1 modes 1); a
  composition's integer is `n:1` as in C++;
* `complement` rejects negative strides and layouts whose live modes, sorted by
  stride, do not stack (each stride a multiple of the previous shape*stride);
  `complement(A)` uses `cosize(A)` as the codomain size, as CuTe does;
* `composition` applies CUTLASS's stride and shape divisibility conditions
  and also refuses a stride that does not divide an extent when B then
  crosses into the next mode (CUTLASS's weak check lets that through with a
  wrong result); it drops cases where pycute floors what C++ rounds up, and
  cases that depend on how a trailing size-1 mode of A extends A beyond its
  domain (C++ `coalesce_x` vs pycute `coalesce`); by-mode tilers shorter than
  A drop A's extra modes, as C++ does (pycute keeps them);
* where CuTe's conditions refuse a composition that does exist, the case
  gets the exact layout instead of an error, with a note saying why
  (`EXACT` below; layout-core's composition is exact, see ARCHITECTURE.md,
  "Exact composition", and `layout-core/tests/composition/`);
* `make_layout(SHAPE)` gives size-1 modes stride 0 and `idx2crd(i, n)` with an
  integer shape returns i unchanged, as CuTe C++ does (pycute differs);
* `right_inverse`/`left_inverse` are generated only for injective layouts with
  positive strides, and `left_inverse` only where pycute agrees with the
  current C++ algorithm;
* `flat_divide`, `flat_product`, `blocked_product`, `raked_product` (absent
  from pycute) and the divides/products themselves are built from pycute's
  `composition`/`complement` following the CuTe C++ definitions;
* anything ambiguous (pycute vs C++ disagree, or a pycute assertion we cannot
  attribute to a genuine CuTe rejection) is dropped rather than guessed.
"""

import json
import os
import random
import sys
from math import prod

try:
    import pycute as cute
    from pycute import Layout
except ImportError:  # pragma: no cover
    sys.exit("pycute not found: pip install --no-deps nvidia-cutlass (see the docstring)")

SEED = 20240611
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "layout-core", "tests", "golden")
BRUTE_LIMIT = 1 << 14  # largest domain we enumerate for injectivity checks


class Rejected(Exception):
    """CuTe rejects the input: the case expects an error."""


class Unsure(Exception):
    """pycute and CuTe C++ may disagree (or the semantics are open): drop the case."""


# --------------------------------------------------------------------------
# Values: int, tuple (IntTuple), Layout, ByMode (a `<...>` tiler), keywords
# --------------------------------------------------------------------------


class ByMode:
    """A by-mode tiler `<T0,T1,...>`."""

    def __init__(self, elems):
        self.elems = list(elems)


class Keyword(str):
    pass


def is_tup(x):
    return isinstance(x, tuple)


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def leaves(t):
    if is_tup(t):
        out = []
        for e in t:
            out.extend(leaves(e))
        return out
    return [t]


def tsize(t):
    return prod(leaves(t))


def tdepth(t):
    if is_tup(t):
        return 1 + max((tdepth(e) for e in t), default=0)
    return 0


def congruent(a, b):
    if is_tup(a) != is_tup(b):
        return False
    if is_tup(a):
        return len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))
    return True


def unflatten(profile, flat):
    """Rebuild `flat` (a list, consumed front to back) in the structure of `profile`."""
    it = iter(flat)

    def go(p):
        if is_tup(p):
            return tuple(go(e) for e in p)
        return next(it)

    return go(profile)


def modes(layout):
    if is_tup(layout.shape):
        return [Layout(s, d) for s, d in zip(layout.shape, layout.stride)]
    return [layout]


def concat(layouts):
    layouts = list(layouts)
    return Layout(tuple(l.shape for l in layouts), tuple(l.stride for l in layouts))


def lsize(layout):
    return tsize(layout.shape)


def canon(v):
    """Canonical text of a result value."""
    if isinstance(v, Layout):
        return canon(v.shape) + ":" + canon(v.stride)
    if is_tup(v):
        return "(" + ",".join(canon(e) for e in v) + ")"
    if is_int(v):
        return str(v)
    raise TypeError(f"cannot print {v!r}")


# --------------------------------------------------------------------------
# Rendering inputs (with some variety in spacing)
# --------------------------------------------------------------------------


class Style:
    def __init__(self, sep=",", spaced=False, trailing=False):
        self.sep = sep  # between call arguments
        self.spaced = spaced  # ", " inside tuples too
        self.trailing = trailing  # write 1-tuples as (8,)


COMPACT = Style()


def render(v, st=COMPACT):
    if isinstance(v, Layout):
        return render(v.shape, st) + ":" + render(v.stride, st)
    if isinstance(v, ByMode):
        return "<" + st.sep.join(render(e, st) for e in v.elems) + ">"
    if is_tup(v):
        inner = (", " if st.spaced else ",").join(render(e, st) for e in v)
        if len(v) == 1 and st.trailing:
            inner += ","
        return "(" + inner + ")"
    if is_int(v):
        return str(v)
    if isinstance(v, str):
        return v
    raise TypeError(f"cannot render {v!r}")


def call(name, args, st=COMPACT):
    return name + "(" + st.sep.join(a if isinstance(a, str) else render(a, st) for a in args) + ")"


# --------------------------------------------------------------------------
# Parsing our notation
# --------------------------------------------------------------------------


def tokenize(text):
    toks, i = [], 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif c in "(),:<>":
            toks.append(c)
            i += 1
        elif c.isdigit() or (c == "-" and i + 1 < len(text) and text[i + 1].isdigit()):
            j = i + 1
            while j < len(text) and text[j].isdigit():
                j += 1
            toks.append(int(text[i:j]))
            i = j
        elif c.isalpha() or c == "_":
            j = i
            while j < len(text) and (text[j].isalnum() or text[j] == "_"):
                j += 1
            toks.append(text[i:j])
            i = j
        else:
            raise Rejected(f"bad character {c!r}")
    return toks


class Parser:
    def __init__(self, text):
        self.toks = tokenize(text)
        self.pos = 0

    def peek(self):
        return self.toks[self.pos] if self.pos < len(self.toks) else None

    def take(self, want=None):
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise Rejected(f"expected {want!r}, found {tok!r}")
        self.pos += 1
        return tok

    def parse(self):
        node = self.expr()
        if self.peek() is not None:
            raise Rejected("trailing input")
        return node

    def expr(self):
        tok = self.peek()
        if isinstance(tok, str) and tok not in "(),:<>":
            self.take()
            if tok in ("LayoutLeft", "LayoutRight"):
                return ("lit", Keyword(tok))
            self.take("(")
            args = []
            if self.peek() != ")":
                args.append(self.expr())
                while self.peek() == ",":
                    self.take()
                    args.append(self.expr())
            self.take(")")
            return ("call", tok, args)
        if tok == "<":
            self.take()
            elems = [self.expr()]
            while self.peek() == ",":
                self.take()
                elems.append(self.expr())
            self.take(">")
            return ("bymode", elems)
        shape = self.int_tuple()
        if self.peek() == ":":
            self.take()
            stride = self.int_tuple()
            if not congruent(shape, stride):
                raise Rejected("shape and stride are not congruent")
            return ("lit", Layout(shape, stride))
        return ("lit", shape)

    def int_tuple(self):
        tok = self.peek()
        if is_int(tok):
            self.take()
            return tok
        self.take("(")
        elems = []
        while self.peek() != ")":
            elems.append(self.int_tuple())
            if self.peek() == ",":
                self.take()
            elif self.peek() != ")":
                raise Rejected("expected , or )")
        self.take(")")
        return tuple(elems)


def evaluate(text):
    return eval_node(Parser(text).parse())


def eval_node(node):
    kind = node[0]
    if kind == "lit":
        return node[1]
    if kind == "bymode":
        return ByMode(eval_node(e) for e in node[1])
    _, name, args = node
    fn = FUNCS.get(name)
    if fn is None:
        raise Rejected(f"unknown function {name}")
    vals = [eval_node(a) for a in args]
    lo, hi = ARITY[name]
    if not lo <= len(vals) <= hi:
        raise Rejected(f"{name}: wrong argument count")
    return fn(*vals)


# --------------------------------------------------------------------------
# The algebra (pycute underneath, corrected to CuTe C++)
# --------------------------------------------------------------------------


def need_layout(x):
    if not isinstance(x, Layout):
        raise Unsure("expected a layout")
    return x


def need_inttuple(x):
    if not (is_int(x) or (is_tup(x) and all(is_int(l) for l in leaves(x)))):
        raise Unsure("expected an IntTuple")
    return x


def as_tiler(t, composition=False):
    """Normalise a tiler: int n -> make_layout(n) (n:1, but 1:0: C++'s compact
    stride of a size-1 mode; a composition's int is n:1, C++'s integral
    composition passes stride 1), tuple -> by-mode, <...> -> by-mode."""
    if is_int(t):
        return Layout(t, 1 if composition or t != 1 else 0)
    if isinstance(t, Layout):
        return t
    if is_tup(t):
        return ByMode(as_tiler(e, composition) for e in t)
    if isinstance(t, ByMode):
        return ByMode(as_tiler(e, composition) for e in t.elems)
    raise Unsure("not a tiler")


def image(layout):
    n = lsize(layout)
    if n > BRUTE_LIMIT:
        raise Unsure("too large to enumerate")
    return [cute.crd2idx(i, layout.shape, layout.stride) for i in range(n)]


def injective(layout):
    img = image(layout)
    return len(set(img)) == len(img)


def admissible(a, s, d):
    """Our reading of CuTe's composition conditions for an integral s:d against
    the flat extents a (CUTLASS's weak static checks, plus refusing the one case
    those checks let through with a wrong result). Returns True, False, or raises
    Unsure where pycute's floor division is known to disagree with C++."""
    if d == 0 or len(a) == 1:
        return True
    rest_shape, rest_stride = s, d
    for ai in a[:-1]:
        if rest_stride >= ai and rest_stride % ai != 0:
            return False
        next_shape = -(-ai // rest_stride)
        next_stride = -(-rest_stride // ai)
        if next_shape == 1 or rest_shape == 1:
            rest_stride = next_stride
            continue
        if ai % rest_stride != 0:
            if rest_shape > next_shape:
                return False
            raise Unsure("stride does not divide the extent: pycute floors where C++ takes the ceiling")
        new_shape = min(next_shape, rest_shape)
        if rest_shape % new_shape != 0:
            return False
        rest_shape //= new_shape
        rest_stride = next_stride
    return True


def compose(a_layout, tiler):
    t = as_tiler(tiler, composition=True)
    if isinstance(t, ByMode):
        ms = modes(a_layout)
        if len(t.elems) > len(ms):
            raise Rejected("tiler has more modes than the layout")
        # CuTe C++ drops the modes the tiler does not reach (pycute keeps them).
        return concat(compose(m, e) for m, e in zip(ms, t.elems))
    if any(d < 0 for d in leaves(t.stride)):
        raise Unsure("negative stride in the right-hand layout")
    if is_tup(t.shape):
        return concat(compose(a_layout, m) for m in modes(t))
    return compose_integral(a_layout, t.shape, t.stride)


def compose_integral(a_layout, s, d):
    if s < 1:
        raise Unsure("empty shape")
    if d == 0:
        return Layout(s, 0)
    flat_a = leaves(a_layout.shape)
    if any(x < 0 for x in leaves(a_layout.stride)) or any(x < 1 for x in flat_a):
        raise Unsure("negative stride or empty shape on the left")
    if flat_a[-1] == 1:
        # C++ coalesce_x keeps a trailing size-1 mode's stride (it decides how A
        # extends past its domain and can change the rank that the conditions and
        # the 1:0 rule see); pycute's coalesce drops it.
        raise Unsure("trailing size-1 mode on the left of a composition")
    c = cute.coalesce(a_layout)
    a = leaves(c.shape)
    if not admissible(a, s, d):
        raise Rejected("composition is not admissible")
    try:
        result = cute.composition(c, Layout(s, d))
    except AssertionError:
        raise Unsure("pycute assertion in an admissible composition")
    return result


def check_complementable(layout):
    sh, st = leaves(layout.shape), leaves(layout.stride)
    if any(d < 0 for d in st):
        raise Rejected("complement of a layout with a negative stride")
    if any(s < 1 for s in sh):
        raise Unsure("empty shape")
    live = sorted((d, s) for s, d in zip(sh, st) if s != 1 and d != 0)
    reach = 1
    for d, s in live:
        if d % reach:
            raise Rejected("complement of a non-injective or non-stackable layout")
        reach = d * s
    return live


def f_complement(layout, cotarget=None):
    need_layout(layout)
    live = check_complementable(layout)
    if cotarget is None:
        cotarget = cute.cosize(layout)
    if not is_int(cotarget) or cotarget < 1:
        raise Unsure("codomain size must be a positive integer")
    if not live and cotarget == 1:
        raise Unsure("C++ special case make_layout(coalesce(1))")
    return cute.complement(layout, cotarget)


def f_cosize(layout):
    need_layout(layout)
    if any(d < 0 for d in leaves(layout.stride)) or any(s < 1 for s in leaves(layout.shape)):
        raise Unsure("cosize with negative strides or empty shapes")
    return cute.cosize(layout)


def positive_injective(layout):
    for s, d in zip(leaves(layout.shape), leaves(layout.stride)):
        if s < 1 or (s > 1 and d <= 0):
            raise Unsure("inverse of a layout with a zero or negative stride")
    if not injective(layout):
        raise Unsure("inverse of a non-injective layout")


def f_right_inverse(layout):
    need_layout(layout)
    positive_injective(layout)
    return cute.right_inverse(layout)


def left_inverse_cpp(layout):
    """The current CuTe C++ algorithm, to cross-check pycute."""
    c = cute.coalesce(layout)
    sh, st = leaves(c.shape), leaves(c.stride)
    pre = [prod(sh[:i]) for i in range(len(sh))]
    order = sorted(range(len(sh)), key=lambda i: st[i])
    rs, rd = [], [0]
    for i in order:
        if st[i] == 0:
            continue
        have = prod(rs)
        if st[i] % have:
            raise Unsure("C++ left inverse divisibility condition")
        rs.append(st[i] // have)
        rd.append(pre[i])
    rs.append(sh[order[-1]])
    return cute.coalesce(Layout(tuple(rs), tuple(rd)))


def f_left_inverse(layout):
    need_layout(layout)
    positive_injective(layout)
    try:
        check_complementable(layout)
    except Rejected:
        raise Unsure("pycute's left inverse goes through complement")
    ours = cute.left_inverse(layout)
    if canon(ours) != canon(left_inverse_cpp(layout)):
        raise Unsure("pycute and C++ left inverses differ")
    return ours


def logical_divide(a_layout, tiler):
    t = as_tiler(tiler)
    if isinstance(t, ByMode):
        ms = modes(a_layout)
        if len(t.elems) > len(ms):
            raise Rejected("tiler has more modes than the layout")
        k = len(t.elems)
        return concat([logical_divide(m, e) for m, e in zip(ms, t.elems)] + ms[k:])
    rest = f_complement(t, lsize(a_layout))
    return compose(a_layout, concat([t, rest]))


def logical_product(a_layout, tiler):
    t = as_tiler(tiler)
    if isinstance(t, ByMode):
        ms = modes(a_layout)
        if len(t.elems) > len(ms):
            raise Rejected("tiler has more modes than the layout")
        k = len(t.elems)
        return concat([logical_product(m, e) for m, e in zip(ms, t.elems)] + ms[k:])
    if any(d < 0 for d in leaves(t.stride)):
        raise Unsure("negative tiler stride")
    cotarget = lsize(a_layout) * cute.cosize(t)
    limit = rounded_hole_limit(a_layout)
    if limit is None:
        rest = f_complement(a_layout, cotarget)
    elif cute.cosize(t) > limit:
        raise Rejected("B reaches past the copies below a hole CuTe rounds down")
    else:
        rest = cute.complement(a_layout, cotarget)  # floors the hole, as C++ does
    return concat([a_layout, compose(rest, t)])


def rounded_hole_limit(layout):
    """Where a product's complement has a hole whose span does not divide
    its stride, CuTe (and pycute) round it down; the product is exact while
    B's offsets stay below the product of the holes up to that one (README,
    Where we differ). That product, or None where every hole divides;
    Rejected where A overlaps itself or a second hole would be rounded."""
    sh, st = leaves(layout.shape), leaves(layout.stride)
    if any(d < 0 for d in st):
        raise Rejected("complement of a layout with a negative stride")
    if any(s < 1 for s in sh):
        raise Unsure("empty shape")
    live = sorted((d, s) for s, d in zip(sh, st) if s != 1 and d != 0)
    reach, below, limit = 1, 1, None
    for d, s in live:
        if d < reach:
            raise Rejected("complement of a non-injective layout")
        if d % reach:
            if limit is not None:
                raise Rejected("a second hole CuTe rounds down")
            limit = below * (d // reach)
        below *= d // reach
        reach = d * s
    return limit


def split(fn, a_layout, tiler):
    """(tile part, rest part) of a hierarchical divide/product (CuTe's zip2_by)."""
    t = as_tiler(tiler)
    if isinstance(t, ByMode):
        ms = modes(a_layout)
        if len(t.elems) > len(ms):
            raise Rejected("tiler has more modes than the layout")
        parts = [split(fn, m, e) for m, e in zip(ms, t.elems)]
        tile = concat(p[0] for p in parts)
        rest = concat([p[1] for p in parts] + ms[len(t.elems):])
        return tile, rest
    r = fn(a_layout, t)
    return modes(r)[0], modes(r)[1]


def unpack(part):
    """The modes a slice with `_`s produces; a 1-tuple mode is ambiguous."""
    if is_tup(part.shape) and len(part.shape) == 1:
        raise Unsure("rank-1 tuple mode: C++ slicing keeps it, unpacking unwraps it")
    return modes(part)


def zipped(fn):
    def f(a_layout, tiler):
        need_layout(a_layout)
        tile, rest = split(fn, a_layout, tiler)
        return concat([tile, rest])

    return f


def tiled(fn):
    def f(a_layout, tiler):
        need_layout(a_layout)
        tile, rest = split(fn, a_layout, tiler)
        return concat([tile] + unpack(rest))

    return f


def flat(fn):
    def f(a_layout, tiler):
        need_layout(a_layout)
        tile, rest = split(fn, a_layout, tiler)
        return concat(unpack(tile) + unpack(rest))

    return f


def rank_sensitive(order):
    def f(block, tiler):
        need_layout(block)
        need_layout(tiler)
        ra, rb = len(modes(block)), len(modes(tiler))
        r = max(ra, rb)
        if r == 1 and not (is_tup(block.shape) and is_tup(tiler.shape)):
            raise Unsure("zip of rank-1 integral layouts")

        def pad(l, n):
            if n == r:
                return l
            return concat(modes(l) + [Layout(1, 0)] * (r - n))

        p = logical_product(pad(block, ra), pad(tiler, rb))
        p0, p1 = modes(p)
        m0, m1 = modes(p0), modes(p1)
        if len(m0) != r or len(m1) != r:
            raise Unsure("unexpected product rank")
        pairs = [(x, y) if order == 0 else (y, x) for x, y in zip(m0, m1)]
        return concat(concat(pq) for pq in pairs)

    return f


def f_size(x):
    if isinstance(x, Layout):
        return lsize(x)
    return tsize(need_inttuple(x))


def f_rank(x):
    shape = x.shape if isinstance(x, Layout) else need_inttuple(x)
    return len(shape) if is_tup(shape) else 1


def f_depth(x):
    shape = x.shape if isinstance(x, Layout) else need_inttuple(x)
    return tdepth(shape)


def f_coalesce(layout, profile=None):
    need_layout(layout)
    if profile is None or is_int(profile):
        return cute.coalesce(layout)
    if not is_tup(profile):
        raise Unsure("bad profile")
    ms = modes(layout)
    if len(profile) > len(ms):
        raise Rejected("profile has more modes than the layout")
    if len(profile) == 0:
        raise Unsure("empty profile")
    return concat([f_coalesce(m, p) for m, p in zip(ms, profile)] + ms[len(profile):])


def f_filter(layout):
    return cute.filter(need_layout(layout))


def f_flatten(layout):
    need_layout(layout)
    if not is_tup(layout.shape):
        return layout
    return Layout(tuple(leaves(layout.shape)), tuple(leaves(layout.stride)))


def check_coord(c, s):
    if is_tup(c):
        if not is_tup(s) or len(c) != len(s):
            raise Rejected("coordinate does not match the shape")
        for x, y in zip(c, s):
            check_coord(x, y)


def f_crd2idx(coord, shape, stride=None):
    need_inttuple(coord)
    if stride is None:
        need_layout(shape)
        shape, stride = shape.shape, shape.stride
    else:
        need_inttuple(shape)
        need_inttuple(stride)
        if not congruent(shape, stride):
            raise Rejected("shape and stride are not congruent")
    if any(x < 0 for x in leaves(coord)):
        raise Unsure("negative coordinate")
    check_coord(coord, shape)
    return cute.crd2idx(coord, shape, stride)


def f_idx2crd(index, shape):
    if not is_int(index) or index < 0:
        raise Unsure("idx2crd only with a non-negative integer index")
    need_inttuple(shape)
    if any(s < 1 for s in leaves(shape)):
        raise Unsure("idx2crd with an empty mode")
    if is_int(shape):
        return index  # C++ idx2crd(int, int) returns the index unchanged (no modulo)
    return cute.idx2crd(index, shape)


# CuTe's compact strides give a size-1 mode stride 0 (pycute's prefix_product
# gives it the running product instead).
def row_major(shape):
    lv = leaves(shape)
    st, acc = [0] * len(lv), 1
    for i in reversed(range(len(lv))):
        st[i] = 0 if lv[i] == 1 else acc
        acc *= lv[i]
    return unflatten(shape, st)


def col_major(shape):
    lv = leaves(shape)
    return unflatten(shape, [0 if lv[i] == 1 else prod(lv[:i]) for i in range(len(lv))])


def f_make_layout(*args):
    if all(isinstance(a, Layout) for a in args):
        return concat(args)
    shape = need_inttuple(args[0])
    if len(args) == 1 or args[1] == "LayoutLeft":
        if len(args) > 2:
            raise Unsure("bad make_layout")
        return Layout(shape, col_major(shape))
    if args[1] == "LayoutRight" and len(args) == 2:
        return Layout(shape, row_major(shape))
    raise Unsure("bad make_layout")


FUNCS = {
    "size": f_size,
    "cosize": f_cosize,
    "rank": f_rank,
    "depth": f_depth,
    "shape": lambda l: need_layout(l).shape,
    "stride": lambda l: need_layout(l).stride,
    "coalesce": f_coalesce,
    "filter": f_filter,
    "flatten": f_flatten,
    "composition": lambda a, t: compose(need_layout(a), t),
    "complement": f_complement,
    "right_inverse": f_right_inverse,
    "left_inverse": f_left_inverse,
    "logical_divide": lambda a, t: logical_divide(need_layout(a), t),
    "zipped_divide": zipped(logical_divide),
    "tiled_divide": tiled(logical_divide),
    "flat_divide": flat(logical_divide),
    "logical_product": lambda a, t: logical_product(need_layout(a), t),
    "zipped_product": zipped(logical_product),
    "tiled_product": tiled(logical_product),
    "flat_product": flat(logical_product),
    "blocked_product": rank_sensitive(0),
    "raked_product": rank_sensitive(1),
    "crd2idx": f_crd2idx,
    "idx2crd": f_idx2crd,
    "make_layout": f_make_layout,
}
ARITY = {name: (1, 1) for name in FUNCS}
ARITY.update(
    {
        "coalesce": (1, 2),
        "complement": (1, 2),
        "crd2idx": (2, 3),
        "make_layout": (1, 64),
    }
)
for _n in ("composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
           "logical_product", "zipped_product", "tiled_product", "flat_product",
           "blocked_product", "raked_product", "idx2crd"):
    ARITY[_n] = (2, 2)


# --------------------------------------------------------------------------
# Self-check against results quoted in the CuTe documentation
# --------------------------------------------------------------------------

DOC_RESULTS = {
    "coalesce((2,(1,6)):(1,(6,2)))": "12:1",
    "composition(20:2, (5,4):(4,1))": "(5,4):(8,2)",
    "composition((6,2):(8,2), (4,3):(3,1))": "((2,2),3):((24,2),8)",
    "composition((10,2):(16,4), (5,4):(1,5))": "(5,(2,2)):(16,(80,4))",
    "composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)": "(3,(2,4)):(236,(26,1))",
    "complement(4:1, 24)": "6:4",
    "complement(6:4, 24)": "4:1",
    "complement((4,6):(1,4), 24)": "1:0",
    "complement(4:2, 24)": "(2,3):(1,8)",
    "complement((2,4):(1,6), 24)": "3:2",
    "complement((2,2):(1,6), 24)": "(3,2):(2,12)",
    "logical_divide((4,2,3):(2,1,8), 4:2)": "((2,2),(2,3)):((4,1),(2,8))",
    "logical_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)":
        "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))",
    "zipped_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)":
        "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))",
    "logical_product((2,2):(4,1), 6:1)": "((2,2),(2,3)):((4,1),(2,8))",
    "logical_product((2,2):(4,1), (4,2):(2,1))": "((2,2),(4,2)):((4,1),(8,2))",
    "logical_product((2,5):(5,1), <3:5, 4:6>)": "((2,3),(5,4)):((5,10),(1,30))",
    "blocked_product((2,5):(5,1), (3,4):(1,3))": "((2,3),(5,4)):((5,10),(1,30))",
    "raked_product((2,5):(5,1), (3,4):(1,3))": "((3,2),(4,5)):((10,5),(30,1))",
    "crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))": "129",
    "crd2idx((1,2,3), (3,4,5):(20,5,1))": "33",
    "crd2idx((20,30), ((13,0),(14,0)):((14,182),(1,154)))": "590",
    "crd2idx((0,12), ((13,13),(14,14)):((15,15),(16,16)))": "192",
    "idx2crd(16, (3,(2,3)))": "(1,(1,2))",
    "make_layout(2:1, 3:2)": "(2,3):(1,2)",
    "make_layout(8:1)": "(8):(1)",
    "size((2,3))": "6",
    "rank(8)": "1",
    "depth(8)": "0",
    "depth((2,(3,4)))": "2",
}


def self_check():
    for expr, want in DOC_RESULTS.items():
        got = canon(evaluate(expr))
        if got != want:
            sys.exit(f"self-check failed: {expr} gave {got}, expected {want}")


# --------------------------------------------------------------------------
# Random inputs
# --------------------------------------------------------------------------

EXTENTS = [1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5, 6, 8, 8]


def divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0]


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    # -- shapes and layouts --------------------------------------------------

    def leaf(self, no_one=False):
        while True:
            e = self.rng.choice(EXTENTS)
            if not (no_one and e == 1):
                return e

    def mode(self, depth_left):
        if depth_left == 0 or self.rng.random() < 0.65:
            return self.leaf()
        r = self.rng.choice([1, 2, 2, 2, 3])
        return tuple(self.mode(depth_left - 1) for _ in range(r))

    def shape(self, max_rank=4, max_depth=3, max_size=1024, int_prob=0.15):
        while True:
            if self.rng.random() < int_prob:
                s = self.leaf(no_one=True)
            else:
                r = min(self.rng.choice([1, 2, 2, 2, 3, 3, 4]), max_rank)
                s = tuple(self.mode(max_depth - 1) for _ in range(r))
            if 1 < tsize(s) <= max_size or (tsize(s) == 1 and self.rng.random() < 0.05):
                return s

    def stride(self, shape, kind=None, max_stride=64):
        lv = leaves(shape)
        n = len(lv)
        kind = kind or self.rng.choices(
            ["col", "perm", "gap", "random", "zero"], weights=[30, 25, 15, 15, 15])[0]
        st = [0] * n
        if kind == "random":
            st = [self.rng.choice([0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, self.rng.randint(0, max_stride)])
                  for _ in range(n)]
        else:
            order = list(range(n))
            if kind != "col":
                self.rng.shuffle(order)
            acc = 1
            for i in order:
                if kind == "gap" and self.rng.random() < 0.35:
                    acc *= self.rng.choice([2, 3])
                st[i] = acc
                acc *= lv[i]
            if kind == "zero":
                for _ in range(self.rng.choice([1, 1, 2])):
                    st[self.rng.randrange(n)] = 0
        return unflatten(shape, st)

    def layout(self, kind=None, **kw):
        s = self.shape(**kw)
        return Layout(s, self.stride(s, kind))

    def compact(self, **kw):
        return self.layout(kind=self.rng.choice(["col", "col", "perm"]), **kw)

    def small_layout(self, max_size=16, max_rank=3, kind=None):
        return self.layout(kind=kind, max_rank=max_rank, max_depth=2, max_size=max_size)

    def style(self):
        r = self.rng.random()
        if r < 0.45:
            return COMPACT
        if r < 0.75:
            return Style(sep=", ")
        return Style(sep=", ", spaced=True, trailing=self.rng.random() < 0.3)

    # -- tilers ---------------------------------------------------------------

    def divisor_of(self, n, proper=True):
        ds = divisors(n)
        if proper and len(ds) > 2:
            ds = ds[1:-1] + [ds[-1]]
        return self.rng.choice(ds)

    def mode_tiler(self, m):
        """A tiler for one mode layout m (a layout, an int, or nested by-mode)."""
        n = lsize(m)
        r = self.rng.random()
        if is_tup(m.shape) and len(m.shape) > 1 and r < 0.15:
            return ByMode(self.mode_tiler(x) for x in modes(m))
        if r < 0.5:
            return self.divisor_of(n) if self.rng.random() < 0.9 else self.rng.randint(1, 8)
        return self.layout_tiler(n)

    def layout_tiler(self, n):
        """A layout tiler for a domain of size n (mostly complementable)."""
        r = self.rng.random()
        t = self.divisor_of(n)
        if r < 0.35:
            return Layout(t, 1)
        if r < 0.6:
            d = self.rng.choice([x for x in divisors(max(1, n // t))] or [1])
            return Layout(t, d)
        if r < 0.9:
            a = self.rng.choice(divisors(t))
            b = t // a
            if b == 1:
                return Layout(a, 1)
            if self.rng.random() < 0.5:
                gap = self.rng.choice([1, 1, 2]) if (n // t) % 2 == 0 else 1
                return Layout((a, b), (1, a * gap))
            return Layout((a, b), (b, 1))
        return self.small_layout(max_size=max(2, n), kind=self.rng.choice(["col", "perm", "gap"]))

    def divide_tiler(self, a):
        r = self.rng.random()
        ms = modes(a)
        if r < 0.2:
            return self.divisor_of(lsize(a))
        if r < 0.45:
            return self.layout_tiler(lsize(a))
        k = self.rng.choice([len(ms)] * 3 + list(range(1, len(ms) + 1)))
        if r < 0.7:
            return tuple(self.divisor_of(lsize(m)) for m in ms[:k])
        return ByMode(self.mode_tiler(m) for m in ms[:k])

    def product_tiler(self, a):
        r = self.rng.random()
        ms = modes(a)
        if r < 0.2:
            return self.rng.randint(1, 6)
        if r < 0.55:
            return self.small_layout(max_size=12, kind=self.rng.choice(["col", "perm", "gap", "col"]))
        k = self.rng.choice([len(ms)] * 3 + list(range(1, len(ms) + 1)))
        if r < 0.75:
            return tuple(self.rng.randint(1, 4) for _ in ms[:k])
        return ByMode(
            self.rng.randint(1, 4) if self.rng.random() < 0.4
            else self.small_layout(max_size=6, max_rank=2, kind=self.rng.choice(["col", "perm"]))
            for _ in ms[:k])

    def comp_rhs(self, a):
        """A right-hand side for composition(a, .)."""
        n = lsize(a)
        r = self.rng.random()
        if r < 0.15:
            return self.divisor_of(n)
        if r < 0.4:
            t = self.divisor_of(n)
            d = self.rng.choice(divisors(max(1, n // t)))
            return Layout(t, d)
        if r < 0.7:
            return self.layout_tiler(n)
        if r < 0.85:
            return self.small_layout(max_size=max(2, n), kind=self.rng.choice(["col", "perm", "gap", "random"]))
        ms = modes(a)
        if self.rng.random() < 0.5:
            return tuple(self.divisor_of(lsize(m)) for m in ms)
        return ByMode(self.mode_tiler(m) for m in ms)

    def coord(self, shape, int_prob=0.2, overflow=False):
        if not is_tup(shape) or self.rng.random() < int_prob:
            n = tsize(shape)
            hi = 2 * n if overflow else n
            return self.rng.randrange(max(1, hi))
        return tuple(self.coord(s, int_prob, False) for s in shape)


# --------------------------------------------------------------------------
# Case collection
# --------------------------------------------------------------------------


class Cases:
    def __init__(self):
        self.files = {}
        self.seen = set()
        self.dropped = {}

    # Compositions CuTe refuses that exist (checked point by point by
    # layout-core/tests/composition): expression -> (exact result, why).
    EXACT = {
        "composition((2,(2,2),((8,3),2)):(16,(1,192),((2,64),32)), 2:96)": (
            "2:72",
            "CuTe and pycute refuse (after skipping three extent-2 modes the stride is 12, neither below nor a multiple of the next extent, 8), but A(96) = 72 and 2:72 is exactly A(B(i)); see README, Where we differ",
        ),
        "composition((2,3,2):(1,4,2),2:3)": (
            "2:5",
            "CuTe and pycute refuse (stride 3 does not divide extent 2), but A(3) = 5 and 2:5 is exactly A(B(i)); see README, Where we differ",
        ),
        "blocked_product(((2, 3), 3, 2):((3, 12), 1, 0), (4, 4, 1):(9, 36, 3))": (
            "(((2,3),(2,2)),(3,4),(2,1)):(((3,12),(150,324)),(1,648),(0,72))",
            "CuTe and pycute refuse to compose the complement (2,136):(6,36) with the leaf 4:9 (stride 9 is not a multiple of extent 2), but (2,2):(150,324) is exactly that composition (C(9c) for c < 4); see README, Where we differ",
        ),
    }

    def add(self, fname, expr, error_ok=True):
        """Evaluate expr and record it; returns True if a case was recorded."""
        if expr in self.seen:
            return False
        try:
            value = evaluate(expr)
            rec = {"expr": expr, "expect": canon(value)}
        except Rejected:
            if expr in self.EXACT:
                expect, note = self.EXACT[expr]
                rec = {"expr": expr, "expect": expect, "note": note}
            elif not error_ok:
                return False
            else:
                rec = {"expr": expr, "error": True}
        except Unsure as e:
            key = str(e)
            self.dropped[key] = self.dropped.get(key, 0) + 1
            return False
        self.seen.add(expr)
        self.files.setdefault(fname, []).append(rec)
        return True

    def count(self, fname, errors=None):
        recs = self.files.get(fname, [])
        if errors is None:
            return len(recs)
        return sum(1 for r in recs if ("error" in r) == errors)


def fill(cases, fname, target, make, max_error_frac=0.2, tries=20000):
    """Call make() until `target` new cases are in `fname`, capping the errors."""
    start = cases.count(fname)
    errs = 0
    for _ in range(tries):
        if cases.count(fname) - start >= target:
            return
        expr = make()
        if expr is None:
            continue
        made = cases.count(fname) - start
        error_ok = errs < max_error_frac * max(target, made + 1)
        before = cases.count(fname, errors=True)
        if cases.add(fname, expr, error_ok=error_ok) and cases.count(fname, errors=True) > before:
            errs += 1
    sys.exit(f"{fname}: could not make {target} cases")


def build():
    g = Gen(SEED)
    rng = g.rng
    cases = Cases()

    # ---- hand-picked cases: CuTe documentation and the brief's examples -------
    for expr in DOC_RESULTS:
        fname = {
            "coalesce": "coalesce", "composition": "composition", "complement": "complement",
            "logical_divide": "divide", "zipped_divide": "divide", "logical_product": "product",
            "blocked_product": "product", "raked_product": "product", "crd2idx": "crd2idx",
            "idx2crd": "idx2crd", "make_layout": "make_layout",
        }.get(expr.split("(")[0], "queries")
        cases.add(fname, expr)

    hand = {
        "layout": [
            "(2,3):(1)", "(2,(3,4)):(1,2)", "8:(1,2)", "(2,3):(1,2", "(2,3)(1,2)", "2:1:3",
        ],
        "composition": [
            "composition((4,3):(1,5), 3:1)", "composition((4,2):(1,8), 3:1)",
            "composition((4,2):(1,4), 8:1)", "composition((6,2):(8,2), 4:3)",
            "composition((4,2):(2,1), (2,2):(2,1))", "composition((2,4):(8,1), 1:2)",
            "composition(8:2, 1:3)", "composition((4,4):(4,1), <2:1,2:2>)",
            "composition((4,4):(4,1), (2,2))", "composition((4,4):(4,1), <2:1,2:2,2:1>)",
            "composition((2,2):(1,2), 4)", "composition(24:1, (4,6):(6,1))",
            "composition((3,4):(1,3), (2,2):(1,3))", "composition((3,4):(4,1), 6:2)",
            "composition((8,8):(8,1), <(2,2):(1,4), 4:2>)",
        ],
        "complement": [
            "complement((2,2):(1,1))", "complement((2,2):(1,1), 8)", "complement((2,3):(1,2), 12)",
            "complement(4:-1, 8)", "complement((2,2):(3,1), 12)", "complement((2,4):(1,2))",
            "complement(8:1)", "complement((4,2):(2,1))", "complement(4:2)", "complement((2,2):(2,8))",
            "complement((4,0):(1,0), 16)", "complement(4:0, 8)", "complement((2,(2,2)):(1,(4,16)), 64)",
            "complement(3:2, 7)", "complement((3,2):(2,6), 100)",
        ],
        "divide": [
            "logical_divide(8:1, 4:2)", "logical_divide(16:1, (2,2):(1,4))", "logical_divide((4,4):(1,4), (2,2))",
            "logical_divide((4,4):(1,4), (2,2,2))", "zipped_divide((8,8):(1,8), (2,4))",
            "tiled_divide((8,8):(1,8), (2,4))", "flat_divide((8,8):(1,8), (2,4))",
            "logical_divide(12:1, 8)", "logical_divide((6,4):(1,6), 4)", "zipped_divide(32:1, (4,2):(2,1))",
            "logical_divide(8:1, (2,2):(1,1))", "zipped_divide((4,6,8):(1,4,24), <2:1,(3,2):(1,3)>)",
            "tiled_divide((4,6,8):(1,4,24), (2,3))", "flat_divide((4,6,8):(1,4,24), <2:2,3:1>)",
            "logical_divide(((4,2),8):((1,4),8), <<2,2>,4>)",
        ],
        "product": [
            "logical_product(4:1, 3)", "logical_product((2,2):(1,2), 3)", "zipped_product(4:1, 3)",
            "tiled_product((2,2):(1,2), (2,3))", "flat_product((2,2):(1,2), (2,3))",
            "logical_product((2,2):(1,1), 2)", "logical_product(4:2, 2:1)", "logical_product(4:1, 2:2)",
            "blocked_product((2,2):(1,2), (3,4):(1,3))", "raked_product((2,2):(1,2), (3,4):(1,3))",
            "blocked_product(4:1, (2,3):(1,2))", "raked_product((4,2):(2,1), 3:1)",
            "blocked_product((2,2):(2,1), (2,2,2):(1,2,4))", "logical_product((2,3):(1,2), (2,2,2))",
            "zipped_product((2,3):(3,1), <2:1, (2,2):(2,1)>)", "tiled_product(8:1, (4,2):(2,1))",
            "flat_product((4,4):(4,1), <2:1,2:1>)", "raked_product((2,2):(1,1), (2,2):(1,2))",
        ],
        "crd2idx": [
            "crd2idx(23, ((2,4),(3,5)):((3,6),(1,24)))", "crd2idx((3,(1,2)), (4,(2,3)):(1,(4,8)))",
            "crd2idx((1,2,3), (4,8):(1,4))", "crd2idx((1,2), 8:1)", "crd2idx(((1,2),3), (4,8):(1,4))",
            "crd2idx((1,(1,2)), (4,(2,3)):(1,(4,8)))", "crd2idx(((1,1),(1,2)), ((2,2),(2,3)):((1,2),(4,8)))",
            "crd2idx(5, 8:-1)", "crd2idx((1,2), (4,8), (1,4))", "crd2idx(7, (4,8), (8,1))",
            "crd2idx((1,(0,2)), (2,(3,4)), (12,(4,1)))", "crd2idx((1,2), (4,8), (1,4,9))",
            "crd2idx(100, (4,8):(1,4))", "crd2idx((5,9), (4,8):(1,4))", "crd2idx((), ():())",
        ],
        "idx2crd": [
            "idx2crd(16, (3,(2,3)))", "idx2crd(5, 8)", "idx2crd(13, 8)", "idx2crd(7, (2,2,2))",
            "idx2crd(100, ((2,3),(4,5)))", "idx2crd(0, (4,(2,2)))", "idx2crd(11, (4,3))",
        ],
        "make_layout": [
            "make_layout(8)", "make_layout((2,3))", "make_layout((2,3), LayoutLeft)",
            "make_layout((2,3), LayoutRight)", "make_layout((2,(3,4)), LayoutRight)",
            "make_layout(((2,3),4), LayoutRight)", "make_layout(8, LayoutRight)",
            "make_layout(2:1, 3:2, 4:6)", "make_layout((2,3):(1,2))", "make_layout((2,3):(1,2), 4:6)",
            "make_layout((1,4))", "make_layout((4,1), LayoutRight)", "make_layout((8))",
        ],
        "queries": [
            "size(8)", "size(((2,3),(4,5)))", "size((2,3):(1,2))", "rank((2,3,4))", "rank((2,3):(1,2))",
            "rank(8:1)", "rank((8):(1))", "depth(8:1)", "depth(((2,3),4):((1,2),6))", "cosize((4,2):(2,1))",
            "cosize((2,2):(1,4))", "shape((2,(3,4)):(1,(2,6)))", "stride((2,(3,4)):(1,(2,6)))",
            "shape(8:1)", "stride(8:2)", "size(())", "rank(())", "size((8))", "rank((8))",
            "depth((8))", "depth((((2))))",
        ],
        "coalesce": [
            "coalesce((2,4):(1,2))", "coalesce((2,4):(4,1))", "coalesce((1,1):(3,5))", "coalesce((4,1,2):(1,7,4))",
            "coalesce(((2,4),(3,5)):((1,2),(8,24)), (1,1))", "coalesce((2,4,8):(1,2,8), (1,1))",
            "coalesce((2,4,8):(1,2,8), (1,1,1,1))", "coalesce(((2,2),(2,2)):((1,2),(4,8)), ((1,1),1))",
            "coalesce((2,4):(1,2), 1)", "filter((2,1,3):(0,5,1))", "filter((4,2):(0,0))",
            "flatten(((2,3),(4,(5,6))):((1,2),(6,(24,120))))", "flatten(8:1)", "flatten(((8)):((1)))",
        ],
        "inverse": [
            "right_inverse((4,8):(8,1))", "right_inverse(4:2)", "right_inverse((2,2):(1,2))",
            "right_inverse((4,2):(2,1))", "left_inverse((4,2):(2,1))", "left_inverse((4,8):(8,1))",
            "right_inverse(((2,2),(2,2)):((1,4),(2,8)))", "left_inverse(((2,2),(2,2)):((1,4),(2,8)))",
            "right_inverse((3,5):(5,1))", "left_inverse(8:1)", "right_inverse(1:1)",
        ],
    }
    for fname, exprs in hand.items():
        for e in exprs:
            cases.add(fname, e)

    # ---- round trips of layout literals ---------------------------------------
    def odd_text(l):
        st = Style(sep=", ", spaced=rng.random() < 0.6, trailing=rng.random() < 0.6)
        text = render(l, st)
        out = []
        for ch in text:
            if ch in "(),:" and rng.random() < 0.3:
                out.append(rng.choice([" ", "  ", "\t"]) + ch + rng.choice(["", " "]))
            else:
                out.append(ch)
        return rng.choice(["", " "]) + "".join(out) + rng.choice(["", " ", "\n"])

    def one_tuple_layout():
        s = g.shape(max_rank=3, max_size=256)
        if rng.random() < 0.5:
            s = (s,)
        l = Layout(s, g.stride(s))
        if rng.random() < 0.15:
            lv = leaves(l.stride)
            lv[rng.randrange(len(lv))] *= -1
            l = Layout(l.shape, unflatten(l.shape, lv))
        return l

    fill(cases, "layout", 55, lambda: odd_text(one_tuple_layout()), max_error_frac=0)
    for e in ["(8,):(1,)", "((8,),):((1,),)", "( 8 , ) : ( 1 , )", "((2,3),):((1,2),)", "(2, (3,)):(1, (2,))"]:
        cases.add("layout", e)

    # ---- queries ----------------------------------------------------------------
    def query():
        f = rng.choice(["size", "cosize", "rank", "depth", "shape", "stride", "size", "rank", "depth"])
        st = g.style()
        if f in ("size", "rank", "depth") and rng.random() < 0.35:
            return call(f, [g.shape()], st)
        return call(f, [g.layout()], st)

    fill(cases, "queries", 170, query, max_error_frac=0)

    # ---- coalesce / filter / flatten -------------------------------------------
    def profile_for(shape):
        if not is_tup(shape):
            return 1 if rng.random() < 0.7 else (1,)
        k = rng.choice([len(shape)] * 4 + list(range(1, len(shape) + 1)))
        prof = []
        for s in shape[:k]:
            if is_tup(s) and rng.random() < 0.5:
                prof.append(profile_for(s))
            else:
                prof.append(rng.choice([1, 1, 1, 2, 0]) if rng.random() < 0.9 else (1,))
        if rng.random() < 0.07:
            prof.append(1)  # too long: an error when k == rank
        return tuple(prof)

    def coalesce_case():
        st = g.style()
        r = rng.random()
        l = g.layout()
        if r < 0.4:
            return call("coalesce", [l], st)
        if r < 0.7:
            prof = profile_for(l.shape)
            if not is_tup(prof) and not is_tup(l.shape) and rng.random() < 0.5:
                prof = (1,)
            return call("coalesce", [l, prof], st)
        if r < 0.87:
            return call("filter", [l], st)
        return call("flatten", [l], st)

    fill(cases, "coalesce", 160, coalesce_case, max_error_frac=0.05)

    # ---- composition ------------------------------------------------------------
    def composition_case():
        a = g.layout(kind=rng.choice(["col", "perm", "gap", "col", "zero"]), max_size=512)
        return call("composition", [a, g.comp_rhs(a)], g.style())

    fill(cases, "composition", 230, composition_case, max_error_frac=0.2)

    # ---- complement ---------------------------------------------------------------
    def complement_case():
        kind = rng.choice(["col", "perm", "gap", "gap", "random", "zero"])
        a = g.layout(kind=kind, max_size=256)
        st = g.style()
        if rng.random() < 0.35:
            return call("complement", [a], st)
        try:
            cs = cute.cosize(a)
        except Exception:
            return None
        m = rng.choice([cs, cs, 2 * cs, 4 * cs, rng.randint(1, 3 * cs + 1), lsize(a) * rng.randint(1, 4)])
        return call("complement", [a, max(1, m)], st)

    fill(cases, "complement", 140, complement_case, max_error_frac=0.25)

    # ---- inverses --------------------------------------------------------------------
    def inverse_case():
        a = g.layout(kind=rng.choice(["col", "perm", "perm", "gap", "random"]), max_size=512)
        return call(rng.choice(["right_inverse", "left_inverse"]), [a], g.style())

    fill(cases, "inverse", 90, inverse_case, max_error_frac=0)

    # ---- divides -------------------------------------------------------------------------
    def divide_case():
        a = g.layout(kind=rng.choice(["col", "col", "perm", "gap", "zero"]), max_size=512)
        f = rng.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"])
        return call(f, [a, g.divide_tiler(a)], g.style())

    fill(cases, "divide", 280, divide_case, max_error_frac=0.15)

    # ---- products ------------------------------------------------------------------------
    def product_case():
        st = g.style()
        f = rng.choice(["logical_product", "zipped_product", "tiled_product", "flat_product",
                        "blocked_product", "raked_product"])
        kind = rng.choice(["col", "col", "perm", "gap", "zero", "random"])
        a = g.layout(kind=kind, max_size=64, max_rank=3)
        if f in ("blocked_product", "raked_product"):
            b = g.small_layout(max_size=16, kind=rng.choice(["col", "perm", "gap", "col"]))
            return call(f, [a, b], st)
        return call(f, [a, g.product_tiler(a)], st)

    fill(cases, "product", 280, product_case, max_error_frac=0.15)

    # ---- crd2idx --------------------------------------------------------------------------
    def crd2idx_case():
        st = g.style()
        l = g.layout(kind=rng.choice(["col", "perm", "gap", "random", "zero"]))
        c = g.coord(l.shape, int_prob=rng.choice([0.0, 0.2, 0.5]), overflow=rng.random() < 0.3)
        r = rng.random()
        if r < 0.08 and is_tup(c):
            # rank mismatch somewhere
            c = c + (0,) if rng.random() < 0.6 else c[:-1]
        if r > 0.75:
            return call("crd2idx", [c, l.shape, l.stride], st)
        return call("crd2idx", [c, l], st)

    fill(cases, "crd2idx", 170, crd2idx_case, max_error_frac=0.1)

    # ---- idx2crd ---------------------------------------------------------------------------
    def idx2crd_case():
        s = g.shape()
        i = rng.randrange(2 * tsize(s) + 1)
        return call("idx2crd", [i, s], g.style())

    fill(cases, "idx2crd", 90, idx2crd_case, max_error_frac=0)

    # ---- make_layout ----------------------------------------------------------------------
    def make_layout_case():
        st = g.style()
        r = rng.random()
        if r < 0.25:
            return call("make_layout", [g.shape()], st)
        if r < 0.6:
            return call("make_layout", [g.shape(), rng.choice(["LayoutLeft", "LayoutRight", "LayoutRight"])], st)
        k = rng.choice([1, 2, 2, 3, 4])
        return call("make_layout", [g.layout(max_rank=2, max_depth=2, max_size=64) for _ in range(k)], st)

    fill(cases, "make_layout", 110, make_layout_case, max_error_frac=0)

    # ---- nested calls -------------------------------------------------------------------------
    def inner_expr(st):
        """(text, value) of a layout-valued expression."""
        for _ in range(50):
            r = rng.random()
            if r < 0.2:
                a = g.layout(kind=rng.choice(["col", "perm", "gap"]), max_size=256)
                text = call("composition", [a, g.comp_rhs(a)], st)
            elif r < 0.45:
                a = g.layout(kind=rng.choice(["col", "perm", "gap"]), max_size=256)
                f = rng.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"])
                text = call(f, [a, g.divide_tiler(a)], st)
            elif r < 0.65:
                a = g.layout(kind=rng.choice(["col", "perm", "gap"]), max_size=32, max_rank=3)
                f = rng.choice(["logical_product", "zipped_product", "tiled_product", "flat_product",
                                "blocked_product", "raked_product"])
                t = g.small_layout(max_size=8) if f in ("blocked_product", "raked_product") else g.product_tiler(a)
                text = call(f, [a, t], st)
            elif r < 0.72:
                text = call("coalesce", [g.layout()], st)
            elif r < 0.8:
                a = g.layout(kind=rng.choice(["col", "perm", "gap"]), max_size=64)
                text = call("complement", [a, rng.choice([64, 128, 256])], st)
            elif r < 0.88:
                text = call("make_layout", [g.shape(), rng.choice(["LayoutLeft", "LayoutRight"])], st)
            elif r < 0.94:
                a = g.layout(kind=rng.choice(["col", "perm"]), max_size=256)
                text = call("right_inverse", [a], st)
            else:
                text = call("flatten", [g.layout()], st)
            try:
                v = evaluate(text)
            except (Rejected, Unsure):
                continue
            if isinstance(v, Layout):
                return text, v
        return None, None

    def nested_case():
        st = g.style()
        text, v = inner_expr(st)
        if text is None:
            return None
        r = rng.random()
        if r < 0.12:
            return call(rng.choice(["size", "cosize", "rank", "depth"]), [text], st)
        if r < 0.2:
            return call(rng.choice(["shape", "stride"]), [text], st)
        if r < 0.32:
            return call(rng.choice(["coalesce", "filter", "flatten"]), [text], st)
        if r < 0.42:
            return call("crd2idx", [g.coord(v.shape, int_prob=0.5), text], st)
        if r < 0.48:
            return call("idx2crd", [rng.randrange(lsize(v)), call("shape", [text], st)], st)
        if r < 0.6:
            return call("composition", [text, g.comp_rhs(v)], st)
        if r < 0.68:
            inner2, _ = inner_expr(st)
            if inner2 is None:
                return None
            return call("composition", [inner2, text], st)
        if r < 0.76:
            f = rng.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"])
            return call(f, [text, g.divide_tiler(v)], st)
        if r < 0.82:
            return call("complement", [text] + ([] if rng.random() < 0.5 else [4 * lsize(v)]), st)
        if r < 0.88:
            return call(rng.choice(["right_inverse", "left_inverse"]), [text], st)
        if r < 0.94:
            return call("size", [call(rng.choice(["logical_divide", "zipped_divide"]), [text, g.divide_tiler(v)], st)], st)
        return call("make_layout", [text, g.layout(max_rank=2, max_size=16)], st)

    fill(cases, "nested", 230, nested_case, max_error_frac=0.12)
    return cases


def main():
    self_check()
    cases = build()
    os.makedirs(OUT_DIR, exist_ok=True)
    for old in os.listdir(OUT_DIR):
        if old.endswith(".jsonl"):
            os.remove(os.path.join(OUT_DIR, old))
    total = 0
    for fname in sorted(cases.files):
        recs = cases.files[fname]
        path = os.path.join(OUT_DIR, fname + ".jsonl")
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for rec in recs:
                f.write(json.dumps(rec, ensure_ascii=True) + "\n")
        errs = sum(1 for r in recs if "error" in r)
        print(f"{fname + '.jsonl':22} {len(recs):5} cases ({errs} errors)")
        total += len(recs)
    print(f"{'total':22} {total:5} cases")
    if "-v" in sys.argv:
        for k, v in sorted(cases.dropped.items(), key=lambda kv: -kv[1]):
            print(f"  dropped {v:5}  {k}", file=sys.stderr)


if __name__ == "__main__":
    main()
