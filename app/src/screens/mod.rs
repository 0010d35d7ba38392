//! The two screens, one per route: the game (`/`) and the spectator
//! screen (`/watch`). Both set up the same state; the spectator screen
//! follows a game played elsewhere and has no controls.

mod play;
mod watch;

use leptos::prelude::*;

pub use self::play::PlayScreen;
pub use self::watch::WatchScreen;
use crate::components::{
    BoardView, Explainer, HallOfFame, HelpPanel, ReviewPanel, RobotLine, RobotPanel, SettingsPanel,
    StatusLine, TakeHomePanel, Thoughts, Toolbar,
};
use crate::control::RobotSeat;
use crate::model::settings::Settings;
use crate::state::{Panel, Reader, UiView};

/// The page around the board: the same parts on both screens, the
/// robot's lobby only where a visitor plays.
fn page(watching: bool) -> impl IntoView {
    let play = crate::control::start(watching);
    let seat = expect_context::<RobotSeat>();
    let settings = expect_context::<Reader<Settings>>();
    let ui = expect_context::<UiView>();
    let themed = move |f: fn(&Settings) -> bool| move || settings.with(f);
    view! {
        <div class="app" class:watching=watching class:contrast=themed(|s| s.high_contrast)
            class:marks=themed(|s| s.marks) class:still=themed(|s| !s.animation)
            class:thinking=move || ui.thinking_open.get()
            class:no-computer=move || !play.computer_plays()
            class:awaiting-booth=move || seat.awaiting_booth()>
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
                <Show when=move || watching>
                    <HallOfFame/>
                </Show>
                <Thoughts spectator=watching/>
            </main>
            <Show when=once_opened(ui, Panel::Settings)><SettingsPanel/></Show>
            <Show when=once_opened(ui, Panel::Help)><HelpPanel/></Show>
            <Show when=once_opened(ui, Panel::Explainer)><Explainer/></Show>
            <Show when=once_opened(ui, Panel::TakeHome)><TakeHomePanel/></Show>
            <Show when=move || !watching>
                <RobotPanel/>
            </Show>
        </div>
    }
}

/// Whether `panel` was ever opened: a panel is built the first time it
/// opens, not before the board is drawn, and then kept (what was typed in
/// it stays).
fn once_opened(ui: UiView, panel: Panel) -> impl Fn() -> bool + Send + Sync + Copy + 'static {
    let opened =
        Memo::new(move |was: Option<&bool>| was.copied().unwrap_or(false) || ui.is_open(panel));
    move || opened.get()
}
