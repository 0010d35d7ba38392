//! Game review: after a game, every move of both sides marked by the
//! perfect analysis, the move that decided the game, and a way to play on
//! from any earlier position. On the playing page and the spectator screen.

use engine::review::ReviewedMove;
use leptos::prelude::*;

use super::Play;
use super::local_game::LocalGame;
use super::play::seconds;
use super::thinking::REVIEW_LIMIT_MS;
use crate::i18n::{Message, Say};
use crate::model::review::GameReview;

impl Play {
    /// Asks the worker for the finished game's review.
    pub fn request_review(self) {
        let board = self.game.with_untracked(|g| g.board.clone());
        if !board.is_over() {
            return;
        }
        self.say_message(Message::Say(Say::Reviewing(seconds(REVIEW_LIMIT_MS))));
        let answers = self.thinking.review(&board);
        self.answers(answers);
    }

    /// The worker's review of the game on the board.
    pub(super) fn reviewed(self, marks: Vec<ReviewedMove>) {
        self.screen.clear_message();
        let moves = self.game.with_untracked(|g| g.board.to_string());
        self.review.set(Some(GameReview { moves, marks }));
    }

    /// Takes the game back to the position before move `number` (from 1)
    /// and plays on from there.
    pub fn play_on(self, number: usize) {
        self.stop_thinking();
        self.review.set(None);
        self.thinking.clear_values();
        self.screen.clear_message();
        let settings = self.preferences.now();
        let mut steps = Vec::new();
        self.game
            .update(|g| steps = LocalGame::new(g, &settings).play_on(number));
        self.take(steps);
    }
}
