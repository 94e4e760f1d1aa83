//! The one registry of the notation's functions: for each, its name, how it
//! is called, what its arguments and result are, which argument its errors
//! blame, and the Rust function that evaluates it.
//!
//! Everything that knows about functions reads [`FUNCTIONS`]: the evaluator
//! (look-up, arity, argument kinds, blame), the `layout!` macro (the kind of
//! Rust value a call gives, which calls need static arguments, which typed
//! code it writes for dynamic leaves: [`TypedForm`]), the `layout`
//! CLI (which picture `print` draws, which recipe `explain` narrates, its
//! `--help` list) and the README's list of functions (a test compares them).
//! The table is in sections, one file each: CuTe's functions
//! (`registry/cute.rs`), CuTe's mode editing, analysis and integer-tuple
//! arithmetic (`registry/modes.rs`), CuTe's ordered constructors and recasts
//! (`registry/constructors.rs`), CuTe's slicing with `_`
//! (`registry/tensor.rs`), CuTe's partitioning (`local_tile`, …,
//! `registry/partition.rs`), the kernel-library idioms' (`registry/idioms.rs`),
//! the TV layouts' and atoms' (`registry/atoms.rs`) and the swizzles' and
//! access analysis' (`registry/swizzle.rs`); a new function is one entry in
//! its section, plus its algebra.

mod atoms;
mod basis;
mod calls;
mod composed_calls;
mod constructors;
mod cute;
mod idiom_calls;
mod idioms;
mod mode_calls;
mod modes;
mod narration;
mod partition;
mod swizzle;
mod tensor;
mod typed;

use alloc::format;
use alloc::string::String;
use core::iter::{Copied, Flatten};
use core::ops::RangeInclusive;
use core::slice;

use crate::algebra::Form;
use crate::coerce::Accepts::{Layout, Tiler};
use crate::error::{ErrorKind, Result};
use crate::value::Value;
use calls::{algebra, divide};

/// A call's own handling of swizzle arguments: see [`Function::on_swizzle`].
pub type OnSwizzle = fn(&Args) -> Option<Result<Value>>;

/// The drawing of a TV layout call: see [`Function::tv_panels`].
pub type TvPanels = fn(&Value, &[Value]) -> Option<Result<alloc::vec::Vec<crate::tv::TvPanel>>>;

pub use crate::coerce::{Accepts, Args};
pub(crate) use basis::basis_call;
pub use basis::{OnBasis, ProxyFinish};
pub use narration::Narration;
pub(crate) use swizzle::composed_call;
pub use swizzle::{Lifted, LiftedFinish};
pub use typed::{Arith, Construct, Partition, Query, StaticAnswer, TypedForm};

/// Every function the notation knows, section by section: CuTe's, its
/// modes and analysis, constructors and recasts, slicing, partitioning, the kernel-library
/// idioms', the TV layouts and atoms, then the swizzles and access analysis.
///
/// ```
/// let names: Vec<&str> = layout_core::FUNCTIONS.iter().map(|f| f.name).collect();
/// assert_eq!(names[..2], ["size", "cosize"]);
/// assert!(names.contains(&"slice_axis"));
/// ```
pub static FUNCTIONS: Registry = Registry(&[
    cute::FUNCTIONS,
    modes::FUNCTIONS,
    constructors::FUNCTIONS,
    tensor::FUNCTIONS,
    partition::FUNCTIONS,
    idioms::FUNCTIONS,
    atoms::FUNCTIONS,
    swizzle::FUNCTIONS,
]);

/// The table of functions, in sections (see [`FUNCTIONS`]).
#[derive(Clone, Copy, Debug)]
pub struct Registry(&'static [&'static [Function]]);

impl Registry {
    /// Every entry, in order.
    pub fn iter(self) -> impl Iterator<Item = &'static Function> + Clone {
        self.into_iter()
    }
}

impl IntoIterator for Registry {
    type Item = &'static Function;
    type IntoIter = Flatten<Copied<slice::Iter<'static, &'static [Function]>>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().copied().flatten()
    }
}

