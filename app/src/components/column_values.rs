//! The value of each column over the board.

use engine::Board;
use leptos::prelude::*;

use crate::i18n::{I18n, Say, use_i18n};
use crate::model::decimal::fixed;
use crate::model::game::Game;
use crate::model::values::{
    ColumnValues as Values, Rank, ValueSource, bar_length, rank, short_value,
};
use crate::state::{Reader, SearchView, UiView};

/// One column's value as the row shows it.
#[derive(Debug, Clone, PartialEq)]
struct Cell {
    class: &'static str,
    style: String,
    text: String,
    score: Option<String>,
}

/// Each column's value as a bar and in words (a tap on the row shows the
/// numbers): the perfect score after a hint, else how the computer's last
/// search ranked the column; green is good for the side to move (in words:
/// among the best), red bad, and the longer the bar the clearer. A finished game shows none: they
/// were about moves nobody can play any more.
#[component]
pub fn ColumnValues() -> impl IntoView {
    let i18n = use_i18n();
    let game = expect_context::<Reader<Game>>();
    let search = expect_context::<SearchView>();
    let ui = expect_context::<UiView>();
    let screen = crate::control::use_screen();
    // Perfect values in words are short sentences ("loses in 14 moves"),
    // which need more room than a search's single words.
    let sentences = move || {
        !ui.value_numbers.get()
            && search.column_values.with(|v| {
                v.as_ref()
                    .is_some_and(|(s, _)| matches!(s, ValueSource::Hint | ValueSource::Solved))
            })
    };
    // What each column shows, worked out apart from its drawing: a move
    // that leaves the row as it was (no values before it or after it, the
    // common case) writes nothing to the page. Drawn at every move, its
    // seven cells' attributes were written again in a first tap's click
    // (about 8 ms of it at 4x CPU, docs/benchmarks.md).
    let shown = Memo::new(move |_| {
        let (cells, plies, columns) = game.with(|g| {
            let b: &Board = &g.board;
            (b.geometry().cells(), b.plies(), b.geometry().columns())
        });
        let numbers = ui.value_numbers.get();
        let over = game.with(|g| g.board.is_over());
        let values = search.column_values.get().filter(|_| !over);
        row(i18n, values, numbers, (cells, plies, columns))
    });
    let cells = move || {
        shown
            .get()
            .into_iter()
            .enumerate()
            .map(|(c, cell)| {
                view! {
                    <span class=cell.class style=cell.style data-column=c + 1 data-score=cell.score>
                        <i class="bar"></i>{cell.text}
                    </span>
                }
            })
            .collect_view()
    };
    view! {
        <div class="values" class:words=move || !ui.value_numbers.get() class:sentences=sentences
            on:click=move |_| screen.toggle_value_numbers()>{cells}</div>
    }
}

/// Each column's cell from the values shown (none, a search's, or a
/// hint's perfect scores) on a board of `cells` cells with `plies` played.
fn row(
    i18n: I18n,
    values: Option<Values>,
    numbers: bool,
    (cells, plies, columns): (usize, usize, usize),
) -> Vec<Cell> {
    let source = values.as_ref().map(|(source, _)| *source);
    let perfect = matches!(source, Some(ValueSource::Hint | ValueSource::Solved));
    // The computer's scores are of the position before its move.
    let plies = match source {
        Some(ValueSource::Solved) => plies.saturating_sub(1),
        _ => plies,
    };
    let known: Vec<i32> = values
        .iter()
        .flat_map(|(_, v)| v.iter().flatten().copied())
        .collect();
    (0..columns)
        .map(|c| {
            let v = values
                .as_ref()
                .and_then(|(_, v)| v.get(c).copied().flatten());
            // A search value is coloured by its rank, in words and in
            // numbers alike (the best of bad choices is still the one
            // to take); a perfect value by its sign (win, draw, loss).
            let sign = match (v, perfect) {
                (None, _) => 0,
                (Some(v), true) => v.signum(),
                (Some(v), false) => match rank(v, &known) {
                    Rank::Wins | Rank::Best | Rank::Good => 1,
                    Rank::Weaker => 0,
                    Rank::Poor | Rank::Loses => -1,
                },
            };
            let class = match (v, sign) {
                (None, _) => "value",
                (_, 1) => "value good",
                (_, -1) => "value bad",
                _ => "value even",
            };
            // Placed in its column: in words the values take two rows.
            let style = format!(
                "--bar:{};grid-column:{}",
                fixed(v.map_or(0.0, |v| bar_length(v, &known)), 2),
                c + 1
            );
            let text = match v {
                Some(score) if perfect && !numbers => i18n.say(&Say::PerfectValue {
                    score,
                    cells,
                    plies,
                }),
                Some(v) if numbers => short_value(v),
                Some(v) => i18n.say(&Say::SearchValue(rank(v, &known))),
                None => String::new(),
            };
            let score = v.filter(|_| perfect).map(|v| v.to_string());
            Cell {
                class,
                style,
                text,
                score,
            }
        })
        .collect::<Vec<_>>()
}
