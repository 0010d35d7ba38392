//! The app's reactive state in small pieces, each provided as its own
//! context so a component reads only what it shows. The logic lives on
//! plain types ([`Game`](crate::model::game::Game),
//! [`Settings`](crate::model::settings::Settings)); these hold signals of
//! them. Each piece has one owner in [`crate::control`], its only writer.

use engine::player::{SearchProgress, Teaching};
use engine::trace::SearchTrace;
use leptos::prelude::*;

use crate::model::booth::RobotGame;
use crate::model::values::{ColumnValues, ValueSource};
use crate::protocol::Database;

/// A signal views may read and never write: the owner's `RwSignal`
/// behind a type without setters. (Leptos' own `ReadSignal` would do the
/// same at the cost of a second copy of every reading function in the
/// Wasm, 6.5 KB gzip.)
pub struct Reader<T: 'static>(RwSignal<T>);

impl<T> Clone for Reader<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Reader<T> {}

impl<T> DefinedAt for Reader<T> {
    fn defined_at(&self) -> Option<&'static std::panic::Location<'static>> {
        self.0.defined_at()
    }
}

impl<T: Send + Sync> Track for Reader<T> {
    fn track(&self) {
        self.0.track();
    }
}

impl<T: Send + Sync> ReadUntracked for Reader<T> {
    type Value = <RwSignal<T> as ReadUntracked>::Value;

    fn try_read_untracked(&self) -> Option<Self::Value> {
        self.0.try_read_untracked()
    }
}

impl<T: Send + Sync> From<Reader<T>> for Signal<T> {
    fn from(reader: Reader<T>) -> Signal<T> {
        reader.0.into()
    }
}

/// The read-only side of a writable signal.
pub trait ReadOnly<T: 'static> {
    /// The signal as views may have it.
    fn reader(&self) -> Reader<T>;
}

impl<T: 'static> ReadOnly<T> for RwSignal<T> {
    fn reader(&self) -> Reader<T> {
        Reader(*self)
    }
}

