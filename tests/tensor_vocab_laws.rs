//! The tensor vocabulary (`coalesce`, `flatten`, `group_modes`,
//! `filter_zeros`, `composition`) on random tensors, each against the
//! layout function applied to `into_parts` (the same layout, and the same
//! element at every coordinate), and against brute force: the same
//! elements in order (`coalesce`, `flatten`, `group_modes`), the element
//! at the same coordinate (`filter_zeros`), `t(B(i))` (`composition`).
//! Random core layouts with negative and zero strides, and typed layouts
//! of fixed nestings with random dynamic leaves.

#[path = "../layout-core/tests/common/mod.rs"]
mod common;

use common::*;
use layout_core::{IntTuple, Layout, idx2crd};
use layout_dsl::layout;
use layout_dsl::tensor::{self, AsLayout, Engine, Tensor};
use proptest::prelude::*;

const CASES: u32 = 256;

/// Elements that name their own position.
fn data(len: usize) -> Vec<i64> {
    (0..len as i64).map(|i| 1000 + i).collect()
}

fn elems<E: Engine<Elem = i64>, L: AsLayout>(t: &Tensor<E, L>) -> Vec<i64> {
    t.iter().copied().collect()
}

/// `l` with the sign of each stride flipped where `flips` says.
fn signed(l: &Layout, flips: u64) -> Layout {
    let strides: Vec<i64> = l
        .leaf_modes()
        .enumerate()
        .map(|(i, (_, d))| if flips >> (i % 64) & 1 == 1 { -d } else { d })
        .collect();
    Layout::new(
        l.shape().clone(),
        rebuild(l.stride(), &mut strides.into_iter()),
    )
    .unwrap()
}

/// The base that puts `l`'s lowest offset at 0.
fn base_of(l: &Layout) -> usize {
    -l.leaf_modes().map(|(s, d)| (s - 1) * d.min(0)).sum::<i64>() as usize
}

/// The tensor the layout function gives on `t`'s parts: what each door
/// must equal.
fn on_parts<'a>(
    t: &Tensor<&'a [i64], Layout>,
    f: impl FnOnce(&Layout) -> Layout,
) -> Tensor<&'a [i64], Layout> {
    let (engine, layout, base) = t.clone().into_parts();
    Tensor::at_base(engine, f(&layout), base).unwrap()
}

