//! Mode, level, colours and the rest of what a person can set.

use engine::Side;
use engine::evaluation::Style;
use engine::player::Level;
use leptos::prelude::*;

use crate::control::{use_play, use_preferences, use_screen};
use crate::i18n::{Lang, Say, Text, use_i18n};
use crate::model::game::Game;
use crate::model::settings::{CoinColour, GameMode, SIZES, Settings, Starter, offered_levels};
use crate::state::{Panel, Reader, UiView};

/// Mode, level, colours and the rest.
#[component]
pub fn SettingsPanel() -> impl IntoView {
    let i18n = use_i18n();
    let play = use_play();
    let preferences = use_preferences();
    let screen = use_screen();
    let game = expect_context::<Reader<Game>>();
    let settings = expect_context::<Reader<Settings>>();
    let ui = expect_context::<UiView>();
    let s = settings;
    let t = move |text| i18n.t(text);
    let on_robot = move || game.with(|g| g.robot.is_some());
    // Changing who plays or the board ends the game; the rest applies at
    // once. A game on the robot ends only if the visitor says so: else the
    // menu shows its value again.
    let set_and_restart = move |f: &dyn Fn(&mut Settings)| play.change_game_settings(f);
    let lang = move || i18n.lang();
    // The word for a choice that names itself (a mode, a style, a colour).
    let word = move |text: Text| lang().t(text).to_string();
    let no = Signal::stored(false);
    let colour_menu = move |side: Side| {
        let label = move || {
            i18n.say(&Say::ColourMenu {
                player: side as usize + 1,
            })
        };
        menu(
            CoinColour::ALL.to_vec(),
            move || s.with(|s| s.colours[side]),
            move |c| word(c.into()),
            move |c| preferences.change(&|s| s.set_colour(side, c)),
            no,
        )
        .attr("aria-label", label)
    };
    view! {
        <section id="settings" class="panel" class:open=move || ui.is_open(Panel::Settings) aria-label=move || t(Text::Settings)>
            <h2>{move || t(Text::Settings)}</h2>
            <label>{move || t(Text::Mode)}
                {menu(
                    vec![GameMode::VsComputer, GameMode::TwoPlayers, GameMode::Demo],
                    move || s.with(|s| s.mode),
                    move |m| word(m.into()),
                    move |m| set_and_restart(&|s| s.mode = m),
                    no,
                )}
            </label>
            <p class="note" hidden=move || !on_robot()>{move || t(Text::LevelFixedOnRobot)}</p>
            <label>{move || t(Text::Level)}
                {menu(
                    offered_levels().collect(),
                    move || s.with(|s| s.level),
                    move |l| lang().say(&Say::LevelName(l)),
                    move |l| preferences.change(&|s| s.level = l),
                    Signal::derive(on_robot),
                )}
            </label>
            <label>{move || t(Text::Style)}
                {menu(
                    vec![Style::Defensive, Style::Normal, Style::Aggressive],
                    move || s.with(|s| s.style),
                    move |st| word(st.into()),
                    move |st| preferences.change(&|s| s.style = st),
                    Signal::derive(on_robot),
                )}
            </label>
            <label>{move || t(Text::Starts)}
                {menu(
                    vec![Starter::Me, Starter::Computer, Starter::Random],
                    move || s.with(|s| s.starter),
                    move |st| word(st.into()),
                    move |st| set_and_restart(&|s| s.starter = st),
                    no,
                )}
            </label>
            <fieldset><legend>{move || t(Text::Colours)}</legend>{colour_menu(Side::First)}{colour_menu(Side::Second)}</fieldset>
            <label>{move || t(Text::BoardSize)}
                {menu(
                    SIZES.to_vec(),
                    move || s.with(|s| s.size),
                    |(c, r)| format!("{c} × {r}"),
                    move |size| set_and_restart(&|s| s.size = size),
                    no,
                )}
            </label>
            <PerfectNote/>
            <LookAndLanguage/>
            <button class="close" on:click=move |_| screen.toggle_panel(Panel::Settings)>{move || t(Text::Close)}</button>
        </section>
    }
}

