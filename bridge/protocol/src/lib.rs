//! The WebSocket protocol between the booth's pages and the bridge,
//! version 1: the bridge and the app share these types, so the two sides
//! cannot drift apart. Every message is a JSON object with a `type`;
//! `bridge/README.md` documents each with an example.
#![deny(missing_docs)]

use serde::{Deserialize, Serialize};

/// The protocol version a page says hello with.
pub const VERSION: u32 = 1;

/// What a page wants to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Plays (needs the LAN token when not on this machine).
    Player,
    /// Only watches.
    Spectator,
}

/// Who plays a robot game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameMode {
    /// One person against the computer; the person's page sends both sides'
    /// moves (the computer's come from its search worker).
    VsComputer,
    /// Two people, each on their own page (or both on one).
    TwoPlayers,
    /// The robot plays itself while nobody does; a spectator screen's
    /// worker finds the moves. Any visitor's `start` ends it.
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
    },
    /// Takes the free second seat of a two-player game.
    Join,
    /// Drops a coin into a 1-based column.
    Move {
        /// 1-based column.
        column: u8,
    },
    /// A search tree to relay to spectators.
    Trace {
        /// Opaque to the bridge.
        trace: serde_json::Value,
    },
    /// The player is still there (answer to `still_there`).
    StillHere,
    /// Ends the game for both seats.
    Leave,
    /// A spectator screen's answer to `demo_turn`.
    DemoMove {
        /// 1-based column.
        column: u8,
    },
}

/// To a page.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The whole state, on connect and after every change.
    Snapshot(Box<Snapshot>),
    /// A refused message; nothing changed.
    Error {
        /// Stable code for programs.
        code: String,
        /// A sentence for people.
        message: String,
    },
    /// Something happened that is not an error (the other player left).
    Notice {
        /// A sentence for people.
        message: String,
    },
    /// The player to move has been idle: confirm within this many seconds.
    StillThere {
        /// Seconds until the seat is freed.
        seconds_left: u64,
    },
    /// A search tree from the player's page.
    Trace {
        /// As sent.
        trace: serde_json::Value,
    },
    /// Asks a spectator screen for the demo's next move.
    DemoTurn {
        /// The demo game so far.
        moves: String,
        /// The level to play it at (`hard`, `medium:aggressive`, ...).
        level: String,
    },
}

/// The state a page renders.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Snapshot {
    /// Protocol version.
    pub v: u32,
    /// `idle` (no game), `playing`, `won` or `draw`.
    pub status: String,
    /// The game's moves as a move string.
    pub moves: String,
    /// Who plays, if a game exists.
    pub mode: Option<GameMode>,
    /// `first` or `second` while playing.
    pub turn: Option<String>,
    /// `first` or `second` after a win.
    pub winner: Option<String>,
    /// The winning cells, `[column, row]` 1-based, row 1 at the bottom.
    pub winning_cells: Vec<[u8; 2]>,
    /// Names in the two seats (`null`: free).
    pub seats: [Option<String>; 2],
    /// This page's part: `first`, `second`, `both` or `spectator`.
    pub you: String,
    /// Whether this page may move now (its turn, and the robot ready).
    pub can_move: bool,
    /// The robot.
    pub robot: RobotStatus,
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

/// The link's status, published after every change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RobotStatus {
    /// The state.
    pub state: LinkState,
    /// The state in a sentence for visitors.
    pub words: String,
    /// Whether the grid shows exactly the game (coins and LEDs).
    pub in_sync: bool,
    /// Coins the robot has confirmed.
    pub placed: usize,
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
}
