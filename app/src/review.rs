//! Game review: after a game, every move of both sides marked by the
//! perfect analysis, the move that decided the game, and a way to play on
//! from any earlier position. On the playing page and the spectator screen.

use engine::Side;
use engine::review::{Mark, ReviewedMove, decided_at};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::protocol::ToWorker;
use crate::{Ctx, capitalise, use_ctx};

/// The review gives up after this long: with the position database a
/// game's review took well under a second in the browser.
const REVIEW_LIMIT_MS: f64 = 60_000.0;

/// A finished game's review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameReview {
    /// The game reviewed, as a move string: the review belongs to it.
    pub moves: String,
    /// One mark per move.
    pub marks: Vec<ReviewedMove>,
}

/// What a result is called: the one a mistake gave away.
fn result_word(score: i32, lang: Lang) -> &'static str {
    match (score.signum(), lang) {
        (1, Lang::En) => "the win",
        (1, Lang::De) => "den Sieg",
        (_, Lang::En) => "the draw",
        (_, Lang::De) => "das Remis",
    }
}

/// One line of the review: "3. Red, column 4: best".
pub fn move_line(number: usize, colour: &str, m: &ReviewedMove, lang: Lang) -> String {
    let column = m.column + 1;
    let mark = match (m.mark, lang) {
        (Mark::Best, Lang::En) => "best".to_string(),
        (Mark::Best, Lang::De) => "bester Zug".to_string(),
        (Mark::Good, Lang::En) => "good".to_string(),
        (Mark::Good, Lang::De) => "gut".to_string(),
        (Mark::Mistake { better }, Lang::En) => format!(
            "mistake: column {} would have kept {}",
            better + 1,
            result_word(m.best, lang)
        ),
        (Mark::Mistake { better }, Lang::De) => format!(
            "Fehler: Spalte {} hätte {} gehalten",
            better + 1,
            result_word(m.best, lang)
        ),
    };
    match lang {
        Lang::En => format!("{number}. {colour}, column {column}: {mark}"),
        Lang::De => format!("{number}. {colour}, Spalte {column}: {mark}"),
    }
}

/// The sentence on where the game was decided.
pub fn decided_line(
    marks: &[ReviewedMove],
    colour_of: impl Fn(Side) -> String,
    lang: Lang,
) -> String {
    match decided_at(marks) {
        Some(i) => {
            let colour = colour_of(Side::to_move_after(i));
            match lang {
                Lang::En => format!("Decided by move {}: {colour}'s mistake.", i + 1),
                Lang::De => format!("Entschieden mit Zug {}: dem Fehler von {colour}.", i + 1),
            }
        }
        None => match lang {
            Lang::En => "No mistake: the result was fixed from the first move.".into(),
            Lang::De => "Kein Fehler: Das Ergebnis stand vom ersten Zug an fest.".into(),
        },
    }
}

impl Ctx {
    /// Asks the worker for the finished game's review.
    pub(crate) fn request_review(self) {
        let board = self.game.with_untracked(|g| g.board.clone());
        let id = self.next_request();
        self.message.set(Some(
            match self.lang() {
                Lang::En => "Reviewing the game …",
                Lang::De => "Partie wird ausgewertet …",
            }
            .into(),
        ));
        self.send(ToWorker::Review {
            id,
            moves: board.to_string(),
            geometry: board.geometry(),
            limit_ms: REVIEW_LIMIT_MS,
        });
    }

    /// The worker's review of the game on the board.
    pub(crate) fn reviewed(self, marks: Vec<ReviewedMove>) {
        self.message.set(None);
        let moves = self.game.with_untracked(|g| g.board.to_string());
        self.review.set(Some(GameReview { moves, marks }));
    }

    /// Takes the game back to the position before move `number` (from 1)
    /// and plays on from there.
    fn play_on(self, number: usize) {
        self.stop_thinking();
        self.review.set(None);
        self.column_values.set(None);
        self.message.set(None);
        self.game.update(|g| {
            let back = g.board.plies() + 1 - number;
            g.board.undo(back);
        });
    }
}

/// The review under the board, once asked for; the spectator screen shows
/// the playing page's.
#[component]
pub fn ReviewPanel() -> impl IntoView {
    let ctx = use_ctx();
    let current = move || {
        let moves = ctx.game.with(|g| g.board.to_string());
        ctx.review.get().filter(|r| r.moves == moves)
    };
    let can_play_on = move || !ctx.watching && ctx.game.with(|g| g.robot.is_none());
    view! {
        <Show when=move || current().is_some()>
            {move || {
                let review = current().unwrap_or_else(|| GameReview { moves: String::new(), marks: Vec::new() });
                let s = ctx.settings.get();
                let lang = s.lang;
                let colour_of = move |side: Side| {
                    capitalise(s.colours[usize::from(side == Side::Second)].name(lang))
                };
                let decided = decided_at(&review.marks);
                let heading = match lang {
                    Lang::En => "Game review",
                    Lang::De => "Partie-Auswertung",
                };
                let play_on = match lang {
                    Lang::En => "Play on from here",
                    Lang::De => "Von hier weiterspielen",
                };
                let items = review
                    .marks
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let line = move_line(i + 1, &colour_of(Side::to_move_after(i)), m, lang);
                        let mark = match m.mark {
                            Mark::Best => "best",
                            Mark::Good => "good",
                            Mark::Mistake { .. } => "mistake",
                        };
                        view! {
                            <li data-mark=mark class:decided=decided == Some(i)>
                                <span>{line}</span>
                                <Show when=can_play_on>
                                    <button class="play-on" on:click=move |_| ctx.play_on(i + 1)>{play_on}</button>
                                </Show>
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <section class="review" aria-label=heading>
                        <h2>{heading}</h2>
                        <p class="decided">{decided_line(&review.marks, colour_of, lang)}</p>
                        <ol>{items}</ol>
                    </section>
                }
            }}
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(column: u8, best: i32, played: i32, mark: Mark) -> ReviewedMove {
        ReviewedMove {
            column,
            best,
            played,
            mark,
        }
    }

    #[test]
    fn a_mistake_names_the_column_that_kept_the_result() {
        let corner = m(0, 1, -2, Mark::Mistake { better: 3 });
        assert_eq!(
            move_line(1, "Yellow", &corner, Lang::En),
            "1. Yellow, column 1: mistake: column 4 would have kept the win"
        );
        assert_eq!(
            move_line(1, "Gelb", &corner, Lang::De),
            "1. Gelb, Spalte 1: Fehler: Spalte 4 hätte den Sieg gehalten"
        );
        let drawn = m(2, 0, -3, Mark::Mistake { better: 5 });
        assert!(
            move_line(8, "Red", &drawn, Lang::En).ends_with("column 6 would have kept the draw")
        );
        assert_eq!(
            move_line(2, "Red", &m(3, 2, 2, Mark::Best), Lang::En),
            "2. Red, column 4: best"
        );
    }

    #[test]
    fn the_decisive_move_is_named_with_its_player() {
        let marks = [
            m(3, 1, 1, Mark::Best),
            m(0, 1, -1, Mark::Mistake { better: 3 }),
            m(3, 1, 1, Mark::Best),
        ];
        let colour = |side: Side| {
            if side == Side::First {
                "Yellow".to_string()
            } else {
                "Red".to_string()
            }
        };
        assert_eq!(
            decided_line(&marks, colour, Lang::En),
            "Decided by move 2: Red's mistake."
        );
        assert_eq!(
            decided_line(&marks[..1], colour, Lang::En),
            "No mistake: the result was fixed from the first move."
        );
    }
}
