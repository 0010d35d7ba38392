//! What a person, the worker or the bridge can make happen, in owners with
//! one job each. Each owns its state (the only writer of it), provides it
//! read-only to views, and shows views only the methods they may call:
//!
//! - [`Play`]: the game on the board and its review; a tap, a new game,
//!   undo, a hint, the review, the settings that end a game. A game on
//!   this device follows [`local_game::LocalGame`]; a robot game the
//!   bridge's snapshots (`robot.rs`).
//! - [`RobotSeat`]: the lobby's and the robot line's actions.
//! - [`Screen`]: panels, pointer, the status line's message.
//! - [`Preferences`]: the settings that apply at once, and sound.
//! - The control's own: `Thinking` (the worker and what a search shows)
//!   and `Bridge` (the link to the booth and the one robot game).
//!
//! The browser is reached only through `crate::io`, so that all of this
//! runs natively in the tests.

mod bridge;
mod keyboard;
mod local_game;
mod play;
mod preferences;
mod review;
mod robot;
mod robot_game;
mod screen;
mod search_client;
mod sound;
mod spectate;
mod take_home;
mod thinking;

use leptos::prelude::*;

use crate::i18n::Text;
use crate::io::search_worker::SearchWorker;
use crate::model::game::Game;
use crate::model::settings::Settings;
use crate::model::take_home::TakeHome;
use bridge::Bridge;
pub use play::{Play, use_play};
pub use preferences::{Preferences, use_preferences};
pub use robot::{Choice, RobotSeat, Visitor, use_robot_seat};
pub use screen::{Screen, use_screen};
use thinking::Thinking;

/// Sets up a screen's owners and links, each provided as a context: the
/// stored settings and game (or the one shared in the address), the
/// words, the worker, the bridge, the spectator channel, the sounds and
/// (where a visitor plays) the keys. Returns the game's owner; the
/// links are made in a task after this one (see [`link_up`]).
pub fn start(watching: bool) -> Play {
    let settings = crate::io::storage::load_settings();
    let fresh = Game::new(&settings, crate::io::browser::random() < 0.5);
    let shared = crate::io::address::shared_position();
    let broken_link = Game::broken_link(&fresh, shared.as_ref());
    let stored = crate::io::storage::load_game();
    let taken_home = crate::io::address::take_home();
    let game = match &taken_home {
        Some(Some(game)) => Game::taken_home(game),
        _ => Game::first(fresh, shared.as_ref(), stored.as_ref()),
    };
    let play = provide_owners(settings, game, watching);
    provide_context(crate::model::take_home::TakenHome(
        taken_home.clone().flatten(),
    ));
    play.thinking.keep_worker(SearchWorker::new(
        move |message| play.answers(play.thinking.received(message)),
        move || play.answers(play.thinking.crashed()),
    ));
    // A task of its own, still before the screen is drawn (that task is
    // asked for after this one): the owners' set-up and the links made in
    // one task took about 30 ms at full speed on a 2-core machine
    // (docs/benchmarks.md), which a phone's slower CPU makes a task long
    // enough to hold back a tap and count as blocking.
    let owner = Owner::current();
    crate::io::browser::after(std::time::Duration::ZERO, move || {
        let link = move || link_up(play, taken_home, broken_link);
        match owner {
            Some(owner) => owner.with(link),
            None => link(),
        }
    });
    play
}

/// The owners' links, made under their reactive owner: the bridge, the
/// spectator channel, the stored settings and game kept in step, the
/// sounds and (where a visitor plays) the keys; then what the address
/// asked for, and the computer's move if it opens.
fn link_up(play: Play, taken_home: Option<Option<TakeHome>>, broken_link: bool) {
    wake_worker_when_settled(play);
    play.connect_booth();
    play.start_spectate();
    play.preferences.keep();
    keep_game(play);
    teach_when_shown(play);
    match taken_home {
        // The address is set to the game shown by `keep_game`.
        Some(None) => play.say(Text::NoGameInLink),
        Some(Some(game)) if game.board.is_over() && !play.watching => play.request_review(),
        _ if broken_link => play.say(Text::BrokenLink),
        _ => {}
    }
    play.make_sounds();
    if !play.watching {
        keyboard::listen(play);
        play.computer_turn();
    }
}

/// Calls `then` once `play`'s language can be shown: its texts built in,
/// fetched, or given up on (then English).
pub fn when_texts_answered(play: Play, then: impl FnOnce() + 'static) {
    play.preferences.when_texts_answered(then);
}

/// The owners of a screen around `settings` and `game`, each provided as
/// a context with the words.
fn provide_owners(settings: Settings, game: Game, watching: bool) -> Play {
    let preferences = Preferences::provide(settings, watching);
    provide_context(crate::i18n::I18n::new(preferences.lang_signal()));
    let play = Play::provide(
        game,
        preferences,
        Screen::provide(),
        Thinking::provide(),
        Bridge::provide(),
        watching,
    );
    RobotSeat::provide(play);
    play
}

/// Stores the game on this device and keeps the address in step with it.
fn keep_game(play: Play) {
    Effect::new(move |_| {
        let g = play.game.get();
        // The robot's game lives in the bridge, not in this page's storage.
        if g.robot.is_none() && !play.watching {
            // A task of its own: the browser's history update and the
            // storage's write are slow enough to matter on top of drawing
            // a tap's coin or the computer's move and its tree
            // (docs/benchmarks.md). Not after the paint: a reload reads
            // the address, and one a frame behind would open the game a
            // move short.
            crate::io::browser::after(std::time::Duration::ZERO, move || {
                crate::io::storage::save_game(&g.saved());
                crate::io::address::show_position(&g.board);
            });
        }
    });
}

/// Starts the search worker at the page's first quiet moment after its
/// first paint (unless a request has started it already).
fn wake_worker_when_settled(play: Play) {
    Effect::new(move |_| {
        if play.screen.settled() {
            untrack(|| play.answers(play.thinking.wake()));
        }
    });
}

/// Asks the worker for the teaching trees whenever they are shown and the
/// tree they explain changed.
fn teach_when_shown(play: Play) {
    Effect::new(move |_| {
        play.thinking.track_tree();
        if play.screen.tree_kind() == crate::state::TreeKind::Minimax {
            untrack(|| play.want_teaching());
        }
    });
}
