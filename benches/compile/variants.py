#!/usr/bin/env python3
"""Rewrite the 100 `Display`ed algebra results of gen.py's mix, one crate
per variant, to measure what each step of `layout!(…).to_string()` costs
rustc (BENCHMARKS.md, "A `Display`ed result: representations tried").

    python3 benches/compile/gen.py OUT . target/debug/layout 1000
    python3 benches/compile/variants.py OUT FACADE_DIR VARIANT...
    CARGO_TARGET_DIR=OUT/target benches/compile/instructions.sh OUT/v_VARIANT...

Each crate OUT/v_VARIANT holds the functions of OUT/mixed_hand_display
(same names, same results) with the body VARIANT gives (see `body`), and
loads the facade (`use layout_dsl::layout`) whether it uses it or not.
"""
import re
import sys
from pathlib import Path

P = "::layout_dsl::__private"
T = "::layout_dsl::typed::Layout"


def parse(text):
    """`shape:stride` in the notation -> (shape, stride) as nested lists."""
    pos = 0

    def tree():
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            items = []
            while True:
                items.append(tree())
                if text[pos] == ",":
                    pos += 1
                    continue
                assert text[pos] == ")"
                pos += 1
                return items
        m = re.match(r"-?\d+", text[pos:])
        pos += m.end()
        return int(m.group())

    shape = tree()
    assert text[pos] == ":"
    pos += 1
    return shape, tree()


def value(t, suffix="usize"):
    if isinstance(t, int):
        return f"{t}{suffix}"
    inner = ", ".join(value(i, suffix) for i in t)
    return f"({inner},)" if len(t) == 1 else f"({inner})"


def rust_type(t):
    if isinstance(t, int):
        return "usize"
    inner = ", ".join(rust_type(i) for i in t)
    return f"({inner},)" if len(t) == 1 else f"({inner})"


def leaves(t):
    return [t] if isinstance(t, int) else [x for i in t for x in leaves(i)]


def mono_name(shape):
    """The facade's constructor for `shape`'s nesting (src/private/common_layouts.rs)."""
    t = rust_type(shape).replace(", ", "").replace("(", "o").replace(")", "c").replace("usize", "l")
    return f"layout_{t}"


def packed(t_shape, t_stride, hexadecimal=True):
    """The words `layout!` writes for a common nesting's constructor: the
    leaves, shape then stride, 16 bits each, four to a `u64`, the first
    lowest (src/private/common_layouts.rs), as it prints them."""
    xs = leaves(t_shape) + leaves(t_stride)
    words = []
    for k in range(0, len(xs), 4):
        lanes = xs[k:k + 4] + [0] * (4 - len(xs[k:k + 4]))
        word = sum(x << (16 * i) for i, x in enumerate(lanes))
        words.append("0x" + "_".join(f"{x:04x}" for x in reversed(lanes)) if hexadecimal else str(word))
    return ", ".join(words)