/// A function of the notation: one entry of [`FUNCTIONS`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Function {
    /// The name, CuTe's where CuTe has the function.
    pub name: &'static str,
    /// How it is called, for help texts: `NAME(A, B[, C])`, alternatives
    /// `|`, optional arguments `[…]`, repeated ones `…`.
    pub usage: &'static str,
    /// How many arguments it takes (`usize::MAX`: no limit).
    pub arity: RangeInclusive<usize>,
    /// What argument `i` may be (the last entry stands for any further
    /// ones); checked before the function is called.
    pub args: &'static [Accepts],
    /// What the result is.
    pub returns: Returns,
    /// Which argument an error of the given kind is about, when the
    /// function returned it without a span (`None`: the call as a whole).
    pub blame: fn(&ErrorKind) -> Option<usize>,
    /// Whether the `layout!` macro needs every argument known while
    /// compiling (the result is written out in full, like a table).
    pub static_only: bool,
    /// Which typed Rust code the `layout!` macro writes for a call with
    /// dynamic leaves (the macro dispatches on it, not on the name).
    pub typed: TypedForm,
    /// For divides, products and composition: how they tile their first
    /// operand (what `layout print` colours and `layout explain` derives).
    pub tiling: Option<Tiling>,
    /// Which derivation `layout explain` narrates.
    pub narration: Narration,
    /// How it applies to a composed layout, where CuTe defines it on one
    /// (`layout_composed.hpp`); `None`: a composed layout is refused.
    pub on_composed: Option<Lifted>,
    /// Its own calls with a swizzle or composed-layout argument that are
    /// not [`Function::on_composed`]'s lifting (tried first; `None` from
    /// the handler: go on).
    pub on_swizzle: Option<OnSwizzle>,
    /// How it applies to a layout with scaled-basis strides.
    pub on_basis: OnBasis,
    /// For the TV layouts: the picture `layout print` draws of a call,
    /// given its value and its arguments' ([`crate::tv::panels`]; `None`
    /// from the function: not a TV layout).
    pub tv_panels: Option<TvPanels>,
    /// What it does, in one line.
    pub about: &'static str,
    /// A call that evaluates (a test checks it), for help texts and tests.
    pub example: &'static str,
    /// The evaluation, given arguments of the accepted kinds.
    pub apply: fn(&Args) -> Result<Value>,
}

/// A kind of [`Value`], as far as a result's kind is known before evaluating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// An integer.
    Int,
    /// An integer or a tuple of them.
    IntTuple,
    /// A layout.
    Layout,
    /// A view (a layout and a base offset).
    View,
    /// A table of offsets.
    Table,
    /// `true` or `false`.
    Bool,
    /// A swizzle `Sw<B,M,S>`.
    Swizzle,
    /// A composed layout `OUTER o OFFSET o INNER`.
    Composed,
    /// A layout with scaled-basis strides, `(4,8):(1@0,1@1)`.
    BasisLayout,
}

/// The kind of a function's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Returns {
    /// Always this kind.
    Always(Kind),
    /// The kind of argument `i` (`flatten`; `stripes` of a layout or a view).
    LikeArg(usize),
}

/// How a divide, product or composition tiles its first operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Tiling {
    /// `composition(A, B)`: `B` picks cells of `A`.
    Composition,
    /// `*_divide(A, T)`: `A` cut into tiles of `T`, the result grouped by the form.
    Divide(Form),
    /// `*_product(A, T)`: copies of `A` laid out as `T`, grouped by the form.
    Product(Form),
    /// `blocked_product(A, B)` (`raked: false`) or `raked_product(A, B)`.
    ZipProduct {
        /// Whether the copies are interleaved (raked) rather than contiguous.
        raked: bool,
    },
}

impl Function {
    /// The argument count in words, from the numbers: `2 arguments`,
    /// `1 or 2 arguments`, `2 to 4 arguments`, `at least 1 argument`.
    ///
    /// ```
    /// let f = layout_core::function("coalesce").unwrap();
    /// assert_eq!(f.arity_in_words(), "1 or 2 arguments");
    /// ```
    #[must_use]
    pub fn arity_in_words(&self) -> String {
        let (min, max) = (*self.arity.start(), *self.arity.end());
        let noun = |n: usize| if n == 1 { "argument" } else { "arguments" };
        match max {
            _ if min == max => format!("{min} {}", noun(min)),
            usize::MAX => format!("at least {min} {}", noun(min)),
            _ if max == min + 1 => format!("{min} or {max} arguments"),
            _ => format!("{min} to {max} arguments"),
        }
    }

    /// What argument `i` may be.
    #[must_use]
    pub fn accepts(&self, i: usize) -> Accepts {
        let last = self.args.len().saturating_sub(1);
        self.args.get(i.min(last)).copied().unwrap_or(Accepts::Any)
    }
}

