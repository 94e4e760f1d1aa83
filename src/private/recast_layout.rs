//! CuTe's `recast_layout<Old, New>` of a typed layout: the layout of the
//! same memory in elements of `New` instead of `Old`, leaf by leaf, as the
//! core's `recast_layout` (layout-core `algebra/recast.rs`) computes it
//! with the widths in bits: with `size(New)/size(Old)` reduced to `p/q`,
//! `upcast` by `p` (a stride 0 stays; a stride `d` dividing `p` or a
//! multiple of it becomes `sign(d)·⌈|d|/p⌉`, its extent `⌈s/⌈p/|d|⌉⌉`),
//! then `downcast` by `q` (a stride ±1 mode `q` times longer, every other
//! stride `q` times larger; some stride must be 1). The nesting is the
//! input's; a leaf whose extent and stride are static stays static
//! ([`RecastExtent`], [`RecastStride`], their values computed while
//! compiling, where a static stride that does not rescale is a compile
//! error, CuTe's static assertion); a dynamic leaf is computed at run time,
//! checked as the core checks it ([`AlgebraError`]).

use core::fmt;
use core::marker::PhantomData;
use core::mem::size_of;

use layout_core::Error;

use super::algebra::AlgebraError;
use super::fits_checked::layout_fits;
use super::fits_value::Role;
use super::int::{Int, Offset};
use super::layout::Layout;
use super::static_int::{StaticInt, static_leaf};
use super::tree::{Mode, Tree};

const FUNCTION: &str = "recast_layout";

/// `size(New)/size(Old)` reduced to `(p, q)`; both sizes non-zero.
const fn ratio<O, N>() -> (i64, i64) {
    let (old, new) = (size_of::<O>(), size_of::<N>());
    assert!(
        old > 0 && new > 0,
        "recast_layout of or to a zero-sized type"
    );
    let (mut a, mut b) = (old, new);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    ((new / a) as i64, (old / a) as i64)
}

const fn ceil(a: i64, b: i64) -> i64 {
    a / b + (a % b != 0) as i64
}

/// The leaf `s:d` upcast by `p` (the core's `upcast` of one leaf), for a
/// static stride: a stride that does not rescale stops the compilation.
const fn upcast_static(s: i64, d: i64, p: i64) -> (i64, i64) {
    if p == 1 || d == 0 {
        return (s, d);
    }
    let a = d.abs();
    assert!(
        a % p == 0 || p % a == 0,
        "recast_layout: a static stride neither divides the width ratio nor is a multiple of it (CuTe's static assertion)"
    );
    (ceil(s, ceil(p, a)), d.signum() * ceil(a, p))
}

/// The static leaf `s:d` recast (upcast by `p`, downcast by `q`).
const fn recast_static(s: i64, d: i64, p: i64, q: i64) -> (i64, i64) {
    let (s, d) = upcast_static(s, d, p);
    match (q, d) {
        (1, _) => (s, d),
        (_, 1 | -1) => match s.checked_mul(q) {
            Some(s) => (s, d),
            None => panic!("recast_layout: a static extent times the width ratio overflows"),
        },
        _ => match d.checked_mul(q) {
            Some(d) => (s, d),
            None => panic!("recast_layout: a static stride times the width ratio overflows"),
        },
    }
}

/// The extent of the static leaf `S:D` recast from `O` to `N` elements.
///
/// ```
/// use layout_dsl::typed::{C, Int, RecastExtent};
/// assert_eq!(RecastExtent::<C<8>, C<1>, u8, u16>::default().get(), 4);
/// ```
pub struct RecastExtent<S, D, O, N>(PhantomData<(S, D, O, N)>);

/// The stride of a leaf of static stride `D` recast from `O` to `N`
/// elements (its extent does not change it).
///
/// ```
/// use layout_dsl::typed::{C, Int, RecastStride};
/// assert_eq!(RecastStride::<C<8>, u8, u16>::default().get(), 4);
/// ```
pub struct RecastStride<D, O, N>(PhantomData<(D, O, N)>);

impl<S: StaticInt, D: StaticInt, O, N> StaticInt for RecastExtent<S, D, O, N> {
    const VALUE: i64 = {
        let (p, q) = ratio::<O, N>();
        recast_static(S::VALUE, D::VALUE, p, q).0
    };
}

impl<D: StaticInt, O, N> StaticInt for RecastStride<D, O, N> {
    const VALUE: i64 = {
        let (p, q) = ratio::<O, N>();
        recast_static(1, D::VALUE, p, q).1
    };
}

static_leaf!(
    [S, D, O, N]
    [S: StaticInt, D: StaticInt, O, N]
    RecastExtent [S, D, O, N]
);
static_leaf!([D, O, N] [D: StaticInt, O, N] RecastStride [D, O, N]);

