//! What a person or the worker can make happen: a tap, undo, a hint, a new
//! game, the computer's turn, the worker's answers. [`Actions`] holds the
//! state's pieces and the links to the worker, the bridge and the spectator
//! screens; components call it and read the pieces they show.

pub mod keyboard;
mod review;
mod robot;
pub mod search_client;
mod sound;
mod spectate;

use booth_protocol::search::{ComputerMove, ValueKind};
use engine::Side;
use engine::evaluation::Style;
use engine::player::{Level, SearchProgress, Teaching};
use engine::trace::SearchTrace;
use leptos::prelude::*;

use crate::i18n::{Lang, Message, Text};
use crate::io::booth_link::BoothLink;
use crate::io::channel::Spectate;
use crate::io::search_worker::SearchWorker;
use crate::model::game::{Game, Refusal};
use crate::model::settings::{GameMode, Settings};
use crate::model::thoughts::Thought;
use crate::model::values::ValueSource;
use crate::protocol::{FromWorker, ToWorker};
use crate::state::{State, TreeKind};
use search_client::{Effect as SearchEffect, SearchClient};

/// Milliseconds between moves in the self-playing demo, so a watcher can
/// follow it.
const DEMO_PACE_MS: u32 = 900;
/// Plies of the teaching view's minimax: 343 leaves on 7 columns.
const TEACHING_DEPTH: u8 = 3;
/// The hint gives up after this long. With the position database every
/// position measured took under a second; without it (offline before the
/// first full visit) early positions can take longer.
const HINT_LIMIT_MS: f64 = 30_000.0;
/// Lines of thoughts kept, newest first.
const THOUGHTS_KEPT: usize = 30;

/// The app's actions: what a tap, the worker or the bridge changes. The
/// state they change is theirs to write; components read it from its own
/// contexts (see [`State::provide`]).
#[derive(Clone, Copy)]
pub struct Actions {
    /// The state the actions change.
    state: State,
    /// The requests to the worker and its life (see [`SearchClient`]).
    search: StoredValue<SearchClient, LocalStorage>,
    worker: StoredValue<Option<SearchWorker>, LocalStorage>,
    /// This page only watches (the spectator route).
    watching: bool,
    /// The link to the bridge that served the page.
    link: StoredValue<Option<BoothLink>, LocalStorage>,
    /// The channel to spectator screens on this device.
    spectate: StoredValue<Option<Spectate>, LocalStorage>,
    /// The booth's one-second clock, while a bridge is there.
    clock: StoredValue<Option<gloo_timers::callback::Interval>, LocalStorage>,
    /// A bridge served the page and its first word has not come yet (see
    /// [`Actions::awaiting_booth`]).
    awaiting_booth: RwSignal<bool>,
}

/// The actions of the page, from components.
pub fn use_actions() -> Actions {
    expect_context::<Actions>()
}

impl Actions {
    /// The state of a screen, provided as contexts: the stored settings
    /// and game (or the one shared in the address), the words, the worker,
    /// the links, the sounds and (where a visitor plays) the keys.
    pub fn start(watching: bool) -> Actions {
        let settings = crate::io::storage::load_settings();
        let fresh = Game::new(&settings, js_sys::Math::random() < 0.5);
        let shared = crate::io::address::shared_position();
        let broken_link = Game::broken_link(&fresh, shared.as_deref());
        let stored = crate::io::storage::load_game();
        let game = Game::first(fresh, shared.as_deref(), stored.as_ref());
        let actions = Actions::provide(settings, game, watching);
        let settings = actions.state.settings;
        provide_context(crate::i18n::I18n::new(Signal::derive(move || {
            settings.with(|s| s.lang)
        })));
        actions.follow_changes();
        if broken_link {
            // The address is set to the game shown by `follow_changes`.
            actions.say_broken_link();
        }
        actions.make_sounds();
        if !watching {
            keyboard::listen(actions);
        }
        actions
    }

