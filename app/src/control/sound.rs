//! When the game makes its sounds (the visitor's choice to hear them is
//! the [`Preferences`](super::Preferences)').

use booth_protocol::LinkState;
use engine::Status;
use leptos::prelude::*;

use super::Play;
use crate::io::sound::{Cue, play};

impl Play {
    /// Sounds for what happens: coins, the end of a game, a robot fault
    /// (the first makes the audio context, which gestures then start
    /// where a browser holds it back: `io::sound`).
    pub(super) fn make_sounds(self) {
        let preferences = self.preferences;
        let seen = StoredValue::new(self.game.with_untracked(|g| g.board.to_string()));
        Effect::new(move |_| {
            let (moves, landed, status) = self.game.with(|g| {
                let board = &g.board;
                let landed = board.last_move().map(|c| board.height(c).saturating_sub(1));
                (board.to_string(), landed, board.status())
            });
            let before = seen.get_value();
            seen.set_value(moves.clone());
            // Only one coin more than before: a new game or a jump through
            // the review makes no sound.
            let one_more = moves.len() == before.len() + 1 && moves.starts_with(&before);
            if !one_more || !untrack(|| preferences.sound_on()) {
                return;
            }
            match status {
                Status::Won(_) => play(Cue::Win),
                Status::Draw => play(Cue::Draw),
                Status::InProgress => play(Cue::Coin(landed.unwrap_or(0))),
            }
        });
        let was_down = StoredValue::new(false);
        let booth = self.bridge.view();
        Effect::new(move |_| {
            let down = booth.with_snapshot(|s| {
                s.is_some_and(|s| {
                    matches!(s.robot.state, LinkState::Fault | LinkState::Disconnected)
                })
            });
            if down && !was_down.get_value() && untrack(|| preferences.sound_on()) {
                play(Cue::Fault);
            }
            was_down.set_value(down);
        });
    }
}
