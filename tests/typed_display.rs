//! A typed layout of any nesting prints as the runtime core prints the same
//! layout. The typed text comes from one formatter walking each tree type's
//! description (`Tree::NODE`, src/private/text.rs); the core's `Display` is
//! written independently (a recursive `write!` over `IntTuple`), so it is
//! the oracle. Every nesting below gets random numbers for its dynamic
//! leaves; its static leaves (`C<N>`) are fixed by the type.

use core::fmt;
use std::str::FromStr;

use layout_dsl::IntTuple;
use layout_dsl::typed::{C, Layout, Tree};
use proptest::prelude::*;

/// A tree type's nesting, as `Tree::write_form` writes it: `((_,4),_)`.
fn form<T: Tree>() -> String {
    struct Form<T>(core::marker::PhantomData<T>);
    impl<T: Tree> fmt::Display for Form<T> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            T::write_form(f)
        }
    }
    Form::<T>(core::marker::PhantomData).to_string()
}

/// A tree printed through `Tree::write`.
struct Written<'a, T>(&'a T);

impl<T: Tree> fmt::Display for Written<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f)
    }
}

/// The core tuple of `T`'s nesting with `numbers` in its dynamic leaves,
/// one per `_`, in order.
fn core_tree<T: Tree>(numbers: &mut impl Iterator<Item = usize>) -> IntTuple {
    let text: String = form::<T>()
        .split('_')
        .enumerate()
        .map(|(k, piece)| match k {
            0 => piece.to_string(),
            _ => format!("{}{piece}", numbers.next().unwrap()),
        })
        .collect();
    IntTuple::from_str(&text).unwrap()
}

/// Every way the facade prints `layout`, made of `shape` and `stride`,
/// against the core's text.
fn prints_as_core<S: Tree, D: Tree, I>(
    layout: Layout<S, D, I>,
    (shape, stride): (S, D),
    core: &layout_dsl::Layout,
) {
    let text = core.to_string();
    assert_eq!(layout.to_string(), text);
    assert_eq!(format!("{layout}"), text);
    assert_eq!(format!("{layout:?}"), format!("Layout({text})"));
    assert_eq!(Written(&shape).to_string(), core.shape().to_string());
    assert_eq!(Written(&stride).to_string(), core.stride().to_string());
}

/// Random dynamic leaves for `S:D`, read back into the typed trees (below
/// 50: the core refuses a layout whose size does not fit 64 bits).
fn check<S: Tree, D: Tree>(numbers: &[usize]) {
    let mut numbers = numbers.iter().copied();
    let (shape, stride) = (core_tree::<S>(&mut numbers), core_tree::<D>(&mut numbers));
    let core = layout_dsl::Layout::new(shape.clone(), stride.clone()).unwrap();
    let trees = (
        S::from_core(&shape).unwrap(),
        D::from_core(&stride).unwrap(),
    );
    prints_as_core(Layout::new(trees.0, trees.1), trees, &core);
}

type U = usize;

/// `check::<S, D>` for every listed pair of congruent tree types.
macro_rules! nestings {
    ($numbers:expr; $($S:ty => $D:ty;)*) => {
        $(check::<$S, $D>($numbers);)*
    };
}

proptest! {
    #[test]
    fn every_nesting_prints_as_the_core(numbers in prop::collection::vec(0usize..50, 40)) {
        nestings! { &numbers;
            U => U;
            C<3> => U;
            U => C<0>;
            (U,) => (U,);
            (U, U) => (U, U);
            (C<2>, U) => (C<1>, C<2>);
            ((U,),) => ((U,),);
            ((U, U),) => ((U, U),);
            ((U, U), U) => ((U, U), U);
            (U, (U, U)) => (U, (U, U));
            ((U, U), (U, U)) => ((U, U), (U, U));
            ((U, U, U), (U, U)) => ((U, U, U), (U, U));
            ((U, U), (U, U), U) => ((U, U), (U, U), U);
            ((U, U), (U, U), (U, U)) => ((U, U), (U, U), (U, U));
            (((U, U), U), U) => (((U, U), U), U);
            ((U, (U, U)), (U,)) => ((U, (U, U)), (U,));
            (((U,),),) => (((U,),),);
            (U, U, U, U) => (U, U, U, U);
            (U, U, U, U, U, U, U, U) => (U, U, U, U, U, U, U, U);
            ((U, U, U, U), (U, U, U, U)) => ((U, U, U, U), (U, U, U, U));
            ((U, C<4>), (C<8>, U)) => ((C<1>, U), (U, C<0>));
            (((C<2>, U), (U, C<3>)), C<5>) => (((U, U), (C<7>, U)), U);
            (C<2>, C<3>) => (C<1>, C<2>);
            ((C<2>, C<2>), (C<4>,)) => ((C<1>, C<16>), (C<4>,));
        }
    }
}

/// Negative static strides make a signed layout; it prints as the core's.
#[test]
fn signed_layouts_print_as_the_core() {
    let trees = ((C::<4>, (8usize, 2usize)), (C::<-1>, (C::<-4>, 32usize)));
    let core = layout_dsl::Layout::from_str("(4,(8,2)):(-1,(-4,32))").unwrap();
    prints_as_core(Layout::new_signed(trees.0, trees.1), trees, &core);
    let leaf = (6usize, C::<-3>);
    let core = layout_dsl::Layout::from_str("6:-3").unwrap();
    prints_as_core(Layout::new_signed(leaf.0, leaf.1), leaf, &core);
}
