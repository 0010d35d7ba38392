// The search worker's loader, a module worker. The page's first message
// names its JS glue and hands over the Wasm module it compiled: the worker
// runs the page's own Wasm (app/src/worker.rs), so a first visit downloads
// one Wasm file and a restarted worker compiles nothing. Requests come
// only after the worker says it is ready, so none is lost while it loads.
self.onmessage = (event) => {
  self.onmessage = null;
  const { glue, module } = event.data;
  import(glue)
    .then((app) => app.default({ module_or_path: module }).then(() => app.runSearchWorker()))
    // A worker that cannot load fails where the page hears it, with an
    // uncaught error: a rejected promise does not reach the page.
    .catch((failure) => setTimeout(() => { throw failure; }));
};
