//! The authoritative game on the robot: one at a time, moves checked with the
//! engine's rules, seats for the players, snapshots for every page.
//!
//! Each message a page can send has a file of its own with the checks it
//! needs (who may send it: role, trust, seat) and what it changes; `handle`
//! only dispatches. The game itself is a plain table with its rules
//! (`game.rs`), tested on its own; the booth around it is tested apart
//! from the server (`tests.rs`).

mod again;
mod computer;
mod demo;
pub mod events;
mod game;
mod hello;
mod join;
mod leave;
mod play;
mod settings;
mod start;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::player::{LevelSpec, LevelTuning};
use engine::{Side, SolvedPositions, Status};

use crate::messages::{
    ClientMessage, ErrorCode, GameMode, GameStatus, NoticeCode, Part, Role, Seat, ServerMessage,
    Snapshot, VERSION,
};
use crate::outbox::Outbox;
pub use crate::records::{GameRecord, Tally};
use crate::records::{Outcome, Records};
use crate::robot_link::{Desired, LinkState, RobotLink, RobotStatus};
pub use demo::DemoSettings;
use events::EventLog;
use game::Game;
pub use settings::BoothSettings;

/// A connected page.
pub struct Client {
    /// Where its messages wait to be sent.
    pub outbox: Outbox,
    /// What it said hello as (`None` before hello).
    pub role: Option<Role>,
    /// Its session (kept across reloads).
    pub session: String,
    /// Its visitor's name.
    pub name: Option<String>,
    /// Whether it may play: on this machine, or with the LAN token.
    pub trusted: bool,
    /// Whether it is one of the booth's own screens (on this machine).
    pub own_screen: bool,
}

impl Client {
    /// Connection `id` before its hello: no role, no name, a session of its
    /// own until it names the one it keeps across reloads.
    pub fn new(id: u64, outbox: Outbox, trusted: bool) -> Client {
        Client {
            outbox,
            role: None,
            session: format!("connection-{id}"),
            name: None,
            trusted,
            own_screen: trusted,
        }
    }
}

/// How long a seat waits for its page to come back: a reload, a phone's
/// screen locked for a moment, a short Wi-Fi drop.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(30);

/// How long a person waiting for an opponent is offered to the next
/// visitors.
pub const DEFAULT_OFFER: Duration = Duration::from_secs(120);

/// The booth: clients, the game and the robot.
pub struct Booth {
    clients: HashMap<u64, Client>,
    game: Option<Game>,
    robot: RobotLink,
    idle_ask: Duration,
    idle_free: Duration,
    /// How long a seat waits for its page to come back.
    grace: Duration,
    /// How long a person waiting for an opponent is offered to others.
    offer: Duration,
    /// What a page is told when it connects.
    welcome: crate::messages::Welcome,
    records: Records,
    last_state: Option<LinkState>,
    /// When the robot plays itself, at which levels (`None`: never).
    demo: Option<DemoSettings>,
    /// Since when nobody has played (the start, or the last game's end).
    quiet_since: Instant,
    /// The levels a visitor may choose against the computer, and the
    /// booth's own tuning of them.
    levels: Vec<LevelSpec>,
    tuning: BTreeMap<String, LevelTuning>,
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
}

fn seat(side: Side) -> Seat {
    match side {
        Side::First => Seat::First,
        Side::Second => Seat::Second,
    }
}

/// A handler's answer: what the message changed, or why it was refused.
type Reply = Result<Changed, ErrorCode>;

/// What a message or a tick changed: [`Booth::apply`] turns it into its
/// effects in one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Changed {
    /// Nothing the robot or the other pages show (a hello answers its own
    /// page; an ended game has had its effects).
    Nothing,
    /// The seats, the names or the players' wishes: every page gets a
    /// snapshot.
    Seats,
    /// The game: the robot is told what to show, every page gets a
    /// snapshot.
    Game,
    /// A person's move: as `Game`, then the computer starts on its answer
    /// while the robot drops the coin.
    Move,
}

/// Who sent a message: what each handler checks.
struct Caller {
    id: u64,
    session: String,
    trusted: bool,
    role: Option<Role>,
}

