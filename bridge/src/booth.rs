//! The authoritative game on the robot: one at a time, moves checked with the
//! engine's rules, seats for the players, snapshots for every page.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use engine::{Board, Side, Status};
use tokio::sync::mpsc::UnboundedSender;

use crate::messages::{
    ClientMessage, GameMode, Role, ServerMessage, Snapshot, VERSION, valid_name,
};
use crate::robot_link::{Desired, LinkState, RobotLink, RobotStatus};

/// A connected page.
pub struct Client {
    /// Where its messages go.
    pub tx: UnboundedSender<ServerMessage>,
    /// What it said hello as (`None` before hello).
    pub role: Option<Role>,
    /// Its session (kept across reloads).
    pub session: String,
    /// Its visitor's name.
    pub name: Option<String>,
    /// Whether it may play: on this machine, or with the LAN token.
    pub trusted: bool,
}

struct Game {
    board: Board,
    mode: GameMode,
    /// The side of the computer, in a game against it.
    computer: Option<Side>,
    /// Counted in the day's tally already.
    tallied: bool,
    /// Sessions in the two seats.
    seats: [Option<String>; 2],
    names: [Option<String>; 2],
    last_move: Instant,
    asked: bool,
}

/// The booth: clients, the game and the robot.
pub struct Booth {
    clients: HashMap<u64, Client>,
    game: Option<Game>,
    robot: RobotLink,
    idle_ask: Duration,
    idle_free: Duration,
    today: Tally,
    last_state: Option<LinkState>,
    /// The robot plays itself after this long without a game (`None`: never).
    demo_after: Option<Duration>,
    /// Since when nobody has played (the start, or the last game's end).
    quiet_since: Instant,
    /// The demo move asked for, and when (asked again after a while, e.g.
    /// when the spectator screen went away).
    demo_asked: Option<Instant>,
}

/// The levels of the demo's two sides: different, so the games differ.
pub const DEMO_LEVELS: [&str; 2] = ["hard", "medium:aggressive"];
/// Seconds a finished demo game stays on the robot before the next one.
const DEMO_PAUSE: Duration = Duration::from_secs(5);
/// Seconds between demo moves, so watchers can follow.
const DEMO_PACE: Duration = Duration::from_millis(1500);

/// The day's counts for the operator page.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Days since 1970 (UTC) these counts are for.
    pub day: u64,
    /// Games started on the robot.
    pub games: u32,
    /// Games a visitor won against the computer.
    pub won_by_visitors: u32,
    /// Times the robot went into a fault or lost its port.
    pub faults: u32,
}

fn today() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400)
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// An error reply.
fn refuse(code: &'static str, message: impl Into<String>) -> ServerMessage {
    ServerMessage::Error {
        code: code.into(),
        message: message.into(),
    }
}

impl Booth {
    /// A booth driving `robot`.
    pub fn new(robot: RobotLink, idle_ask: Duration, idle_free: Duration) -> Booth {
        let booth = Booth {
            clients: HashMap::new(),
            game: None,
            robot,
            idle_ask,
            idle_free,
            today: Tally::default(),
            last_state: None,
            demo_after: None,
            quiet_since: Instant::now(),
            demo_asked: None,
        };
        booth.update_robot();
        booth
    }

    /// Lets the robot play itself after `after` without a game.
    pub fn set_demo_after(&mut self, after: Option<Duration>) {
        self.demo_after = after;
    }