/// The function called `name`.
///
/// ```
/// let f = layout_core::function("logical_divide").unwrap();
/// assert_eq!(f.usage, "logical_divide(A, T)");
/// assert!(layout_core::function("logical_divde").is_none());
/// ```
#[must_use]
pub fn function(name: &str) -> Option<&'static Function> {
    // Plain loops and a length test first, not `iter().find`: `layout!`
    // looks names up in every user's debug build, where the flattening
    // iterator's layers cost more than the comparisons (BENCHMARKS.md).
    for section in FUNCTIONS.0 {
        let mut k = 0;
        while k < section.len() {
            let f = &section[k];
            if f.name.len() == name.len() && f.name.as_bytes() == name.as_bytes() {
                return Some(f);
            }
            k += 1;
        }
    }
    None
}

/// The fields most entries share: blame the whole call, arguments may be
/// dynamic in the macro, no tiling, composed layouts and scaled-basis
/// strides refused.
const BASE: Function = Function {
    name: "",
    usage: "",
    arity: 1..=1,
    args: &[],
    returns: Returns::Always(Kind::Layout),
    blame: calls::whole,
    static_only: false,
    typed: TypedForm::RunTime,
    tiling: None,
    narration: Narration::ResultOnly,
    on_composed: None,
    on_swizzle: None,
    on_basis: OnBasis::Refused,
    tv_panels: None,
    about: "",
    example: "",
    apply: |_| unreachable!("every entry has its own `apply`"),
};

const fn layout_of(l: crate::Layout) -> Value {
    Value::Layout(l)
}

/// A divide or product of `(A, T)`, evaluated as its tiling says: the
/// logical divide or product regrouped in the tiling's form.
const fn tiled(
    name: &'static str,
    usage: &'static str,
    tiling: Tiling,
    about: &'static str,
    example: &'static str,
) -> Function {
    tiled_by(name, usage, tiling, about, example, regrouped(tiling))
}

/// The evaluation of a divide's or product's tiling. A `fn` pointer cannot
/// capture the form, so each form has its closure, here and nowhere else.
const fn regrouped(tiling: Tiling) -> fn(&Args) -> Result<Value> {
    use calls::{divide_as, product_as};
    match tiling {
        Tiling::Divide(Form::Logical) => |a| divide_as(a, Form::Logical),
        Tiling::Divide(Form::Zipped) => |a| divide_as(a, Form::Zipped),
        Tiling::Divide(Form::Tiled) => |a| divide_as(a, Form::Tiled),
        Tiling::Divide(Form::Flat) => |a| divide_as(a, Form::Flat),
        Tiling::Product(Form::Logical) => |a| product_as(a, Form::Logical),
        Tiling::Product(Form::Zipped) => |a| product_as(a, Form::Zipped),
        Tiling::Product(Form::Tiled) => |a| product_as(a, Form::Tiled),
        Tiling::Product(Form::Flat) => |a| product_as(a, Form::Flat),
        // The entries are constants: this stops the build, not a program.
        Tiling::Composition | Tiling::ZipProduct { .. } => {
            panic!("composition and the zip products evaluate otherwise: `tiled_by`")
        }
    }
}

/// A composition, divide or product of `(A, T)`, evaluated by `apply`.
const fn tiled_by(
    name: &'static str,
    usage: &'static str,
    tiling: Tiling,
    about: &'static str,
    example: &'static str,
    apply: fn(&Args) -> Result<Value>,
) -> Function {
    Function {
        name,
        usage,
        arity: 2..=2,
        args: &[Layout, Tiler],
        blame: match tiling {
            Tiling::Divide(_) => divide,
            _ => algebra,
        },
        tiling: Some(tiling),
        typed: match tiling {
            Tiling::Composition => TypedForm::Composition,
            Tiling::Divide(form) => TypedForm::Divide(form),
            Tiling::Product(form) => TypedForm::Product(form),
            Tiling::ZipProduct { raked } => TypedForm::ZipProduct { raked },
        },
        narration: Narration::Tiling,
        on_composed: swizzle::RECOMPOSE,
        on_basis: match tiling {
            Tiling::Divide(_) => basis::DIVIDE,
            _ => OnBasis::Refused,
        },
        about,
        example,
        apply,
        ..BASE
    }
}

/// The known name closest to `name`, if it is close enough to be a typo.
pub(crate) fn closest<'k>(
    name: &str,
    known: impl IntoIterator<Item = &'k &'static str>,
) -> Option<&'static str> {
    // The distance is at least the difference in length: a name much
    // longer than every known one (a megabyte token) costs no distance.
    let len = name.chars().count();
    let close = |d: usize, k: &str| d <= 2.max(k.len() / 4);
    known
        .into_iter()
        .filter(|k| close(len.abs_diff(k.chars().count()), k))
        .map(|k| (edit_distance(name, k), *k))
        .filter(|&(d, k)| close(d, k))
        .min()
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: alloc::vec::Vec<char> = b.chars().collect();
    let mut row: alloc::vec::Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests;
