//! What a person or the worker can make happen: a tap, undo, a hint, a new
//! game, the computer's turn, the worker's answers. [`Actions`] holds the
//! state's pieces and the links to the worker, the bridge and the spectator
//! screens; components call it and read the pieces they show.

mod bridge;
pub mod keyboard;
mod local_game;
mod review;
mod robot;
pub mod robot_game;
mod screen;
pub mod search_client;
mod searcher;
mod sound;
mod spectate;
mod thinking;

use leptos::prelude::*;

use crate::i18n::{Lang, Message, Text};
use crate::io::channel::Spectate;
use crate::io::search_worker::SearchWorker;
use crate::model::game::Game;
use crate::model::settings::Settings;
use crate::state::State;
use bridge::Bridge;
use search_client::SearchClient;
use searcher::Searcher;

/// The app's actions: what a tap, the worker or the bridge changes. The
/// state they change is theirs to write; components read it from its own
/// contexts (see [`State::provide`]).
#[derive(Clone, Copy)]
pub struct Actions {
    /// The state the actions change.
    state: State,
    /// The computer's search: the worker, its requests and what a search
    /// shows.
    searcher: Searcher,
    /// This page only watches (the spectator route).
    watching: bool,
    /// The link to the bridge that served the page and what it says.
    bridge: Bridge,
    /// The channel to spectator screens on this device.
    spectate: StoredValue<Option<Spectate>, LocalStorage>,
}

/// The actions of the page, from components.
pub fn use_actions() -> Actions {
    expect_context::<Actions>()
}

impl Actions {
    /// The state of a screen, provided as contexts: the stored settings
    /// and game (or the one shared in the address), the words, the worker,
    /// the links, the sounds and (where a visitor plays) the keys.
    pub fn start(watching: bool) -> Actions {
        let settings = crate::io::storage::load_settings();
        let fresh = Game::new(&settings, js_sys::Math::random() < 0.5);
        let shared = crate::io::address::shared_position();
        let broken_link = Game::broken_link(&fresh, shared.as_ref());
        let stored = crate::io::storage::load_game();
        let game = Game::first(fresh, shared.as_ref(), stored.as_ref());
        let actions = Actions::provide(settings, game, watching);
        let settings = actions.state.settings;
        provide_context(crate::i18n::I18n::new(Signal::derive(move || {
            settings.with(|s| s.lang)
        })));
        actions.follow_changes();
        if broken_link {
            // The address is set to the game shown by `follow_changes`.
            actions.say_broken_link();
        }
        actions.make_sounds();
        if !watching {
            keyboard::listen(actions);
        }
        actions
    }

    /// Creates the state and the links, and provides every piece as a
    /// context.
    pub fn provide(settings: Settings, game: Game, watching: bool) -> Actions {
        let (searcher, start) = Searcher::provide();
        let actions = Actions {
            state: State::provide(settings, game),
            searcher,
            watching,
            bridge: Bridge::provide(),
            spectate: StoredValue::new_local(None),
        };
        searcher.start_worker(SearchWorker::new(
            move |message| actions.run(|c| c.received(message)),
            move || actions.run(SearchClient::crashed),
        ));
        actions.run(|_| start);
        actions.connect_booth();
        actions.start_spectate();
        provide_context(actions);
        actions
    }

    /// Stores what changes, keeps the address in step and lets the
    /// computer move when it is its turn.
    pub fn follow_changes(self) {
        let (game, settings) = (self.state.game, self.state.settings);
        Effect::new(move |_| {
            let g = game.get();
            // The robot's game lives in the bridge, not in this page's storage.
            if g.robot.is_none() && !self.watching {
                crate::io::storage::save_game(&g.saved());
                // A task of its own: the browser's history update is slow
                // enough to matter on top of drawing the computer's move and
                // its tree (docs/benchmarks.md).
                let board = g.board.clone();
                set_timeout(
                    move || crate::io::address::show_position(&board),
                    std::time::Duration::ZERO,
                );
            }
            self.maybe_think();
        });
        Effect::new(move |_| {
            let s = settings.get();
            crate::io::storage::save_settings(&s);
            if let Some(root) = document().document_element() {
                let _ = root.set_attribute("lang", s.lang.tag());
            }
            self.maybe_think();
        });
    }

    pub(crate) fn lang(self) -> Lang {
        self.state.settings.with_untracked(|s| s.lang)
    }

    /// Shows `text` in the status line until the next change. In a robot
    /// game that is the next change of the game or the robot: the text
    /// belongs to the moment it was said at.
    pub(crate) fn say(self, text: Text) {
        self.say_message(Message::Text(text));
    }

    /// Shows a message with numbers or names, as [`Actions::say`] does.
    pub(crate) fn say_message(self, message: Message) {
        let robot_game = self.state.game.with_untracked(|g| g.robot.is_some());
        self.state.ui.message.set(Some(message));
        self.bridge.tie_message(robot_game);
    }

    /// Shows `text`; when `tied` to the bridge's moment (a refusal of the
    /// bridge, anything said in a robot game), only until the bridge's
    /// game or robot moves on.
    pub(crate) fn say_tied(self, text: Text, tied: bool) {
        self.state.ui.message.set(Some(Message::Text(text)));
        self.bridge.tie_message(tied);
    }

    /// The address shared no position: the page says so (the stored game
    /// or a new one is shown, and the address is set to it).
    pub fn say_broken_link(self) {
        self.say(Text::BrokenLink);
    }
}

/// A limit in milliseconds as the whole seconds a person is told.
pub(crate) fn seconds(limit_ms: f64) -> u64 {
    (limit_ms / 1000.0).round() as u64
}

/// Runs `f` once, `after` from now.
pub(crate) fn set_timeout(f: impl FnOnce() + 'static, after: std::time::Duration) {
    gloo_timers::callback::Timeout::new(after.as_millis() as u32, f).forget();
}
