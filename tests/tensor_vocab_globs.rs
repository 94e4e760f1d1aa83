//! CuTe code glob-imports (`using namespace cute;`): a file with both
//! `use layout_dsl::*;` and `use layout_dsl::tensor::*;` names
//! `coalesce`, `flatten`, `filter_zeros` and `composition` once (the
//! crate root and `tensor` export the same items, src/cute_vocab.rs),
//! each taking a core layout (the core's answer: compared with
//! `layout_core`'s own function) or a tensor (its elements under that
//! layout: compared with the tensor's method).

// docs/from-cute.md's imports, with the crate root's glob too.
use layout_dsl::tensor::*;
use layout_dsl::typed::C;
use layout_dsl::*;
use layout_dsl::{IntTuple, Layout, layout};

const LAYOUTS: [&str; 5] = [
    "((2,4),(3,2)):((1,2),(8,24))",
    "(4,(2,3)):(0,(1,2))",
    "(3,(2,4)):(1,(3,6))",
    "(4,8):(8,1)",
    "((2,2),(3,1)):((0,6),(2,1))",
];

fn elems(t: &Tensor<&[u32], Layout>) -> Vec<u32> {
    t.iter().copied().collect()
}

#[test]
fn the_four_names_take_a_layout_as_the_core_does() {
    for text in LAYOUTS {
        let l: Layout = text.parse().unwrap();
        assert_eq!(coalesce(&l), layout_core::coalesce(&l), "{text}");
        assert_eq!(flatten(&l), layout_core::flatten(&l), "{text}");
        assert_eq!(filter_zeros(&l), layout_core::filter_zeros(&l), "{text}");
        for b in ["2:1", "(2,2):(1,2)", "3:2"] {
            let b = Tiler::from(b.parse::<Layout>().unwrap());
            assert_eq!(
                composition(&l, &b),
                layout_core::composition(&l, &b),
                "{text} ∘ {b:?}"
            );
        }
    }
}

#[test]
fn the_four_names_take_a_tensor_as_its_methods_do() {
    let data: Vec<u32> = (0..64).collect();
    for text in LAYOUTS {
        let l: Layout = text.parse().unwrap();
        let t = Tensor::new(&data[..], l.clone()).unwrap();
        let (c, f, z) = (
            coalesce(t.view()).unwrap(),
            flatten(t.view()).unwrap(),
            filter_zeros(t.view()).unwrap(),
        );
        assert_eq!(c.layout(), &layout_core::coalesce(&l), "{text}");
        assert_eq!(elems(&c), elems(&t.view().coalesce().unwrap()), "{text}");
        assert_eq!(f.layout(), &layout_core::flatten(&l), "{text}");
        assert_eq!(elems(&f), elems(&t.view()), "{text}");
        assert_eq!(z.layout(), &layout_core::filter_zeros(&l), "{text}");
        let block = composition(t.view(), 2).unwrap();
        assert_eq!(elems(&block), [t[0usize], t[1usize]], "{text}");
    }
}

#[test]
fn the_divides_take_a_layout_as_the_core_does_and_a_tensor_as_before() {
    let data: Vec<u32> = (0..64).collect();
    type Divide = fn(&Layout, &Tiler) -> layout_dsl::Result<Layout>;
    let cores: [(&str, Divide); 4] = [
        ("logical", layout_core::logical_divide),
        ("zipped", layout_core::zipped_divide),
        ("tiled", layout_core::tiled_divide),
        ("flat", layout_core::flat_divide),
    ];
    for text in LAYOUTS {
        let l: Layout = text.parse().unwrap();
        for (tiler, b) in [
            ("2:1", Tiler::from("2:1".parse::<Layout>().unwrap())),
            ("2:2", Tiler::from("2:2".parse::<Layout>().unwrap())),
        ] {
            let ours = [
                logical_divide(&l, &b),
                zipped_divide(&l, &b),
                tiled_divide(&l, &b),
                flat_divide(&l, &b),
            ];
            let of_tensor = [
                logical_divide(Tensor::new(&data[..], l.clone()).unwrap(), b.clone()),
                zipped_divide(Tensor::new(&data[..], l.clone()).unwrap(), b.clone()),
                tiled_divide(Tensor::new(&data[..], l.clone()).unwrap(), b.clone()),
                flat_divide(Tensor::new(&data[..], l.clone()).unwrap(), b.clone()),
            ];
            for (((name, core), ours), t) in cores.iter().zip(ours).zip(of_tensor) {
                let want = core(&l, &b);
                assert_eq!(ours, want, "{name}_divide({text}, {tiler})");
                match (t, want) {
                    (Ok(t), Ok(want)) => {
                        assert_eq!(t.layout(), &want, "{name}_divide({text}, {tiler})")
                    }
                    (Err(_), Err(_)) => {}
                    (t, want) => {
                        panic!("{name}_divide({text}, {tiler}): tensor {t:?}, core {want:?}")
                    }
                }
            }
        }
    }
}

#[test]
fn the_pages_imports_compile_together_with_both_globs() {
    let s = layout!(type (4,8):(8,1));
    let _: &C<8> = &s.mode_shape::<1>();
    let shape: IntTuple = "(2,3)".parse().unwrap();
    assert_eq!(
        coalesce(&Layout::column_major(shape).unwrap()).to_string(),
        "6:1"
    );
}
