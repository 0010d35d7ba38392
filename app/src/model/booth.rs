//! A robot game as the bridge's snapshots show it, read without words.

use booth_protocol::{GameMode, GameStatus, LinkState, Part, Snapshot};

/// Milliseconds after a robot game before its pages go back to the lobby.
pub const BACK_TO_LOBBY_MS: f64 = 20_000.0;

/// Whether this page has a seat in a game on the robot.
pub fn seated(s: &Snapshot) -> bool {
    s.status != GameStatus::Idle && s.you.is_seated()
}

/// What a status message in a robot game is about: once any of it
/// changes, the message is out of date.
#[derive(Debug, Clone, PartialEq)]
pub struct Moment {
    moves: String,
    robot: (LinkState, bool),
    can_move: bool,
    seats: [Option<String>; 2],
    again: [bool; 2],
}

impl Moment {
    /// The moment a snapshot shows.
    pub fn of(s: &Snapshot) -> Moment {
        Moment {
            moves: s.moves.clone(),
            robot: (s.robot.state, s.robot.in_sync),
            can_move: s.can_move,
            seats: s.seats.clone(),
            again: s.again,
        }
    }
}

/// This page's seat in a game for two people.
pub fn own_seat(s: &Snapshot) -> Option<usize> {
    match s.you {
        Part::First => Some(0),
        Part::Second => Some(1),
        Part::Spectator => None,
    }
}

/// A game for two people with one still to come.
pub fn waiting_for_opponent(s: &Snapshot) -> bool {
    s.mode == Some(GameMode::TwoPlayers) && s.status == GameStatus::Playing && s.seats[1].is_none()
}
