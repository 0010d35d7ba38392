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

use crate::screens::{PlayScreen, WatchScreen};

/// The whole app: a screen per address. The two never link to each other
/// inside one page (the spectator screen opens in a window of its own), so
/// the address is read once, without a router.
#[component]
pub fn App() -> impl IntoView {
    io::address::forward_old_watch_link();
    if io::address::on_watch_route() {
        view! { <WatchScreen/> }.into_any()
    } else {
        view! { <PlayScreen/> }.into_any()
    }
}
