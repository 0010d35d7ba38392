//! The WebSocket protocol between the booth's pages and the bridge,
//! version 4: the bridge and the app share these types, so the two sides
//! cannot drift apart. Every message is a JSON object with a `type`;
//! `docs/bridge.md` documents each with an example.
#![deny(missing_docs)]

use std::collections::BTreeMap;

use engine::player::{LevelSpec, SearchOverride};
use serde::{Deserialize, Serialize};

pub mod fame;
mod language;
mod reading;
pub mod search;

pub use language::{Language, UnknownLanguage};

/// The protocol version a page says hello with.
pub const VERSION: u32 = 4;

/// What a page wants to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Plays (needs the LAN token when not on this machine).
    Player,
    /// Only watches.
    Spectator,
}

/// Who plays a game, on the robot or on a device: the one type the app's
/// settings, its robot games and the bridge share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameMode {
    /// One person against the computer; on the robot the bridge's players
    /// find the computer's moves, at the level the person chose.
    #[serde(alias = "VsComputer")]
    VsComputer,
    /// Two people, each on their own page, or both on one device.
    #[serde(alias = "HotSeat")]
    TwoPlayers,
    /// The computer plays itself. On the robot it does while nobody plays:
    /// the bridge's players find the moves (the seats' names are their
    /// levels), and any visitor's `start` ends it.
    #[serde(alias = "Demo")]
    Demo,
}

/// From a page.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: protocol version, role, a session id that survives
    /// reloads (so a reconnecting page keeps its seat), an optional name and
    /// the LAN token.
    Hello {
        /// Must be [`VERSION`].
        v: u32,
        /// Player or spectator.
        role: Role,
        /// Chosen by the page, kept across reloads.
        session: String,
        /// The visitor's name (3 to 15 of `A-Za-z0-9_-`).
        #[serde(default)]
        name: Option<String>,
        /// Whether the visitor lets the booth show that name to everyone
        /// (the hall of fame on the spectator screen, a take-home link):
        /// off unless ticked.
        #[serde(default)]
        show_name: bool,
        /// The LAN token.
        #[serde(default)]
        token: Option<String>,
    },
    /// Starts a game on the robot.
    Start {
        /// Who plays.
        mode: GameMode,
        /// Against the computer: whether the computer opens (its seat is
        /// then the first).
        #[serde(default)]
        computer_first: bool,
        /// Against the computer: its level, one the booth offers
        /// ([`Welcome::levels`]); the booth's first when left out.
        #[serde(default)]
        level: Option<LevelSpec>,
    },
    /// Takes the free second seat of a two-player game.
    Join,
    /// After a game: this player would play again. Once every person in
    /// the game asked, a new one starts with the same people (between two
    /// people the other one opens).
    Again,
    /// Drops a coin into a 1-based column.
    Move {
        /// 1-based column.
        column: u8,
    },
    /// The player is still there (answer to `still_there`).
    StillHere,
    /// Ends the game for both seats.
    Leave,
}

/// To a page. Its `type` comes first: the page reads the rest straight
/// into the variant (see `reading.rs`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// What the booth offers, once, before the first snapshot.
    Welcome(Welcome),
    /// The whole state, on connect and after every change.
    Snapshot(Box<Snapshot>),
    /// A refused message; nothing changed. The page says why in its
    /// visitor's language.
    Error {
        /// Why.
        code: ErrorCode,
    },
    /// Something happened that is not an error (the other player left).
    Notice {
        /// What.
        code: NoticeCode,
        /// The person it is about, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// The player to move has been idle: confirm within this many seconds.
    StillThere {
        /// Seconds until the seat is freed.
        seconds_left: u64,
    },
    /// The computer's search as it runs, at most five times a second: the
    /// tree so far and the best move so far.
    Thinking(Box<search::Thinking>),
    /// The computer's move, with its search tree and its reasons, sent as
    /// the robot is told to drop the coin.
    Decided(Box<search::ComputerMove>),
}

/// What the booth offers a page that connects.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Welcome {
    /// The booth's language for its own screens: sent only to pages on the
    /// bridge's machine; a visitor's device keeps its own. A tag this page
    /// does not know reads as `None`.
    #[serde(default, deserialize_with = "language::known_or_none")]
    pub language: Option<Language>,
    /// The levels the lobby offers against the computer (`hard`,
    /// `medium:aggressive`, ...).
    #[serde(default)]
    pub levels: Vec<LevelSpec>,
    /// The booth's own depth and rate of weak moves for a level, by the
    /// level's name (`easy`), in place of the engine's preset.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tuning: BTreeMap<String, SearchOverride>,
    /// The address a phone on the LAN opens to play, with the token: only
    /// to the booth's own screens, and only when the bridge listens on the
    /// LAN. Its QR code is at `/join-qr.svg`, for the same screens.
    #[serde(default)]
    pub join_url: Option<String>,
    /// The booth's name for its lobby (`None`: the app's own title).
    #[serde(default)]
    pub name: Option<String>,
    /// Whether hints and the computer's expected continuation are offered
    /// in robot games (they would let a visitor play perfectly).
    #[serde(default)]
    pub robot_hints: bool,
    /// The longest a player may take over one move, whatever they answer
    /// when asked whether they are still there: then the game ends and
    /// the robot goes to the next visitor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit_s: Option<u64>,
    /// Where a finished game's take-home link points (the public demo's
    /// address, ending in `/`); without it, the address the page came
    /// from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take_home_url: Option<String>,
    /// Whether a take-home link may carry the players' names (each only
    /// when its visitor let it be shown).
    #[serde(default, skip_serializing_if = "is_false")]
    pub take_home_names: bool,
}