    fn demo_running(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.mode == GameMode::Demo)
    }

    /// Starts a demo game when the booth has been quiet long enough and a
    /// spectator screen can find the moves; asks for the next demo move.
    fn demo_tick(&mut self) {
        let Some(after) = self.demo_after else { return };
        let screens: Vec<u64> = self
            .clients
            .iter()
            .filter(|(_, c)| c.role == Some(Role::Spectator))
            .map(|(&id, _)| id)
            .collect();
        let Some(&screen) = screens.iter().min() else {
            return;
        };
        let finished_for = self
            .game
            .as_ref()
            .filter(|g| g.board.is_over())
            .map(|g| g.last_move.elapsed());
        let start = match (&self.game, finished_for) {
            (None, _) => self.quiet_since.elapsed() >= after,
            (Some(g), Some(over)) if g.mode == GameMode::Demo => over >= DEMO_PAUSE,
            (Some(_), Some(over)) => over >= after,
            (Some(_), None) => false,
        };
        if start {
            self.game = Some(Game {
                board: Board::new(),
                mode: GameMode::Demo,
                computer: None,
                tallied: true,
                seats: [None, None],
                names: DEMO_LEVELS.map(|l| Some(format!("Demo: {l}"))),
                last_move: Instant::now(),
                asked: false,
            });
            self.demo_asked = None;
            self.update_robot();
            self.broadcast();
            return;
        }
        let ready = self.robot_ready();
        let Some(game) = self.game.as_ref().filter(|g| g.mode == GameMode::Demo) else {
            return;
        };
        let waited = self
            .demo_asked
            .is_none_or(|at| at.elapsed() >= Duration::from_secs(10));
        if ready && !game.board.is_over() && waited && game.last_move.elapsed() >= DEMO_PACE {
            let level = DEMO_LEVELS[usize::from(game.board.side_to_move() == Side::Second)];
            let turn = ServerMessage::DemoTurn {
                moves: game.board.to_string(),
                level: level.into(),
            };
            if let Some(c) = self.clients.get(&screen) {
                let _ = c.tx.send(turn);
                self.demo_asked = Some(Instant::now());
            }
        }
    }

    /// A spectator screen's demo move.
    fn demo_move(&mut self, column: u8) -> Option<ServerMessage> {
        if !self.demo_running() || self.demo_asked.is_none() {
            return Some(refuse("no_game", "no demo move was asked for"));
        }
        if !self.robot_ready() {
            return Some(refuse("robot_busy", "wait for the robot"));
        }
        let game = self.game.as_mut()?;
        let index = usize::from(column).wrapping_sub(1);
        if let Err(e) = game.board.play(index) {
            return Some(refuse("illegal_move", format!("{e}")));
        }
        game.last_move = Instant::now();
        self.demo_asked = None;
        self.update_robot();
        self.broadcast();
        None
    }

    /// The day's counts (a new day starts from zero).
    pub fn tally(&mut self) -> Tally {
        *self.today_mut()
    }

    fn today_mut(&mut self) -> &mut Tally {
        let day = today();
        if self.today.day != day {
            self.today = Tally {
                day,
                ..Tally::default()
            };
        }
        &mut self.today
    }

    /// Called on every change of the robot's status: counts faults and
    /// tells every page.
    pub fn robot_changed(&mut self) {
        let state = self.robot_status().state;
        let was_fine = !matches!(
            self.last_state,
            Some(LinkState::Fault | LinkState::Disconnected)
        );
        if was_fine && matches!(state, LinkState::Fault | LinkState::Disconnected) {
            self.today_mut().faults += 1;
        }
        self.last_state = Some(state);
        self.broadcast();
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
            self.end_game("The game was ended by the booth's staff. The robot is free.");
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

    /// A closed connection. Its seat stays: the page may come back.
    pub fn disconnect(&mut self, id: u64) {
        self.clients.remove(&id);
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
            (GameMode::VsComputer, Some(_)) => vec![Side::First, Side::Second],
            (GameMode::TwoPlayers, Some(0)) => vec![Side::First],
            (GameMode::TwoPlayers, Some(_)) => vec![Side::Second],
            _ => Vec::new(),
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
        let you = match sides.len() {
            2 => "both",
            1 if sides[0] == Side::First => "first",
            1 => "second",
            _ => "spectator",
        };
        let Some(game) = &self.game else {
            return Snapshot {
                v: VERSION,
                status: "idle".into(),
                moves: String::new(),
                mode: None,
                turn: None,
                winner: None,
                winning_cells: Vec::new(),
                seats: [None, None],
                you: you.into(),
                can_move: false,
                robot,
            };
        };
        let board = &game.board;
        let status = match board.status() {
            Status::InProgress => "playing",
            Status::Won(_) => "won",
            Status::Draw => "draw",
        };
        let turn = (!board.is_over()).then(|| side_name(board.side_to_move()));
        let can_move = !board.is_over()
            && sides.contains(&board.side_to_move())
            && robot.state == LinkState::Ready
            && robot.in_sync;
        Snapshot {
            v: VERSION,
            status: status.into(),
            moves: board.to_string(),
            mode: Some(game.mode),
            turn: turn.map(Into::into),
            winner: board.winner().map(|w| side_name(w).into()),
            winning_cells: board
                .winning_line()
                .unwrap_or_default()
                .iter()
                .map(|c| [c.column + 1, c.row + 1])
                .collect(),
            seats: game.names.clone(),
            you: you.into(),
            can_move,
            robot,
        }
    }

    fn send_snapshot(&self, id: u64) {
        if let Some(c) = self.clients.get(&id) {
            let _ =
                c.tx.send(ServerMessage::Snapshot(Box::new(self.snapshot_for(id))));
        }
    }

    /// Sends every page its snapshot.
    pub fn broadcast(&self) {
        for &id in self.clients.keys() {
            self.send_snapshot(id);
        }
    }

    fn notify_all(&self, message: &str) {
        for c in self.clients.values() {
            let _ = c.tx.send(ServerMessage::Notice {
                message: message.into(),
            });
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

    /// Handles one message from connection `id`; the reply, if any, goes
    /// back to it alone.
    pub fn handle(&mut self, id: u64, message: ClientMessage) -> Option<ServerMessage> {
        let client = self.clients.get(&id)?;
        let (session, trusted, role) = (client.session.clone(), client.trusted, client.role);
        match message {
            ClientMessage::Hello {
                v,
                role,
                session,
                name,
                token: _,
            } => {
                if v != VERSION {
                    return Some(refuse(
                        "version",
                        format!("this bridge speaks version {VERSION} of the protocol, not {v}"),
                    ));
                }
                if name.as_deref().is_some_and(|n| !valid_name(n)) {
                    return Some(refuse(
                        "bad_name",
                        "a name has 3 to 15 letters, digits, _ or -",
                    ));
                }
                if session.is_empty() || session.len() > 64 {
                    return Some(refuse(
                        "bad_session",
                        "the session id must have 1 to 64 characters",
                    ));
                }
                let client = self.clients.get_mut(&id)?;
                client.role = Some(if role == Role::Player && client.trusted {
                    Role::Player
                } else {
                    Role::Spectator
                });
                client.session = session;
                client.name = name;
                let refused = role == Role::Player && !client.trusted;
                self.send_snapshot(id);
                refused.then(|| {
                    refuse(
                        "token",
                        "this device needs the booth's token to play; it can watch",
                    )
                })
            }
            _ if role.is_none() => Some(refuse("hello_first", "say hello first")),
            ClientMessage::Start {
                mode,
                computer_first,
            } => {
                if role != Some(Role::Player) || !trusted {
                    return Some(refuse("spectator", "spectators cannot start games"));
                }
                // A demo gives way to any visitor.
                let running = self
                    .game
                    .as_ref()
                    .is_some_and(|g| !g.board.is_over() && g.mode != GameMode::Demo);
                if running && self.seat_of(&session).is_none() {
                    return Some(refuse(
                        "busy",
                        "the robot is busy with another game; you can watch",
                    ));
                }
                let name = self.clients.get(&id).and_then(|c| c.name.clone());
                let seats = match mode {
                    GameMode::VsComputer => [Some(session.clone()), Some(session)],
                    GameMode::TwoPlayers => [Some(session), None],
                    GameMode::Demo => {
                        return Some(refuse("bad_message", "only the bridge starts demos"));
                    }
                };
                let computer = (mode == GameMode::VsComputer).then_some(if computer_first {
                    Side::First
                } else {
                    Side::Second
                });
                let names = match computer {
                    Some(Side::First) => [Some("Computer".into()), name],
                    Some(Side::Second) => [name, Some("Computer".into())],
                    None => [name, None],
                };
                self.today_mut().games += 1;
                self.game = Some(Game {
                    board: Board::new(),
                    mode,
                    computer,
                    tallied: false,
                    seats,
                    names,
                    last_move: Instant::now(),
                    asked: false,
                });
                self.update_robot();
                self.broadcast();
                None
            }
            ClientMessage::Join => {
                if role != Some(Role::Player) || !trusted {
                    return Some(refuse("spectator", "spectators cannot take a seat"));
                }
                let name = self.clients.get(&id).and_then(|c| c.name.clone());
                let Some(game) = &mut self.game else {
                    return Some(refuse("no_game", "there is no game to join; start one"));
                };
                if game.mode != GameMode::TwoPlayers
                    || game.seats[1].is_some()
                    || game.board.is_over()
                {
                    return Some(refuse("busy", "no seat is free; you can watch"));
                }
                game.seats[1] = Some(session);
                game.names[1] = name;
                self.broadcast();
                None
            }
            ClientMessage::Move { column } => self.play(&session, column),
            ClientMessage::DemoMove { column } => {
                if role != Some(Role::Spectator) {
                    return Some(refuse(
                        "spectator",
                        "only a spectator screen plays the demo",
                    ));
                }
                self.demo_move(column)
            }
            ClientMessage::Trace { trace } => {
                if self.seat_of(&session).is_none() {
                    return Some(refuse(
                        "spectator",
                        "only a player's page sends search trees",
                    ));
                }
                for (&other, c) in &self.clients {
                    if other != id && c.role == Some(Role::Spectator) {
                        let _ = c.tx.send(ServerMessage::Trace {
                            trace: trace.clone(),
                        });
                    }
                }
                None
            }
            ClientMessage::StillHere => {
                let seated = self.seat_of(&session).is_some();
                if let (true, Some(game)) = (seated, &mut self.game) {
                    game.last_move = Instant::now();
                    game.asked = false;
                }
                None
            }
            ClientMessage::Leave => {
                self.seat_of(&session)?;
                let name = self
                    .clients
                    .get(&id)
                    .and_then(|c| c.name.clone())
                    .unwrap_or_else(|| "A player".into());
                self.end_game(&format!("{name} left the game; the robot is free."));
                None
            }
        }
    }

    fn play(&mut self, session: &str, column: u8) -> Option<ServerMessage> {
        if self.game.is_none() {
            return Some(refuse("no_game", "there is no game; start one"));
        }
        let sides = self.sides_of(session);
        let robot_ready = self.robot_ready();
        let words = self.robot_status().words;
        let game = self.game.as_mut()?;
        if game.board.is_over() {
            return Some(refuse("game_over", "the game is over"));
        }
        if !sides.contains(&game.board.side_to_move()) {
            return Some(refuse("not_your_turn", "it is not your turn"));
        }
        if !robot_ready {
            return Some(refuse("robot_busy", format!("wait for the robot: {words}")));
        }
        let index = usize::from(column).wrapping_sub(1);
        if let Err(e) = game.board.play(index) {
            return Some(refuse("illegal_move", format!("{e}")));
        }
        game.last_move = Instant::now();
        game.asked = false;
        let visitor_won = match (game.board.winner(), game.computer) {
            (Some(winner), Some(computer)) => winner != computer,
            _ => false,
        };
        if visitor_won && !game.tallied {
            game.tallied = true;
            self.today_mut().won_by_visitors += 1;
        }
        self.update_robot();
        self.broadcast();
        None
    }

    fn end_game(&mut self, why: &str) {
        self.game = None;
        self.quiet_since = Instant::now();
        self.update_robot();
        self.notify_all(why);
        self.broadcast();
    }

    /// Called every second: asks idle players, frees their seats, runs the
    /// demo.
    pub fn tick(&mut self) {
        self.demo_tick();
        let Some(game) = &mut self.game else { return };
        if game.board.is_over() || game.mode == GameMode::Demo {
            return;
        }
        let idle = game.last_move.elapsed();
        if idle >= self.idle_free {
            self.end_game("The game ended: nobody moved for a while. The robot is free.");
        } else if idle >= self.idle_ask && !game.asked {
            game.asked = true;
            let seat = usize::from(game.board.side_to_move() == Side::Second);
            let session = game.seats[seat].clone();
            let left = (self.idle_free - idle).as_secs();
            for c in self.clients.values() {
                if Some(&c.session) == session.as_ref() {
                    let _ = c.tx.send(ServerMessage::StillThere { seconds_left: left });
                }
            }
        }
    }
}
