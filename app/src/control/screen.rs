//! What a tap changes on the screen alone: the open panel, the column
//! under the pointer, numbers or words, the thinking shown, the tree's
//! kind. Views read these from [`UiView`](crate::state::UiView) and change
//! them here.

use leptos::prelude::*;

use crate::control::Actions;
use crate::state::{Panel, TreeKind};

impl Actions {
    /// Opens `panel`, or closes it when it is open.
    pub fn toggle_panel(self, panel: Panel) {
        self.state.ui.toggle(panel);
    }

    /// Closes the open panel: back to the board.
    pub fn close_panel(self) {
        self.state.ui.panel.set(None);
    }

    /// Opens `panel` (closing any other).
    pub fn open_panel(self, panel: Panel) {
        self.state.ui.panel.set(Some(panel));
    }

    /// The column under the pointer or in focus, if any.
    pub fn point_at(self, column: Option<usize>) {
        self.state.ui.hover.set(column);
    }

    /// Column values as numbers, or as words again.
    pub fn toggle_value_numbers(self) {
        self.state.ui.value_numbers.update(|n| *n = !*n);
    }

    /// Shows the computer's thinking on a small screen, or hides it.
    pub fn toggle_thinking(self) {
        self.state.ui.thinking_open.update(|o| *o = !*o);
    }

    /// Shows the computer's real search or the teaching tree.
    pub fn show_tree(self, kind: TreeKind) {
        self.state.ui.tree_kind.set(kind);
    }
}
