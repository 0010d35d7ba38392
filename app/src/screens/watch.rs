//! The spectator screen: the game played in this device's other window or
//! on the booth's robot, with no controls.

use leptos::prelude::*;

use crate::control::Play;

/// The page at `/watch`, around the game `play` follows.
#[component]
pub fn WatchScreen(play: Play) -> impl IntoView {
    super::page(play, true)
}
