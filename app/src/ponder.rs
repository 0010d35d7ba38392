//! Thinking on the visitor's time. Outside the opening book the Perfect
//! level's move can take the search seconds, and a person takes seconds to
//! choose theirs too: while they do, a worker of its own finds the
//! computer's answer to each of their possible moves, the central ones
//! first, so that the answer to the move they make is often ready at once.
//! The computer's own worker stays idle meanwhile and keeps its table.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use engine::player::{Decision, PlayerConfig, SearchProgress};
use engine::{Board, Geometry};

use crate::protocol::{FromWorker, ToWorker};
use crate::search_worker::SearchWorker;

/// What [`Ponderer::take`] has for the position the computer must answer.
pub enum Pondered {
    /// The answer, found while the person was thinking.
    Ready(Box<Decision>),
    /// Being searched right now: its answer comes as [`PonderNews::Answer`].
    Running,
    /// Not thought about.
    Missing,
}

/// What the ponderer tells the page.
pub enum PonderNews {
    /// How the search of the position after `moves` is going.
    Progress {
        /// The position searched.
        moves: String,
        /// Depth, nodes, best so far.
        progress: SearchProgress,
    },
    /// The computer's answer to the position after `moves`.
    Answer {
        /// The position answered.
        moves: String,
        /// The move and what the search saw.
        decision: Box<Decision>,
    },
    /// The search of the position after `moves` failed (its worker
    /// crashed twice): the computer's own worker has to answer it.
    Failed {
        /// The position not answered.
        moves: String,
    },
    /// Answers ready and moves the person can make.
    Count {
        /// Answers found.
        ready: usize,
        /// The person's possible moves.
        of: usize,
    },
}

struct Inner {
    worker: Option<SearchWorker>,
    /// The position the person is to move in, and who answers them.
    root: Option<(String, PlayerConfig)>,
    geometry: Geometry,
    /// Positions after the person's possible moves, not searched yet.
    todo: VecDeque<String>,
    /// The request running and its position.
    running: Option<(u32, String)>,
    answers: HashMap<String, Box<Decision>>,
    replies: usize,
    next_id: u32,
    listener: Rc<dyn Fn(PonderNews)>,
}

/// The pondering worker, started when first needed; cheap to clone.
#[derive(Clone)]
pub struct Ponderer(Rc<RefCell<Inner>>);

impl Ponderer {
    /// A ponderer that tells `listener` how it goes.
    pub fn new(listener: impl Fn(PonderNews) + 'static) -> Ponderer {
        Ponderer(Rc::new(RefCell::new(Inner {
            worker: None,
            root: None,
            geometry: Geometry::STANDARD,
            todo: VecDeque::new(),
            running: None,
            answers: HashMap::new(),
            replies: 0,
            next_id: 0,
            listener: Rc::new(listener),
        })))
    }

    /// Thinks about `player`'s answer to every move the person can make in
    /// `board`; goes on if it already does.
    pub fn start(&self, board: &Board, player: PlayerConfig) {
        let root = (board.to_string(), player);
        if self.0.borrow().root.as_ref() == Some(&root) {
            return;
        }
        self.stop();
        if self.0.borrow().worker.is_none() {
            let me = self.clone();
            let worker = SearchWorker::start(move |m| me.receive(m));
            self.0.borrow_mut().worker = Some(worker);
        }
        let g = board.geometry();
        let todo: VecDeque<String> = g
            .centre_order()
            .into_iter()
            .filter_map(|column| {
                let mut next = board.clone();
                // A move that ends the game needs no answer.
                let playing = next.play(column).is_ok_and(|_| !next.is_over());
                playing.then(|| next.to_string())
            })
            .collect();
        {
            let mut inner = self.0.borrow_mut();
            inner.replies = todo.len();
            inner.todo = todo;
            inner.geometry = g;
            inner.root = Some(root);
        }
        self.count();
        self.next();
    }

    /// The answer for the position after `moves`, if `player` was thought
    /// about. Whatever else was running stops, to leave the cores to the
    /// computer's move (a search of `moves` itself goes on).
    pub fn take(&self, moves: &str, player: &PlayerConfig) -> Pondered {
        let same_player = self
            .0
            .borrow()
            .root
            .as_ref()
            .is_some_and(|(_, p)| p == player);
        let running_it = self
            .0
            .borrow()
            .running
            .as_ref()
            .is_some_and(|(_, m)| m == moves);
        if same_player && running_it {
            let mut inner = self.0.borrow_mut();
            inner.root = None;
            inner.todo.clear();
            inner.answers.clear();
            return Pondered::Running;
        }
        let answer = same_player
            .then(|| self.0.borrow_mut().answers.remove(moves))
            .flatten();
        self.stop();
        match answer {
            Some(decision) => Pondered::Ready(decision),
            None => Pondered::Missing,
        }
    }

    /// Forgets every answer and stops a running search at once.
    pub fn stop(&self) {
        let worker = {
            let mut inner = self.0.borrow_mut();
            inner.root = None;
            inner.todo.clear();
            inner.answers.clear();
            inner.replies = 0;
            inner.running.take().and(inner.worker.clone())
        };
        if let Some(worker) = worker {
            worker.cancel();
        }
        self.count();
    }

    fn next(&self) {
        let (worker, request) = {
            let mut inner = self.0.borrow_mut();
            let Some((_, player)) = inner.root.clone() else {
                return;
            };
            let Some(moves) = inner.todo.pop_front() else {
                return;
            };
            inner.next_id += 1;
            let id = inner.next_id;
            inner.running = Some((id, moves.clone()));
            let request = ToWorker::Choose {
                id,
                moves,
                geometry: inner.geometry,
                player,
                seed: (js_sys::Math::random() * 1e9) as u64,
                after_book: true,
            };
            (inner.worker.clone(), request)
        };
        if let Some(worker) = worker {
            worker.send(request);
        }
    }

    fn count(&self) {
        let (news, listener) = {
            let inner = self.0.borrow();
            let news = PonderNews::Count {
                ready: inner.answers.len(),
                of: inner.replies,
            };
            (news, inner.listener.clone())
        };
        listener(news);
    }

    fn receive(&self, message: FromWorker) {
        let running = self.0.borrow().running.clone();
        let Some((running_id, moves)) = running else {
            return;
        };
        let listener = self.0.borrow().listener.clone();
        match message {
            FromWorker::Progress { id, progress } if id == running_id => {
                listener(PonderNews::Progress { moves, progress });
            }
            FromWorker::Chosen { id, decision } if id == running_id => {
                let pondering = {
                    let mut inner = self.0.borrow_mut();
                    inner.running = None;
                    let pondering = inner.root.is_some();
                    if pondering {
                        inner.answers.insert(moves.clone(), decision.clone());
                    }
                    pondering
                };
                listener(PonderNews::Answer { moves, decision });
                if pondering {
                    self.count();
                    self.next();
                }
            }
            FromWorker::Failed { id, .. } if id == running_id => {
                // Not worth a message to the person: the computer's worker
                // searches the position itself if they play there.
                self.0.borrow_mut().running = None;
                listener(PonderNews::Failed { moves });
                self.next();
            }
            _ => {}
        }
    }
}