    /// Creates the state and the links, and provides every piece as a
    /// context.
    pub fn provide(settings: Settings, game: Game, watching: bool) -> Actions {
        let (search, start) = SearchClient::new();
        let actions = Actions {
            state: State::provide(settings, game),
            search: StoredValue::new_local(search),
            worker: StoredValue::new_local(None),
            watching,
            link: StoredValue::new_local(None),
            spectate: StoredValue::new_local(None),
            clock: StoredValue::new_local(None),
            awaiting_booth: RwSignal::new(false),
        };
        actions.worker.set_value(Some(SearchWorker::new(
            move |message| actions.run(|c| c.received(message)),
            move || actions.run(SearchClient::crashed),
        )));
        actions.run(|_| start);
        actions.connect_booth();
        actions.start_spectate();
        provide_context(actions);
        actions
    }

    /// Stores what changes, keeps the address in step and lets the
    /// computer move when it is its turn.
    pub fn follow_changes(self) {
        let (game, settings) = (self.state.game, self.state.settings);
        Effect::new(move |_| {
            let g = game.get();
            // The robot's game lives in the bridge, not in this page's storage.
            if g.robot.is_none() && !self.watching {
                crate::io::storage::save_game(&g.saved());
                // A task of its own: the browser's history update is slow
                // enough to matter on top of drawing the computer's move and
                // its tree (docs/benchmarks.md).
                let moves = g.board.to_string();
                set_timeout(
                    move || crate::io::address::show_position(&moves),
                    std::time::Duration::ZERO,
                );
            }
            self.maybe_think();
        });
        Effect::new(move |_| {
            let s = settings.get();
            crate::io::storage::save_settings(&s);
            if let Some(root) = document().document_element() {
                let _ = root.set_attribute("lang", s.lang.tag());
            }
            self.maybe_think();
        });
    }

    pub(crate) fn lang(self) -> Lang {
        self.state.settings.with_untracked(|s| s.lang)
    }

    /// Shows `text` in the status line until the next change. In a robot
    /// game that is the next change of the game or the robot: the text
    /// belongs to the moment it was said at.
    pub(crate) fn say(self, text: Text) {
        let robot_game = self.state.game.with_untracked(|g| g.robot.is_some());
        self.say_tied(text, robot_game);
    }

    /// Shows `text`; when `tied` to the bridge's moment (a refusal of the
    /// bridge, anything said in a robot game), only until the bridge's
    /// game or robot moves on.
    pub(crate) fn say_tied(self, text: Text, tied: bool) {
        self.state.ui.message.set(Some(Message::Text(text)));
        let moment = self.state.booth.snapshot.with_untracked(|s| {
            s.as_ref()
                .filter(|_| tied)
                .map(crate::model::booth::Moment::of)
        });
        self.state.booth.said_at.set(moment);
    }

    /// The address shared no position: the page says so (the stored game
    /// or a new one is shown, and the address is set to it).
    pub fn say_broken_link(self) {
        self.say(Text::BrokenLink);
    }

    /// Takes a transition of the search client, then does what it says
    /// (outside the client, so that what it does may ask the client
    /// again).
    fn run(self, transition: impl FnOnce(&mut SearchClient) -> Vec<SearchEffect>) {
        let mut effects = Vec::new();
        self.search
            .update_value(|client| effects = transition(client));
        self.run_effects(effects);
    }

    /// Does what the search client said, in order.
    fn run_effects(self, effects: Vec<SearchEffect>) {
        for effect in effects {
            match effect {
                SearchEffect::Deliver(message) => self.receive(message),
                effect => self.worker.with_value(|worker| match (worker, effect) {
                    (Some(worker), SearchEffect::Start) => worker.start(),
                    (Some(worker), SearchEffect::Terminate) => worker.terminate(),
                    (Some(worker), SearchEffect::Post(request)) => worker.post(&request),
                    _ => {}
                }),
            }
        }
    }

