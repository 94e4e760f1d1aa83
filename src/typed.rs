//! Typed layouts: what `layout!` gives, as a type you can name.
//!
//! A typed [`Layout<S, D>`](Layout) pairs a shape tree `S` with a stride
//! tree `D` nested alike. A tree is a leaf or a Rust tuple of trees (up to
//! 12 modes per level); a leaf is a static integer [`C<N>`](C) (CuTe's
//! `Int<N>`: zero-sized, its value in the type) or a dynamic `usize`.
//!
//! | `layout!` input | its type |
//! |---|---|
//! | `(4,8):(8,1)` (static: `usize` literals in the value) | `Layout<(usize, usize), (usize, usize)>` |
//! | `type (4,8):(8,1)` (static: numbers in the type) | `Layout<(C<4>, C<8>), (C<8>, C<1>)>` |
//! | `(m,4):(1,m)` with `m: usize` | `Layout<(usize, C<4>), (C<1>, usize)>` |
//! | a negative static stride, `(2,3):(-1,1)` | `Layout<(usize, usize), (C<-1>, usize), isize>` |
//!
//! [`layout_type!`](crate::layout_type) writes that type for you, from the
//! same notation. Generic code takes any typed layout with the
//! [`TypedLayout`] bound.
//!
//! ```
//! use layout_dsl::{layout, layout_type};
//! use layout_dsl::typed::{C, Layout, TypedLayout};
//!
//! struct Tile {
//!     rows: layout_type!((4,8):(8,1)),
//!     fixed: layout_type!(type (4,8):(8,1)),
//!     cols: Layout<(usize, C<4>), (C<1>, usize)>,
//! }
//!
//! fn offset_of_last<L: TypedLayout>(l: L) -> L::Offset {
//!     l.at(l.size() - 1)
//! }
//!
//! let m = 6;
//! let t = Tile { rows: layout!((4,8):(8,1)), fixed: layout!(type (4,8):(8,1)), cols: layout!((m,4):(1,m)) };
//! assert_eq!(offset_of_last(t.rows), 31);
//! assert_eq!(offset_of_last(t.fixed), 31);
//! assert_eq!(offset_of_last(t.cols), 5 + 3 * 6);
//! // A static sub-mode stays static:
//! let second: Layout<C<4>, usize> = t.cols.mode::<1>();
//! assert_eq!(second.to_string(), "4:6");
//! ```
//!
//! # Mode access and editing
//!
//! CuTe's `get<I>`, `size<I>`, `shape<I>`, `stride<I>`, `rank<I>`,
//! `depth<I>` and `cosize<I>` are [`Layout::get`], [`Layout::mode_size`],
//! `mode_shape`, `mode_stride`, `mode_rank`, `mode_depth` and
//! `mode_cosize`; `take<B,E>`, `select<I…>`, `group<B,E>`, `append`,
//! `prepend`, `replace<I>` and `flatten` are methods returning typed
//! layouts, their nesting computed while compiling and every leaf moved
//! as it is (a static one stays static). A wrong mode index is a compile
//! error.
//!
//! ```
//! use layout_dsl::layout;
//! use layout_dsl::typed::{C, Ix, Layout};
//! let k = 6;
//! let l = layout!((2,(3,k),4):(1,(2,6),36));
//! let inner: Layout<(C<3>, usize), (C<2>, C<6>)> = l.get::<1>();
//! assert_eq!(l.take::<1, 3>().to_string(), "((3,6),4):((2,6),36)");
//! assert_eq!(l.select::<(Ix<2>, Ix<0>)>().to_string(), "(4,2):(36,1)");
//! assert_eq!(l.flatten().to_string(), "(2,3,6,4):(1,2,6,36)");
//! assert_eq!(l.group::<0, 2>().append(layout!(type 2:0)).to_string(),
//!            "((2,(3,6)),4,2):((1,(2,6)),36,0)");
//! assert_eq!(inner.size(), 18);
//! ```
//!
//! # Algebra on dynamic leaves
//!
//! After `type`, `layout!` types `logical_divide`, `zipped_divide`,
//! `tiled_divide` and `flat_divide` of a written-out layout whose top-level
//! modes are single leaves, by a by-mode tiler of static extents: straight-line code (no parsing, no allocation),
//! the tiles' extents and every static stride staying static, and a `Result`
//! whose error names a run-time value that would not fit ([`AlgebraError`]).
//! A named typed layout (`type logical_divide(#A, <4,8>)`, or zipped), a
//! named tiler of static extents (`logical_divide((m,n):(1,m), #T)` with
//! `T: (C<4>, C<8>)`, `type` or not: it has no core value) and the
//! [`Divide`] methods (`a.logical_divide((C::<4>, C::<8>))`, and
//! `zipped_divide`, `tiled_divide`, `flat_divide`) give the
//! same layouts, keeping the tiles and `A`'s strides' types; the products
//! of static leaves are static there too ([`Prod`], [`CeilQuot`]), and
//! nested layouts (`((2,4),m):((1,2),8)`) divide as the partitions divide
//! them (a tuple mode's tile spread over its leaves, or a tuple of tiles
//! sub-mode by sub-mode).
//! [`Compose`] composes typed values of any nesting
//! (`a.composition(b)`, and `layout!(type composition(#A, #B))` with either
//! side named): each leaf of `b` becomes a mode with one sub-mode per leaf
//! of `a`, the nesting CuTe gives when every leaf is dynamic, each step
//! checked (see its docs for where CuTe's static nesting differs); a mode
//! is static ([`FoldedLeaf`]) where `a` and that leaf of `b` are.
//! CuTe's partitions of tensors over typed layouts, flat or nested
//! (`local_tile`, `local_partition`, `_` slicing, `Step`) are typed too, in
//! [`crate::tensor::typed`]: a static extent divided by a static tile is a
//! [`Quot`], a static stride times a tile a [`Prod`], the part of a tile a
//! static leaf of a nested mode takes a [`Min`], all constants in their
//! types.
//!
//! `type` also types `composition(A, B)` of two written-out layouts,
//! `coalesce(A)`, `complement(A, M)` (static strides),
//! the products (`logical_product`, `zipped_product`, `tiled_product`,
//! `flat_product`, `blocked_product`, `raked_product`) of a layout with
//! static strides by a static one (all but `blocked_product` and
//! `raked_product` also by a by-mode tiler), the constructors `make_ordered_layout`, `make_layout_like`,
//! `make_fragment_like`, `tile_to_shape` and `filter_zeros`: CuTe's
//! algorithm on those types, each
//! divisibility CuTe assumes of a dynamic value checked at run time, so a
//! value that breaks one is an [`AlgebraError`] naming it, never a layout
//! that differs from the core's.
//! On typed values (a variable, a parameter, `#A` in `layout!(type f(#A,
//! …))`), [`Complement`], [`Coalesce`], [`FilterZeros`], [`MakeLike`] and
//! [`make_ordered_layout`] give typed layouts whose nesting follows the
//! input's nesting only (stable Rust cannot choose a type from a number):
//! a complement of `R` leaves has `R + 1` flat modes in the order of the
//! strides, `coalesce` flattens and merges nothing, the constructors keep
//! the shape and give `usize` strides; each refuses exactly where the core
//! refuses, with an [`AlgebraError`].
//!
//! ```
//! use layout_dsl::layout;
//! use layout_dsl::typed::{C, Complement, Layout};
//! fn holes<L: Complement<usize>>(a: &L, m: usize) -> L::Out {
//!     a.complement(m).unwrap()
//! }
//! let k = 8;
//! let a = layout!((k,4):(4,1)); // 4 consecutive rows of k, row stride 4
//! let c: Layout<(usize, usize, usize), (C<1>, usize, usize)> = holes(&a, 64);
//! assert_eq!(c.to_string(), "(1,1,2):(1,4,32)");
//! assert_eq!(layout!(type complement(#a, 64)).unwrap(), c);
//! ```
//!
//! The products of typed values, [`Product`] (`logical_product`,
//! `zipped_product`, `tiled_product`, `flat_product` by a layout, an
//! extent or a by-mode tiler), [`RankedProduct`] (`blocked_product`,
//! `raked_product`) and [`TileToShape`], are CuTe's definition over those
//! traits (`(A, complement(A, size(A)·cosize(B)) ∘ B)`, CuTe's rounded
//! hole taken where it is exact), `A` keeping its nesting and leaf types,
//! the copies in `B`'s nesting with one `usize` sub-mode per hole;
//! `layout!(type logical_product(#A, B))` and the others with a named
//! operand call them, and so does a written-out `A` with a dynamic stride
//! (`layout!(type logical_product((m,n):(s,t), 2:1))`).
//!
//! ```
//! use layout_dsl::layout;
//! use layout_dsl::typed::{C, Product, RankedProduct};
//! let (m, n) = (4, 3);
//! let a = layout!(type (m,2):(1,8));
//! let p = a.tiled_product((C::<2>, n)).unwrap();
//! assert_eq!(p.size(), 8 * 2 * 3);
//! assert_eq!(layout!(type tiled_product(#a, <2,n>)), Ok(p));
//! let grid = layout!((m,n):(1,m));
//! let b = layout!(type (4,8):(8,1)).blocked_product(grid).unwrap();
//! assert_eq!(b.crd2idx(((3, 1), (7, 2))), 3 * 8 + 32 + 7 + 2 * 128);
//! ```
//!
//! Other algebra on dynamic leaves still runs the core at run time
//! (ARCHITECTURE.md, "Typed algebra on dynamic leaves: the plan").
//!
//! ```
//! use layout_dsl::layout;
//! use layout_dsl::typed::AlgebraError;
//! let (m, n) = (64, 32);
//! // (m,n):(1,m) ∘ (4,n/2):(1,2m): every fourth column's first four rows.
//! let l = layout!(type composition((m,n):(1,m), (4,{n / 2}):(1,{2 * m}))).unwrap();
//! assert_eq!(l.crd2idx((3, 1)), 3 + 2 * 64);
//! // A mode of 3 rows cannot hold the 4 consecutive elements CuTe's
//! // nesting gives it: refused, with the values.
//! let m = 3;
//! let e = layout!(type composition((m,n):(1,m), (4,{n / 2}):(1,{2 * m}))).unwrap_err();
//! assert!(matches!(e, AlgebraError::ShapeNotDivisible { shape: 4, part: 3, .. }));
//! // CuTe's shared-memory idiom: an (8,8) atom tiled over (m,64).
//! let m = 128;
//! let s: layout_dsl::layout_type!(type tile_to_shape((8,8):(8,1), (m,64))) =
//!     layout!(type tile_to_shape((8,8):(8,1), (m,64))).unwrap();
//! assert_eq!(s.to_string(), "((8,16),(8,8)):((8,64),(1,1024))");
//! ```
//!
//! ```
//! use layout_dsl::layout;
//! use layout_dsl::typed::{C, Layout};
//! let (m, n) = (10, 20);
//! let tiles = layout!(type zipped_divide((m,n):(1,m), <4,8>)).unwrap();
//! assert_eq!(tiles.to_string(), "((4,8),(3,3)):((1,10),(4,80))");
//! // Mode 0 is one tile, all static but the column stride:
//! let tile: Layout<(C<4>, C<8>), (C<1>, usize)> = tiles.mode::<0>();
//! // Tile (2,1) starts at the offset of coordinate (0, (2,1)):
//! assert_eq!(tiles.crd2idx((0, (2, 1))), 2 * 4 + 80);
//! assert_eq!(tile.crd2idx((3, 7)), 3 + 70);
//! // `layout_type!` names the layout inside the `Result`:
//! let named: layout_dsl::layout_type!(type zipped_divide((m,n):(1,m), <4,8>)) = tiles;
//! ```
//!
//! # Scaled-basis strides (identity layouts)
//!
//! CuTe's `make_identity_layout(shape)` has the strides `1@0`, `1@1`, …
//! (CuTe's `E<0>`, `E<1>`): each index maps to its coordinate. A static
//! layout with such strides, written out or an algebra result, folds to a
//! [`BasisLayout`] whose `crd2idx` gives that coordinate, a tuple of `isize`
//! ([`Coordinate`]) with every basis path's entry; a static `slice` of it to
//! `(layout, starting coordinate)`, CuTe's `slice_and_offset`. With dynamic
//! leaves it is the core's value at run time (a `Result`).
//!
//! ```
//! use layout_dsl::{layout, layout_type};
//!
//! let id: layout_type!(make_identity_layout(((2,3),4))) = layout!(make_identity_layout(((2,3),4)));
//! assert_eq!(id.to_string(), "((2,3),4):((1@0@0,1@1@0),1@1)");
//! assert_eq!(id.crd2idx(23), ((1, 2), 3));
//! // The 4x4 tile of the (4,8) identity at column stride 2: a coordinate per index.
//! let tile = layout!(composition(make_identity_layout((4,8)), (4,4):(1,8)));
//! assert_eq!(tile.to_string(), "(4,4):(1@0,2@1)");
//! assert_eq!(tile.crd2idx((3, 1)), (3, 2));
//! let m = 6;
//! let run_time = layout!(make_identity_layout((m,8))).unwrap();
//! assert_eq!(run_time.to_string(), "(6,8):(1@0,1@1)");
//! ```
//!
//! # Named layouts in `layout!`
//!
//! `#NAME` is a typed layout in scope (a `const`, `static` or `let`) used
//! as a whole layout inside another invocation. The `#` keeps it apart from
//! a dynamic integer leaf (a bare `NAME`). Where the invocation is one of
//! the layout's methods (`crd2idx(coord, #NAME)`, `size(#NAME)`,
//! `cosize(#NAME)`, `rank(#NAME)`, `depth(#NAME)`, or `#NAME` alone) it
//! expands to that method call: a `const` layout's numbers are constants
//! (after `type`, in its type), so an optimised build folds it. As an
//! argument of an algebra function it takes the run-time core path, as
//! dynamic leaves do (a `Result`). Inside a shape, stride, coordinate or
//! tuple, or in a function that writes out its result while compiling
//! (`table`), it is a compile error at `#NAME` (a tuple holding a named
//! shape is built in Rust, `let t = (s, C::<4>);`, and named whole, `#t`),
//! but for a mode of the shape of `size`, `rank`, `depth`
//! (`size((#s, 4))`), of the tiler of static tiles of a divide or of
//! `local_tile`/`inner_partition`/`outer_partition`
//! (`logical_divide(#A, (#t, 2))`), an entry of a product's by-mode tiler
//! (`logical_product(#A, (#t, 2))`), the shape of `make_layout` and
//! `make_ordered_layout` (`make_layout((#s, 4))`, a typed layout) and a
//! shape argument evaluated at run time (`make_identity_layout((2, #s))`),
//! which nest as CuTe's `make_shape`.
//! A named shape answers `size`, `rank` and `depth`; `cosize` is a
//! layout's only (as in CuTe), so `cosize(#s)` of a shape is an error at
//! `#s`. After `type` these queries give CuTe's static answer (`Int<N>`)
//! as a zero-sized leaf ([`StaticInt::VALUE`] is the number): `size` of a
//! static shape ([`SizeOf`]), `rank` and `depth` of any ([`ShapeRank`],
//! [`ShapeDepth`]), `cosize` of a static layout ([`CosizeOf`]) and
//! `crd2idx` of a static coordinate in one ([`Crd2idxOf`]); a run-time
//! leaf the answer reads is one compile error at the name.
//!
//! ```
//! use layout_dsl::{layout, layout_type, typed::StaticInt};
//! const ROWS: layout_type!((4,8):(8,1)) = layout!((4,8):(8,1));
//! const I: usize = 2;
//! let j = 3;
//! assert_eq!(layout!(crd2idx((I,j), #ROWS)), 19);
//! assert_eq!(layout!(size(#ROWS)), 32);
//! let divided = layout!(logical_divide(#ROWS, <2,4>)).unwrap();
//! assert_eq!(divided.to_string(), "((2,2),(4,2)):((8,16),(1,4))");
//!
//! fn value<T: StaticInt>(_: T) -> i64 {
//!     T::VALUE
//! }
//! let tile = layout!(type ((2,4),8):((1,2),16));
//! let n = 5;
//! let rows = layout!((n,(4,2)):(1,(n,32)));
//! assert_eq!(value(layout!(type cosize(#tile))), 120);
//! assert_eq!(value(layout!(type crd2idx((3,2), #tile))), 35);
//! assert_eq!(value(layout!(type depth(#rows))), 2); // run-time leaves, static depth
//! ```

