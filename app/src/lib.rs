//! The Connect Four web app: the board, the game modes and the computer's
//! thoughts. The rules come from the engine; every search runs in the worker
//! (`bin/worker.rs`), never on the page's thread.

pub mod booth_link;
mod database;
mod explainer;
pub mod i18n;
pub mod protocol;
mod review;
mod robot;
pub mod search_worker;
pub mod settings;
pub mod spectate;
pub mod storage;
pub mod tree;
mod values;

use engine::evaluation::Style;
use engine::player::{Decision, Fact, Level, SearchProgress};
use engine::trace::SearchTrace;
use engine::{Board, Geometry, Side, Status};
use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::{Lang, Text};
use crate::protocol::{Database, FromWorker, ToWorker};
use crate::search_worker::SearchWorker;
use crate::settings::{CoinColour, GameMode, SIZES, Settings, Starter, level_name, offered_levels};
use crate::storage::SavedGame;
use crate::values::{bar_length, perfect_words, short_value};

/// Milliseconds between moves in the self-playing demo, so a watcher can
/// follow it.
const DEMO_PACE_MS: u32 = 900;
/// Plies of the teaching view's minimax: 343 leaves on 7 columns.
const TEACHING_DEPTH: u8 = 3;
/// The hint gives up after this long. With the position database every
/// position measured took under a second; without it (offline before the
/// first full visit) early positions can take longer.
const HINT_LIMIT_MS: f64 = 30_000.0;

/// The game on the screen.
#[derive(Clone, PartialEq)]
pub struct Game {
    /// The board with its moves.
    pub board: Board,
    /// The person's side against the computer.
    pub human: Side,
    /// Set while this page plays its game on the booth's robot.
    pub robot: Option<RobotGame>,
}

/// A game on the robot: the bridge holds it, the page mirrors it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RobotGame {
    /// Against the computer (whose moves this page's worker finds), or
    /// against a person on another device.
    pub vs_computer: bool,
}

impl Game {
    fn new(settings: &Settings) -> Game {
        let (c, r) = settings.size;
        let geometry = Geometry::new(c.into(), r.into(), 4).unwrap_or(Geometry::STANDARD);
        let human = match settings.starter {
            Starter::Me => Side::First,
            Starter::Computer => Side::Second,
            Starter::Random => {
                if js_sys::Math::random() < 0.5 {
                    Side::First
                } else {
                    Side::Second
                }
            }
        };
        Game {
            board: Board::with_geometry(geometry),
            human,
            robot: None,
        }
    }

    /// Who plays this game: the settings' mode, or the robot game's.
    fn mode(&self, settings_mode: GameMode) -> GameMode {
        match self.robot {
            Some(RobotGame { vs_computer: true }) => GameMode::VsComputer,
            Some(RobotGame { vs_computer: false }) => GameMode::HotSeat,
            None => settings_mode,
        }
    }

    /// Whether the computer moves next.
    fn computer_to_move(&self, mode: GameMode) -> bool {
        !self.board.is_over()
            && match self.mode(mode) {
                GameMode::VsComputer => self.board.side_to_move() != self.human,
                GameMode::HotSeat => false,
                GameMode::Demo => true,
            }
    }

    fn saved(&self) -> SavedGame {
        let g = self.board.geometry();
        SavedGame {
            moves: self.board.to_string(),
            size: (g.columns() as u8, g.rows() as u8),
            human: self.human,
        }
    }
}

/// The first game: the shared position in the URL, else the stored game,
/// else a new one.
fn first_game(settings: &Settings) -> Game {
    let fresh = Game::new(settings);
    if let Some(board) =
        url_position().and_then(|m| Board::from_moves(fresh.board.geometry(), &m).ok())
    {
        return Game {
            board,
            human: fresh.human,
            robot: None,
        };
    }
    if let Some(saved) = storage::load_game() {
        let geometry = Geometry::new(saved.size.0.into(), saved.size.1.into(), 4);
        if let Some(board) = geometry
            .ok()
            .and_then(|g| Board::from_moves(g, &saved.moves).ok())
        {
            return Game {
                board,
                human: saved.human,
                robot: None,
            };
        }
    }
    fresh
}

fn url_position() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    params.get("pos")
}

/// Keeps the address bar's `?pos=` in step with the game.
fn write_url_position(moves: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(history) = window.history() else {
        return;
    };
    let url = if moves.is_empty() {
        "./".to_string()
    } else {
        format!("?pos={moves}")
    };
    let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
}

