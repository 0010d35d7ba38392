//! A robot game's snapshots on a page with no bridge: a game played, a
//! reload mid-game, a reconnect, a game replaced, a seat lost.

use booth_protocol::{GameMode, LinkState, RobotStatus, VERSION};

use super::*;

pub(in crate::control) fn snapshot(status: GameStatus, moves: &str, you: Part) -> Snapshot {
    Snapshot {
        v: VERSION,
        status,
        moves: moves.into(),
        mode: (status != GameStatus::Idle).then_some(GameMode::TwoPlayers),
        turn: None,
        winner: None,
        winning_cells: Vec::new(),
        seats: [Some("Ada".into()), Some("Bob".into())],
        shown: [false; 2],
        fame: 0,
        levels: [None, None],
        computer: None,
        again: [false, false],
        offer_left_s: None,
        away_left_s: [None, None],
        line: 0,
        line_place: None,
        you,
        can_move: true,
        robot: RobotStatus {
            state: LinkState::Ready,
            fault: None,
            in_sync: true,
            placed: moves.len(),
            behind: 0,
            port: "dummy".into(),
        },
    }
}

pub(in crate::control) fn playing(moves: &str) -> Snapshot {
    snapshot(GameStatus::Playing, moves, Part::First)
}

fn local() -> Game {
    Game {
        board: Board::default(),
        human: Side::First,
        robot: None,
        onlooker: false,
    }
}

pub(in crate::control) fn on_robot(moves: &str) -> Game {
    Game {
        board: moves.parse().unwrap(),
        human: Side::First,
        robot: Some(GameMode::TwoPlayers),
        onlooker: false,
    }
}

pub(in crate::control) fn page(game: &Game) -> Page<'_> {
    Page {
        game,
        watching: false,
        lobby_open: false,
    }
}

#[test]
fn a_move_on_the_robot_shows_on_the_page_and_keeps_the_thoughts() {
    let mut robot = RobotGame::default();
    let game = on_robot("44");
    robot.snapshot(playing("44"), &page(&game), 0.0);
    let steps = robot.snapshot(playing("445"), &page(&game), 1.0);
    let shown = steps.show.expect("the new coin");
    assert_eq!(shown.board.to_string(), "445");
    assert!(!steps.forget_search, "the same game goes on");
    assert!(!steps.back_to_lobby);
}

#[test]
fn a_reload_mid_game_closes_the_lobby_and_shows_the_game() {
    let mut robot = RobotGame::default();
    let game = local();
    let reloaded = Page {
        lobby_open: true,
        ..page(&game)
    };
    let steps = robot.snapshot(playing("4453"), &reloaded, 0.0);
    assert!(steps.close_lobby);
    let shown = steps.show.expect("the robot's game");
    assert_eq!(shown.robot, Some(GameMode::TwoPlayers));
    assert_eq!(shown.board.to_string(), "4453");
}

#[test]
fn a_reconnect_to_the_same_game_changes_nothing_on_the_page() {
    let mut robot = RobotGame::default();
    let game = on_robot("4453");
    robot.snapshot(playing("4453"), &page(&game), 0.0);
    // The link dropped and came back: the bridge sends its snapshot again.
    let steps = robot.snapshot(playing("4453"), &page(&game), 5_000.0);
    assert_eq!(steps, Steps::default());
}

#[test]
fn a_reconnect_that_missed_moves_catches_up_without_forgetting() {
    let mut robot = RobotGame::default();
    let game = on_robot("44");
    robot.snapshot(playing("44"), &page(&game), 0.0);
    let steps = robot.snapshot(playing("445312"), &page(&game), 9_000.0);
    assert_eq!(steps.show.unwrap().board.to_string(), "445312");
    assert!(!steps.forget_search);
}

#[test]
fn another_game_on_the_robot_forgets_the_last_ones_thoughts() {
    let mut robot = RobotGame::default();
    let game = on_robot("4453");
    robot.snapshot(playing("4453"), &page(&game), 0.0);
    let steps = robot.snapshot(playing("1"), &page(&game), 1.0);
    assert!(steps.forget_search);
    assert_eq!(steps.show.unwrap().board.to_string(), "1");
}

#[test]
fn a_page_whose_game_ended_goes_back_to_the_lobby() {
    let mut robot = RobotGame::default();
    let game = on_robot("4453");
    robot.snapshot(playing("4453"), &page(&game), 0.0);
    let idle = snapshot(GameStatus::Idle, "", Part::Spectator);
    let steps = robot.snapshot(idle, &page(&game), 1.0);
    assert!(steps.back_to_lobby);
    assert!(steps.show.is_none());
}

#[test]
fn the_answer_to_a_hello_before_the_seat_ends_no_game() {
    let mut robot = RobotGame::default();
    // The visitor pressed "play": the page is on its way to the robot.
    let game = on_robot("");
    let hello = snapshot(GameStatus::Idle, "", Part::Spectator);
    let steps = robot.snapshot(hello, &page(&game), 0.0);
    assert!(!steps.back_to_lobby);
}

#[test]
fn a_finished_game_counts_from_its_first_snapshot_for_the_way_back() {
    let mut robot = RobotGame::default();
    let game = on_robot("");
    let won = snapshot(GameStatus::Won, "1212121", Part::First);
    robot.snapshot(won.clone(), &page(&game), 1_000.0);
    robot.snapshot(won, &page(&game), 4_000.0);
    assert_eq!(robot.over_since, Some(1_000.0));
    robot.snapshot(playing(""), &page(&game), 5_000.0);
    assert_eq!(robot.over_since, None, "a new game started");
}

#[test]
fn the_spectator_screen_follows_the_robot_unseated() {
    let mut robot = RobotGame::default();
    let game = local();
    let watching = Page {
        watching: true,
        ..page(&game)
    };
    let steps = robot.snapshot(
        snapshot(GameStatus::Playing, "44", Part::Spectator),
        &watching,
        0.0,
    );
    assert_eq!(steps.show.unwrap().board.to_string(), "44");
}

#[test]
fn a_message_lasts_until_the_game_or_the_robot_moves_on() {
    let mut robot = RobotGame::default();
    let game = on_robot("44");
    robot.snapshot(playing("44"), &page(&game), 0.0);
    robot.said_at = Some(Moment::of(&playing("44")));
    let same = robot.snapshot(playing("44"), &page(&game), 1.0);
    assert!(!same.clear_message);
    let moved = robot.snapshot(playing("445"), &page(&game), 2.0);
    assert!(moved.clear_message);
    assert!(robot.said_at.is_none());
}

#[test]
fn the_offer_and_a_closed_page_count_down_from_the_snapshot() {
    let mut robot = RobotGame::default();
    let game = on_robot("");
    let mut s = playing("");
    s.offer_left_s = Some(42);
    s.away_left_s = [None, Some(17)];
    robot.snapshot(s, &page(&game), 1_000.0);
    assert_eq!(robot.offer_until, Some(43_000.0));
    assert_eq!(robot.away_until, [None, Some(18_000.0)]);
}
