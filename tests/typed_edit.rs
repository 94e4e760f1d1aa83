//! Mode access and editing on typed layouts against the core's function of
//! the same name (`layout_core::take`, …), over random dynamic leaves: the
//! same shape and stride, and the same offset at every index. Static
//! leaves staying static is checked by the types the results are bound to.

use layout_dsl::typed::{C, Ix, Layout, Tree, TypedLayout};
use layout_dsl::{IntTuple, layout};
use proptest::prelude::*;

type Core = layout_dsl::Layout;
/// `take::<1, 3>()` of the nested layout below.
type Tail = Layout<(usize, (C<2>, usize)), (usize, (usize, C<1>))>;
/// Its `flatten()`.
type Flat = Layout<(usize, C<4>, usize, C<2>, usize), (usize, usize, usize, usize, C<1>)>;

/// The typed layout equals the core's (shape and stride) and gives the
/// core's offset at every index.
fn same<L: TypedLayout<Offset = usize>>(typed: &L, core: &Core) {
    let converted = Core::new(
        typed.shape().to_core().unwrap(),
        typed.stride().to_core().unwrap(),
    )
    .unwrap();
    assert_eq!(&converted, core, "typed {typed} vs core {core}");
    assert_eq!(typed.size(), core.size() as usize);
    for i in 0..typed.size() {
        let want = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        assert_eq!(typed.at(i) as i64, want, "{typed} at {i}");
    }
}

fn core_of<L: TypedLayout>(l: &L) -> Core {
    Core::new(l.shape().to_core().unwrap(), l.stride().to_core().unwrap()).unwrap()
}

/// Dynamic extents 1..=4 and strides 0..=12.
fn leaves() -> impl Strategy<Value = [usize; 7]> {
    (
        prop::array::uniform3(1usize..=4),
        prop::array::uniform4(0usize..=12),
    )
        .prop_map(|(s, d)| [s[0], s[1], s[2], d[0], d[1], d[2], d[3]])
}

