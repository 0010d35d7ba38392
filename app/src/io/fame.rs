//! Reads the booth's hall of fame (`/fame.json`, beside the page) for the
//! spectator screen.

use booth_protocol::fame::HallOfFame;

/// Asks the bridge for today's hall of fame; `on_read` gets it once it
/// came (nothing when the bridge cannot be reached: the screen keeps what
/// it shows).
#[cfg(target_arch = "wasm32")]
pub fn read(on_read: impl FnOnce(HallOfFame) + 'static) {
    // A plain request with a callback: no futures executor in the page
    // for one small file.
    let Ok(request) = web_sys::XmlHttpRequest::new() else {
        return;
    };
    if request.open("GET", "fame.json").is_err() {
        return;
    }
    // The browser parses the JSON; serde-wasm-bindgen reads its objects.
    request.set_response_type(web_sys::XmlHttpRequestResponseType::Json);
    let answered = request.clone();
    let on_load = wasm_bindgen::closure::Closure::once_into_js(move || {
        if answered.status() == Ok(200)
            && let Ok(value) = answered.response()
            && let Ok(fame) = serde_wasm_bindgen::from_value::<HallOfFame>(value)
        {
            on_read(fame);
        }
    });
    request.set_onload(Some(wasm_bindgen::JsCast::unchecked_ref(&on_load)));
    let _ = request.send();
}

/// Natively (the tests) there is no bridge to ask.
#[cfg(not(target_arch = "wasm32"))]
pub fn read(_on_read: impl FnOnce(HallOfFame) + 'static) {}
