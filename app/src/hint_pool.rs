//! The hint's workers: every column's perfect score, the columns shared out
//! among search workers that run in parallel on the device's cores, apart
//! from the worker that chooses the computer's moves (so asking for a hint
//! never delays the computer's reply).

use std::cell::RefCell;
use std::rc::Rc;

use engine::Geometry;

use crate::protocol::{FromWorker, ToWorker};
use crate::search_worker::SearchWorker;

/// At most this many hint workers: each holds its own table (8 MiB) and a
/// copy of the engine, and the hardest columns keep one busy anyway.
const MAX_WORKERS: usize = 4;

/// One hint being put together from the workers' parts.
struct Merge {
    id: u32,
    waiting: usize,
    scores: Vec<Option<i32>>,
}

struct Inner {
    workers: Vec<SearchWorker>,
    current: Option<Merge>,
    listener: Rc<dyn Fn(FromWorker)>,
}

/// The hint workers, started at the first hint; cheap to clone.
#[derive(Clone)]
pub struct HintPool(Rc<RefCell<Inner>>);

impl HintPool {
    /// A pool whose merged answers (`Analysis` or `Failed`) go to `listener`.
    pub fn new(listener: impl Fn(FromWorker) + 'static) -> HintPool {
        HintPool(Rc::new(RefCell::new(Inner {
            workers: Vec::new(),
            current: None,
            listener: Rc::new(listener),
        })))
    }

    /// Asks for every column's perfect score of the position after `moves`;
    /// a hint still running is dropped.
    pub fn analyze(&self, id: u32, moves: String, geometry: Geometry, limit_ms: f64) {
        self.cancel();
        if self.0.borrow().workers.is_empty() {
            let workers = (0..worker_count())
                .map(|_| {
                    let me = self.clone();
                    SearchWorker::start(move |m| me.receive(m))
                })
                .collect();
            self.0.borrow_mut().workers = workers;
        }
        let workers = self.0.borrow().workers.clone();
        // Centre columns first and dealt out in turn, so the costliest
        // columns land on different workers.
        let mut parts = vec![Vec::new(); workers.len()];
        for (i, column) in geometry.centre_order().into_iter().enumerate() {
            parts[i % workers.len()].push(column);
        }
        let waiting = parts.iter().filter(|p| !p.is_empty()).count();
        self.0.borrow_mut().current = Some(Merge {
            id,
            waiting,
            scores: vec![None; geometry.columns()],
        });
        for (worker, columns) in workers.iter().zip(parts) {
            if !columns.is_empty() {
                worker.send(ToWorker::Analyze {
                    id,
                    moves: moves.clone(),
                    geometry,
                    limit_ms,
                    columns: Some(columns),
                });
            }
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

    fn receive(&self, message: FromWorker) {
        let answer = {
            let mut inner = self.0.borrow_mut();
            let Some(merge) = inner.current.as_mut() else {
                return;
            };
            match message {
                FromWorker::Analysis { id, scores } if id == merge.id => {
                    for (merged, score) in merge.scores.iter_mut().zip(scores) {
                        *merged = merged.or(score);
                    }
                    merge.waiting -= 1;
                    if merge.waiting > 0 {
                        return;
                    }
                    let merge = inner.current.take().expect("just merged");
                    FromWorker::Analysis {
                        id: merge.id,
                        scores: merge.scores,
                    }
                }
                failed @ FromWorker::Failed { id, .. } if id == merge.id => {
                    drop(inner);
                    // One part failed: the hint is incomplete, the others
                    // need not go on.
                    self.cancel();
                    failed
                }
                _ => return,
            }
        };
        let listener = self.0.borrow().listener.clone();
        listener(answer);
    }
}

/// One worker per core the browser reports, from 1 to [`MAX_WORKERS`].
fn worker_count() -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .unwrap_or(1.0);
    (cores as usize).clamp(1, MAX_WORKERS)
}
