//! The app's reactive state in small pieces, each provided as its own
//! context so a component reads only what it shows. The logic lives on
//! plain types ([`Game`](crate::model::game::Game), [`Settings`]); these hold
//! signals of them. What changes them is in [`crate::control`].

use engine::player::{SearchProgress, Teaching};
use engine::trace::SearchTrace;
use leptos::prelude::*;

use crate::model::game::Game;
use crate::model::review::GameReview;
use crate::model::settings::Settings;
use crate::model::values::{ColumnValues, ValueSource};
use crate::protocol::Database;

/// The computer's search: whether it runs, its progress, what it found.
#[derive(Clone, Copy)]
pub struct Search {
    /// A move is being searched for.
    pub thinking: RwSignal<bool>,
    /// The running search's numbers.
    pub progress: RwSignal<Option<SearchProgress>>,
    /// The computer's thoughts, newest first.
    pub thoughts: RwSignal<Vec<crate::model::thoughts::Thought>>,
    /// Every column's value, from the last search or from a hint.
    pub column_values: RwSignal<Option<ColumnValues>>,
    /// The expected continuation of the last search.
    pub last_pv: RwSignal<Vec<u8>>,
    /// The last (or the running) search's tree.
    pub trace: RwSignal<Option<SearchTrace>>,
    /// Minimax beside alpha-beta for the teaching view, once asked for.
    pub teaching: RwSignal<Option<Teaching>>,
}

impl Search {
    fn new() -> Search {
        Search {
            thinking: RwSignal::new(false),
            progress: RwSignal::new(None),
            thoughts: RwSignal::new(Vec::new()),
            column_values: RwSignal::new(None),
            last_pv: RwSignal::new(Vec::new()),
            trace: RwSignal::new(None),
            teaching: RwSignal::new(None),
        }
    }

    /// Whether the values shown are a hint's perfect scores.
    pub fn showing_hint(&self) -> bool {
        self.column_values
            .with_untracked(|v| matches!(v, Some((ValueSource::Hint, _))))
    }
}

/// Which tree the panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeKind {
    /// The computer's real search: alpha-beta with cut-offs.
    Search,
    /// Plain minimax to a small depth, for teaching.
    Minimax,
}

/// The booth's state while the page is connected to a bridge.
#[derive(Clone, Copy)]
pub struct Booth {
    /// What the bridge offers (levels, its language, the join address).
    pub welcome: RwSignal<Option<booth_protocol::Welcome>>,
    /// The bridge's last snapshot.
    pub snapshot: RwSignal<Option<booth_protocol::Snapshot>>,
    /// When an idle game ends (ms since the epoch), after the bridge asked
    /// whether the player is still there.
    pub still_there: RwSignal<Option<f64>>,
    /// While this page's player waits for an opponent: when the offer ends
    /// (ms since the epoch).
    pub offer_until: RwSignal<Option<f64>>,
    /// Now (ms since the epoch), every second while a bridge is there: what
    /// the countdowns count with.
    pub now: RwSignal<f64>,
    /// The robot game's moment a refusal was said at (it goes once the
    /// game or the robot moves on).
    pub said_at: RwSignal<Option<crate::model::booth::Moment>>,
    /// Since when this page's robot game is over (ms since the epoch).
    pub over_since: RwSignal<Option<f64>>,
    /// Until when the booth's last notice ("Bob left") is shown (ms since
    /// the epoch): then the line tells the present again.
    pub notice_until: RwSignal<Option<f64>>,
    /// For each seat whose page closed: when the game stops waiting for it
    /// (ms since the epoch).
    pub away_until: RwSignal<[Option<f64>; 2]>,
    /// Whether this device may play on the robot: `false` once the bridge
    /// has said it lacks the booth's code (a LAN device without the token).
    pub may_play: RwSignal<bool>,
}

impl Booth {
    /// Whole seconds from now until `deadline` (ms since the epoch).
    pub fn seconds_until(&self, deadline: f64) -> u64 {
        ((deadline - self.now.get()) / 1000.0).ceil().max(0.0) as u64
    }

    /// The robot's state in words, each fault in its own (tracked).
    pub fn robot_text(&self) -> crate::i18n::Text {
        self.snapshot.with(|s| {
            s.as_ref().map_or(crate::i18n::Text::RobotConnecting, |s| {
                crate::i18n::robot_words(s.robot.state, s.robot.fault)
            })
        })
    }

    /// Whether the robot is playing itself (tracked).
    pub fn demo_running(&self) -> bool {
        self.snapshot.with(|s| {
            s.as_ref()
                .is_some_and(|s| s.mode == Some(booth_protocol::GameMode::Demo))
        })
    }

