//! The copies of a product of typed values (`product_value.rs`,
//! `product_ranked.rs`, `product_by_mode.rs`): where each copy of `A`
//! starts, CuTe's `composition(complement(A, size(A)·cosize(B)), B)`,
//! from the complement `product_holes.rs` computes (static holes from
//! `product_static.rs` when every leaf is), and the tile `B` a product
//! takes ([`ProductTile`]).

use super::algebra::AlgebraError;
use super::compose_static::AllStatic;
use super::compose_value::Compose;
use super::edit::Leaves;
use super::int::C;
use super::layout::Layout;
use super::leaf_list::LeafList;
use super::list::{IntoList, IntoTuple};
use super::product_holes::{ProductHoles, exact_rest};
use super::product_static::ChooseHoles;
use super::static_complement::Bit;
use super::tree::{Mode, Tree};
use super::walk::Form;

/// A product's right operand `B`: a typed layout with `usize` offsets, or
/// an extent `n` (the layout `n:1`, as CuTe's `logical_product(a, n)`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tile of a typed product: a product's tile is a typed `Layout` with `usize` offsets or an extent (`C<N>`, `usize`)"
)]
pub trait ProductTile: Copy {
    /// The tile as a layout.
    type Shape: Mode<Self::Stride>;
    /// Its stride.
    type Stride: Tree;
    /// The tile as a layout.
    fn tile(self) -> Layout<Self::Shape, Self::Stride>;
}

#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree> ProductTile for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(self) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<const N: i64> ProductTile for C<N> {
    type Shape = C<N>;
    type Stride = C<1>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(self) -> Layout<C<N>, C<1>> {
        const { assert!(N >= 0, "a product's tile extent must not be negative") };
        Layout::from_parts(self, C::<1>)
    }
}

#[diagnostic::do_not_recommend]
impl ProductTile for usize {
    type Shape = usize;
    type Stride = C<1>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tile(self) -> Layout<usize, C<1>> {
        Layout::from_parts(self, C::<1>)
    }
}

