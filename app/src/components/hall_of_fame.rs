//! The spectator screen between games: the game just played, to take
//! home by its QR code, and the hall of fame (the day's best wins over the
//! computer on the robot), readable from across the booth.

use booth_protocol::{GameMode, GameStatus};
use leptos::prelude::*;

use crate::components::TakeHomeCode;
use crate::i18n::{Say, Text, use_i18n};
use crate::state::BoothView;

/// The game just played and today's best games, while no visitor plays
/// on the robot.
#[component]
pub fn HallOfFame() -> impl IntoView {
    let booth = expect_context::<BoothView>();
    let i18n = use_i18n();
    // A visitor's game has the screen; the demo and the lobby leave room.
    let between_games = move || {
        booth.with_snapshot(|s| {
            s.is_none_or(|s| s.status != GameStatus::Playing || s.mode == Some(GameMode::Demo))
        })
    };
    // Read once per change, not once per part that shows it.
    let fame = Memo::new(move |_| booth.fame.get().filter(|f| !f.best.is_empty()));
    // A visitor's game just ended: its player may take it home from here.
    let just_played = move || {
        booth.with_snapshot(|s| {
            s.is_some_and(|s| {
                matches!(s.status, GameStatus::Won | GameStatus::Draw)
                    && s.mode != Some(GameMode::Demo)
            })
        })
    };
    let entries = move || {
        fame.get()
            .map(|f| f.best)
            .unwrap_or_default()
            .into_iter()
            .map(|e| {
                let words = i18n.say(&Say::FameEntry(e.clone()));
                let fastest = e.fastest.then(|| {
                    view! { <span class="fame-fastest">{move || i18n.t(Text::FameFastest)}</span> }
                });
                view! {
                    <li data-game=e.game>
                        <span class="fame-words">{words}</span>
                        " "
                        {fastest}
                        <span class="fame-at">{e.at}</span>
                    </li>
                }
            })
            .collect_view()
    };
    let streak = move || {
        fame.get().and_then(|f| f.streak).map(|s| {
            i18n.say(&Say::FameStreak {
                name: s.name,
                wins: s.wins,
            })
        })
    };
    view! {
        <Show when=move || between_games() && (fame.get().is_some() || just_played())>
            <section class="hall-of-fame" class:just-played=just_played aria-labelledby="fame-title">
                <Show when=just_played>
                    <div class="take-home">
                        <TakeHomeCode/>
                        <p>{move || i18n.t(Text::TakeHomeScan)}</p>
                    </div>
                </Show>
                <Show when=move || fame.get().is_some()>
                    <h2 id="fame-title">{move || i18n.t(Text::FameTitle)}</h2>
                    <ol>{entries}</ol>
                    <Show when=move || streak().is_some()>
                        <p class="fame-streak">{streak}</p>
                    </Show>
                </Show>
            </section>
        </Show>
    }
}