    /// The address a phone on the LAN joins with, on the booth's own
    /// screens (tracked).
    pub fn join_url(&self) -> Option<String> {
        self.welcome
            .with(|w| w.as_ref().and_then(|w| w.join_url.clone()))
    }
}

/// What the worker has loaded.
#[derive(Clone, Copy)]
pub struct Data {
    /// The opening book: depth and positions.
    pub book: RwSignal<Option<(u8, u32)>>,
    /// The position database, once the worker says.
    pub database: RwSignal<Option<Database>>,
}

/// The panel open over the board, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    /// Mode, level, colours, language.
    Settings,
    /// Rules and the data's status.
    Help,
    /// The lobby of the booth's robot.
    Robot,
    /// How the computer thinks.
    Explainer,
}

/// What only the screen cares about.
#[derive(Clone, Copy)]
pub struct Ui {
    /// The column under the pointer or chosen by the arrow keys.
    pub hover: RwSignal<Option<usize>>,
    /// A full column shaking after a tap.
    pub shake: RwSignal<Option<usize>>,
    /// The open panel.
    pub panel: RwSignal<Option<Panel>>,
    /// Column values as numbers instead of words.
    pub value_numbers: RwSignal<bool>,
    /// Why the last action was refused, or what just happened; replaces
    /// the status line until the next change, in the language of the
    /// moment it is shown.
    pub message: RwSignal<Option<crate::i18n::Message>>,
    /// The computer's thinking shown under (or beside) the board on a
    /// screen too small to show it all the time.
    pub thinking_open: RwSignal<bool>,
    /// Which tree the thinking shows.
    pub tree_kind: RwSignal<TreeKind>,
}

impl Ui {
    /// Opens `panel`, or closes it when it is open.
    pub fn toggle(&self, panel: Panel) {
        self.panel
            .update(|open| *open = (*open != Some(panel)).then_some(panel));
    }

    /// Whether `panel` is open, tracked (for `class:open`).
    pub fn is_open(&self, panel: Panel) -> bool {
        self.panel.get() == Some(panel)
    }
}

/// The finished game's review, once asked for.
#[derive(Clone, Copy)]
pub struct Review(pub RwSignal<Option<GameReview>>);

/// All the pieces, created together.
#[derive(Clone, Copy)]
pub struct State {
    /// What the person chose.
    pub settings: RwSignal<Settings>,
    /// The game on the screen.
    pub game: RwSignal<Game>,
    /// The search.
    pub search: Search,
    /// The booth.
    pub booth: Booth,
    /// The worker's data.
    pub data: Data,
    /// The screen.
    pub ui: Ui,
    /// The review.
    pub review: Review,
}

impl State {
    /// Fresh state around `settings` and `game`, each piece also provided
    /// as a context of its own: components take the pieces they show from
    /// there, and change them through the actions.
    pub fn provide(settings: Settings, game: Game) -> State {
        let state = State {
            settings: RwSignal::new(settings),
            game: RwSignal::new(game),
            search: Search::new(),
            booth: Booth {
                welcome: RwSignal::new(None),
                snapshot: RwSignal::new(None),
                still_there: RwSignal::new(None),
                offer_until: RwSignal::new(None),
                now: RwSignal::new(0.0),
                said_at: RwSignal::new(None),
                over_since: RwSignal::new(None),
                notice_until: RwSignal::new(None),
                away_until: RwSignal::new([None, None]),
                may_play: RwSignal::new(true),
            },
            data: Data {
                book: RwSignal::new(None),
                database: RwSignal::new(None),
            },
            ui: Ui {
                hover: RwSignal::new(None),
                shake: RwSignal::new(None),
                panel: RwSignal::new(None),
                value_numbers: RwSignal::new(false),
                message: RwSignal::new(None),
                thinking_open: RwSignal::new(false),
                tree_kind: RwSignal::new(TreeKind::Search),
            },
            review: Review(RwSignal::new(None)),
        };
        // Views read the settings and the game; only the actions write.
        provide_context(state.settings.read_only());
        provide_context(state.game.read_only());
        provide_context(state.search);
        provide_context(state.booth);
        provide_context(state.data);
        provide_context(state.ui);
        provide_context(state.review);
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panel_opens_closes_and_gives_way_to_another() {
        let owner = Owner::new();
        owner.with(|| {
            let settings = Settings::default();
            let game = Game::new(&settings, false);
            let state = State::provide(settings, game);
            let ui = state.ui;
            ui.toggle(Panel::Settings);
            assert_eq!(ui.panel.get_untracked(), Some(Panel::Settings));
            ui.toggle(Panel::Help);
            assert_eq!(ui.panel.get_untracked(), Some(Panel::Help));
            ui.toggle(Panel::Help);
            assert_eq!(ui.panel.get_untracked(), None);
        });
    }
}
