//! Whose turn, the level, the result, or why an action was refused.

use booth_protocol::{GameStatus, Seat};
use engine::Status;
use leptos::prelude::*;

use crate::control::{use_play, use_screen};
use crate::i18n::{I18n, Say, Text, seat_names, seat_names_in_colour, use_i18n};
use crate::model::booth::RobotGameLine;
use crate::model::booth::{own_seat, waiting_for_opponent};
use crate::model::game::Game;
use crate::model::settings::{GameMode, Settings};
use crate::state::{BoothView, Panel, Reader, SearchView, UiView};

/// The line over the board, with "play again" and "review" after a game.
/// A `spectator` is neither side: the line names the colours and offers no
/// "play again".
#[component]
pub fn StatusLine(spectator: bool) -> impl IntoView {
    let i18n = use_i18n();
    let play = use_play();
    let screen = use_screen();
    let settings = expect_context::<Reader<Settings>>();
    let game = expect_context::<Reader<Game>>();
    let search = expect_context::<SearchView>();
    let ui = expect_context::<UiView>();
    let booth = expect_context::<BoothView>();
    // A game for two people on the robot speaks of them by name.
    let between_people = move || people_line(i18n, booth, settings, spectator);
    // What was just said (a refusal, a hint's progress) never hides whose
    // turn it is or who won: that line stays under it.
    let note = move || ui.message.get().map(|m| i18n.message(&m));
    let base = move || {
        // The spectator screen says so when the robot has no game.
        let no_game = booth
            .with_snapshot(|s| s.is_some_and(|s| s.status == GameStatus::Idle && s.mode.is_none()));
        if spectator && no_game {
            return i18n.t(Text::WatchNoGame).to_string();
        }
        if game.with(|g| g.robot.is_some())
            && let Some(text) = between_people()
        {
            return text;
        }
        let s = settings.get();
        let g = game.get();
        // Neither a spectator nor the onlooker of a finished game from a
        // link played it: the result is said by colour.
        let mode = if spectator || g.onlooker {
            GameMode::TwoPlayers
        } else {
            g.mode(s.mode)
        };
        match g.board.status() {
            Status::Won(w) => match mode {
                GameMode::VsComputer if w == g.human => i18n.t(Text::YouWon).to_string(),
                GameMode::VsComputer => i18n.t(Text::YouLost).to_string(),
                _ => i18n.say(&Say::Wins {
                    colour: s.colours[w],
                }),
            },
            Status::Draw => i18n.t(Text::Draw).to_string(),
            Status::InProgress => turn_line(i18n, &s, &g, mode, (search, booth), spectator),
        }
    };
    // A robot game's "again" is the bridge's (both people must agree).
    let over = move || game.with(|g| g.board.is_over() && g.robot.is_none());
    view! {
        <div class="status-row">
            <div class="status-lines">
                <p class="status" role="status" aria-live="polite">{move || note().unwrap_or_else(base)}</p>
                <Show when=move || note().is_some()>
                    <p class="status-base">{base}</p>
                </Show>
            </div>
            <Show when=move || over() && !spectator>
                <button class="again" on:click=move |_| play.play_again()>
                    {move || i18n.t(Text::PlayAgain)}
                </button>
                <button class="review-game" on:click=move |_| play.request_review()>
                    {move || i18n.t(Text::ReviewGame)}
                </button>
                <button class="take-home" on:click=move |_| screen.toggle_panel(Panel::TakeHome)>
                    {move || i18n.t(Text::TakeHomeButton)}
                </button>
            </Show>
        </div>
    }
}

/// Whose turn it is in a game going on: the computer thinking, the robot
/// busy, the person's turn or a colour's.
fn turn_line(
    i18n: I18n,
    s: &Settings,
    g: &Game,
    mode: GameMode,
    (search, booth): (SearchView, BoothView),
    spectator: bool,
) -> String {
    let (level, style) = (s.level, s.style);
    let side = g.board.side_to_move();
    // In a robot game the computer's move may wait for the robot.
    let computers_turn = mode == GameMode::VsComputer && side != g.human;
    // On the robot it is the visitor's turn only once the robot can take
    // the coin (a tap before would be refused).
    let robot_busy = g.robot.is_some() && !booth.with_snapshot(|s| s.is_some_and(|s| s.can_move));
    if search.thinking.get() || computers_turn {
        i18n.say(&Say::ComputerThinking { level, style })
    } else if robot_busy && !spectator {
        // The robot's own words; "ready" but not yet taking the coin means
        // it is about to place one.
        match booth.robot_text() {
            Text::RobotReady => i18n.t(Text::RobotWorking),
            words => i18n.t(words),
        }
        .to_string()
    } else if mode == GameMode::VsComputer {
        i18n.say(&Say::YourTurn {
            colour: s.colours[side],
            level,
            style,
        })
    } else {
        i18n.say(&Say::ToMove {
            colour: s.colours[side],
        })
    }
}

/// The line of a robot game seen by a spectator or played between two
/// people: who plays whom, whose turn it is or who won, or how long the
/// waiting person's offer stands (tracked).
fn people_line(
    i18n: I18n,
    booth: BoothView,
    settings: Reader<Settings>,
    spectator: bool,
) -> Option<String> {
    booth.with_snapshot(|s| {
        let s = s.filter(|s| {
            (spectator || s.mode == Some(GameMode::TwoPlayers)) && s.status != GameStatus::Idle
        })?;
        if waiting_for_opponent(s) && spectator {
            let name = s.seats[0].clone().unwrap_or_default();
            return Some(i18n.say(&Say::WaitingChallenger(name)));
        }
        if waiting_for_opponent(s) {
            return Some(match booth.offer_until() {
                Some(end) => i18n.say(&Say::OfferStands(booth.seconds_until(end))),
                None => i18n.t(Text::WaitingForOpponent).to_string(),
            });
        }
        let away = booth.away_until();
        let names = seat_names(s, i18n.lang());
        let away = (0..2)
            .filter(|&seat| Some(seat) != own_seat(s))
            .find_map(|seat| away[seat].map(|end| (seat, end)))
            .map(|(seat, end)| {
                i18n.say(&Say::AwayWaits {
                    name: names[seat].clone(),
                    seconds: booth.seconds_until(end),
                })
            });
        // A spectator names every game's players, with their colours.
        let names = if spectator {
            let colours = settings.with(|set| set.colours.map(Text::from).into_array());
            seat_names_in_colour(s, i18n.lang(), colours)
        } else {
            seat_names(s, i18n.lang())
        };
        let line = i18n.say(&Say::RobotGame(RobotGameLine::of(
            names,
            own_seat(s),
            s.turn.map(Seat::index),
            s.winner.map(Seat::index),
        )));
        // Another seat's page closed: whose turn it is, and how long the
        // game waits for it.
        Some(match away {
            Some(away) => format!("{line} {away}"),
            None => line,
        })
    })
}
