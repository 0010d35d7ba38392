//! The authoritative game on the robot: one at a time, moves checked with the
//! engine's rules, seats for the players, snapshots for every page.
//!
//! What the booth knows is plain data, the `table`: the pages and what
//! each said it is, and the `game` with its rules of seats and turns.
//! Each message a page can send is a `command` with a file of its own:
//! it parses the message, checks who sent it, changes the table and
//! returns the `change`s; so does the `clock`. `Booth::apply` is the
//! one place that turns changes into effects: the robot's grid, the
//! records, the pages' snapshots and notices, the computer's next move.
//! Commands are tested on a table alone (`command/tests.rs`), the booth
//! apart from the server (`tests.rs`).

mod change;
mod clock;
mod command;
mod computer;
mod demo;
pub mod events;
mod fairness;
mod game;
mod settings;
mod snapshot;
mod staff;
mod table;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use engine::player::{LevelSpec, SearchOverride};
use engine::{SolvedPositions, Status};

use crate::messages::{ClientMessage, ErrorCode, GameMode, ServerMessage};
use crate::outbox::Outbox;
use crate::records::{Activity, NewGame, Outcome, Records};
pub use crate::records::{GameRecord, Tally};
use crate::robot_link::{Desired, LinkState, RobotLink, RobotStatus};
use change::{Change, Changes};
pub use clock::{DEFAULT_GRACE, DEFAULT_OFFER, Times};
use command::{Command, Context};
pub use demo::DemoSettings;
use events::EventLog;
use game::seat;
pub use settings::BoothSettings;
pub use staff::{GameSummary, StaffAction};
use table::{Page, Table};

/// A connected page, as the server hands it over.
pub struct Client {
    outbox: Outbox,
    page: Page,
}

impl Client {
    /// Connection `id` from `address` before its hello: no role, no
    /// name, a session of its own until it names the one it keeps across
    /// reloads. An `own_screen` is one of the booth's own screens, trusted
    /// from the start.
    pub fn new(id: u64, outbox: Outbox, own_screen: bool, address: IpAddr) -> Client {
        Client {
            outbox,
            page: Page {
                role: None,
                session: format!("connection-{id}"),
                name: None,
                show_name: false,
                trusted: own_screen,
                own_screen,
                address,
            },
        }
    }
}

/// Within a storm of one fault, records at least this far apart.
const FAULT_RECORDS_APART: std::time::Duration = std::time::Duration::from_secs(60);

/// The booth: the table (pages and game) and its effects on the robot,
/// the records and the pages.
pub struct Booth {
    table: Table,
    /// Where each page's messages wait to be sent.
    outboxes: HashMap<u64, Outbox>,
    robot: RobotLink,
    times: Times,
    /// What a page is told when it connects.
    welcome: crate::messages::Welcome,
    records: Records,
    last_state: Option<LinkState>,
    /// When a fault was last recorded.
    fault_recorded: Option<std::time::Instant>,
    /// The link's count of faults, as far as the booth has noted them.
    faults_seen: u64,
    /// When the robot plays itself, at which levels (`None`: never).
    demo: Option<DemoSettings>,
    /// The levels a visitor may choose against the computer, and the
    /// booth's own tuning of them.
    levels: Vec<LevelSpec>,
    tuning: BTreeMap<String, SearchOverride>,
    /// What makes the computer's perfect play quick.
    game_data: SolvedPositions,
    /// The computer's search thread, from its first move on.
    computer: Option<computer::Computer>,
    /// Counts every change the pages are told of, for the operator page.
    changes: tokio::sync::watch::Sender<u64>,
    /// Faults and refusals, for the operator page.
    events: EventLog,
    /// Called on by the computer when it has a move: the booth should look
    /// before its next tick.
    wake: Arc<tokio::sync::Notify>,
    /// The last minute whose activity is recorded (Unix minutes).
    minute_recorded: i64,
}

