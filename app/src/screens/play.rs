//! The game: the board, its controls, the computer's thoughts and the
//! robot's lobby.

use leptos::prelude::*;

/// The page at `/`.
#[component]
pub fn PlayScreen() -> impl IntoView {
    super::page(false)
}
