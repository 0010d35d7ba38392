//! The Connect Four web app: the board, the game modes and the computer's
//! thoughts. The rules come from the engine; every search runs in the worker
//! (`bin/worker.rs`), never on the page's thread.
//!
//! The logic lives on plain types ([`game::Game`], [`settings::Settings`],
//! the texts in [`i18n`]), the reactive state in small pieces
//! ([`state`]), what changes it in [`actions`], and each part of the screen
//! in a file of [`components`].

pub mod actions;
mod address;
pub mod booth_link;
pub mod components;
mod explainer;
pub mod game;
pub mod i18n;
mod keyboard;
pub mod protocol;
pub mod review;
mod robot;
pub mod search_worker;
pub mod settings;
pub mod spectate;
pub mod state;
pub mod storage;
pub mod tree;
mod values;

use leptos::prelude::*;

use crate::actions::Actions;
use crate::components::{
    BoardView, ColumnValues, HelpPanel, SettingsPanel, StatusLine, Thoughts, Toolbar,
};
use crate::game::Game;
use crate::i18n::I18n;

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let settings = storage::load_settings();
    let fresh = Game::new(&settings, js_sys::Math::random() < 0.5);
    let game = Game::first(
        fresh,
        address::shared_position().as_deref(),
        storage::load_game().as_ref(),
    );
    let actions = Actions::provide(settings, game, robot::watch_route());
    let settings = actions.settings;
    provide_context(I18n::new(Signal::derive(move || settings.with(|s| s.lang))));
    actions.follow_changes();
    keyboard::listen(actions);

    let watching = actions.watching;
    let s = move |f: fn(&settings::Settings) -> bool| settings.with(f);
    view! {
        <div class="app" class:watching=watching class:contrast=move || s(|s| s.high_contrast)
            class:marks=move || s(|s| s.marks) class:still=move || s(|s| !s.animation)>
            <Toolbar/>
            <main class="play">
                <div class="board-area">
                    <robot::RobotLine/>
                    <StatusLine/>
                    <ColumnValues/>
                    <BoardView/>
                    <review::ReviewPanel/>
                </div>
                <Thoughts/>
            </main>
            <SettingsPanel/>
            <HelpPanel/>
            <explainer::Explainer/>
            <robot::RobotPanel/>
        </div>
    }
}