/// Declares a piece of state twice from one list of fields: the writable
/// struct the actions keep, and its read-only view, the only one provided
/// as a context, so no view can write what it shows.
macro_rules! state_piece {
    (
        $(#[$meta:meta])*
        pub struct $name:ident, read as $view:ident {
            $( $(#[$field_meta:meta])* $field:ident: $ty:ty = $init:expr, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy)]
        pub struct $name {
            $( $(#[$field_meta])* pub $field: RwSignal<$ty>, )*
        }

        /// What views read of the piece: the same fields, read-only.
        #[derive(Clone, Copy)]
        pub struct $view {
            $( $(#[$field_meta])* pub $field: Reader<$ty>, )*
        }

        /// Fresh signals, every field at its start.
        impl Default for $name {
            fn default() -> $name {
                $name { $( $field: RwSignal::new($init), )* }
            }
        }

        impl $name {
            /// The piece as views may have it.
            pub fn view(&self) -> $view {
                $view { $( $field: self.$field.reader(), )* }
            }
        }
    };
}

state_piece! {
    /// The computer's search: whether it runs, its progress, what it found.
    pub struct Search, read as SearchView {
        /// A move is being searched for.
        thinking: bool = false,
        /// The running search's numbers.
        progress: Option<SearchProgress> = None,
        /// The computer's thoughts, newest first.
        thoughts: Vec<crate::model::thoughts::Thought> = Vec::new(),
        /// Every column's value, from the last search or from a hint.
        column_values: Option<ColumnValues> = None,
        /// The expected continuation of the last search.
        last_pv: Vec<u8> = Vec::new(),
        /// The last (or the running) search's tree.
        trace: Option<SearchTrace> = None,
        /// Minimax beside alpha-beta for the teaching view, once asked for.
        teaching: Option<Teaching> = None,
    }
}

impl Search {
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

state_piece! {
    /// The booth's state while the page is connected to a bridge.
    pub struct Booth, read as BoothView {
        /// What the bridge offers (levels, its language, the join address).
        welcome: Option<booth_protocol::Welcome> = None,
        /// The robot game: the bridge's last snapshot and the page's
        /// clocks of it, held here once.
        robot: RobotGame = RobotGame::default(),
        /// When an idle game ends (ms since the epoch), after the bridge
        /// asked whether the player is still there.
        still_there: Option<f64> = None,
        /// Now (ms since the epoch), every second while a bridge is there:
        /// what the countdowns count with.
        now: f64 = 0.0,
        /// Until when the booth's last notice ("Bob left") is shown (ms
        /// since the epoch): then the line tells the present again.
        notice_until: Option<f64> = None,
        /// Whether this device may play on the robot: `false` once the
        /// bridge has said it lacks the booth's code (a LAN device without
        /// the token).
        may_play: bool = true,
        /// Today's hall of fame on the robot, on the spectator screen.
        fame: Option<booth_protocol::fame::HallOfFame> = None,
    }
}

impl BoothView {
    /// Reads the bridge's last snapshot (tracked).
    pub fn with_snapshot<T>(&self, f: impl FnOnce(Option<&booth_protocol::Snapshot>) -> T) -> T {
        self.robot.with(|r| f(r.snapshot.as_ref()))
    }

    /// While this page's player waits for an opponent: when the offer
    /// ends (ms since the epoch; tracked).
    pub fn offer_until(&self) -> Option<f64> {
        self.robot.with(|r| r.offer_until)
    }

    /// For each seat whose page closed: when the game stops waiting for it
    /// (ms since the epoch; tracked).
    pub fn away_until(&self) -> [Option<f64>; 2] {
        self.robot.with(|r| r.away_until)
    }

    /// Since when this page's robot game is over (ms since the epoch;
    /// tracked).
    pub fn over_since(&self) -> Option<f64> {
        self.robot.with(|r| r.over_since)
    }

    /// Whole seconds from now until `deadline` (ms since the epoch).
    pub fn seconds_until(&self, deadline: f64) -> u64 {
        ((deadline - self.now.get()) / 1000.0).ceil().max(0.0) as u64
    }

    /// The robot's state in words, each fault in its own (tracked).
    pub fn robot_text(&self) -> crate::i18n::Text {
        self.with_snapshot(|s| {
            s.map_or(crate::i18n::Text::RobotConnecting, |s| {
                // More coins in the grid than in the game: it is emptied.
                let clearing = s.robot.placed > s.moves.len();
                crate::i18n::robot_words(s.robot.state, s.robot.fault, clearing)
            })
        })
    }

    /// Whether the robot is playing itself (tracked).
    pub fn demo_running(&self) -> bool {
        self.with_snapshot(|s| s.is_some_and(|s| s.mode == Some(booth_protocol::GameMode::Demo)))
    }

    /// How many wait in line for the robot, and this page's place among
    /// them (tracked).
    pub fn line(&self) -> (u32, Option<u32>) {
        self.with_snapshot(|s| s.map_or((0, None), |s| (s.line, s.line_place)))
    }

    /// The longest a move on the robot may take, in seconds (tracked).
    pub fn turn_limit_s(&self) -> Option<u64> {
        self.welcome
            .with(|w| w.as_ref().and_then(|w| w.turn_limit_s))
    }

    /// The address a phone on the LAN joins with, on the booth's own
    /// screens (tracked).
    pub fn join_url(&self) -> Option<String> {
        self.welcome
            .with(|w| w.as_ref().and_then(|w| w.join_url.clone()))
    }
}

state_piece! {
    /// What the worker has loaded.
    pub struct Data, read as DataView {
        /// The opening book: depth and positions.
        book: Option<(u8, u32)> = None,
        /// The position database, once the worker says.
        database: Option<Database> = None,
    }
}

impl DataView {
    /// Whether the position database has come or is known not to
    /// (tracked): what the worker loads after the first paint is at rest.
    pub fn settled(&self) -> bool {
        self.database
            .with(|d| matches!(d, Some(Database::Ready { .. } | Database::Missing)))
    }
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
    /// A finished game to take home: its QR code and link.
    TakeHome,
}

state_piece! {
    /// What only the screen cares about.
    pub struct Ui, read as UiView {
        /// The column under the pointer or chosen by the arrow keys.
        hover: Option<usize> = None,
        /// A full column shaking after a tap.
        shake: Option<usize> = None,
        /// The open panel.
        panel: Option<Panel> = None,
        /// Column values as numbers instead of words.
        value_numbers: bool = false,
        /// Why the last action was refused, or what just happened;
        /// replaces the status line until the next change, in the language
        /// of the moment it is shown.
        message: Option<crate::i18n::Message> = None,
        /// The computer's thinking shown under (or beside) the board on a
        /// screen too small to show it all the time.
        thinking_open: bool = false,
        /// Which tree the thinking shows.
        tree_kind: TreeKind = TreeKind::Search,
        /// A finished game stepped through under its review.
        replay: Option<crate::model::review::Replay> = None,
        /// The page has been painted once: what a visitor does not need
        /// to see the board and tap it (the thinking's insides, and a
        /// booth page's lobby) is built after that, in a task of its own.
        painted: bool = false,
        /// The page has had a quiet moment after `painted`: the help
        /// panel is built after that and after the worker's data has come
        /// (`DataView::settled`), so that no task right after the first
        /// paint holds a first tap back.
        settled: bool = false,
    }
}

impl UiView {
    /// Whether `panel` is open, tracked (for `class:open`).
    pub fn is_open(&self, panel: Panel) -> bool {
        self.panel.get() == Some(panel)
    }

    /// Whether `panel` has ever been open, tracked: a panel is built the
    /// first time a visitor asks for it, not with the page (whose first
    /// tap would wait for it), and is kept from then on.
    pub fn opened_once(&self, panel: Panel) -> Memo<bool> {
        let ui = *self;
        Memo::new(move |was: Option<&bool>| was.copied().unwrap_or(false) || ui.is_open(panel))
    }
}