/// A line of the computer's thoughts.
fn narrate(fact: &Fact, lang: Lang) -> String {
    match (fact, lang) {
        (Fact::WinsNow, Lang::En) => "This move wins.".into(),
        (Fact::WinsNow, Lang::De) => "Dieser Zug gewinnt.".into(),
        (Fact::WinsIn { stones }, Lang::En) => format!("I can win with {stones} more coins."),
        (Fact::WinsIn { stones }, Lang::De) => {
            format!("Ich kann mit {stones} weiteren Steinen gewinnen.")
        }
        (Fact::LosesIn { stones }, Lang::En) => {
            format!("If you play perfectly you win with {stones} more coins.")
        }
        (Fact::LosesIn { stones }, Lang::De) => {
            format!("Wenn du perfekt spielst, gewinnst du mit {stones} weiteren Steinen.")
        }
        (Fact::Draw, Lang::En) => "With best play on both sides this is a draw.".into(),
        (Fact::Draw, Lang::De) => "Bei bestem Spiel endet es unentschieden.".into(),
        (Fact::MustBlock { column }, Lang::En) => format!("I must block column {}.", column + 1),
        (Fact::MustBlock { column }, Lang::De) => {
            format!("Ich muss Spalte {} blockieren.", column + 1)
        }
        (Fact::CreatesThreats { count }, Lang::En) => format!("This move creates {count} threats."),
        (Fact::CreatesThreats { count }, Lang::De) => {
            format!("Dieser Zug schafft {count} Drohungen.")
        }
        (Fact::EveryOtherMoveLoses, Lang::En) => "Every other move loses.".into(),
        (Fact::EveryOtherMoveLoses, Lang::De) => "Jeder andere Zug verliert.".into(),
        (Fact::Unsolved { seconds }, Lang::En) => format!(
            "The perfect analysis was not done after {seconds} s, so this move comes from my Hard search."
        ),
        (Fact::Unsolved { seconds }, Lang::De) => format!(
            "Die perfekte Analyse war nach {seconds} s nicht fertig, darum kommt dieser Zug aus meiner starken Suche."
        ),
        (Fact::RandomMove { .. }, Lang::En) => "I'll let you have a chance …".into(),
        (Fact::RandomMove { .. }, Lang::De) => "Ich lasse dir eine Chance …".into(),
    }
}

/// The app's state and actions, shared by its components.
#[derive(Clone, Copy)]
struct Ctx {
    settings: RwSignal<Settings>,
    game: RwSignal<Game>,
    thinking: RwSignal<bool>,
    progress: RwSignal<Option<SearchProgress>>,
    message: RwSignal<Option<String>>,
    thoughts: RwSignal<Vec<String>>,
    column_values: RwSignal<Option<(bool, Vec<Option<i32>>)>>,
    last_pv: RwSignal<Vec<u8>>,
    trace: RwSignal<Option<SearchTrace>>,
    /// Minimax beside alpha-beta for the teaching view, once asked for.
    teaching: RwSignal<Option<engine::player::Teaching>>,
    /// Which tree the panel shows.
    tree_kind: RwSignal<tree::TreeKind>,
    /// The worker's opening book: depth and positions.
    book: RwSignal<Option<(u8, u32)>>,
    /// The worker's position database, once it says.
    database: RwSignal<Option<Database>>,
    /// Column values as numbers instead of words.
    value_numbers: RwSignal<bool>,
    /// The finished game's review, once asked for.
    review: RwSignal<Option<review::GameReview>>,
    hover: RwSignal<Option<usize>>,
    shake: RwSignal<Option<usize>>,
    request: StoredValue<u32>,
    worker: StoredValue<Option<SearchWorker>, LocalStorage>,
    /// The booth's state while the page is connected to a bridge.
    robot: RwSignal<Option<booth_protocol::Snapshot>>,
    /// Seconds left, after the bridge asked whether the player is still there.
    still_there: RwSignal<Option<u64>>,
    /// The computer's move, waiting for the robot to be ready for it.
    robot_move: StoredValue<Option<usize>>,
    /// This page only watches the robot (the `/watch` route).
    watching: bool,
    booth: StoredValue<Option<booth_link::BoothLink>, LocalStorage>,
    /// The channel to spectator screens on this device.
    spectate: StoredValue<Option<spectate::Spectate>, LocalStorage>,
}

impl Ctx {
    fn lang(self) -> Lang {
        self.settings.with_untracked(|s| s.lang)
    }

    fn say(self, text: Text) {
        self.message.set(Some(self.lang().t(text).to_string()));
    }

    fn next_request(self) -> u32 {
        self.request.update_value(|r| *r += 1);
        self.request.get_value()
    }

    fn send(self, request: ToWorker) {
        self.worker.with_value(|w| {
            if let Some(w) = w {
                w.send(request);
            }
        });
    }

    /// Stops any search and forgets its answer.
    fn stop_thinking(self) {
        self.next_request();
        self.worker.with_value(|w| {
            if let Some(w) = w {
                w.cancel();
            }
        });
        self.thinking.set(false);
        self.progress.set(None);
        // A tree caught mid-search would stay half-drawn: drop it.
        let half_drawn = self
            .trace
            .with_untracked(|t| t.as_ref().is_some_and(SearchTrace::is_running));
        if half_drawn {
            self.trace.set(None);
        }
    }

    /// A person taps a column.
    fn human_drop(self, column: usize) {
        let game = self.game.get_untracked();
        let mode = self.settings.with_untracked(|s| s.mode);
        if self.watching {
            return self.say(Text::Watching);
        }
        if game.board.is_over() {
            return self.say(Text::GameOverRefused);
        }
        if game.computer_to_move(mode) {
            return self.say(Text::NotYourTurn);
        }
        if !game.board.can_play(column) {
            self.shake.set(Some(column));
            set_timeout(
                move || self.shake.set(None),
                std::time::Duration::from_millis(400),
            );
            return self.say(Text::ColumnFull);
        }
        if game.robot.is_some() {
            return self.robot_drop(column);
        }
        self.play(column);
    }

