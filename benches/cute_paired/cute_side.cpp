// CuTe's side of the paired harness (see README.md): one `extern "C"`
// function per row, each making the row's CuTe calls once per input over
// a slice of run-time inputs and summing a result that depends on all of
// the call's work, so nothing folds or is skipped. Built by build.rs with
// g++ -std=c++17 -O2 against CUTLASS's headers (not part of this
// repository). `noinline`: the Rust timing loop calls each function as an
// opaque unit, as it calls ours.
#include <cstddef>
#include <cstdint>

#include <cute/tensor.hpp>

using namespace cute;

// One input: the extents `m`, `n`. Must match `Input` in src/main.rs
// (repr(C)). An input's place `k` in the slice is its thread (or tile
// coordinate), as in every earlier harness: an `int` loop counter from 0,
// which the compiler knows is not negative (ours a `usize`).
struct Input {
  size_t m;
  size_t n;
};

#define CUTE_SIDE extern "C" __attribute__((noinline))
// The tensor rows compare with CuTe's scalar loop, as BENCHMARKS.md's
// earlier tensor rows did: g++ would otherwise vectorise the sum over
// independent calls, which no kernel code calling `local_tile` once does.
#define SCALAR __attribute__((optimize("no-tree-vectorize")))

// logical_divide((m,n):(1,m), Shape<_4,_8>) + size + L(5).
CUTE_SIDE size_t cute_divide(const Input *in, size_t len) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m), n = int(in[k].n);
    auto l = logical_divide(make_layout(make_shape(m, n), make_stride(1, m)),
                            Shape<_4, _8>{});
    sum += size_t(size(l)) + size_t(l(5));
  }
  return sum;
}

// local_tile of a tensor over `data`, (m,n):(1,m), by Shape<_32,_8> at
// tile (k%2, k%4) (zipped_divide + slicing the tile), then size + the
// element (1,1) read from memory.
CUTE_SIDE SCALAR size_t cute_tile_read(const Input *in, size_t len,
                                       const uint32_t *data) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m), n = int(in[k].n);
    Tensor t = make_tensor(make_gmem_ptr(data),
                           make_layout(make_shape(m, n), make_stride(1, m)));
    Tensor tile = local_tile(t, Shape<_32, _8>{}, make_coord(k % 2, k % 4));
    sum += size_t(size(tile)) + size_t(tile(1, 1));
  }
  return sum;
}

// local_tile's layout work alone: zipped_divide by Shape<_32,_8>, the
// offset of tile (k%2, k%3) plus that of element (1,1) in a tile.
CUTE_SIDE size_t cute_tile_layout(const Input *in, size_t len) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m), n = int(in[k].n);
    auto z = zipped_divide(make_layout(make_shape(m, n), make_stride(1, m)),
                           Shape<_32, _8>{});
    sum += size_t(z(0, make_coord(k % 2, k % 3))) + size_t(layout<0>(z)(1, 1));
  }
  return sum;
}

// local_partition of a tensor over `data`, (m,n):(1,m), by the thread
// layout (32,8):(1,32), thread k % 256, then size + the element (1,1).
CUTE_SIDE SCALAR size_t cute_partition_read(const Input *in, size_t len,
                                            const uint32_t *data) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m), n = int(in[k].n);
    Tensor t = make_tensor(make_gmem_ptr(data),
                           make_layout(make_shape(m, n), make_stride(1, m)));
    Tensor part = local_partition(t, Layout<Shape<_32, _8>>{}, k % 256);
    sum += size_t(size(part)) + size_t(part(1, 1));
  }
  return sum;
}

// The same partition, then size + the offset of element 1 (an address,
// no read).
CUTE_SIDE SCALAR size_t cute_partition_address(const Input *in, size_t len,
                                               const uint32_t *data) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m), n = int(in[k].n);
    Tensor t = make_tensor(make_gmem_ptr(data),
                           make_layout(make_shape(m, n), make_stride(1, m)));
    Tensor part = local_partition(t, Layout<Shape<_32, _8>>{}, k % 256);
    sum += size_t(size(part)) + size_t(&part(1) - data);
  }
  return sum;
}

// composition((m,n):(1,ld), (4,n/2):(1,2m)) + size + L(5), ld = m + pad.
CUTE_SIDE size_t cute_compose(const Input *in, size_t len, size_t pad) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m), n = int(in[k].n), ld = int(in[k].m + pad);
    auto a = make_layout(make_shape(m, n), make_stride(1, ld));
    auto b = make_layout(make_shape(4, n / 2), make_stride(1, 2 * m));
    auto l = composition(a, b);
    sum += size_t(size(l)) + size_t(l(5));
  }
  return sum;
}

