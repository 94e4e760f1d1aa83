// The probes (see src/probes.rs), for the agreement check only, never
// timed. A translation unit of their own: in cute_side.cpp they changed
// g++'s inlining of the timed functions (the same template instances
// called from more places), and so the code measured.
#include <cstddef>
#include <cstdint>

#include <cute/tensor.hpp>

using namespace cute;

// As in cute_side.cpp (and `Input` in src/main.rs).
struct Input {
  size_t m;
  size_t n;
};

#define CUTE_SIDE extern "C" __attribute__((noinline))

// The rows whose index (5, 77) stays in the result's first mode: their
// layouts written as cute_side.cpp's timed functions write them, read at
// the last index (every mode's last coordinate, so every extent and stride
// counts) and at size/3.
template <class L> static size_t probe(L const &l) {
  int s = int(size(l));
  return size_t(l(s - 1)) + size_t(l(s / 3));
}

CUTE_SIDE size_t cute_probe_divide(const Input *in, size_t len) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m), n = int(in[k].n);
    sum += probe(logical_divide(make_layout(make_shape(m, n), make_stride(1, m)),
                                Shape<_4, _8>{}));
  }
  return sum;
}

CUTE_SIDE size_t cute_probe_product(const Input *in, size_t len) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m);
    auto a = make_layout(make_shape(_4{}, m), make_stride(_1{}, _4{}));
    sum += probe(logical_product(a, Layout<Shape<_2, _3>, Stride<_3, _1>>{}));
  }
  return sum;
}

// product_strided's layout, its complement written out as there.
template <class B>
static size_t probe_strided(int m, int s, int t, B const &b) {
  auto a = make_layout(make_shape(_4{}, m), make_stride(s, t));
  int cotarget = int(size(a)) * int(cosize(b));
  bool first = s <= t;
  int dmin = first ? s : t, smin = first ? 4 : m;
  int dmax = first ? t : s, smax = first ? m : 4;
  int stride1 = dmin * smin;
  int shape1 = dmax / stride1;
  int rest_stride = dmax * smax;
  int rest = ceil_div(cotarget, rest_stride);
  auto comp = coalesce(make_layout(make_shape(make_shape(dmin, shape1), rest),
                                   make_stride(make_stride(_1{}, stride1), rest_stride)));
  return probe(make_layout(a, composition(comp, b)));
}

CUTE_SIDE size_t cute_probe_product_strided(const Input *in, size_t len,
                                            const size_t *st) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    sum += probe_strided(int(in[k].m), int(st[2 * k]), int(st[2 * k + 1]),
                         Layout<Shape<_2, _3>, Stride<_3, _1>>{});
  }
  return sum;
}

CUTE_SIDE size_t cute_probe_product_padded(const Input *in, size_t len,
                                           const size_t *st) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    sum += probe_strided(int(in[k].m), int(st[2 * k]), int(st[2 * k + 1]),
                         Layout<Shape<_2, _3>, Stride<_1, _2>>{});
  }
  return sum;
}

CUTE_SIDE size_t cute_probe_product_rank1(const Input *in, size_t len,
                                          const size_t *r) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    auto a = make_layout(make_shape(int(in[k].m)), make_stride(int(r[k])));
    sum += probe(logical_product(a, Layout<Shape<_2, _3>, Stride<_3, _1>>{}));
  }
  return sum;
}