    fn play(self, column: usize) {
        if self
            .column_values
            .with_untracked(|v| matches!(v, Some((true, _))))
        {
            // A hint still running answers for the position before.
            self.stop_thinking();
        }
        self.message.set(None);
        self.column_values.update(|v| {
            if matches!(v, Some((true, _))) {
                *v = None;
            }
        });
        self.game.update(|g| {
            let _ = g.board.play(column);
        });
        self.after_move();
    }

    /// Lets the adaptive level learn from a finished game.
    fn after_move(self) {
        let game = self.game.get_untracked();
        if game.board.is_over() {
            let mode = self.settings.with_untracked(|s| s.mode);
            if game.mode(mode) == GameMode::VsComputer {
                let computer_won = game.board.winner().map(|w| w != game.human);
                self.send(ToWorker::GameOver { computer_won });
            }
        }
    }

    /// Asks the worker for the computer's move when it is its turn.
    fn maybe_think(self) {
        let (game, settings) = (self.game.get_untracked(), self.settings.get_untracked());
        let waiting_for_robot = self.robot_move.get_value().is_some();
        if self.watching
            || waiting_for_robot
            || !game.computer_to_move(settings.mode)
            || self.thinking.get_untracked()
        {
            return;
        }
        self.thinking.set(true);
        let id = self.next_request();
        let (level, style) = match game.mode(settings.mode) {
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
        let delay = if game.mode(settings.mode) == GameMode::Demo {
            DEMO_PACE_MS
        } else {
            0
        };
        set_timeout(
            move || {
                if self.request.get_value() == id {
                    self.send(request);
                }
            },
            std::time::Duration::from_millis(delay.into()),
        );
    }

    fn receive(self, message: FromWorker) {
        let current = self.request.get_value();
        match message {
            FromWorker::Ready => {}
            FromWorker::Book { depth, positions } => self.book.set(Some((depth, positions))),
            FromWorker::Database(news) => self.database.set(Some(news)),
            FromWorker::Reviewed { id, marks } if id == current => self.reviewed(marks),
            FromWorker::Analysis { id, scores } if id == current => {
                self.message.set(None);
                self.column_values.set(Some((true, scores)));
            }
            FromWorker::Progress { id, mut progress } if id == current => {
                // The tree grows on the screen while the search runs.
                if let Some(tree) = progress.tree.take() {
                    self.trace.set(Some(tree));
                }
                self.progress.set(Some(progress))
            }
            FromWorker::Progress { .. } => {}
            FromWorker::Chosen { id, decision } if id == current => {
                self.thinking.set(false);
                self.progress.set(None);
                self.show_decision(&decision);
                if self.watching {
                    self.demo_chosen(&decision);
                } else if self.game.with_untracked(|g| g.robot.is_some()) {
                    self.robot_computer_move(&decision);
                } else {
                    self.play(decision.column);
                }
            }
            FromWorker::Teaching { teaching }
                if Some(&teaching.minimax.root_moves) == self.teaching_root().as_ref() =>
            {
                self.teaching.set(Some(*teaching));
            }
            FromWorker::Failed { id, .. } if id == current => {
                // The computer's move failed, or a hint or a review (asked
                // for while the computer was not thinking) ran out of time.
                if self.thinking.get_untracked() {
                    self.say(Text::WorkerFailed);
                } else {
                    self.say(Text::HintTooDeep);
                }
                self.thinking.set(false);
            }
            _ => {}
        }
    }

    /// The position the teaching view explains: the root of the last
    /// search, or the board when there was none.
    fn teaching_root(self) -> Option<String> {
        let from_trace = self
            .trace
            .with_untracked(|t| t.as_ref().map(|t| t.root_moves.clone()));
        from_trace
            .filter(|m| !m.is_empty())
            .or_else(|| Some(self.game.with_untracked(|g| g.board.to_string())))
    }

    /// Asks the worker for the teaching trees when they are shown and
    /// stale.
    fn want_teaching(self) {
        if self.tree_kind.get_untracked() != tree::TreeKind::Minimax {
            return;
        }
        let Some(root) = self.teaching_root() else {
            return;
        };
        let fresh = self
            .teaching
            .with_untracked(|t| t.as_ref().is_some_and(|t| t.minimax.root_moves == root));
        if !fresh {
            self.teaching.set(None);
            self.send(ToWorker::Teach {
                moves: root,
                geometry: self.game.with_untracked(|g| g.board.geometry()),
                depth: TEACHING_DEPTH,
            });
        }
    }

    fn show_decision(self, decision: &Decision) {
        let lang = self.lang();
        let col = decision.column + 1;
        let mut lines = vec![match lang {
            Lang::En => format!(
                "Column {col} (depth {}, {} positions searched).",
                decision.depth, decision.nodes
            ),
            Lang::De => format!(
                "Spalte {col} (Tiefe {}, {} Stellungen durchsucht).",
                decision.depth, decision.nodes
            ),
        }];
        lines.extend(decision.facts.iter().map(|f| narrate(f, lang)));
        self.thoughts.update(|t| {
            t.splice(0..0, lines);
            t.truncate(30);
        });
        self.column_values
            .set(Some((false, decision.column_values.clone())));
        self.last_pv.set(decision.pv.clone());
        self.trace.set(Some(decision.trace.clone()));
    }

    fn new_game(self, confirm: bool) {
        let running = self
            .game
            .with_untracked(|g| g.board.plies() > 0 && !g.board.is_over());
        if confirm && running {
            let ok = web_sys::window()
                .and_then(|w| w.confirm_with_message(self.lang().t(Text::ConfirmNew)).ok())
                .unwrap_or(true);
            if !ok {
                return;
            }
        }
        self.stop_thinking();
        self.message.set(None);
        self.column_values.set(None);
        self.last_pv.set(Vec::new());
        if let Some(robot) = self.game.with_untracked(|g| g.robot) {
            return self.robot_start(robot.vs_computer);
        }
        let settings = self.settings.get_untracked();
        self.game.set(Game::new(&settings));
    }

    fn undo(self) {
        let mode = self.settings.with_untracked(|s| s.mode);
        let game = self.game.get_untracked();
        if game.robot.is_some() {
            return self.say(Text::NoUndoOnRobot);
        }
        if game.board.plies() == 0 || mode == GameMode::Demo {
            return self.say(Text::NothingToUndo);
        }
        self.stop_thinking();
        self.column_values.set(None);
        self.game.update(|g| {
            g.board.undo(1);
            // Against the computer, take back its reply and your move.
            if mode == GameMode::VsComputer {
                while g.board.side_to_move() != g.human && g.board.plies() > 0 {
                    g.board.undo(1);
                }
            }
        });
        self.message.set(None);
    }

    fn hint(self) {
        let game = self.game.get_untracked();
        if game.board.is_over() {
            return self.say(Text::GameOverRefused);
        }
        if self.thinking.get_untracked() {
            return self.say(Text::NotYourTurn);
        }
        let id = self.next_request();
        self.say(Text::HintWaiting);
        self.column_values.set(None);
        self.send(ToWorker::Analyze {
            id,
            moves: game.board.to_string(),
            geometry: game.board.geometry(),
            limit_ms: HINT_LIMIT_MS,
        });
    }
}

fn set_timeout(f: impl FnOnce() + 'static, after: std::time::Duration) {
    gloo_timers::callback::Timeout::new(after.as_millis() as u32, f).forget();
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let settings = RwSignal::new(storage::load_settings());
    let game = RwSignal::new(first_game(&settings.get_untracked()));
    let ctx = Ctx {
        settings,
        game,
        thinking: RwSignal::new(false),
        progress: RwSignal::new(None),
        message: RwSignal::new(None),
        thoughts: RwSignal::new(Vec::new()),
        column_values: RwSignal::new(None),
        last_pv: RwSignal::new(Vec::new()),
        trace: RwSignal::new(None),
        teaching: RwSignal::new(None),
        tree_kind: RwSignal::new(tree::TreeKind::Search),
        book: RwSignal::new(None),
        database: RwSignal::new(None),
        value_numbers: RwSignal::new(false),
        review: RwSignal::new(None),
        hover: RwSignal::new(None),
        shake: RwSignal::new(None),
        request: StoredValue::new(0),
        worker: StoredValue::new_local(None),
        robot: RwSignal::new(None),
        still_there: RwSignal::new(None),
        robot_move: StoredValue::new(None),
        watching: robot::watch_route(),
        booth: StoredValue::new_local(None),
        spectate: StoredValue::new_local(None),
    };
    ctx.worker
        .set_value(Some(SearchWorker::start(move |m| ctx.receive(m))));
    ctx.connect_booth();
    ctx.start_spectate();
    provide_context(ctx);

    // Persist, keep the URL in step, and let the computer move.
    Effect::new(move |_| {
        let g = game.get();
        // The robot's game lives in the bridge, not in this page's storage.
        if g.robot.is_none() && !ctx.watching {
            storage::save_game(&g.saved());
            // A task of its own: the browser's history update took about 7
            // ms a move (22 ms over three in a CPU profile), on top of
            // drawing the computer's move and its tree.
            let moves = g.board.to_string();
            set_timeout(
                move || write_url_position(&moves),
                std::time::Duration::ZERO,
            );
        }
        ctx.maybe_think();
    });
    Effect::new(move |_| {
        let s = settings.get();
        storage::save_settings(&s);
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", if s.lang == Lang::De { "de" } else { "en" });
        }
        ctx.maybe_think();
    });

