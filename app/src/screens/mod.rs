//! The two screens, one per route: the game (`/`) and the spectator
//! screen (`/watch`). Both draw the same state (`crate::start` sets it
//! up); the spectator screen follows a game played elsewhere and has no
//! controls.

mod play;
mod watch;

use leptos::prelude::*;

pub use self::play::PlayScreen;
pub use self::watch::WatchScreen;
use crate::components::{
    BoardView, Explainer, HallOfFame, HelpPanel, ReviewPanel, RobotLine, RobotPanel, SettingsPanel,
    StatusLine, TakeHomePanel, Thoughts, Toolbar,
};
use crate::control::{Play, RobotSeat};
use crate::model::settings::Settings;
use crate::state::{DataView, Panel, Reader, UiView};

/// The page around the board: the same parts on both screens, the
/// robot's lobby only where a visitor plays.
fn page(play: Play, watching: bool) -> impl IntoView {
    crate::control::use_screen().watch_first_paints();
    let seat = expect_context::<RobotSeat>();
    let settings = expect_context::<Reader<Settings>>();
    let ui = expect_context::<UiView>();
    let data = expect_context::<DataView>();
    let themed = move |f: fn(&Settings) -> bool| move || settings.with(f);
    let opened = move |panel| {
        let once = ui.opened_once(panel);
        move || once.get()
    };
    view! {
        <div class="app" class:watching=watching class:contrast=themed(|s| s.high_contrast)
            class:marks=themed(|s| s.marks) class:still=themed(|s| !s.animation)
            class:thinking=move || ui.thinking_open.get()
            class:no-computer=move || !play.computer_plays()
            class:awaiting-booth=move || seat.awaiting_booth()>
            <Toolbar controls=!watching/>
            <main class="play">
                <div class="board-area">
                    {crate::BOOTH.then(|| view! { <RobotLine spectator=watching/> })}
                    <StatusLine spectator=watching/>
                    <div class="board-slot">
                        <BoardView/>
                    </div>
                    <ReviewPanel play_on=!watching/>
                </div>
                {crate::BOOTH.then(|| view! {
                    <Show when=move || watching>
                        <HallOfFame/>
                    </Show>
                })}
                <Thoughts spectator=watching/>
            </main>
            // Panels open only on a tap: each is built at its first.
            <Show when=opened(Panel::Settings)>
                <SettingsPanel/>
            </Show>
            <Show when=opened(Panel::Explainer)>
                <Explainer/>
            </Show>
            <Show when=opened(Panel::TakeHome)>
                <TakeHomePanel/>
            </Show>
            // Once the worker has its data, at a quiet moment after the
            // first paint (or at once when opened before): built in the
            // second after the first paint, its 18 ms and the style
            // recalculation after it (at 4x CPU) held a first tap back
            // (docs/benchmarks.md). Built before it is opened, as its lines
            // on the book and the database follow the data's state.
            <Show when={
                let help = opened(Panel::Help);
                move || help() || ui.settled.get() && data.settled()
            }>
                <HelpPanel/>
            </Show>
            // The robot's lobby: a page the bridge serves opens on it, a
            // frame after the board (built with the board, it made the
            // booth page's start task the longest); the public demo and
            // the spectator screen never build it, and the demo's Wasm
            // does not carry it (`crate::BOOTH`).
            {crate::BOOTH.then(|| view! {
                <Show when={
                    let lobby = opened(Panel::Robot);
                    move || !watching && lobby() && ui.painted.get()
                }>
                    <RobotPanel/>
                </Show>
            })}
        </div>
    }
}
