//! The hint's workers: every column's perfect score, the columns handed out
//! one at a time to search workers that run in parallel on the device's
//! cores, apart from the worker that chooses the computer's moves (so asking
//! for a hint never delays the computer's reply).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use engine::Geometry;

use crate::protocol::{FromWorker, ToWorker};
use crate::search_worker::SearchWorker;

/// At most this many hint workers: each holds its own table (8 MiB) and a
/// copy of the engine, and the hardest columns keep one busy anyway.
const MAX_WORKERS: usize = 4;

/// What the pool tells the page about the hint `id`.
#[derive(Debug)]
pub enum HintNews {
    /// Another column is solved: the scores known so far (`None` for the
    /// columns still running and the full ones); `done` once all are.
    Scores {
        /// The hint.
        id: u32,
        /// Scores by column.
        scores: Vec<Option<i32>>,
        /// Every column is answered.
        done: bool,
    },
    /// A column ran out of time or failed; the scores found stay shown.
    GaveUp {
        /// The hint.
        id: u32,
    },
}

/// One hint being put together from the workers' answers.
struct Hint {
    id: u32,
    moves: String,
    geometry: Geometry,
    /// `Date.now()` past which the columns still running give up.
    deadline: f64,
    /// Columns not handed out yet, the costliest (central) first.
    todo: VecDeque<usize>,
    /// Columns handed out and not answered yet.
    running: usize,
    scores: Vec<Option<i32>>,
}

struct Inner {
    workers: Vec<SearchWorker>,
    current: Option<Hint>,
    listener: Rc<dyn Fn(HintNews)>,
}

/// The hint workers, started at the first hint; cheap to clone.
#[derive(Clone)]
pub struct HintPool(Rc<RefCell<Inner>>);

impl HintPool {
    /// A pool that tells `listener` how each hint goes.
    pub fn new(listener: impl Fn(HintNews) + 'static) -> HintPool {
        HintPool(Rc::new(RefCell::new(Inner {
            workers: Vec::new(),
            current: None,
            listener: Rc::new(listener),
        })))
    }

    /// Asks for every column's perfect score of the position after `moves`,
    /// giving up after `limit_ms`; a hint still running is dropped.
    pub fn analyze(&self, id: u32, moves: String, geometry: Geometry, limit_ms: f64) {
        self.cancel();
        if self.0.borrow().workers.is_empty() {
            let workers = (0..worker_count())
                .map(|index| {
                    let me = self.clone();
                    SearchWorker::start(move |m| me.receive(index, m))
                })
                .collect();
            self.0.borrow_mut().workers = workers;
        }
        self.0.borrow_mut().current = Some(Hint {
            id,
            moves,
            geometry,
            deadline: js_sys::Date::now() + limit_ms,
            todo: geometry.centre_order().into(),
            running: 0,
            scores: vec![None; geometry.columns()],
        });
        // Handed out one column at a time: a worker done with a cheap column
        // takes the next, so no worker idles while another holds a queue.
        let workers = self.0.borrow().workers.len();
        for index in 0..workers {
            self.hand_out(index);
        }
    }

    /// Stops a running hint at once (its workers are replaced).
    pub fn cancel(&self) {
        let workers = {
            let mut inner = self.0.borrow_mut();
            if inner.current.take().is_none() {
                return;
            }
            inner.workers.clone()
        };
        for worker in workers {
            worker.cancel();
        }
    }

    /// Gives worker `index` the next column of the hint, if any is left.
    fn hand_out(&self, index: usize) {
        let (worker, request) = {
            let mut inner = self.0.borrow_mut();
            let worker = inner.workers[index].clone();
            let Some(hint) = inner.current.as_mut() else {
                return;
            };
            let Some(column) = hint.todo.pop_front() else {
                return;
            };
            hint.running += 1;
            let request = ToWorker::Analyze {
                id: hint.id,
                moves: hint.moves.clone(),
                geometry: hint.geometry,
                limit_ms: (hint.deadline - js_sys::Date::now()).max(0.0),
                columns: Some(vec![column]),
            };
            (worker, request)
        };
        worker.send(request);
    }

    fn receive(&self, index: usize, message: FromWorker) {
        let news = {
            let mut inner = self.0.borrow_mut();
            let Some(hint) = inner.current.as_mut() else {
                return;
            };
            match message {
                FromWorker::Analysis { id, scores } if id == hint.id => {
                    for (merged, score) in hint.scores.iter_mut().zip(scores) {
                        *merged = merged.or(score);
                    }
                    hint.running -= 1;
                    let done = hint.running == 0 && hint.todo.is_empty();
                    let news = HintNews::Scores {
                        id,
                        scores: hint.scores.clone(),
                        done,
                    };
                    if done {
                        inner.current = None;
                    }
                    news
                }
                FromWorker::Failed { id, .. } if id == hint.id => {
                    drop(inner);
                    // One column failed: the hint is incomplete, and the
                    // others are as short of time.
                    self.cancel();
                    HintNews::GaveUp { id }
                }
                _ => return,
            }
        };
        if matches!(news, HintNews::Scores { done: false, .. }) {
            self.hand_out(index);
        }
        let listener = self.0.borrow().listener.clone();
        listener(news);
    }
}

/// One worker per core the browser reports, from 1 to [`MAX_WORKERS`].
fn worker_count() -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .unwrap_or(1.0);
    (cores as usize).clamp(1, MAX_WORKERS)
}
