//! [`local_partition_step_masked`]: CuTe's `local_partition(t, thr,
//! idx, Step<_1,X,_1>{})` as a [`Masked`] share, the `Step` form of
//! [`local_partition_masked`](super::typed::local_partition_masked). The
//! thread is named in the whole thread layout and the step then keeps the
//! modes that tile `t` (`ThreadsStep`'s dice), so the share's cut per mode
//! is that of the diced thread layout: the same rule
//! (`partition_residue.rs`'s `ModeResidues`), fed the diced extents and
//! coordinate.

use layout_core::Error;

use super::partition_facts::{assume_facts, cold, with_facts};
use super::typed_args::{ThreadIndex, ThreadsStep};
use super::typed_checks::LayoutShape;
use super::typed_masked::{Masked, no_count};
use super::{Engine, Tensor};
use crate::__private::{
    Dice, Fits, IntoList, Mode, ModeResidues, Offset, Reach, Threads, Tree, tensor_share_fits,
};
use crate::typed::Layout;

/// A thread layout (`Self`) projected by the `Step` tuple `St` whose
/// shares of `L` can be masked: the share's layout as [`ThreadsStep`]
/// gives it, and its residue (one cut per top-level mode).
pub trait ThreadsStepMasked<L, St>: ThreadsStep<L, St> {
    /// One cut per top-level mode of the share.
    type Valid: Copy;
    /// The share of the thread at `coord` (in the whole thread layout),
    /// the offset of its first element, each mode's cut, and whether no
    /// cut can say it (a tuple mode not tiled exactly: refused).
    /// `layout` is a tensor's, one the core holds (`Tensor::new`'s
    /// check): the share is checked past `i64` by its strides alone.
    #[allow(clippy::type_complexity)]
    fn masked_step_at(
        &self,
        layout: &L,
        coord: Self::Coord,
    ) -> Result<(Self::Output, usize, Self::Valid, bool), Error>;
}

/// The diced tiler and coordinate of a thread layout `P` under `St`.
type DicedTiler<St, P> = <<St as IntoList>::List as Dice<<P as Threads>::Tiler>>::Out;
type DicedCoord<St, P> = <<St as IntoList>::List as Dice<<P as Threads>::Coord>>::Out;

#[diagnostic::do_not_recommend]
impl<P, St, S, D, I, RS, RD> ThreadsStepMasked<Layout<S, D, I>, St> for P
where
    P: ThreadsStep<Layout<S, D, I>, St, Output = Layout<RS, RD, I>>,
    St: IntoList<List: Dice<P::Tiler> + Dice<P::Coord>>,
    S: Mode<D> + IntoList,
    D: Tree,
    I: Offset,
    RS: Mode<RD> + IntoList + Reach<RD>,
    RD: Tree,
    DicedTiler<St, P>: ModeResidues<S::List, RS::List, DicedCoord<St, P>>,
{
    type Valid = <DicedTiler<St, P> as ModeResidues<S::List, RS::List, DicedCoord<St, P>>>::Valid;
    #[inline(always)]
    fn masked_step_at(
        &self,
        layout: &Layout<S, D, I>,
        coord: P::Coord,
    ) -> Result<(Self::Output, usize, Self::Valid, bool), Error> {
        // The bound goes unused, as `masked_at`'s: nothing of it is formed.
        let (part, offset, _) = self.partition_step_at(layout, coord)?;
        // `layout` is a tensor's, as `masked_at`'s: the share's strides.
        tensor_share_fits(&part)?;
        let (s, r) = (layout.shape().into_list(), part.shape().into_list());
        // The same dice `partition_step_at` made, so the cuts are those
        // of the modes that tiled `t`.
        let c = <St::List as Dice<P::Coord>>::dice(coord);
        let tiler = <St::List as Dice<P::Tiler>>::dice(self.tiler().0);
        let mut general = false;
        let valid = tiler.residues(&s, &r, &c, &mut general);
        Ok((part, offset, valid, general))
    }
}

/// CuTe's `local_partition(t, thr_layout, thr_idx, step)` with the
/// residue predicated: [`local_partition_step`](super::typed::local_partition_step)'s
/// layout and base as a [`Masked`] share (no check against the storage;
/// the elements past `t` masked). Errors as
/// [`local_partition_masked`](super::typed::local_partition_masked)'s.
///
/// ```
/// use layout_dsl::tensor::{Tensor, X, typed};
/// use layout_dsl::typed::C;
/// use layout_dsl::layout;
///
/// // 5 x 3 over exactly 15 elements; 4 x 3 x 2 threads, the middle mode
/// // projected away (CuTe's `Step<_1,X,_1>`).
/// let (m, n) = (5, 3);
/// let data: Vec<u32> = (0..15).collect();
/// let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
/// let thr = layout!(type (4,3,2):(1,4,12));
/// let step = (C::<1>, X, C::<1>);
/// // Thread 13 is (1,0,1): rows 1, 5 and columns 1, 3 of the matrix.
/// let share = typed::local_partition_step_masked(t.by_ref(), &thr, 13, step).unwrap();
/// assert_eq!(share.layout().to_string(), "(2,2):(4,10)");
/// assert_eq!(share.residue(), (1, 1));
/// assert_eq!(share[(0, 0)], 6);
/// assert_eq!((share.get((1, 0)), share.get((0, 1))), (None, None));
/// assert!(typed::local_partition_step(t, &thr, 13, step).is_err());
/// ```
#[inline(always)]
pub fn local_partition_step_masked<E, L, P, Ix, St, O, V>(
    t: Tensor<E, L>,
    thr_layout: &P,
    thr_idx: Ix,
    _step: St,
) -> Result<Masked<E, O, V>, Error>
where
    E: Engine,
    L: Fits + LayoutShape,
    P: ThreadsStepMasked<L, St, Output = O, Valid = V>,
    Ix: ThreadIndex<P>,
    O: Fits,
{
    let coord = thr_idx.thread_coord(thr_layout)?;
    with_facts!(t => {
        let (layout, offset, valid, general) = thr_layout.masked_step_at(&t.layout, coord)?;
        if general {
            return Err(no_count());
        }
        Ok(Masked {
            engine: t.engine,
            layout,
            base: t.base.wrapping_add(offset),
            valid,
        })
    })
}
