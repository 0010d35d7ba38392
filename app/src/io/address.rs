//! The address bar: the route (`/` plays, `/watch` watches, below
//! wherever the app is served), and `?pos=`, which shares a position and
//! follows the game.

use engine::Board;

use crate::model::link::SharedPosition;
use crate::model::take_home::TakeHome;

/// The route of the spectator screen, below the app's base.
pub const WATCH: &str = "/watch";

/// Where the app is served: the page's path without its route, so the
/// routes work below any folder of a static host.
pub fn route_base() -> String {
    let path = web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_default();
    base_of(&path)
}

fn base_of(path: &str) -> String {
    let path = path.trim_end_matches('/');
    path.strip_suffix(WATCH)
        .unwrap_or(path)
        .trim_end_matches("/index.html")
        .to_string()
}

/// Whether the address is the spectator screen's (`…/watch`).
pub fn on_watch_route() -> bool {
    web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .is_some_and(|path| path.trim_end_matches('/').ends_with(WATCH))
}

/// An older link to the spectator screen (`#/watch`, which needed no
/// server support) opens the `/watch` route.
pub fn forward_old_watch_link() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    if location.hash().unwrap_or_default().trim_end_matches('/') != "#/watch" {
        return;
    }
    let url = format!("{}{WATCH}", route_base());
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The position shared in the address, if any.
pub fn shared_position() -> Option<SharedPosition> {
    let search = web_sys::window()?.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    Some(SharedPosition {
        moves: params.get("pos")?,
        size: params.get("size"),
    })
}

/// The app's own address (where a link to it starts), with a `/`.
pub fn app_address() -> Option<String> {
    let origin = web_sys::window()?.location().origin().ok()?;
    Some(format!("{origin}{}/", route_base()))
}

/// The game a take-home link carries: `None` when the address has no
/// `?game=`, `Some(None)` when it has one that holds no game.
pub fn take_home() -> Option<Option<TakeHome>> {
    let search = web_sys::window()?.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    params.get("game")?;
    Some(TakeHome::read(search.len(), |key| params.get(key)))
}

/// Keeps the address bar's `?pos=` in step with the game.
pub fn show_position(board: &Board) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(history) = window.history() else {
        return;
    };
    let url = if board.plies() == 0 {
        "./".to_string()
    } else {
        SharedPosition::query(board)
    };
    // The address already says so (a first visit's empty board, a
    // reload): a history entry replaced all the same took 12 to 30 ms at
    // 4x CPU in a profile, right after the first paint, where a first tap
    // waited for it.
    let here = window.location().href().unwrap_or_default();
    let shown = web_sys::Url::new_with_base(&url, &here).is_ok_and(|u| u.href() == here);
    if shown {
        return;
    }
    let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_is_the_folder_the_app_is_served_from() {
        assert_eq!(base_of("/"), "");
        assert_eq!(base_of("/watch"), "");
        assert_eq!(base_of("/vier-gewinnt/"), "/vier-gewinnt");
        assert_eq!(base_of("/vier-gewinnt/watch/"), "/vier-gewinnt");
        assert_eq!(base_of("/vier-gewinnt/index.html"), "/vier-gewinnt");
    }
}
