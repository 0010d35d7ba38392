//! Mounts the app, on the page. The search worker runs this same Wasm
//! (see `app::worker`), where there is no page to mount.

use leptos::prelude::Owner;

fn main() {
    if web_sys::window().is_none() {
        return;
    }
    // Three tasks, each after the one before: the one that compiled and
    // instantiated the Wasm, one that sets up the screen's owners (the
    // settings, the game, the worker, the bridge), one that draws it. A
    // tap waits for the end of one, and Lighthouse counts each task's
    // time over 50 ms as blocking.
    gloo_timers::callback::Timeout::new(0, || {
        // Effects made while the owners are set up are run by Leptos'
        // executor, which mounting would start only later.
        let _ = any_spawner::Executor::init_wasm_bindgen();
        let owner = Owner::new();
        let started = owner.with(app::start);
        gloo_timers::callback::Timeout::new(0, move || {
            // The page's loading line (index.html) goes in the task that
            // draws the app: no frame shows both, or neither.
            if let Some(loading) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("loading"))
            {
                loading.remove();
            }
            owner.with(|| leptos::mount::mount_to_body(move || started.view()));
            // The screen's owners live as long as the page: the view's own
            // owner finds their contexts through this one, which it does
            // not keep alive itself.
            std::mem::forget(owner);
        })
        .forget();
    })
    .forget();
}