/// `copies` of `A` (`Self`) laid out as `B`: `complement(A,
/// size(A)·cosize(B)) ∘ B`, the second mode of `logical_product(A, B)`,
/// in `B`'s nesting with one sub-mode per hole ([`Compose`]).
#[doc(hidden)]
pub trait ProductCopies<B>: Copy {
    /// Its shape.
    type Shape;
    /// Its stride.
    type Stride;
    /// The layout of where each copy of `A` starts; errors name
    /// `function`; a hole is rounded down as CuTe does (`partial.rs`).
    fn copies(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
    /// [`copies`](Self::copies) from the holes computed at run time: a
    /// function of its own, so that an all-static product, which never
    /// calls it, compiles none of it in a debug build.
    fn run_time_copies(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
}

/// The complement a product of `Layout<S, D>` takes, computed at run time.
type RunHoles<S, D> = Layout<
    <<S as Leaves>::Out as ProductHoles<<D as Leaves>::Out>>::Shape,
    <<S as Leaves>::Out as ProductHoles<<D as Leaves>::Out>>::Stride,
>;

/// The complement a product of `Layout<S, D>` by `B` takes: static
/// (`product_static.rs`) when every leaf of both is.
type HolesOf<S, D, B> = <RunHoles<S, D> as ChooseHoles<
    ProductStatics<S, D, B>,
    <S as Leaves>::Out,
    <D as Leaves>::Out,
    TupleOf<<B as ProductTile>::Shape>,
    TupleOf<<B as ProductTile>::Stride>,
>>::Holes;

/// A tree's leaves as a flat tuple (the static holes name `A` and `B` by
/// these: shorter names than lists, `StaticList`).
type TupleOf<T> = <<T as LeafList>::List as IntoTuple>::Tuple;

/// A flat tuple as a type-level list.
type ListOf<T> = <T as IntoList>::List;

/// [`Yes`](super::Yes) when every leaf of `Layout<S, D>` and of `B` is static.
type ProductStatics<S, D, B> = <<ListOf<<S as Leaves>::Out> as AllStatic>::Is as Bit>::And<
    <<ListOf<<D as Leaves>::Out> as AllStatic>::Is as Bit>::And<
        <<<<B as ProductTile>::Shape as LeafList>::List as AllStatic>::Is as Bit>::And<
            <<<B as ProductTile>::Stride as LeafList>::List as AllStatic>::Is,
        >,
    >,
>;

impl<S: Mode<D> + Leaves, D: Tree + Leaves, B: ProductTile> ProductCopies<B> for Layout<S, D>
where
    S::Out: ProductHoles<D::Out> + IntoList<List: AllStatic>,
    D::Out: IntoList<List: AllStatic>,
    B::Shape: LeafList<List: AllStatic + IntoTuple>,
    B::Stride: LeafList<List: AllStatic + IntoTuple>,
    RunHoles<S, D>:
        ChooseHoles<ProductStatics<S, D, B>, S::Out, D::Out, TupleOf<B::Shape>, TupleOf<B::Stride>>,
    HolesOf<S, D, B>: Compose<Layout<B::Shape, B::Stride>>,
{
    type Shape = <HolesOf<S, D, B> as Compose<Layout<B::Shape, B::Stride>>>::Shape;
    type Stride = <HolesOf<S, D, B> as Compose<Layout<B::Shape, B::Stride>>>::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn copies(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        // All static: the folded holes, from `const`s, and none of the
        // run-time holes below, which a debug build then does not compile
        // for this product (the branch not taken of an `if const` is not
        // collected: BENCHMARKS.md, "Compile cost of static products: the
        // run-time holes skipped").
        if const {
            <RunHoles<S, D> as ChooseHoles<
                ProductStatics<S, D, B>,
                S::Out,
                D::Out,
                TupleOf<B::Shape>,
                TupleOf<B::Stride>,
            >>::FOLDED
        } {
            return match <RunHoles<S, D> as ChooseHoles<
                ProductStatics<S, D, B>,
                S::Out,
                D::Out,
                TupleOf<B::Shape>,
                TupleOf<B::Stride>,
            >>::folded(function)
            {
                Ok(holes) => match holes.composition(b.tile()) {
                    Ok(d) => Ok(d.into_parts()),
                    Err(e) => Err(e.naming(function)),
                },
                Err(e) => Err(e),
            };
        }
        self.run_time_copies(b, function)
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run_time_copies(
        &self,
        b: B,
        function: &'static str,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        let b = b.tile();
        let cosize = b.cosize();
        let size = self.size();
        let (shape, stride) = (self.shape().leaves(), self.stride().leaves());
        // The rest is left to the copy that needs it (a division, where
        // the holes do not fill `A`): the folded copies know it.
        let (holes, span) = ok_or_return!(shape.product_spans(stride, size, cosize, function));
        let (filled, fits) = (filled_hole(&b), fits_hole(&b));
        // Copies of the walk for dynamic strides: over inner holes known to
        // be 1 (compact, a last hole `B` fills, or any last hole), folded,
        // and general (the same function). All static, the holes are
        // static leaves (`product_static.rs`). Matches, not closures: a
        // closure here is a function of its own that LLVM may leave out of
        // line (and merge the copies into one call), and then the unit
        // holes no longer fold. A compact `A` is one whose inner holes are
        // 1 (tested once, here), with its last hole 1 and its span `size`
        // (the rest then `cosize`).
        let composed = match <S::Out as ProductHoles<D::Out>>::unit_inner_holes(holes) {
            Some(unit) => match compact::<S::Out, D::Out>(unit, (size, cosize, span)) {
                Some(compact) => match compact.choose() {
                    Ok(holes) => match holes.composition(b) {
                        Ok(d) => return Ok(d.into_parts()),
                        Err(e) => e,
                    },
                    Err(e) => e,
                },
                // A padded `A` whose last hole `B`'s unit-stride leaf
                // fills: that hole and the rest fold too.
                None => match filled_by::<S::Out, D::Out>(unit, (size, cosize, span), filled) {
                    Some(folded) => match folded.choose() {
                        Ok(holes) => match holes.composition(b) {
                            Ok(d) => return Ok(d.into_parts()),
                            Err(e) => e,
                        },
                        Err(e) => e,
                    },
                    // A padded `A` whose last hole holds `B` whole: that
                    // hole is written as `cosize(B)`, and folds.
                    None => match fits_in::<S::Out, D::Out>(unit, span, fits) {
                        Some(folded) => match folded.choose() {
                            Ok(holes) => match holes.composition(b) {
                                Ok(d) => return Ok(d.into_parts()),
                                Err(e) => e,
                            },
                            Err(e) => e,
                        },
                        None => {
                            match whole::<S::Out, D::Out>(unit, (size, cosize, span)).choose() {
                                Ok(holes) => match holes.composition(b) {
                                    Ok(d) => return Ok(d.into_parts()),
                                    Err(e) => e,
                                },
                                Err(e) => e,
                            }
                        }
                    },
                },
            },
            None => match whole::<S::Out, D::Out>(holes, (size, cosize, span)).choose() {
                Ok(holes) => match holes.composition(b) {
                    Ok(d) => return Ok(d.into_parts()),
                    Err(e) => e,
                },
                Err(e) => e,
            },
        };
        Err(composed.naming(function))
    }
}

/// The holes of [`ProductHoles::product_spans`] with their rest: in place
/// where a hole was rounded (the span 0), else [`exact_rest`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn whole<T: ProductHoles<G>, G>(
    holes: Layout<T::Shape, T::Stride>,
    (size, cosize, span): (usize, usize, usize),
) -> Layout<T::Shape, T::Stride> {
    if span == 0 {
        return holes;
    }
    T::with_rest(holes, exact_rest(size, cosize, span))
}

/// [`ProductHoles::compact_holes`] of exact holes (`unit`, the rest not
/// yet in place) that fill `A` (`span = size`, so the rest is `cosize`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn compact<T: ProductHoles<G>, G>(
    unit: Layout<T::Shape, T::Stride>,
    (size, cosize, span): (usize, usize, usize),
) -> Option<Layout<T::Shape, T::Stride>> {
    if span == 0 || span != size {
        return None;
    }
    T::compact_holes(T::with_rest(unit, cosize), cosize)
}

/// [`ProductHoles::filled_holes`] of exact holes (`unit`) whose last hole
/// is `filled` (≥ 2, [`filled_hole`]) and whose span is `size·filled` (no
/// leaf of `A` dropped), so that the rest is `⌈cosize / filled⌉`, written
/// so: with `filled` known while compiling, the copy folds both.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn filled_by<T: ProductHoles<G>, G>(
    unit: Layout<T::Shape, T::Stride>,
    (size, cosize, span): (usize, usize, usize),
    filled: usize,
) -> Option<Layout<T::Shape, T::Stride>> {
    if filled < 2 || span == 0 || size.checked_mul(filled) != Some(span) {
        return None;
    }
    T::filled_holes(T::with_rest(unit, cosize.div_ceil(filled)), filled)
}

