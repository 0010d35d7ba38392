//! Mode, level, colours and the rest of what a person can set.

use engine::Side;
use engine::evaluation::Style;
use leptos::prelude::*;

use crate::control::use_actions;
use crate::i18n::{Lang, Say, Text, use_i18n};
use crate::model::settings::{CoinColour, GameMode, SIZES, Settings, Starter, offered_levels};
use crate::state::{Panel, Ui};

/// Mode, level, colours and the rest.
#[component]
pub fn SettingsPanel() -> impl IntoView {
    let i18n = use_i18n();
    let actions = use_actions();
    let ui = expect_context::<Ui>();
    let s = actions.settings;
    let t = move |text| i18n.t(text);
    let on_robot = move || actions.game.with(|g| g.robot.is_some());
    // Changing who plays or the board ends the game; the rest applies at
    // once. A game on the robot ends only if the visitor says so: else the
    // menu shows its value again.
    let set_and_restart =
        move |e: &leptos::ev::Event, before: String, f: Box<dyn Fn(&mut Settings)>| {
            if actions.game.with_untracked(|g| g.robot.is_some()) {
                let ok = web_sys::window()
                    .and_then(|w| w.confirm_with_message(i18n.t(Text::ConfirmLeaveRobot)).ok())
                    .unwrap_or(false);
                if !ok {
                    if let Some(menu) = e.target() {
                        let _ = js_sys::Reflect::set(&menu, &"value".into(), &before.into());
                    }
                    return;
                }
                actions.robot_leave();
            }
            s.update(|s| f(s));
            actions.new_game(false);
        };
    let mode_options = move || {
        let lang = i18n.lang();
        [(GameMode::VsComputer, Text::VsComputer), (GameMode::TwoPlayers, Text::HotSeat), (GameMode::Demo, Text::Demo)]
            .into_iter()
            .map(|(m, label)| {
                view! { <option value=format!("{m:?}") selected=move || s.with(|s| s.mode == m)>{lang.t(label)}</option> }
            })
            .collect_view()
    };
    let level_options = move || {
        let lang = i18n.lang();
        offered_levels().enumerate()
            .map(|(i, l)| view! { <option value=i.to_string() selected=move || s.with(|s| s.level == l)>{lang.say(&Say::LevelName(l))}</option> })
            .collect_view()
    };
    let style_options = move || {
        let lang = i18n.lang();
        [Style::Defensive, Style::Normal, Style::Aggressive]
            .into_iter()
            .map(|st| view! { <option value=format!("{st:?}") selected=move || s.with(|s| s.style == st)>{lang.t(Text::from(st))}</option> })
            .collect_view()
    };
    let starter_options = move || {
        let lang = i18n.lang();
        [(Starter::Me, Text::Me), (Starter::Computer, Text::Computer), (Starter::Random, Text::Random)]
            .into_iter()
            .map(|(st, label)| view! { <option value=format!("{st:?}") selected=move || s.with(|s| s.starter == st)>{lang.t(label)}</option> })
            .collect_view()
    };
    let colour_select = move |side: Side| {
        let options = move || {
            let lang = i18n.lang();
            CoinColour::ALL
                .into_iter()
                .map(|c| view! { <option value=format!("{c:?}") selected=move || s.with(|s| s.colours[side] == c)>{lang.t(Text::from(c))}</option> })
                .collect_view()
        };
        view! {
            <select aria-label=move || i18n.say(&Say::ColourMenu { player: side as usize + 1 }) on:change=move |e| {
                let v = event_target_value(&e);
                if let Some(c) = CoinColour::ALL.into_iter().find(|c| format!("{c:?}") == v) {
                    s.update(|s| s.set_colour(side, c));
                }
            }>{options}</select>
        }
    };
    let size_options = move || {
        SIZES
            .into_iter()
            .map(|(c, r)| view! { <option value=format!("{c}x{r}") selected=move || s.with(|s| s.size == (c, r))>{format!("{c} × {r}")}</option> })
            .collect_view()
    };
    view! {
        <section id="settings" class="panel" class:open=move || ui.is_open(Panel::Settings) aria-label=move || t(Text::Settings)>
            <h2>{move || t(Text::Settings)}</h2>
            <label>{move || t(Text::Mode)}
                <select on:change=move |e| {
                    let v = event_target_value(&e);
                    let m = [GameMode::VsComputer, GameMode::TwoPlayers, GameMode::Demo].into_iter().find(|m| format!("{m:?}") == v);
                    let before = s.with_untracked(|s| format!("{:?}", s.mode));
                    if let Some(m) = m { set_and_restart(&e, before, Box::new(move |s| s.mode = m)); }
                }>{mode_options}</select>
            </label>
            <p class="note" hidden=move || !on_robot()>{move || t(Text::LevelFixedOnRobot)}</p>
            <label>{move || t(Text::Level)}
                <select disabled=on_robot on:change=move |e| {
                    if let Some(l) = event_target_value(&e).parse::<usize>().ok().and_then(|i| offered_levels().nth(i)) {
                        s.update(|s| s.level = l);
                    }
                }>{level_options}</select>
            </label>
            <label>{move || t(Text::Style)}
                <select disabled=on_robot on:change=move |e| {
                    let v = event_target_value(&e);
                    if let Some(st) = [Style::Defensive, Style::Normal, Style::Aggressive].into_iter().find(|st| format!("{st:?}") == v) {
                        s.update(|s| s.style = st);
                    }
                }>{style_options}</select>
            </label>
            <label>{move || t(Text::Starts)}
                <select on:change=move |e| {
                    let v = event_target_value(&e);
                    if let Some(st) = [Starter::Me, Starter::Computer, Starter::Random].into_iter().find(|st| format!("{st:?}") == v) {
                        let before = s.with_untracked(|s| format!("{:?}", s.starter));
                        set_and_restart(&e, before, Box::new(move |s| s.starter = st));
                    }
                }>{starter_options}</select>
            </label>
            <fieldset><legend>{move || t(Text::Colours)}</legend>{colour_select(Side::First)}{colour_select(Side::Second)}</fieldset>
            <label>{move || t(Text::BoardSize)}
                <select on:change=move |e| {
                    let v = event_target_value(&e);
                    if let Some(size) = SIZES.into_iter().find(|(c, r)| format!("{c}x{r}") == v) {
                        let before = s.with_untracked(|s| format!("{}x{}", s.size.0, s.size.1));
                        set_and_restart(&e, before, Box::new(move |s| s.size = size));
                    }
                }>{size_options}</select>
            </label>
            <label>{move || t(Text::Language)}
                <select on:change=move |e| {
                    let lang = if event_target_value(&e) == "de" { Lang::De } else { Lang::En };
                    s.update(|s| {
                        s.lang = lang;
                        s.lang_chosen = true;
                    });
                }>
                    <option value="en" selected=move || s.with(|s| s.lang == Lang::En)>"English"</option>
                    <option value="de" selected=move || s.with(|s| s.lang == Lang::De)>"Deutsch"</option>
                </select>
            </label>
            <label class="check"><input type="checkbox" prop:checked=move || s.with(|s| s.animation)
                on:change=move |e| s.update(|s| s.animation = event_target_checked(&e))/>{move || t(Text::Animation)}</label>
            <label class="check"><input type="checkbox" prop:checked=move || s.with(|s| s.high_contrast)
                on:change=move |e| s.update(|s| s.high_contrast = event_target_checked(&e))/>{move || t(Text::HighContrast)}</label>
            <label class="check"><input type="checkbox" prop:checked=move || s.with(|s| s.marks)
                on:change=move |e| s.update(|s| s.marks = event_target_checked(&e))/>{move || t(Text::Marks)}</label>
            <button on:click=move |_| {
                if let Some(root) = document().document_element() {
                    let _ = root.request_fullscreen();
                }
            }>{move || t(Text::Fullscreen)}</button>
            <button class="close" on:click=move |_| ui.toggle(Panel::Settings)>{move || t(Text::Close)}</button>
        </section>
    }
}