    let _keys = window_event_listener(ev::keydown, move |e: web_sys::KeyboardEvent| {
        let target_is_field = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
        if target_is_field {
            return;
        }
        let columns = game.with_untracked(|g| g.board.geometry().columns());
        let key = e.key();
        if let Ok(d) = key.parse::<usize>() {
            if (1..=columns).contains(&d) {
                ctx.human_drop(d - 1);
            }
        } else if key == "ArrowLeft" || key == "ArrowRight" {
            let at = ctx.hover.get_untracked().unwrap_or(columns / 2);
            let next = if key == "ArrowLeft" {
                at.saturating_sub(1)
            } else {
                (at + 1).min(columns - 1)
            };
            ctx.hover.set(Some(next));
        } else if key == "Enter" {
            // Enter on a focused button clicks it already.
            let on_button = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
                .is_some_and(|el| el.tag_name() == "BUTTON");
            if let (false, Some(c)) = (on_button, ctx.hover.get_untracked()) {
                ctx.human_drop(c);
            }
        }
    });

    let class = move || {
        let s = settings.get();
        let mut c = String::from("app");
        if ctx.watching {
            c.push_str(" watching");
        }
        if s.high_contrast {
            c.push_str(" contrast");
        }
        if s.marks {
            c.push_str(" marks");
        }
        if !s.animation {
            c.push_str(" still");
        }
        c
    };
    view! {
        <div class=class>
            <Toolbar/>
            <main class="play">
                <div class="board-area">
                    <robot::RobotLine/>
                    <StatusLine/>
                    <ColumnValues/>
                    <BoardView/>
                    <review::ReviewPanel/>
                </div>
                <Thoughts/>
            </main>
            <SettingsPanel/>
            <HelpPanel/>
            <explainer::Explainer/>
            <robot::RobotPanel/>
        </div>
    }
}