proptest! {
    #![proptest_config(config(CASES))]

    /// coalesce, flatten and filter_zeros of a core tensor: the layout
    /// function on the parts, the same elements in order (filter_zeros: the
    /// element at the same coordinate).
    #[test]
    fn same_elements_core(l in layout(), flips in any::<u64>()) {
        let l = signed(&l, flips);
        let base = base_of(&l);
        let engine = data(base + l.cosize().max(1) as usize);
        let t = Tensor::at_base(&engine[..], l.clone(), base).unwrap();
        let c = tensor::coalesce(t.clone()).unwrap();
        prop_assert_eq!(&c, &on_parts(&t, layout_core::coalesce));
        prop_assert_eq!(elems(&c), elems(&t));
        let f = t.clone().flatten().unwrap();
        prop_assert_eq!(&f, &on_parts(&t, layout_core::flatten));
        prop_assert_eq!(elems(&f), elems(&t));
        let z = tensor::filter_zeros(t.clone()).unwrap();
        prop_assert_eq!(&z, &on_parts(&t, layout_core::filter_zeros));
        for i in 0..z.size() {
            let natural: IntTuple = idx2crd(&IntTuple::Int(i as i64), z.layout().shape()).unwrap();
            prop_assert_eq!(z.get(&natural), t.get(&natural), "{} at {}", l, natural);
        }
    }

    /// group_modes of a core tensor: the layout function on the parts
    /// where the range fits the rank, refused where it does not.
    #[test]
    fn group_modes_core(l in layout(), flips in any::<u64>()) {
        let l = signed(&l, flips);
        let base = base_of(&l);
        let engine = data(base + l.cosize().max(1) as usize);
        let t = Tensor::at_base(&engine[..], l.clone(), base).unwrap();
        let rank = match l.shape() { IntTuple::Tuple(v) => v.len(), IntTuple::Int(_) => 1 };
        macro_rules! range {
            ($($b:literal $e:literal),*) => {$({
                let g = tensor::group_modes::<$b, $e, _>(t.clone());
                let end: usize = $e;
                match end <= rank {
                    true => {
                        let g = g.unwrap();
                        prop_assert_eq!(&g, &on_parts(&t, |l| layout_dsl::group(l, $b, $e).unwrap()));
                        prop_assert_eq!(elems(&g), elems(&t));
                    }
                    false => prop_assert!(g.is_err(), "{} group {}..{}", l, $b, $e),
                }
            })*};
        }
        range!(0 0, 0 1, 0 2, 1 2, 1 3, 2 4, 0 4);
    }

    /// composition of a core tensor: the layout function on the parts,
    /// every element `t(B(i))` (read where the layout continues past the
    /// tensor's size), and refused only where the core's composition
    /// refuses or the result leaves the engine.
    #[test]
    fn composition_core(a in small_layout(), random in small_layout(), seed in any::<u64>(), extra in 0usize..48) {
        let mut rng = Dice::new(seed);
        let (b, _) = composable_with(&a, random, &mut rng);
        let engine = data(a.cosize().max(1) as usize + extra);
        let t = Tensor::new(&engine[..], a.clone()).unwrap();
        let core = layout_dsl::composition(&a, &b.clone().into());
        match tensor::composition(t.clone(), b.clone()) {
            Ok(r) => {
                prop_assert_eq!(&r, &on_parts(&t, |_| core.clone().unwrap()));
                let want: Vec<i64> = (0..b.size()).map(|i| engine[a.at(b.at(i).unwrap()).unwrap() as usize]).collect();
                prop_assert_eq!(elems(&r), want);
            }
            Err(_) => {
                // The core refused, or an offset leaves the engine.
                let inside = (0..b.size()).all(|i| (0..engine.len() as i64).contains(&a.at(b.at(i).unwrap()).unwrap()));
                prop_assert!(core.is_err() || !inside, "{} o {}", a, b);
            }
        }
    }

    /// The typed methods on a nested layout with random dynamic leaves:
    /// the core function on the parts, at every coordinate.
    #[test]
    fn typed_nested_equals_core_on_parts(
        (p, q, r) in (1usize..=4, 1usize..=4, 1usize..=4),
        (d, e, f) in (0usize..=16, 0usize..=16, 0usize..=16),
    ) {
        let typed = layout!((p,(q,r)):(d,(e,f)));
        let l = typed.to_core().unwrap();
        let engine = data(l.cosize().max(1) as usize);
        let t = Tensor::new(&engine[..], typed).unwrap();
        let core = Tensor::new(&engine[..], l.clone()).unwrap();
        // coalesce keeps every leaf (the typed door merges nothing), so the
        // elements, not the layout, are the core's.
        prop_assert_eq!(elems(&t.coalesce().unwrap()), elems(&on_parts(&core, layout_core::coalesce)));
        let flat = t.flatten();
        prop_assert_eq!(flat.layout().to_string(), layout_dsl::flatten(&l).to_string());
        prop_assert_eq!(elems(&flat), elems(&core));
        let g = t.group_modes::<0, 2>();
        prop_assert_eq!(g.layout().to_string(), layout_dsl::group(&l, 0, 2).unwrap().to_string());
        prop_assert_eq!(elems(&g), elems(&core));
        let z = t.filter_zeros().unwrap();
        let want = on_parts(&core, layout_core::filter_zeros);
        prop_assert_eq!(z.layout().to_string(), want.layout().to_string());
        prop_assert_eq!(elems(&z), elems(&want));
    }

    /// The typed composition with a random dynamic right side: where it
    /// answers, `t(B(i))` at every index, and the core's answer where the
    /// core has one; a refusal is an error, never a layout.
    #[test]
    fn typed_composition_is_the_true_one(
        (m, n, ld) in (1usize..=6, 1usize..=6, 0usize..=3),
        (x, y, s, u) in (1usize..=4, 1usize..=4, 0usize..=6, 0usize..=12),
    ) {
        let a = layout!((m,n):(1,{m + ld}));
        let b = layout!((x,y):(s,u));
        let (al, bl) = (a.to_core().unwrap(), b.to_core().unwrap());
        let engine = data(al.cosize().max(1) as usize + 8);
        let t = Tensor::new(&engine[..], a).unwrap();
        let truth: Vec<Option<i64>> = (0..bl.size())
            .map(|i| engine.get(al.at(bl.at(i).unwrap()).unwrap() as usize).copied())
            .collect();
        if let Ok(r) = t.composition(b) {
            prop_assert_eq!(elems(&r).into_iter().map(Some).collect::<Vec<_>>(), truth);
            let core = Tensor::new(&engine[..], al.clone()).unwrap();
            if let Ok(c) = tensor::composition(core, bl.clone()) {
                prop_assert_eq!(elems(&r), elems(&c));
            }
        }
    }
}

