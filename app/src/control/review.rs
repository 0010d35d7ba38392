//! Game review: after a game, every move of both sides marked by the
//! perfect analysis, the move that decided the game, and a way to play on
//! from any earlier position. On the playing page and the spectator screen.

use engine::review::ReviewedMove;
use leptos::prelude::*;

use crate::control::Actions;
use crate::control::seconds;
use crate::i18n::{Message, Say};
use crate::model::review::GameReview;
use crate::protocol::ToWorker;

/// The review gives up after this long, and says so: with the position
/// database a 7x6 game's review takes well under a second in the browser;
/// the larger boards have no database, and their early positions take
/// the solver minutes.
pub(crate) const REVIEW_LIMIT_MS: f64 = 10_000.0;

impl Actions {
    /// Asks the worker for the finished game's review.
    pub(crate) fn request_review(self) {
        let board = self.state.game.with_untracked(|g| g.board.clone());
        let id = self.next_request();
        self.say_message(Message::Say(Say::Reviewing(seconds(REVIEW_LIMIT_MS))));
        self.send(ToWorker::Review {
            id,
            moves: board.to_string(),
            geometry: board.geometry(),
            limit_ms: REVIEW_LIMIT_MS,
        });
    }

    /// The worker's review of the game on the board.
    pub(crate) fn reviewed(self, marks: Vec<ReviewedMove>) {
        self.state.ui.message.set(None);
        let moves = self.state.game.with_untracked(|g| g.board.to_string());
        self.state.review.set(Some(GameReview { moves, marks }));
    }

    /// Takes the game back to the position before move `number` (from 1)
    /// and plays on from there.
    pub(crate) fn play_on(self, number: usize) {
        self.stop_thinking();
        self.state.review.set(None);
        self.searcher.clear_values();
        self.state.ui.message.set(None);
        self.state.game.update(|g| {
            let back = g.board.plies() + 1 - number;
            g.board.undo(back);
        });
    }
}
