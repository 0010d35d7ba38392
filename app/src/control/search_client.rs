//! The page's side of the search worker as a state machine: which request
//! is the newest (answers to older ones are stale), what waits for the
//! worker to be ready, which request a crashed worker is asked again (once),
//! and when a search is stopped by replacing the worker. Each transition
//! takes an event and returns the effects to run; `io::search_worker` runs
//! them on a real worker, and the tests below run them on none.

use crate::protocol::{FromWorker, ToWorker};

/// What the page does with the worker after a transition, in order.
#[derive(Debug, Clone)]
pub enum Effect {
    /// Start a worker (none runs).
    Start,
    /// Stop the worker at once (a new one follows with [`Effect::Start`]).
    Terminate,
    /// Post a request to the running, ready worker.
    Post(ToWorker),
    /// Hand an answer to the page: a fresh one, or news of the data.
    Deliver(FromWorker),
}

/// Whether a worker runs and has said it is ready.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Worker {
    /// None started yet: the page's first quiet moment ([`SearchClient::wake`])
    /// or the first request starts one. A worker starting beside the first
    /// paint took the CPU a first tap needed (docs/benchmarks.md).
    Unstarted,
    /// None runs: the next request starts one.
    None,
    /// Started, not ready yet: requests wait in the queue.
    Starting,
    /// Takes requests.
    Ready,
}

/// The search client: see the module's documentation.
#[derive(Debug)]
pub struct SearchClient {
    /// The newest request's id.
    current: u32,
    worker: Worker,
    /// Requests waiting for the worker to be ready.
    queue: Vec<ToWorker>,
    /// The request being answered: a crashed worker's replacement gets it
    /// again, once.
    pending: Option<ToWorker>,
    retried: bool,
}

impl SearchClient {
    /// A client with no worker yet (see [`SearchClient::wake`]).
    pub fn new() -> SearchClient {
        SearchClient {
            current: 0,
            worker: Worker::Unstarted,
            queue: Vec::new(),
            pending: None,
            retried: false,
        }
    }

    /// The page is quiet after its first paint: the worker starts now if
    /// no request has started it yet, so that it is ready, with its book
    /// and database, by the time the computer is asked.
    pub fn wake(&mut self) -> Vec<Effect> {
        if self.worker != Worker::Unstarted {
            return Vec::new();
        }
        self.worker = Worker::Starting;
        vec![Effect::Start]
    }

    /// The newest request's id.
    pub fn current(&self) -> u32 {
        self.current
    }

    /// A new request's id: every answer to an older one is stale from now.
    pub fn next_id(&mut self) -> u32 {
        self.current += 1;
        self.current
    }

    /// Whether a search, a hint or a review is being answered.
    #[cfg(test)]
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// Sends `request`, now or once the worker is ready (starting one if
    /// none runs).
    pub fn send(&mut self, request: ToWorker) -> Vec<Effect> {
        let mut effects = Vec::new();
        if matches!(self.worker, Worker::None | Worker::Unstarted) {
            self.worker = Worker::Starting;
            effects.push(Effect::Start);
        }
        // Side requests are not worth asking again, and must not replace
        // the search a crash would ask again.
        if !is_side_request(&request) {
            self.pending = Some(request.clone());
            self.retried = false;
        }
        match self.worker {
            Worker::Ready => effects.push(Effect::Post(request)),
            Worker::Starting | Worker::None | Worker::Unstarted => self.queue.push(request),
        }
        effects
    }

    /// Stops any search, hint or review: its answer is stale, and a
    /// worker that is busy with it is replaced (a search cannot be
    /// interrupted otherwise).
    pub fn cancel(&mut self) -> Vec<Effect> {
        self.next_id();
        if self.pending.take().is_none() {
            return Vec::new();
        }
        self.retried = false;
        self.queue
            .retain(|r| matches!(r, ToWorker::GameOver { .. }));
        self.worker = Worker::Starting;
        vec![Effect::Terminate, Effect::Start]
    }

    /// A message from the worker: what the page gets of it.
    pub fn received(&mut self, message: FromWorker) -> Vec<Effect> {
        match &message {
            FromWorker::Ready => {
                self.worker = Worker::Ready;
                return self.queue.drain(..).map(Effect::Post).collect();
            }
            FromWorker::Chosen { id, .. }
            | FromWorker::Reviewed { id, .. }
            | FromWorker::Analysis { id, .. }
            | FromWorker::Failed { id, .. } => {
                if self.pending.as_ref().is_some_and(|p| request_id(p) == *id) {
                    self.pending = None;
                    self.retried = false;
                }
                if *id != self.current {
                    return Vec::new();
                }
            }
            FromWorker::Progress { id, .. } if *id != self.current => return Vec::new(),
            FromWorker::Progress { .. }
            | FromWorker::Memory { .. }
            | FromWorker::Book { .. }
            | FromWorker::Database(_)
            | FromWorker::Teaching { .. } => {}
        }
        vec![Effect::Deliver(message)]
    }

    /// The worker died (or could not start). It is replaced and asked its
    /// request again, once; a second failure is told to the page as the
    /// request's failure, and no worker runs until the next request (one
    /// that cannot load must not start again in a loop).
    pub fn crashed(&mut self) -> Vec<Effect> {
        // Requests still queued were for the dead worker: only the pending
        // one is worth sending again.
        self.queue
            .retain(|r| matches!(r, ToWorker::GameOver { .. }));
        match self.pending.clone() {
            Some(request) if !self.retried => {
                self.retried = true;
                self.worker = Worker::Starting;
                self.queue.push(request);
                vec![Effect::Terminate, Effect::Start]
            }
            pending => {
                self.pending = None;
                self.retried = false;
                self.worker = Worker::None;
                let mut effects = vec![Effect::Terminate];
                let id = pending.as_ref().map_or(0, request_id);
                if id == self.current && id != 0 {
                    effects.push(Effect::Deliver(FromWorker::Failed {
                        id,
                        reason: "the search worker failed twice".into(),
                    }));
                }
                effects
            }
        }
    }
}

/// A request whose answer nobody waits for, or one matched by its
/// position rather than its id.
fn is_side_request(request: &ToWorker) -> bool {
    matches!(
        request,
        ToWorker::GameOver { .. } | ToWorker::Teach { .. } | ToWorker::Memory
    )
}

fn request_id(request: &ToWorker) -> u32 {
    match request {
        ToWorker::Choose { id, .. }
        | ToWorker::Analyze { id, .. }
        | ToWorker::Review { id, .. } => *id,
        ToWorker::GameOver { .. } | ToWorker::Teach { .. } | ToWorker::Memory => 0,
    }
}

#[cfg(test)]
mod tests;
