//! The spectator screen: the game played in this device's other window or
//! on the booth's robot, with no controls.

use leptos::prelude::*;

/// The page at `/watch`.
#[component]
pub fn WatchScreen() -> impl IntoView {
    super::page(true)
}
