//! The search worker as the page runs it: started, stopped at once, its
//! requests posted and its messages handed on. When to do which is decided
//! by `control::search_client`; this module only does it.
//!
//! The worker runs the page's own Wasm (its side is [`crate::worker`]):
//! `worker_loader.js`, a module worker, is sent the URL of the page's
//! JS glue and the Wasm module the page compiled, and instantiates it
//! again. A first visit downloads one Wasm file, not two, and a worker
//! started again after a stop compiles nothing.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

use crate::io::js_handle::{Handle, Handlers, Listener};
use crate::protocol::{FromWorker, ToWorker};

/// Where the worker's loader is, next to `index.html`.
const WORKER_URL: &str = "./worker_loader.js";

#[wasm_bindgen]
extern "C" {
    /// The URL of the page's JS glue: the module that holds this import.
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

/// A module worker running the loader, already sent what it loads.
fn spawn() -> Option<Worker> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = Worker::new_with_options(WORKER_URL, &options).ok()?;
    let start = js_sys::Object::new();
    js_sys::Reflect::set(&start, &"glue".into(), &GLUE_URL.with(|url| url.into())).ok()?;
    js_sys::Reflect::set(&start, &"module".into(), &wasm_bindgen::module()).ok()?;
    worker.post_message(&start).ok()?;
    Some(worker)
}

struct Inner {
    worker: Option<Worker>,
    /// Counts the workers started and stopped: a message read from a
    /// worker is handed on a task later, and only if that worker still
    /// runs then (one that said Ready and died at once must not leave the
    /// page taking it for ready).
    generation: Rc<Cell<u32>>,
    on_message: Listener<FromWorker>,
    on_crash: Rc<dyn Fn()>,
    handlers: Handlers,
}

/// The search worker, cheap to clone.
#[derive(Clone)]
pub struct SearchWorker(Handle<Inner>);

impl SearchWorker {
    /// A handle that starts no worker yet: its messages go to
    /// `on_message`, each in a task of its own, and a worker that dies or
    /// cannot start calls `on_crash`, also in a task of its own.
    pub fn new(on_message: impl Fn(FromWorker) + 'static, on_crash: impl Fn() + 'static) -> Self {
        SearchWorker(Handle::new(Inner {
            worker: None,
            generation: Rc::default(),
            on_message: Rc::new(on_message),
            on_crash: Rc::new(on_crash),
            handlers: Handlers::default(),
        }))
    }

    /// Starts a worker.
    pub fn start(&self) {
        let Some(worker) = spawn() else {
            let on_crash = self.0.get().on_crash.clone();
            crate::io::browser::after(std::time::Duration::ZERO, move || on_crash());
            return;
        };
        let mut handlers = Handlers::default();
        let on_message = self.0.get().on_message.clone();
        let live = self.0.get().generation.clone();
        live.set(live.get() + 1);
        let generation = live.get();
        worker.set_onmessage(Some(&handlers.add(move |event: JsValue| {
            let event: MessageEvent = event.unchecked_into();
            // The worker posts JSON text (see its `post`): one string is far
            // cheaper for the UI thread to read than a search tree's
            // thousands of objects.
            let text = event.data().as_string().unwrap_or_default();
            if let Ok(message) = crate::json::from_str::<FromWorker>(&text) {
                let on_message = on_message.clone();
                let live = live.clone();
                // Drawn in a task of its own: reading a Hard move's tree
                // (140-180 KB of JSON) and drawing it in one task would be
                // one long task.
                crate::io::browser::after(std::time::Duration::ZERO, move || {
                    if live.get() == generation {
                        on_message(message);
                    }
                });
            }
        })));
        let on_crash = self.0.get().on_crash.clone();
        worker.set_onerror(Some(&handlers.add(move |_| on_crash())));
        let mut inner = self.0.get_mut();
        inner.worker = Some(worker);
        inner.handlers = handlers;
    }

    /// Stops the worker at once, whatever it is doing.
    pub fn terminate(&self) {
        let mut inner = self.0.get_mut();
        if let Some(worker) = inner.worker.take() {
            worker.terminate();
        }
        inner.generation.set(inner.generation.get() + 1);
        inner.handlers = Handlers::default();
    }

    /// Posts a request to the running worker.
    pub fn post(&self, request: &ToWorker) {
        if let Some(worker) = &self.0.get().worker {
            let _ = worker.post_message(&crate::json::to_string(request).into());
        }
    }
}
