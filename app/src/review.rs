//! Game review: after a game, every move of both sides marked by the
//! perfect analysis, the move that decided the game, and a way to play on
//! from any earlier position. On the playing page and the spectator screen.

use engine::Side;
use engine::review::{Mark, ReviewedMove, decided_at};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::actions::{Actions, use_actions};
use crate::i18n::{Say, Text, use_i18n};
use crate::protocol::ToWorker;

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

impl Actions {
    /// Asks the worker for the finished game's review.
    pub(crate) fn request_review(self) {
        let board = self.game.with_untracked(|g| g.board.clone());
        let id = self.next_request();
        self.say(Text::Reviewing);
        self.send(ToWorker::Review {
            id,
            moves: board.to_string(),
            geometry: board.geometry(),
            limit_ms: REVIEW_LIMIT_MS,
        });
    }

    /// The worker's review of the game on the board.
    pub(crate) fn reviewed(self, marks: Vec<ReviewedMove>) {
        self.ui.message.set(None);
        let moves = self.game.with_untracked(|g| g.board.to_string());
        self.review.0.set(Some(GameReview { moves, marks }));
    }

    /// Takes the game back to the position before move `number` (from 1)
    /// and plays on from there.
    pub(crate) fn play_on(self, number: usize) {
        self.stop_thinking();
        self.review.0.set(None);
        self.search.column_values.set(None);
        self.ui.message.set(None);
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
    let i18n = use_i18n();
    let actions = use_actions();
    let (game, settings, review) = (actions.game, actions.settings, actions.review.0);
    let current = move || {
        let moves = game.with(|g| g.board.to_string());
        review.get().filter(|r| r.moves == moves)
    };
    let can_play_on = move || !actions.watching && game.with(|g| g.robot.is_none());
    view! {
        <Show when=move || current().is_some()>
            {move || {
                let review = current().unwrap_or_else(|| GameReview { moves: String::new(), marks: Vec::new() });
                let colours = settings.with(|s| s.colours);
                let decided = decided_at(&review.marks);
                let heading = i18n.t(Text::GameReview);
                let play_on = i18n.t(Text::PlayOnFromHere);
                let items = review
                    .marks
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let line = i18n.say(&Say::Reviewed {
                            number: i + 1,
                            colour: colours[Side::to_move_after(i)],
                            reviewed: *m,
                        });
                        let mark = match m.mark {
                            Mark::Best => "best",
                            Mark::Good => "good",
                            Mark::Mistake { .. } => "mistake",
                        };
                        view! {
                            <li data-mark=mark class:decided=decided == Some(i)>
                                <span>{line}</span>
                                <Show when=can_play_on>
                                    <button class="play-on" on:click=move |_| actions.play_on(i + 1)>{play_on}</button>
                                </Show>
                            </li>
                        }
                    })
                    .collect_view();
                let decided_line =
                    i18n.say(&Say::Decided(decided.map(|i| (i + 1, colours[Side::to_move_after(i)]))));
                view! {
                    <section class="review" aria-label=heading>
                        <h2>{heading}</h2>
                        <p class="decided">{decided_line}</p>
                        <ol>{items}</ol>
                    </section>
                }
            }}
        </Show>
    }
}
