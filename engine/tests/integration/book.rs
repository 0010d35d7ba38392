//! The committed opening book (`engine/book/book.c4b`, 8 plies, derived
//! from the 12-stone position database): it loads, it covers every position
//! up to its depth, every score agrees with its children (the negamax rule
//! the solver follows), and it agrees with the 6-ply book solved without
//! the database. The solver's own check of a sample is `connect4 book
//! verify`, run by CI.

use engine::book::frontier;
use engine::score::win_now_score;
use engine::{Geometry, OpeningBook, Position};

fn read(path: &str) -> OpeningBook {
    let bytes = std::fs::read(path).expect("the book is committed");
    OpeningBook::from_bytes(&bytes).expect("the committed book loads")
}

fn committed() -> OpeningBook {
    read(concat!(env!("CARGO_MANIFEST_DIR"), "/book/book.c4b"))
}

#[test]
fn it_agrees_with_the_six_ply_book_solved_without_the_database() {
    let book = committed();
    assert_eq!(book.depth(), 8);
    let older = read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book6.c4b"));
    let mut checked = 0;
    for plies in 0..=6 {
        for p in frontier(Geometry::STANDARD, plies) {
            assert_eq!(book.score(&p), older.score(&p), "{p:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 11_094);
}

#[test]
fn every_position_up_to_the_depth_is_in_the_book() {
    let book = committed();
    let g = Geometry::STANDARD;
    assert_eq!(book.geometry(), g);
    let mut count = 0;
    for plies in 0..=book.depth() {
        for p in frontier(g, plies) {
            assert!(book.score(&p).is_some(), "missing {p:?}");
            count += 1;
        }
    }
    assert!(
        count <= book.len(),
        "{count} positions, book {}",
        book.len()
    );
}

#[test]
fn every_score_follows_from_the_children() {
    let book = committed();
    let g = book.geometry();
    for plies in 0..book.depth() {
        for p in frontier(g, plies) {
            let expected = if p.can_win_next() {
                win_now_score(g.cells(), plies)
            } else {
                book.analyze(&p)
                    .expect("children are in the book")
                    .into_iter()
                    .flatten()
                    .max()
                    .unwrap()
            };
            assert_eq!(book.score(&p), Some(expected), "{p:?}");
        }
    }
    // The first player wins the empty board with the 41st stone: score 1,
    // and only the centre column keeps the win.
    let empty = Position::new(g);
    assert_eq!(book.score(&empty), Some(1));
    assert_eq!(
        book.analyze(&empty).unwrap(),
        [-2, -1, 0, 1, 0, -1, -2].map(Some).to_vec()
    );
}
