//! Mounts the app, on the page. The search worker runs this same Wasm
//! (see `app::worker`), where there is no page to mount.

fn main() {
    if web_sys::window().is_none() {
        return;
    }
    // The first render in a task of its own, after the one that compiled
    // and instantiated the Wasm: two shorter tasks where a tap waits for
    // the end of one.
    gloo_timers::callback::Timeout::new(0, || {
        // The page's loading line (index.html) goes in the task that draws
        // the app: no frame shows both, or neither.
        if let Some(loading) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("loading"))
        {
            loading.remove();
        }
        leptos::mount::mount_to_body(app::App)
    })
    .forget();
}
