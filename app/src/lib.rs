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
pub mod model;
pub mod protocol;
pub mod screens;
pub mod state;
pub mod tree;
pub mod worker;

use leptos::prelude::*;

use crate::control::Play;
use crate::screens::{PlayScreen, WatchScreen};

/// The whole app in one step: a screen per address. The DOM tests mount
/// it so; the page does the same in two tasks ([`start`], then
/// [`Started::view`]), so that a tap waits for the end of a shorter one.
#[component]
pub fn App() -> impl IntoView {
    start().view()
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