// Rank 3: composition((m,3,n):(1,ld,3ld+1), (4,n/2):(1,3m)) + size +
// L(5), ld = m + pad.
CUTE_SIDE size_t cute_compose3(const Input *in, size_t len, size_t pad) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m), n = int(in[k].n), ld = int(in[k].m + pad);
    auto a = make_layout(make_shape(m, 3, n), make_stride(1, ld, 3 * ld + 1));
    auto b = make_layout(make_shape(4, n / 2), make_stride(1, 3 * m));
    auto l = composition(a, b);
    sum += size_t(size(l)) + size_t(l(5));
  }
  return sum;
}

// complement((4,m):(1,4), m*n) + size + L(5), `int` extents.
CUTE_SIDE size_t cute_complement(const Input *in, size_t len) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m), n = int(in[k].n);
    auto a = make_layout(make_shape(_4{}, m), make_stride(_1{}, _4{}));
    auto l = complement(a, m * n);
    sum += size_t(size(l)) + size_t(l(5));
  }
  return sum;
}

// The same with `size_t` extents, as ours (a 64-bit division).
CUTE_SIDE size_t cute_complement_wide(const Input *in, size_t len) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    size_t m = in[k].m, n = in[k].n;
    auto a = make_layout(make_shape(_4{}, m), make_stride(_1{}, _4{}));
    auto l = complement(a, m * n);
    sum += size_t(size(l)) + size_t(l(5));
  }
  return sum;
}

// logical_product((4,m):(1,4), (2,3):(3,1)) + size + L(77).
CUTE_SIDE size_t cute_product(const Input *in, size_t len) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    int m = int(in[k].m);
    auto a = make_layout(make_shape(_4{}, m), make_stride(_1{}, _4{}));
    auto b = Layout<Shape<_2, _3>, Stride<_3, _1>>{};
    auto l = logical_product(a, b);
    sum += size_t(size(l)) + size_t(l(77));
  }
  return sum;
}

// CuTe's logical_product(A, B) = make_layout(A, composition(complement(A,
// size(A)*cosize(B)), B)) for a rank-2 A = (4,m):(s,t) whose strides are
// run-time values. CuTe's complement refuses that A (static_assert
// "Dynamic-stride complement only for rank-1 layouts"), so its fold is
// written out for two leaves with a run-time min (the first of equal
// strides, as cute::find), as the earlier harnesses did; the rest is
// CuTe's own composition and make_layout.
template <class B>
static size_t product_strided(int m, int s, int t, B const &b) {
  auto a = make_layout(make_shape(_4{}, m), make_stride(s, t));
  int cotarget = int(size(a)) * int(cosize(b));
  bool first = s <= t;
  int dmin = first ? s : t, smin = first ? 4 : m;
  int dmax = first ? t : s, smax = first ? m : 4;
  int stride1 = dmin * smin;             // the fold's one step
  int shape1 = dmax / stride1;           // the last shape mode
  int rest_stride = dmax * smax;
  int rest = ceil_div(cotarget, rest_stride);
  auto comp = coalesce(make_layout(make_shape(make_shape(dmin, shape1), rest),
                                   make_stride(make_stride(_1{}, stride1), rest_stride)));
  auto l = make_layout(a, composition(comp, b));
  return size_t(size(l)) + size_t(l(77));
}

// logical_product((4,m):(s,t), (2,3):(3,1)) + size + L(77); A compact.
CUTE_SIDE size_t cute_product_strided(const Input *in, size_t len,
                                      const size_t *st) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    sum += product_strided(int(in[k].m), int(st[2 * k]), int(st[2 * k + 1]),
                           Layout<Shape<_2, _3>, Stride<_3, _1>>{});
  }
  return sum;
}

// The same with A padded (a hole of 2), by (2,3):(1,2).
CUTE_SIDE size_t cute_product_padded(const Input *in, size_t len,
                                     const size_t *st) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    sum += product_strided(int(in[k].m), int(st[2 * k]), int(st[2 * k + 1]),
                           Layout<Shape<_2, _3>, Stride<_1, _2>>{});
  }
  return sum;
}

// Rank 1: logical_product(m:r, (2,3):(3,1)) + size + L(77), CuTe's own
// (rank-1) dynamic-stride complement.
CUTE_SIDE size_t cute_product_rank1(const Input *in, size_t len,
                                    const size_t *r) {
  size_t sum = 0;
  for (int k = 0; k < int(len); ++k) {
    auto a = make_layout(make_shape(int(in[k].m)), make_stride(int(r[k])));
    auto l = logical_product(a, Layout<Shape<_2, _3>, Stride<_3, _1>>{});
    sum += size_t(size(l)) + size_t(l(77));
  }
  return sum;
}
