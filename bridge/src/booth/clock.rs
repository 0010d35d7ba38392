//! The booth's clocks: a seat whose page stays away, an offer nobody takes,
//! a player who stops moving.

use std::time::Duration;

use super::change::{Change, Changes};
use super::table::Table;
use crate::messages::{GameMode, NoticeCode};

/// How long a seat waits for its page to come back: a reload, a phone's
/// screen locked for a moment, a short Wi-Fi drop.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(30);

/// How long a person waiting for an opponent is offered to the next
/// visitors.
pub const DEFAULT_OFFER: Duration = Duration::from_secs(120);

/// A turn's limit in idle times: a player who answers "still there?" has
/// that long for one move, and no longer.
const TURN_IN_IDLE_TIMES: u32 = 3;

/// The booth's times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Times {
    /// Time without a move before the page asks "still there?".
    pub idle_ask: Duration,
    /// Time without a move before the seat is freed.
    pub idle_free: Duration,
    /// Time a seat waits for its page to come back.
    pub grace: Duration,
    /// Time a person waiting for an opponent is offered to others.
    pub offer: Duration,
}

impl Times {
    /// The longest a player may take over one move, whatever they answer
    /// to "still there?": three idle times (two minutes with the
    /// defaults), so that one answer is honoured in full and nobody holds
    /// the robot by answering.
    pub fn turn_limit(&self) -> Duration {
        self.idle_free * TURN_IN_IDLE_TIMES
    }
}

impl Table {
    /// Looks at the clocks: ends the game of a page gone past the grace
    /// time, an offer run out or a player silent too long, and asks a
    /// player gone quiet whether they are still there. While the robot is
    /// `robot_down`, the player's clock waits.
    pub(super) fn tick(&mut self, times: &Times, robot_down: bool) -> Changes {
        let Some(game) = &mut self.game else {
            return Changes::new();
        };
        if let Some(seat) = (0..2).find(|&i| {
            game.seats[i]
                .away
                .is_some_and(|t| t.elapsed() >= times.grace)
        }) {
            let name = game.seats[seat].name.clone();
            return self.end_game(NoticeCode::PlayerLeft, name);
        }
        if game.offer_left(times.offer) == Some(Duration::ZERO) {
            return self.end_game(NoticeCode::NoOpponent, None);
        }
        // The wait for an opponent has its own clock (the offer), and
        // nobody is asked "still there?" before a game has begun.
        let side = game.board.side_to_move();
        let booths_turn = game.seat_of(side).computer.is_some();
        if game.waiting_for_opponent() || game.board.is_over() || booths_turn {
            return Changes::new();
        }
        // Only the visitor's own silence ends a game: while the robot
        // cannot take a move the clocks wait, and start afresh once it is
        // back. While a page is away, its grace time is the one clock
        // shown, but the turn's runs on: going away and back does not buy
        // time.
        if robot_down {
            game.restart_turn();
            return Changes::new();
        }
        if game.turn_since.elapsed() >= times.turn_limit() {
            return self.end_game(NoticeCode::EndedIdle, None);
        }
        if game.seats.iter().any(|s| s.away.is_some()) {
            game.restart_idle_clock();
            return Changes::new();
        }
        let idle = game.last_move.elapsed();
        if idle >= times.idle_free {
            return self.end_game(NoticeCode::EndedIdle, None);
        }
        if idle < times.idle_ask || game.asked {
            return Changes::new();
        }
        game.asked = true;
        let Some(session) = game.seat_of(side).session.clone() else {
            return Changes::new();
        };
        vec![Change::AskStillThere {
            session,
            seconds_left: (times.idle_free - idle).as_secs(),
        }]
    }
}

impl Table {
    /// Whether a visitor could start a game on the robot now: no game, one
    /// that is over, or a demo.
    pub(super) fn robot_free(&self) -> bool {
        self.game
            .as_ref()
            .is_none_or(|g| g.board.is_over() || g.mode == GameMode::Demo)
    }

    /// Looks at the line for the robot (see [`super::fairness`]); a page
    /// gone keeps its place for the `grace` time: every page learns of a
    /// change to it.
    pub(super) fn line_tick(&mut self, grace: Duration) -> Changes {
        let free = self.robot_free();
        let pages = &self.pages;
        let connected = |session: &str| pages.values().any(|p| p.session == session);
        if self.fairness.tick(free, grace, connected) {
            vec![Change::Seats]
        } else {
            Changes::new()
        }
    }
}
