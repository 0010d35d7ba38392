//! The robot's lobby: a name, an opponent, and whether the robot is free.

use booth_protocol::{GameMode, valid_name};
use engine::player::LevelSpec;
use leptos::prelude::*;

use crate::components::JoinCode;
use crate::control::{Choice, Visitor, use_robot_seat, use_screen};
use crate::i18n::{Say, Text, use_i18n};
use crate::model::booth::{challenger, levels_offered, taken_by_others};
use crate::model::game::Game;
use crate::state::Panel;
use crate::state::UiView;
use crate::state::{BoothView, Reader};

/// The lobby: a name, an opponent, and the robot's availability.
#[component]
pub fn RobotPanel() -> impl IntoView {
    let seat = use_robot_seat();
    let screen = use_screen();
    let booth = expect_context::<BoothView>();
    let game = expect_context::<Reader<Game>>();
    let ui = expect_context::<UiView>();
    let i18n = use_i18n();
    let t = move |text| i18n.t(text);
    let name = RwSignal::new(String::new());
    let show_name = RwSignal::new(false);
    let visitor = move || Visitor {
        name: name.get_untracked(),
        show_name: show_name.get_untracked(),
    };
    let against_computer = RwSignal::new(true);
    let playing = move || game.with(|g| g.robot.is_some());
    let may_play = move || booth.may_play.get();
    let busy = move || booth.with_snapshot(|s| s.is_some_and(taken_by_others));
    // Someone waiting on the robot for an opponent: the lobby's first offer.
    let challenger = move || booth.with_snapshot(|s| s.and_then(challenger));
    let offered = move || challenger().is_some();
    let levels = Signal::derive(move || booth.welcome.with(|w| levels_offered(w.as_ref())));
    let level = RwSignal::new(None::<LevelSpec>);
    let mode = move || {
        if against_computer.get_untracked() {
            GameMode::VsComputer
        } else {
            GameMode::TwoPlayers
        }
    };
    let start = move |_| {
        seat.take_seat(Choice {
            visitor: visitor(),
            mode: mode(),
            level: level.get_untracked(),
        })
    };
    let join = move |_| seat.join(visitor());
    // Who finds the robot busy, or others waiting for it, gets in line.
    let lines_up = move || busy() || booth.line().0 > 0 && booth.line().1 != Some(1);
    let line_up = move |_| seat.line_up(visitor(), mode());
    let message = move || ui.message.get().map(|m| i18n.message(&m));
    view! {
        <section id="robot" class="panel lobby" class:open=move || ui.is_open(Panel::Robot) aria-label=move || t(Text::Robot)>
            <LobbyNotes busy=Signal::derive(busy) challenger=Signal::derive(challenger)/>
            <Show when=move || message().is_some() && ui.is_open(Panel::Robot)>
                <p class="lobby-message" role="alert">{message}</p>
            </Show>
            <Show when=playing fallback=move || view! {
                <NameField name show_name/>
                <Show when=move || !offered()>
                    <OpponentChoice against_computer/>
                    <Show when=move || against_computer.get()>
                        <LevelChoice levels level/>
                    </Show>
                </Show>
                // Said once as the refusal; kept here once that is gone.
                <Show when=move || !may_play() && message().is_none()>
                    <p class="busy">{move || t(Text::NeedToken)}</p>
                </Show>
                <LineNote busy=Signal::derive(busy)/>
                <div class="lobby-actions">
                    <Show when=offered fallback=move || view! {
                        <Show when=lines_up fallback=move || view! {
                            <button class="primary play-robot" on:click=start disabled=move || !may_play()>{move || t(Text::PlayOnRobot)}</button>
                        }>
                            <button class="primary get-in-line" on:click=line_up disabled=move || booth.line().1.is_some() || !may_play()>{move || t(Text::GetInLine)}</button>
                        </Show>
                    }>
                        <button class="primary take-seat" on:click=join disabled=move || !may_play()>
                            {move || i18n.say(&Say::PlayAgainst(challenger().unwrap_or_default()))}
                        </button>
                    </Show>
                    <button class="play-here" on:click=move |_| screen.close_panel()>{move || t(Text::PlayHere)}</button>
                </div>
                <JoinCode size=160/>
            }>
                <button class="close" on:click=move |_| screen.toggle_panel(Panel::Robot)>{move || t(Text::Close)}</button>
            </Show>
        </section>
    }
}

