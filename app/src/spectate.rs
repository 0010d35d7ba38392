//! The spectator screen on the same device: the playing page tells a
//! `BroadcastChannel` what happens, and a page on the spectator route shows
//! it (a second window on the screen beside the robot, with no bridge).

use engine::player::SearchProgress;
use engine::trace::SearchTrace;
use engine::{Board, Geometry, Side};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::JsValue;

use crate::actions::Actions;
use crate::game::Game;
use crate::js_handle::{Handle, Handlers, Listener};
use crate::settings::Settings;
use crate::state::ColumnValues;

/// The channel's name; one per origin, like the stored game.
const CHANNEL: &str = "connect4-spectate";

/// What goes over the channel.
// Externally tagged: see `protocol.rs`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Broadcast {
    /// A spectator opened: playing pages answer with their state.
    Hello,
    /// The game and what the computer thought about it.
    State(Box<Shared>),
    /// The running search's numbers (the trees come with the state).
    Progress {
        /// None once the search ended.
        progress: Option<SearchProgress>,
    },
}

/// Everything the spectator screen shows.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Shared {
    /// The moves so far.
    pub moves: String,
    /// The board's shape.
    pub geometry: Geometry,
    /// The person's side against the computer.
    pub human: Side,
    /// The player's settings: colours, level, mode and language.
    pub settings: Settings,
    /// The last (or the running) search's tree.
    pub trace: Option<SearchTrace>,
    /// The computer's thoughts, newest first.
    pub thoughts: Vec<crate::i18n::Thought>,
    /// Column values and where they come from.
    pub column_values: Option<ColumnValues>,
    /// The expected continuation.
    pub pv: Vec<u8>,
    /// Whether the computer is thinking.
    pub thinking: bool,
    /// The finished game's review, once the player asked for it.
    #[serde(default)]
    pub review: Option<crate::review::GameReview>,
}

/// The open channel (it lives as long as the page: closing it on drop
/// would lose messages in flight), cheap to clone.
#[derive(Clone)]
pub struct Spectate(Handle<Channel>);

struct Channel {
    channel: web_sys::BroadcastChannel,
    /// Whether a spectator said hello: until then the playing page sends
    /// nothing, so a page nobody watches pays nothing for it.
    watched: bool,
    handlers: Handlers,
}

impl Spectate {
    /// Opens the channel; `listener` gets what other pages send. `None`
    /// where the browser has no `BroadcastChannel`.
    pub fn open(listener: impl Fn(Broadcast) + 'static) -> Option<Spectate> {
        let channel = web_sys::BroadcastChannel::new(CHANNEL).ok()?;
        let link = Spectate(Handle::new(Channel {
            channel,
            watched: false,
            handlers: Handlers::default(),
        }));
        let listener: Listener<Broadcast> = Rc::new(listener);
        let me = link.clone();
        // Messages travel as JSON text: one string is far cheaper to clone
        // into another page than a tree of thousands of small objects.
        let on_message = link.0.get_mut().handlers.add(move |event: JsValue| {
            let event: web_sys::MessageEvent = event.unchecked_into();
            let text = event.data().as_string().unwrap_or_default();
            if let Ok(message) = serde_json::from_str::<Broadcast>(&text) {
                if matches!(message, Broadcast::Hello) {
                    me.0.get_mut().watched = true;
                }
                listener(message);
            }
        });
        link.0.get().channel.set_onmessage(Some(&on_message));
        Some(link)
    }

    /// Sends to every other page of this origin.
    pub fn send(&self, message: &Broadcast) {
        if let Ok(text) = serde_json::to_string(message) {
            let _ = self.0.get().channel.post_message(&text.into());
        }
    }

    /// Sends, once a spectator has said hello.
    fn tell_spectators(&self, message: impl FnOnce() -> Broadcast) {
        if self.0.get().watched {
            self.send(&message());
        }
    }
}

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
            self.game.track();
            self.settings.track();
            self.search.trace.track();
            self.search.thoughts.track();
            self.search.column_values.track();
            self.search.last_pv.track();
            self.search.thinking.track();
            self.review.0.track();
            state_link.tell_spectators(|| Broadcast::State(Box::new(self.shared())));
        });
        Effect::new(move |_| {
            let progress = self.search.progress.get();
            link.tell_spectators(|| Broadcast::Progress { progress });
        });
    }

    /// This page's state for spectators.
    fn shared(self) -> Shared {
        let game = self.game.get_untracked();
        Shared {
            moves: game.board.to_string(),
            geometry: game.board.geometry(),
            human: game.human,
            settings: self.settings.get_untracked(),
            trace: self.search.trace.get_untracked(),
            thoughts: self.search.thoughts.get_untracked(),
            column_values: self.search.column_values.get_untracked(),
            pv: self.search.last_pv.get_untracked(),
            thinking: self.search.thinking.get_untracked(),
            review: self.review.0.get_untracked(),
        }
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
            (Broadcast::Progress { progress }, true) => self.search.progress.set(progress),
            _ => {}
        }
    }

    /// The spectator takes over the playing page's state.
    fn follow(self, s: Shared) {
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
            });
        }
        if self.settings.with_untracked(|mine| *mine != s.settings) {
            self.settings.set(s.settings);
        }
        self.search.trace.set(s.trace);
        self.search.thoughts.set(s.thoughts);
        self.search.column_values.set(s.column_values);
        self.search.last_pv.set(s.pv);
        self.search.thinking.set(s.thinking);
        self.review.0.set(s.review);
        if !s.thinking {
            self.search.progress.set(None);
        }
    }
}
