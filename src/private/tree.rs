//! Shape and stride trees: a leaf ([`Int`]) or a Rust tuple of trees, up to
//! [`MAX_RANK`] elements per level. A layout pairs a shape tree with a
//! stride tree of the same nesting (the macro checked that with the core).

use alloc::vec::Vec;
use core::fmt;

use layout_core::{Error, IntTuple};

use super::fits::StaticFit;
use super::int::{Int, leaf_to_core};
use super::static_int::StaticInt;
use super::text::{Node, describe, write_tree};
use super::walk::{Form, Leaf, divmod};

/// How many `{rank; …}` entries `__ranks!` gives.
macro_rules! count_ranks {
    ($($entry:tt)*) => {
        [$(stringify!($entry)),*].len()
    };
}

/// The widest tuple a typed layout may have at any level (the macro
/// crate's constant: the number of ranks `for_each_rank!` lists, less one).
pub const MAX_RANK: usize = ::layout_macros::__ranks!(count_ranks) - 1;

/// A shape or a stride of a typed layout: a leaf (`C<N>` or `usize`) or a
/// tuple of trees, printable in the notation, convertible to and from the core.
pub trait Tree: Copy {
    /// The tree's nesting as a type and its numbers when every leaf is
    /// static (a dynamic leaf reads 0), for `crd2idx` (walk.rs).
    #[doc(hidden)]
    type Form: Form;
    #[doc(hidden)]
    const DESC: <Self::Form as Form>::Desc;
    /// Whether every leaf is static.
    const STATIC: bool;
    /// The numbers, static or not, as `DESC` holds them (walk.rs).
    #[doc(hidden)]
    fn desc(&self) -> <Self::Form as Form>::Desc;
    /// The nesting, static numbers and dynamic leaves' places of the
    /// type, which one function compiled in this crate formats (text.rs).
    #[doc(hidden)]
    const NODE: Node;
    /// Seals the trait: text.rs reads a `usize` where a tree's `NODE` says
    /// one lies, so only this crate's leaves and tuples may be trees. An
    /// impl must write this method, and only this crate can name its
    /// argument's type. (A method rather than a sealed supertrait, so that
    /// rustc's messages for a type that is not a tree stay as they are.)
    #[doc(hidden)]
    fn sealed(_: seal::Seal);
    /// The tree in the notation: `(4,8)`.
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tree(describe!(*self, Self), f)
    }
    /// The same tree in the core (a `usize` above `i64::MAX` has none).
    fn to_core(&self) -> Result<IntTuple, Error>;
    /// The tree for a core integer tuple of the same nesting whose leaves
    /// fit (a static leaf must be equal), else `None`.
    fn from_core(t: &IntTuple) -> Option<Self>;
    /// The nesting of the type: static leaves by value, dynamic ones `_`.
    fn write_form(f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

mod seal {
    /// What `Tree::sealed` takes: nameable only in this module's parent.
    pub struct Seal;
}

/// A shape: extents, without strides.
pub trait Shape: Tree {
    /// The natural coordinate: `usize` for a leaf, a tuple of the modes' coordinates.
    type Coord: Copy;
    /// The number of top-level modes (1 for a single extent).
    const RANK: usize;
    /// The nesting depth (0 for a single extent).
    const DEPTH: usize;
    /// The size when every extent is static, so that splitting an index
    /// over an empty mode is refused at compile time rather than dividing
    /// by zero at run time.
    const STATIC_SIZE: Option<usize>;
    /// Whether one integer can be split over this shape: no static mode but
    /// the last of each tuple is empty (`Layout::at` asserts it).
    const SPLITTABLE: bool;
    /// The number of coordinates: the product of the extents.
    fn size(&self) -> usize;
    /// `idx2crd(index, shape)` as in the core: an integer shape returns the
    /// index unchanged, a tuple shape takes the index apart leaf by leaf.
    fn idx2crd(&self, index: usize) -> Self::Coord;
    /// Inside a tuple shape, every leaf takes `rest % extent` and leaves
    /// `rest / extent` to the leaves after it.
    #[doc(hidden)]
    fn split(&self, rest: &mut usize) -> Self::Coord;
}

/// A shape paired with its stride tree `D`.
pub trait Mode<D: Tree>: Shape {
    /// The stride tree's numbers, typed by the shape's form (walk.rs).
    #[doc(hidden)]
    const STRIDES: <Self::Form as Form>::Desc;
    /// What `Layout::at` reads of the types, in one constant per node
    /// (each node's from its children's alone): compiling a static
    /// layout's `at` evaluates one `const` per node here, where it read
    /// five of each (`DESC`, `STRIDES`, `STATIC` of both trees,
    /// `SPLITTABLE` through `STATIC_SIZE`), each a query of its own over
    /// the node's long type (BENCHMARKS.md, "Compile cost of static
    /// products: the regrouping in one step").
    #[doc(hidden)]
    const SPLIT: Split<<Self::Form as Form>::Desc>;
    /// What the core's `i64` rule reads of the layout where every leaf is
    /// static (fits.rs, [`StaticFit`]): the facade's check reads its
    /// verdict from the type (fits_value.rs, `FitsCore::ALWAYS_FITS`)
    /// rather than walking `Tree::NODE` while compiling.
    #[doc(hidden)]
    const FIT: StaticFit;
    /// The same, static or not.
    #[doc(hidden)]
    fn strides(stride: &D) -> <Self::Form as Form>::Desc;
}

/// A layout's numbers as `Layout::at` reads them ([`Mode::SPLIT`]).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Split<T> {
    /// The shape's numbers (`Tree::DESC`: a dynamic leaf reads 0).
    pub shape: T,
    /// The stride's numbers (`Mode::STRIDES`).
    pub stride: T,
    /// Whether every leaf of both trees is static (`Tree::STATIC` of both).
    pub all_static: bool,
    /// The size when every extent is static (`Shape::STATIC_SIZE`).
    pub size: Option<usize>,
    /// Whether one integer can be split over the shape (`Shape::SPLITTABLE`).
    pub splittable: bool,
}

