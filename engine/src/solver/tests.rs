//! The solver against known scores: small positions, the table, the book and the database, stopping.

use std::collections::HashMap;

use super::*;
use crate::player::rng::Rng;
use crate::{Board, Geometry};

/// Plain minimax over every move, remembered by key: slow, obviously
/// right, and independent of the solver's pruning and bounds.
fn exhaustive(p: &Position, memo: &mut HashMap<u64, i32>) -> i32 {
    let g = p.geometry();
    if has_line(p.opponent_stones(), g) {
        return -win_now_score(g.cells(), p.plies() - 1);
    }
    if p.is_full() {
        return 0;
    }
    if let Some(&score) = memo.get(&p.key()) {
        return score;
    }
    let best = (0..g.columns())
        .filter(|&c| p.can_play(c))
        .map(|c| {
            let mut child = *p;
            child.play_column(c);
            -exhaustive(&child, memo)
        })
        .max()
        .unwrap();
    memo.insert(p.key(), best);
    best
}

/// One random legal move (the game is not over).
fn play_at_random(board: &mut Board, rng: &mut Rng) {
    let legal: Vec<_> = board.legal_moves().collect();
    board.play(rng.pick(&legal)).unwrap();
}

#[test]
fn small_boards_match_exhaustive_minimax() {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    for (columns, rows, n, min_plies) in [(4, 4, 3, 0), (5, 4, 4, 4), (4, 5, 3, 2), (6, 4, 3, 8)] {
        let g = Geometry::new(columns, rows, n).unwrap();
        let mut memo = HashMap::new();
        let mut solver = Solver::new();
        for _ in 0..60 {
            let mut board = Board::with_geometry(g);
            let plies = min_plies + rng.below(6);
            while board.plies() < plies && !board.is_over() {
                play_at_random(&mut board, &mut rng);
            }
            let p = board.position();
            let expected = exhaustive(p, &mut memo);
            assert_eq!(solver.solve(p), expected, "{g} {board}");
            assert_eq!(solver.solve_weak(p), expected.signum(), "{g} {board} weak");
        }
    }
}

/// The second half of 400 random games on each of four small boards
/// (even and odd numbers of rows), each position with its exact score:
/// computed once for the tests that share it.
fn late_positions_with_scores() -> &'static [(Board, i32)] {
    static ALL: std::sync::OnceLock<Vec<(Board, i32)>> = std::sync::OnceLock::new();
    ALL.get_or_init(score_late_positions)
}

fn score_late_positions() -> Vec<(Board, i32)> {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut all = Vec::new();
    for (columns, rows) in [(5, 4), (4, 5), (6, 4), (5, 5)] {
        let g = Geometry::new(columns, rows, 4).unwrap();
        let mut memo = HashMap::new();
        for _ in 0..400 {
            let mut board = Board::with_geometry(g);
            while !board.is_over() {
                // Earlier positions take plain minimax too long.
                if 2 * board.plies() >= g.cells() {
                    let score = exhaustive(board.position(), &mut memo);
                    all.push((board.clone(), score));
                }
                play_at_random(&mut board, &mut rng);
            }
        }
    }
    all
}

#[test]
fn claimeven_holds_the_mover_to_a_draw_at_best() {
    let (mut held, mut mover_wins_elsewhere) = (0, 0);
    for &(ref board, score) in late_positions_with_scores() {
        if board.position().opponent_claims_even() {
            assert!(score <= 0, "{board}: the mover wins ({score})");
            held += 1;
        } else if score > 0 {
            mover_wins_elsewhere += 1;
        }
    }
    assert!(
        held > 200 && mover_wins_elsewhere > 200,
        "{held} {mover_wins_elsewhere}"
    );
}

#[test]
fn no_win_in_two_is_ruled_out_wrongly() {
    let mut ruled_out = 0;
    for &(ref board, score) in late_positions_with_scores() {
        let p = board.position();
        let g = p.geometry();
        // With two empty cells left the second stone is the opponent's.
        if p.can_win_next() || has_line(p.opponent_stones(), g) || p.plies() + 3 > g.cells() {
            continue;
        }
        let possible = p.possible();
        let mut moves = p.non_losing_moves();
        let mut maybe = false;
        while moves != 0 {
            let bit = moves & moves.wrapping_neg();
            moves ^= bit;
            maybe |= p.wins_in_two_after(bit, p.threat_cells_after(bit), possible);
        }
        let in_two = win_now_score(g.cells(), p.plies() + 2);
        if !maybe {
            assert!(
                score < in_two,
                "{board}: wins with its second stone ({score})"
            );
            ruled_out += 1;
        }
    }
    assert!(ruled_out > 1000, "only {ruled_out}");
}

