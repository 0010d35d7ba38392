//! What each hole of the board shows: a coin (and whether it just fell),
//! a numbered ghost of the expected line, a mark of the winning four. The
//! board's view draws this list; working it out is plain data, tested
//! here without a browser.

use engine::Side;

use crate::model::game::Game;
use crate::model::review::Replay;
use crate::model::settings::{CoinColour, Settings};

/// How many moves of the expected continuation the board shows.
const EXPECTED_SHOWN: usize = 4;

/// What one hole of the board shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Hole {
    /// The coin in it: its colour and whose it is.
    pub coin: Option<(CoinColour, Side)>,
    /// The coin was the last one played: it falls in.
    pub fresh: bool,
    /// A coin of the expected continuation: its colour and number.
    pub ghost: Option<(CoinColour, usize)>,
    /// The hole is one of the winning four.
    pub won: bool,
}

/// Every hole of the board shown, row by row from the top: the game's
/// board, or a finished game's position stepped to under its review.
pub fn holes(
    game: &Game,
    settings: &Settings,
    replay: Option<&Replay>,
    expected: &[u8],
) -> Vec<Hole> {
    let mut shown = game.clone();
    shown.board = Replay::board(replay, &game.board);
    let board = &shown.board;
    let geometry = board.geometry();
    let (w, h) = (geometry.columns(), geometry.rows());
    let win: Vec<(u8, u8)> = board
        .winning_line()
        .unwrap_or_default()
        .iter()
        .map(|c| (c.column, c.row))
        .collect();
    let last = board.last_move().map(|c| (c, board.height(c) - 1));
    let ghosts = shown.expected_coins(expected, EXPECTED_SHOWN);
    let next = board.side_to_move();
    let mut holes = Vec::with_capacity(w * h);
    for r in (0..h).rev() {
        for c in 0..w {
            let coin = board.cell(c, r).map(|side| (settings.colours[side], side));
            let ghost = ghosts
                .iter()
                .find(|e| e.0 == c && e.1 == r)
                .map(|&(_, _, n)| {
                    let side = if n % 2 == 1 { next } else { next.other() };
                    (settings.colours[side], n)
                });
            holes.push(Hole {
                coin,
                fresh: last == Some((c, r)),
                ghost,
                won: win.contains(&(c as u8, r as u8)),
            });
        }
    }
    holes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::review::Replay;

    fn game(moves: &str) -> Game {
        Game {
            board: moves.parse().unwrap(),
            human: Side::First,
            robot: None,
            onlooker: false,
        }
    }

    /// The hole in `column` and `row` (both from 0, row 0 at the bottom) of
    /// a standard 7x6 board.
    fn at(holes: &[Hole], column: usize, row: usize) -> &Hole {
        &holes[(5 - row) * 7 + column]
    }

    #[test]
    fn coins_sit_where_they_fell_and_the_last_one_is_fresh() {
        let settings = Settings::default();
        let holes = holes(&game("443"), &settings, None, &[]);
        assert_eq!(holes.len(), 42);
        let first = settings.colours[Side::First];
        assert_eq!(at(&holes, 3, 0).coin, Some((first, Side::First)));
        assert_eq!(at(&holes, 3, 1).coin.map(|c| c.1), Some(Side::Second));
        assert!(at(&holes, 2, 0).fresh && !at(&holes, 3, 0).fresh);
        assert_eq!(holes.iter().filter(|h| h.coin.is_some()).count(), 3);
        assert!(holes.iter().all(|h| !h.won && h.ghost.is_none()));
    }

    #[test]
    fn the_expected_line_shows_numbered_ghosts_in_turn_colours() {
        let settings = Settings::default();
        // The line's first move is the one being played; the next ones are
        // ghosts, numbered from 1, the side to move's first.
        let holes = holes(&game("44"), &settings, None, &[3, 3, 4]);
        let to_move = settings.colours[Side::First];
        assert_eq!(at(&holes, 3, 2).ghost, Some((to_move, 1)));
        assert_eq!(
            at(&holes, 4, 0).ghost,
            Some((settings.colours[Side::Second], 2))
        );
        assert_eq!(holes.iter().filter(|h| h.ghost.is_some()).count(), 2);
    }

    #[test]
    fn a_win_marks_its_four_and_a_review_shows_an_earlier_position() {
        let settings = Settings::default();
        let won = game("1212121");
        let holes_won = holes(&won, &settings, None, &[]);
        assert_eq!(holes_won.iter().filter(|h| h.won).count(), 4);
        assert!((0..4).all(|row| at(&holes_won, 0, row).won));
        let replay = Replay {
            moves: won.board.to_string(),
            shown: 2,
        };
        let earlier = holes(&won, &settings, Some(&replay), &[]);
        assert_eq!(earlier.iter().filter(|h| h.coin.is_some()).count(), 2);
        assert!(earlier.iter().all(|h| !h.won));
    }
}
