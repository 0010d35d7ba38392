//! The address bar: `?pos=` shares a position, and follows the game.

/// The moves of the position shared in the address, if any.
pub fn shared_position() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    params.get("pos")
}

/// Keeps the address bar's `?pos=` in step with the game.
pub fn show_position(moves: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(history) = window.history() else {
        return;
    };
    let url = if moves.is_empty() {
        "./".to_string()
    } else {
        format!("?pos={moves}")
    };
    let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
}
