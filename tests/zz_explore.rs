use layout_dsl::algebra::{Tiler, composition};
use layout_dsl::layout;
use layout_dsl::typed::{Compose, Layout, TypedLayout};
fn to_core<L: TypedLayout>(l: L) -> layout_dsl::Layout {
    layout_dsl::Layout::try_from(Layout::new(l.shape(), l.stride())).unwrap()
}
#[test]
fn three() {
    let (mut both, mut core_only, mut neither, mut typed_only) = (0u64, 0u64, 0u64, 0u64);
    let mut ex = 0;
    for m in 1..=3usize {
        for n in 1..=3usize {
            for k in 1..=3usize {
                for s in 0..=4usize {
                    for t in 0..=4usize {
                        for w in 0..=4usize {
                            let a = layout!((m,n,k):(s,t,w));
                            let ac = to_core(a);
                            for p in 1..=4usize {
                                for q in 1..=3usize {
                                    for u in 0..=6usize {
                                        for v in 0..=6usize {
                                            let b = layout!((p,q):(u,v));
                                            let core =
                                                composition(&ac, &Tiler::Layout(to_core(b))).ok();
                                            match (a.composition(b), core) {
                                                (Ok(_), Some(_)) => both += 1,
                                                (Err(_), None) => neither += 1,
                                                (Err(e), Some(c)) => {
                                                    core_only += 1;
                                                    if ex < 8 {
                                                        ex += 1;
                                                        eprintln!("{a} o {b} = {c}: {e}");
                                                    }
                                                }
                                                _ => typed_only += 1,
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!("both {both} core_only {core_only} neither {neither} typed_only {typed_only}");
}