fn use_ctx() -> Ctx {
    expect_context::<Ctx>()
}

/// The buttons above the board.
#[component]
fn Toolbar() -> impl IntoView {
    let ctx = use_ctx();
    let t = move |text| ctx.settings.with(|s| s.lang.t(text));
    let open = RwSignal::new(false);
    provide_context(open);
    view! {
        <header class="toolbar">
            <h1>{move || t(Text::Title)}</h1>
            <nav>
                <Show when=move || !ctx.watching>
                    <button on:click=move |_| ctx.new_game(true)>{move || t(Text::NewGame)}</button>
                    <button on:click=move |_| ctx.undo()>{move || t(Text::Undo)}</button>
                    <button on:click=move |_| ctx.hint()>{move || t(Text::Hint)}</button>
                </Show>
                <button on:click=move |_| toggle_panel("settings")>{move || t(Text::Settings)}</button>
                <button on:click=move |_| toggle_panel("help")>{move || t(Text::Help)}</button>
                <Show when=move || ctx.robot.with(Option::is_some) && !ctx.watching>
                    <button class="robot-button" on:click=move |_| toggle_panel("robot")>{move || t(Text::Robot)}</button>
                </Show>
            </nav>
        </header>
    }
}

fn toggle_panel(id: &str) {
    if let Some(el) = document().get_element_by_id(id) {
        let _ = el.class_list().toggle("open");
    }
}

/// Whose turn, the level, the result, or why an action was refused.
#[component]
fn StatusLine() -> impl IntoView {
    let ctx = use_ctx();
    let text = move || {
        let s = ctx.settings.get();
        let g = ctx.game.get();
        let lang = s.lang;
        if let Some(m) = ctx.message.get() {
            return m;
        }
        let colour = |side: Side| s.colours[usize::from(side == Side::Second)].name(lang);
        let level = format!(
            "{} ({})",
            level_name(s.level, lang),
            style_name(s.style, lang)
        );
        // A spectator is neither side: name the colours.
        let mode = if ctx.watching {
            GameMode::HotSeat
        } else {
            g.mode(s.mode)
        };
        match g.board.status() {
            Status::Won(w) => match mode {
                GameMode::VsComputer if w == g.human => lang.t(Text::YouWon).to_string(),
                GameMode::VsComputer => lang.t(Text::YouLost).to_string(),
                _ => format!("{} {}!", capitalise(colour(w)), lang.t(Text::Wins)),
            },
            Status::Draw => lang.t(Text::Draw).to_string(),
            Status::InProgress => {
                let side = g.board.side_to_move();
                // In a robot game the computer's move may wait for the robot.
                let computers_turn = mode == GameMode::VsComputer && side != g.human;
                if ctx.thinking.get() || computers_turn {
                    format!("{} – {level}", lang.t(Text::ComputerThinking))
                } else if mode == GameMode::VsComputer && side == g.human {
                    format!("{} ({}) – {level}", lang.t(Text::YourTurn), colour(side))
                } else {
                    format!("{} {}", capitalise(colour(side)), lang.t(Text::Turn))
                }
            }
        }
    };
    let over = move || ctx.game.with(|g| g.board.is_over());
    view! {
        <div class="status-row">
            <p class="status" role="status" aria-live="polite">{text}</p>
            <Show when=move || over() && !ctx.watching>
                <button class="again" on:click=move |_| ctx.new_game(false)>
                    {move || ctx.settings.with(|s| s.lang.t(Text::PlayAgain))}
                </button>
                <button class="review-game" on:click=move |_| ctx.request_review()>
                    {move || match ctx.settings.with(|s| s.lang) {
                        Lang::En => "Review the game",
                        Lang::De => "Partie auswerten",
                    }}
                </button>
            </Show>
        </div>
    }
}

fn capitalise(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn style_name(style: Style, lang: Lang) -> &'static str {
    lang.t(match style {
        Style::Defensive => Text::Defensive,
        Style::Normal => Text::Normal,
        Style::Aggressive => Text::Aggressive,
    })
}

