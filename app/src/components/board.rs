//! The board: the value of each column, the coins, the expected
//! continuation, one button per column.

use engine::Side;
use leptos::either::Either;
use leptos::ev;
use leptos::prelude::*;

use crate::components::ColumnValues;
use crate::control::{use_play, use_screen};
use crate::i18n::{Say, use_i18n};
use crate::model::game::Game;
use crate::model::holes::{Hole, holes};
use crate::model::settings::{GameMode, Settings};
use crate::state::{Reader, SearchView, UiView};

/// The board, its cells announced to screen readers. The holes' elements
/// are made once for a board's size; at a move each hole's parts (its
/// coin, ghost, win mark and spoken label) are worked out again from one
/// list, and the page writes only what differs.
#[component]
pub fn BoardView() -> impl IntoView {
    let play = use_play();
    let screen = use_screen();
    let settings = expect_context::<Reader<Settings>>();
    let game = expect_context::<Reader<Game>>();
    let search = expect_context::<SearchView>();
    let ui = expect_context::<UiView>();
    let holes = Memo::new(move |_| {
        let s = settings.get();
        game.with(|g| {
            let shown = g.mode(s.mode) != GameMode::TwoPlayers && play.hints_allowed();
            let expected = if shown && !g.board.is_over() && !search.thinking.get() {
                search.last_pv.get()
            } else {
                Vec::new()
            };
            ui.replay.with(|r| holes(g, &s, r.as_ref(), &expected))
        })
    });
    let geometry = Memo::new(move |_| game.with(|g| g.board.geometry()));
    let grid = move || {
        let g = geometry.get();
        let (w, h) = (g.columns(), g.rows());
        (0..w * h)
            .map(|i| hole_view(holes, i, (i % w, h - 1 - i / w, h)))
            .collect_view()
    };
    let style = move || {
        let g = geometry.get();
        format!("--cols:{};--rows:{}", g.columns(), g.rows())
    };
    let board = view! {
        <div class="board-wrap" style=style>
            <ColumnValues/>
            <HoverRow/>
            <div class="board">
                <div class="cells">{grid}</div>
                <ColumnButtons/>
            </div>
        </div>
    };
    if screen.pointer_can_hover() {
        Either::Left(
            board
                .into_inner()
                .on(ev::pointerleave, move |_| screen.point_at(None)),
        )
    } else {
        Either::Right(board)
    }
}

/// One hole: its coin, a ghost of the expected line, its place in a win.
/// A plain function, not a component: the board makes dozens of them.
/// Each hole is a memo of its own, so a move works out again the parts
/// (the coin, the spoken label, the win mark) of only the holes it
/// changed, not of all 42 (docs/benchmarks.md).
fn hole_view(
    holes: Memo<Vec<Hole>>,
    index: usize,
    (column, row, rows): (usize, usize, usize),
) -> impl IntoView {
    let i18n = use_i18n();
    let hole = Memo::new(move |_| holes.with(|h| h.get(index).cloned()));
    let label = move || {
        let owner = hole
            .with(|h| h.as_ref().and_then(|h| h.coin))
            .map(|(colour, _)| colour);
        i18n.say(&Say::Cell {
            row: row + 1,
            column: column + 1,
            owner,
        })
    };
    let inside = move || {
        let h = hole.get()?;
        let coin = h.coin.map(|(colour, side)| {
            let order = if side == Side::First { "first" } else { "second" };
            let fresh = if h.fresh { " fresh" } else { "" };
            view! { <div class=format!("coin {} {order}{fresh}", colour.class()) style=format!("--fall:{}", rows - row)></div> }
        });
        let ghost = h.ghost.map(
            |(colour, n)| view! { <div class=format!("coin ghost {}", colour.class())>{n}</div> },
        );
        Some((coin, ghost))
    };
    let won = move || hole.with(|h| h.as_ref().is_some_and(|h| h.won));
    view! { <div class="cell" class:win=won role="img" aria-label=label>{inside}</div> }
}

/// The coin over the column under the pointer, ready to drop.
#[component]
fn HoverRow() -> impl IntoView {
    let settings = expect_context::<Reader<Settings>>();
    let game = expect_context::<Reader<Game>>();
    let ui = expect_context::<UiView>();
    // The colour of the coin to drop, while the person may drop one.
    let ready = Memo::new(move |_| {
        let s = settings.get();
        game.with(|g| {
            (!g.board.is_over() && !g.computer_to_move(s.mode))
                .then(|| s.colours[g.board.side_to_move()])
        })
    });
    let columns = Memo::new(move |_| game.with(|g| g.board.geometry().columns()));
    let slots = move || {
        (0..columns.get())
            .map(|c| {
                let coin = move || {
                    let colour = ready.get().filter(|_| ui.hover.get() == Some(c))?;
                    Some(view! { <div class=format!("coin {}", colour.class())></div> })
                };
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
    // Rebuilt for another board's width only, not at every move: setting
    // seven buttons' attributes and listeners again held a tap's click
    // event at 45 ms at 4x CPU, 15 ms without (docs/benchmarks.md).
    let columns = Memo::new(move |_| game.with(|g| g.board.geometry().columns()));
    let hover = screen.pointer_can_hover();
    let buttons = move || {
        (0..columns.get())
            .map(|c| {
                let label = move || i18n.say(&Say::ColumnButton { column: c + 1 });
                let button = view! {
                    <button
                        class="column"
                        class:shake=move || ui.shake.get() == Some(c)
                        class:hover=move || ui.hover.get() == Some(c)
                        aria-label=label
                        on:click=move |_| play.drop(c)
                        on:focus=move |e: web_sys::FocusEvent| {
                            // A key's focus shows the coin; a tap's does not.
                            if focus_by_keys(&e) {
                                screen.point_at(Some(c));
                            }
                        }
                    ></button>
                };
                if !hover {
                    return Either::Right(button);
                }
                Either::Left(button.into_inner().on(
                    ev::pointerenter,
                    move |e: web_sys::PointerEvent| {
                        // A finger has no hover (on a screen with a mouse too):
                        // its tap drops the coin at once.
                        if e.pointer_type() != "touch" {
                            screen.point_at(Some(c));
                        }
                    },
                ))
            })
            .collect_view()
    };
    view! { <div class="columns">{buttons}</div> }
}

/// Whether the element `e` focused shows its focus, as it does when keys
/// moved it there (`:focus-visible`), not a tap or a click.
fn focus_by_keys(e: &web_sys::FocusEvent) -> bool {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_none_or(|el| el.matches(":focus-visible").unwrap_or(true))
}