    pub(crate) fn next_request(self) -> u32 {
        let mut id = 0;
        self.search.update_value(|client| id = client.next_id());
        id
    }

    /// The newest request's id: answers to others are stale.
    fn current_request(self) -> u32 {
        self.search.with_value(SearchClient::current)
    }

    pub(crate) fn send(self, request: ToWorker) {
        self.run(|client| client.send(request));
    }

    /// Stops any search and forgets its answer.
    pub(crate) fn stop_thinking(self) {
        self.run(SearchClient::cancel);
        self.state.search.thinking.set(false);
        self.state.search.progress.set(None);
        // A tree caught mid-search would stay half-drawn: drop it.
        let half_drawn = self
            .state
            .search
            .trace
            .with_untracked(|t| t.as_ref().is_some_and(SearchTrace::is_running));
        if half_drawn {
            self.state.search.trace.set(None);
        }
    }

    /// Forgets all the computer thought and said about the game before:
    /// a new game, another board size or another game on the robot
    /// starts with no thoughts, no tree, no values and no review.
    pub(crate) fn forget_search(self) {
        self.stop_thinking();
        let search = self.state.search;
        search.trace.set(None);
        search.teaching.set(None);
        search.thoughts.set(Vec::new());
        search.column_values.set(None);
        search.last_pv.set(Vec::new());
        self.state.review.0.set(None);
    }

    /// A person taps a column.
    pub(crate) fn human_drop(self, column: usize) {
        if self.watching {
            return self.say(Text::Watching);
        }
        let game = self.state.game.get_untracked();
        let mode = self.state.settings.with_untracked(|s| s.mode);
        if let Err(refusal) = game.check_drop(column, mode) {
            if refusal == Refusal::ColumnFull {
                self.state.ui.shake.set(Some(column));
                set_timeout(
                    move || self.state.ui.shake.set(None),
                    std::time::Duration::from_millis(400),
                );
            }
            return self.say(refusal.into());
        }
        if game.robot.is_some() {
            return self.robot_drop(column);
        }
        self.play(column);
    }

    pub(crate) fn play(self, column: usize) {
        if self.state.search.showing_hint() {
            // A hint answers for the position before: drop it, and stop it
            // if it still runs.
            self.stop_thinking();
            self.state.search.column_values.set(None);
        }
        self.state.ui.message.set(None);
        self.state.game.update(|g| {
            let _ = g.board.play(column);
        });
        self.after_move();
    }

    /// Lets the adaptive level learn from a finished game.
    pub(crate) fn after_move(self) {
        let game = self.state.game.get_untracked();
        if game.board.is_over() {
            let mode = self.state.settings.with_untracked(|s| s.mode);
            if game.mode(mode) == GameMode::VsComputer {
                let computer_won = game.board.winner().map(|w| w != game.human);
                self.send(ToWorker::GameOver { computer_won });
            }
        }
    }

    /// Asks the worker for the computer's move when it is its turn.
    pub(crate) fn maybe_think(self) {
        let (game, settings) = (
            self.state.game.get_untracked(),
            self.state.settings.get_untracked(),
        );
        // On the robot the booth's computer plays.
        if self.watching
            || game.robot.is_some()
            || !game.computer_to_move(settings.mode)
            || self.state.search.thinking.get_untracked()
        {
            return;
        }
        self.state.search.thinking.set(true);
        let id = self.next_request();
        let mode = game.mode(settings.mode);
        let (level, style) = match mode {
            // The demo pits two different levels, so its games differ.
            GameMode::Demo if game.board.side_to_move() == Side::Second => {
                (Level::Medium, Style::Aggressive)
            }
            _ => (settings.level, settings.style),
        };
        let request = ToWorker::Choose {
            id,
            moves: game.board.to_string(),
            geometry: game.board.geometry(),
            player: level.config(style),
            seed: (js_sys::Math::random() * 1e9) as u64,
        };
        let delay = if mode == GameMode::Demo {
            DEMO_PACE_MS
        } else {
            0
        };
        set_timeout(
            move || {
                if self.current_request() == id {
                    self.send(request);
                }
            },
            std::time::Duration::from_millis(delay.into()),
        );
    }