/// [`ProductHoles::fits_holes`] of exact holes (`unit`) by a `B` of
/// cosize `fits` ([`fits_hole`], ≥ 2): the rest written as 1, which no
/// composition reads (the last mode is unbounded).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn fits_in<T: ProductHoles<G>, G>(
    unit: Layout<T::Shape, T::Stride>,
    span: usize,
    fits: usize,
) -> Option<Layout<T::Shape, T::Stride>> {
    if fits < 2 || span == 0 {
        return None;
    }
    T::fits_holes(T::with_rest(unit, 1), fits)
}

/// A static `B`'s cosize where a hole at least that large takes `B` whole
/// with each leaf a mode of its own in it, the same whatever the hole's
/// extent (the exact step's `n ≤ ⌈extent/r⌉` case, `compose_exact.rs`:
/// every leaf of extent 2 or more reaches below `cosize`, so its stride is
/// below the hole; a leaf of stride 0 goes nowhere); 0 where `B` has a
/// dynamic leaf or a leaf of extent 1 (whose stride may pass the hole), or
/// a cosize below 2.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn fits_hole<S: Mode<D>, D: Tree>(b: &Layout<S, D>) -> usize {
    if !const { S::STATIC && D::STATIC } {
        return 0;
    }
    let _ = b;
    let (mut whole, mut span) = (true, 0usize);
    S::Form::leaves(&S::DESC, &S::STRIDES, &mut |s, d| {
        whole &= s >= 2 || (s == 1 && d == 0);
        span = span.saturating_add((s.saturating_sub(1)).saturating_mul(d));
    });
    let cosize = span.saturating_add(1);
    if whole && (2..usize::MAX).contains(&cosize) {
        cosize
    } else {
        0
    }
}

/// The hole of a padded `A` that a static `B` fills with whole copies along
/// its unit-stride leaf: that leaf's extent (its first of extent 2 or
/// more), a constant while compiling; 0 where `B` has none or a dynamic
/// leaf. A last hole of this size is folded (a copy of the composition of
/// its own): the padding then holds `B`'s innermost mode, the case a
/// padded `A`'s product answers for any hole up to `cosize(B)` (a hole
/// there that no leaf of `B` ends at is mostly refused).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn filled_hole<S: Mode<D>, D: Tree>(b: &Layout<S, D>) -> usize {
    if !const { S::STATIC && D::STATIC } {
        return 0;
    }
    let _ = b;
    let mut hole = 0;
    S::Form::leaves(&S::DESC, &S::STRIDES, &mut |s, d| {
        if hole == 0 && d == 1 && s >= 2 {
            hole = s;
        }
    });
    hole
}

/// An entry of a product's by-mode tiler, as the macro passes a named one
/// (`logical_product(#a, (#s, 2))`): a tile ([`ProductTile`]: a typed
/// layout or an extent), as its layout, or a tuple of entries (a shape
/// nesting as the mode it multiplies, CuTe's `make_tile(make_shape(3, 1),
/// 2)`: by-mode again, [`TileTimes`](super::TileTimes)), entry by entry.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an entry of a typed product's tiler: an entry is a typed `Layout` with `usize` offsets, an extent (`C<N>`, `usize`), or a tuple of entries (a shape, multiplying the mode's sub-modes one by one)"
)]
pub trait ProductEntry: Copy {
    /// The entry as the product takes it.
    type Entry;
    /// The entry as the product takes it.
    fn entry(self) -> Self::Entry;
}

#[diagnostic::do_not_recommend]
impl<T: ProductTile> ProductEntry for T {
    type Entry = Layout<T::Shape, T::Stride>;
    #[inline(always)]
    fn entry(self) -> Self::Entry {
        self.tile()
    }
}

macro_rules! tuple_entries {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($T: ProductEntry),*> ProductEntry for ($($T,)*) {
            type Entry = ($($T::Entry,)*);
            #[inline(always)]
            fn entry(self) -> Self::Entry {
                ($(self.$i.entry(),)*)
            }
        }
    };
}

for_each_rank!(tuple_entries);