/// The value of each column as a bar: the perfect score after a hint, in
/// words (a tap on the row shows the numbers), else the computer's last
/// search as a number; green is good for the side to move, red bad, and
/// the longer the bar the clearer.
#[component]
fn ColumnValues() -> impl IntoView {
    let ctx = use_ctx();
    let cells = move || {
        let (geometry, plies) = ctx.game.with(|g| (g.board.geometry(), g.board.plies()));
        let lang = ctx.settings.with(|s| s.lang);
        let numbers = ctx.value_numbers.get();
        let values = ctx.column_values.get();
        let perfect = values.as_ref().is_some_and(|(hint, _)| *hint);
        let known: Vec<i32> = values
            .iter()
            .flat_map(|(_, v)| v.iter().flatten().copied())
            .collect();
        (0..geometry.columns())
            .map(|c| {
                let v = values
                    .as_ref()
                    .and_then(|(_, v)| v.get(c).copied().flatten());
                let class = match v {
                    Some(v) if v > 0 => "value good",
                    Some(v) if v < 0 => "value bad",
                    Some(_) => "value even",
                    None => "value",
                };
                let style = format!("--bar:{:.2}", v.map_or(0.0, |v| bar_length(v, &known)));
                let text = match v {
                    Some(v) if perfect && !numbers => {
                        perfect_words(v, geometry.cells(), plies, lang)
                    }
                    Some(v) => short_value(v),
                    None => String::new(),
                };
                let score = v.filter(|_| perfect).map(|v| v.to_string());
                view! {
                    <span class=class style=style data-column=c + 1 data-score=score>
                        <i class="bar"></i>{text}
                    </span>
                }
            })
            .collect_view()
    };
    view! {
        <div class="values" class:words=move || !ctx.value_numbers.get()
            on:click=move |_| ctx.value_numbers.update(|n| *n = !*n)>{cells}</div>
    }
}

/// The board: cells announced to screen readers, one button per column.
#[component]
fn BoardView() -> impl IntoView {
    let ctx = use_ctx();
    let grid = move || {
        let g = ctx.game.get();
        let s = ctx.settings.get();
        let lang = s.lang;
        let geometry = g.board.geometry();
        let (w, h) = (geometry.columns(), geometry.rows());
        let win: Vec<(u8, u8)> = g
            .board
            .winning_line()
            .unwrap_or_default()
            .iter()
            .map(|c| (c.column, c.row))
            .collect();
        let last = g.board.last_move().map(|c| (c, g.board.height(c) - 1));
        let pv = ctx.last_pv.get();
        let mut expected: Vec<(usize, usize, usize)> = Vec::new();
        if !g.board.is_over() && !ctx.thinking.get() && g.mode(s.mode) != GameMode::HotSeat {
            let mut future = g.board.clone();
            for (i, &c) in pv.iter().skip(1).take(4).enumerate() {
                let c = usize::from(c);
                if future.play(c).is_err() {
                    break;
                }
                expected.push((c, future.height(c) - 1, i + 1));
            }
        }
        let mut cells = Vec::with_capacity(w * h);
        for r in (0..h).rev() {
            for c in 0..w {
                let owner = g.board.cell(c, r);
                let colour = owner.map(|side| s.colours[usize::from(side == Side::Second)]);
                let what = colour.map_or(lang.t(Text::Empty), |col| col.name(lang));
                let label = format!(
                    "{} {}, {} {}: {what}",
                    lang.t(Text::Row),
                    r + 1,
                    lang.t(Text::Column).to_lowercase(),
                    c + 1
                );
                let mut class = String::from("cell");
                if win.contains(&(c as u8, r as u8)) {
                    class.push_str(" win");
                }
                let coin = colour.map(|col| {
                    let fresh = last == Some((c, r));
                    let side = if owner == Some(Side::First) {
                        "first"
                    } else {
                        "second"
                    };
                    let class = format!(
                        "coin {} {side}{}",
                        col.class(),
                        if fresh { " fresh" } else { "" }
                    );
                    let style = format!("--fall:{}", h - r);
                    view! { <div class=class style=style></div> }
                });
                let ghost = expected
                    .iter()
                    .find(|e| e.0 == c && e.1 == r)
                    .map(|&(_, _, n)| {
                        let side = g.board.side_to_move();
                        let side = if n % 2 == 1 { side } else { side.other() };
                        let col = s.colours[usize::from(side == Side::Second)];
                        view! { <div class=format!("coin ghost {}", col.class())>{n}</div> }
                    });
                cells.push(
                    view! { <div class=class role="img" aria-label=label>{coin}{ghost}</div> },
                );
            }
        }
        cells.collect_view()
    };
    let buttons = move || {
        let (w, lang) = (
            ctx.game.with(|g| g.board.geometry().columns()),
            ctx.settings.with(|s| s.lang),
        );
        (0..w)
            .map(|c| {
                let label = format!("{} {}", lang.t(Text::Column), c + 1);
                let class = move || {
                    let mut k = String::from("column");
                    if ctx.shake.get() == Some(c) {
                        k.push_str(" shake");
                    }
                    if ctx.hover.get() == Some(c) {
                        k.push_str(" hover");
                    }
                    k
                };
                view! {
                    <button
                        class=class
                        aria-label=label
                        on:click=move |_| ctx.human_drop(c)
                        on:pointerenter=move |_| ctx.hover.set(Some(c))
                        on:focus=move |_| ctx.hover.set(Some(c))
                    ></button>
                }
            })
            .collect_view()
    };
    let hover_row = move || {
        let g = ctx.game.get();
        let s = ctx.settings.get();
        let w = g.board.geometry().columns();
        let side = g.board.side_to_move();
        let colour = s.colours[usize::from(side == Side::Second)];
        let show = !g.board.is_over() && !g.computer_to_move(s.mode);
        (0..w)
            .map(|c| {
                let coin = (show && ctx.hover.get() == Some(c))
                    .then(|| view! { <div class=format!("coin {}", colour.class())></div> });
                view! { <div class="slot">{coin}</div> }
            })
            .collect_view()
    };
    let style = move || {
        let g = ctx.game.with(|g| g.board.geometry());
        format!("--cols:{};--rows:{}", g.columns(), g.rows())
    };
    view! {
        <div class="board-wrap" style=style on:pointerleave=move |_| ctx.hover.set(None)>
            <div class="hover-row" aria-hidden="true">{hover_row}</div>
            <div class="board">
                <div class="cells">{grid}</div>
                <div class="columns">{buttons}</div>
            </div>
        </div>
    }
}

