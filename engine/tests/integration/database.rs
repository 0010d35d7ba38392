//! The committed 12-stone position database (`engine/book/layer12.c4l`,
//! imported from BitBully's `book_12ply_distances.dat`) checked against our
//! own solver and against data sets solved elsewhere.

use std::sync::Arc;

use engine::book::frontier;
use engine::database::DatabaseError;
use engine::{Board, Geometry, Mode, OpeningBook, PositionDatabase, Solver};

const LAYER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/book/layer12.c4l");

fn committed() -> Arc<PositionDatabase> {
    let bytes = std::fs::read(LAYER).expect("engine/book/layer12.c4l is committed");
    Arc::new(PositionDatabase::from_bytes(&bytes).expect("the committed database loads"))
}

fn with_layer() -> Solver {
    let mut solver = Solver::new();
    solver.use_solved(&engine::SolvedPositions::default().with_database(Some(committed())));
    solver
}

/// SplitMix64, so every run checks the same positions.
fn next(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A random game of `plies` stones in which nobody has won yet.
fn random_board(plies: usize, seed: &mut u64) -> Board {
    let mut board = Board::new();
    while board.plies() < plies {
        let legal: Vec<usize> = board
            .legal_moves()
            .filter(|&c| !board.position().is_winning_move(c))
            .collect();
        board
            .play(legal[(next(seed) % legal.len() as u64) as usize])
            .unwrap();
    }
    board
}

#[test]
fn it_holds_every_reachable_position_without_a_win_in_one_and_nothing_else() {
    let layer = committed();
    assert_eq!(layer.geometry(), Geometry::STANDARD);
    assert_eq!(layer.plies(), 12);
    let (mut held, mut wins_in_one) = (0, 0);
    for p in frontier(Geometry::STANDARD, 12) {
        if p.can_win_next() {
            assert_eq!(layer.score(&p), None, "a win in one has no entry: {p:?}");
            wins_in_one += 1;
        } else {
            assert!(layer.score(&p).is_some(), "missing {p:?}");
            held += 1;
        }
    }
    // Every entry is one of those positions (the import checks each), so
    // equal counts mean the same set.
    assert_eq!(held, layer.len());
    assert_eq!((held, wins_in_one), (4_200_899, 1_631_337));
}

#[test]
fn random_layer_positions_solved_again_without_it_agree() {
    let layer = committed();
    let mut plain = Solver::new();
    let mut seed = 12;
    let mut checked = 0;
    while checked < 6 {
        let board = random_board(12, &mut seed);
        let p = board.position();
        if p.can_win_next() {
            continue;
        }
        assert_eq!(layer.score(p), Some(plain.solve(p)), "{board}");
        checked += 1;
    }
}

#[test]
fn every_position_of_the_six_ply_book_equals_the_search_down_to_the_layer() {
    // The 6-ply book was solved without the database (hours of search);
    // the search that stops at the database must give the same scores.
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book6.c4b"))
        .expect("the 6-ply book is committed as test data");
    let book = OpeningBook::from_bytes(&bytes).unwrap();
    let mut solver = with_layer();
    let mut checked = 0;
    for plies in 0..=6 {
        for p in frontier(Geometry::STANDARD, plies) {
            assert_eq!(Some(solver.solve(&p)), book.score(&p), "{p:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 11_094);
}

#[test]
fn a_position_short_of_the_layer_is_answered_from_it() {
    let mut plain = Solver::new();
    let mut solver = with_layer();
    let mut seed = 7;
    for plies in 6..12 {
        let board = random_board(plies, &mut seed);
        let p = board.position();
        let without = plain.analyze(p, Mode::Strong);
        let nodes_without = plain.nodes();
        let with = solver.analyze(p, Mode::Strong);
        let nodes_with = solver.nodes();
        assert_eq!(with, without, "{board}");
        assert!(
            nodes_with * 20 < nodes_without.max(20),
            "{board}: {nodes_with} nodes with the database, {nodes_without} without"
        );
    }
}

#[test]
fn a_damaged_truncated_or_foreign_file_is_refused_with_what_is_wrong() {
    let bytes = std::fs::read(LAYER).unwrap();
    let cut = &bytes[..bytes.len() / 2];
    assert_eq!(
        PositionDatabase::from_bytes(cut),
        Err(DatabaseError::Truncated)
    );
    let mut damaged = bytes.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x10;
    assert_eq!(
        PositionDatabase::from_bytes(&damaged),
        Err(DatabaseError::Damaged)
    );
    let book = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/book/book.c4b")).unwrap();
    let refused = PositionDatabase::from_bytes(&book).unwrap_err();
    assert_eq!(refused, DatabaseError::NotALayer);
    assert_eq!(
        refused.to_string(),
        "not a position database (wrong magic bytes)"
    );
}

#[test]
fn perfect_on_eleven_stones_knows_every_column_from_the_layer() {
    // Every child has 12 stones: Perfect reads each column's exact value
    // from the database instead of proving bounds.
    let mut seed = 11;
    let board = loop {
        let board = random_board(11, &mut seed);
        if !board.is_over() && !board.position().can_win_next() {
            break board;
        }
    };
    let config = engine::Level::Perfect.config(engine::evaluation::Style::Normal);
    let mut perfect = engine::Player::new(config, 1);
    perfect.use_solved(&engine::SolvedPositions::default().with_database(Some(committed())));
    let decision = perfect.choose(&board).unwrap();
    let expected = Solver::new().analyze(board.position(), Mode::Strong);
    assert_eq!(decision.column_values, expected, "{board}");
    assert_eq!(
        decision.column_values[decision.column],
        expected.iter().flatten().max().copied()
    );
}
