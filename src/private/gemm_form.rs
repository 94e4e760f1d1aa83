//! The operands of the typed `gemm` (`crate::tensor::typed::gemm`): a
//! typed layout of rank 1, 2 or 3 whose modes may be nested
//! ([`GemmOperand`], each mode a [`GemmMode`]), and three layouts whose
//! ranks ([`ModeCount`], a type: [`Rank`]) are one of CuTe's five forms
//! ([`Gemm`], [`GemmForm`]), so that other ranks are a compile error at A.

use super::int::{C, Int, Offset};
use super::layout::Layout;
use super::poisoned::{Poisoned, Unknown};
use super::tree::{Mode, Shape, Tree};
use super::walk::Form;

/// The rank of a `gemm` operand, as a type (for [`GemmForm`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rank<const N: usize>;

/// One top-level mode of a `gemm` operand (`Self` its shape, `D` its
/// stride): one extent, or a nested mode, which `gemm` walks by its 1-D
/// coordinate (CuTe's `A(m,k)` with an integer `m` for a nested M).
pub trait GemmMode<D> {
    /// Whether the mode is one extent (the strided kernel's case).
    const LEAF: bool;
    /// The number of coordinates of the mode.
    fn extent(&self) -> usize;
    /// A leaf's stride (two's complement when negative); 0 for a nested
    /// mode, whose offsets [`GemmMode::offset`] gives.
    fn leaf_stride(stride: &D) -> usize;
    /// The offset of 1-D coordinate `index` of the mode (wrapping).
    fn offset(&self, stride: &D, index: usize) -> usize;
    /// `(extent, stride)` of the one leaf the mode coalesces to, as CuTe's
    /// `coalesce` (leaves of extent 1 skipped, each other leaf's stride
    /// the product of the previous one's stride and the extent before it),
    /// when it does: its offsets are then `index·stride`, the strided
    /// kernel's. `None` when the mode is not one progression.
    fn progression(&self, stride: &D) -> Option<(usize, usize)>;
    /// `f(extent, stride)` of each of the mode's leaves, in order (the
    /// first varies fastest in [`GemmMode::offset`]'s 1-D coordinate).
    fn leaves<F: FnMut(usize, usize)>(&self, stride: &D, f: &mut F);
}

impl<S: Int, D: Int> GemmMode<D> for S {
    const LEAF: bool = true;
    #[inline(always)]
    fn extent(&self) -> usize {
        self.get()
    }
    #[inline(always)]
    fn leaf_stride(stride: &D) -> usize {
        stride.get()
    }
    #[inline(always)]
    fn offset(&self, stride: &D, index: usize) -> usize {
        index.wrapping_mul(stride.get())
    }
    #[inline(always)]
    fn progression(&self, stride: &D) -> Option<(usize, usize)> {
        Some((self.get(), stride.get()))
    }
    #[inline(always)]
    fn leaves<F: FnMut(usize, usize)>(&self, stride: &D, f: &mut F) {
        f(self.get(), stride.get());
    }
}

/// [`GemmMode::progression`] of a nested mode's leaves, in order. Strides
/// multiply wrapping (two's complement): offsets are taken modulo 2⁶⁴, so
/// the collapsed leaf gives every index the offset the leaves give it.
#[inline]
fn progression<F: Form>(shape: &F::Desc, stride: &F::Desc) -> Option<(usize, usize)> {
    // (extent so far, stride of the run); extent 1: no leaf taken yet.
    let mut run = Some((1usize, 0usize));
    F::leaves(shape, stride, &mut |e, d| {
        run = match run {
            Some(_) if e == 1 => run,
            Some((1, _)) => Some((e, d)),
            Some((extent, step)) if d == step.wrapping_mul(extent) => {
                Some((extent.wrapping_mul(e), step))
            }
            _ => None,
        };
    });
    run
}