/// What the leaves tell the whole layout: whether some stride is 1 after
/// the upcast (a downcast needs one), and a negative stride if any.
#[derive(Clone, Copy, Debug, Default)]
pub struct Seen {
    /// Some leaf's stride is 1 after the upcast.
    pub unit: bool,
    /// A negative stride of the input.
    pub negative: Option<i64>,
}

impl Seen {
    #[inline(always)]
    fn leaf(&mut self, d: i64, upcast: i64) {
        self.unit |= upcast == 1;
        if d < 0 {
            self.negative = Some(d);
        }
    }
}

/// The dynamic leaf `s:d` recast: the core's arithmetic on `usize`.
#[inline]
fn recast_dynamic(
    s: usize,
    d: usize,
    p: i64,
    q: i64,
    seen: &mut Seen,
) -> Result<(usize, usize), AlgebraError> {
    let (p, q) = (p as usize, q as usize);
    let (s, d) = match d {
        _ if p == 1 || d == 0 => (s, d),
        _ if d % p == 0 || p % d == 0 => (s.div_ceil(p.div_ceil(d)), d.div_ceil(p)),
        _ => {
            return Err(AlgebraError::NotDivisible {
                function: FUNCTION,
                dividend: d,
                divisor: p,
            });
        }
    };
    seen.leaf(d as i64, d as i64);
    let overflow = |left, right| AlgebraError::ProductOverflow {
        function: FUNCTION,
        left,
        right,
    };
    match (q, d) {
        (1, _) => Ok((s, d)),
        (_, 1) => Ok((s.checked_mul(q).ok_or(overflow(s, q))?, d)),
        _ => Ok((s, d.checked_mul(q).ok_or(overflow(d, q))?)),
    }
}

/// A shape tree `Self` with stride tree `D`, recast from `O` to `N`
/// elements leaf by leaf.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`recast_layout` takes a typed layout whose shape `{Self}` and stride `{D}` are nested alike"
)]
pub trait RecastTree<D, O, N>: Copy {
    /// The shape.
    type Shape: Copy;
    /// The stride.
    type Stride: Copy;
    /// The recast leaves; `seen` gathers what the layout checks.
    fn recast_tree(
        self,
        d: D,
        seen: &mut Seen,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
}

impl<S: StaticInt, D: StaticInt, O, N> RecastTree<D, O, N> for S {
    type Shape = RecastExtent<S, D, O, N>;
    type Stride = RecastStride<D, O, N>;
    #[inline(always)]
    fn recast_tree(
        self,
        _: D,
        seen: &mut Seen,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        let upcast = const { upcast_static(1, D::VALUE, ratio::<O, N>().0).1 };
        seen.leaf(D::VALUE, upcast);
        Ok(Default::default())
    }
}

impl<D: StaticInt, O, N> RecastTree<D, O, N> for usize {
    type Shape = usize;
    type Stride = RecastStride<D, O, N>;
    #[inline(always)]
    fn recast_tree(self, _: D, seen: &mut Seen) -> Result<(usize, Self::Stride), AlgebraError> {
        let (p, q) = const { ratio::<O, N>() };
        let upcast = const { upcast_static(1, D::VALUE, ratio::<O, N>().0).1 };
        seen.leaf(D::VALUE, upcast);
        // The extent as the static leaf's, at run time: `⌈s/⌈p/|d|⌉⌉`,
        // then times `q` under a stride ±1.
        let s = match (p, D::VALUE) {
            (1, _) | (_, 0) => self,
            (_, d) => self.div_ceil(ceil(p, d.abs()) as usize),
        };
        match (q, upcast) {
            (1, _) | (_, 2..) | (_, ..=-2) | (_, 0) => Ok((s, Default::default())),
            _ => match s.checked_mul(q as usize) {
                Some(s) => Ok((s, Default::default())),
                None => Err(AlgebraError::ProductOverflow {
                    function: FUNCTION,
                    left: s,
                    right: q as usize,
                }),
            },
        }
    }
}

impl<S: StaticInt, O, N> RecastTree<usize, O, N> for S {
    type Shape = usize;
    type Stride = usize;
    #[inline(always)]
    fn recast_tree(self, d: usize, seen: &mut Seen) -> Result<(usize, usize), AlgebraError> {
        let (p, q) = const { ratio::<O, N>() };
        recast_dynamic(self.get(), d, p, q, seen)
    }
}

impl<O, N> RecastTree<usize, O, N> for usize {
    type Shape = usize;
    type Stride = usize;
    #[inline(always)]
    fn recast_tree(self, d: usize, seen: &mut Seen) -> Result<(usize, usize), AlgebraError> {
        let (p, q) = const { ratio::<O, N>() };
        recast_dynamic(self, d, p, q, seen)
    }
}

macro_rules! recast_tuple {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: RecastTree<$D, O, N>, $D,)* O, N> RecastTree<($($D,)*), O, N> for ($($S,)*) {
            type Shape = ($($S::Shape,)*);
            type Stride = ($($S::Stride,)*);
            #[inline(always)]
            #[allow(clippy::unused_unit, unused_variables)]
            fn recast_tree(
                self,
                d: ($($D,)*),
                seen: &mut Seen,
            ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
                $(let $S = self.$i.recast_tree(d.$i, seen)?;)*
                Ok((($($S.0,)*), ($($S.1,)*)))
            }
        }
    };
}