proptest! {
    #[test]
    fn editing_a_nested_layout_is_the_cores(v in leaves()) {
        let [a, b, c, d, e, f, g] = v;
        let l = layout!(((a,4),b,(2,c)):((d,e),f,(g,1)));
        let k = core_of(&l);

        let t: Tail = l.take::<1, 3>();
        same(&t, &layout_dsl::take(&k, 1, 3).unwrap());
        same(&l.take::<0, 1>(), &layout_dsl::take(&k, 0, 1).unwrap());
        same(&l.take::<0, 3>(), &layout_dsl::take(&k, 0, 3).unwrap());

        let s = l.select::<(Ix<2>, Ix<0>, Ix<2>)>();
        same(&s, &layout_dsl::select(&k, &[2, 0, 2]).unwrap());
        same(&l.select::<()>(), &layout_dsl::select(&k, &[]).unwrap());

        for (typed, begin, end) in [
            (core_of(&l.group::<0, 2>()), 0, 2),
            (core_of(&l.group::<1, 3>()), 1, 3),
            (core_of(&l.group::<0, 3>()), 0, 3),
            (core_of(&l.group::<2, 2>()), 2, 2),
            (core_of(&l.group::<3, 3>()), 3, 3),
        ] {
            prop_assert_eq!(&typed, &layout_dsl::group(&k, begin, end).unwrap());
        }
        // Grouping keeps the function.
        let g = l.group::<0, 2>();
        same(&g, &layout_dsl::group(&k, 0, 2).unwrap());
        for i in 0..l.size() {
            prop_assert_eq!(g.at(i), l.at(i));
        }

        let m = layout!(type (3,2):(5,0));
        let mk = core_of(&m);
        let app = l.append(m);
        same(&app, &layout_dsl::append(&k, &mk).unwrap());
        // `get` after `append` is the appended mode.
        let last: Layout<(C<3>, C<2>), (C<5>, C<0>)> = app.get::<3>();
        prop_assert_eq!(last, m);
        same(&l.prepend(m), &layout_dsl::prepend(&k, &mk).unwrap());
        let first: Layout<(C<3>, C<2>), (C<5>, C<0>)> = l.prepend(m).mode::<0>();
        prop_assert_eq!(first, m);

        same(&l.replace::<0, _, _>(m), &layout_dsl::replace(&k, 0, &mk).unwrap());
        same(&l.replace::<1, _, _>(m), &layout_dsl::replace(&k, 1, &mk).unwrap());
        same(&l.replace::<2, _, _>(m), &layout_dsl::replace(&k, 2, &mk).unwrap());

        let flat: Flat = l.flatten();
        same(&flat, &layout_dsl::flatten(&k));
        for i in 0..l.size() {
            prop_assert_eq!(flat.at(i), l.at(i));
        }
        // `layout!(type flatten(#l))` is the same typed layout (its static
        // leaves static: the binding's type), and without `type` the
        // core's run-time `flatten` of the named value gives it too.
        let named: Flat = layout!(type flatten(#l));
        prop_assert_eq!(named, flat);
        prop_assert_eq!(&layout!(flatten(#l)).unwrap(), &layout_dsl::flatten(&k));
        // Nested in another typed call, `flatten(#l)` is that value bound:
        // the same result as the call of the flattened layout named.
        let twice: Flat = layout!(type flatten(flatten(#l)));
        prop_assert_eq!(twice, flat);
        let coalesced = layout!(type coalesce(flatten(#l))).unwrap();
        prop_assert_eq!(coalesced, layout!(type coalesce(#flat)).unwrap());
        // The facade's `coalesce` keeps the typed leaves (its doc): the
        // same function as the core's.
        let core = layout_dsl::coalesce(&layout_dsl::flatten(&k));
        for i in 0..l.size() {
            prop_assert_eq!(coalesced.at(i) as i64, core.crd2idx(&IntTuple::Int(i as i64)).unwrap());
        }
    }

    #[test]
    fn mode_queries_are_the_cores(v in leaves()) {
        let [a, b, c, d, e, f, g] = v;
        let l = layout!(((a,4),b,(2,(c,3))):((d,e),f,(g,(1,2))));
        let k = core_of(&l);
        let mode = |i: usize| layout_dsl::get(&k, &[i]).unwrap();
        prop_assert_eq!(l.mode_rank::<0>(), 2);
        prop_assert_eq!(l.mode_rank::<1>(), 1);
        prop_assert_eq!(l.mode_depth::<2>(), mode(2).depth());
        prop_assert_eq!(l.mode_depth::<1>(), mode(1).depth());
        prop_assert_eq!(l.mode_cosize::<0>() as i64, mode(0).cosize());
        prop_assert_eq!(l.mode_cosize::<2>() as i64, mode(2).cosize());
        prop_assert_eq!(l.mode_size::<2>() as i64, mode(2).size());
        same(&l.mode::<2>().get::<1>(), &layout_dsl::get(&k, &[2, 1]).unwrap());
        let shape: (C<2>, (usize, C<3>)) = l.mode_shape::<2>();
        prop_assert_eq!(shape.to_core().unwrap(), mode(2).shape().clone());
        let stride: (usize, (C<1>, C<2>)) = l.mode_stride::<2>();
        prop_assert_eq!(stride.to_core().unwrap(), mode(2).stride().clone());
        // Flattening a deeper layout keeps its function.
        same(&l.flatten(), &layout_dsl::flatten(&k));
    }

    #[test]
    fn a_single_extent_is_one_mode(a in 1usize..=9, d in 0usize..=9) {
        let l = layout!(a:d);
        let k = core_of(&l);
        let m = layout!(type 2:7);
        let mk = core_of(&m);
        same(&l.take::<0, 1>(), &layout_dsl::take(&k, 0, 1).unwrap());
        same(&l.group::<0, 1>(), &layout_dsl::group(&k, 0, 1).unwrap());
        same(&l.group::<0, 0>(), &layout_dsl::group(&k, 0, 0).unwrap());
        same(&l.select::<(Ix<0>, Ix<0>)>(), &layout_dsl::select(&k, &[0, 0]).unwrap());
        same(&l.append(m), &layout_dsl::append(&k, &mk).unwrap());
        same(&l.prepend(m), &layout_dsl::prepend(&k, &mk).unwrap());
        let whole: Layout<C<2>, C<7>> = l.replace::<0, _, _>(m);
        same(&whole, &layout_dsl::replace(&k, 0, &mk).unwrap());
        let flat: Layout<usize, usize> = l.flatten();
        same(&flat, &layout_dsl::flatten(&k));
    }
}

/// A fully static edit is zero-sized: every leaf stays in the type.
#[test]
fn static_edits_stay_static() {
    let l = layout!(type ((2,4),3,(2,5)):((1,2),8,(24,48)));
    let edited = l.group::<1, 3>().flatten().append(layout!(type 2:0));
    assert_eq!(core::mem::size_of_val(&edited), 0);
    assert_eq!(edited.to_string(), "(2,4,3,2,5,2):(1,2,8,24,48,0)");
    assert_eq!(l.select::<(Ix<1>,)>().to_string(), "(3):(8)");
    let flat = layout!(type flatten(#l));
    assert_eq!(core::mem::size_of_val(&flat), 0);
    assert_eq!(flat.to_string(), "(2,4,3,2,5):(1,2,8,24,48)");
    // Nested: the inner `flatten(#l)` bound, then the outer call of it.
    let twice = layout!(type flatten(flatten(#l)));
    assert_eq!(core::mem::size_of_val(&twice), 0);
    assert_eq!(twice.to_string(), "(2,4,3,2,5):(1,2,8,24,48)");
    let coalesced = layout!(type coalesce(flatten(#l))).unwrap();
    assert_eq!(coalesced.to_string(), "(2,4,3,2,5):(1,2,8,24,48)");
    let c = layout!(type complement(flatten(#l), 960)).unwrap();
    assert_eq!(c, layout!(type complement(#flat, 960)).unwrap());
    assert_eq!(c.size(), 4);
}