proptest! {
    #![proptest_config(config(CASES))]

    /// The typed `recast_layout` of a nested layout with random dynamic
    /// and static leaves is the core's: refused where the core refuses,
    /// else the same layout; and a typed tensor's recast reads what the
    /// core tensor's recast on its parts reads.
    #[test]
    fn typed_recast_equals_core(
        (p, q) in (0usize..=8, 1usize..=4),
        (d, e, f) in (0usize..=8, 0usize..=8, 0usize..=8),
    ) {
        let typed = layout!((p,(q,4)):(d,(e,{f * 2})));
        let l = typed.to_core().unwrap();
        macro_rules! widths {
            ($($o:ty => $n:ty),*) => {$({
                let bits = |t: usize| 8 * t as i64;
                let core = layout_dsl::recast_layout(&l, bits(size_of::<$o>()), bits(size_of::<$n>()));
                match typed.recast_layout::<$o, $n>() {
                    Ok(t) => prop_assert_eq!(t.to_string(), core.unwrap().to_string()),
                    Err(e) => prop_assert!(core.is_err(), "{} {}: {}", l, stringify!($o => $n), e),
                }
            })*};
        }
        widths!(u8 => u16, u8 => u32, u16 => u8, u32 => u8, u16 => [u8; 3], [u8; 3] => u16, u8 => u8);
        // Tensors over bytes (aligned by the u64 buffer): the same elements.
        let words: Vec<u64> = (0..64u64).map(|i| i * 0x0101_0101_0101_0101).collect();
        let bytes: &[u8] = layout_dsl::tensor::RecastEngine::<u8>::recast_engine(&words[..]).unwrap();
        if let Ok(t) = Tensor::new(bytes, typed) {
            let core = Tensor::new(bytes, l.clone()).unwrap();
            let (a, b) = (t.recast::<u16>(), core.recast::<u16>());
            prop_assert_eq!(a.is_ok(), b.is_ok());
            if let (Ok(a), Ok(b)) = (a, b) {
                prop_assert!(a.iter().eq(b.iter()));
            }
        }
    }
}

/// The typed coalesce, flatten, group and filter of a static tensor keep
/// their leaves static: zero-sized layouts.
#[test]
fn static_results_are_zero_sized() {
    let engine = data(64);
    let t = Tensor::new(&engine[..], layout!(type ((2,4),(2,2)):((1,2),(0,16)))).unwrap();
    assert_eq!(size_of_val(t.coalesce().unwrap().layout()), 0);
    assert_eq!(size_of_val(t.coalesce_static::<3>().unwrap().layout()), 0);
    assert_eq!(size_of_val(t.flatten().layout()), 0);
    assert_eq!(size_of_val(t.group_modes::<0, 2>().layout()), 0);
    assert_eq!(size_of_val(t.filter_zeros().unwrap().layout()), 0);
    assert_eq!(
        size_of_val(t.composition(layout!(type (4,2):(2,8))).unwrap().layout()),
        0
    );
}

/// An owned engine is moved into the result, and stays writable.
#[test]
fn owned_engines_move() {
    let mut t = Tensor::new(vec![0i64; 24], layout!(type (2,(3,4)):(1,(2,6)))).unwrap();
    t.for_each_mut(|x| *x = 7);
    let mut f = t.flatten();
    f[(1, 2, 3)] = 5;
    let (engine, _, _) = f.into_parts();
    assert_eq!(engine[1 + 4 + 18], 5);
    let mut c = Tensor::new(vec![0i64; 24], "(2,3,4):(1,2,6)".parse::<Layout>().unwrap())
        .unwrap()
        .coalesce()
        .unwrap();
    assert_eq!(c.layout().to_string(), "24:1");
    c[23] = 1;
    assert_eq!(c.into_parts().0[23], 1);
}

/// The run-time functions take what the divides take: a swizzled tensor
/// (the function applied to its inner layout, under the same swizzle) and
/// an identity tensor (its coordinates moved with its layout).
#[test]
fn swizzled_and_identity_tensors() {
    let smem: Vec<i64> = (0..512).collect();
    let t = Tensor::new(&smem[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    let c = tensor::coalesce(t.view()).unwrap();
    assert!(c.iter().eq(t.iter()));
    let f = tensor::flatten(t.view()).unwrap();
    assert!(f.iter().eq(t.iter()));
    let b: Layout = "(4,8):(2,16)".parse().unwrap();
    let p = tensor::composition(t.view(), b.clone()).unwrap();
    let want: Vec<i64> = (0..b.size())
        .map(|i| t[b.at(i).unwrap() as usize])
        .collect();
    assert_eq!(elems(&p), want);

    let id = tensor::make_identity_tensor([4, 6]).unwrap();
    let all: Vec<[usize; 2]> = id.iter().collect();
    let c = tensor::coalesce(id.clone()).unwrap();
    assert_eq!(c.iter().collect::<Vec<_>>(), all);
    let b: Layout = "(2,3):(1,8)".parse().unwrap();
    let p = tensor::composition(id.clone(), b.clone()).unwrap();
    let want: Vec<[usize; 2]> = (0..b.size())
        .map(|i| all[b.at(i).unwrap() as usize])
        .collect();
    assert_eq!(p.iter().collect::<Vec<_>>(), want);
    let g = tensor::group_modes::<0, 2, _>(id).unwrap();
    assert_eq!(g.iter().collect::<Vec<_>>(), all);
}