/// Whether a flag is off (then the field is left out).
fn is_false(flag: &bool) -> bool {
    !*flag
}

impl Welcome {
    /// The welcome for a visitor's own device: without the booth's
    /// language (the device keeps its own) and without the join address
    /// and its token (of no use there).
    pub fn for_visitor(&self) -> Welcome {
        Welcome {
            language: None,
            join_url: None,
            ..self.clone()
        }
    }
}

/// Why the bridge refused a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The page speaks another version of the protocol.
    Version,
    /// A name breaks the rule of [`valid_name`].
    BadName,
    /// Another player on the booth has this name (in any case).
    NameTaken,
    /// The booth's own name for a seat (`Computer`, a level's name).
    ReservedName,
    /// The session plays in a seat under another name: a second page of
    /// it cannot play as someone else.
    SessionHasName,
    /// A connection keeps the session it said hello with.
    SessionChange,
    /// The session id is empty or longer than 64 characters.
    BadSession,
    /// Anything before `hello`.
    HelloFirst,
    /// A player's `hello` from another device without the LAN token: it
    /// may watch.
    Token,
    /// Something only a seated player (or, for a demo move, the screen
    /// asked) may do.
    NotAllowed,
    /// The robot is busy with another game, or no seat is free.
    Busy,
    /// There is no game (to move in, or to join).
    NoGame,
    /// The game is over.
    GameOver,
    /// It is the other side's turn.
    NotYourTurn,
    /// A game for two people whose second seat is still free.
    WaitingForOpponent,
    /// A level the booth does not offer.
    UnknownLevel,
    /// The robot is still placing a coin, in a fault or unplugged.
    RobotBusy,
    /// The column is full or does not exist.
    IllegalMove,
    /// Not a message of this protocol.
    BadMessage,
    /// Longer than the limit.
    TooLarge,
    /// A binary frame: the protocol is JSON text.
    Binary,
    /// Too many messages a second.
    RateLimited,
    /// Others come first: people wait in line for the robot, or this
    /// device's last game ended at a limit (nobody moved, nobody came,
    /// the staff ended it) a short while ago.
    OthersFirst,
    /// The booth's staff closed the robot to this device for the rest of
    /// the day; it may still watch.
    Barred,
}

/// What the bridge tells pages that is not a reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeCode {
    /// A player left (named in the notice), with `leave` or by closing
    /// the page and not coming back within the grace time; the robot is
    /// free.
    PlayerLeft,
    /// The booth's staff ended the game.
    EndedByStaff,
    /// Nobody moved for too long; the robot is free.
    EndedIdle,
    /// The person who started the game started a new one (named in the
    /// notice); whoever else was in it now watches.
    Restarted,
    /// Nobody took the offer of a game against the person waiting; the
    /// robot is free.
    NoOpponent,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// No game.
    Idle,
    /// Under way.
    Playing,
    /// Someone won.
    Won,
    /// The board is full.
    Draw,
}

/// One of the two seats, named by the order of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// Moves first.
    First,
    /// Moves second.
    Second,
}

impl Seat {
    /// 0 for the first seat, 1 for the second (as in [`Snapshot::seats`]).
    pub fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }
}

/// A page's part in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// Plays the first seat.
    First,
    /// Plays the second seat.
    Second,
    /// Watches.
    Spectator,
}

impl Part {
    /// Whether the page plays in the game.
    pub fn is_seated(self) -> bool {
        self != Part::Spectator
    }
}

