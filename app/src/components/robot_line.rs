//! The robot's state in words, the names in the seats, and the questions
//! of a robot game: "still there?", "leave?", "again?".

use booth_protocol::{GameMode, GameStatus, LinkState};
use leptos::prelude::*;

use crate::components::{JoinCode, TakeHomeCode};
use crate::control::use_robot_seat;
use crate::i18n::{Say, Text, seat_names, seat_names_in_colour, use_i18n};
use crate::model::booth::BACK_TO_LOBBY_MS;
use crate::model::game::Game;
use crate::model::settings::Settings;
use crate::state::{BoothView, Reader};

/// The robot's state in words (while this page plays on it or watches),
/// the seats' names, and the questions of a robot game.
/// A `spectator` screen names the robot whenever the bridge is there; a
/// playing page only during its robot game.
#[component]
pub fn RobotLine(spectator: bool) -> impl IntoView {
    let seat = use_robot_seat();
    let booth = expect_context::<BoothView>();
    let game = expect_context::<Reader<Game>>();
    let settings = expect_context::<Reader<Settings>>();
    let i18n = use_i18n();
    let t = move |text| i18n.t(text);
    // A spectator screen on a static host (no bridge) has no robot to name.
    let playing = move || game.with(|g| g.robot.is_some());
    let shown = move || (spectator && booth.with_snapshot(|s| s.is_some())) || playing();
    let state = move || booth.with_snapshot(|s| s.map(|s| s.robot.state));
    let class = move || match state() {
        Some(LinkState::Fault | LinkState::Disconnected) => "robot-line alert",
        Some(LinkState::Ready) | None => "robot-line",
        Some(_) => "robot-line busy",
    };
    let words = move || t(booth.robot_text());
    let seats = move || {
        let lang = i18n.lang();
        let colours = settings.with(|s| s.colours.map(Text::from).into_array());
        booth.with_snapshot(|s| {
            s.filter(|s| s.status != GameStatus::Idle)
                .map(|s| seat_names_in_colour(s, lang, colours).join(" – "))
                .unwrap_or_default()
        })
    };
    let demo = move || spectator && booth.demo_running();
    let over = move || playing() && game.with(|g| g.board.is_over());
    let confirming = RwSignal::new(false);
    // What the people watching should know of the booth's rules: how long
    // a move may take, and who waits.
    let booth_rules = move || {
        let limit = booth.turn_limit_s().map(|s| i18n.say(&Say::TurnLimit(s)));
        let waiting = match booth.line().0 {
            0 => None,
            n => Some(i18n.say(&Say::LineWaiting(n))),
        };
        limit
            .into_iter()
            .chain(waiting)
            .collect::<Vec<_>>()
            .join(" ")
    };
    view! {
        <Show when=shown>
            <p class=class role="note" data-robot=move || state().map(|s| format!("{s:?}").to_ascii_lowercase())>
                <span class="robot-words">{words}</span>
                " "
                <span class="seats">{seats}</span>
                <Show when=move || playing() && !over() && !spectator>
                    " "
                    <button class="leave" on:click=move |_| confirming.set(true)>{move || t(Text::LeaveRobot)}</button>
                </Show>
            </p>
        </Show>
        // A spectator screen is nobody's to play on: it says what happens,
        // the join code beside it says how to play.
        <Show when=demo>
            <p class="demo-call">{move || t(Text::DemoRunningWatch)}</p>
        </Show>
        <Show when=move || spectator && booth.with_snapshot(|s| s.is_some())>
            <p class="booth-rules">{booth_rules}</p>
        </Show>
        <Show when=move || spectator>
            <JoinCode size=120/>
        </Show>
        <Show when=move || confirming.get() && playing()>
            <div class="confirm-leave" role="alertdialog">
                <span>{move || {
                    // Against the computer nobody else is told.
                    let vs_computer = game.with(|g| g.robot == Some(GameMode::VsComputer));
                    t(if vs_computer { Text::LeaveQuestionComputer } else { Text::LeaveQuestion })
                }}</span>
                <button class="yes" on:click=move |_| {
                    confirming.set(false);
                    seat.leave();
                }>{move || t(Text::LeaveYes)}</button>
                <button class="no" on:click=move |_| confirming.set(false)>{move || t(Text::Stay)}</button>
            </div>
        </Show>
        <Show when=move || over() && !spectator>
            <AfterGame/>
        </Show>
        <StillThere spectator/>
    }
}

/// After a robot game: who asked to play again, the buttons, and when the
/// page goes back to the lobby.
#[component]
fn AfterGame() -> impl IntoView {
    let seat = use_robot_seat();
    let booth = expect_context::<BoothView>();
    let i18n = use_i18n();
    let t = move |text| i18n.t(text);
    let asked_again = move || {
        booth.with_snapshot(|s| {
            s.filter(|s| s.mode == Some(GameMode::TwoPlayers))
                .map(|s| {
                    let names = seat_names(s, i18n.lang());
                    (0..2)
                        .filter(|&i| s.again[i] && Some(i) != crate::model::booth::own_seat(s))
                        .map(|i| format!("{} {}", names[i], t(Text::OtherWantsAgain)))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default()
        })
    };
    let back_in = move || {
        booth
            .over_since()
            .map(|since| booth.seconds_until(since + BACK_TO_LOBBY_MS))
            .map(|s| i18n.say(&Say::BackInSeconds(s)))
            .unwrap_or_default()
    };
    view! {
        <div class="after-game">
            <TakeHomeCode/>
            <span class="asked-again">{asked_again}</span>
            <button class="robot-again primary" on:click=move |_| seat.again()>{move || t(Text::PlayAgain)}</button>
            <button class="to-lobby" on:click=move |_| seat.back_to_lobby()>{move || t(Text::BackToLobby)}</button>
            <span class="countdown">{back_in}</span>
        </div>
    }
}

/// The bridge's question whether the player to move is still there, with
/// its countdown; to a `spectator`, only that the game ends soon.
#[component]
fn StillThere(spectator: bool) -> impl IntoView {
    let seat = use_robot_seat();
    let booth = expect_context::<BoothView>();
    let i18n = use_i18n();
    let t = move |text| i18n.t(text);
    view! {
        <Show when=move || booth.still_there.get().is_some()>
            <div class="still-there" role="alertdialog">
                <span>{move || t(if spectator { Text::StillThereWatch } else { Text::StillThere })}</span>
                " "
                <span class="countdown">
                    {move || {
                        booth
                            .still_there
                            .get()
                            .map(|end| i18n.say(&Say::EndsInSeconds(booth.seconds_until(end))))
                    }}
                </span>
                <Show when=move || !spectator>
                    <button on:click=move |_| seat.still_here()>{move || t(Text::ImStillHere)}</button>
                </Show>
            </div>
        </Show>
    }
}
