//! The page's keys, as plain key presses for the control to read.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A key pressed on the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyPress {
    /// The key's name (`"4"`, `"ArrowLeft"`, `"Enter"`).
    pub key: String,
    /// Pressed in a text field or a menu, which takes its own keys.
    pub in_field: bool,
    /// Pressed on a button, which Enter clicks already.
    pub on_button: bool,
}

/// Hands every key pressed on the page to `on_key`, for as long as the
/// page lives.
pub fn listen(on_key: impl Fn(KeyPress) + 'static) {
    // The handle would only remove the listener; the app lives as long as
    // the page.
    let _ = window_event_listener(leptos::ev::keydown, move |e: web_sys::KeyboardEvent| {
        let tag = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
            .map(|el| el.tag_name())
            .unwrap_or_default();
        on_key(KeyPress {
            key: e.key(),
            in_field: matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA"),
            on_button: tag == "BUTTON",
        });
    });
}
