//! CuTe's MMA and copy atoms as named constants: their shapes, thread
//! layouts and thread–value layouts, transcribed from CUTLASS
//! `include/cute/atom/mma_traits_sm*.hpp` and `copy_traits_sm75.hpp`
//! (commit 7107b05) and checked against a host-side CuTe program's
//! `print` of each trait (`tests/golden/atoms.jsonl`).
//!
//! Layouts are kept as notation text, one place per fact, and parsed when
//! asked for. An MMA's `A`, `B`, `C` layouts map `(thread, value)` to the
//! column-major index of an element of the `(M,K)`, `(N,K)`, `(M,N)` tile;
//! a copy atom's `SRC`/`DST` layouts map `(thread, value)` to a bit
//! offset, as CuTe's copy traits count.

mod sm70;
mod sm75;
mod sm80;
mod sm89;
mod sm90;

use core::fmt;

use crate::error::{CallError, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// An MMA atom: `MMA_Traits<NAME>`'s `Shape_MNK`, `ThrID` and the
/// `ALayout`/`BLayout`/`CLayout` TV layouts.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct MmaAtom {
    /// CuTe's name of the operation (`SM80_16x8x16_F16F16F16F16_TN`).
    pub name: &'static str,
    shape: &'static str,
    threads: &'static str,
    a: &'static str,
    b: &'static str,
    c: &'static str,
}

/// A copy atom: `Copy_Traits<NAME>`'s `ThrID`, `SrcLayout` and `DstLayout`
/// (in bits).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct CopyAtom {
    /// CuTe's name of the operation (`SM75_U32x4_LDSM_N`).
    pub name: &'static str,
    threads: &'static str,
    src: &'static str,
    dst: &'static str,
}

/// An MMA or a copy atom, as a notation value (its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    /// An MMA atom.
    Mma(&'static MmaAtom),
    /// A copy atom.
    Copy(&'static CopyAtom),
}

/// Which TV layout of an atom: an MMA's operands `A`, `B`, `C`, a copy's
/// `SRC`, `DST`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// The MMA's `A` operand, over `(M,K)`.
    A,
    /// The MMA's `B` operand, over `(N,K)`.
    B,
    /// The MMA's accumulator, over `(M,N)`; `C` in the notation (a variant
    /// named `C` would make rustc print the typed layouts' `C<N>` with its
    /// whole path in every error).
    Acc,
    /// A copy's source.
    Src,
    /// A copy's destination.
    Dst,
}

/// Every MMA atom the notation names.
pub static MMA_ATOMS: &[&[MmaAtom]] = &[sm70::MMA, sm75::MMA, sm80::MMA, sm89::MMA, sm90::MMA];

/// Every copy atom the notation names.
pub static COPY_ATOMS: &[&[CopyAtom]] = &[sm75::COPY];

/// The operand names, as the notation writes them.
pub const OPERANDS: &[(&str, Operand)] = &[
    ("A", Operand::A),
    ("B", Operand::B),
    ("C", Operand::Acc),
    ("SRC", Operand::Src),
    ("DST", Operand::Dst),
];

/// The MMA atom called `name`.
///
/// ```
/// let atom = layout_core::atoms::mma("SM80_16x8x16_F16F16F16F16_TN").unwrap();
/// assert_eq!(atom.shape().unwrap().to_string(), "(16,8,16)");
/// ```
#[must_use]
pub fn mma(name: &str) -> Option<&'static MmaAtom> {
    MMA_ATOMS
        .iter()
        .flat_map(|s| s.iter())
        .find(|a| a.name == name)
}

/// The copy atom called `name`.
#[must_use]
pub fn copy(name: &str) -> Option<&'static CopyAtom> {
    COPY_ATOMS
        .iter()
        .flat_map(|s| s.iter())
        .find(|a| a.name == name)
}

/// Every atom's name, MMAs first, then the operand names: the bare names
/// the notation knows besides [`crate::KEYWORDS`].
pub fn names() -> impl Iterator<Item = &'static &'static str> {
    let mmas = MMA_ATOMS.iter().flat_map(|s| s.iter()).map(|a| &a.name);
    let copies = COPY_ATOMS.iter().flat_map(|s| s.iter()).map(|a| &a.name);
    mmas.chain(copies).chain(OPERANDS.iter().map(|(n, _)| n))
}

fn parse(text: &str) -> Result<Layout> {
    text.parse()
}

impl MmaAtom {
    /// `Shape_MNK`: the `(M,N,K)` one instruction computes.
    pub fn shape(&self) -> Result<IntTuple> {
        self.shape.parse()
    }

    /// `ThrID`: the atom's thread index → the thread of the warp (group).
    pub fn threads(&self) -> Result<Layout> {
        parse(self.threads)
    }

    /// The TV layout of operand `A`, `B` or `C`.
    pub fn layout(&self, operand: Operand) -> Result<Layout> {
        match operand {
            Operand::A => parse(self.a),
            Operand::B => parse(self.b),
            Operand::Acc => parse(self.c),
            Operand::Src | Operand::Dst => Err(operand.not_of_mma()),
        }
    }
}

impl CopyAtom {
    /// `ThrID`: the atom's thread index → the thread of the warp.
    pub fn threads(&self) -> Result<Layout> {
        parse(self.threads)
    }

    /// The TV layout of `SRC` or `DST`, `(thread, value)` → bit.
    pub fn layout(&self, operand: Operand) -> Result<Layout> {
        match operand {
            Operand::Src => parse(self.src),
            Operand::Dst => parse(self.dst),
            _ => Err(CallError::WrongType {
                expected: "`SRC` or `DST`",
                found: operand.describe(),
            }
            .into()),
        }
    }
}

impl Operand {
    /// The notation's name: `A`, `B`, `C`, `SRC`, `DST`.
    #[must_use]
    pub fn name(self) -> &'static str {
        OPERANDS
            .iter()
            .find(|(_, o)| *o == self)
            .map_or("", |(n, _)| n)
    }

    /// The name in backquotes, as errors quote it.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Operand::A => "`A`",
            Operand::B => "`B`",
            Operand::Acc => "`C`",
            Operand::Src => "`SRC`",
            Operand::Dst => "`DST`",
        }
    }

    pub(crate) fn not_of_mma(self) -> crate::Error {
        CallError::WrongType {
            expected: "`A`, `B` or `C`",
            found: self.describe(),
        }
        .into()
    }
}

impl Atom {
    /// CuTe's name of the atom.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Atom::Mma(a) => a.name,
            Atom::Copy(a) => a.name,
        }
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The value a bare name stands for, when it names an atom or an operand.
pub(crate) fn keyword(name: &str) -> Option<crate::Value> {
    use crate::Value;
    if let Some(a) = mma(name) {
        return Some(Value::Atom(Atom::Mma(a)));
    }
    if let Some(a) = copy(name) {
        return Some(Value::Atom(Atom::Copy(a)));
    }
    OPERANDS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, o)| Value::Operand(*o))
}