/// Splitting an index over an empty mode has no answer in the core (it
/// reports `ZeroSizeMode`; CuTe divides by zero): the typed shell refuses a
/// static one while compiling, with this message. A dynamic one takes the
/// whole index (walk.rs, `divmod`).
pub(super) const EMPTY_MODE: &str =
    "layout!: cannot split an integer coordinate over a mode of size 0";

const fn mul_static(a: Option<usize>, b: Option<usize>) -> Option<usize> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.wrapping_mul(b)),
        _ => None,
    }
}

macro_rules! leaf {
    ([$($generics:tt)*]; $ty:ty; $static_size:expr; $desc:expr; $node:expr; $value:expr) => {
        impl<$($generics)*> Tree for $ty {
            type Form = Leaf;
            const DESC: usize = $desc;
            const STATIC: bool = Self::STATIC_SIZE.is_some();
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn desc(&self) -> usize {
                self.get()
            }
            const NODE: Node = $node;
            fn sealed(_: seal::Seal) {}
            fn to_core(&self) -> Result<IntTuple, Error> {
                leaf_to_core(*self)
            }
            fn from_core(t: &IntTuple) -> Option<Self> {
                match t {
                    IntTuple::Int(n) => Int::from_i64(*n),
                    IntTuple::Tuple(_) => None,
                }
            }
            fn write_form(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                <Self as Int>::write_form(f)
            }
        }

        impl<$($generics)*> Shape for $ty {
            type Coord = usize;
            const RANK: usize = 1;
            const DEPTH: usize = 0;
            const STATIC_SIZE: Option<usize> = $static_size;
            const SPLITTABLE: bool = true;
            #[inline]
            fn size(&self) -> usize {
                self.get()
            }
            #[inline]
            fn idx2crd(&self, index: usize) -> usize {
                index
            }
            #[inline]
            fn split(&self, rest: &mut usize) -> usize {
                const { assert!(!matches!(Self::STATIC_SIZE, Some(0)), "{}", EMPTY_MODE) };
                let (coord, next) = divmod(*rest, self.get());
                *rest = next;
                coord
            }
        }

        impl<D: Int + Tree<Form = Leaf>, $($generics)*> Mode<D> for $ty {
            const STRIDES: usize = D::DESC;
            // The stride's numbers from `Int::STATIC` (one query), as
            // `D::DESC` and `D::STATIC` give them.
            const SPLIT: Split<usize> = {
                let size: Option<usize> = $static_size;
                Split {
                    shape: $desc,
                    stride: match <D as Int>::STATIC {
                        Some(stride) => stride as usize,
                        None => 0,
                    },
                    all_static: size.is_some() && <D as Int>::STATIC.is_some(),
                    size,
                    splittable: true,
                }
            };
            const FIT: StaticFit = StaticFit::leaf($value, <D as Int>::STATIC);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn strides(stride: &D) -> usize {
                stride.get()
            }
        }
    };
}

