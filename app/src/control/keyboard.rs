//! The keyboard: a column's digit drops a coin, the arrow keys choose a
//! column and Enter drops there.

use leptos::prelude::*;

use super::Play;
use crate::io::keys::KeyPress;

/// Listens for the page's keys for as long as the app lives.
pub(super) fn listen(play: Play) {
    crate::io::keys::listen(move |press| pressed(play, &press));
}

/// What a key press on the page does to the game.
fn pressed(play: Play, press: &KeyPress) {
    // A field takes its own keys.
    if press.in_field {
        return;
    }
    let columns = play.game.with_untracked(|g| g.board.geometry().columns());
    match key_action(&press.key, columns, play.screen.pointed_at()) {
        // Enter on a button clicks it already.
        Some(KeyAction::Drop(c)) if !(press.on_button && press.key == "Enter") => play.drop(c),
        Some(KeyAction::Point(c)) => play.screen.point_at(Some(c)),
        _ => {}
    }
}

/// What a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeyAction {
    /// Drop a coin into this column (0-based).
    Drop(usize),
    /// Point at this column.
    Point(usize),
}

/// What `key` does on a board of `columns` with the pointer at `at`.
fn key_action(key: &str, columns: usize, at: Option<usize>) -> Option<KeyAction> {
    if let Ok(d) = key.parse::<usize>() {
        return (1..=columns).contains(&d).then(|| KeyAction::Drop(d - 1));
    }
    let from = at.unwrap_or(columns / 2);
    match key {
        "ArrowLeft" => Some(KeyAction::Point(from.saturating_sub(1))),
        "ArrowRight" => Some(KeyAction::Point((from + 1).min(columns - 1))),
        "Enter" => at.map(KeyAction::Drop),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_drop_and_arrows_point_within_the_board() {
        assert_eq!(key_action("4", 7, None), Some(KeyAction::Drop(3)));
        assert_eq!(key_action("8", 7, None), None);
        assert_eq!(key_action("0", 7, None), None);
        assert_eq!(key_action("ArrowLeft", 7, None), Some(KeyAction::Point(2)));
        assert_eq!(
            key_action("ArrowLeft", 7, Some(0)),
            Some(KeyAction::Point(0))
        );
        assert_eq!(
            key_action("ArrowRight", 7, Some(6)),
            Some(KeyAction::Point(6))
        );
        assert_eq!(key_action("Enter", 7, Some(5)), Some(KeyAction::Drop(5)));
        assert_eq!(key_action("Enter", 7, None), None);
        assert_eq!(key_action("x", 7, Some(1)), None);
    }
}
