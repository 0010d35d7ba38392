//! Exact scores against Pascal Pons' benchmark files (a sample of each; the
//! `connect4 bench` command runs them all).

use engine::{Board, Mode, Solver};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pons");

/// Checks every `step`-th of the first `limit` lines of a file, strong and weak.
fn check(file: &str, step: usize, limit: usize) {
    let text = std::fs::read_to_string(format!("{DATA}/{file}")).unwrap();
    let mut solver = Solver::new();
    let mut checked = 0;
    for line in text.lines().take(limit).step_by(step) {
        let (moves, expected) = line.split_once(' ').unwrap();
        let expected: i32 = expected.parse().unwrap();
        let board: Board = moves.parse().unwrap();
        assert_eq!(solver.solve(board.position()), expected, "{file}: {moves}");
        assert_eq!(
            solver.solve_weak(board.position()),
            expected.signum(),
            "{file}: {moves} (weak)"
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn end_easy() {
    check("Test_L3_R1", 5, 1000);
}

#[test]
fn middle_easy() {
    check("Test_L2_R1", 5, 1000);
}

#[test]
fn middle_medium() {
    check("Test_L2_R2", 20, 1000);
}

#[test]
fn begin_easy() {
    check("Test_L1_R1", 10, 1000);
}

#[test]
fn begin_medium() {
    check("Test_L1_R2", 100, 1000);
}

#[test]
fn begin_hard() {
    check("Test_L1_R3", 250, 1000);
}

#[test]
fn analysis_agrees_with_the_score() {
    let text = std::fs::read_to_string(format!("{DATA}/Test_L2_R2")).unwrap();
    let mut solver = Solver::new();
    for line in text.lines().step_by(100) {
        let (moves, expected) = line.split_once(' ').unwrap();
        let board: Board = moves.parse().unwrap();
        let scores = solver.analyze(board.position(), Mode::Strong);
        let best = scores.iter().flatten().max().copied();
        assert_eq!(best, Some(expected.parse().unwrap()), "{moves}: {scores:?}");
        for (column, score) in scores.iter().enumerate() {
            assert_eq!(score.is_some(), board.can_play(column));
        }
    }
}