/// The lobby's head: the booth's name, what the robot does, its rule on
/// time, and who has it or waits on it for an opponent.
#[component]
fn LobbyNotes(busy: Signal<bool>, challenger: Signal<Option<String>>) -> impl IntoView {
    let booth = expect_context::<BoothView>();
    let i18n = use_i18n();
    let t = move |text| i18n.t(text);
    let title = move || {
        booth
            .welcome
            .with(|w| w.as_ref().and_then(|w| w.name.clone()))
            .unwrap_or_else(|| t(Text::LobbyTitle).to_string())
    };
    view! {
        <h2>{title}</h2>
        <p class="lobby-intro">{move || t(Text::LobbyIntro)}</p>
        <p class="lobby-turn-limit">{move || booth.turn_limit_s().map(|s| i18n.say(&Say::TurnLimit(s)))}</p>
        // The robot's own state, unless the lobby says who has it.
        <Show when=move || !busy.get() && challenger.with(Option::is_none)>
            <p class="lobby-robot">{move || t(booth.robot_text())}</p>
        </Show>
        <Show when=move || challenger.with(Option::is_some)>
            <p class="offer">{move || i18n.say(&Say::WaitingChallenger(challenger.get().unwrap_or_default()))}</p>
        </Show>
        <Show when=move || booth.demo_running()>
            <p class="demo-call">{move || t(Text::DemoRunning)}</p>
        </Show>
    }
}

/// The robot busy (to watch, or to get in line for) and the line as this
/// page sees it: its place, the robot being its own now, or how many wait.
#[component]
fn LineNote(busy: Signal<bool>) -> impl IntoView {
    let booth = expect_context::<BoothView>();
    let i18n = use_i18n();
    let t = move |text| i18n.t(text);
    let may_play = move || booth.may_play.get();
    let words = move || {
        let (waiting, place) = booth.line();
        match place {
            Some(1) if !busy.get() => t(Text::LineYours).to_string(),
            Some(place) => i18n.say(&Say::LinePlace(place)),
            None if waiting > 0 => i18n.say(&Say::LineWaiting(waiting)),
            None => String::new(),
        }
    };
    view! {
        <Show when=move || busy.get()>
            <p class="busy">{move || t(if may_play() { Text::RobotBusyLine } else { Text::RobotBusy })}</p>
            <a href="watch">{move || t(Text::WatchRobot)}</a>
        </Show>
        <Show when=move || !words().is_empty()>
            <p class="line" role="status">{words}</p>
        </Show>
    }
}

/// The level to play the robot at, among those the booth offers.
#[component]
fn LevelChoice(
    levels: Signal<Vec<LevelSpec>>,
    level: RwSignal<Option<LevelSpec>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let label = move |spec: LevelSpec| i18n.say(&Say::LevelSpec(spec));
    view! {
        <label>
            {move || i18n.t(Text::Level)}
            <select class="robot-level" on:change=move |e| {
                level.set(levels.get().get(event_target_value(&e).parse::<usize>().unwrap_or(0)).copied());
            } prop:value=move || {
                let chosen = level.get();
                levels.with(|l| l.iter().position(|s| Some(*s) == chosen)).unwrap_or(0).to_string()
            }>
                {move || {
                    levels
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(i, spec)| view! { <option value=i.to_string()>{label(spec)}</option> })
                        .collect_view()
                }}
            </select>
        </label>
    }
}

/// The visitor's name for the robot's seat, with the rule it must follow
/// (marked once something else is typed).
#[component]
fn NameField(name: RwSignal<String>, show_name: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let rule_class = move || {
        if name.with(|n| n.is_empty() || valid_name(n)) {
            "hint-text"
        } else {
            "hint-text bad"
        }
    };
    view! {
        <label>
            {move || i18n.t(Text::YourName)}
            <input
                type="text"
                name="name"
                maxlength="15"
                autocomplete="off"
                prop:value=move || name.get()
                on:input=move |e| name.set(event_target_value(&e))
            />
        </label>
        <p class=rule_class>{move || i18n.t(Text::NameRule)}</p>
        <label class="show-name">
            <input
                type="checkbox"
                name="show_name"
                prop:checked=move || show_name.get()
                on:change=move |e| show_name.set(event_target_checked(&e))
            />
            {move || i18n.t(Text::ShowMyName)}
        </label>
    }
}

/// Against the computer or a person on another device.
#[component]
fn OpponentChoice(against_computer: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let t = move |text| i18n.t(text);
    view! {
        <label>
            {move || t(Text::Opponent)}
            // The menu shows what a tap on "play" starts, also when the
            // lobby opens again with the last choice.
            <select class="robot-opponent" on:change=move |e| against_computer.set(event_target_value(&e) == "computer")
                prop:value=move || if against_computer.get() { "computer" } else { "person" }>
                <option value="computer">{move || t(Text::ComputerOpponent)}</option>
                <option value="person">{move || t(Text::PersonOpponent)}</option>
            </select>
        </label>
    }
}