impl Booth {
    /// A booth driving `robot`, keeping its games in `records`.
    pub fn new(
        robot: RobotLink,
        idle_ask: Duration,
        idle_free: Duration,
        records: Records,
    ) -> Booth {
        let booth = Booth {
            table: Table::new(),
            outboxes: HashMap::new(),
            robot,
            times: Times {
                idle_ask,
                idle_free,
                grace: DEFAULT_GRACE,
                offer: DEFAULT_OFFER,
            },
            welcome: crate::messages::Welcome::default(),
            records,
            last_state: None,
            fault_recorded: None,
            faults_seen: 0,
            demo: None,
            levels: ["easy", "medium", "hard", "perfect", "adaptive"]
                .map(|l| l.parse().expect("a known level"))
                .into(),
            tuning: BTreeMap::new(),
            game_data: SolvedPositions::default(),
            computer: None,
            changes: tokio::sync::watch::Sender::new(0),
            events: EventLog::default(),
            wake: Arc::new(tokio::sync::Notify::new()),
            minute_recorded: 0,
        };
        booth.update_robot();
        booth
    }

    /// How long a seat waits for a page that went away before the game
    /// ends and the others are told who left.
    pub fn set_grace(&mut self, grace: Duration) {
        self.times.grace = grace;
    }

    /// The levels visitors may choose against the computer (the first is
    /// taken when a page names none), as the booth tunes them.
    pub fn set_levels(&mut self, levels: Vec<LevelSpec>, tuning: BTreeMap<String, SearchOverride>) {
        self.levels = levels;
        self.tuning = tuning;
    }

    /// The opening book and the position database for the computer's
    /// perfect play (without them it falls back to the Hard search when
    /// a move takes too long).
    pub fn set_game_data(&mut self, data: SolvedPositions) {
        self.game_data = data;
    }

    /// The day's counts (blocks until the records have answered: for the
    /// end of the day and tests).
    pub fn tally(&self) -> Tally {
        self.records.today()
    }

    /// The booth's records, for the operator page and the export, which
    /// read them without the booth's lock.
    pub fn records(&self) -> Records {
        self.records.clone()
    }

    /// Marks a game still on as abandoned: the bridge is stopping.
    pub fn close_records(&self) {
        self.records.close_unfinished();
    }

    /// Called on every change of the robot's status: records faults and
    /// tells every page.
    pub fn robot_changed(&mut self) {
        let status = self.robot_status();
        let state = status.state;
        // Every fault the link saw since the last look, also those the
        // robot recovered from in between; and a port that went away.
        let reports = self.robot.fault_reports();
        let reported = reports.count.saturating_sub(self.faults_seen);
        self.faults_seen = reports.count;
        let lost =
            state == LinkState::Disconnected && self.last_state != Some(LinkState::Disconnected);
        if reported > 0 || lost {
            let fault = if reported > 0 { reports.last } else { None };
            // A storm of one fault is one line for the staff and a record a
            // minute at most, so that a robot gone mad cannot fill the card.
            let new = self.events.fault(fault, reported.max(1));
            let now = std::time::Instant::now();
            if new
                || self
                    .fault_recorded
                    .is_none_or(|at| now - at >= FAULT_RECORDS_APART)
            {
                let game = self.table.game.as_ref().and_then(|g| g.record);
                self.records.fault(fault, game);
                self.fault_recorded = Some(now);
            }
        }
        self.last_state = Some(state);
        self.broadcast();
        // A robot ready again takes the computer's move at once.
        self.computer_tick();
    }

    /// The robot's status now.
    pub fn robot_status(&self) -> RobotStatus {
        self.robot.status().borrow().clone()
    }

    /// The robot link (for its status channel and log).
    pub fn robot(&self) -> &RobotLink {
        &self.robot
    }

    /// A new connection; it gets a snapshot at once.
    pub fn connect(&mut self, id: u64, client: Client) {
        self.table.pages.insert(id, client.page);
        self.outboxes.insert(id, client.outbox);
        self.send_snapshot(id);
    }

