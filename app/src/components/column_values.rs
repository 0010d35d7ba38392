//! The value of each column over the board.

use engine::Board;
use leptos::prelude::*;

use crate::game::Game;
use crate::i18n::{Say, use_i18n};
use crate::state::{Search, Ui, ValueSource};
use crate::values::{bar_length, short_value};

/// Each column's value as a bar: the perfect score after a hint, in words
/// (a tap on the row shows the numbers), else the computer's last search
/// as a number; green is good for the side to move, red bad, and the
/// longer the bar the clearer.
#[component]
pub fn ColumnValues() -> impl IntoView {
    let i18n = use_i18n();
    let game = expect_context::<RwSignal<Game>>();
    let search = expect_context::<Search>();
    let ui = expect_context::<Ui>();
    let cells = move || {
        let (cells, plies, columns) = game.with(|g| {
            let b: &Board = &g.board;
            (b.geometry().cells(), b.plies(), b.geometry().columns())
        });
        let numbers = ui.value_numbers.get();
        let values = search.column_values.get();
        let perfect = values
            .as_ref()
            .is_some_and(|(kind, _)| *kind == ValueSource::Hint);
        let known: Vec<i32> = values
            .iter()
            .flat_map(|(_, v)| v.iter().flatten().copied())
            .collect();
        (0..columns)
            .map(|c| {
                let v = values
                    .as_ref()
                    .and_then(|(_, v)| v.get(c).copied().flatten());
                let class = match v {
                    Some(v) if v > 0 => "value good",
                    Some(v) if v < 0 => "value bad",
                    Some(_) => "value even",
                    None => "value",
                };
                let style = format!("--bar:{:.2}", v.map_or(0.0, |v| bar_length(v, &known)));
                let text = match v {
                    Some(score) if perfect && !numbers => i18n.say(&Say::PerfectValue {
                        score,
                        cells,
                        plies,
                    }),
                    Some(v) => short_value(v),
                    None => String::new(),
                };
                let score = v.filter(|_| perfect).map(|v| v.to_string());
                view! {
                    <span class=class style=style data-column=c + 1 data-score=score>
                        <i class="bar"></i>{text}
                    </span>
                }
            })
            .collect_view()
    };
    view! {
        <div class="values" class:words=move || !ui.value_numbers.get()
            on:click=move |_| ui.value_numbers.update(|n| *n = !*n)>{cells}</div>
    }
}
