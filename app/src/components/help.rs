//! The rules, how to play, and what the worker has loaded.

use leptos::prelude::*;

use crate::i18n::{Say, Text, use_i18n};
use crate::state::{DataView, Panel, UiView};

/// The help panel.
#[component]
pub fn HelpPanel() -> impl IntoView {
    let i18n = use_i18n();
    let ui = expect_context::<UiView>();
    let screen = crate::control::use_screen();
    let data = expect_context::<DataView>();
    let t = move |text| i18n.t(text);
    view! {
        <section id="help" class="panel" class:open=move || ui.is_open(Panel::Help)
            aria-label=move || t(Text::Help)>
            <h2>{move || t(Text::Help)}</h2>
            <p>{move || t(Text::HelpRules)}</p>
            <p>{move || t(Text::HelpPlay)}</p>
            <p>{move || i18n.say(&Say::Version)}</p>
            <p id="database-status">{move || i18n.say(&Say::DatabaseStatus(data.database.get()))}</p>
            <p id="book-status">{move || i18n.say(&Say::BookStatus(data.book.get()))}</p>
            <button class="close" on:click=move |_| screen.toggle_panel(Panel::Help)>{move || t(Text::Close)}</button>
        </section>
    }
}
