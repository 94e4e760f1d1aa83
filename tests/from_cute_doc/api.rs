//! The Rust the tables of `docs/from-cute.md` name, called as the tables
//! write it, with the answers CuTe gives where a row quotes one.

use layout_dsl::tensor::typed;
use layout_dsl::tensor::*;
use layout_dsl::typed::C;
use layout_dsl::{IntTuple, Layout, layout};

type Res = Result<(), Box<dyn std::error::Error>>;

/// The Rust the page's tables name, called as the tables write it (the
/// answers CuTe gives, where a row quotes one).
#[test]
fn the_tables_api_exists() -> Res {
    use layout_dsl::typed::{
        Coalesce, Complement, Compose, Divide, FilterZeros, Ix, MakeLike, Product, RankedProduct,
        TileToShape,
    };
    use layout_dsl::{Coord, dice, slice, slice_and_offset};
    let (m, n) = (8usize, 12usize);

    // Layouts: `Layout<Shape, Stride>`, `make_layout(shape)`, `LayoutRight`.
    let l: Layout = "(4,8):(8,1)".parse()?;
    let core = Layout::new(IntTuple::from([4, 8]), IntTuple::from([8, 1]))?;
    assert_eq!(l, core);
    assert_eq!(
        Layout::column_major(IntTuple::from([4, 8]))?.to_string(),
        "(4,8):(1,4)"
    );
    assert_eq!(
        Layout::row_major(IntTuple::from([4, 8]))?.to_string(),
        "(4,8):(8,1)"
    );
    let t: layout_dsl::layout_type!((4,8):(8,1)) = layout!((4,8):(8,1));
    assert_eq!(Layout::try_from(t)?, l);
    let back: layout_dsl::layout_type!((4,8):(8,1)) = l.clone().try_into()?;
    assert_eq!(back, t);

    // `size`, `cosize`, `rank`, `depth`, core and typed.
    assert_eq!((l.size(), l.cosize(), l.rank(), l.depth()), (32, 32, 2, 1));
    assert_eq!((t.size(), t.cosize(), t.rank(), t.depth()), (32, 32, 2, 1));

    // `get<I>`, `size<I>`, `shape<I>`, `stride<I>`.
    let d = layout!(((2,m),4):((1,2),{2 * m}));
    assert_eq!(l.mode(1).unwrap().to_string(), "8:1");
    assert_eq!(l.mode(1).unwrap().size(), 8);
    assert_eq!(d.get::<0>().get::<1>().size(), m);
    assert_eq!(d.mode::<0>().size(), 2 * m);
    assert_eq!(d.mode_size::<0>(), 2 * m);
    assert_eq!(d.mode_rank::<0>(), 2);
    assert_eq!(d.mode_depth::<0>(), 1);
    assert_eq!(d.mode_cosize::<1>(), 6 * m + 1);
    let _ = (d.mode_shape::<1>(), d.mode_stride::<1>());

    // `l(c)`, `l(i)`, `idx2crd`.
    assert_eq!(t.crd2idx((1, 2)), 10);
    assert_eq!(l.offset(10), Some(18));
    assert_eq!(l.at(10)?, 18);
    assert_eq!(t.at(10), 18);
    let mut buf = Vec::new();
    assert!(l.idx2crd_into(10, &mut buf));
    assert_eq!(buf, [2, 2]);
    assert_eq!(l.idx2crd(10)?.to_string(), "(2,2)");
    assert_eq!(t.idx2crd(10), (2, 2));

    // The algebra on typed values.
    let a = layout!((m,n):(1,m));
    let dv = a.logical_divide((C::<4>, C::<3>))?;
    assert_eq!(dv.size(), m * n);
    let _ = a.zipped_divide((C::<4>, C::<3>))?;
    let _ = a.tiled_divide((C::<4>, C::<3>))?;
    let _ = a.flat_divide((C::<4>,))?;
    let _ = a.logical_divide(C::<4>)?;
    let _ = a.logical_divide(4usize)?;
    let c = layout!((4,m):(1,4)).complement(m * n)?;
    assert_eq!(c.size(), m * n / (4 * m));
    let _ = a.coalesce();
    let b = layout!((2,3):(3,1));
    let _ = a.logical_product(b)?;
    let _ = a.zipped_product(b)?;
    let _ = a.tiled_product(b)?;
    let _ = a.flat_product(b)?;
    let _ = a.blocked_product(b)?;
    let _ = a.raked_product(b)?;
    let comp = a.composition(layout!((4,{n / 2}):(1,{2 * m})))?;
    assert_eq!(comp.size(), 4 * (n / 2));

    // `_`, slicing.
    let cu = Coord::Tuple(vec![Coord::Underscore, Coord::Int(3)]);
    assert_eq!(slice(&cu, &l)?.to_string(), "(4):(8)");
    assert_eq!(dice(&cu, &l)?.to_string(), "(8):(1)");
    assert_eq!(slice_and_offset(&cu, &l)?.to_string(), "view((4):(8),3)");
    let (col, base) = typed::slice_and_offset((X, 3usize), &t)?;
    assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 3));

    // Mode editing on typed layouts.
    let e = layout!((2,3,4,5):(1,2,6,24));
    assert_eq!(e.take::<1, 3>().to_string(), "(3,4):(2,6)");
    assert_eq!(e.select::<(Ix<3>, Ix<0>)>().to_string(), "(5,2):(24,1)");
    assert_eq!(e.group::<1, 3>().to_string(), "(2,(3,4),5):(1,(2,6),24)");
    let _ = (e.append(layout!(7:0)), e.prepend(layout!(7:0)));
    let _ = e.replace::<1, _, _>(layout!(7:0));
    assert_eq!(
        layout!(((2,3),4):((1,2),6)).flatten().to_string(),
        "(2,3,4):(1,2,6)"
    );
    // `l.with_shape(shape)`: the core's function; CuTe's (3,2):(8,24) refused.
    let w: Layout = "(4,8):(8,1)".parse()?;
    let read = layout_dsl::with_shape(&w, &"(4,(2,4))".parse()?)?;
    assert_eq!(read.to_string(), "(4,(2,4)):(8,(1,2))");
    assert!(layout_dsl::with_shape(&w, &IntTuple::from([3, 2])).is_err());
    assert_eq!(
        layout_dsl::evaluate("with_shape((4,8):(8,1), (4,(2,4)))")?.to_string(),
        "(4,(2,4)):(8,(1,2))"
    );

    // CuTe's `coalesce(t)` and the other layout functions of a tensor:
    // methods (typed results for a typed tensor) and `tensor` functions.
    let data: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let whole = Tensor::new(&data[..], "((2,2),8):((1,2),4)".parse::<Layout>()?)?;
    let c = whole.clone().coalesce()?;
    assert_eq!(c.layout().to_string(), "32:1");
    assert!(c.iter().eq(whole.iter()));
    assert_eq!(
        flatten(whole.clone())?.layout().to_string(),
        "(2,2,8):(1,2,4)"
    );
    assert_eq!(group_modes::<0, 2, _>(whole.clone())?.size(), 32);
    assert_eq!(filter_zeros(whole.clone())?.size(), 32);
    assert_eq!(composition(whole.clone(), (2, 4))?.size(), 8);
    let typed_whole = Tensor::new(&data[..], layout!(type ((2,2),8):((1,2),4)))?;
    assert_eq!(
        typed_whole.coalesce_static::<1>()?.layout().to_string(),
        "32:1"
    );
    assert_eq!(
        typed_whole.coalesce()?.layout().to_string(),
        "(2,2,8):(1,2,4)"
    );
    assert_eq!(
        typed_whole
            .flatten()
            .group_modes::<1, 3>()
            .layout()
            .to_string(),
        "(2,(2,8)):(1,(2,4))"
    );
    assert_eq!(typed_whole.filter_zeros()?.size(), 32);
    assert_eq!(typed_whole.composition(layout!(type 4:2))?[3], 6.0);
    // `recast<T>(t)`: the same bytes.
    let bits: Vec<u32> = data.iter().map(|x| x.to_bits()).collect();
    let words = Tensor::new(&bits[..], "32:1".parse::<Layout>()?)?;
    assert_eq!(words.recast::<u16>()?.layout().to_string(), "64:1");

    // Constructors on typed values.
    let s = (m, C::<4>);
    let _ = layout!(make_identity_layout(#s));
    let f = layout!((m,4):(4,1));
    assert_eq!(f.make_layout_like()?.to_string(), format!("({m},4):(4,1)"));
    assert_eq!(
        f.make_fragment_like()?.to_string(),
        format!("({m},4):(1,{m})")
    );
    let blk = layout!(type (8,8):(8,1));
    let tiled = blk.tile_to_shape((m, C::<64>))?;
    assert_eq!(tiled.size(), m * 64);
    let _ = blk.tile_to_shape_ordered((m, C::<64>), layout_dsl::typed::LayoutRight)?;
    let _ = a.filter_zeros();
    assert_eq!(a.max_common_vector(&a)?, m * n);
    assert_eq!(layout!((m,4):(1,m)).max_alignment()?, m * 4);
    let (gm, gn) = layout!(ceil_div((m, n), (128, 128)))?;
    assert_eq!((gm, gn), (1, 1));

    // The macro forms the rows name, with dynamic leaves and named values.
    let k = 3usize;
    let cat = layout!(type make_layout((4,m):(1,4), 8:k))?;
    assert_eq!(cat.to_string(), format!("((4,{m}),8):((1,4),{k})"));
    let (x, y) = (layout!((4,m):(1,4)), layout!(8:k));
    assert_eq!(
        layout!(type make_layout(#x, #y))?.to_string(),
        cat.to_string()
    );
    let whole = layout!(type logical_divide(#a, 4))?;
    assert_eq!(whole.size(), m * n);
    let tile = (C::<2>, C::<4>);
    assert_eq!(layout!(type zipped_divide(#a, #tile))?.size(), m * n);
    type A = layout_dsl::layout_type!((m, n):(1, m));
    let named: layout_dsl::layout_type!(type composition(#A, #A)) =
        layout!(type composition(#a, #a))?;
    assert_eq!(named.size(), m * n);
    let prod = layout!(type blocked_product(#x, #b))?;
    assert_eq!(prod.size(), 4 * m * 6);
    let (col, base) = layout!(slice((_,k), #t))?;
    assert_eq!((col.to_string(), base), ("(4):(8)".to_string(), 3));
    let fz = layout!(type filter_zeros((m,4):(0,1)))?;
    assert_eq!(fz.to_string(), "(1,4):(0,1)");

    // Scaled-basis strides.
    assert_eq!(
        layout_dsl::BasisLayout::identity(&IntTuple::from([4, 8]))?.to_string(),
        "(4,8):(1@0,1@1)"
    );
    Ok(())
}

/// The Rust of the page's "Tensors" table, as the table writes it.
#[test]
fn the_tensor_tables_api_exists() -> Res {
    let (m, n) = (4usize, 8usize);
    let data: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let l = layout!((m,n):(1,m));
    // `make_tensor(ptr, layout)`, `make_tensor(ptr + k, layout)`.
    let t = Tensor::new(&data[..], l)?;
    let shifted = Tensor::at_base(&data[..], layout!((2,2):(1,4)), 3)?;
    assert_eq!(shifted[(1, 1)], 8.0);
    // `t(c)`, `t(i)`, `t.get`, `get_unchecked`.
    assert_eq!((t[(1, 2)], t[9]), (9.0, 9.0));
    assert_eq!(t.get((4, 0)), None);
    // SAFETY: (1, 2) is in the domain.
    assert_eq!(unsafe { *t.get_unchecked((1, 2)) }, 9.0);
    // iteration, slices.
    assert_eq!(t.iter().count(), 32);
    assert_eq!(t.positions().nth(5), Some(5));
    let mut owned = Tensor::new(data.clone(), Layout::column_major(IntTuple::from([4, 8]))?)?;
    owned.for_each_mut(|x| *x += 1.0);
    assert_eq!(
        t.slice((X, 3)).iter().copied().collect::<Vec<_>>(),
        [12.0, 13.0, 14.0, 15.0]
    );
    assert!(t.try_slice((X, 3, 1)).is_err());
    owned.slice_mut((1, X)).for_each_mut(|x| *x = 0.0);
    assert_eq!(owned[(1, 7)], 0.0);
    // The divides and partitions on tensors, by value.
    let core = Tensor::new(&data[..], Layout::column_major(IntTuple::from([4, 8]))?)?;
    assert_eq!(logical_divide(core.view(), (2, 4))?.size(), 32);
    assert_eq!(zipped_divide(core.view(), (2, 4))?.size(), 32);
    assert_eq!(tiled_divide(core.view(), (2, 4))?.size(), 32);
    assert_eq!(flat_divide(core.view(), (2, 4))?.size(), 32);
    assert_eq!(inner_partition(core.view(), (2, 4), (1, 1))?[(1, 0)], 19.0);
    assert_eq!(outer_partition(core.view(), (2, 4), (1, 0))?.size(), 4);
    assert_eq!(local_tile(core.view(), (2, 4), (1, X))?.size(), 16);
    let thr = Layout::column_major(IntTuple::from([2, 2]))?;
    assert_eq!(local_partition(core.view(), &thr, 3)?[(0, 0)], 5.0);
    assert_eq!(
        local_partition_step(core.view(), &thr, 1, (1, X))?.size(),
        16
    );
    // The algorithms.
    let mut dst = Tensor::new(vec![0f32; 32], Layout::row_major(IntTuple::from([4, 8]))?)?;
    copy(&core, &mut dst);
    assert_eq!(dst[(1, 2)], 9.0);
    copy_if(|i| i % 2 == 0, &core, &mut dst);
    fill(&mut dst, 1.0);
    clear(&mut dst);
    axpby(2.0, &core, 1.0, &mut dst);
    assert_eq!(dst[(1, 2)], 18.0);
    let a = Tensor::new(vec![1f32; 4], Layout::column_major(IntTuple::from([2, 2]))?)?;
    let mut c = Tensor::new(vec![0f32; 4], Layout::column_major(IntTuple::from([2, 2]))?)?;
    gemm(&a, &a, &mut c);
    try_gemm(&a, &a, &mut c)?;
    assert_eq!(c[(0, 0)], 4.0);
    // Identity tensors, residues, typed tensors.
    let id = make_identity_tensor([m, n])?;
    assert!(elem_less([1, 2], [m, n]));
    assert_eq!(id.layout()?.to_string(), "(4,8):(1@0,1@1)");
    let r = Residue::new(Tensor::new(&data[..], layout!((m,n):(1,m)))?, [m, n])?;
    assert_eq!(r.slice((X, 3))?.size(), 4);
    let typed_t = Tensor::new(&data[..], layout!(type (4,8):(1,4)))?;
    let like: Tensor<Vec<f32>, _> = typed::make_tensor_like(&typed_t)?;
    assert_eq!(like.size(), 32);
    let mut typed_dst = typed::make_tensor_like(&typed_t)?;
    typed::copy(&typed_t.by_ref(), &mut typed_dst.by_mut());
    assert_eq!(typed_dst[(1, 2)], 9.0);
    Ok(())
}

/// The Rust the page's rows name beyond the two tests above.
#[test]
fn the_rows_api_exists() -> Res {
    use layout_dsl::{ComposedLayout, Swizzle, evaluate};
    let l: Layout = "(4,8):(8,1)".parse()?;
    // `upcast<N>`, `downcast<N>`, `recast_layout`: core functions.
    assert_eq!(layout_dsl::upcast(&l, 2)?.to_string(), "(4,4):(4,1)");
    assert_eq!(layout_dsl::downcast(&l, 2)?.size(), 64);
    assert_eq!(layout_dsl::recast_layout(&l, 16, 32)?.size(), 16);
    let typed_l = layout!((4,8):(8,1));
    assert_eq!(
        typed_l.recast_layout::<u16, u32>()?.to_string(),
        "(4,4):(4,1)"
    );
    // `complement(l, shape)` in the notation.
    assert_eq!(
        evaluate("complement((2,2):(1,4), (4,4))")?.to_string(),
        "(2,2):(2,8)"
    );
    // Inverses of a written-out layout with a dynamic leaf, typed.
    let m = 4usize;
    let r = layout!(type right_inverse((4,m):(1,4)))?;
    assert_eq!(r.size(), 4 * m);
    let li = layout!(type left_inverse((4,m):(1,4)))?;
    assert_eq!(li.size(), 4 * m);
    // Swizzles in the core.
    let sw = Swizzle::new(3, 4, 3)?;
    let c = ComposedLayout::new(sw, 0, "(8,64):(64,1)".parse()?);
    assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
    assert!(Swizzle::new(3, 4, 2).is_err());
    // Typed tensor slice, identity predicate.
    let data: Vec<f32> = (0..32).map(|i| i as f32).collect();
    let t = Tensor::new(&data[..], layout!(type (4,8):(1,4)))?;
    let col = typed::slice(t.by_ref(), (X, 3usize))?;
    assert_eq!(col[0], 12.0);
    let id = typed::make_identity_tensor((C::<4>, C::<8>));
    let p = id.predicate([3, 8])?;
    assert_eq!((p[(2, 0)], p[(3, 0)]), (true, false));
    Ok(())
}