macro_rules! nested_mode {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S, $D),*> GemmMode<($($D,)*)> for ($($S,)*)
        where
            ($($S,)*): Mode<($($D,)*)>,
            ($($D,)*): Tree,
        {
            const LEAF: bool = false;
            #[inline(always)]
            fn extent(&self) -> usize {
                Shape::size(self)
            }
            #[inline(always)]
            fn leaf_stride(_: &($($D,)*)) -> usize {
                0
            }
            // CuTe's colexicographic split of the 1-D coordinate over the
            // mode's leaves (walk.rs); static numbers are constants.
            #[inline(always)]
            fn offset(&self, stride: &($($D,)*), index: usize) -> usize {
                if const { <Self as Tree>::STATIC && <($($D,)*) as Tree>::STATIC } {
                    <<Self as Tree>::Form as Form>::split(&Self::DESC, &Self::STRIDES, index)
                } else {
                    <<Self as Tree>::Form as Form>::split(&self.desc(), &Self::strides(stride), index)
                }
            }
            #[inline(always)]
            fn progression(&self, stride: &($($D,)*)) -> Option<(usize, usize)> {
                if const { <Self as Tree>::STATIC && <($($D,)*) as Tree>::STATIC } {
                    progression::<<Self as Tree>::Form>(&Self::DESC, &Self::STRIDES)
                } else {
                    progression::<<Self as Tree>::Form>(&self.desc(), &Self::strides(stride))
                }
            }
            #[inline(always)]
            fn leaves<F: FnMut(usize, usize)>(&self, stride: &($($D,)*), f: &mut F) {
                if const { <Self as Tree>::STATIC && <($($D,)*) as Tree>::STATIC } {
                    <<Self as Tree>::Form as Form>::leaves(&Self::DESC, &Self::STRIDES, f)
                } else {
                    <<Self as Tree>::Form as Form>::leaves(&self.desc(), &Self::strides(stride), f)
                }
            }
        }
    };
}
for_each_rank!(nested_mode);

/// A typed layout of rank 1, 2 or 3, an operand of `gemm`; its modes may
/// be nested.
#[diagnostic::on_unimplemented(
    message = "`gemm` takes tensors of typed layouts of rank 1, 2 or 3; this one's layout is `{Self}`"
)]
pub trait GemmOperand {
    /// Whether every top-level mode is one extent: then [`GemmOperand::modes`]
    /// gives each mode's stride and `gemm` runs the strided kernel.
    const FLAT: bool;
    /// `(extent, stride)` of each mode, `(1, 0)` past the rank (strides
    /// as two's complement for a signed layout; a nested mode's reads 0).
    fn modes(&self) -> [(usize, usize); 3];
    /// The offset of 1-D coordinate `index` of top-level mode `mode`
    /// (wrapping; 0 past the rank).
    fn offset(&self, mode: usize, index: usize) -> usize;
    /// [`GemmOperand::modes`] with each nested mode as the leaf it
    /// coalesces to ([`GemmMode::progression`]), or `None` when one does
    /// not: then `gemm` may run the strided kernel on a nested operand.
    fn progressions(&self) -> Option<[(usize, usize); 3]>;
    /// `f(extent, stride)` of each leaf of top-level mode `mode`, in order
    /// (none past the rank).
    fn leaves<F: FnMut(usize, usize)>(&self, mode: usize, f: &mut F);
}

#[diagnostic::do_not_recommend]
impl<S, D, I> GemmOperand for Layout<S, D, I>
where
    S: Int + Mode<D>,
    D: Int + Tree,
    I: Offset,
{
    const FLAT: bool = true;
    #[inline(always)]
    fn modes(&self) -> [(usize, usize); 3] {
        [(self.shape().get(), self.stride().get()), (1, 0), (1, 0)]
    }
    #[inline(always)]
    fn offset(&self, mode: usize, index: usize) -> usize {
        match mode {
            0 => <S as GemmMode<D>>::offset(&self.shape(), &self.stride(), index),
            _ => 0,
        }
    }
    #[inline(always)]
    fn progressions(&self) -> Option<[(usize, usize); 3]> {
        Some(self.modes())
    }
    #[inline(always)]
    fn leaves<F: FnMut(usize, usize)>(&self, mode: usize, f: &mut F) {
        if mode == 0 {
            <S as GemmMode<D>>::leaves(&self.shape(), &self.stride(), f);
        }
    }
}

