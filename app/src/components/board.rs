//! The board: the value of each column, the coins, the expected
//! continuation, one button per column.

use engine::Side;
use leptos::prelude::*;

use crate::components::ColumnValues;
use crate::control::{use_play, use_screen};
use crate::i18n::{Say, use_i18n};
use crate::model::game::Game;
use crate::model::review::Replay;
use crate::model::settings::{GameMode, Settings};
use crate::state::{Reader, SearchView, UiView};

/// How many moves of the expected continuation the board shows.
const EXPECTED_SHOWN: usize = 4;

/// The board, its cells announced to screen readers.
#[component]
pub fn BoardView() -> impl IntoView {
    let i18n = use_i18n();
    let play = use_play();
    let screen = use_screen();
    let settings = expect_context::<Reader<Settings>>();
    let game = expect_context::<Reader<Game>>();
    let search = expect_context::<SearchView>();
    let ui = expect_context::<UiView>();
    let grid = move || {
        let mut g = game.get();
        // A finished game stepped through under its review.
        g.board = ui.replay.with(|r| Replay::board(r.as_ref(), &g.board));
        let s = settings.get();
        let geometry = g.board.geometry();
        let (w, h) = (geometry.columns(), geometry.rows());
        let win: Vec<(u8, u8)> = g
            .board
            .winning_line()
            .unwrap_or_default()
            .iter()
            .map(|c| (c.column, c.row))
            .collect();
        let last = g.board.last_move().map(|c| (c, g.board.height(c) - 1));
        let shown = g.mode(s.mode) != GameMode::TwoPlayers && play.hints_allowed();
        let expected = if shown && !g.board.is_over() && !search.thinking.get() {
            search
                .last_pv
                .with(|pv| g.expected_coins(pv, EXPECTED_SHOWN))
        } else {
            Vec::new()
        };
        let mut cells = Vec::with_capacity(w * h);
        for r in (0..h).rev() {
            for c in 0..w {
                let owner = g.board.cell(c, r);
                let colour = owner.map(|side| s.colours[side]);
                let label = i18n.say(&Say::Cell {
                    row: r + 1,
                    column: c + 1,
                    owner: colour,
                });
                let coin = owner.map(|side| {
                    let fresh = last == Some((c, r));
                    let order = if side == Side::First {
                        "first"
                    } else {
                        "second"
                    };
                    let class = format!(
                        "coin {} {order}{}",
                        s.colours[side].class(),
                        if fresh { " fresh" } else { "" }
                    );
                    let style = format!("--fall:{}", h - r);
                    view! { <div class=class style=style></div> }
                });
                let ghost = expected
                    .iter()
                    .find(|e| e.0 == c && e.1 == r)
                    .map(|&(_, _, n)| {
                        let next = g.board.side_to_move();
                        let side = if n % 2 == 1 { next } else { next.other() };
                        view! { <div class=format!("coin ghost {}", s.colours[side].class())>{n}</div> }
                    });
                let won = win.contains(&(c as u8, r as u8));
                cells.push(view! {
                    <div class="cell" class:win=won role="img" aria-label=label>{coin}{ghost}</div>
                });
            }
        }
        cells.collect_view()
    };
    let style = move || {
        let g = game.with(|g| g.board.geometry());
        format!("--cols:{};--rows:{}", g.columns(), g.rows())
    };
    view! {
        <div class="board-wrap" style=style on:pointerleave=move |_| screen.point_at(None)>
            <ColumnValues/>
            <HoverRow/>
            <div class="board">
                <div class="cells">{grid}</div>
                <ColumnButtons/>
            </div>
        </div>
    }
}

/// The coin over the column under the pointer, ready to drop.
#[component]
fn HoverRow() -> impl IntoView {
    let settings = expect_context::<Reader<Settings>>();
    let game = expect_context::<Reader<Game>>();
    let ui = expect_context::<UiView>();
    let slots = move || {
        let g = game.get();
        let s = settings.get();
        let colour = s.colours[g.board.side_to_move()];
        let show = !g.board.is_over() && !g.computer_to_move(s.mode);
        (0..g.board.geometry().columns())
            .map(|c| {
                let coin = (show && ui.hover.get() == Some(c))
                    .then(|| view! { <div class=format!("coin {}", colour.class())></div> });
                view! { <div class="slot">{coin}</div> }
            })
            .collect_view()
    };
    view! { <div class="hover-row" aria-hidden="true">{slots}</div> }
}

/// One button per column over the board: a tap drops a coin there.
#[component]
fn ColumnButtons() -> impl IntoView {
    let i18n = use_i18n();
    let play = use_play();
    let screen = use_screen();
    let game = expect_context::<Reader<Game>>();
    let ui = expect_context::<UiView>();
    let buttons = move || {
        let w = game.with(|g| g.board.geometry().columns());
        (0..w)
            .map(|c| {
                let label = move || i18n.say(&Say::ColumnButton { column: c + 1 });
                view! {
                    <button
                        class="column"
                        class:shake=move || ui.shake.get() == Some(c)
                        class:hover=move || ui.hover.get() == Some(c)
                        aria-label=label
                        on:click=move |_| play.drop(c)
                        on:pointerenter=move |_| screen.point_at(Some(c))
                        on:focus=move |_| screen.point_at(Some(c))
                    ></button>
                }
            })
            .collect_view()
    };
    view! { <div class="columns">{buttons}</div> }
}
