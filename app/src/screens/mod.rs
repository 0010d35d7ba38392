//! The two screens, one per route: the game (`/`) and the spectator
//! screen (`/watch`). Both set up the same state; the spectator screen
//! follows a game played elsewhere and has no controls.

mod play;
mod watch;

use leptos::prelude::*;

pub use self::play::PlayScreen;
pub use self::watch::WatchScreen;
use crate::components::{
    BoardView, Explainer, HelpPanel, ReviewPanel, RobotLine, RobotPanel, SettingsPanel, StatusLine,
    Thoughts, Toolbar,
};
use crate::control::Actions;
use crate::control::keyboard;
use crate::i18n::I18n;
use crate::io::{address, storage};
use crate::model::game::Game;
use crate::model::settings::Settings;
use crate::state::Ui;

/// The state of a screen, provided as contexts: the stored settings and
/// game (or the one shared in the address), the worker, the links.
fn provide_state(watching: bool) -> Actions {
    let settings = storage::load_settings();
    let fresh = Game::new(&settings, js_sys::Math::random() < 0.5);
    let shared = address::shared_position();
    let broken_link = Game::broken_link(&fresh, shared.as_deref());
    let game = Game::first(fresh, shared.as_deref(), storage::load_game().as_ref());
    let actions = Actions::provide(settings, game, watching);
    let settings = expect_context::<RwSignal<Settings>>();
    provide_context(I18n::new(Signal::derive(move || settings.with(|s| s.lang))));
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

/// The page around the board: the same parts on both screens, the
/// robot's lobby only where a visitor plays.
fn page(watching: bool) -> impl IntoView {
    let actions = provide_state(watching);
    let settings = expect_context::<RwSignal<Settings>>();
    let ui = expect_context::<Ui>();
    let themed = move |f: fn(&Settings) -> bool| move || settings.with(f);
    view! {
        <div class="app" class:watching=watching class:contrast=themed(|s| s.high_contrast)
            class:marks=themed(|s| s.marks) class:still=themed(|s| !s.animation)
            class:thinking=move || ui.thinking_open.get()
            class:no-computer=move || !actions.computer_plays()
            class:awaiting-booth=move || actions.awaiting_booth()>
            <Toolbar controls=!watching/>
            <main class="play">
                <div class="board-area">
                    <RobotLine spectator=watching/>
                    <StatusLine spectator=watching/>
                    <div class="board-slot">
                        <BoardView/>
                    </div>
                    <ReviewPanel play_on=!watching/>
                </div>
                <Thoughts/>
            </main>
            <SettingsPanel/>
            <HelpPanel/>
            <Explainer/>
            <Show when=move || !watching>
                <RobotPanel/>
            </Show>
        </div>
    }
}