/// What applies at once and never ends a game: the language, the looks,
/// full screen.
#[component]
fn LookAndLanguage() -> impl IntoView {
    let i18n = use_i18n();
    let preferences = use_preferences();
    let s = expect_context::<Reader<Settings>>();
    let t = move |text| i18n.t(text);
    view! {
        <label>{move || t(Text::Language)}
            <select on:change=move |e| {
                if let Some(lang) = Lang::from_tag(&event_target_value(&e)) {
                    preferences.change(&|s| {
                        s.lang = lang;
                        s.lang_chosen = true;
                    });
                }
            }>
                {Lang::all().map(|lang| view! {
                    <option value=lang.tag() selected=move || s.with(|s| s.lang == lang)>{lang.name()}</option>
                }).collect_view()}
            </select>
        </label>
        <label class="check"><input type="checkbox" prop:checked=move || s.with(|s| s.animation)
            on:change=move |e| { let on = event_target_checked(&e); preferences.change(&|s| s.animation = on) }/>{move || t(Text::Animation)}</label>
        <label class="check"><input type="checkbox" prop:checked=move || s.with(|s| s.high_contrast)
            on:change=move |e| { let on = event_target_checked(&e); preferences.change(&|s| s.high_contrast = on) }/>{move || t(Text::HighContrast)}</label>
        <label class="check"><input type="checkbox" prop:checked=move || s.with(|s| s.marks)
            on:change=move |e| { let on = event_target_checked(&e); preferences.change(&|s| s.marks = on) }/>{move || t(Text::Marks)}</label>
        <button on:click=move |_| {
            if let Some(root) = document().document_element() {
                let _ = root.request_fullscreen();
            }
        }>{move || t(Text::Fullscreen)}</button>
    }
}

/// A menu of `choices` showing the `current` one; picking one calls
/// `pick`, and the menu then shows whatever holds (the old value when the
/// visitor decided to keep a robot game).
fn menu<T>(
    choices: Vec<T>,
    current: impl Fn() -> T + Copy + Send + Sync + 'static,
    label: impl Fn(T) -> String + Copy + Send + Sync + 'static,
    pick: impl Fn(T) + Copy + Send + Sync + 'static,
    disabled: Signal<bool>,
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    let picked = choices.clone();
    let options = move || {
        choices
            .iter()
            .enumerate()
            .map(|(i, &c)| view! { <option value=i.to_string() selected=move || current() == c>{label(c)}</option> })
            .collect_view()
    };
    view! {
        <select disabled=move || disabled.get() on:change=move |e| {
            let chosen = event_target_value(&e).parse::<usize>().ok().and_then(|i| picked.get(i).copied());
            if let Some(choice) = chosen {
                pick(choice);
            }
            let now = untrack(current);
            if let (Some(menu), Some(i)) = (e.target(), picked.iter().position(|&c| c == now)) {
                let _ = js_sys::Reflect::set(&menu, &"value".into(), &i.to_string().into());
            }
        }>{options}</select>
    }
}

/// Said before the game: where no book covers the board, Perfect plays
/// its best search within the time limit.
#[component]
fn PerfectNote() -> impl IntoView {
    let i18n = use_i18n();
    let settings = expect_context::<Reader<Settings>>();
    let note = move || {
        let (level, (columns, rows)) = settings.with(|s| (s.level, s.size));
        let geometry = engine::Geometry::new(columns.into(), rows.into(), 4).ok()?;
        (level == Level::Perfect && !engine::player::perfect_on(geometry)).then(|| {
            i18n.say(&Say::PerfectNote {
                columns,
                rows,
                seconds: (engine::player::PERFECT_TIME_LIMIT_MS / 1000.0) as u32,
            })
        })
    };
    view! { <p class="note" hidden=move || note().is_none()>{note}</p> }
}
