//! The typed `gemm` into a C whose coordinates share elements, on f32:
//! each element gets all its products in the naive loop's order (`k`,
//! then `n`, `m`, `v`), bit for bit, whichever loop runs: C's distinct
//! elements in a local array (`GemmKernel::Shared`, flat or nested C, the
//! elements shared along one role or two), or in place when strides
//! overlap (`GemmKernel::InPlace`, with V over 1 so the order of `v` and
//! `m` within a step matters).

mod gemm_support;

use gemm_support::{FORMS, at, naive, storage};
use layout_core::Layout;
use layout_dsl::layout;
use layout_dsl::tensor::typed::{self, Gemm, GemmKernel, GemmOperand, gemm_kernel};
use layout_dsl::tensor::{AsLayout, Tensor};

/// `C(v,m,n) += A(v,m,k)·B(v,n,k)` over f32, one product at a time into
/// the element, `k` outermost, then `n`, `m`, `v`.
fn naive_f32(form: usize, l: [&Layout; 3], data: [&[f32]; 3], base: [usize; 3]) -> Vec<f32> {
    let roles = FORMS[form].1;
    let extent = |i: usize, role: usize| {
        roles[i]
            .iter()
            .position(|&r| r == role)
            .map_or(1, |mode| l[i].modes()[mode].size() as usize)
    };
    let (v, m, k, n) = (extent(0, 0), extent(0, 1), extent(0, 2), extent(1, 1));
    let mut out = data[2].to_vec();
    for kk in 0..k {
        for nn in 0..n {
            for mm in 0..m {
                for vv in 0..v {
                    let [vv, mm, nn, kk] = [vv, mm, nn, kk].map(|x| x as i64);
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

/// `gemm_kernel` says `kernel`, and the typed `gemm` gives the bits of
/// [`naive_f32`] (values whose sums round differently by order), and on
/// the integers of the storage, `gemm_support`'s naive loop.
fn run<LA, LB, LC>(form: usize, la: LA, lb: LB, lc: LC, kernel: GemmKernel)
where
    LA: AsLayout + GemmOperand + Gemm<LB, LC> + Copy,
    LB: AsLayout + GemmOperand + Copy,
    LC: AsLayout + GemmOperand + Copy,
{
    let ca = la.to_core().unwrap().into_owned();
    let cb = lb.to_core().unwrap().into_owned();
    let cc = lc.to_core().unwrap().into_owned();
    let what = format!("{ca} x {cb} => {cc}");
    assert_eq!(gemm_kernel(&la, &lb, &lc), Ok(kernel), "{what}");
    let (ia, ib, ic) = (storage(&ca, 1), storage(&cb, 2), storage(&cc, 3));
    let want = naive(
        form,
        [&ca, &cb, &cc],
        [&ia.0, &ib.0, &ic.0],
        [ia.1, ib.1, ic.1],
    );
    let mut out = ic.0.clone();
    typed::gemm(
        &Tensor::at_base(&ia.0[..], la, ia.1).unwrap(),
        &Tensor::at_base(&ib.0[..], lb, ib.1).unwrap(),
        &mut Tensor::at_base(&mut out[..], lc, ic.1).unwrap(),
    );
    assert_eq!(out, want, "{what}: integers");
    let float = |(data, base): (Vec<i64>, usize), scale: f32| {
        let values = data.iter().map(|&x| (x as f32 * scale).sin() * 1e3);
        (values.collect::<Vec<f32>>(), base)
    };
    let (da, ba) = float(storage(&ca, 1), 0.37);
    let (db, bb) = float(storage(&cb, 2), 0.53);
    let (dc, bc) = float(storage(&cc, 3), 0.29);
    let want = naive_f32(form, [&ca, &cb, &cc], [&da, &db, &dc], [ba, bb, bc]);
    let mut out = dc.clone();
    typed::gemm(
        &Tensor::at_base(&da[..], la, ba).unwrap(),
        &Tensor::at_base(&db[..], lb, bb).unwrap(),
        &mut Tensor::at_base(&mut out[..], lc, bc).unwrap(),
    );
    let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&out), bits(&want), "{what}");
    assert_ne!(bits(&out), bits(&dc), "{what}: no product landed");
}

#[test]
fn f32_bits_of_the_naive_order_where_c_shares() {
    // (V,M,K) x (V,N,K) => (V,M,N), A's M nested and not one progression.
    let la = layout!((2,(2,2),5):(1,(4,2),8));
    let lb = layout!((2,3,5):(1,2,6));
    // V and N on one element (slots of a flat C): an element's products
    // come from two roles, whose order the naive loop fixes (`n` outside
    // `v`).
    run(4, la, lb, layout!((2,4,3):(0,1,0)), GemmKernel::Shared);
    // M alone shared, and V with N (a flat C whose M has stride 1).
    run(4, la, lb, layout!((2,4,3):(1,0,2)), GemmKernel::Shared);
    run(4, la, lb, layout!((2,4,3):(0,1,4)), GemmKernel::Shared);
    // C nested: V shared and one leaf of M (slots laid by tables).
    run(
        4,
        la,
        lb,
        layout!((2,(2,2),3):(0,(1,0),2)),
        GemmKernel::Shared,
    );
    run(
        4,
        la,
        lb,
        layout!((2,(2,2),3):(0,(0,3),1)),
        GemmKernel::Shared,
    );
    // V and M overlapping (C(v,m,n) at v + m + 4n): in place, `m`
    // outside `v` within a step as the naive loop.
    run(4, la, lb, layout!((2,4,3):(1,1,4)), GemmKernel::InPlace);
    run(
        4,
        la,
        lb,
        layout!((2,(2,2),3):(1,(1,2),4)),
        GemmKernel::InPlace,
    );
    // (M,K) x (N,K) => (M,N), flat A into a nested C with a stride-0
    // leaf: the slots' tables with A's strides.
    let (a, b) = (layout!((4,5):(1,4)), layout!((3,5):(1,3)));
    run(2, a, b, layout!(((2,2),3):((0,1),2)), GemmKernel::Shared);
}

/// Past the tables (`GemmKernel::Split`), f32 bits of the naive loop: a C
/// whose coordinates have their own elements (A's offsets by blocks of
/// one table shifted, `k` by slabs of 8 steps and a shorter last one),
/// and C's that share elements, along `n` alone (blocks of `m`, `k`
/// outermost) or otherwise (split at each use, the naive order).
#[test]
fn f32_bits_past_the_tables() {
    let k = 11;
    // M (3,40): blocks of 3·20 = 60 rows (20 divides 40), two of them.
    let a = layout!(((3,40),k):((40,1),120));
    let b = layout!((3,k):(1,3));
    run(2, a, b, layout!((120,3):(1,120)), GemmKernel::Split);
    // M (2,35): blocks would be of 2·7 rows: the odometer instead.
    let a70 = layout!(((2,35),k):((35,1),70));
    run(2, a70, b, layout!((70,3):(1,70)), GemmKernel::Split);
    // C nested: its offsets by the odometer too.
    run(
        2,
        a70,
        b,
        layout!(((7,10),3):((10,1),70)),
        GemmKernel::Split,
    );
    // Columns on one element (along `n` alone), flat and nested.
    run(2, a70, b, layout!((70,3):(1,0)), GemmKernel::Split);
    run(2, a70, b, layout!(((7,10),3):((10,1),0)), GemmKernel::Split);
    // C(i,j) at i + j (rows of two blocks share): the naive order.
    run(2, a70, b, layout!((70,3):(1,1)), GemmKernel::Split);
    // Rows on one element, V of 2 (the `v`s share too).
    let (va, vb) = (
        layout!((2,(2,35),3):(1,(70,2),140)),
        layout!((2,3,3):(1,2,6)),
    );
    run(4, va, vb, layout!((2,70,3):(0,0,1)), GemmKernel::Split);
}