macro_rules! tuple_operand {
    ($(($i:tt $S:ident $D:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($S, $D,)* I> GemmOperand for Layout<($($S,)*), ($($D,)*), I>
        where
            ($($S,)*): Mode<($($D,)*)>,
            $($S: GemmMode<$D>, $D: Tree,)*
            I: Offset,
        {
            const FLAT: bool = true $(&& <$S as GemmMode<$D>>::LEAF)*;
            #[inline(always)]
            fn modes(&self) -> [(usize, usize); 3] {
                let (s, d) = (self.shape(), self.stride());
                let mut modes = [(1, 0); 3];
                $(modes[$i] = (
                    <$S as GemmMode<$D>>::extent(&s.$i),
                    <$S as GemmMode<$D>>::leaf_stride(&d.$i),
                );)*
                modes
            }
            #[inline(always)]
            fn offset(&self, mode: usize, index: usize) -> usize {
                let (s, d) = (self.shape(), self.stride());
                match mode {
                    $($i => <$S as GemmMode<$D>>::offset(&s.$i, &d.$i, index),)*
                    _ => 0,
                }
            }
            #[inline(always)]
            fn progressions(&self) -> Option<[(usize, usize); 3]> {
                let (s, d) = (self.shape(), self.stride());
                let mut modes = [(1, 0); 3];
                $(modes[$i] = <$S as GemmMode<$D>>::progression(&s.$i, &d.$i)?;)*
                Some(modes)
            }
            #[inline(always)]
            fn leaves<F: FnMut(usize, usize)>(&self, mode: usize, f: &mut F) {
                let (s, d) = (self.shape(), self.stride());
                match mode {
                    $($i => <$S as GemmMode<$D>>::leaves(&s.$i, &d.$i, f),)*
                    _ => {}
                }
            }
        }
    };
}
tuple_operand!((0 S0 D0));
tuple_operand!((0 S0 D0) (1 S1 D1));
tuple_operand!((0 S0 D0) (1 S1 D1) (2 S2 D2));

/// Which mode of an operand plays each of its roles (A: `V, M, K`; B:
/// `V, N, K`; C: `V, M, N`); `None` is a role of extent 1 the form lacks.
pub type Roles = [Option<usize>; 3];

const V: Roles = [Some(0), None, None];
const X: Roles = [None, Some(0), None];
const XY: Roles = [None, Some(0), Some(1)];
const VX: Roles = [Some(0), Some(1), None];
const VXY: Roles = [Some(0), Some(1), Some(2)];

/// The number of top-level modes of a shape, as a type.
pub trait ModeCount {
    /// `Rank<N>`.
    type Rank;
    /// `C<N>`, the rank as `gemm`'s error prints it ([`RankC`]).
    type N;
}

impl<S: Int> ModeCount for S {
    type Rank = Rank<1>;
    type N = C<1>;
}

macro_rules! tuple_rank {
    ($rank:literal; $(($i:tt $S:ident $_d:ident $_c:ident))*) => {
        impl<$($S),*> ModeCount for ($($S,)*) {
            type Rank = Rank<$rank>;
            type N = C<$rank>;
        }

        impl<$($S,)* D, I> RankC for Layout<($($S,)*), D, I> {
            type N = C<$rank>;
        }
    };
}
for_each_rank!(tuple_rank);

/// Typed layouts A (`Self`), B and C whose ranks are one of CuTe's five
/// `gemm` forms (each mode may be nested): A's rank is a [`GemmForms`] of
/// B's and C's, the bound `gemm` itself names (code generic over the
/// operands forwards that one; this trait follows from it).
pub trait Gemm<B, C> {
    /// The roles of A's, B's and C's modes.
    const ROLES: [Roles; 3];
}

impl<A: RankC, B: RankC, C: RankC> Gemm<B, C> for A
where
    A::N: GemmForms<B::N, C::N>,
{
    const ROLES: [Roles; 3] = <A::N as GemmForms<B::N, C::N>>::ROLES;
}

/// The rank of a typed layout's shape, as a type (a failed `layout!`'s
/// is `Unknown`, which goes with any: poisoned_ops.rs).
pub trait RankOf {
    /// `Rank<N>`.
    type Rank;
}

impl<S: ModeCount, D, I> RankOf for Layout<S, D, I> {
    type Rank = S::Rank;
}

/// The rank of a typed layout's shape as a static integer, `C<N>` (a
/// failed `layout!`'s is `Unknown`): what [`GemmForms`] is keyed by, so
/// that its error prints `C<3>` rather than a path to [`Rank`].
pub trait RankC {
    /// `C<N>`.
    type N;
}

// One impl per form of shape (a leaf, a tuple of each rank), not through
// `ModeCount`'s blanket leaf impl: with a tuple of projections for the
// shape (generic code), rustc then normalizes `N` without weighing the
// leaf impl.
impl<D, I, const N: i64> RankC for Layout<C<N>, D, I> {
    type N = C<1>;
}

impl<D, I> RankC for Layout<usize, D, I> {
    type N = C<1>;
}

impl<I, K> RankC for Poisoned<I, K> {
    type N = Unknown;
}

/// A rank `C<N>` back as [`Rank<N>`](Rank), for [`GemmForm`].
pub trait CRank {
    /// `Rank<N>`.
    type Rank;
}

impl CRank for Unknown {
    type Rank = Unknown;
}

macro_rules! c_rank {
    ($($n:literal)*) => {$(
        impl CRank for C<$n> {
            type Rank = Rank<$n>;
        }
    )*};
}
c_rank!(1 2 3);

/// A's rank (`Self`, `C<N>`) with B's and C's: one of CuTe's five `gemm`
/// forms, what `gemm` asks of its operands. Keyed by the ranks, not the
/// layouts, so that rustc's sentence under the message ("the trait
/// `GemmForms<C<2>, C<2>>` is not implemented for `C<3>`") is short
/// enough to be the span's label, not one more `help` line.
#[diagnostic::on_unimplemented(
    message = "`gemm` has no form for A of rank `{Self}`, B of rank `{B}` and C of rank `{C}`: CuTe's forms are (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N) and (V,M,K)x(V,N,K)=>(V,M,N)"
)]
pub trait GemmForms<B, C> {
    /// The roles of A's, B's and C's modes.
    const ROLES: [Roles; 3];
}