/// The state a page renders.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Snapshot {
    /// Protocol version.
    pub v: u32,
    /// Where the game stands.
    pub status: GameStatus,
    /// The game's moves as a move string.
    pub moves: String,
    /// Who plays, if a game exists.
    pub mode: Option<GameMode>,
    /// Whose turn it is while playing.
    pub turn: Option<Seat>,
    /// Who won.
    pub winner: Option<Seat>,
    /// The winning cells, `[column, row]` 1-based, row 1 at the bottom.
    pub winning_cells: Vec<[u8; 2]>,
    /// Names in the two seats (`null`: free); the booth's computer is
    /// `Computer`.
    pub seats: [Option<String>; 2],
    /// For each seat, whether its visitor lets the name be shown to
    /// everyone (the booth's computer always does).
    #[serde(default)]
    pub shown: [bool; 2],
    /// The hall of fame's edition: it changes when a game ends or the
    /// staff hide an entry, and the spectator screen then reads
    /// `/fame.json` again.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fame: u32,
    /// The level of each seat the booth's computer plays (both in a demo).
    #[serde(default)]
    pub levels: [Option<LevelSpec>; 2],
    /// The computer's seat, in a game against it.
    #[serde(default)]
    pub computer: Option<Seat>,
    /// After a game: which seats asked to play again.
    #[serde(default)]
    pub again: [bool; 2],
    /// While a person waits for an opponent: the seconds the offer still
    /// stands before the game ends and the robot is free.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer_left_s: Option<u64>,
    /// For each seat whose page closed: the seconds the game still waits
    /// for it to come back before it ends.
    #[serde(default, skip_serializing_if = "is_nobody_away")]
    pub away_left_s: [Option<u64>; 2],
    /// How many people wait in line for the robot.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub line: u32,
    /// This page's place in that line (1: next), if it waits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_place: Option<u32>,
    /// This page's part.
    pub you: Part,
    /// Whether this page may move now (its turn, and the robot ready).
    pub can_move: bool,
    /// The robot.
    pub robot: RobotStatus,
}

/// Whether nobody waits in line (then the field is left out).
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Whether no seat's page is away (then the field is left out).
fn is_nobody_away(away: &[Option<u64>; 2]) -> bool {
    away.iter().all(Option::is_none)
}

/// The robot's state in the words the pages show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkState {
    /// Opening the port or waiting for the robot's first answer.
    Connecting,
    /// Idle and showing the game.
    Ready,
    /// Executing a command.
    Working,
    /// The robot reported a fault (or did not answer in time).
    Fault,
    /// The port is gone; it is reopened until the robot answers.
    Disconnected,
    /// The robot is back and the grid is being rebuilt.
    Restoring,
}

/// What went wrong with the robot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// A coin jammed.
    Jammed,
    /// A magazine ran out of coins.
    MagazineEmpty,
    /// The robot says a column is full that the game says is not.
    GridFull,
    /// The robot did not understand a command.
    BadCommand,
    /// The robot reported an internal fault.
    Internal,
    /// The robot did not answer in time.
    NotAnswering,
}

/// The link's status, published after every change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RobotStatus {
    /// The state.
    pub state: LinkState,
    /// In a fault: which.
    #[serde(default)]
    pub fault: Option<Fault>,
    /// Whether the grid shows exactly the game (coins and LEDs).
    pub in_sync: bool,
    /// Coins the robot has confirmed.
    pub placed: usize,
    /// Coins of the game the robot has still to place (one while a coin
    /// drops; more while it catches up after a fault or a rebuild).
    #[serde(default)]
    pub behind: usize,
    /// The port, or `dummy`.
    pub port: String,
}

/// Checks a visitor's name: 3 to 15 of `A-Za-z0-9_-`.
pub fn valid_name(name: &str) -> bool {
    (3..=15).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_lobby_rule() {
        assert!(valid_name("Ada_99"));
        assert!(valid_name("abc"));
        assert!(!valid_name("ab"));
        assert!(!valid_name("sixteen_letters_"));
        assert!(!valid_name("<script>"));
        assert!(!valid_name("Zoë"));
    }

    #[test]
    fn messages_parse_and_unknown_ones_are_refused() {
        let m: ClientMessage = serde_json::from_str(r#"{"type":"move","column":4}"#).unwrap();
        assert!(matches!(m, ClientMessage::Move { column: 4 }));
        assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"dance"}"#).is_err());
        assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"move","column":"x"}"#).is_err());
        assert!(
            serde_json::from_str::<ClientMessage>(r#"{"type":"move","column":4,"extra":1}"#)
                .is_err()
        );
    }

    #[test]
    fn codes_travel_as_snake_case_words() {
        let refused = ServerMessage::Error {
            code: ErrorCode::NotYourTurn,
        };
        assert_eq!(
            serde_json::to_string(&refused).unwrap(),
            r#"{"type":"error","code":"not_your_turn"}"#
        );
        let left = ServerMessage::Notice {
            code: NoticeCode::PlayerLeft,
            name: Some("Ada".into()),
        };
        assert_eq!(
            serde_json::to_string(&left).unwrap(),
            r#"{"type":"notice","code":"player_left","name":"Ada"}"#
        );
        assert_eq!(serde_json::to_string(&Part::First).unwrap(), r#""first""#);
    }

    #[test]
    fn the_app_reads_modes_stored_under_their_old_names() {
        for (stored, mode) in [
            (r#""HotSeat""#, GameMode::TwoPlayers),
            (r#""VsComputer""#, GameMode::VsComputer),
            (r#""two_players""#, GameMode::TwoPlayers),
        ] {
            assert_eq!(serde_json::from_str::<GameMode>(stored).unwrap(), mode);
        }
    }
}
