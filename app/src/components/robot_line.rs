//! The robot's state in words and the "still there?" question.

use booth_protocol::{ClientMessage, GameMode, GameStatus, LinkState};
use engine::player::LevelSpec;
use leptos::prelude::*;

use crate::actions::use_actions;
use crate::i18n::{Say, Text, use_i18n};
use crate::robot::robot_words;

/// The robot's state in words (while this page plays on it or watches),
/// and the "still there?" question.
/// A `spectator` screen names the robot whenever the bridge is there; a
/// playing page only during its robot game.
#[component]
pub fn RobotLine(spectator: bool) -> impl IntoView {
    let ctx = use_actions();
    let i18n = use_i18n();
    let t = move |text| i18n.t(text);
    // A spectator screen on a static host (no bridge) has no robot to name.
    let shown = move || {
        (spectator && ctx.booth.snapshot.with(Option::is_some))
            || ctx.game.with(|g| g.robot.is_some())
    };
    let state = move || {
        ctx.booth
            .snapshot
            .with(|s| s.as_ref().map(|s| s.robot.state))
    };
    let class = move || match state() {
        Some(LinkState::Fault | LinkState::Disconnected) => "robot-line alert",
        Some(LinkState::Ready) | None => "robot-line",
        Some(_) => "robot-line busy",
    };
    let words = move || t(state().map_or(Text::RobotConnecting, robot_words));
    let seats = move || {
        ctx.booth.snapshot.with(|s| {
            s.as_ref()
                .filter(|s| s.status != GameStatus::Idle)
                .map(|s| {
                    let name = |i: usize| match (&s.seats[i], s.mode) {
                        // The demo's seats are named by their levels.
                        (Some(level), Some(GameMode::Demo)) => level
                            .parse::<LevelSpec>()
                            .map(|l| {
                                format!(
                                    "{} ({})",
                                    t(Text::Computer),
                                    i18n.say(&Say::LevelName(l.level))
                                )
                            })
                            .unwrap_or_else(|_| level.clone()),
                        (Some(name), _) => name.clone(),
                        (None, _) => "…".into(),
                    };
                    format!("{} – {}", name(0), name(1))
                })
                .unwrap_or_default()
        })
    };
    view! {
        <Show when=shown>
            <p class=class role="note" data-robot=move || state().map(|s| format!("{s:?}").to_lowercase())>
                <span class="robot-words">{words}</span>
                " "
                <span class="seats">{seats}</span>
            </p>
        </Show>
        <Show when=move || ctx.booth.still_there.get().is_some()>
            <div class="still-there" role="alertdialog">
                <span>{move || t(Text::StillThere)}</span>
                <button on:click=move |_| {
                    ctx.booth.still_there.set(None);
                    ctx.booth_send(&ClientMessage::StillHere);
                }>{move || t(Text::ImStillHere)}</button>
            </div>
        </Show>
    }
}
