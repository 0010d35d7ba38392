//! The buttons above the board.

use leptos::prelude::*;

use crate::control::{use_play, use_preferences, use_screen};
use crate::i18n::{Text, use_i18n};
use crate::model::game::Game;
use crate::state::{BoothView, Panel, Reader, UiView};

/// New game, undo, hint and the panels; without `controls` (the spectator
/// screen) only the panels.
#[component]
pub fn Toolbar(controls: bool) -> impl IntoView {
    let i18n = use_i18n();
    let play = use_play();
    let screen = use_screen();
    let preferences = use_preferences();
    let ui = expect_context::<UiView>();
    let booth = expect_context::<BoothView>();
    let game = expect_context::<Reader<Game>>();
    let t = move |text| i18n.t(text);
    view! {
        <header class="toolbar">
            <h1>{move || t(Text::Title)}</h1>
            <nav>
                <Show when=move || controls>
                    <button on:click=move |_| play.new_game()>{move || t(Text::NewGame)}</button>
                    // A robot game's coins cannot be taken back: greyed and
                    // announced as unavailable, a tap says why.
                    <button class="undo" class:unavailable=move || game.with(|g| g.robot.is_some())
                        aria-disabled=move || game.with(|g| g.robot.is_some()).to_string()
                        on:click=move |_| play.undo()>{move || t(Text::Undo)}</button>
                    // Offered but greyed where the booth keeps hints off: a
                    // tap says why.
                    <button class="hint" class:unavailable=move || !play.hints_allowed()
                        aria-disabled=move || (!play.hints_allowed()).to_string()
                        on:click=move |_| play.hint()>{move || t(Text::Hint)}</button>
                </Show>
                // Only where the screen is too small to show the thinking
                // beside the board (the stylesheet decides).
                <button class="thinking-toggle" aria-pressed=move || ui.thinking_open.get().to_string()
                    aria-controls="thoughts" on:click=move |_| screen.toggle_thinking()>
                    {move || t(Text::ShowThinking)}
                </button>
                <button on:click=move |_| screen.toggle_panel(Panel::Settings)>{move || t(Text::Settings)}</button>
                <button on:click=move |_| screen.toggle_panel(Panel::Help)>{move || t(Text::Help)}</button>
                <button class="sound" aria-pressed=move || preferences.sound_on().to_string()
                    title=move || t(Text::Sound) on:click=move |_| preferences.toggle_sound()>
                    {move || t(if preferences.sound_on() { Text::SoundOn } else { Text::SoundOff })}
                </button>
                <Show when=move || booth.with_snapshot(|s| s.is_some()) && controls>
                    <button class="robot-button" on:click=move |_| screen.toggle_panel(Panel::Robot)>{move || t(Text::Robot)}</button>
                </Show>
            </nav>
        </header>
    }
}
