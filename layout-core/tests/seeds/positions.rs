//! CANN's PositionIterator: a row-major odometer from any start.

use super::*;

#[test]
fn positions_walk_row_major_from_any_start() {
    // The seed's stride example: (1,2,1,3) in (2,3,4,5) is offset 108.
    let l = layout("(2,3,4,5):(60,20,5,1)");
    let p = Positions::new(&l, &[1, 2, 1, 3]).unwrap();
    assert_eq!(p.offset(), 108);
    assert_eq!(p.len(), 120 - 108);
    let rest: Vec<(Vec<i64>, i64)> = walk(p);
    assert_eq!(rest[0], (vec![1, 2, 1, 3], 108));
    assert_eq!(rest[2], (vec![1, 2, 2, 0], 110));
    assert_eq!(rest.last().unwrap(), &(vec![1, 2, 3, 4], 119));
    // The iterator yields the same offsets.
    let p = Positions::new(&l, &[1, 2, 1, 3]).unwrap();
    assert_eq!(p.collect::<Vec<i64>>(), (108..120).collect::<Vec<i64>>());

    // Against a naive row-major loop under a non-compact layout.
    let l = layout("(3,2,4):(1,24,3)");
    let walked = walk(Positions::from_origin(&l));
    let mut naive = Vec::new();
    for a in 0..3 {
        for b in 0..2 {
            for c in 0..4 {
                naive.push((vec![a, b, c], a + 24 * b + 3 * c));
            }
        }
    }
    assert_eq!(walked, naive);
    assert_eq!(eval("positions((2,4):(4,1))"), "[0,1,2,3,4,5,6,7]");
    assert_eq!(eval("positions((2,4):(1,2), (1,2))"), "[5,7]");
    assert_eq!(eval("positions(view((2,2):(1,2),10), (0,1))"), "[12,11,13]");

    // Coordinates are per leaf; a nested layout walks its leaves row-major.
    let nested: Vec<i64> = Positions::from_origin(&layout("((2,2),3):((1,2),4)")).collect();
    assert_eq!(nested, [0, 4, 8, 2, 6, 10, 1, 5, 9, 3, 7, 11]);
    // Rank 0 has one position; an empty domain none.
    assert_eq!(Positions::from_origin(&layout("():()")).count(), 1);
    assert_eq!(
        Positions::new(&layout("(2,0):(1,2)"), &[0, 0])
            .unwrap()
            .count(),
        0
    );
}

/// The cursor's `(coordinate, offset)` pairs to the end.
fn walk(mut p: Positions) -> Vec<(Vec<i64>, i64)> {
    let mut out = Vec::new();
    while !p.is_end() {
        out.push((p.coord().to_vec(), p.offset()));
        p.advance();
    }
    out
}

#[test]
fn position_errors() {
    let l = layout("(2,3):(3,1)");
    let e = Positions::new(&l, &[0, 3]).unwrap_err();
    assert_eq!(
        *e.kind(),
        ErrorKind::Domain(DomainError::CoordOutOfRange {
            what: "start coordinate",
            coord: 3,
            axis: 1,
            extent: 3
        })
    );
    assert!(Positions::new(&l, &[-1, 0]).is_err());
    let e = Positions::new(&l, &[0]).unwrap_err();
    assert_eq!(
        *e.kind(),
        ErrorKind::Domain(DomainError::RankMismatch {
            expected: 2,
            found: 1
        })
    );
    let (kind, at) = fails("positions((2,3):(3,1), (2,0))");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::CoordOutOfRange {
            coord: 2,
            axis: 0,
            ..
        })
    ));
    assert_eq!(at, "(2,0)");
    let (kind, at) = fails("positions((2,3):(3,1), (0,0,0))");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::RankMismatch { .. })
    ));
    assert_eq!(at, "(0,0,0)");
    let (kind, at) = fails("positions((2,3), (0,0))");
    assert!(matches!(kind, ErrorKind::Call(CallError::WrongType { .. })));
    assert_eq!(at, "(2,3)");
    let (kind, at) = fails("positions(2000000:1)");
    assert!(matches!(
        kind,
        ErrorKind::Domain(DomainError::TableTooLarge { .. })
    ));
    assert_eq!(at, "2000000:1");
}