pub mod checks;

pub use crate::__private::{
    AlgebraError, Append, Appended, AsModes, BasisLayout, C, CeilQuot, Coalesce, CoalescedLeaf,
    Complement, ComplementLeaf, Compose, ComposeWalk, Composed, Concat, Coordinate, CosizeOf,
    Crd2idxOf, Divide, Downcast, FilterZeros, Flatten, FoldedLeaf, FragmentStrides, FromSize, Get,
    Group, Grouped, IfNonZero, Int, IsLayout, IsTree, Ix, Layout, LayoutLeft, LayoutRight, Leaves,
    ListSize, MakeLayoutKinds, MakeLike, Min, Mode, NestingError, Offset, OrderOf, Over,
    PrefixTilerFits, Prepend, Prepended, Prod, Product, ProductTile, Quot, RankedProduct, Recast,
    RecastExtent, RecastStride, RecastTree, Replace, Replaced, RestStride, Select, Shape,
    ShapeDepth, ShapeRank, SizeOf, StaticInt, StaticLayout, StaticStrides, StaticTree,
    StepTilerFits, Swizzle, Take, Taken, TargetShape, TileStride, TileToShape, TilerFits, Times,
    Tree, TypedCoord, TypedLayout, TypedSwizzle, UnitTile, UnitZero, Upcast, make_ordered_layout,
    tilers,
};