def body(variant, expr, text):
    shape, stride = parse(text)
    size = 1
    for n in leaves(shape):
        size *= n
    assert all(x >= 0 for x in leaves(stride)), "a signed layout: not covered"
    nested = f"{P}::layout({value(shape)}, {value(stride)})"
    flat = ", ".join(f"{x}usize" for x in leaves(shape) + leaves(stride))
    types = f"{rust_type(shape)}, {rust_type(stride)}"
    unsuffixed = f"({value(shape, '')}, {value(stride, '')})"
    return {
        # What the bench crate has.
        "macro": f"layout!({expr}).to_string()",
        # The zero-sized form: the numbers in the type, nothing to build.
        "macro_type": f"layout!(type {expr}).to_string()",
        # The macro's expansion, pasted.
        "pasted": f"{nested}.to_string()",
        # The value built in an inline `const` block.
        "const_block": f"const {{ {nested} }}.to_string()",
        # The value built, then its text as a literal: the least any value
        # that carries its canonical text can cost (nothing formatted).
        "value_text": f'{{ let _l = {nested}; "{text}".to_string() }}',
        # The value alone, then nothing formatted.
        "value": f"{{ let _l = {nested}; String::new() }}",
        # Its two trees as a bare tuple, no constructor call.
        "tuple": f"{{ let _l = ({value(shape)}, {value(stride)}); String::new() }}",
        # The same numbers as one flat array.
        "array": f"{{ let _l = [{flat}]; String::new() }}",
        # The bare tuple promoted to a `&'static`.
        "promoted": f"{{ let _l: &'static _ = &({value(shape)}, {value(stride)}); String::new() }}",
        # The bare tuple with its type written and unsuffixed literals.
        "typed_unsuffixed": f"{{ let _l: ({types}) = {unsuffixed}; String::new() }}",
        # The value as a `const` item, named by the block's tail.
        "const_item": f"{{ const V: {T}<{types}> = {nested}; V }}.to_string()",
        # The same, the `const` holding a reference (promoted, copied out).
        "const_ref": f"{{ const V: &{T}<{types}> = &{nested}; *V }}.to_string()",
        # The value as a `static`, copied out.
        "static_item": f"{{ static V: {T}<{types}> = {nested}; V }}.to_string()",
        # A `const` item only, nothing built or formatted.
        "const_only": f"{{ const _V: {T}<{types}> = {nested}; String::new() }}",
        # A struct expression instead of the constructor's call (compiles only
        # with `Layout`'s fields made `pub`, which is not committed).
        "struct_lit": f"{T}::<_, _, usize> {{ shape: {value(shape)}, stride: {value(stride)}, offset: ::core::marker::PhantomData }}.to_string()",
        "struct_value": f"{{ let _l = {T}::<_, _, usize> {{ shape: {value(shape)}, stride: {value(stride)}, offset: ::core::marker::PhantomData }}; String::new() }}",
        # The macro alone: the same input's size, a literal, into a local.
        "macro_size": f"{{ let _n: usize = layout!(size({expr})); String::new() }}",
        "size_hand": f"{{ let _n: usize = {size}; String::new() }}",
        # The least a `Display`ed static result can be: `Layout<usize,
        # usize>`, from the macro, pasted, and by hand.
        "rank1_macro": f"layout!(coalesce({size}:1)).to_string()",
        "rank1_pasted": f"{P}::layout({size}usize, 1usize).to_string()",
        "rank1_hand": f'"{size}:1".to_string()',
        "rank1_value": f"{{ let _l = {P}::layout({size}usize, 1usize); String::new() }}",
        "rank1_tuple": f"{{ let _l = ({size}usize, 1usize); String::new() }}",
        # (fields `pub` as for `struct_lit`)
        "rank1_struct": f"{T}::<_, _, usize> {{ shape: {size}usize, stride: 1usize, offset: ::core::marker::PhantomData }}.to_string()",
        # The numbers as one promoted `&[usize]`, written into the value at
        # the places its type's `Tree::NODE` gives by one non-generic
        # function (`from_leaves`: an experiment, not committed), the types
        # named in a turbofish.
        "leaves": f"{P}::from_leaves::<{types}>(&[{flat}]).to_string()",
        "leaves_value": f"{{ let _l = {P}::from_leaves::<{types}>(&[{flat}]); String::new() }}",
        "leaves_unsuffixed": f"{P}::from_leaves::<{types}>(&[{flat.replace('usize', '')}]).to_string()",
        # The value read from its text by one non-generic function (`from_text`:
        # an experiment, not committed).
        "from_text": f'{P}::from_text::<{types}>("{text}").to_string()',
        "from_text_value": f'{{ let _l = {P}::from_text::<{types}>("{text}"); String::new() }}',
        # The non-generic constructor of the result's nesting, compiled in the
        # facade, its leaves plain arguments (`layout_NESTING`, one of the 41
        # common nestings: what `layout!` writes since branch `display8`).
        "mono": f"{P}::{mono_name(shape)}({flat.replace('usize', '')}).to_string()",
        "mono_value": f"{{ let _l = {P}::{mono_name(shape)}({flat.replace('usize', '')}); String::new() }}",
        # Today's expansion pasted (branch `display9`): the packed words in
        # hexadecimal, one group of four digits a leaf; in decimal; suffixed.
        "packed": f"{P}::{mono_name(shape)}({packed(shape, stride)}).to_string()",
        "packed_dec": f"{P}::{mono_name(shape)}({packed(shape, stride, False)}).to_string()",
        "packed_u64": f"{P}::{mono_name(shape)}({packed(shape, stride).replace(',', 'u64,')}u64).to_string()",
        "packed_value": f"{{ let _l = {P}::{mono_name(shape)}({packed(shape, stride)}); String::new() }}",
        "empty": "String::new()",
        # By hand, as in gen.py.
        "hand": f'"{text}".to_string()',
    }[variant]


def main():
    out, facade = Path(sys.argv[1]), Path(sys.argv[2]).resolve()
    src = (out / "mixed_hand_display/src/lib.rs").read_text()
    items = re.findall(
        r'/// (.*)\npub fn (d\d+)\(\) -> String \{\n    "([^"]*)"\.to_string\(\)\n\}', src
    )
    assert items, "no Display functions found"
    for variant in sys.argv[3:]:
        crate = out / f"v_{variant}"
        (crate / "src").mkdir(parents=True, exist_ok=True)
        (crate / "Cargo.toml").write_text(
            f'[package]\nname = "compile_bench_v_{variant}"\nversion = "0.0.0"\nedition = "2024"\n'
            f'publish = false\n\n[dependencies]\nlayout-dsl = {{ path = "{facade}" }}\n\n[workspace]\n'
        )
        lib = "#![allow(clippy::all, clippy::pedantic)]\n#[allow(unused_imports)]\nuse layout_dsl::layout;\n\n"
        lib += "\n\n".join(
            f"pub fn {name}() -> String {{\n    {body(variant, expr, text)}\n}}" for expr, name, text in items
        )
        (crate / "src/lib.rs").write_text(lib + "\n")
        print(f"wrote {crate}")


if __name__ == "__main__":
    main()
