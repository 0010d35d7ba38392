//! The game's owner natively: a person's taps, the worker's answers as the
//! real engine gives them, and the lobby, without a browser.

use booth_protocol::search::ComputerMove;
use engine::Board;
use engine::evaluation::Style;
use engine::player::{Level, Player};

use super::*;
use crate::control::{Choice, RobotSeat, Visitor};
use crate::model::settings::Starter;

/// Runs `test` on a fresh game against Easy, the person first.
fn with_play(test: impl FnOnce(Play)) {
    Owner::new().with(|| {
        let settings = Settings {
            level: Level::Easy,
            starter: Starter::Me,
            ..Settings::default()
        };
        let game = Game::new(&settings, true);
        let play = crate::control::provide_owners(settings, game, false);
        test(play)
    });
}

/// The engine's own move on `moves`, as the worker would send it for the
/// request `id`.
fn engine_answer(moves: &str, id: u32) -> FromWorker {
    let board = Board::from_moves(engine::Geometry::STANDARD, moves).unwrap();
    let decision = Player::new(Level::Easy.config(Style::Normal), 7)
        .choose(&board)
        .unwrap();
    FromWorker::Chosen {
        id,
        decision: Box::new(ComputerMove::from(&decision)),
    }
}

fn moves(play: Play) -> String {
    play.game.with_untracked(|g| g.board.to_string())
}

#[test]
fn a_tap_against_the_computer_is_answered_by_its_move_and_its_thoughts() {
    with_play(|play| {
        play.drop(3);
        assert!(play.thinking.thinking(), "the tap asked for the reply");
        let answer = engine_answer("4", play.thinking.current_request());
        play.answers(play.thinking.received(answer));
        assert_eq!(play.game.with_untracked(|g| g.board.plies()), 2);
        assert!(!play.thinking.thinking());
        let thoughts = use_context::<crate::state::SearchView>().unwrap().thoughts;
        assert!(
            !thoughts.with_untracked(Vec::is_empty),
            "its thoughts are shown"
        );
    });
}

#[test]
fn an_answer_for_a_game_started_again_is_not_played() {
    with_play(|play| {
        play.drop(0);
        let old = play.thinking.current_request();
        play.new_game();
        assert!(!play.thinking.thinking(), "the search stopped");
        play.answers(play.thinking.received(engine_answer("1", old)));
        assert_eq!(moves(play), "", "the old search's move is not played");
    });
}

#[test]
fn a_tap_while_the_computer_thinks_is_refused_and_said() {
    with_play(|play| {
        play.drop(3);
        play.drop(2);
        assert_eq!(moves(play), "4");
        assert!(
            play.screen
                .showing(|m| *m == Message::Text(Refusal::ComputersTurn.into()))
        );
        play.undo();
        assert_eq!(moves(play), "", "a take-back stops the search");
        assert!(!play.thinking.thinking());
    });
}

#[test]
fn a_name_the_booth_would_refuse_seats_nobody() {
    with_play(|play| {
        let seat = expect_context::<RobotSeat>();
        seat.take_seat(Choice {
            visitor: Visitor {
                name: String::new(),
                show_name: true,
            },
            mode: GameMode::VsComputer,
            level: None,
        });
        assert!(play.screen.showing(|m| *m == Message::Text(Text::NameRule)));
        assert_eq!(play.game.with_untracked(|g| g.robot), None);
    });
}
