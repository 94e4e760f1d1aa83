//! Thread–value layouts and CuTe's MMA and copy atoms: one entry each.
//! Atoms and operands are bare names (`SM80_16x8x16_F16F16F16F16_TN`,
//! `A`); their arguments accept any value and are told apart here. The
//! atoms' functions are static-only: in `layout!`, a name that is no atom
//! (a misspelling) is a variable, and a variable is no atom.

use super::calls::first;
use super::{BASE, Function, Kind, Narration, Returns, layout_of};
use crate::atoms::{Atom, CopyAtom, MmaAtom, Operand};
use crate::coerce::Accepts::{Any, Layout};
use crate::coerce::Args;
use crate::error::{CallError, ErrorKind, Result};
use crate::tv;
use crate::value::Value;

/// The TV-layout and atom functions.
pub(super) const FUNCTIONS: &[Function] = &[
    Function {
        name: "layout_tv",
        tv_panels: crate::tv::LAYOUT_TV,
        narration: Narration::LayoutTv,
        usage: "layout_tv(THR, VAL)",
        arity: 2..=2,
        args: &[Layout, Layout],
        blame: first,
        about: "make_tiled_copy's (thread, value) -> tile index layout: right_inverse(raked_product(THR, VAL)) as (size THR, size VAL)",
        example: "layout_tv((4,8):(1,4), (2,2):(1,2))",
        apply: |a| tv::layout_tv(a.layout(0)?, a.layout(1)?).map(layout_of),
        ..BASE
    },
    Function {
        name: "layout_tv_tile",
        narration: Narration::LayoutTv,
        usage: "layout_tv_tile(THR, VAL)",
        arity: 2..=2,
        args: &[Layout, Layout],
        returns: Returns::Always(Kind::IntTuple),
        blame: first,
        about: "make_tiled_copy's tile: product_each(shape(raked_product(THR, VAL)))",
        example: "layout_tv_tile((4,8):(1,4), (2,2):(1,2))",
        apply: |a| tv::layout_tv_tile(a.layout(0)?, a.layout(1)?).map(Value::IntTuple),
        ..BASE
    },
    Function {
        name: "mma_shape",
        narration: Narration::MmaShape,
        static_only: true,
        usage: "mma_shape(ATOM)",
        args: &[Any],
        returns: Returns::Always(Kind::IntTuple),
        about: "an MMA atom's (M,N,K)",
        example: "mma_shape(SM80_16x8x16_F16F16F16F16_TN)",
        apply: |a| mma_atom(a, 0)?.shape().map(Value::IntTuple),
        ..BASE
    },
    Function {
        name: "mma_threads",
        narration: Narration::MmaThreads,
        static_only: true,
        usage: "mma_threads(ATOM)",
        args: &[Any],
        about: "an MMA atom's ThrID: its thread index -> thread",
        example: "mma_threads(SM70_8x8x4_F32F16F16F32_NT)",
        apply: |a| mma_atom(a, 0)?.threads().map(layout_of),
        ..BASE
    },
    Function {
        name: "mma_layout",
        tv_panels: crate::tv::MMA_LAYOUT,
        narration: Narration::AtomLayout,
        static_only: true,
        usage: "mma_layout(ATOM, OPERAND)",
        arity: 2..=2,
        args: &[Any, Any],
        about: "an MMA atom's TV layout of A (M,K), B (N,K) or C (M,N): (thread, value) -> index",
        example: "mma_layout(SM80_16x8x16_F16F16F16F16_TN, A)",
        apply: |a| {
            mma_atom(a, 0)?
                .layout(operand(a, 1)?)
                .map_err(a.at(1))
                .map(layout_of)
        },
        ..BASE
    },
    Function {
        name: "copy_layout",
        tv_panels: crate::tv::COPY_LAYOUT,
        narration: Narration::AtomLayout,
        static_only: true,
        usage: "copy_layout(ATOM, SRC_OR_DST)",
        arity: 2..=2,
        args: &[Any, Any],
        about: "a copy atom's TV layout of SRC or DST: (thread, value) -> bit",
        example: "copy_layout(SM75_U32x4_LDSM_N, SRC)",
        apply: |a| {
            copy_atom(a, 0)?
                .layout(operand(a, 1)?)
                .map_err(a.at(1))
                .map(layout_of)
        },
        ..BASE
    },
    Function {
        name: "tiled_mma_layout",
        tv_panels: crate::tv::TILED_MMA_LAYOUT,
        narration: Narration::TiledMma,
        static_only: true,
        usage: "tiled_mma_layout(ATOM, ATOM_LAYOUT, OPERAND)",
        arity: 3..=3,
        args: &[Any, Layout, Any],
        blame: second,
        about: "make_tiled_mma(ATOM, ATOM_LAYOUT)'s get_layoutA_TV/B/C: (thread, value) -> index",
        example: "tiled_mma_layout(SM80_16x8x16_F16F16F16F16_TN, (2,2,1):(1,2,4), C)",
        apply: |a| {
            let (atom, operand) = (mma_atom(a, 0)?, operand(a, 2)?);
            tv::tiled_mma_layout(atom, a.layout(1)?, operand).map(layout_of)
        },
        ..BASE
    },
];

/// The atom layout, whatever the error (the operand is checked first).
fn second(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Call(CallError::WrongType { .. }) => Some(2),
        _ => Some(1),
    }
}

fn mma_atom(a: &Args, i: usize) -> Result<&'static MmaAtom> {
    match a.values[i] {
        Value::Atom(Atom::Mma(atom)) => Ok(atom),
        _ => Err(a.wrong(i, "an MMA atom (`SM80_16x8x16_F16F16F16F16_TN`, …)")),
    }
}

fn copy_atom(a: &Args, i: usize) -> Result<&'static CopyAtom> {
    match a.values[i] {
        Value::Atom(Atom::Copy(atom)) => Ok(atom),
        _ => Err(a.wrong(i, "a copy atom (`SM75_U32x4_LDSM_N`, …)")),
    }
}

fn operand(a: &Args, i: usize) -> Result<Operand> {
    match a.values[i] {
        Value::Operand(o) => Ok(o),
        _ => Err(a.wrong(i, "`A`, `B`, `C`, `SRC` or `DST`")),
    }
}
