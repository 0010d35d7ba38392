//! A language's texts, fetched from their file beside `index.html` the
//! first time the language is wanted (English is built in; see `i18n`).
//! The service worker keeps the files for offline use.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::i18n::Lang;

/// Fetches `lang`'s texts unless they are here.
///
/// # Errors
/// No network and no cached copy, or a file that is not this build's.
pub async fn fetch(lang: Lang) -> Result<(), String> {
    let Some(file) = lang.texts_file().filter(|_| !lang.has_texts()) else {
        return Ok(());
    };
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(&format!("./{file}")))
        .await
        .map_err(|_| "no network")?;
    let response: web_sys::Response = response.unchecked_into();
    if !response.ok() {
        return Err(format!("{file}: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|_| "no text")?)
        .await
        .map_err(|_| "cut short")?
        .as_string()
        .ok_or("no text")?;
    // Another request for it may have come first.
    if lang.has_texts() {
        return Ok(());
    }
    lang.take_texts(&text).map_err(|e| format!("{file}: {e}"))
}
