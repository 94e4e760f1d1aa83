//! The tokens of layouts with scaled-basis strides (`make_identity_layout`'s
//! kind), folded: the facade's `BasisLayout` (src/private/basis.rs), one
//! integer layout per entry of the coordinate it maps to, and coordinates
//! (the offset of a view, a lone scaled basis) as tuples of `isize`.

use layout_core::{BasisLayout, BasisTuple, BasisView, IntTuple, ScaledBasis};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::emit::{self, Untypable};

/// `BasisLayout::<_, O, K>::new(SHAPE, STRIDES)`: the shape as a folded
/// layout's (`usize` literals, `C::<N>` after `type`), each leaf's stride
/// with the coordinate entry it adds to.
pub fn layout(l: &BasisLayout, zero_sized: bool) -> Result<TokenStream, Untypable> {
    let (shape, _) = emit::shape(l.shape(), zero_sized)?;
    let (form, slots) = slots(l);
    let (coordinate, entries) = (
        form_type(&form),
        Literal::usize_unsuffixed(form.leaves().count()),
    );
    let private = emit::private();
    let strides = l
        .leaf_strides()
        .iter()
        .zip(slots)
        .map(|(d, slot)| match slot {
            Some(slot) => {
                let scale = emit::int(d.value());
                let path = d.modes().iter().map(|&m| Literal::usize_unsuffixed(m));
                quote!(#private::BasisStride::new(#scale, &[#(#path),*], #slot))
            }
            None => quote!(#private::BasisStride::ZERO),
        });
    Ok(quote!({
        const STRIDES: &[#private::BasisStride] = &[#(#strides),*];
        #private::BasisLayout::<_, #coordinate, #entries>::new(#shape, STRIDES)
    }))
}

/// The type of [`layout`]'s tokens, for `layout_type!`.
pub fn layout_type(l: &BasisLayout, zero_sized: bool) -> Result<TokenStream, Untypable> {
    let (_, shape) = emit::shape(l.shape(), zero_sized)?;
    let (form, _) = slots(l);
    let (coordinate, entries) = (
        form_type(&form),
        Literal::usize_unsuffixed(form.leaves().count()),
    );
    let private = emit::private();
    Ok(quote!(#private::BasisLayout<#shape, #coordinate, #entries>))
}

/// CuTe's `slice_and_offset` pair: the kept modes and the coordinate they
/// start at.
pub fn view(v: &BasisView, zero_sized: bool) -> Result<TokenStream, Untypable> {
    let layout = layout(v.layout(), zero_sized)?;
    let offset = coordinate(v.offset()).expect("a view's offset is a coordinate");
    Ok(quote!((#layout, #offset)))
}

/// A coordinate as `isize` literals: a tuple of integers as it is, a lone
/// scaled basis `v@i` as the tuple with `v` at entry `i` and zeros before
/// (the entries its layout's `crd2idx` has); `None` for a stride tuple.
pub fn coordinate(t: &BasisTuple) -> Option<TokenStream> {
    fn plain(t: &BasisTuple) -> Option<IntTuple> {
        match t {
            BasisTuple::Leaf(d) if d.is_basis() => None,
            BasisTuple::Leaf(d) => Some(IntTuple::Int(d.value())),
            BasisTuple::Tuple(items) => items
                .iter()
                .map(plain)
                .collect::<Option<_>>()
                .map(IntTuple::Tuple),
        }
    }
    let t = match t {
        BasisTuple::Leaf(d) if d.is_basis() => padded(d),
        t => plain(t)?,
    };
    Some(isize_tuple(&t))
}

/// `v@P` as a tuple: `v` at path `P`, zeros before it at every level.
fn padded(d: &ScaledBasis) -> IntTuple {
    d.modes()
        .iter()
        .rev()
        .fold(IntTuple::Int(d.value()), |inner, &m| {
            let mut items = vec![IntTuple::Int(0); m];
            items.push(inner);
            IntTuple::Tuple(items)
        })
}

fn isize_tuple(t: &IntTuple) -> TokenStream {
    match t {
        IntTuple::Int(i64::MIN) => quote!(::core::primitive::isize::MIN),
        IntTuple::Int(n) => {
            let abs = Literal::isize_suffixed(n.unsigned_abs() as isize);
            if *n < 0 { quote!(-#abs) } else { quote!(#abs) }
        }
        IntTuple::Tuple(items) => emit::tuple(items.iter().map(isize_tuple).collect()),
    }
}

/// The coordinate's form and each leaf's entry (the core decides both).
fn slots(l: &BasisLayout) -> (IntTuple, Vec<Option<usize>>) {
    l.coordinate_slots()
        .expect("a checked basis layout has no clashing paths")
}

/// The Rust type of a coordinate of form `t`: `isize` per entry.
fn form_type(t: &IntTuple) -> TokenStream {
    match t {
        IntTuple::Int(_) => quote!(isize),
        IntTuple::Tuple(items) => emit::tuple(items.iter().map(form_type).collect()),
    }
}
