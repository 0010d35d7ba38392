//! The search worker: receives requests from the page, runs the engine and
//! posts the answers. It is the only place where the app searches.

use std::cell::RefCell;
use std::rc::Rc;

use app::protocol::{FromWorker, ToWorker};
use engine::evaluation::Style;
use engine::player::{Level, Player, PlayerConfig, SearchProgress};
use engine::solver::{Flow, Mode, Solver};
use engine::{Board, Geometry};
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// What the worker keeps between requests: the player (the adaptive level
/// learns, the solver's table stays warm) and a solver for hints.
#[derive(Default)]
struct State {
    player: Option<(PlayerConfig, u64, Player)>,
    solver: Option<Solver>,
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(message: &FromWorker) {
    if let Ok(value) = serde_wasm_bindgen::to_value(message) {
        let _ = scope().post_message(&value);
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// Perfect play from the first moves can take minutes without an opening
/// book; past this many milliseconds the Hard search answers instead.
const PERFECT_LIMIT_MS: f64 = 4000.0;

/// The board of a request, or a `Failed` answer to it.
fn board(id: u32, geometry: Geometry, moves: &str) -> Option<Board> {
    Board::from_moves(geometry, moves)
        .map_err(|e| {
            post(&FromWorker::Failed {
                id,
                reason: e.to_string(),
            })
        })
        .ok()
}

fn answer(id: u32, result: Result<engine::Decision, engine::player::ChooseError>) {
    post(&match result {
        Ok(decision) => FromWorker::Chosen {
            id,
            decision: Box::new(decision),
        },
        Err(e) => FromWorker::Failed {
            id,
            reason: e.to_string(),
        },
    });
}

fn handle(state: &mut State, request: ToWorker) {
    match request {
        ToWorker::Choose {
            id,
            moves,
            geometry,
            player,
            seed,
        } => {
            let Some(board) = board(id, geometry, &moves) else {
                return;
            };
            let reuse = matches!(&state.player, Some((c, s, _)) if *c == player && *s == seed);
            if !reuse {
                state.player = Some((player.clone(), seed, Player::new(player.clone(), seed)));
            }
            let (_, _, chooser) = state.player.as_mut().expect("just set");
            let start = now();
            let perfect = matches!(player, PlayerConfig::Perfect(_));
            let clock = now;
            let mut observe = |progress: &SearchProgress| {
                post(&FromWorker::Progress {
                    id,
                    progress: progress.clone(),
                });
                if perfect && now() - start > PERFECT_LIMIT_MS {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            };
            match chooser.choose_observed(&board, Some(&clock), &mut observe) {
                Err(_) if perfect => {
                    let mut hard = Player::new(Level::Hard.config(Style::Normal), seed);
                    answer(
                        id,
                        hard.choose_observed(&board, Some(&clock), &mut |_| Flow::Continue),
                    );
                }
                result => answer(id, result),
            }
        }
        ToWorker::Analyze {
            id,
            moves,
            geometry,
            limit_ms,
        } => {
            let Some(board) = board(id, geometry, &moves) else {
                return;
            };
            let solver = state.solver.get_or_insert_with(Solver::new);
            let start = now();
            let mut observe = |_: &engine::Progress| {
                if now() - start > limit_ms {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            };
            post(
                &match solver.analyze_observed(board.position(), Mode::Strong, &mut observe) {
                    Ok(scores) => FromWorker::Analysis { id, scores },
                    Err(e) => FromWorker::Failed {
                        id,
                        reason: e.to_string(),
                    },
                },
            );
        }
        ToWorker::GameOver { computer_won } => {
            if let Some((_, _, player)) = &mut state.player {
                player.game_over(computer_won);
            }
        }
    }
}

fn main() {
    let state = Rc::new(RefCell::new(State::default()));
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        match serde_wasm_bindgen::from_value::<ToWorker>(event.data()) {
            Ok(request) => handle(&mut state.borrow_mut(), request),
            Err(e) => post(&FromWorker::Failed {
                id: 0,
                reason: format!("bad request: {e}"),
            }),
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&FromWorker::Ready);
}