/// What the computer thinks: its search tree and its thoughts, newest first.
#[component]
fn Thoughts() -> impl IntoView {
    let ctx = use_ctx();
    let colours = Signal::derive(move || {
        ctx.settings
            .with(|s| [s.colours[0].class(), s.colours[1].class()])
    });
    let lang = Signal::derive(move || ctx.settings.with(|s| s.lang));
    let geometry = Signal::derive(move || ctx.game.with(|g| g.board.geometry()));
    Effect::new(move |_| {
        ctx.tree_kind.track();
        ctx.trace.track();
        ctx.want_teaching();
    });
    view! {
        <aside class="thoughts" aria-live="polite">
            <div class="thoughts-head">
                <h2>{move || ctx.settings.with(|s| s.lang.t(Text::Thoughts))}</h2>
                <a class="spectator-link" href="#/watch" target="_blank">
                    {move || ctx.settings.with(|s| s.lang.t(Text::SpectatorScreen))}
                </a>
            </div>
            <SearchLine/>
            <tree::TreeView trace=ctx.trace.into() teaching=ctx.teaching.into() kind=ctx.tree_kind
                colours=colours lang=lang geometry=geometry/>
            <ol>{move || ctx.thoughts.get().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ol>
        </aside>
    }
}

/// The running search in numbers: depth, positions, speed, best so far.
#[component]
fn SearchLine() -> impl IntoView {
    let ctx = use_ctx();
    let text = move || {
        let lang = ctx.settings.with(|s| s.lang);
        let Some(p) = ctx.progress.get() else {
            return ctx
                .database
                .get()
                .and_then(|db| database::loading_line(db, lang));
        };
        let best = match (p.best_column, p.best_value) {
            (Some(c), Some(v)) => match lang {
                Lang::De => format!(" · bisher am besten: Spalte {} ({})", c + 1, short_value(v)),
                Lang::En => format!(" · best so far: column {} ({})", c + 1, short_value(v)),
            },
            _ => String::new(),
        };
        let speed = grouped(p.nodes_per_second as u64);
        Some(match lang {
            Lang::De => format!(
                "Tiefe {} · {} Stellungen · {speed}/s{best}",
                p.depth,
                grouped(p.nodes)
            ),
            Lang::En => format!(
                "Depth {} · {} positions · {speed}/s{best}",
                p.depth,
                grouped(p.nodes)
            ),
        })
    };
    view! { <p class="search-line">{text}</p> }
}

/// A number with thin spaces between groups of three digits.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{202f}');
        }
        out.push(d);
    }
    out
}

