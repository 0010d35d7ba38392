//! The spectator screen on the same device, the control side: the playing
//! page tells the channel every change, the spectator page follows it.

use engine::Board;
use leptos::prelude::*;

use super::Play;
use crate::io::channel::{Broadcast, Shared, Spectate};
use crate::model::game::Game;

impl Play {
    /// The playing page: tells spectators every change. The spectator
    /// page: asks for the state and follows it.
    pub(super) fn start_spectate(self) {
        let Some(link) = Spectate::open(move |m| self.on_broadcast(m)) else {
            return;
        };
        self.spectate.set_value(Some(link.clone()));
        if self.watching {
            link.send(&Broadcast::Hello);
            return;
        }
        let state_link = link.clone();
        Effect::new(move |_| {
            // Track everything the spectator shows, but copy it (a tree of
            // up to 2,000 nodes) only when someone watches.
            self.game.track();
            self.preferences.track();
            self.thinking.track_shown();
            self.review.track();
            state_link.tell_spectators(|| Broadcast::State(Box::new(self.shared())));
        });
        Effect::new(move |_| {
            self.thinking.track_progress();
            link.tell_spectators(|| Broadcast::Progress {
                progress: self.thinking.progress_shared(),
            });
        });
    }

    /// This page's state for spectators.
    fn shared(self) -> Shared {
        let game = self.game.get_untracked();
        let mut shared = Shared {
            moves: game.board.to_string(),
            geometry: game.board.geometry(),
            human: game.human,
            settings: self.preferences.now(),
            trace: None,
            thoughts: Vec::new(),
            column_values: None,
            pv: Vec::new(),
            thinking: false,
            review: self.review.get_untracked(),
        };
        self.thinking.share(&mut shared);
        shared
    }

    fn on_broadcast(self, message: Broadcast) {
        match (message, self.watching) {
            (Broadcast::Hello, false) => {
                let shared = self.shared();
                self.spectate.with_value(|s| {
                    if let Some(s) = s {
                        s.send(&Broadcast::State(Box::new(shared)));
                    }
                });
            }
            (Broadcast::State(shared), true) => self.follow(*shared),
            (Broadcast::Progress { progress }, true) => self.thinking.follow_progress(progress),
            _ => {}
        }
    }

    /// The spectator takes over the playing page's state.
    fn follow(self, mut s: Shared) {
        // A bridge's spectator screen follows the robot's game, not a
        // game in another tab of the same browser.
        if crate::io::booth_link::served_by_bridge() {
            return;
        }
        let Ok(board) = Board::from_moves(s.geometry, &s.moves) else {
            return;
        };
        if self
            .game
            .with_untracked(|g| g.board != board || g.human != s.human || g.robot.is_some())
        {
            self.game.set(Game {
                board,
                human: s.human,
                robot: None,
                onlooker: false,
            });
        }
        self.preferences.follow(&s.settings);
        self.thinking.follow(&mut s);
        self.review.set(s.review);
    }
}