    /// Marks a connection as allowed to play (it showed the LAN token).
    pub fn trust(&mut self, id: u64) {
        if let Some(page) = self.table.pages.get_mut(&id) {
            page.trusted = true;
        }
    }

    /// Whether connection `id` has said hello (as a player or spectator).
    pub fn has_said_hello(&self, id: u64) -> bool {
        self.table.pages.get(&id).is_some_and(|p| p.role.is_some())
    }

    /// A closed connection. Its seat stays for the grace time: the page may
    /// come back.
    pub fn disconnect(&mut self, id: u64) {
        self.outboxes.remove(&id);
        // A player's page gone: the others learn at once that the game
        // waits for it.
        if self.table.disconnect(id) {
            self.broadcast();
        }
    }

    /// Handles one message from connection `id`; the reply, if any, goes
    /// back to it alone.
    pub fn handle(&mut self, id: u64, message: ClientMessage) -> Option<ServerMessage> {
        let caller = self.table.caller(id)?;
        let context = Context {
            levels: &self.levels,
            tuning: &self.tuning,
            robot_ready: self.robot_ready(),
        };
        let reply = Command::parse(message)
            .and_then(|command| command.apply(&mut self.table, &caller, &context));
        let refusal = match reply {
            Ok(changes) => self.apply(changes),
            Err(code) => Some(code),
        }?;
        self.refused(id, refusal);
        Some(ServerMessage::Error { code: refusal })
    }

    /// The effects of changes, in their order: the robot's grid, the
    /// records, the pages, the computer's next move. Returns the refusal
    /// among them, for the caller's page.
    fn apply(&mut self, changes: Changes) -> Option<ErrorCode> {
        let mut refusal = None;
        for change in changes {
            match change {
                Change::Seats => self.broadcast(),
                Change::Game => {
                    self.update_robot();
                    self.broadcast();
                }
                Change::Coin => {
                    self.record_move();
                    self.update_robot();
                    self.broadcast();
                    self.computer_tick();
                }
                Change::SnapshotFor(id) => self.send_snapshot(id),
                Change::Notice { code, name } => {
                    self.send_to_all(&ServerMessage::Notice { code, name });
                }
                Change::RecordEnded { record, outcome } => {
                    self.records.end_game(record, outcome);
                    // The pages hear of it with the change that ended it.
                    self.table.fame += 1;
                }
                Change::AskStillThere {
                    session,
                    seconds_left,
                } => {
                    let ask = ServerMessage::StillThere { seconds_left };
                    for (id, page) in &self.table.pages {
                        if page.session == session
                            && let Some(outbox) = self.outboxes.get(id)
                        {
                            outbox.send(&ask);
                        }
                    }
                }
                Change::Refused(code) => refusal = Some(code),
            }
        }
        refusal
    }

    /// Writes the game's moves to the records. A game counts once a coin
    /// is in: starting again and again (or starting and walking away) is
    /// not a game played; a demo is not a game played.
    fn record_move(&mut self) {
        let Some(game) = self
            .table
            .game
            .as_mut()
            .filter(|g| g.mode != GameMode::Demo)
        else {
            return;
        };
        let moves = game.board.to_string();
        let record = match game.record {
            Some(id) => {
                self.records.update_game(id, &game.players(), &moves);
                id
            }
            None => {
                let id = self.records.begin_game(NewGame {
                    mode: game.mode,
                    computer: game.computer.map(seat),
                    level: game
                        .computer
                        .and_then(|side| game.seat_of(side).level)
                        .map(|level| level.to_string()),
                    players: game.players(),
                    moves,
                });
                game.record = Some(id);
                id
            }
        };
        let outcome = match game.board.status() {
            Status::Won(side) => Outcome::Won(seat(side)),
            Status::Draw => Outcome::Draw,
            Status::InProgress => return,
        };
        self.records.end_game(record, outcome);
        // Written before the pages hear of the end: their next look at
        // the hall of fame finds the game.
        self.table.fame += 1;
    }

