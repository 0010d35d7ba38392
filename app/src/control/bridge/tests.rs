//! The bridge's owner without a bridge: what its clocks and its one robot
//! game do between snapshots.

use booth_protocol::{GameStatus, Part};
use leptos::prelude::*;

use super::*;
use crate::control::robot_game::tests::{on_robot, page, playing, snapshot};

/// Runs `test` with a fresh, unconnected bridge inside a reactive owner.
fn with_bridge(test: impl FnOnce(Bridge)) {
    let owner = Owner::new();
    owner.with(|| test(Bridge::provide()));
}

#[test]
fn a_finished_game_goes_back_to_the_lobby_once_it_has_been_shown_long_enough() {
    with_bridge(|bridge| {
        let game = on_robot("4455667");
        let won = snapshot(GameStatus::Won, "4455667", Part::First);
        bridge.take_snapshot(won, &page(&game), 1_000.0);
        assert_eq!(untrack(|| bridge.view().over_since()), Some(1_000.0));
        assert!(!bridge.tick(1_000.0 + BACK_TO_LOBBY_MS - 1.0).back_to_lobby);
        assert!(bridge.tick(1_000.0 + BACK_TO_LOBBY_MS).back_to_lobby);
        bridge.left_game();
        assert_eq!(untrack(|| bridge.view().over_since()), None);
        assert!(!bridge.tick(1_000.0 + 2.0 * BACK_TO_LOBBY_MS).back_to_lobby);
    });
}

#[test]
fn a_move_sent_takes_no_other_until_the_next_snapshot() {
    with_bridge(|bridge| {
        let game = on_robot("44");
        bridge.take_snapshot(playing("44"), &page(&game), 0.0);
        assert!(bridge.can_move());
        bridge.send_move(2);
        assert!(!bridge.can_move(), "a second tap would be refused");
        let shown = untrack(|| bridge.view().with_snapshot(|s| s.map(|s| s.can_move)));
        assert_eq!(shown, Some(false), "the board shows it is waiting");
        bridge.take_snapshot(playing("443"), &page(&game), 1.0);
        assert!(bridge.can_move());
    });
}

#[test]
fn a_message_tied_to_the_game_goes_when_the_game_moves_on() {
    with_bridge(|bridge| {
        let game = on_robot("44");
        bridge.take_snapshot(playing("44"), &page(&game), 0.0);
        bridge.tie_message(true);
        assert!(bridge.view().robot.with_untracked(|r| r.said_at.is_some()));
        let same = bridge.take_snapshot(playing("44"), &page(&game), 1.0);
        assert!(!same.clear_message, "the same moment keeps it");
        let moved = bridge.take_snapshot(playing("443"), &page(&game), 2.0);
        assert!(moved.clear_message);
        assert!(bridge.view().robot.with_untracked(|r| r.said_at.is_none()));
        bridge.tie_message(false);
        let next = bridge.take_snapshot(playing("4433"), &page(&game), 3.0);
        assert!(!next.clear_message, "an untied message is not the game's");
    });
}

#[test]
fn a_notice_ends_at_its_time_and_the_clock_counts() {
    with_bridge(|bridge| {
        bridge.notice(5_000.0);
        assert!(!bridge.tick(4_999.0).notice_over);
        assert_eq!(bridge.view().now.get_untracked(), 4_999.0);
        assert!(bridge.tick(5_000.0).notice_over);
        assert_eq!(bridge.view().notice_until.get_untracked(), None);
        assert!(!bridge.tick(6_000.0).notice_over, "it ends once");
    });
}
