//! The page's handle on the search worker: starts it, queues requests until
//! it is ready, stops a search at once by replacing the worker, and replaces
//! a crashed worker and retries its request once.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

use crate::io::js_handle::{Handle, Handlers, Listener};
use crate::protocol::{FromWorker, ToWorker};

/// Where Trunk puts the worker's loader, next to `index.html`.
const WORKER_URL: &str = "./worker_loader.js";

struct Inner {
    worker: Option<Worker>,
    ready: bool,
    queue: Vec<ToWorker>,
    /// The request being answered, kept to retry it after a crash.
    pending: Option<ToWorker>,
    retried: bool,
    listener: Listener<FromWorker>,
    handlers: Handlers,
}

/// The search worker, cheap to clone.
#[derive(Clone)]
pub struct SearchWorker(Handle<Inner>);

impl SearchWorker {
    /// Starts the worker; every answer goes to `listener`.
    pub fn start(listener: impl Fn(FromWorker) + 'static) -> SearchWorker {
        let worker = SearchWorker(Handle::new(Inner {
            worker: None,
            ready: false,
            queue: Vec::new(),
            pending: None,
            retried: false,
            listener: Rc::new(listener),
            handlers: Handlers::default(),
        }));
        worker.spawn();
        worker
    }

    fn spawn(&self) {
        let worker = match Worker::new(WORKER_URL) {
            Ok(w) => w,
            Err(_) => {
                let listener = self.0.get().listener.clone();
                listener(FromWorker::Failed {
                    id: 0,
                    reason: "the search worker cannot start".into(),
                });
                return;
            }
        };
        let mut handlers = Handlers::default();
        let me = self.clone();
        worker.set_onmessage(Some(&handlers.add(move |event: JsValue| {
            let event: MessageEvent = event.unchecked_into();
            // The worker posts JSON text (see its `post`): one string is far
            // cheaper for the UI thread to read than a search tree's
            // thousands of objects.
            let text = event.data().as_string().unwrap_or_default();
            if let Ok(message) = serde_json::from_str::<FromWorker>(&text) {
                me.receive(message);
            }
        })));
        let me = self.clone();
        worker.set_onerror(Some(&handlers.add(move |_| me.crashed())));
        let mut inner = self.0.get_mut();
        inner.worker = Some(worker);
        inner.ready = false;
        inner.handlers = handlers;
    }

    fn receive(&self, message: FromWorker) {
        let listener = {
            let mut inner = self.0.get_mut();
            match &message {
                FromWorker::Ready => {
                    inner.ready = true;
                    let queued: Vec<ToWorker> = inner.queue.drain(..).collect();
                    let worker = inner.worker.clone();
                    drop(inner);
                    if let Some(worker) = worker {
                        for request in queued {
                            post(&worker, &request);
                        }
                    }
                    return;
                }
                FromWorker::Chosen { .. }
                | FromWorker::Reviewed { .. }
                | FromWorker::Analysis { .. }
                | FromWorker::Failed { .. } => {
                    inner.pending = None;
                    inner.retried = false;
                }
                FromWorker::Progress { .. }
                | FromWorker::Memory { .. }
                | FromWorker::Book { .. }
                | FromWorker::Database(_)
                | FromWorker::Teaching { .. } => {}
            }
            inner.listener.clone()
        };
        // Drawn in a task of its own: reading a Hard move's tree (140-180 KB
        // of JSON) and drawing it in one task would be one long task.
        gloo_timers::callback::Timeout::new(0, move || listener(message)).forget();
    }

    /// A worker that died is replaced and its request sent again, once; a
    /// second failure is reported to the listener, and the next request
    /// starts a new worker (a worker that cannot load must not respawn in a
    /// loop).
    fn crashed(&self) {
        let (retry, listener) = {
            let mut inner = self.0.get_mut();
            if let Some(w) = inner.worker.take() {
                w.terminate();
            }
            inner.ready = false;
            // Requests still queued were for the dead worker: only the
            // pending one is worth sending again.
            inner
                .queue
                .retain(|r| matches!(r, ToWorker::GameOver { .. }));
            let retry = if inner.retried {
                None
            } else {
                inner.pending.clone()
            };
            inner.retried = retry.is_some();
            (retry, inner.listener.clone())
        };
        match retry {
            Some(request) => {
                self.spawn();
                // The new worker is not ready yet: queue, as `send` would,
                // but keep the retry counted.
                self.0.get_mut().queue.push(request);
            }
            None => {
                let id = self.0.get_mut().pending.take().map_or(0, request_id);
                listener(FromWorker::Failed {
                    id,
                    reason: "the search worker failed twice".into(),
                });
            }
        }
    }

    /// Sends a request (queued until the worker is ready).
    pub fn send(&self, request: ToWorker) {
        if self.0.get().worker.is_none() {
            self.spawn();
        }
        let mut inner = self.0.get_mut();
        // Side requests are not worth retrying, and must not replace the
        // search a crash would retry.
        let side_request = matches!(
            request,
            ToWorker::GameOver { .. } | ToWorker::Teach { .. } | ToWorker::Memory
        );
        if !side_request {
            inner.pending = Some(request.clone());
            inner.retried = false;
        }
        match (&inner.worker, inner.ready) {
            (Some(worker), true) => post(worker, &request),
            _ => inner.queue.push(request),
        }
    }

    /// Stops any running search at once: the worker is replaced.
    pub fn cancel(&self) {
        let busy = self.0.get().pending.is_some();
        if !busy {
            return;
        }
        {
            let mut inner = self.0.get_mut();
            inner.pending = None;
            inner.retried = false;
            inner
                .queue
                .retain(|r| matches!(r, ToWorker::GameOver { .. }));
            if let Some(w) = inner.worker.take() {
                w.terminate();
            }
        }
        self.spawn();
    }
}

fn request_id(request: ToWorker) -> u32 {
    match request {
        ToWorker::Choose { id, .. }
        | ToWorker::Analyze { id, .. }
        | ToWorker::Review { id, .. } => id,
        ToWorker::GameOver { .. } | ToWorker::Teach { .. } | ToWorker::Memory => 0,
    }
}

fn post(worker: &Worker, request: &ToWorker) {
    if let Ok(value) = serde_wasm_bindgen::to_value(request) {
        let _ = worker.post_message(&value);
    }
}