// Inside, C's rank is the `Self` of the form: C is the last argument, so
// its type may be unknown while rustc checks the first two, and a bound
// whose `Self` is unknown waits for it, rather than failing with `_` for C.
#[diagnostic::do_not_recommend]
impl<A: CRank, B: CRank, C: CRank> GemmForms<B, C> for A
where
    C::Rank: GemmForm<A::Rank, B::Rank>,
{
    const ROLES: [Roles; 3] = <C::Rank as GemmForm<A::Rank, B::Rank>>::ROLES;
}

/// C's rank (`Self`) with A's and B's: one of CuTe's five `gemm` forms.
pub trait GemmForm<A, B> {
    /// The roles of A's, B's and C's modes.
    const ROLES: [Roles; 3];
}

/// `(V) x (V) => (V)`.
impl GemmForm<Rank<1>, Rank<1>> for Rank<1> {
    const ROLES: [Roles; 3] = [V, V, V];
}
/// `(M) x (N) => (M,N)`: CuTe's `append<2>` gives A and B a K of 1.
impl GemmForm<Rank<1>, Rank<1>> for Rank<2> {
    const ROLES: [Roles; 3] = [X, X, XY];
}
/// `(M,K) x (N,K) => (M,N)`.
impl GemmForm<Rank<2>, Rank<2>> for Rank<2> {
    const ROLES: [Roles; 3] = [XY, XY, XY];
}
/// `(V,M) x (V,N) => (V,M,N)`.
impl GemmForm<Rank<2>, Rank<2>> for Rank<3> {
    const ROLES: [Roles; 3] = [VX, VX, VXY];
}
/// `(V,M,K) x (V,N,K) => (V,M,N)`.
impl GemmForm<Rank<3>, Rank<3>> for Rank<3> {
    const ROLES: [Roles; 3] = [VXY, VXY, VXY];
}
