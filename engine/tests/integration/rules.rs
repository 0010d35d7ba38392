//! Random games on every kind of board, checked against a naive referee.

use engine::{Board, Geometry, MoveError, Side, Status};
use proptest::prelude::*;

/// Scans every cell in every direction: slow and obviously right.
fn naive_winner(board: &Board) -> Option<Side> {
    let g = board.geometry();
    let (w, h, n) = (g.columns() as i32, g.rows() as i32, g.win_length() as i32);
    for c in 0..w {
        for r in 0..h {
            let Some(side) = board.cell(c as usize, r as usize) else {
                continue;
            };
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let line = (0..n).all(|k| {
                    let (cc, rr) = (c + k * dc, r + k * dr);
                    (0..w).contains(&cc)
                        && (0..h).contains(&rr)
                        && board.cell(cc as usize, rr as usize) == Some(side)
                });
                if line {
                    return Some(side);
                }
            }
        }
    }
    None
}

fn geometries() -> impl Strategy<Value = Geometry> {
    (4usize..=9, 4usize..=8, 3usize..=6)
        .prop_filter_map("fits in 64 bits", |(c, r, n)| Geometry::new(c, r, n).ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_games_keep_every_invariant(g in geometries(), picks in prop::collection::vec(0usize..9, 0..80)) {
        let mut board = Board::with_geometry(g);
        let mut history = vec![board.clone()];
        for pick in picks {
            let legal: Vec<usize> = board.legal_moves().collect();
            if board.is_over() {
                prop_assert!(legal.is_empty());
                prop_assert_eq!(board.play(pick % g.columns()), Err(MoveError::GameOver));
                break;
            }
            let column = legal[pick % legal.len()];
            let mover = board.side_to_move();
            let status = board.play(column).unwrap();
            history.push(board.clone());

            // Stone counts and heights.
            let (mut first, mut second) = (0, 0);
            for c in 0..g.columns() {
                let height = (0..g.rows()).take_while(|&r| board.cell(c, r).is_some()).count();
                prop_assert_eq!(board.height(c), height);
                prop_assert!((height..g.rows()).all(|r| board.cell(c, r).is_none()), "no floating stones");
                for r in 0..height {
                    match board.cell(c, r) {
                        Some(Side::First) => first += 1,
                        _ => second += 1,
                    }
                }
            }
            prop_assert_eq!(first + second, board.plies());
            prop_assert_eq!(first - second, board.plies() % 2);

            // Win detection against the referee.
            let winner = naive_winner(&board);
            prop_assert_eq!(board.winner(), winner);
            if let Some(side) = winner {
                prop_assert_eq!(side, mover);
                prop_assert_eq!(status, Status::Won(mover));
                let line = board.winning_line().unwrap();
                prop_assert_eq!(line.len(), g.win_length());
                prop_assert!(line.iter().all(|cell| board.cell(cell.column.into(), cell.row.into()) == Some(mover)));
                let last = (column as u8, board.height(column) as u8 - 1);
                prop_assert!(line.iter().any(|cell| (cell.column, cell.row) == last), "the line passes through the last stone");
            } else if board.plies() == g.cells() {
                prop_assert_eq!(status, Status::Draw);
            }

            // The move string round-trips.
            let text = board.to_string();
            prop_assert_eq!(Board::from_moves(g, &text).unwrap(), board.clone());
        }

        // Undo restores every earlier position exactly.
        let mut taken = 0;
        while taken < history.len() - 1 {
            let step = 1 + taken % 3;
            let done = board.undo(step);
            taken += done;
            prop_assert_eq!(&board, &history[history.len() - 1 - taken]);
        }
        prop_assert_eq!(board.undo(5), 0);
    }

    #[test]
    fn arbitrary_strings_never_panic(text in "[0-9a-z ]{0,60}") {
        if let Ok(board) = text.parse::<Board>() {
            prop_assert_eq!(board.to_string(), text);
        }
    }
}
