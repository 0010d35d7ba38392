//! A finished game to take home: its QR code, big enough for a phone held
//! at arm's length, and its link.

use leptos::prelude::*;

use crate::control::{use_play, use_screen};
use crate::i18n::{Text, use_i18n};
use crate::model::take_home::qr_code;
use crate::state::{Panel, UiView};

/// The panel with the game's QR code and link.
#[component]
pub fn TakeHomePanel() -> impl IntoView {
    let i18n = use_i18n();
    let play = use_play();
    let screen = use_screen();
    let ui = expect_context::<UiView>();
    let t = move |text| i18n.t(text);
    let link = Memo::new(move |_| play.take_home_link());
    let code = move || {
        let (width, path) = qr_code(&link.get()?)?;
        // The quiet zone of four modules a scanner needs.
        let view_box = format!("-4 -4 {} {}", width + 8, width + 8);
        Some(view! {
            <svg class="qr" viewBox=view_box role="img" aria-label=move || t(Text::TakeHomeCode)
                shape-rendering="crispEdges">
                <rect x="-4" y="-4" width=width + 8 height=width + 8 fill="#fff"/>
                <path d=path fill="#000"/>
            </svg>
        })
    };
    view! {
        <section id="take-home" class="panel take-home-panel" class:open=move || ui.is_open(Panel::TakeHome)
            aria-label=move || t(Text::TakeHome)>
            <h2>{move || t(Text::TakeHome)}</h2>
            <p>{move || t(Text::TakeHomeScan)}</p>
            {code}
            <p class="take-home-link">
                <a href=move || link.get().unwrap_or_default()>{move || link.get().unwrap_or_default()}</a>
            </p>
            <button class="close" on:click=move |_| screen.toggle_panel(Panel::TakeHome)>{move || t(Text::Close)}</button>
        </section>
    }
}
