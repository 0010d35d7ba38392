//! Reads the booth's hall of fame (`/fame.json`, beside the page) for the
//! spectator screen.

use booth_protocol::fame::HallOfFame;

/// Asks the bridge for today's hall of fame; `on_read` gets it once it
/// came (nothing when the bridge cannot be reached: the screen keeps what
/// it shows).
#[cfg(target_arch = "wasm32")]
pub fn read(on_read: impl FnOnce(HallOfFame) + 'static) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    wasm_bindgen_futures::spawn_local(async move {
        let Some(window) = web_sys::window() else {
            return;
        };
        let Ok(response) = JsFuture::from(window.fetch_with_str("fame.json")).await else {
            return;
        };
        let Ok(response) = response.dyn_into::<web_sys::Response>() else {
            return;
        };
        if !response.ok() {
            return;
        }
        let Ok(json) = response.json() else { return };
        let Ok(value) = JsFuture::from(json).await else {
            return;
        };
        if let Ok(fame) = serde_wasm_bindgen::from_value::<HallOfFame>(value) {
            on_read(fame);
        }
    });
}

/// Natively (the tests) there is no bridge to ask.
#[cfg(not(target_arch = "wasm32"))]
pub fn read(_on_read: impl FnOnce(HallOfFame) + 'static) {}