/// Mode, level, colours and the rest.
#[component]
fn SettingsPanel() -> impl IntoView {
    let ctx = use_ctx();
    let s = ctx.settings;
    let t = move |text| s.with(|s| s.lang.t(text));
    // Changing who plays or the board ends the game; the rest applies at once.
    let set_and_restart = move |f: Box<dyn Fn(&mut Settings)>| {
        s.update(|s| f(s));
        ctx.new_game(false);
    };
    let mode_options = move || {
        let lang = s.with(|s| s.lang);
        [(GameMode::VsComputer, Text::VsComputer), (GameMode::HotSeat, Text::HotSeat), (GameMode::Demo, Text::Demo)]
            .into_iter()
            .map(|(m, label)| {
                view! { <option value=format!("{m:?}") selected=move || s.with(|s| s.mode == m)>{lang.t(label)}</option> }
            })
            .collect_view()
    };
    let level_options = move || {
        let lang = s.with(|s| s.lang);
        offered_levels().enumerate()
            .map(|(i, l)| view! { <option value=i.to_string() selected=move || s.with(|s| s.level == l)>{level_name(l, lang)}</option> })
            .collect_view()
    };
    let style_options = move || {
        let lang = s.with(|s| s.lang);
        [Style::Defensive, Style::Normal, Style::Aggressive]
            .into_iter()
            .map(|st| view! { <option value=format!("{st:?}") selected=move || s.with(|s| s.style == st)>{style_name(st, lang)}</option> })
            .collect_view()
    };
    let starter_options = move || {
        let lang = s.with(|s| s.lang);
        [(Starter::Me, Text::Me), (Starter::Computer, Text::Computer), (Starter::Random, Text::Random)]
            .into_iter()
            .map(|(st, label)| view! { <option value=format!("{st:?}") selected=move || s.with(|s| s.starter == st)>{lang.t(label)}</option> })
            .collect_view()
    };
    let colour_select = move |i: usize| {
        let options = move || {
            let lang = s.with(|s| s.lang);
            CoinColour::ALL
                .into_iter()
                .map(|c| view! { <option value=format!("{c:?}") selected=move || s.with(|s| s.colours[i] == c)>{c.name(lang)}</option> })
                .collect_view()
        };
        view! {
            <select aria-label=move || format!("{} {}", t(Text::Colours), i + 1) on:change=move |e| {
                let v = event_target_value(&e);
                if let Some(c) = CoinColour::ALL.into_iter().find(|c| format!("{c:?}") == v) {
                    s.update(|s| {
                        if s.colours[1 - i] == c {
                            s.colours[1 - i] = s.colours[i];
                        }
                        s.colours[i] = c;
                    });
                }
            }>{options}</select>
        }
    };
    let size_options = move || {
        SIZES
            .into_iter()
            .map(|(c, r)| view! { <option value=format!("{c}x{r}") selected=move || s.with(|s| s.size == (c, r))>{format!("{c} × {r}")}</option> })
            .collect_view()
    };
    view! {
        <section id="settings" class="panel" aria-label=move || t(Text::Settings)>
            <h2>{move || t(Text::Settings)}</h2>
            <label>{move || t(Text::Mode)}
                <select on:change=move |e| {
                    let v = event_target_value(&e);
                    let m = [GameMode::VsComputer, GameMode::HotSeat, GameMode::Demo].into_iter().find(|m| format!("{m:?}") == v);
                    if let Some(m) = m { set_and_restart(Box::new(move |s| s.mode = m)); }
                }>{mode_options}</select>
            </label>
            <label>{move || t(Text::Level)}
                <select on:change=move |e| {
                    if let Some(l) = event_target_value(&e).parse::<usize>().ok().and_then(|i| offered_levels().nth(i)) {
                        s.update(|s| s.level = l);
                    }
                }>{level_options}</select>
            </label>
            <label>{move || t(Text::Style)}
                <select on:change=move |e| {
                    let v = event_target_value(&e);
                    if let Some(st) = [Style::Defensive, Style::Normal, Style::Aggressive].into_iter().find(|st| format!("{st:?}") == v) {
                        s.update(|s| s.style = st);
                    }
                }>{style_options}</select>
            </label>
            <label>{move || t(Text::Starts)}
                <select on:change=move |e| {
                    let v = event_target_value(&e);
                    if let Some(st) = [Starter::Me, Starter::Computer, Starter::Random].into_iter().find(|st| format!("{st:?}") == v) {
                        set_and_restart(Box::new(move |s| s.starter = st));
                    }
                }>{starter_options}</select>
            </label>
            <fieldset><legend>{move || t(Text::Colours)}</legend>{colour_select(0)}{colour_select(1)}</fieldset>
            <label>{move || t(Text::BoardSize)}
                <select on:change=move |e| {
                    let v = event_target_value(&e);
                    if let Some(size) = SIZES.into_iter().find(|(c, r)| format!("{c}x{r}") == v) {
                        set_and_restart(Box::new(move |s| s.size = size));
                    }
                }>{size_options}</select>
            </label>
            <label>{move || t(Text::Language)}
                <select on:change=move |e| {
                    let lang = if event_target_value(&e) == "de" { Lang::De } else { Lang::En };
                    s.update(|s| s.lang = lang);
                }>
                    <option value="en" selected=move || s.with(|s| s.lang == Lang::En)>"English"</option>
                    <option value="de" selected=move || s.with(|s| s.lang == Lang::De)>"Deutsch"</option>
                </select>
            </label>
            <label class="check"><input type="checkbox" prop:checked=move || s.with(|s| s.animation)
                on:change=move |e| s.update(|s| s.animation = event_target_checked(&e))/>{move || t(Text::Animation)}</label>
            <label class="check"><input type="checkbox" prop:checked=move || s.with(|s| s.high_contrast)
                on:change=move |e| s.update(|s| s.high_contrast = event_target_checked(&e))/>{move || t(Text::HighContrast)}</label>
            <label class="check"><input type="checkbox" prop:checked=move || s.with(|s| s.marks)
                on:change=move |e| s.update(|s| s.marks = event_target_checked(&e))/>{move || t(Text::Marks)}</label>
            <button on:click=move |_| {
                if let Some(root) = document().document_element() {
                    let _ = root.request_fullscreen();
                }
            }>{move || t(Text::Fullscreen)}</button>
            <button class="close" on:click=move |_| toggle_panel("settings")>{move || t(Text::Close)}</button>
        </section>
    }
}

/// The rules, how to play, and about.
#[component]
fn HelpPanel() -> impl IntoView {
    let ctx = use_ctx();
    let t = move |text| ctx.settings.with(|s| s.lang.t(text));
    view! {
        <section id="help" class="panel" aria-label=move || t(Text::Help)>
            <h2>{move || t(Text::Help)}</h2>
            <p>{move || t(Text::HelpRules)}</p>
            <p>{move || t(Text::HelpPlay)}</p>
            <p>{move || format!("{} {} · MIT", t(Text::About), env!("CARGO_PKG_VERSION"))}</p>
            <p id="database-status">
                {move || database::status(ctx.database.get(), ctx.settings.with(|s| s.lang))}
            </p>
            <p id="book-status">
                {move || match (ctx.book.get(), ctx.settings.with(|s| s.lang)) {
                    (None, _) => t(Text::BookMissing).to_string(),
                    (Some((depth, n)), Lang::De) => format!(
                        "Eröffnungsbuch: alle Stellungen bis {depth} Steine ({n} Stellungen), perfektes Spiel dort sofort."
                    ),
                    (Some((depth, n)), Lang::En) => format!(
                        "Opening book: every position up to {depth} stones ({n} positions), perfect play there at once."
                    ),
                }}
            </p>
            <button class="close" on:click=move |_| toggle_panel("help")>{move || t(Text::Close)}</button>
        </section>
    }
}
