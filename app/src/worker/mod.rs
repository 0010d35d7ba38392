//! The search worker's own side: receives requests from the page, runs the
//! engine and posts the answers. It is the only place where the app
//! searches. It runs in a second instance of the page's own Wasm, started
//! by `worker_loader.js` (see [`crate::io::search_worker`]): one file to
//! download for the page and the worker, whose code is mostly the page's.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use crate::protocol::{Database, FromWorker, ToWorker};
use engine::player::{Opponent, PlayerConfig, SearchProgress};
use engine::solver::{Flow, Mode, Solver};
use engine::{Board, Geometry, SolvedPositions};
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

mod download;
use download::{BOOK_URL, LAYER_URL, fetch_bytes, read_database};

/// What the worker keeps between requests: the computer opponent (its
/// player, and the one solver table that also answers hints and reviews:
/// the worker stays under 24 MB with the database) and what it knows.
#[derive(Default)]
struct State {
    opponent: Opponent,
    solved: SolvedPositions,
    /// Whether the book and the database have arrived or failed to.
    settled: bool,
    /// Hints and reviews asked for before that, each with the time its
    /// limit counts from (ms since the epoch): see [`receive`].
    waiting: Vec<(ToWorker, f64)>,
}

/// Keeps the opening book, if it came and reads, and says so.
fn use_book(state: &mut State, fetched: Result<Vec<u8>, String>) {
    let loaded = fetched.and_then(|bytes| {
        let book = state.solved.load_book(&bytes).map_err(|e| e.to_string())?;
        Ok((book.depth() as u8, book.len() as u32))
    });
    match loaded {
        Ok((depth, positions)) => {
            post(&FromWorker::Book { depth, positions });
            share_solved(state);
        }
        Err(e) => web_sys::console::log_1(&format!("no opening book: {e}").into()),
    }
}

/// Hands what arrived to the player and the hint solver.
fn share_solved(state: &mut State) {
    state.opponent.use_solved(&state.solved);
}

/// The worker's Wasm memory: what the page's goal of 24 MB counts.
fn memory_bytes() -> u32 {
    wasm_bindgen::memory()
        .unchecked_into::<js_sys::WebAssembly::Memory>()
        .buffer()
        .unchecked_into::<js_sys::ArrayBuffer>()
        .byte_length()
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(message: &FromWorker) {
    // Posted as JSON text, written here rather than on the page's UI
    // thread, which reads one string far faster than a tree of objects
    // (docs/benchmarks.md); the page reads it with the same `json`.
    let _ = scope().post_message(&crate::json::to_string(message).into());
}

fn now() -> f64 {
    js_sys::Date::now()
}

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
            decision: Box::new((&decision).into()),
        },
        Err(e) => FromWorker::Failed {
            id,
            reason: e.to_string(),
        },
    });
}

