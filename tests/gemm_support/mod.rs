//! What the `gemm` tests share: CuTe's five forms restated, storage for a
//! layout, and the naive loop that indexes every operand by `crd2idx` of
//! one integer per mode (a nested mode's 1-D coordinate, as CuTe's).

use layout_core::{IntTuple, Layout};

/// The forms, restated from CuTe's header: the ranks of A, B, C, and which
/// role each operand's modes play, in order (A: V, M, K; B: V, N, K; C:
/// V, M, N; a role a form lacks has extent 1).
pub const FORMS: [([usize; 3], [&[usize]; 3]); 5] = [
    ([1, 1, 1], [&[0], &[0], &[0]]),
    ([1, 1, 2], [&[1], &[1], &[1, 2]]),
    ([2, 2, 2], [&[1, 2], &[1, 2], &[1, 2]]),
    ([2, 2, 3], [&[0, 1], &[0, 1], &[0, 1, 2]]),
    ([3, 3, 3], [&[0, 1, 2], &[0, 1, 2], &[0, 1, 2]]),
];

/// Storage that just holds `l`, and the base that puts its lowest offset at 0.
pub fn storage(l: &Layout, seed: i64) -> (Vec<i64>, usize) {
    let low: i64 = l.leaf_modes().map(|(s, d)| (s - 1).max(0) * d.min(0)).sum();
    let high: i64 = l.leaf_modes().map(|(s, d)| (s - 1).max(0) * d.max(0)).sum();
    let data = (0..=(high - low))
        .map(|i| (i * 7 + seed) % 23 - 11)
        .collect();
    (data, (-low) as usize)
}

/// The storage position of role coordinate `x` of an operand whose modes
/// play `roles`: `crd2idx` of one integer per mode (a rank-1 layout takes
/// the integer itself).
pub fn at(l: &Layout, base: usize, roles: &[usize], x: [i64; 3]) -> usize {
    let coord = match roles {
        [r] if l.rank() == 1 && matches!(l.shape(), IntTuple::Int(_)) => IntTuple::Int(x[*r]),
        _ => IntTuple::Tuple(roles.iter().map(|&r| IntTuple::Int(x[r])).collect()),
    };
    (base as i64 + l.crd2idx(&coord).unwrap()) as usize
}

/// `C(v,m,n) += A(v,m,k)·B(v,n,k)`, one product at a time into the element.
pub fn naive(form: usize, l: [&Layout; 3], data: [&[i64]; 3], base: [usize; 3]) -> Vec<i64> {
    let roles = FORMS[form].1;
    let extent = |i: usize, role: usize| {
        roles[i]
            .iter()
            .position(|&r| r == role)
            .map_or(1, |mode| l[i].modes()[mode].size())
    };
    let (v, m, k, n) = (extent(0, 0), extent(0, 1), extent(0, 2), extent(1, 1));
    let mut out = data[2].to_vec();
    for kk in 0..k {
        for nn in 0..n {
            for mm in 0..m {
                for vv in 0..v {
                    let pa = at(l[0], base[0], roles[0], [vv, mm, kk]);
                    let pb = at(l[1], base[1], roles[1], [vv, nn, kk]);
                    let pc = at(l[2], base[2], roles[2], [vv, mm, nn]);
                    out[pc] += data[0][pa] * data[1][pb];
                }
            }
        }
    }
    out
}
