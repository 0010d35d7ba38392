//! What only the screen cares about, as one owner: the open panel, the
//! column under the pointer, numbers or words, the thinking shown, the
//! tree's kind and the status line's message. Views read these from
//! [`UiView`](crate::state::UiView) and change them through the public
//! methods here; the rest is the control's.

use leptos::prelude::*;

use crate::i18n::Message;
use crate::state::{Panel, TreeKind, Ui};

/// How long a full column shakes after a tap.
const SHAKE: std::time::Duration = std::time::Duration::from_millis(400);

/// The screen's owner. Copy: every handle is the same screen.
#[derive(Clone, Copy)]
pub struct Screen {
    ui: Ui,
    /// Whether a pointer here can hover: asked of the browser once.
    hovers: bool,
}

/// The screen of the page, from components.
pub fn use_screen() -> Screen {
    expect_context::<Screen>()
}

impl Screen {
    /// A fresh screen, provided as a context and read-only as
    /// [`UiView`](crate::state::UiView).
    pub(super) fn provide() -> Screen {
        let screen = Screen {
            ui: Ui::default(),
            hovers: crate::io::browser::can_hover(),
        };
        provide_context(screen.ui.view());
        provide_context(screen);
        screen
    }

    /// Marks the screen painted after the browser's next paint, and
    /// settled at the page's first quiet moment after that (within a
    /// second): called as the screen's view is built, which may be a task
    /// after the owners were set up. Separate tasks, not one: a first tap
    /// waits for the one running when it comes.
    pub fn watch_first_paints(self) {
        let (painted, settled) = (self.ui.painted, self.ui.settled);
        crate::io::browser::after_paint(move || {
            painted.set(true);
            crate::io::browser::when_idle(std::time::Duration::from_secs(1), move || {
                settled.set(true)
            });
        });
    }

    /// Opens `panel`, or closes it when it is open.
    pub fn toggle_panel(self, panel: Panel) {
        self.ui
            .panel
            .update(|open| *open = (*open != Some(panel)).then_some(panel));
    }

    /// Closes the open panel: back to the board.
    pub fn close_panel(self) {
        self.ui.panel.set(None);
    }

    /// Whether a pointer can hover over the board here (a mouse, a
    /// trackpad): where none can, the board listens for no hover at all.
    pub fn pointer_can_hover(self) -> bool {
        self.hovers
    }

    /// The column under the pointer or in focus, if any.
    pub fn point_at(self, column: Option<usize>) {
        // Every pointer that leaves the board says so: only a change is
        // worth the board's redraw.
        if self.ui.hover.get_untracked() != column {
            self.ui.hover.set(column);
        }
    }

    /// Column values as numbers, or as words again.
    pub fn toggle_value_numbers(self) {
        self.ui.value_numbers.update(|n| *n = !*n);
    }

    /// Shows the computer's thinking on a small screen, or hides it.
    pub fn toggle_thinking(self) {
        self.ui.thinking_open.update(|o| *o = !*o);
    }

    /// Shows the computer's real search or the teaching tree.
    pub fn show_tree(self, kind: TreeKind) {
        self.ui.tree_kind.set(kind);
    }

    /// Shows the finished game `moves` on the board after its first
    /// `shown` moves (all of them: the game as it ended).
    pub fn replay(self, moves: String, shown: usize) {
        let whole = shown >= moves.len();
        self.ui
            .replay
            .set((!whole).then_some(crate::model::review::Replay { moves, shown }));
    }

    /// Opens `panel` (closing any other).
    pub(super) fn open(self, panel: Panel) {
        self.ui.panel.set(Some(panel));
    }

    /// The open panel (untracked).
    pub(super) fn panel(self) -> Option<Panel> {
        self.ui.panel.get_untracked()
    }

    /// The column under the pointer (untracked).
    pub(super) fn pointed_at(self) -> Option<usize> {
        self.ui.hover.get_untracked()
    }

    /// Whether the page has had its quiet moment after the first paint
    /// (tracked; see [`Screen::watch_first_paints`]).
    pub(super) fn settled(self) -> bool {
        self.ui.settled.get()
    }

    /// The tree the thinking shows (tracked).
    pub(super) fn tree_kind(self) -> TreeKind {
        self.ui.tree_kind.get()
    }

    /// Shakes a full column for a moment.
    pub(super) fn shake(self, column: usize) {
        self.ui.shake.set(Some(column));
        let shake = self.ui.shake;
        crate::io::browser::after(SHAKE, move || shake.set(None));
    }

    /// Shows `message` in the status line until the next change.
    pub(super) fn say(self, message: Message) {
        self.ui.message.set(Some(message));
    }

    /// The status line tells the present again.
    pub(super) fn clear_message(self) {
        self.ui.message.set(None);
    }

    /// Whether the status line shows a message `is` says of (untracked).
    pub(super) fn showing(self, is: impl Fn(&Message) -> bool) -> bool {
        self.ui
            .message
            .with_untracked(|m| m.as_ref().is_some_and(is))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Text;

    fn with_screen(test: impl FnOnce(Screen)) {
        Owner::new().with(|| test(Screen::provide()));
    }

    #[test]
    fn a_panel_opens_closes_and_gives_way_to_another() {
        with_screen(|screen| {
            screen.toggle_panel(Panel::Settings);
            assert_eq!(screen.panel(), Some(Panel::Settings));
            screen.toggle_panel(Panel::Help);
            assert_eq!(screen.panel(), Some(Panel::Help));
            screen.toggle_panel(Panel::Help);
            assert_eq!(screen.panel(), None);
        });
    }

    #[test]
    fn a_panel_is_built_at_its_first_opening_and_kept_after_it_closes() {
        with_screen(|screen| {
            let view = screen.ui.view();
            let settings = view.opened_once(Panel::Settings);
            let explainer = view.opened_once(Panel::Explainer);
            assert!(!settings.get_untracked(), "nothing is built before a tap");
            screen.toggle_panel(Panel::Settings);
            assert!(settings.get_untracked());
            screen.close_panel();
            assert!(settings.get_untracked(), "kept once closed");
            assert!(
                !explainer.get_untracked(),
                "another panel is not built with it"
            );
        });
    }

    #[test]
    fn a_message_stays_until_cleared_and_a_shake_ends() {
        with_screen(|screen| {
            screen.say(Message::Text(Text::NotYourTurn));
            assert!(screen.showing(|m| *m == Message::Text(Text::NotYourTurn)));
            screen.clear_message();
            assert!(!screen.showing(|_| true));
            // Natively a task for later runs at once: the shake is over.
            screen.shake(3);
            assert_eq!(screen.ui.shake.get_untracked(), None);
        });
    }
}
