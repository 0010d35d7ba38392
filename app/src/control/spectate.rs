//! The spectator screen on the same device, the control side: the playing
//! page tells the channel every change, the spectator page follows it.

use engine::Board;
use leptos::prelude::*;

use crate::control::Actions;
use crate::io::channel::{Broadcast, Shared, Spectate};
use crate::model::game::Game;

impl Actions {
    /// The playing page: tells spectators every change. The spectator
    /// page: asks for the state and follows it.
    pub(crate) fn start_spectate(self) {
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
            self.state.game.track();
            self.state.settings.track();
            self.searcher.track_shown();
            self.state.review.track();
            state_link.tell_spectators(|| Broadcast::State(Box::new(self.shared())));
        });
        Effect::new(move |_| {
            self.searcher.track_progress();
            link.tell_spectators(|| Broadcast::Progress {
                progress: self.searcher.progress_shared(),
            });
        });
    }

    /// This page's state for spectators.
    fn shared(self) -> Shared {
        let game = self.state.game.get_untracked();
        let mut shared = Shared {
            moves: game.board.to_string(),
            geometry: game.board.geometry(),
            human: game.human,
            settings: self.state.settings.get_untracked(),
            trace: None,
            thoughts: Vec::new(),
            column_values: None,
            pv: Vec::new(),
            thinking: false,
            review: self.state.review.get_untracked(),
        };
        self.searcher.share(&mut shared);
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
            (Broadcast::Progress { progress }, true) => self.searcher.follow_progress(progress),
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
            .state
            .game
            .with_untracked(|g| g.board != board || g.human != s.human || g.robot.is_some())
        {
            self.state.game.set(Game {
                board,
                human: s.human,
                robot: None,
                onlooker: false,
            });
        }
        if self
            .state
            .settings
            .with_untracked(|mine| *mine != s.settings)
        {
            self.state.settings.set(s.settings.clone());
        }
        self.searcher.follow(&mut s);
        self.state.review.set(s.review);
    }
}
