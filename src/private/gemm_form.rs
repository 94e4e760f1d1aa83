//! The operands of the typed `gemm` (`crate::tensor::typed::gemm`): a
//! typed layout of rank 1, 2 or 3 whose modes may be nested
//! ([`GemmOperand`], each mode a [`GemmMode`]), and three layouts whose
//! ranks ([`ModeCount`], a type: [`Modes`]) are one of CuTe's five forms
//! ([`Gemm`], [`GemmForm`]), so that other ranks are a compile error at A.

use super::int::{Int, Offset};
use super::layout::Layout;
use super::tree::{Mode, Shape, Tree};
use super::walk::Form;

/// The rank of a `gemm` operand, as a type (for [`GemmForm`]): `Modes<N>`
/// for `N` top-level modes. Its name is one no other visible item has, so
/// that rustc prints it without its path in `gemm`'s error (`Rank` is also
/// a variant in `layout-core`: ARCHITECTURE.md, "One mistake, one message").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Modes<const N: usize>;

/// [`Modes`] by its former name, for code that names it.
pub type Rank<const N: usize> = Modes<N>;

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
    /// `Modes<N>`.
    type Rank;
}

impl<S: Int> ModeCount for S {
    type Rank = Modes<1>;
}

macro_rules! tuple_rank {
    ($rank:literal; $(($i:tt $S:ident $_d:ident $_c:ident))*) => {
        impl<$($S),*> ModeCount for ($($S,)*) {
            type Rank = Modes<$rank>;
        }
    };
}
for_each_rank!(tuple_rank);

/// Typed layouts A (`Self`), B and C whose ranks are one of CuTe's five
/// `gemm` forms (each mode may be nested). Its associated type
/// [`Gemm::Ranks`] is the three ranks, bounded by [`GemmRankForm`]: `gemm`
/// asks that bound of it, so a wrong rank is reported with the ranks
/// (`(Modes<3>, Modes<2>, Modes<2>)`), a sentence short enough for rustc's
/// label, rather than with the three layout types (then a help line
/// more: where generic code names this bound and rustc reports it, that
/// help line names the layouts, so the message does not again); and
/// since it is the associated type's own bound, generic code naming `LA:
/// Gemm<LB, LC>` has it too, however LB's and LC's types are
/// written (a bound of a supertrait was not found where B or C is a
/// projection rustc normalizes: ARCHITECTURE.md, "One mistake, one
/// message").
#[diagnostic::on_unimplemented(
    message = "`gemm`: the ranks of A, B and C (named in the help below) are none of CuTe's forms",
    label = "CuTe's forms: (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N), (V,M,K)x(V,N,K)=>(V,M,N)"
)]
pub trait Gemm<B, C> {
    /// The ranks of A, B and C, `(Modes<a>, Modes<b>, Modes<c>)`.
    type Ranks: GemmRankForm;
    /// The roles of A's, B's and C's modes.
    const ROLES: [Roles; 3];
}

/// The rank of a typed layout's shape, as a type (a failed `layout!`'s
/// is `Unknown`, which goes with any: poisoned_ops.rs).
pub trait RankOf {
    /// `Modes<N>`.
    type Rank;
}

impl<S: ModeCount, D, I> RankOf for Layout<S, D, I> {
    type Rank = S::Rank;
}

#[diagnostic::do_not_recommend]
impl<A: RankOf, B: RankOf, C: RankOf> Gemm<B, C> for A
where
    (A::Rank, B::Rank, C::Rank): GemmRankForm,
{
    type Ranks = (A::Rank, B::Rank, C::Rank);
    const ROLES: [Roles; 3] = <Self::Ranks as GemmRankForm>::ROLES;
}

/// The ranks of A, B and C (`Self`, a triple of [`Modes`]): one of CuTe's
/// five `gemm` forms. The bound `gemm` names (of [`Gemm::Ranks`]).
#[diagnostic::on_unimplemented(
    message = "`gemm`: A, B and C have `{Self}` top-level modes, none of CuTe's forms (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N), (V,M,K)x(V,N,K)=>(V,M,N)"
)]
pub trait GemmRankForm {
    /// The roles of A's, B's and C's modes.
    const ROLES: [Roles; 3];
}

// C's rank is the `Self` of the form: C is the last argument, so its type
// may be unknown while rustc checks the first two, and a bound whose
// `Self` is unknown waits for it, rather than failing with `_` for C (this
// impl matches any triple, so the bound on the triple waits too).
#[diagnostic::do_not_recommend]
impl<A, B, C: GemmForm<A, B>> GemmRankForm for (A, B, C) {
    const ROLES: [Roles; 3] = C::ROLES;
}

/// C's rank (`Self`) with A's and B's: one of CuTe's five `gemm` forms.
pub trait GemmForm<A, B> {
    /// The roles of A's, B's and C's modes.
    const ROLES: [Roles; 3];
}

/// `(V) x (V) => (V)`.
impl GemmForm<Modes<1>, Modes<1>> for Modes<1> {
    const ROLES: [Roles; 3] = [V, V, V];
}
/// `(M) x (N) => (M,N)`: CuTe's `append<2>` gives A and B a K of 1.
impl GemmForm<Modes<1>, Modes<1>> for Modes<2> {
    const ROLES: [Roles; 3] = [X, X, XY];
}
/// `(M,K) x (N,K) => (M,N)`.
impl GemmForm<Modes<2>, Modes<2>> for Modes<2> {
    const ROLES: [Roles; 3] = [XY, XY, XY];
}
/// `(V,M) x (V,N) => (V,M,N)`.
impl GemmForm<Modes<2>, Modes<2>> for Modes<3> {
    const ROLES: [Roles; 3] = [VX, VX, VXY];
}
/// `(V,M,K) x (V,N,K) => (V,M,N)`.
impl GemmForm<Modes<3>, Modes<3>> for Modes<3> {
    const ROLES: [Roles; 3] = [VXY, VXY, VXY];
}