// `Node::Dynamic` says "a `usize` lies here" to text.rs, which reads it:
// only the `usize` leaf may give it. Every static leaf (`C<N>` and the
// folded ones, `Quot`, `Prod`, `Min`, `CeilQuot`, `IfNonZero`,
// `ComplementLeaf`, or any other `StaticInt`) is a tree by one impl, its
// value read from the type, so an algebra result is a tree again.
leaf!([T: StaticInt]; T; Some(T::VALUE as usize); T::VALUE as usize; Node::Static(T::VALUE); Some(T::VALUE));
leaf!([]; usize; None; 0; Node::Dynamic; None);

const fn max(a: usize, b: usize) -> usize {
    if a > b { a } else { b }
}

macro_rules! tuple {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: Tree),*> Tree for ($($S,)*) {
            type Form = ($($S::Form,)*);
            const DESC: <Self::Form as Form>::Desc = ($($S::DESC,)*);
            const STATIC: bool = true $(&& $S::STATIC)*;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(clippy::unused_unit)]
            fn desc(&self) -> <Self::Form as Form>::Desc {
                ($(self.$i.desc(),)*)
            }
            const NODE: Node = Node::Tuple(&[$((core::mem::offset_of!(Self, $i), $S::NODE),)*]);
            fn sealed(_: seal::Seal) {}
            fn to_core(&self) -> Result<IntTuple, Error> {
                let modes: Vec<IntTuple> = Vec::from([$(self.$i.to_core()?),*]);
                Ok(IntTuple::Tuple(modes))
            }
            fn from_core(t: &IntTuple) -> Option<Self> {
                match t {
                    IntTuple::Tuple(modes) if modes.len() == $rank => {
                        Some(($($S::from_core(&modes[$i])?,)*))
                    }
                    _ => None,
                }
            }
            fn write_form(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("(")?;
                $(
                    if $i > 0 {
                        f.write_str(",")?;
                    }
                    $S::write_form(f)?;
                )*
                f.write_str(")")
            }
        }

        impl<$($S: Shape),*> Shape for ($($S,)*) {
            type Coord = ($($S::Coord,)*);
            const RANK: usize = $rank;
            const DEPTH: usize = 1 + {
                let depth = 0;
                $(let depth = max(depth, $S::DEPTH);)*
                depth
            };
            const STATIC_SIZE: Option<usize> = {
                let size = Some(1);
                $(let size = mul_static(size, $S::STATIC_SIZE);)*
                size
            };
            const SPLITTABLE: bool = true $(
                && ($i + 1 == $rank || !matches!($S::STATIC_SIZE, Some(0)))
                && $S::SPLITTABLE
            )*;
            #[inline]
            fn size(&self) -> usize {
                1usize $(.wrapping_mul(self.$i.size()))*
            }
            #[inline]
            fn idx2crd(&self, index: usize) -> Self::Coord {
                let mut rest = index;
                self.split(&mut rest)
            }
            #[inline]
            #[allow(unused_variables, clippy::unused_unit)]
            fn split(&self, rest: &mut usize) -> Self::Coord {
                ($(self.$i.split(rest),)*)
            }
        }

        impl<$($S: Mode<$D>, $D: Tree),*> Mode<($($D,)*)> for ($($S,)*) {
            const STRIDES: <Self::Form as Form>::Desc = ($($S::STRIDES,)*);
            const SPLIT: Split<<Self::Form as Form>::Desc> = Split {
                shape: ($($S::SPLIT.shape,)*),
                stride: ($($S::SPLIT.stride,)*),
                all_static: true $(&& $S::SPLIT.all_static)*,
                size: {
                    let size = Some(1);
                    $(let size = mul_static(size, $S::SPLIT.size);)*
                    size
                },
                splittable: true $(
                    && ($i + 1 == $rank || !matches!($S::SPLIT.size, Some(0)))
                    && $S::SPLIT.splittable
                )*,
            };
            const FIT: StaticFit = StaticFit::EMPTY $(.then($S::FIT))*;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables, clippy::unused_unit)]
            fn strides(stride: &($($D,)*)) -> <Self::Form as Form>::Desc {
                ($($S::strides(&stride.$i),)*)
            }
        }
    };
}

for_each_rank!(tuple);
