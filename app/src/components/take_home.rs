//! A finished game to take home: its QR code, big enough for a phone held
//! at arm's length, and its link. In a panel on a tablet or the public
//! demo; beside the result on the robot's screen and the spectator screen.

use leptos::prelude::*;

use crate::control::{use_play, use_screen};
use crate::i18n::{Text, use_i18n};
use crate::model::take_home::qr_code;
use crate::state::{Panel, UiView};

/// The finished game's QR code and link, while there is one.
#[component]
pub fn TakeHomeCode() -> impl IntoView {
    let i18n = use_i18n();
    let play = use_play();
    let link = Memo::new(move |_| play.take_home_link());
    let code = move || {
        let (width, path) = qr_code(&link.get()?)?;
        // The quiet zone of four modules a scanner needs.
        let side = width + 8;
        Some(view! {
            <svg class="qr" viewBox=format!("-4 -4 {side} {side}") role="img"
                aria-label=move || i18n.t(Text::TakeHomeCode) shape-rendering="crispEdges">
                <rect x="-4" y="-4" width=side height=side fill="#fff"/>
                <path d=path fill="#000"/>
            </svg>
            <p class="take-home-link"><a href=link.get()>{link.get()}</a></p>
        })
    };
    view! { <div class="take-home-code">{code}</div> }
}

/// The panel with the game's QR code and link.
#[component]
pub fn TakeHomePanel() -> impl IntoView {
    let i18n = use_i18n();
    let screen = use_screen();
    let ui = expect_context::<UiView>();
    let t = move |text| i18n.t(text);
    view! {
        <section id="take-home" class="panel take-home-panel" class:open=move || ui.is_open(Panel::TakeHome)
            aria-label=move || t(Text::TakeHome)>
            <h2>{move || t(Text::TakeHome)}</h2>
            <p>{move || t(Text::TakeHomeScan)}</p>
            <Show when=move || ui.is_open(Panel::TakeHome)>
                <TakeHomeCode/>
            </Show>
            <button class="close" on:click=move |_| screen.toggle_panel(Panel::TakeHome)>{move || t(Text::Close)}</button>
        </section>
    }
}