for_each_rank!(recast_tuple);

/// What [`Layout::recast_layout`] returns.
pub type Recast<S, D, O, N, I> =
    Layout<<S as RecastTree<D, O, N>>::Shape, <S as RecastTree<D, O, N>>::Stride, I>;

impl<S: Mode<D>, D: Tree, I: Offset> Layout<S, D, I> {
    /// CuTe's `recast_layout<O, N>(A)` on a typed layout: the same memory
    /// in elements of `N` instead of `O` (module docs), the nesting kept,
    /// static leaves static. Refused where the core refuses: a dynamic
    /// stride that does not rescale, a narrower element and no stride 1,
    /// a result past `i64`.
    ///
    /// ```
    /// use layout_dsl::layout;
    /// use layout_dsl::typed::{C, Layout, RecastExtent, RecastStride};
    /// let bytes = layout!(type ((8,2),4):((1,8),16));
    /// let words = bytes.recast_layout::<u8, u32>().unwrap();
    /// assert_eq!(words.to_string(), "((2,2),4):((1,2),4)");
    /// assert_eq!(size_of_val(&words), 0);
    /// let m = 6;
    /// let halves = layout!((4,m):(1,4)).recast_layout::<u32, u16>().unwrap();
    /// assert_eq!(halves.to_string(), "(8,6):(1,8)");
    /// // No stride 1 to split: refused, as the core refuses.
    /// assert!(layout!((4,m):(m,1)).recast_layout::<u32, u16>().is_ok());
    /// assert!(layout!((4,m):(2,8)).recast_layout::<u32, u16>().is_err());
    /// ```
    ///
    /// A static stride that does not rescale is a compile error (CuTe's
    /// static assertion), as is a zero-sized type:
    ///
    /// ```compile_fail,E0080
    /// use layout_dsl::layout;
    /// // A stride of 3 neither divides 2 nor is a multiple of it.
    /// let _ = layout!(type 8:3).recast_layout::<u8, u16>();
    /// ```
    #[inline]
    pub fn recast_layout<O, N>(&self) -> Result<Recast<S, D, O, N, I>, AlgebraError>
    where
        S: RecastTree<D, O, N>,
        <S as RecastTree<D, O, N>>::Shape: Mode<<S as RecastTree<D, O, N>>::Stride>,
        <S as RecastTree<D, O, N>>::Stride: Tree,
    {
        self.recast_checked::<O, N>().map(|(l, _)| l)
    }

    /// [`Layout::recast_layout`] and the first negative stride of `self`
    /// (the tensor's `recast` refuses one).
    #[inline]
    #[allow(clippy::type_complexity)]
    pub(crate) fn recast_checked<O, N>(
        &self,
    ) -> Result<(Recast<S, D, O, N, I>, Option<i64>), AlgebraError>
    where
        S: RecastTree<D, O, N>,
        <S as RecastTree<D, O, N>>::Shape: Mode<<S as RecastTree<D, O, N>>::Stride>,
        <S as RecastTree<D, O, N>>::Stride: Tree,
    {
        self.recast_leaves::<O, N>(const { ratio::<O, N>().1 } > 1)
    }

    /// The leaves recast from `O` to `N`, refused without a stride 1
    /// (after the upcast) when `need_unit` (a downcast: CuTe's "Downcast
    /// requires adjacent elements"); and the first negative stride.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    pub(crate) fn recast_leaves<O, N>(
        &self,
        need_unit: bool,
    ) -> Result<(Recast<S, D, O, N, I>, Option<i64>), AlgebraError>
    where
        S: RecastTree<D, O, N>,
        <S as RecastTree<D, O, N>>::Shape: Mode<<S as RecastTree<D, O, N>>::Stride>,
        <S as RecastTree<D, O, N>>::Stride: Tree,
    {
        layout_fits(FUNCTION, self, Role::Operand)?;
        let mut seen = Seen::default();
        let (shape, stride) = self.shape().recast_tree(self.stride(), &mut seen)?;
        if need_unit && !seen.unit {
            return Err(AlgebraError::NoUnitStride { function: FUNCTION });
        }
        let result = Layout::from_parts(shape, stride);
        layout_fits(FUNCTION, &result, Role::Result)?;
        Ok((result, seen.negative))
    }
}