impl Caller {
    /// Said hello as a player, and may play (on this machine, or with the
    /// LAN token).
    fn may_play(&self) -> bool {
        self.role == Some(Role::Player) && self.trusted
    }
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
            clients: HashMap::new(),
            game: None,
            robot,
            idle_ask,
            idle_free,
            grace: DEFAULT_GRACE,
            offer: DEFAULT_OFFER,
            welcome: crate::messages::Welcome::default(),
            records,
            last_state: None,
            demo: None,
            quiet_since: Instant::now(),
            levels: ["easy", "medium", "hard", "perfect", "adaptive"]
                .map(|l| l.parse().expect("a known level"))
                .into(),
            tuning: BTreeMap::new(),
            game_data: SolvedPositions::default(),
            computer: None,
            changes: tokio::sync::watch::Sender::new(0),
            events: EventLog::default(),
            wake: Arc::new(tokio::sync::Notify::new()),
        };
        booth.update_robot();
        booth
    }

    /// How long a seat waits for a page that went away before the game
    /// ends and the others are told who left.
    pub fn set_grace(&mut self, grace: Duration) {
        self.grace = grace;
    }

    /// The levels visitors may choose against the computer (the first is
    /// taken when a page names none), as the booth tunes them.
    pub fn set_levels(&mut self, levels: Vec<LevelSpec>, tuning: BTreeMap<String, LevelTuning>) {
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
        let was_fine = !matches!(
            self.last_state,
            Some(LinkState::Fault | LinkState::Disconnected)
        );
        if was_fine && matches!(state, LinkState::Fault | LinkState::Disconnected) {
            let game = self.game.as_ref().and_then(|g| g.record);
            self.records.fault(status.fault, game);
            self.events.push(events::What::Fault {
                fault: status.fault,
            });
        }
        self.last_state = Some(state);
        self.broadcast();
        // A robot ready again takes the computer's move at once.
        self.computer_tick();
    }

    /// The game for the operator page: status, moves and seats.
    pub fn game_summary(&self) -> serde_json::Value {
        match &self.game {
            None => serde_json::json!(null),
            Some(g) => serde_json::json!({
                "moves": g.board.to_string(),
                "mode": g.mode,
                "over": g.board.is_over(),
                "names": g.names,
            }),
        }
    }

    /// Ends the game at the operator's request.
    pub fn end_by_operator(&mut self) {
        if self.game.is_some() {
            self.end_game(NoticeCode::EndedByStaff, None);
        }
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
        self.clients.insert(id, client);
        self.send_snapshot(id);
    }

    /// Marks a connection as allowed to play (it showed the LAN token).
    pub fn trust(&mut self, id: u64) {
        if let Some(c) = self.clients.get_mut(&id) {
            c.trusted = true;
        }
    }

    /// Whether connection `id` has said hello (as a player or spectator).
    pub fn has_said_hello(&self, id: u64) -> bool {
        self.clients.get(&id).is_some_and(|c| c.role.is_some())
    }

    /// A closed connection. Its seat stays for the grace time: the page may
    /// come back.
    pub fn disconnect(&mut self, id: u64) {
        let Some(gone) = self.clients.remove(&id) else {
            return;
        };
        let still_here = self
            .clients
            .values()
            .any(|c| c.session == gone.session && c.role == Some(Role::Player));
        if gone.role != Some(Role::Player) || still_here {
            return;
        }
        if let Some(seat) = self.seat_of(&gone.session)
            && let Some(game) = &mut self.game
        {
            game.away[seat] = Some(Instant::now());
        }
    }

    /// Handles one message from connection `id`; the reply, if any, goes
    /// back to it alone.
    pub fn handle(&mut self, id: u64, message: ClientMessage) -> Option<ServerMessage> {
        let client = self.clients.get(&id)?;
        let caller = Caller {
            id,
            session: client.session.clone(),
            trusted: client.trusted,
            role: client.role,
        };
        let reply = match message {
            ClientMessage::Hello {
                v,
                role,
                session,
                name,
                token: _,
            } => self.hello(&caller, v, role, session, name),
            _ if caller.role.is_none() => Err(ErrorCode::HelloFirst),
            ClientMessage::Start {
                mode,
                computer_first,
                level,
            } => self.start(&caller, mode, computer_first, level.as_deref()),
            ClientMessage::Join => self.join(&caller),
            ClientMessage::Again => self.again(&caller),
            ClientMessage::Move { column } => self.play(&caller, column),
            ClientMessage::StillHere => self.still_here(&caller),
            ClientMessage::Leave => self.leave(&caller),
        };
        match reply {
            Ok(changed) => {
                self.apply(changed);
                None
            }
            Err(code) => {
                self.refused(id, code);
                Some(ServerMessage::Error { code })
            }
        }
    }

    /// The effects of a change: the robot's grid, the pages' snapshots, the
    /// computer's next move.
    fn apply(&mut self, changed: Changed) {
        match changed {
            Changed::Nothing => {}
            Changed::Seats => self.broadcast(),
            Changed::Game | Changed::Move => {
                self.update_robot();
                self.broadcast();
            }
        }
        if changed == Changed::Move {
            self.computer_tick();
        }
    }

    /// Notes, for the operator page, that the page of connection `id` was
    /// refused with `code`.
    pub fn refused(&mut self, id: u64, code: ErrorCode) {
        let name = self.clients.get(&id).and_then(|c| c.name.clone());
        self.events.push(events::What::Refused { code, name });
        self.changes.send_modify(|n| *n += 1);
    }

    /// The faults and refusals of late, oldest first.
    pub fn events(&self) -> impl DoubleEndedIterator<Item = &events::Event> {
        self.events.iter()
    }

    /// The seat (0 or 1) of a player who may play, if seated.
    fn seat_of_player(&self, caller: &Caller) -> Option<usize> {
        caller
            .may_play()
            .then(|| self.seat_of(&caller.session))
            .flatten()
    }

    /// Whether `name` is taken, in any case, by someone seated on the booth
    /// other than `session`.
    fn name_taken(&self, name: &str, session: &str) -> bool {
        self.game.as_ref().is_some_and(|g| {
            g.seats.iter().zip(&g.names).any(|(s, n)| {
                s.as_deref().is_some_and(|s| s != session)
                    && n.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(name))
            })
        })
    }

    fn seat_of(&self, session: &str) -> Option<usize> {
        let game = self.game.as_ref()?;
        game.seats
            .iter()
            .position(|s| s.as_deref() == Some(session))
    }

    /// The sides a session may move in the current game.
    fn sides_of(&self, session: &str) -> Vec<Side> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        match (game.mode, self.seat_of(session)) {
            (GameMode::Demo, _) | (_, None) => Vec::new(),
            (_, Some(0)) => vec![Side::First],
            (_, Some(_)) => vec![Side::Second],
        }
    }

    fn robot_ready(&self) -> bool {
        let s = self.robot_status();
        s.state == LinkState::Ready && s.in_sync
    }

    fn snapshot_for(&self, id: u64) -> Snapshot {
        let robot = self.robot_status();
        let session = self
            .clients
            .get(&id)
            .map(|c| c.session.clone())
            .unwrap_or_default();
        let sides = self.sides_of(&session);
        let you = match sides.as_slice() {
            [Side::First] => Part::First,
            [Side::Second] => Part::Second,
            _ => Part::Spectator,
        };
        let Some(game) = &self.game else {
            return Snapshot {
                v: VERSION,
                status: GameStatus::Idle,
                moves: String::new(),
                mode: None,
                turn: None,
                winner: None,
                winning_cells: Vec::new(),
                seats: [None, None],
                levels: [None, None],
                computer: None,
                again: [false; 2],
                offer_left_s: None,
                you,
                can_move: false,
                robot,
            };
        };
        let board = &game.board;
        let status = match board.status() {
            Status::InProgress => GameStatus::Playing,
            Status::Won(_) => GameStatus::Won,
            Status::Draw => GameStatus::Draw,
        };
        let turn = (!board.is_over()).then(|| seat(board.side_to_move()));
        let can_move = !board.is_over()
            && sides.contains(&board.side_to_move())
            && robot.state == LinkState::Ready
            && robot.in_sync;
        Snapshot {
            v: VERSION,
            status,
            moves: board.to_string(),
            mode: Some(game.mode),
            turn,
            winner: board.winner().map(seat),
            winning_cells: board
                .winning_line()
                .unwrap_or_default()
                .iter()
                .map(|c| [c.column + 1, c.row + 1])
                .collect(),
            seats: game.names.clone(),
            levels: game.levels,
            computer: game.computer.map(seat),
            again: game.again,
            offer_left_s: self.offer_left(game).map(|left| left.as_secs()),
            you,
            can_move,
            robot,
        }
    }

    /// While a person waits for an opponent: how long the offer stands.
    fn offer_left(&self, game: &Game) -> Option<Duration> {
        game.waiting_for_opponent()
            .then(|| self.offer.saturating_sub(game.last_move.elapsed()))
    }

    fn send_snapshot(&self, id: u64) {
        if let Some(c) = self.clients.get(&id) {
            c.outbox
                .send(&ServerMessage::Snapshot(Box::new(self.snapshot_for(id))));
        }
    }

    /// What the computer calls on when it has a move: whoever runs the
    /// booth's ticks should tick then too.
    pub fn waker(&self) -> Arc<tokio::sync::Notify> {
        Arc::clone(&self.wake)
    }

    /// Changes as they happen (a counter): the game, the seats, the robot.
    pub fn changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// Sends every page its snapshot.
    pub fn broadcast(&self) {
        self.changes.send_modify(|n| *n += 1);
        for &id in self.clients.keys() {
            self.send_snapshot(id);
        }
    }

    /// Sends every page the computer's search, serialised once.
    fn search_to_all(&self, message: &ServerMessage) {
        let text: Arc<str> = serde_json::to_string(message)
            .expect("messages serialise")
            .into();
        for c in self.clients.values() {
            c.outbox.send_search(Arc::clone(&text));
        }
    }

    fn notify_all(&self, code: NoticeCode, name: Option<String>) {
        let notice = ServerMessage::Notice { code, name };
        for c in self.clients.values() {
            c.outbox.send(&notice);
        }
    }

    /// What the robot should show for the game.
    fn update_robot(&self) {
        let desired = self
            .game
            .as_ref()
            .map_or_else(Desired::default, |g| Desired::of(&g.board));
        self.robot.set_desired(desired);
    }

    fn end_game(&mut self, why: NoticeCode, name: Option<String>) {
        let outcome = match why {
            NoticeCode::PlayerLeft => Outcome::Left,
            NoticeCode::EndedByStaff => Outcome::EndedByStaff,
            NoticeCode::EndedIdle | NoticeCode::NoOpponent => Outcome::Idle,
            NoticeCode::Restarted => Outcome::Restarted,
        };
        self.close_record(outcome);
        self.game = None;
        self.quiet_since = Instant::now();
        self.notify_all(why, name);
        self.apply(Changed::Game);
    }

    /// Ends the game's record, unless it has ended already (a finished
    /// game's record says who won).
    fn close_record(&self, outcome: Outcome) {
        if let Some(game) = &self.game
            && let Some(id) = game.record
            && !game.board.is_over()
        {
            self.records.end_game(id, outcome);
        }
    }

    /// Called ten times a second: runs the demo, plays the computer's
    /// moves, asks idle players and frees their seats.
    pub fn tick(&mut self) {
        self.demo_tick();
        self.computer_tick();
        let robot_down = matches!(
            self.robot_status().state,
            LinkState::Fault | LinkState::Disconnected | LinkState::Restoring
        );
        let gone = self.game.as_ref().and_then(|g| {
            (0..2).find(|&i| g.away[i].is_some_and(|since| since.elapsed() >= self.grace))
        });
        if let Some(seat) = gone {
            let name = self.game.as_ref().and_then(|g| g.names[seat].clone());
            self.end_game(NoticeCode::PlayerLeft, name);
            return;
        }
        if let Some(game) = &self.game
            && self.offer_left(game) == Some(Duration::ZERO)
        {
            self.end_game(NoticeCode::NoOpponent, None);
            return;
        }
        let Some(game) = &mut self.game else { return };
        // The wait for an opponent has its own clock (the offer), and
        // nobody is asked "still there?" before a game has begun.
        if game.waiting_for_opponent() {
            return;
        }
        let booths_turn = game.booth_plays[seat(game.board.side_to_move()).index()].is_some();
        if game.board.is_over() || booths_turn {
            return;
        }
        if robot_down {
            // Only the visitor's own silence ends a game: while the robot
            // cannot take a move, the clock waits, and starts afresh once
            // the robot is back.
            game.restart_idle_clock();
            return;
        }
        let idle = game.last_move.elapsed();
        if idle >= self.idle_free {
            self.end_game(NoticeCode::EndedIdle, None);
        } else if idle >= self.idle_ask && !game.asked {
            game.asked = true;
            let seat = usize::from(game.board.side_to_move() == Side::Second);
            let session = game.seats[seat].clone();
            let left = (self.idle_free - idle).as_secs();
            for c in self.clients.values() {
                if Some(&c.session) == session.as_ref() {
                    c.outbox
                        .send(&ServerMessage::StillThere { seconds_left: left });
                }
            }
        }
    }
}
