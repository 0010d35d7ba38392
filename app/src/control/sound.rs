//! When the game makes its sounds, and the visitor's choice to hear them.

use booth_protocol::LinkState;
use engine::Status;
use leptos::prelude::*;

use crate::control::Actions;
use crate::io::sound::{Cue, play, unlock};

impl Actions {
    /// Whether this screen makes sounds: the visitor's choice, else on
    /// where people play and off on the spectator screen.
    pub(crate) fn sound_on(self) -> bool {
        self.state
            .settings
            .with(|s| s.sound)
            .unwrap_or(!self.watching)
    }

    /// Mutes or unmutes, remembered with the settings.
    pub(crate) fn toggle_sound(self) {
        let on = untrack(|| self.sound_on());
        self.state.settings.update(|s| s.sound = Some(!on));
    }

    /// Sounds for what happens: coins, the end of a game, a robot fault.
    pub(crate) fn make_sounds(self) {
        let unlocked = StoredValue::new(false);
        let on_gesture = move || {
            if !unlocked.get_value() && untrack(|| self.sound_on()) {
                unlocked.set_value(true);
                unlock();
            }
        };
        let _ = window_event_listener(leptos::ev::pointerup, move |_| on_gesture());
        let _ = window_event_listener(leptos::ev::keydown, move |_| on_gesture());
        let seen = StoredValue::new(self.state.game.with_untracked(|g| g.board.to_string()));
        Effect::new(move |_| {
            let (moves, landed, status) = self.state.game.with(|g| {
                let board = &g.board;
                let landed = board.last_move().map(|c| board.height(c).saturating_sub(1));
                (board.to_string(), landed, board.status())
            });
            let before = seen.get_value();
            seen.set_value(moves.clone());
            // Only one coin more than before: a new game or a jump through
            // the review makes no sound.
            let one_more = moves.len() == before.len() + 1 && moves.starts_with(&before);
            if !one_more || !untrack(|| self.sound_on()) {
                return;
            }
            match status {
                Status::Won(_) => play(Cue::Win),
                Status::Draw => play(Cue::Draw),
                Status::InProgress => play(Cue::Coin(landed.unwrap_or(0))),
            }
        });
        let was_down = StoredValue::new(false);
        Effect::new(move |_| {
            let down = self.bridge.view().snapshot.with(|s| {
                s.as_ref().is_some_and(|s| {
                    matches!(s.robot.state, LinkState::Fault | LinkState::Disconnected)
                })
            });
            if down && !was_down.get_value() && untrack(|| self.sound_on()) {
                play(Cue::Fault);
            }
            was_down.set_value(down);
        });
    }
}
