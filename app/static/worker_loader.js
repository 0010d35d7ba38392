// The search worker's loader, a module worker. The page's first message
// names its JS glue and hands over the Wasm module it compiled: the worker
// runs the page's own Wasm (app/src/worker.rs), so a first visit downloads
// one Wasm file and a restarted worker compiles nothing. Requests come
// only after the worker says it is ready, so none is lost while it loads.
self.onmessage = async (event) => {
  self.onmessage = null;
  const { glue, module } = event.data;
  const app = await import(glue);
  await app.default({ module_or_path: module });
  app.runSearchWorker();
};