    /// A fresh answer of the worker, or news of its data (the search
    /// client drops stale answers).
    pub(crate) fn receive(self, message: FromWorker) {
        match message {
            FromWorker::Ready => {}
            FromWorker::Book { depth, positions } => {
                self.state.data.book.set(Some((depth, positions)))
            }
            FromWorker::Database(news) => self.state.data.database.set(Some(news)),
            FromWorker::Reviewed { marks, .. } => self.reviewed(marks),
            FromWorker::Analysis { scores, .. } => {
                self.state.ui.message.set(None);
                self.state
                    .search
                    .column_values
                    .set(Some((ValueSource::Hint, scores)));
            }
            FromWorker::Progress { progress, .. } => self.show_progress(progress.into()),
            FromWorker::Chosen { decision, .. } => {
                self.state.search.thinking.set(false);
                self.state.search.progress.set(None);
                let column = decision.column;
                self.show_decision(*decision);
                self.play(column);
            }
            FromWorker::Teaching {
                depth,
                minimax,
                alpha_beta,
            } if minimax.root_moves == self.teaching_root() => {
                self.state.search.teaching.set(Some(Teaching {
                    depth,
                    minimax: (*minimax).into(),
                    alpha_beta: (*alpha_beta).into(),
                }));
            }
            FromWorker::Failed { .. } => {
                // The computer's move failed, or a hint or a review (asked
                // for while the computer was not thinking) ran out of time.
                if self.state.search.thinking.get_untracked() {
                    self.say(Text::WorkerFailed);
                } else {
                    self.say(Text::HintTooDeep);
                }
                self.state.search.thinking.set(false);
            }
            _ => {}
        }
    }

