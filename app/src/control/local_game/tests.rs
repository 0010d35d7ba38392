//! The local game's transitions, as a person and the worker would cause
//! them, without a page.

use engine::Side;
use engine::evaluation::Style;
use engine::player::Level;

use super::*;
use crate::model::settings::Starter;

fn settings(mode: GameMode, starter: Starter) -> Settings {
    Settings {
        mode,
        starter,
        level: Level::Hard,
        ..Settings::default()
    }
}

fn new_game(settings: &Settings) -> Game {
    let mut game = Game::new(settings, true);
    let _ = LocalGame::new(&mut game, settings).restart(true);
    game
}

fn hard_now() -> Step {
    Step::Ask(ComputerTurn {
        level: Level::Hard,
        style: Style::Normal,
        pace_ms: 0,
    })
}

#[test]
fn a_tap_against_the_computer_asks_for_its_reply_and_its_answer_is_played() {
    let s = settings(GameMode::VsComputer, Starter::Me);
    let mut game = new_game(&s);
    let mut local = LocalGame::new(&mut game, &s);
    assert_eq!(local.tap(3), Ok(vec![hard_now()]));
    assert_eq!(
        local.tap(2),
        Err(Refusal::ComputersTurn),
        "no second coin before the computer's"
    );
    assert_eq!(local.computer_moved(3), Vec::new(), "its move asks nothing");
    assert_eq!(game.board.to_string(), "44");
    assert_eq!(game.board.side_to_move(), game.human);
}

#[test]
fn the_computer_opens_when_it_starts_and_a_stale_answer_changes_nothing() {
    let s = settings(GameMode::VsComputer, Starter::Computer);
    let mut game = Game::new(&s, true);
    let mut local = LocalGame::new(&mut game, &s);
    assert_eq!(local.restart(true), vec![hard_now()]);
    assert_eq!(local.computer_moved(3), Vec::new());
    // A second answer for the same turn comes when it is the person's.
    assert_eq!(local.computer_moved(0), Vec::new());
    assert_eq!(game.board.to_string(), "4");
}

#[test]
fn a_new_game_mid_search_drops_the_answer_for_the_old_one() {
    let s = settings(GameMode::VsComputer, Starter::Me);
    let mut game = new_game(&s);
    let mut local = LocalGame::new(&mut game, &s);
    assert_eq!(local.tap(0), Ok(vec![hard_now()]));
    // The person starts again while the computer still thinks.
    assert_eq!(local.restart(true), Vec::new(), "the person opens");
    assert_eq!(local.computer_moved(6), Vec::new());
    assert_eq!(game.board.plies(), 0, "the old search's move is not played");
}

#[test]
fn a_take_back_against_the_computer_returns_to_the_persons_turn() {
    let s = settings(GameMode::VsComputer, Starter::Me);
    let mut game = new_game(&s);
    let mut local = LocalGame::new(&mut game, &s);
    local.tap(3).unwrap();
    local.computer_moved(3);
    local.tap(2).unwrap();
    local.computer_moved(4);
    assert_eq!(local.undo(), Ok(()));
    assert_eq!(game.board.to_string(), "44");
    let mut local = LocalGame::new(&mut game, &s);
    local.undo().unwrap();
    assert_eq!(local.undo(), Err(Refusal::NothingToUndo));
    assert_eq!(game.board.plies(), 0);
}

#[test]
fn a_size_change_starts_a_game_on_the_new_board() {
    let mut s = settings(GameMode::TwoPlayers, Starter::Me);
    let mut game = new_game(&s);
    LocalGame::new(&mut game, &s).tap(0).unwrap();
    s.size = (9, 6);
    let steps = LocalGame::new(&mut game, &s).restart(false);
    assert!(steps.is_empty(), "between people nobody is asked");
    let g = game.board.geometry();
    assert_eq!((g.columns(), g.rows(), game.board.plies()), (9, 6, 0));
    assert_eq!(LocalGame::new(&mut game, &s).tap(8), Ok(Vec::new()));
}

#[test]
fn a_finished_game_tells_the_adaptive_level_and_can_be_reviewed_and_played_on() {
    let s = settings(GameMode::VsComputer, Starter::Me);
    let mut game = new_game(&s);
    let mut local = LocalGame::new(&mut game, &s);
    for column in [0, 1, 0, 1, 0, 1] {
        assert!(!local.game.board.is_over());
        if game_side_is_human(&local) {
            local.tap(column).unwrap();
        } else {
            local.computer_moved(column);
        }
    }
    assert_eq!(
        local.tap(0),
        Ok(vec![Step::GameOver {
            computer_won: Some(false)
        }])
    );
    assert!(local.game.board.is_over(), "over: it can be reviewed");
    assert_eq!(local.tap(2), Err(Refusal::GameOver));
    // Playing on from the computer's third move: its turn, it is asked.
    assert_eq!(local.play_on(6), vec![hard_now()]);
    assert_eq!(game.board.to_string(), "12121");
}

fn game_side_is_human(local: &LocalGame) -> bool {
    local.game.board.side_to_move() == local.game.human
}

#[test]
fn the_demo_paces_its_moves_and_pits_two_levels() {
    let s = settings(GameMode::Demo, Starter::Me);
    let mut game = new_game(&s);
    let mut local = LocalGame::new(&mut game, &s);
    assert_eq!(local.tap(3), Err(Refusal::ComputersTurn));
    let first = local.computer_turn().unwrap();
    assert_eq!((first.level, first.pace_ms), (Level::Hard, DEMO_PACE_MS));
    let next = local.computer_moved(3);
    let second = ComputerTurn {
        level: Level::Medium,
        style: Style::Aggressive,
        pace_ms: DEMO_PACE_MS,
    };
    assert_eq!(next, vec![Step::Ask(second)]);
    assert_eq!(local.undo(), Err(Refusal::NothingToUndo));
}

#[test]
fn two_people_take_turns_and_a_full_column_is_refused() {
    let s = settings(GameMode::TwoPlayers, Starter::Me);
    let mut game = new_game(&s);
    let mut local = LocalGame::new(&mut game, &s);
    for _ in 0..6 {
        assert_eq!(local.tap(0), Ok(Vec::new()));
    }
    assert_eq!(local.tap(0), Err(Refusal::ColumnFull));
    assert_eq!(local.computer_turn(), None);
    assert_eq!(game.board.side_to_move(), Side::First);
}

#[test]
fn a_robot_game_never_asks_this_pages_worker() {
    let s = settings(GameMode::VsComputer, Starter::Me);
    let mut game = new_game(&s);
    game.robot = Some(GameMode::VsComputer);
    game.human = Side::Second;
    assert_eq!(LocalGame::new(&mut game, &s).computer_turn(), None);
}
