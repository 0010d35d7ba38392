//! Take-home links written and read back, and forged ones refused.

use std::collections::HashMap;

use engine::evaluation::Style;
use engine::player::Level;

use super::*;

/// Reads `query` (`?a=b&c=d`) as the page reads its address.
fn read(query: &str) -> Option<TakeHome> {
    let params: HashMap<String, String> = query
        .trim_start_matches('?')
        .split('&')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    TakeHome::read(query.len(), |key| params.get(key).cloned())
}

fn board(moves: &str) -> Board {
    Board::from_moves(Geometry::STANDARD, moves).unwrap()
}

fn hard() -> LevelSpec {
    LevelSpec {
        level: Level::Hard,
        style: Style::Normal,
    }
}

#[test]
fn a_won_game_against_the_computer_travels_and_comes_back_whole() {
    let vs_hard = Players::Computer {
        level: hard(),
        visitor: Side::First,
    };
    let game = TakeHome::of(&board("4455667"), vs_hard, None);
    assert_eq!(game.ending, Ending::Won(Side::First));
    let query = game.query();
    assert_eq!(query, "?game=4455667&level=hard&you=1&end=1");
    assert_eq!(read(&query), Some(game));
}

#[test]
fn two_peoples_names_travel_only_when_both_are_names() {
    let names = Some(["Ada".to_string(), "Bob_2".to_string()]);
    let game = TakeHome::of(&board("4433"), Players::People, names);
    assert_eq!(game.ending, Ending::Stopped);
    let query = game.query();
    assert_eq!(query, "?game=4433&end=stopped&names=Ada.Bob_2");
    assert_eq!(read(&query), Some(game));
    let html = Some(["<b>Ada</b>".to_string(), "Bob".to_string()]);
    assert_eq!(
        TakeHome::of(&board("44"), Players::People, html).names,
        None
    );
}

#[test]
fn a_game_off_the_classic_board_keeps_its_size() {
    let g = Geometry::new(9, 6, 4).unwrap();
    let nine = Board::from_moves(g, "9999").unwrap();
    let game = TakeHome::of(&nine, Players::People, None);
    assert_eq!(game.query(), "?game=9999&size=9x6&end=stopped");
    assert_eq!(read(&game.query()).unwrap().board.geometry(), g);
}

#[test]
fn a_forged_link_holds_no_game() {
    for forged in [
        // Not moves, or moves past the end, or a full column.
        "?game=44x5&end=stopped",
        "?game=44556671&level=hard&you=1&end=1",
        "?game=4444444&end=stopped",
        // A level that does not exist, a side that is no side, half a pair.
        "?game=44&level=godlike&you=1&end=stopped",
        "?game=44&level=hard&you=3&end=stopped",
        "?game=44&level=hard&end=stopped",
        // An ending the board does not have.
        "?game=4455667&end=2",
        "?game=4455&end=draw",
        "?game=4455&end=maybe",
        // Markup, or a name the lobby would refuse.
        "?game=44&end=stopped&names=<script>.Bob",
        "?game=44&end=stopped&names=Ada",
        "?game=44&end=stopped&names=Ada.B",
        // No game at all.
        "?end=stopped",
    ] {
        assert_eq!(read(forged), None, "{forged}");
    }
    let long = format!("?game=44&end=stopped&names=Ada.Bob{}", "&x=1".repeat(50));
    assert!(long.len() > MAX_QUERY);
    assert_eq!(read(&long), None, "too long");
}

#[test]
fn the_qr_code_is_a_square_of_dark_runs_within_its_width() {
    let (width, path) = qr_code("https://example.org/?game=4455667&end=1").unwrap();
    assert_eq!(width % 4, 1, "a QR code's side is 17 + 4 × its version");
    let runs: Vec<(usize, usize, usize)> = path
        .split('M')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (x, rest) = p.split_once(' ').unwrap();
            let (y, rest) = rest.split_once('h').unwrap();
            let (run, _) = rest.split_once('v').unwrap();
            (x.parse().unwrap(), y.parse().unwrap(), run.parse().unwrap())
        })
        .collect();
    assert!(
        runs.iter()
            .all(|&(x, y, run)| x + run <= width && y < width)
    );
    // The finder pattern's top edge: seven dark modules in the corner.
    assert!(runs.contains(&(0, 0, 7)));
}
