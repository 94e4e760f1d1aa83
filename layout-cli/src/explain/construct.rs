//! Explaining CuTe's ordered constructors, `tile_to_shape`, the
//! element-width recasts and `complement` with a shape cotarget: each
//! layout shown is a layout-core call or a mode of one.

use layout_core::algebra::tile_to_shape_steps;
use std::collections::BTreeMap;

use layout_core::{
    BasisLayout, BasisTuple, IntTuple, Layout, Result, ScaledBasis, Value, basis, complement,
    downcast, filter, upcast,
};

use super::{Explainer, join};

impl Explainer<'_> {
    /// `make_ordered_layout(SHAPE, ORDER)` and `make_layout_like(L)`: each
    /// mode's order and the stride it got.
    /// `make_identity_layout(SHAPE)`: each leaf's stride is its unit basis,
    /// so an index maps to its own coordinate.
    pub(super) fn identity(&mut self, shape: &IntTuple, result: &Value) -> Result<()> {
        let Value::BasisLayout(r) = result else {
            self.say(&format!(
                "an integer shape: the identity is {result}, every index its own coordinate"
            ));
            return Ok(());
        };
        self.say(&format!(
            "the identity layout of {shape}: each leaf's stride is the unit basis of its mode (v@i is v at mode i; v@j@i at sub-mode j of mode i), so crd2idx gives back the coordinate"
        ));
        for (i, (s, d)) in shape.leaves().zip(r.leaf_strides()).enumerate() {
            self.step(&format!("leaf {i}: extent {s} → stride {d}"));
        }
        if r.size() > 1 {
            let last = r.size() - 1;
            let c = r.crd2idx(&IntTuple::Int(last))?;
            self.say(&format!("for example index {last} maps to {c}"));
        }
        Ok(())
    }

    /// `composition(A, B)` with scaled-basis strides in `B` (CuTe's special
    /// case), `A` with integer strides or scaled bases: `B`'s offsets are
    /// coordinates of `A`; the leaves of `B` naming one mode of `A` are
    /// composed with it together, each group a core composition of `A`
    /// with those leaves alone.
    pub(super) fn composition_into_coordinates(
        &mut self,
        a: &Value,
        b: &BasisLayout,
        result: &Value,
    ) -> Result<()> {
        self.say("B's offsets are coordinates of A: the leaves of B whose strides name one mode P of A are composed with mode P together (CuTe composes them one by one; together their sum is checked not to carry), a leaf n:0 stays n:0, and the pieces take B's shape");
        let mut groups: BTreeMap<&[usize], Vec<usize>> = BTreeMap::new();
        let leaves: Vec<(i64, &ScaledBasis)> = b.shape().leaves().zip(b.leaf_strides()).collect();
        for (i, (n, d)) in leaves.iter().enumerate() {
            if d.is_basis() {
                groups.entry(d.modes()).or_default().push(i);
            } else {
                self.step(&format!("leaf {i}: {n}:{d} = {n}:0"));
            }
        }
        for (path, members) in groups {
            let part = |i: usize| (leaves[i].0, leaves[i].1.clone());
            let sub = match members.as_slice() {
                [i] => {
                    BasisLayout::new(IntTuple::Int(leaves[*i].0), &BasisTuple::Leaf(part(*i).1))?
                }
                _ => BasisLayout::new(
                    IntTuple::Tuple(members.iter().map(|&i| IntTuple::Int(part(i).0)).collect()),
                    &BasisTuple::Tuple(
                        members
                            .iter()
                            .map(|&i| BasisTuple::Leaf(part(i).1))
                            .collect(),
                    ),
                )?,
            };
            let piece = match a {
                Value::Layout(a) => basis::algebra::composition_by_basis(a, &sub)?.to_string(),
                Value::BasisLayout(a) => basis::algebra::composition_of_bases(a, &sub)?.to_string(),
                _ => return Ok(()),
            };
            // The mode as CuTe names it in a stride, `@1@0` (innermost first).
            let unit = ScaledBasis::new(1, path.iter().copied()).to_string();
            let mode = unit.trim_start_matches('1');
            let which = join(members.iter(), ", ");
            let leaf = if members.len() == 1 { "leaf" } else { "leaves" };
            self.step(&format!(
                "{leaf} {which} of B in mode {mode} of A: A ∘ {sub} = {piece}"
            ));
        }
        if let Value::Layout(_) | Value::BasisLayout(_) = result {
            self.step(&format!("the pieces in B's shape {} = {result}", b.shape()));
        }
        Ok(())
    }

    /// `composition(A, B)` with scaled-basis strides in `A` and integer
    /// strides in `B`: CuTe's walk when it is exact; where CuTe's checks
    /// refuse, each leaf of `B` composed alone (its values `A(c·r)` must be
    /// a layout), then the check that the leaves add up.
    pub(super) fn composition_of_coordinates(
        &mut self,
        a: &BasisLayout,
        b: &Layout,
        result: &Value,
    ) -> Result<()> {
        self.say("A's offsets are coordinates (scaled-basis strides): each leaf n:r of B must map c to A(c·r), and the leaves must add up");
        let cute = basis::algebra::cute_composition(a, b);
        match (&cute, result) {
            (Ok(c), Value::BasisLayout(r)) if c == r => {
                self.step(&format!(
                    "CuTe's walk over A's coalesced leaves gives {c}: every step divides and no leaf of A carries, so it is exact"
                ));
                return Ok(());
            }
            (Ok(c), _) => self.step(&format!(
                "CuTe's walk gives {c}, which is not A(B(i)) everywhere"
            )),
            (Err(e), _) => self.step(&format!("CuTe's checks refuse: {e}")),
        }
        self.step("so each leaf is decided point by point:");
        for (m, (n, r)) in b.leaf_modes().enumerate() {
            let leaf = layout_core::Tiler::Layout(Layout::leaf(n, r)?);
            match basis::algebra::composition(a, &leaf) {
                Ok(piece) => self.step(&format!("leaf {m}: A ∘ {n}:{r} = {piece}")),
                Err(e) => self.step(&format!("leaf {m}: A ∘ {n}:{r} is refused: {e}")),
            }
        }
        if let Value::BasisLayout(r) = result {
            self.step(&format!(
                "the leaves add up at every index of B, so in B's shape {} = {r}",
                b.shape()
            ));
        }
        Ok(())
    }

    pub(super) fn ordered(
        &mut self,
        shape: &IntTuple,
        order: &Value,
        result: &Value,
    ) -> Result<()> {
        let Value::Layout(r) = result else {
            return Ok(());
        };
        self.say(&format!(
            "a compact layout of {shape} whose strides grow in the order {order}: the mode of the least order has stride 1, each next one starts where the modes before it end"
        ));
        let orders: Vec<String> = match order {
            Value::IntTuple(o) if o.rank() == r.rank() && !o.is_int() => {
                o.modes().iter().map(ToString::to_string).collect()
            }
            _ => vec![order.to_string(); r.rank()],
        };
        for (i, (mode, o)) in r.modes().iter().zip(orders).enumerate() {
            self.step(&format!(
                "mode {i}: extent {}, order {o} → stride {}",
                mode.shape(),
                mode.stride()
            ));
        }
        self.compactness(r)
    }

    /// `make_layout_like(L)`: ordered by L's own strides, stride 0 kept.
    pub(super) fn layout_like(&mut self, l: &Layout, result: &Value) -> Result<()> {
        self.say(&format!(
            "L = {l}: its strides {} give the order; stride-0 modes keep stride 0",
            l.stride()
        ));
        self.ordered(l.shape(), &Value::IntTuple(l.stride().clone()), result)
    }

    /// `make_fragment_like(L)`: mode 0 column-major, then the rest ordered.
    pub(super) fn fragment_like(&mut self, x: &Value, result: &Value) -> Result<()> {
        let Value::Layout(r) = result else {
            return Ok(());
        };
        let modes = match x {
            Value::Layout(l) if l.rank() > 1 => l.modes(),
            _ => {
                self.say("a shape, or a layout of rank 1: make_layout(shape), column-major");
                self.step(&format!("= {r}"));
                return Ok(());
            }
        };
        self.say("mode 0 (what an MMA or copy atom owns) column-major; the other modes ordered like L's, after it");
        let (first, rest) = (r.modes().remove(0), &r.modes()[1..]);
        self.step(&format!(
            "mode 0 of L, {}, column-major keeping its stride-0 parts: {first} (cosize {})",
            modes[0],
            first.cosize()
        ));
        let strides = join(modes[1..].iter().map(|m| m.stride().to_string()), ", ");
        self.step(&format!(
            "modes 1.. ordered like their strides ({strides}), starting at {}: {}",
            first.cosize(),
            join(rest.iter().map(ToString::to_string), ", ")
        ));
        self.note(&format!("together, in tiled_product's grouping: {r}"));
        Ok(())
    }

    /// `tile_to_shape(BLOCK, SHAPE[, ORDER])`: the padded block, the
    /// copies, and the blocked product's own steps.
    pub(super) fn tile_to_shape(
        &mut self,
        block: &Layout,
        target: &IntTuple,
        order: Option<&IntTuple>,
        named: &str,
    ) -> Result<()> {
        let steps = tile_to_shape_steps(block, target, order)?;
        self.say(&format!(
            "copies of the block {block} filling {target}, the copies {named}"
        ));
        if &steps.block != block {
            self.step(&format!(
                "pad the block to rank {} with 1:0 modes: {}",
                target.rank(),
                steps.block
            ));
        }
        self.step(&format!(
            "copies per mode (target extent / block size): {}, laid out {named}: {}",
            steps.copies.shape(),
            steps.copies
        ));
        self.step(&format!(
            "blocked_product({}, {}) = {}",
            steps.block, steps.copies, steps.result
        ));
        let product = layout_core::algebra::product_steps(&steps.block, &steps.copies)?;
        if let Some(r) = product.rounded {
            self.rounded(r, "the copies'", &steps.block);
        }
        Ok(())
    }

    /// `upcast(L, N)` and `downcast(L, N)`, leaf by leaf.
    pub(super) fn recast(&mut self, wider: bool, l: &Layout, n: i64, result: &Value) -> Result<()> {
        let Value::Layout(r) = result else {
            return Ok(());
        };
        self.say(&if wider {
            format!("elements {n} times wider: a stride-1 leaf's extent and every other stride divided by {n} (rounded up), stride 0 kept")
        } else {
            format!("elements {n} times narrower: a stride-1 leaf's extent and every other stride times {n}")
        });
        let leaves = l
            .leaf_modes()
            .zip(r.leaf_modes())
            .map(|((s, d), (t, e))| format!("{s}:{d} → {t}:{e}"));
        self.step(&format!("leaf by leaf: {}", join(leaves, ", ")));
        self.note(&format!("= {r}"));
        Ok(())
    }

    /// `recast_layout(L, OLD, NEW)`: the ratio, then upcast and downcast.
    pub(super) fn recast_layout(
        &mut self,
        l: &Layout,
        old: i64,
        new: i64,
        result: &Value,
    ) -> Result<()> {
        let g = gcd(old, new);
        let (p, q) = (new / g, old / g);
        let plan = match (p, q) {
            (1, 1) => "the same width".to_string(),
            (_, 1) => format!("upcast by {p}"),
            (1, _) => format!("downcast by {q}"),
            _ => format!("upcast by {p}, then downcast by {q}"),
        };
        self.say(&format!(
            "{old}-bit elements seen as {new}-bit ones: {new}/{old} = {p}/{q}, so {plan}"
        ));
        let up = upcast(l, p)?;
        if p != 1 {
            self.step(&format!("upcast(L, {p}) = {up}"));
        }
        if q != 1 {
            self.step(&format!("downcast({up}, {q}) = {}", downcast(&up, q)?));
        }
        if (p, q) == (1, 1) {
            self.step("the same width: L itself");
        }
        self.note(&format!("= {result}"));
        Ok(())
    }

    /// `complement(A, SHAPE)`: CuTe's tuple cotarget, set against the
    /// integer complement of its size.
    pub(super) fn complement_to_shape(
        &mut self,
        a: &Layout,
        shape: &IntTuple,
        result: &Value,
    ) -> Result<()> {
        self.say(&format!(
            "A* = complement(A, {shape}) with A = {a}: A's holes, then copies of A past its span, as many as ceil_div({shape}, span) has elements (CuTe divides the extents left to right)"
        ));
        self.step(&format!("= {result}"));
        if let Ok(n) = shape.size()
            && let Ok(by_size) = complement(a, n)
        {
            self.note(&format!(
                "(complement(A, size {shape} = {n}) would be {by_size})"
            ));
        }
        Ok(())
    }

    /// Whether a constructed layout is compact: its stride-0 modes aside,
    /// it reaches every offset below its size exactly once.
    fn compactness(&mut self, r: &Layout) -> Result<()> {
        let f = filter(r)?;
        let (size, cosize) = (f.size(), f.cosize());
        if size == cosize {
            self.note(&format!(
                "compact: size {size} = cosize {cosize} (stride-0 modes aside)"
            ));
        } else {
            self.note(&format!(
                "not compact: size {size}, cosize {cosize} (equal orders share a stride)"
            ));
        }
        Ok(())
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}
