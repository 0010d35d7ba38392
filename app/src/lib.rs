//! The Connect Four web app: the board, the game modes and the computer's
//! thoughts. The rules come from the engine; every search runs in the worker
//! (`bin/worker.rs`), never on the page's thread.
//!
//! The logic lives on plain types ([`game::Game`], [`settings::Settings`],
//! the texts in [`i18n`]), the reactive state in small pieces
//! ([`state`]), what changes it in [`actions`], each part of the screen in
//! a file of [`components`], and each route's screen in [`screens`].

pub mod actions;
mod address;
pub mod booth_link;
pub mod components;
pub mod game;
pub mod i18n;
mod js_handle;
mod keyboard;
pub mod protocol;
pub mod review;
mod robot;
pub mod screens;
pub mod search_worker;
pub mod settings;
pub mod sound;
pub mod spectate;
pub mod state;
pub mod storage;
pub mod tree;
mod values;

use leptos::prelude::*;

use crate::screens::{PlayScreen, WatchScreen};

/// The whole app: a screen per address. The two never link to each other
/// inside one page (the spectator screen opens in a window of its own), so
/// the address is read once, without a router.
#[component]
pub fn App() -> impl IntoView {
    address::forward_old_watch_link();
    if address::on_watch_route() {
        view! { <WatchScreen/> }.into_any()
    } else {
        view! { <PlayScreen/> }.into_any()
    }
}
