//! The browser's small services the control asks for: the clock, chance,
//! a yes-or-no question, a task for later and the page's language. Behind
//! this seam `control/` runs natively in its tests, where there is no
//! browser: there the clock stands still, chance is even, every question
//! is answered yes and a task for later runs at once.

/// Now, in milliseconds since the epoch.
pub fn now() -> f64 {
    #[cfg(target_arch = "wasm32")]
    return js_sys::Date::now();
    #[cfg(not(target_arch = "wasm32"))]
    return 0.0;
}

/// A number in `[0, 1)` from the browser's generator.
pub fn random() -> f64 {
    #[cfg(target_arch = "wasm32")]
    return js_sys::Math::random();
    #[cfg(not(target_arch = "wasm32"))]
    return 0.5;
}

/// Asks the person `question` (OK or Cancel); `otherwise` when the browser
/// cannot ask.
pub fn confirm(question: &str, otherwise: bool) -> bool {
    #[cfg(target_arch = "wasm32")]
    return web_sys::window()
        .and_then(|w| w.confirm_with_message(question).ok())
        .unwrap_or(otherwise);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (question, otherwise);
        true
    }
}

/// Runs `f` once, `after` from now, in a task of its own.
pub fn after(after: std::time::Duration, f: impl FnOnce() + 'static) {
    #[cfg(target_arch = "wasm32")]
    gloo_timers::callback::Timeout::new(after.as_millis() as u32, f).forget();
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = after;
        f();
    }
}

/// Runs `f` once, in a task of its own after the browser's next paint:
/// work that would otherwise hold back what a tap just changed. A page
/// in the background paints no frame; there `f` runs after a tenth of a
/// second all the same, so a hidden tab's game goes on.
pub fn after_paint(f: impl FnOnce() + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        use std::{cell::Cell, rc::Rc};
        let once = Rc::new(Cell::new(Some(f)));
        let run = move || {
            if let Some(f) = once.take() {
                f();
            }
        };
        let late = run.clone();
        leptos::prelude::request_animation_frame(move || after(std::time::Duration::ZERO, run));
        after(std::time::Duration::from_millis(100), late);
    }
    #[cfg(not(target_arch = "wasm32"))]
    f();
}

/// Runs `f` once the page has a quiet moment (`requestIdleCallback`):
/// work nobody waits for, which a tap made meanwhile must not wait for
/// either. At most `within` from now all the same, and after `within`
/// where the browser has no idle callbacks (Safari).
pub fn when_idle(within: std::time::Duration, f: impl FnOnce() + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        use wasm_bindgen::closure::Closure;
        let window = web_sys::window();
        let idle = window
            .as_ref()
            .and_then(|w| js_sys::Reflect::get(w, &"requestIdleCallback".into()).ok())
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        match (window, idle) {
            (Some(window), Some(idle)) => {
                let options = js_sys::Object::new();
                let _ = js_sys::Reflect::set(
                    &options,
                    &"timeout".into(),
                    &(within.as_millis() as f64).into(),
                );
                let run = Closure::once_into_js(f);
                let _ = idle.call2(&window, &run, &options);
            }
            _ => after(within, f),
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = within;
        f();
    }
}

/// Whether one of the device's pointers can hover (a mouse, a trackpad):
/// `(any-hover: hover)`. Where none can (a phone, a tablet), the page adds
/// no listeners for a hover, which a finger's tap would call for nothing
/// on its way to the click. Read once: a mouse plugged in later counts
/// from the next load.
pub fn can_hover() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.match_media("(any-hover: hover)").ok().flatten())
            .is_none_or(|query| query.matches())
    }
    #[cfg(not(target_arch = "wasm32"))]
    true
}

/// Writes a line to the browser's console, for a developer.
pub fn log(message: &str) {
    web_sys::console::log_1(&message.into());
}

/// Marks the page as written in the language `tag` (`<html lang>`), for
/// screen readers and the browser's hyphenation.
pub fn set_page_language(tag: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", tag);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = tag;
}

/// Runs `f` every `period` for as long as the page lives.
pub fn every(period: std::time::Duration, f: impl Fn() + 'static) {
    #[cfg(target_arch = "wasm32")]
    gloo_timers::callback::Interval::new(period.as_millis() as u32, f).forget();
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (period, f);
}

/// Runs `f` at the person's first gesture (a tap or a key), and at every
/// one after it, for as long as the page lives: what a browser lets only
/// a gesture start (sound) starts there.
pub fn on_gesture(f: impl Fn() + Clone + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        use leptos::prelude::window_event_listener;
        let again = f.clone();
        let _ = window_event_listener(leptos::ev::pointerup, move |_| f());
        let _ = window_event_listener(leptos::ev::keydown, move |_| again());
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = f;
}
