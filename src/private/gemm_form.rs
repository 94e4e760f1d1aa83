//! The operands of the typed `gemm` (`crate::tensor::typed::gemm`): a
//! flat typed layout of rank 1, 2 or 3 ([`GemmOperand`]), and three
//! layouts whose ranks ([`ModeCount`], a type: [`Rank`]) are one of
//! CuTe's five forms ([`Gemm`], [`GemmForm`]), so that other ranks are a
//! compile error at A, and a nested operand one at that operand.

use super::int::{Int, Offset};
use super::layout::Layout;
use super::tree::{Mode, Tree};

/// The rank of a `gemm` operand, as a type (for [`GemmForm`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rank<const N: usize>;

/// A flat typed layout of rank 1, 2 or 3, an operand of `gemm`.
#[diagnostic::on_unimplemented(
    message = "`gemm` takes tensors of flat typed layouts of rank 1, 2 or 3; this one's layout is `{Self}`"
)]
pub trait GemmOperand {
    /// `(extent, stride)` of each mode, `(1, 0)` past the rank (strides
    /// as two's complement for a signed layout).
    fn modes(&self) -> [(usize, usize); 3];
}

#[diagnostic::do_not_recommend]
impl<S, D, I> GemmOperand for Layout<S, D, I>
where
    S: Int + Mode<D>,
    D: Int + Tree,
    I: Offset,
{
    #[inline(always)]
    fn modes(&self) -> [(usize, usize); 3] {
        [(self.shape().get(), self.stride().get()), (1, 0), (1, 0)]
    }
}

#[diagnostic::do_not_recommend]
impl<S0, S1, D0, D1, I> GemmOperand for Layout<(S0, S1), (D0, D1), I>
where
    (S0, S1): Mode<(D0, D1)>,
    S0: Int,
    S1: Int,
    D0: Int + Tree,
    D1: Int + Tree,
    I: Offset,
{
    #[inline(always)]
    fn modes(&self) -> [(usize, usize); 3] {
        let (s, d) = (self.shape(), self.stride());
        [(s.0.get(), d.0.get()), (s.1.get(), d.1.get()), (1, 0)]
    }
}

#[diagnostic::do_not_recommend]
impl<S0, S1, S2, D0, D1, D2, I> GemmOperand for Layout<(S0, S1, S2), (D0, D1, D2), I>
where
    (S0, S1, S2): Mode<(D0, D1, D2)>,
    S0: Int,
    S1: Int,
    S2: Int,
    D0: Int + Tree,
    D1: Int + Tree,
    D2: Int + Tree,
    I: Offset,
{
    #[inline(always)]
    fn modes(&self) -> [(usize, usize); 3] {
        let (s, d) = (self.shape(), self.stride());
        [
            (s.0.get(), d.0.get()),
            (s.1.get(), d.1.get()),
            (s.2.get(), d.2.get()),
        ]
    }
}

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
}

impl<S: Int> ModeCount for S {
    type Rank = Rank<1>;
}

macro_rules! tuple_rank {
    ($rank:literal; $(($i:tt $S:ident $_d:ident $_c:ident))*) => {
        impl<$($S),*> ModeCount for ($($S,)*) {
            type Rank = Rank<$rank>;
        }
    };
}
for_each_rank!(tuple_rank);

/// Typed layouts A (`Self`), B and C whose ranks are one of CuTe's five
/// `gemm` forms (the modes may be nested here; [`GemmOperand`] asks them
/// to be flat).
#[diagnostic::on_unimplemented(
    message = "`gemm` has no form for the ranks of A `{Self}`, B `{B}` and C `{C}`",
    label = "the ranks of A, B and C are none of CuTe's forms: (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N), (V,M,K)x(V,N,K)=>(V,M,N)"
)]
pub trait Gemm<B, C> {
    /// The roles of A's, B's and C's modes.
    const ROLES: [Roles; 3];
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

// C's rank is the `Self` of the form: C is the last argument, so its type
// may be unknown while rustc checks the first two, and a bound whose
// `Self` is unknown waits for it, rather than failing with `_` for C.
#[diagnostic::do_not_recommend]
impl<A: RankOf, B: RankOf, C: RankOf> Gemm<B, C> for A
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