    /// The position the teaching view explains: the root of the last
    /// search, or the board when there was none.
    pub(crate) fn teaching_root(self) -> String {
        let from_trace = self
            .state
            .search
            .trace
            .with_untracked(|t| t.as_ref().map(|t| t.root_moves.clone()));
        from_trace
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| self.state.game.with_untracked(|g| g.board.to_string()))
    }

    /// Asks the worker for the teaching trees when they are shown and
    /// stale.
    pub(crate) fn want_teaching(self) {
        if self.state.ui.tree_kind.get_untracked() != TreeKind::Minimax {
            return;
        }
        let root = self.teaching_root();
        let fresh = self
            .state
            .search
            .teaching
            .with_untracked(|t| t.as_ref().is_some_and(|t| t.minimax.root_moves == root));
        if !fresh {
            self.state.search.teaching.set(None);
            self.send(ToWorker::Teach {
                moves: root,
                geometry: self.state.game.with_untracked(|g| g.board.geometry()),
                depth: TEACHING_DEPTH,
            });
        }
    }

    /// How a running search stands: the tree grows on the screen.
    pub(crate) fn show_progress(self, mut progress: SearchProgress) {
        self.state.search.thinking.set(true);
        if let Some(tree) = progress.tree.take() {
            self.state.search.trace.set(Some(tree));
        }
        self.state.search.progress.set(Some(progress));
    }

    pub(crate) fn show_decision(self, decision: ComputerMove) {
        // Exact scores are said as wins and losses, not as ranks.
        let source = if decision.value_kind == ValueKind::Exact {
            ValueSource::Solved
        } else {
            ValueSource::Search
        };
        let mut lines = vec![Thought::Searched {
            column: decision.column,
            depth: decision.depth,
            nodes: decision.nodes,
            solved: source == ValueSource::Solved,
        }];
        lines.extend(decision.facts.into_iter().map(Thought::Fact));
        self.state.search.thoughts.update(|t| {
            t.splice(0..0, lines);
            t.truncate(THOUGHTS_KEPT);
        });
        self.state
            .search
            .column_values
            .set(Some((source, decision.column_values)));
        self.state.search.last_pv.set(decision.pv);
        self.state.search.trace.set(Some(decision.trace.into()));
    }

    /// Changes a setting that applies at once (colours, level, language,
    /// the look).
    pub(crate) fn change_settings(self, change: &dyn Fn(&mut Settings)) {
        self.state.settings.update(|s| change(s));
    }

    /// Changes who plays or the board, which ends the game: a game on the
    /// robot only if the visitor says so (else the menu shows its value
    /// again).
    pub(crate) fn change_game_settings(self, change: &dyn Fn(&mut Settings)) {
        if self.state.game.with_untracked(|g| g.robot.is_some()) {
            let ok = web_sys::window()
                .and_then(|w| {
                    w.confirm_with_message(self.lang().t(Text::ConfirmLeaveRobot))
                        .ok()
                })
                .unwrap_or(false);
            if !ok {
                return;
            }
            self.robot_leave();
        }
        self.state.settings.update(|s| change(s));
        self.new_game(false);
    }

    pub(crate) fn new_game(self, confirm: bool) {
        if confirm && self.state.game.with_untracked(Game::is_running) {
            let ok = web_sys::window()
                .and_then(|w| w.confirm_with_message(self.lang().t(Text::ConfirmNew)).ok())
                .unwrap_or(true);
            if !ok {
                return;
            }
        }
        self.forget_search();
        self.state.ui.message.set(None);
        if let Some(robot) = self.state.game.with_untracked(|g| g.robot) {
            return self.robot_start(robot);
        }
        self.state.game.set(self.fresh_game());
    }

    /// A new game on this device with the settings as they are.
    pub(crate) fn fresh_game(self) -> Game {
        let coin = js_sys::Math::random() < 0.5;
        self.state.settings.with_untracked(|s| Game::new(s, coin))
    }

    /// Takes back moves to the person's turn.
    pub(crate) fn undo(self) {
        let mode = self.state.settings.with_untracked(|s| s.mode);
        let mut game = self.state.game.get_untracked();
        if let Err(refusal) = game.undo(mode) {
            return self.say(refusal.into());
        }
        self.stop_thinking();
        self.state.search.column_values.set(None);
        self.state.game.set(game);
        self.state.ui.message.set(None);
    }

    /// Whether the computer plays a side of this game (tracked): between
    /// two people there is no thinking to show.
    pub(crate) fn computer_plays(self) -> bool {
        let mode = self.state.settings.with(|s| s.mode);
        self.state.game.with(|g| g.mode(mode)) != GameMode::TwoPlayers
    }

    /// Whether hints (and the expected continuation) are offered (tracked):
    /// not in a robot game unless the booth allows them.
    pub(crate) fn hints_allowed(self) -> bool {
        self.state.game.with(|g| g.robot.is_none())
            || self
                .state
                .booth
                .welcome
                .with(|w| w.as_ref().is_some_and(|w| w.robot_hints))
    }

    pub(crate) fn hint(self) {
        if !untrack(|| self.hints_allowed()) {
            return self.say(Text::NoHintsOnRobot);
        }
        let game = self.state.game.get_untracked();
        if game.board.is_over() {
            return self.say(Text::GameOverRefused);
        }
        if self.state.search.thinking.get_untracked() {
            return self.say(Text::NotYourTurn);
        }
        let id = self.next_request();
        self.say(Text::HintWaiting);
        self.state.search.column_values.set(None);
        self.send(ToWorker::Analyze {
            id,
            moves: game.board.to_string(),
            geometry: game.board.geometry(),
            limit_ms: HINT_LIMIT_MS,
        });
    }
}

/// Runs `f` once, `after` from now.
pub(crate) fn set_timeout(f: impl FnOnce() + 'static, after: std::time::Duration) {
    gloo_timers::callback::Timeout::new(after.as_millis() as u32, f).forget();
}
