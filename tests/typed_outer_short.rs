//! `tensor::typed::outer_partition(t, tiler, coord)` with a coordinate
//! shorter than the tiler, as CuTe's `append<R0>(coord, _)`: the tile modes
//! past the coordinate are kept, first, then every rest mode. Checked
//! against CUTLASS's prints (g++ on the headers, host code: a 16×32×64
//! column-major tensor, `Layout<Shape<_16,_32,_64>>` and
//! `make_layout(make_shape(16,32,64))`, and a 5×7 one) and against the
//! core's view at every index.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::C;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/view.rs"]
mod cute_print_view;
use cute_print_view::{agrees, values};

const DYNAMIC: &str = "(16,32,64):(1,16,512)";

#[test]
fn the_tile_modes_past_the_coordinate_come_first_as_cute() {
    let data = vec![0u32; 16 * 32 * 64];
    let (m, n, k) = (16usize, 32usize, 64usize);
    let d = Tensor::new(&data[..], layout!((m, n, k):(1, m, {m * n}))).unwrap();
    let s = Tensor::new(&data[..], layout!(type (16, 32, 64):(1, 16, 512))).unwrap();

    let text = format!("outer_partition({DYNAMIC}, (2,4), (1))");
    let p = typed::outer_partition(d.by_ref(), (C::<2>, C::<4>), (1,)).unwrap();
    let cute = "(_4,8,8,64):(16,_2,64,512)";
    assert_eq!(form(p.layout()), cute_form(cute));
    assert_eq!((p.layout().to_string(), p.base()), (values(cute), 1));
    agrees(p.layout().to_core().unwrap(), p.base(), &text);

    let p = typed::outer_partition(s.by_ref(), (C::<2>, C::<4>), (1,)).unwrap();
    let cute = "(_4,_8,_8,_64):(_16,_2,_64,_512)";
    assert_eq!(form(p.layout()), cute_form(cute));
    assert_eq!((p.layout().to_string(), p.base()), (values(cute), 1));

    let p = typed::outer_partition(d.by_ref(), (C::<2>, C::<4>, C::<8>), (1, 3)).unwrap();
    let cute = "(_8,8,8,8):(512,_2,64,4096)";
    assert_eq!(form(p.layout()), cute_form(cute));
    assert_eq!((p.layout().to_string(), p.base()), (values(cute), 49));

    let p = typed::outer_partition(d.by_ref(), (C::<2>, C::<4>, C::<8>), (1,)).unwrap();
    let cute = "(_4,_8,8,8,8):(16,512,_2,64,4096)";
    assert_eq!(form(p.layout()), cute_form(cute));
    assert_eq!((p.layout().to_string(), p.base()), (values(cute), 1));
}

#[test]
fn a_partial_grid_stays_inside_the_storage() {
    // CuTe: outer_partition(5×7, Shape<_2,_4>, (1)) is (_4,3,2):(5,_2,20)
    // at 1; its last offset, 1 + 3·5 + 2·2 + 20 = 40, is past a 5×7
    // buffer (the partial tiles are predicated, never read out of bounds).
    let (m, n) = (5usize, 7usize);
    let text = "outer_partition((5,7):(1,5), (2,4), (1))";
    let tight = vec![0u32; m * n];
    let t = Tensor::new(&tight[..], layout!((m, n):(1, m))).unwrap();
    for c in 0..2 {
        assert!(typed::outer_partition(t.by_ref(), (C::<2>, C::<4>), (c,)).is_err());
    }
    // In a longer buffer the same partition fits, and answers as CuTe.
    let roomy = vec![0u32; 64];
    let t = Tensor::new(&roomy[..], layout!((m, n):(1, m))).unwrap();
    let p = typed::outer_partition(t.by_ref(), (C::<2>, C::<4>), (1,)).unwrap();
    assert_eq!(form(p.layout()), cute_form("(_4,3,2):(5,_2,20)"));
    assert_eq!(
        (p.layout().to_string(), p.base()),
        (values("(_4,3,2):(5,_2,20)"), 1)
    );
    agrees(p.layout().to_core().unwrap(), p.base(), text);
    // Past the tile: an error.
    assert!(typed::outer_partition(t.by_ref(), (C::<2>, C::<4>), (2,)).is_err());
}

#[test]
fn layout_type_of_a_named_layout_or_tiler_answers_alike() {
    // CuTe, dynamic: outer_partition(d, Shape<_2,_4>{}, (1)) is
    // (_4,8,8,64):(16,_2,64,512) at 1.
    let text = format!("outer_partition({DYNAMIC}, (2,4), (1))");
    let cute = "(_4,8,8,64):(16,_2,64,512)";
    let (m, n, k) = (16usize, 32usize, 64usize);
    let g = layout!((m, n, k):(1, m, {m * n}));
    let (written_tiler, base) = layout!(type outer_partition(#g, (2, 4), (1))).unwrap();
    assert_eq!(form(&written_tiler), cute_form(cute));
    agrees(written_tiler.to_core().unwrap(), base, &text);
    let t = (C::<2>, C::<4>);
    let (named_tiler, base) = layout!(type outer_partition(#g, #t, (1))).unwrap();
    assert_eq!(form(&named_tiler), cute_form(cute));
    agrees(named_tiler.to_core().unwrap(), base, &text);
    // (_8,8,8,8):(512,_2,64,4096) at 49 for (2,4,8) at (1,3).
    let t3 = (C::<2>, C::<4>, C::<8>);
    let (p, base) = layout!(type outer_partition(#g, #t3, (1, 3))).unwrap();
    assert_eq!(form(&p), cute_form("(_8,8,8,8):(512,_2,64,4096)"));
    assert_eq!(
        (p.to_string(), base),
        (values("(_8,8,8,8):(512,_2,64,4096)"), 49)
    );
}
