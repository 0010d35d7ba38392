//! The game review under the board: every move marked, the decisive one
//! outlined, "play on from here" on each, and the game to step through
//! on the board.

use engine::Side;
use engine::review::{Mark, decided_at};
use leptos::prelude::*;

use crate::control::{use_play, use_screen};
use crate::i18n::{Say, Text, use_i18n};
use crate::model::game::Game;
use crate::model::review::GameReview;
use crate::model::settings::Settings;
use crate::model::take_home::{Players, TakenHome};
use crate::state::{Reader, UiView};

/// The review under the board, once asked for; the spectator screen shows
/// the playing page's, without `play_on` (no "play on from here").
#[component]
pub fn ReviewPanel(play_on: bool) -> impl IntoView {
    let i18n = use_i18n();
    let play = use_play();
    let game = expect_context::<Reader<Game>>();
    let review = expect_context::<Reader<Option<GameReview>>>();
    let settings = expect_context::<Reader<Settings>>();
    let ui = expect_context::<UiView>();

    let current = move || {
        let moves = game.with(|g| g.board.to_string());
        review.get().filter(|r| r.moves == moves)
    };
    let can_play_on = move || play_on && game.with(|g| g.robot.is_none());
    let stepper = move || play_on.then(|| view! { <Stepper/> });
    view! {
        <Show when=move || current().is_some()>
            {move || {
                let review = current().unwrap_or_else(|| GameReview { moves: String::new(), marks: Vec::new() });
                let colours = settings.with(|s| s.colours);
                let decided = decided_at(&review.marks);
                let heading = i18n.t(Text::GameReview);
                let play_on = i18n.t(Text::PlayOnFromHere);
                let play_on_short = i18n.t(Text::PlayOn);
                let items = review
                    .marks
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let line = i18n.say(&Say::Reviewed {
                            number: i + 1,
                            colour: colours[Side::to_move_after(i)],
                            reviewed: *m,
                        });
                        let mark = match m.mark {
                            Mark::Best => "best",
                            Mark::Good => "good",
                            Mark::Mistake { .. } => "mistake",
                        };
                        view! {
                            <li data-mark=mark class:decided=decided == Some(i)
                                class:shown=move || ui.replay.with(|r| r.as_ref().is_some_and(|r| r.shown == i + 1))>
                                <span>{line}</span>
                                <Show when=can_play_on>
                                    <button class="play-on" aria-label=play_on
                                        on:click=move |_| play.play_on(i + 1)>{play_on_short}</button>
                                </Show>
                            </li>
                        }
                    })
                    .collect_view();
                let decided_line =
                    i18n.say(&Say::Decided(decided.map(|i| (i + 1, colours[Side::to_move_after(i)]))));
                view! {
                    <section class="review" aria-label=heading>
                        <h2>{heading}</h2>
                        <PlayedBy moves=review.moves.clone()/>
                        <p class="decided">{decided_line}</p>
                        {stepper}
                        <ol>{items}</ol>
                    </section>
                }
            }}
        </Show>
    }
}

/// Steps through the finished game on the board: to the start, one move
/// back or on, to the end.
#[component]
fn Stepper() -> impl IntoView {
    let i18n = use_i18n();
    let screen = use_screen();
    let game = expect_context::<Reader<Game>>();
    let ui = expect_context::<UiView>();
    let moves = move || game.with(|g| g.board.to_string());
    let total = move || moves().len();
    let shown = move || {
        let moves = moves();
        ui.replay
            .with(|r| r.as_ref().filter(|r| r.moves == moves).map(|r| r.shown))
            .unwrap_or(moves.len())
    };
    let go =
        move |to: fn(usize, usize) -> usize| move |_| screen.replay(moves(), to(shown(), total()));
    let button = move |class: &'static str,
                       label: Text,
                       symbol: &'static str,
                       to: fn(usize, usize) -> usize,
                       off: fn(usize, usize) -> bool| {
        view! {
            <button class=class aria-label=move || i18n.t(label) title=move || i18n.t(label)
                disabled=move || off(shown(), total()) on:click=go(to)>{symbol}</button>
        }
    };
    view! {
        <div class="replay" role="group" aria-label=move || i18n.t(Text::Replay)>
            {button("replay-first", Text::ReplayFirst, "◀◀", |_, _| 0, |s, _| s == 0)}
            {button("replay-back", Text::ReplayBack, "◀", |s, _| s.saturating_sub(1), |s, _| s == 0)}
            <span class="replay-at" aria-live="polite">
                {move || i18n.say(&Say::ReplayAt { number: shown(), total: total() })}
            </span>
            {button("replay-forward", Text::ReplayForward, "▶", |s, t| (s + 1).min(t), |s, t| s >= t)}
            {button("replay-last", Text::ReplayLast, "▶▶", |_, t| t, |s, t| s >= t)}
        </div>
    }
}

/// Who played the game a link brought, while it is the one reviewed: the
/// names when they travelled with it (else the colours) and the level.
#[component]
fn PlayedBy(moves: String) -> impl IntoView {
    let i18n = use_i18n();
    let settings = expect_context::<Reader<Settings>>();
    let taken = use_context::<TakenHome>().and_then(|t| t.0);
    let line = move || {
        let game = taken.as_ref().filter(|g| g.board.to_string() == moves)?;
        let colours = settings.with(|s| s.colours);
        let (computer, level) = match game.players {
            Players::Computer { level, visitor } => (Some(visitor.other()), Some(level)),
            Players::People => (None, None),
        };
        let seat = |side: Side| {
            let colour = i18n.t(colours[side].into());
            let name = match &game.names {
                _ if computer == Some(side) => i18n.t(Text::Computer).to_string(),
                Some([first, second]) => if side == Side::First { first } else { second }.clone(),
                None => return colour.to_string(),
            };
            format!("{name} ({colour})")
        };
        Some(i18n.say(&Say::PlayedBy {
            first: seat(Side::First),
            second: seat(Side::Second),
            level,
        }))
    };
    view! { <p class="played-by">{line}</p> }
}
