//! `layout explain`: an expression's derivation in words and numbers.
//!
//! Every number shown comes from a layout-core call (`idx2crd`, `coalesce`,
//! `complement`, `composition`, …) on the expression's own operands; this
//! module only chooses which calls show the steps CuTe takes and words them.
//! Nested calls are explained first, innermost first, so each section can
//! use the results above it.

mod algebra;
mod construct;
mod index;
mod modes;
mod partition;
mod seeds;
mod swizzle;
mod tiling;
mod tv;
mod views;

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{Narration as N, Tiling};
use layout_core::{IntTuple, Layout, Major, Result, Tiler, Value, eval};

use crate::report::Failure;
use crate::style::Styles;

/// The explanation of `src`, or the error that evaluating it gives (checked
/// first, so a failing expression explains nothing, except a refused
/// `composition(A, B)`: its steps up to the refusal ride in `Failure::shown`).
pub fn explain(src: &str, styles: Styles) -> Result<String, Failure> {
    let expr = layout_core::notation::parse(src)?;
    let mut x = Explainer {
        src,
        out: String::new(),
        step: 0,
        styles,
    };
    let value = match eval(&expr) {
        Ok(value) => value,
        Err(error) => {
            // A refused composition still has steps worth showing.
            let mut failure = Failure::from(error);
            if x.refused(&expr) {
                failure.shown = Some(x.out.trim_end().to_string() + "\n");
            }
            return Err(failure);
        }
    };
    if x.calls(&expr)? == 0 {
        x.literal(&expr, &value);
    }
    Ok(x.out.trim_end().to_string() + "\n")
}

/// Writes the sections; `step` numbers the steps of the current one.
pub(crate) struct Explainer<'a> {
    src: &'a str,
    out: String,
    step: usize,
    styles: Styles,
}