/// An observer that stops a search `limit_ms` milliseconds after `start`.
fn until(limit_ms: f64, start: f64) -> impl FnMut(&engine::Progress) -> Flow {
    move |_| {
        if now() - start > limit_ms {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

/// Answers request `id` with `work` on its board and the perfect solver,
/// or says it failed (a bad move string, or out of time: `limit_ms` after
/// `start`).
fn perfect_answer(
    state: &mut State,
    (id, geometry, moves, limit_ms): (u32, Geometry, &str, f64),
    start: f64,
    work: impl FnOnce(
        &Board,
        &mut Solver,
        &mut dyn FnMut(&engine::Progress) -> Flow,
    ) -> Result<FromWorker, engine::Cancelled>,
) {
    let Some(board) = board(id, geometry, moves) else {
        return;
    };
    let mut observe = until(limit_ms, start);
    post(
        &work(&board, state.opponent.solver(), &mut observe).unwrap_or_else(|e| {
            FromWorker::Failed {
                id,
                reason: e.to_string(),
            }
        }),
    );
}

/// The computer's move, from the opponent that keeps its player while
/// the configuration and seed stay.
fn choose(
    state: &mut State,
    id: u32,
    geometry: Geometry,
    moves: &str,
    (player, seed): (PlayerConfig, u64),
) {
    let Some(board) = board(id, geometry, moves) else {
        return;
    };
    let mut observe = |progress: &SearchProgress| {
        post(&FromWorker::Progress {
            id,
            progress: progress.into(),
        });
    };
    answer(
        id,
        state
            .opponent
            .choose(&board, (&player, seed), &now, &mut observe),
    );
}

/// Takes a request from the page. A hint or a review is asked for in the
/// opening, where the book and the database make the difference between
/// milliseconds and many seconds, and its worker is often just started: on
/// the board they cover it waits for them (usually from the cache), but
/// never past half of the time the page promised, which counts from when
/// the page asked. The computer's moves never wait: a slow network must
/// not hold up a game.
fn receive(state: &Rc<RefCell<State>>, request: ToWorker) {
    let (start, wait) = match &request {
        ToWorker::Analyze {
            geometry,
            limit_ms,
            asked_at,
            ..
        }
        | ToWorker::Review {
            geometry,
            limit_ms,
            asked_at,
            ..
        } => {
            // A page's clock ahead of the worker's must not lend it time.
            let start = asked_at.min(now());
            let waits = geometry.is_standard() && !state.borrow().settled;
            (start, waits.then(|| start + limit_ms / 2.0 - now()))
        }
        _ => (now(), None),
    };
    match wait {
        Some(ms) if ms > 0.0 => {
            state.borrow_mut().waiting.push((request, start));
            let state = state.clone();
            gloo_timers::callback::Timeout::new(ms as u32, move || {
                serve_waiting(&mut state.borrow_mut());
            })
            .forget();
        }
        _ => handle(&mut state.borrow_mut(), request, start),
    }
}

/// Answers the requests that waited for the book and the database.
fn serve_waiting(state: &mut State) {
    for (request, start) in std::mem::take(&mut state.waiting) {
        handle(state, request, start);
    }
}

/// Serves `request`; a hint's or a review's limit counts from `start`.
fn handle(state: &mut State, request: ToWorker, start: f64) {
    let review = matches!(request, ToWorker::Review { .. });
    match request {
        ToWorker::Choose {
            id,
            moves,
            geometry,
            player,
            seed,
            ..
        } => choose(state, id, geometry, &moves, (player, seed)),
        ToWorker::Analyze {
            id,
            moves,
            geometry,
            limit_ms,
            ..
        }
        | ToWorker::Review {
            id,
            moves,
            geometry,
            limit_ms,
            ..
        } => perfect_answer(
            state,
            (id, geometry, &moves, limit_ms),
            start,
            |board, solver, observe| {
                Ok(if review {
                    let marks = engine::review::review(board, solver, observe)?;
                    FromWorker::Reviewed { id, marks }
                } else {
                    let scores =
                        solver.analyze_observed(board.position(), Mode::Strong, observe)?;
                    FromWorker::Analysis { id, scores }
                })
            },
        ),
        ToWorker::Teach {
            moves,
            geometry,
            depth,
        } => {
            let board = Board::from_moves(geometry, &moves).ok();
            if let Some(teaching) = board.and_then(|b| engine::player::Teaching::new(&b, depth)) {
                post(&FromWorker::teaching(&teaching));
            }
        }
        ToWorker::GameOver { computer_won } => {
            state.opponent.game_over(computer_won);
        }
        ToWorker::Memory => post(&FromWorker::Memory {
            bytes: memory_bytes(),
        }),
    }
}

/// Starts the worker: called by `worker_loader.js` once the page's Wasm is
/// instantiated in the worker.
#[wasm_bindgen(js_name = runSearchWorker)]
pub fn run_search_worker() {
    let state = Rc::new(RefCell::new(State::default()));
    let for_book = state.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        match crate::json::from_str::<ToWorker>(&text) {
            Ok(request) => receive(&state, request),
            Err(e) => post(&FromWorker::Failed {
                id: 0,
                reason: format!("bad request: {e}"),
            }),
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&FromWorker::Ready);
    // After Ready: the page renders and requests are served while the
    // book and the database download.
    wasm_bindgen_futures::spawn_local(async move {
        let fetched = fetch_bytes(BOOK_URL, |_, _| {}).await;
        use_book(&mut for_book.borrow_mut(), fetched);
        let start = now();
        let mut next_report = start;
        let fetched = fetch_bytes(LAYER_URL, |loaded, total| {
            // A message every quarter of a second is enough for a progress
            // line; on a fast line the 2.6 MB arrive in a burst of chunks,
            // and a message for each would keep the page's thread busy
            // while a visitor's first tap waits.
            let at = now();
            if at >= next_report {
                next_report = at + 250.0;
                post(&FromWorker::Database(Database::Loading { loaded, total }));
            }
        })
        .await;
        let read = match fetched {
            Ok(bytes) => read_database(&bytes).await,
            Err(e) => Err(e),
        };
        let mut state = for_book.borrow_mut();
        match read {
            Ok(database) => {
                let positions = database.len() as u32;
                let solved = std::mem::take(&mut state.solved);
                state.solved = solved.with_database(Some(Arc::new(database)));
                post(&FromWorker::Database(Database::Ready {
                    positions,
                    millis: (now() - start) as u32,
                    memory: memory_bytes(),
                }));
                share_solved(&mut state);
            }
            Err(e) => {
                web_sys::console::log_1(&format!("no position database: {e}").into());
                post(&FromWorker::Database(Database::Missing));
            }
        }
        state.settled = true;
        serve_waiting(&mut state);
    });
}
