//! The walk of a debug build (`walk.rs`): a tuple form's `split` written
//! once, over the form's numbers laid out as a list of nodes, not once per
//! form. The per-form walk (`split_tested`, `split_sized`, `divisors`,
//! `zero_divisor`, `split_checked`) is what a release build needs, so that
//! every walk folds into its caller (`benches/asm_diff.sh`); a debug build
//! folds nothing, and compiling those five functions for every form of
//! every result a crate indexes was most of what `at` cost it
//! (BENCHMARKS.md, "Compile cost of static products: the run-time holes
//! skipped"). The answer is `split_checked`'s (every division tested, as
//! `divmod` defines it), which `split` gives for every input.

use super::{Form, divmod};

/// The most nodes a flattened form holds here; a larger form keeps the
/// per-form walk.
pub(super) const MAX_NODES: usize = 48;

/// A node of a flattened tree, in pre-order: a leaf's extent and stride,
/// or a tuple's rank and size (the wrapping product of its extents, as
/// `Form::size` gives it: what the mode before it divides by).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub enum Node {
    /// A leaf: extent, stride.
    Leaf(usize, usize),
    /// A tuple: rank, size; its modes follow.
    Tuple(usize, usize),
}

/// The nodes of a form's numbers and how many are set.
#[doc(hidden)]
pub struct Nodes {
    /// The nodes, the first `len`.
    pub(super) nodes: [Node; MAX_NODES],
    /// How many.
    pub(super) len: usize,
}

impl Nodes {
    /// Appends `node` (the caller checked the form fits: `Form::NODES`).
    #[inline]
    pub(super) fn push(&mut self, node: Node) {
        self.nodes[self.len] = node;
        self.len += 1;
    }
}

/// `F::split_checked(shape, stride, index)`, by the one walk below.
#[inline]
pub(super) fn split_flat<F: Form>(shape: &F::Desc, stride: &F::Desc, index: usize) -> usize {
    let mut nodes = Nodes {
        nodes: [Node::Leaf(0, 0); MAX_NODES],
        len: 0,
    };
    F::flatten(shape, stride, &mut nodes);
    walk_nodes(&nodes.nodes[..nodes.len], &mut 0, index)
}

/// The offset of `index` over the subtree at `*at` (which then points past
/// it): a leaf `index · stride`; a tuple, as `Form::split_checked` of a
/// tuple, each mode but the last `divmod` by its size, the last the rest.
fn walk_nodes(nodes: &[Node], at: &mut usize, index: usize) -> usize {
    let node = nodes[*at];
    *at += 1;
    match node {
        Node::Leaf(_, stride) => index.wrapping_mul(stride),
        Node::Tuple(rank, _) => {
            let (mut rest, mut offset) = (index, 0usize);
            for i in 0..rank {
                let part = if i + 1 == rank {
                    rest
                } else {
                    let size = match nodes[*at] {
                        Node::Leaf(extent, _) => extent,
                        Node::Tuple(_, size) => size,
                    };
                    let (part, next) = divmod(rest, size);
                    rest = next;
                    part
                };
                offset = offset.wrapping_add(walk_nodes(nodes, at, part));
            }
            offset
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Form, Leaf, split_tested};
    use super::split_flat;

    /// The flat walk, `split_checked` and the release build's walk
    /// (`split_tested`: `split_sized` where no divisor is 0) give the same
    /// offset for every index below 3·size + 3 over every extent 0..=3 of
    /// each form's leaves (an extent 0 is `divmod`'s empty mode), with
    /// strides that tell the leaves apart.
    fn agree<F: Form>(descs: impl Fn(&[usize]) -> (F::Desc, F::Desc), leaves: usize) {
        let mut extents = [0usize; 5];
        let mut count = 0;
        loop {
            let mut numbers = [0usize; 10];
            for k in 0..leaves {
                // Strides that tell the leaves apart.
                (numbers[k], numbers[leaves + k]) = (extents[k], 1 + 7usize.pow(k as u32));
            }
            let (shape, stride) = descs(&numbers);
            let size = F::size(&shape);
            for index in 0..3 * size + 3 {
                let flat = split_flat::<F>(&shape, &stride, index);
                assert_eq!(
                    flat,
                    F::split_checked(&shape, &stride, index),
                    "{extents:?} at {index}"
                );
                assert_eq!(
                    flat,
                    split_tested::<F>(&shape, &stride, index),
                    "{extents:?} at {index}"
                );
                assert_eq!(flat, F::split(&shape, &stride, index));
                count += 1;
            }
            // The next extents, 0..=3 each.
            let Some(k) = extents.iter().position(|&e| e < 3) else {
                break;
            };
            extents[k] += 1;
            extents[..k].fill(0);
        }
        assert!(count > 4usize.pow(leaves as u32));
    }

    #[test]
    fn the_flat_walk_is_split_checked() {
        agree::<(Leaf, Leaf)>(|n| ((n[0], n[1]), (n[2], n[3])), 2);
        agree::<(Leaf, Leaf, Leaf)>(|n| ((n[0], n[1], n[2]), (n[3], n[4], n[5])), 3);
        agree::<((Leaf, Leaf), Leaf)>(|n| (((n[0], n[1]), n[2]), ((n[3], n[4]), n[5])), 3);
        agree::<(Leaf, (Leaf, Leaf))>(|n| ((n[0], (n[1], n[2])), (n[3], (n[4], n[5]))), 3);
        agree::<((Leaf, Leaf), (Leaf, Leaf))>(
            |n| (((n[0], n[1]), (n[2], n[3])), ((n[4], n[5]), (n[6], n[7]))),
            4,
        );
        agree::<((Leaf, (Leaf, Leaf)), Leaf, (Leaf,))>(
            |n| {
                (
                    ((n[0], (n[1], n[2])), n[3], (n[4],)),
                    ((n[5], (n[6], n[7])), n[8], (n[9],)),
                )
            },
            5,
        );
    }

    /// A wrapping size: a mode whose extents' product wraps to 0 is an
    /// empty mode to both walks (its size, not its extents, divides).
    #[test]
    fn a_wrapped_mode_size_walks_as_split_checked() {
        type F = ((Leaf, Leaf), Leaf);
        let big = 1usize << 32;
        let (shape, stride) = (((big, big), 3), ((1, 5), 11));
        for index in [0, 1, 7, big + 3, usize::MAX] {
            assert_eq!(
                split_flat::<F>(&shape, &stride, index),
                F::split_checked(&shape, &stride, index)
            );
        }
    }
}
