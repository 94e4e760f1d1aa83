use layout_dsl::layout;
use layout_dsl::typed::{C, Int, StaticInt};
fn v<T: StaticInt>(_: T) -> i64 { T::VALUE }
#[test]
fn smoke() {
    let m = 8usize;
    let a = layout!(type ((2,4),(3,5)):((3,6),(1,24)));
    let d = layout!((m, (4, 2)):(1, (m, 32)));
    assert_eq!(v(layout!(type rank(#a))), 2);
    assert_eq!(v(layout!(type depth(#a))), 2);
    assert_eq!(v(layout!(type rank(#d))), 2);
    assert_eq!(v(layout!(type depth(#d))), 2);
    assert_eq!(v(layout!(type rank(#d, 1))), 2);
    assert_eq!(v(layout!(type depth(#d, 0))), 0);
    assert_eq!(v(layout!(type cosize(#a))), a.cosize() as i64);
    assert_eq!(v(layout!(type cosize(#a, 1))), a.mode::<1>().cosize() as i64);
    assert_eq!(v(layout!(type crd2idx((11, 12), #a))), 129);
    assert_eq!(v(layout!(type crd2idx((1, (2, 3)), #a))), a.crd2idx((1, (2, 3))) as i64);
    assert_eq!(v(layout!(type crd2idx(17, #a))), a.crd2idx(17) as i64);
    let c: C<2> = layout!(type rank((m,4):(1,m)));
    let _ = c;
    let c: C<32> = layout!(type cosize((4,8):(8,1)));
    assert_eq!(c.get(), 32);
    let c: C<225> = layout!(type cosize(((4,m),8):((1,4),32), 1));
    assert_eq!(c.get(), 225);
    let c: C<129> = layout!(type crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24))));
    assert_eq!(c.get(), 129);
    let s = (C::<4>, m);
    assert_eq!(v(layout!(type rank((#s, 4)))), 2);
    assert_eq!(v(layout!(type depth((#s, 4)))), 2);
    assert_eq!(v(layout!(type depth(#s))), 1);
}
