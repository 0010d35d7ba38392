//! The game: the board, its controls, the computer's thoughts and the
//! robot's lobby.

use leptos::prelude::*;

use crate::control::Play;

/// The page at `/`, around the game `play` owns.
#[component]
pub fn PlayScreen(play: Play) -> impl IntoView {
    super::page(play, false)
}