    /// Records what the robot does once a minute, for the staff's day:
    /// playing, waiting, the demo or a fault.
    fn record_minute(&mut self) {
        let minute = crate::records::now() / 60;
        if minute == self.minute_recorded {
            return;
        }
        self.minute_recorded = minute;
        let down = matches!(
            self.robot_status().state,
            LinkState::Fault | LinkState::Disconnected
        );
        let activity = match &self.table.game {
            _ if down => Activity::Fault,
            Some(game) if game.mode == GameMode::Demo => Activity::Demo,
            Some(game) if !game.board.is_over() => Activity::Playing,
            _ => Activity::Waiting,
        };
        self.records.activity(minute, activity);
    }

    /// Notes, for the operator page, that the page of connection `id` was
    /// refused with `code`.
    pub fn refused(&mut self, id: u64, code: ErrorCode) {
        let name = self.table.name_of(id);
        // Not a change to the booth: a page that floods refusals must not
        // wake the staff's page each time (it shows them within seconds).
        self.events.refused(code, name);
    }

    /// The faults and refusals of late, oldest first.
    pub fn events(&self) -> impl DoubleEndedIterator<Item = &events::Event> {
        self.events.iter()
    }

    fn robot_ready(&self) -> bool {
        let s = self.robot_status();
        s.state == LinkState::Ready && s.in_sync
    }

    fn send_snapshot(&self, id: u64) {
        if let Some(outbox) = self.outboxes.get(&id) {
            let snapshot = self.table.snapshot_for(
                id,
                self.robot_status(),
                self.times.offer,
                self.times.grace,
            );
            outbox.send(&ServerMessage::Snapshot(Box::new(snapshot)));
        }
    }

    /// What the computer calls on when it has a move: whoever runs the
    /// booth's ticks should tick then too.
    pub fn waker(&self) -> Arc<tokio::sync::Notify> {
        Arc::clone(&self.wake)
    }

    /// The hall of fame's edition: it changes when a game ends or the
    /// staff hide an entry.
    pub fn fame_edition(&self) -> u32 {
        self.table.fame
    }

    /// Takes game `id` out of the hall of fame (`None`: every game of
    /// today), and tells the pages to look again.
    pub fn hide_from_fame(&mut self, id: Option<i64>) {
        match id {
            Some(id) => self.records.hide_from_fame(id),
            None => self.records.clear_fame(),
        }
        self.table.fame += 1;
        self.broadcast();
    }

    /// Changes as they happen (a counter): the game, the seats, the robot.
    pub fn changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// Sends every page its snapshot.
    pub fn broadcast(&self) {
        self.changes.send_modify(|n| *n += 1);
        for &id in self.outboxes.keys() {
            self.send_snapshot(id);
        }
    }

    /// Sends every page the computer's search, serialised once.
    fn search_to_all(&self, message: &ServerMessage) {
        let text: Arc<str> = serde_json::to_string(message)
            .expect("messages serialise")
            .into();
        for outbox in self.outboxes.values() {
            outbox.send_search(Arc::clone(&text));
        }
    }

    fn send_to_all(&self, message: &ServerMessage) {
        for outbox in self.outboxes.values() {
            outbox.send(message);
        }
    }

    /// What the robot should show for the game.
    fn update_robot(&self) {
        let desired = self
            .table
            .game
            .as_ref()
            .map_or_else(Desired::default, |g| Desired::of(&g.board));
        self.robot.set_desired(desired);
    }

    /// Called ten times a second: runs the demo, plays the computer's
    /// moves, asks idle players and frees their seats.
    pub fn tick(&mut self) {
        self.record_minute();
        if let Some(demo) = &self.demo {
            let changes = self.table.demo_tick(demo);
            self.apply(changes);
        }
        self.computer_tick();
        let robot_down = matches!(
            self.robot_status().state,
            LinkState::Fault | LinkState::Disconnected | LinkState::Restoring
        );
        let changes = self.table.tick(&self.times, robot_down);
        self.apply(changes);
        let changes = self.table.line_tick(self.times.grace);
        self.apply(changes);
    }
}