#[test]
fn analysis_from_a_book_position_matches_plain_minimax() {
    // The book's score of a position bounds its columns' searches; a
    // wrong bound would show as a wrong column score here.
    let g = Geometry::new(5, 4, 4).unwrap();
    let depth = 4;
    let mut memo = HashMap::new();
    let frontier: HashMap<u64, i32> = crate::book::frontier(g, depth)
        .iter()
        .map(|p| (p.canonical_key(), exhaustive(p, &mut memo)))
        .collect();
    let book = OpeningBook::from_frontier(g, depth, &frontier).unwrap();
    let mut solver = Solver::new();
    solver.use_solved(&SolvedPositions::default().with_book(Some(Arc::new(book))));
    let mut checked = 0;
    // The deepest positions of the book: their columns are not in it.
    for p in crate::book::frontier(g, depth) {
        let expected: Vec<Option<i32>> = (0..g.columns())
            .map(|c| {
                p.can_play(c).then(|| {
                    let mut child = p;
                    child.play_column(c);
                    -exhaustive(&child, &mut memo)
                })
            })
            .collect();
        assert_eq!(solver.analyze(&p, Mode::Strong), expected);
        let weak: Vec<_> = expected.iter().map(|s| s.map(i32::signum)).collect();
        assert_eq!(solver.analyze(&p, Mode::Weak), weak);
        checked += 1;
    }
    assert!(checked > 20, "only {checked} positions");
}

#[test]
fn stopping_cancels_and_leaves_the_table_true() {
    let board: Board = "13712".parse().unwrap(); // Test_L1_R3, line 1
    let mut solver = Solver::new();
    let flag = solver.stop_flag();
    let mut reports = 0;
    let result = solver.search(board.position(), Mode::Strong, &mut |_| {
        reports += 1;
        if reports == 3 {
            flag.store(true, Ordering::Relaxed);
        }
        Flow::Continue
    });
    assert_eq!(result, Err(Cancelled));
    let by_observer = solver.search(board.position(), Mode::Strong, &mut |_| Flow::Stop);
    assert_eq!(by_observer, Err(Cancelled));
    assert!(solver.nodes() <= 2 * REPORT_EVERY);
    // What the interrupted searches stored is still true.
    let mut fresh = Solver::new();
    assert_eq!(
        solver.solve_weak(board.position()),
        fresh.solve_weak(board.position())
    );
}

#[test]
fn progress_narrows_the_bounds_onto_the_score() {
    let board: Board = "2737772416".parse().unwrap();
    let mut solver = Solver::new();
    let mut seen = Vec::new();
    let score = solver
        .search(board.position(), Mode::Strong, &mut |p| {
            seen.push(*p);
            Flow::Continue
        })
        .unwrap();
    assert!(!seen.is_empty());
    for pair in seen.windows(2) {
        assert!(pair[0].lower <= pair[1].lower && pair[0].upper >= pair[1].upper);
        assert!(pair[0].nodes <= pair[1].nodes);
    }
    assert!(seen.iter().all(|p| p.lower <= score && score <= p.upper));
    let last = seen.last().unwrap();
    assert_eq!((last.lower, last.upper), (score, score));
}

#[test]
fn probes_agree_with_the_exact_score() {
    let mut solver = Solver::new();
    for moves in [
        "2737772416",
        "4455",
        "44455554221",
        "2252576253462244111563365343671351441",
    ] {
        let board: Board = moves.parse().unwrap();
        let score = solver.solve(board.position());
        for bound in [score - 1, score, score + 1] {
            let answer = solver
                .at_least(board.position(), bound, &mut |_| Flow::Continue)
                .unwrap();
            assert_eq!(answer, score >= bound, "{moves} >= {bound}");
        }
    }
}

#[test]
fn finished_games_score_as_such() {
    let mut solver = Solver::new();
    let won: Board = "1212121".parse().unwrap();
    // The first player won with its 4th stone: 22 - 4 = 18 for the winner.
    assert_eq!(solver.solve(won.position()), -18);
    assert_eq!(solver.solve_weak(won.position()), -1);
}