impl<'a> Explainer<'a> {
    /// Explain every call in `e`, innermost first; returns how many there were.
    fn calls(&mut self, e: &Expr) -> Result<usize> {
        Ok(match &e.kind {
            // A scaled basis `V@I` is notation, not a call worth a section.
            ExprKind::Call { name, .. } if name == layout_core::notation::BASIS_CALL => 0,
            ExprKind::Call { name, args, .. } => {
                let mut inner = 0;
                for arg in args {
                    inner += self.calls(arg)?;
                }
                // As the call reads them (a composition's tiler `<…>` its own way).
                let values = layout_core::eval_arguments(name, args)?;
                let result = eval(e)?;
                self.heading(&format!("{} = {result}", self.text(e)));
                self.call(name, args, &values, &result)?;
                self.out.push('\n');
                inner + 1
            }
            ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
                let mut n = 0;
                for item in items {
                    n += self.calls(item)?;
                }
                n
            }
            ExprKind::Layout(shape, stride) => self.calls(shape)? + self.calls(stride)?,
            _ => 0,
        })
    }

    fn call(&mut self, name: &str, args: &[Expr], v: &[Value], result: &Value) -> Result<()> {
        // A nested call's result was explained above; recall it by its text.
        for (i, arg) in args.iter().enumerate() {
            if matches!(arg.kind, ExprKind::Call { .. }) {
                self.say(&format!(
                    "(operand {} is {} = {})",
                    i + 1,
                    self.text(arg),
                    v[i]
                ));
            }
        }
        // The registry's entry says which narration; the CLI knows no
        // function by name.
        let Some(f) = layout_core::function(name) else {
            return Ok(());
        };
        let narration = f.narration;
        // `access` reads its data through a composed layout; it is not a
        // function lifted to the inner layout.
        let lifted = !matches!(narration, N::Access);
        if let Some(c) = v.iter().find_map(|x| match x {
            Value::Composed(c) if lifted => Some(c),
            _ => None,
        }) {
            self.through_inner(name, narration, v, c, result);
            return Ok(());
        }
        if matches!(f.tiling, Some(Tiling::Composition))
            && v.iter().any(|x| matches!(x, Value::Swizzle(_)))
        {
            self.swizzle_composition(v, result);
            return Ok(());
        }
        // Divides, products and composition: the registry says which, and
        // the core gives their steps.
        if let (N::Tiling, Some(how)) = (narration, f.tiling) {
            return match (how, v) {
                (Tiling::Composition, [a, Value::BasisLayout(b)]) => {
                    self.composition_into_coordinates(a, b, result)
                }
                (Tiling::Composition, [Value::BasisLayout(a), Value::Layout(b)]) => {
                    self.composition_of_coordinates(a, b, result)
                }
                (_, [Value::BasisLayout(_), _]) => Ok(()),
                (Tiling::Composition, [Value::Layout(a), b]) => {
                    self.composition(a, &Tiler::for_composition(b.clone())?, result)
                }
                (Tiling::Divide(form), [Value::Layout(a), t]) => {
                    self.divide(form, a, &Tiler::try_from(t.clone())?)
                }
                (Tiling::Product(form), [Value::Layout(a), t]) => {
                    self.product(form, a, &Tiler::try_from(t.clone())?)
                }
                (Tiling::ZipProduct { raked }, [Value::Layout(a), Value::Layout(b)]) => {
                    self.zip_product(raked, a, b)
                }
                _ => Ok(()),
            };
        }
        if self.modes(name, narration, v, result)? {
            return Ok(());
        }
        match (narration, v) {
            (N::Crd2idx, [Value::IntTuple(c), Value::Layout(l)]) => self.crd2idx(c, l, result),
            (N::Crd2idx, [Value::IntTuple(c), Value::IntTuple(s), Value::IntTuple(d)]) => {
                let l = Layout::new(s.clone(), d.clone())?;
                self.crd2idx(c, &l, result)
            }
            (N::Idx2crd, [Value::IntTuple(i), Value::IntTuple(s)]) => self.idx2crd(i, s, result),
            (N::Idx2crd, [Value::IntTuple(IntTuple::Int(i)), Value::IntTuple(s), how]) => {
                self.idx2crd_strided(*i, s, how, result)
            }
            (N::Size | N::Cosize | N::Rank | N::Depth | N::Part, [x]) => {
                self.property(name, narration, x, result)
            }
            (N::MakeLayout, _) => self.make_layout(v, result),
            (N::Slice { dice }, [c, Value::Layout(l)]) => self.slice(name, dice, c, l, result),
            (N::Partition { outer, by_thread }, _) => {
                self.partition(name, outer, by_thread, v, result)
            }
            (N::Coalesce, [Value::Layout(l)]) => self.coalesce(l, result),
            (N::Coalesce, [Value::Layout(l), Value::IntTuple(p)]) => self.coalesce_by(l, p, result),
            (N::Filter, [Value::Layout(l)]) => self.filter(l, result),
            (N::Flatten, [x]) => self.flatten(x, result),
            (N::Complement, [Value::Layout(a)]) => self.complement(a, a.cosize(), true, result),
            (N::Complement, [Value::Layout(a), Value::IntTuple(IntTuple::Int(m))]) => {
                self.complement(a, *m, false, result)
            }
            (N::Complement, [Value::Layout(a), Value::IntTuple(t)]) => {
                self.complement_to_shape(a, t, result)
            }
            (N::OrderedLayout, [Value::IntTuple(s), o]) => self.ordered(s, o, result),
            (N::LayoutLike, [Value::Layout(l)]) => self.layout_like(l, result),
            (N::IdentityLayout, [Value::IntTuple(s)]) => self.identity(s, result),
            (N::FragmentLike, [x]) => self.fragment_like(x, result),
            (N::TileToShape, [Value::Layout(b), Value::IntTuple(t), rest @ ..]) => {
                let (order, named) = match rest {
                    [Value::IntTuple(o)] => (Some(o.clone()), format!("in the order {o}")),
                    [Value::Major(Major::LayoutRight)] => {
                        let places = (0..t.rank() as i64).rev().map(IntTuple::Int);
                        (
                            Some(IntTuple::Tuple(places.collect())),
                            "row-major (LayoutRight)".into(),
                        )
                    }
                    _ => (None, "column-major".into()),
                };
                self.tile_to_shape(b, t, order.as_ref(), &named)
            }
            (N::Recast { wider }, [Value::Layout(l), Value::IntTuple(IntTuple::Int(n))]) => {
                self.recast(wider, l, *n, result)
            }
            (
                N::RecastLayout,
                [
                    Value::Layout(l),
                    Value::IntTuple(IntTuple::Int(old)),
                    Value::IntTuple(IntTuple::Int(new)),
                ],
            ) => self.recast_layout(l, *old, *new, result),
            (N::RightInverse, [Value::Layout(l)]) => self.right_inverse(l, result),
            (N::LeftInverse, [Value::Layout(l)]) => self.left_inverse(l, result),
            (N::LayoutTv | N::MmaShape | N::MmaThreads | N::AtomLayout | N::TiledMma, _) => {
                self.tv(narration, v, result)
            }
            (N::Swizzle | N::ComposedLayout | N::Access, _) => {
                self.swizzled(name, narration, v, result)
            }
            _ => self.seed(name, narration, args, v, result),
        }
    }

    /// The kernel-library idioms' functions; a view
    /// operand (`diagonal`, `table`, …) may be a layout, read from 0.
    fn seed(
        &mut self,
        name: &str,
        narration: N,
        args: &[Expr],
        v: &[Value],
        result: &Value,
    ) -> Result<()> {
        use IntTuple::Int;
        use Value::IntTuple as T;
        let view = v.first().and_then(views::view_of);
        match (narration, v, view) {
            (N::Broadcast, _, _) => {
                let labels: Vec<&str> = args.iter().map(|a| self.text(a).trim()).collect();
                self.broadcast(&labels, v, result)
            }
            (N::BroadcastTo, [Value::Layout(l), T(s)], _) => self.broadcast_to(l, s, result),
            (N::RealAxis, [T(Int(a)), T(Int(r))], _) => {
                self.real_axis(*a, *r, result);
                Ok(())
            }
            (N::Descriptor, _, _) => self.descriptor(v, result),
            (N::Diagonal, [_, rest @ ..], Some(input)) => {
                let int = |i: usize, default: i64| match rest.get(i) {
                    Some(T(Int(n))) => *n,
                    _ => default,
                };
                // torch's defaults: offset 0, dims 0 and 1.
                self.diagonal(&input, [int(0, 0), int(1, 0), int(2, 1)], result)
            }
            (N::Table, [_], Some(input)) => self.table(&input, result),
            (N::Stripes, [_, T(Int(axis))], Some(input)) => self.stripes(&input, *axis, result),
            (N::SliceAxis, [_, T(Int(axis)), T(Int(i))], Some(input)) => {
                self.slice_axis(&input, *axis, *i, result)
            }
            (N::Block, [_, T(tile), T(i)], Some(input)) => self.block(&input, tile, i, result),
            (N::View, _, _) => {
                self.view(result);
                Ok(())
            }
            (N::Positions, [_, rest @ ..], Some(input)) => {
                let start = match rest {
                    [T(s)] => Some(s),
                    _ => None,
                };
                self.positions(&input, start, result)
            }
            _ => {
                self.say(&format!(
                    "(no step-by-step explanation for `{name}`: this is its result)"
                ));
                Ok(())
            }
        }
    }

    /// A top-level value with no call in it: what it is, in numbers.
    fn literal(&mut self, e: &Expr, value: &Value) {
        self.heading(self.text(e).trim());
        match value {
            Value::Layout(l) => self.describe_layout(l),
            Value::IntTuple(IntTuple::Int(n)) => self.say(&format!("the integer {n}")),
            Value::IntTuple(t) => self.say(&format!(
                "a tuple of rank {}, depth {}, size {}",
                t.rank(),
                t.depth(),
                t.size()
                    .map_or_else(|_| "too large".into(), |s| s.to_string())
            )),
            Value::Tiler(t) => self.say(&format!(
                "a by-mode tiler: mode i of a layout is divided (or multiplied) by element i of {t}"
            )),
            other => self.say(&format!("a tag, {}", other.describe())),
        }
    }

    fn text(&self, e: &Expr) -> &'a str {
        &self.src[e.span.start..e.span.end]
    }

    fn heading(&mut self, text: &str) {
        let h = self.styles.heading;
        self.out
            .push_str(&format!("{}{text}{}\n", h.render(), h.render_reset()));
        self.step = 0;
    }

    /// A line of the current section.
    fn say(&mut self, text: &str) {
        self.out.push_str(&format!("  {text}\n"));
    }

    /// The next numbered step.
    fn step(&mut self, text: &str) {
        self.step += 1;
        self.out.push_str(&format!("  {}. {text}\n", self.step));
    }

    /// A line under the current step.
    fn note(&mut self, text: &str) {
        self.out.push_str(&format!("       {text}\n"));
    }
}

/// `a·b + c·d + …` style joins.
fn join<T: ToString>(items: impl IntoIterator<Item = T>, sep: &str) -> String {
    items
        .into_iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

#[cfg(test)]
mod tests;
