//! The Connect Four web app: the board, the game modes and the computer's
//! thoughts. The rules come from the engine; every search runs in the worker
//! ([`worker`], in a Web Worker), never on the page's thread.
//!
//! The modules depend one way: plain types in [`model`] ← their words in
//! [`i18n`] ← the reactive state in small pieces ([`state`]) ← what a tap,
//! the worker or the bridge changes ([`control`], which alone uses [`io`])
//! ← each part of the screen in [`components`] and [`tree`], and each
//! address's screen in [`screens`].

pub mod components;
pub mod control;
pub mod i18n;
pub mod io;
pub mod json;
pub mod model;
pub mod protocol;
pub mod screens;
pub mod state;
pub mod tree;
pub mod worker;

use leptos::prelude::*;

use crate::control::Play;
use crate::screens::{PlayScreen, WatchScreen};

/// Whether this build has the booth's screens and link (the `booth`
/// feature). Without it the lobby, the robot's line and the hall of fame
/// are never drawn and the page never opens the bridge's WebSocket, so
/// the compiler leaves their code out of the public demo's Wasm.
pub const BOOTH: bool = cfg!(feature = "booth");

/// Mounts the app on the page, if there is one: the search worker runs
/// the same Wasm (see [`worker`]), where there is nothing to mount. Both
/// builds' `main` (the demo's `app`, the booth's `app-booth`) call it.
pub fn mount() {
    if web_sys::window().is_none() {
        return;
    }
    // Three tasks, each after the one before: the one that compiled and
    // instantiated the Wasm, one that sets up the screen's owners (the
    // settings, the game, the worker, the bridge), one that draws it. A
    // tap waits for the end of one, and Lighthouse counts each task's
    // time over 50 ms as blocking.
    gloo_timers::callback::Timeout::new(0, || {
        // Effects made while the owners are set up are run by Leptos'
        // executor, which mounting would start only later.
        let _ = any_spawner::Executor::init_wasm_bindgen();
        let owner = Owner::new();
        let started = owner.with(start);
        // A language not built in is drawn once its texts have come (the
        // loading line says what is coming meanwhile).
        let play = started.play;
        let effects = owner.clone();
        let draw = move || {
            gloo_timers::callback::Timeout::new(0, move || {
                // The page's loading line (index.html) goes in the task that
                // draws the app: no frame shows both, or neither.
                if let Some(loading) = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id("loading"))
                {
                    loading.remove();
                }
                owner.with(|| leptos::mount::mount_to_body(move || started.view()));
                // The screen's owners live as long as the page: the view's own
                // owner finds their contexts through this one, which it does
                // not keep alive itself.
                std::mem::forget(owner);
            })
            .forget();
        };
        effects.with(|| control::when_texts_answered(play, draw));
    })
    .forget();
}

/// A screen's owners, set up and not yet drawn.
pub struct Started {
    play: Play,
    watching: bool,
}

/// Sets up the owners of the screen the address names (the settings, the
/// game, the worker, the bridge), each provided as a context of the
/// reactive owner this runs under. The two screens never link to each
/// other inside one page (the spectator screen opens in a window of its
/// own), so the address is read once, without a router.
pub fn start() -> Started {
    io::address::forward_old_watch_link();
    let watching = io::address::on_watch_route();
    Started {
        play: control::start(watching),
        watching,
    }
}

impl Started {
    /// The screen, drawn under the reactive owner [`start`] ran under
    /// (or one of its children, which find its contexts).
    pub fn view(self) -> impl IntoView {
        let Started { play, watching } = self;
        if watching {
            view! { <WatchScreen play/> }.into_any()
        } else {
            view! { <PlayScreen play/> }.into_any()
        }
    }
}
