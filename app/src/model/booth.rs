//! A robot game as the bridge's snapshots show it, read without words.

use booth_protocol::{GameMode, GameStatus, LinkState, Part, Snapshot, Welcome};
use engine::evaluation::Style;
use engine::player::LevelSpec;

use super::settings::offered_levels;

/// Milliseconds after a robot game before its pages go back to the lobby.
pub const BACK_TO_LOBBY_MS: f64 = 20_000.0;

/// What the page keeps of the robot between the bridge's messages: the one
/// copy of the robot game on the page. Its transitions are in
/// `control/robot_game.rs`; views read it through `BoothView`.
#[derive(Debug, Clone, Default)]
pub struct RobotGame {
    /// The bridge's last snapshot.
    pub snapshot: Option<Snapshot>,
    /// Since when this page's robot game is over (ms since the epoch).
    pub over_since: Option<f64>,
    /// While this page's player waits for an opponent: when the offer
    /// ends (ms since the epoch).
    pub offer_until: Option<f64>,
    /// For each seat whose page closed: when the game stops waiting for it.
    pub away_until: [Option<f64>; 2],
    /// The moment a message of the robot game was said at: it goes once
    /// the game or the robot moves on.
    pub said_at: Option<Moment>,
}

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

/// Whether the robot plays a game this page has no part in, and that no
/// visitor may stop or join (a demo gives way; a waiting person takes an
/// opponent).
pub fn taken_by_others(s: &Snapshot) -> bool {
    s.status == GameStatus::Playing
        && !seated(s)
        && s.mode != Some(GameMode::Demo)
        && !waiting_for_opponent(s)
}

/// The name of the person waiting on the robot for an opponent, when this
/// page could be that opponent.
pub fn challenger(s: &Snapshot) -> Option<String> {
    (waiting_for_opponent(s) && !seated(s)).then(|| s.seats[0].clone().unwrap_or_default())
}

/// The levels the booth offers against the computer (all of the app's own
/// when it names none).
pub fn levels_offered(welcome: Option<&Welcome>) -> Vec<LevelSpec> {
    let named: Vec<LevelSpec> = welcome.iter().flat_map(|w| &w.levels).copied().collect();
    if !named.is_empty() {
        return named;
    }
    offered_levels()
        .map(|level| LevelSpec {
            level,
            style: Style::Normal,
        })
        .collect()
}

/// A robot game between people as one page sees it: whose turn, or how
/// it ended, by name. Which line applies is decided here once; each
/// language only words it.
#[derive(Debug, Clone, PartialEq)]
pub enum RobotGameLine {
    /// This page won against the other person.
    YouWon { against: String },
    /// The other person won; this page lost.
    YouLost { winner: String },
    /// Someone won (a page that plays neither seat).
    Won { winner: String },
    /// This page's turn.
    YourTurn { name: String },
    /// The other seat's turn.
    TurnOf { name: String },
    /// Nobody won.
    Draw { names: [String; 2] },
}

impl RobotGameLine {
    /// The line for the seats' `names`, this page's seat (`you`, if it
    /// plays one), whose turn it is while the game is on, and the winner's
    /// seat once someone won.
    pub fn of(
        names: [String; 2],
        you: Option<usize>,
        turn: Option<usize>,
        winner: Option<usize>,
    ) -> RobotGameLine {
        let [first, second] = names;
        let name = |seat: usize| {
            if seat == 0 {
                first.clone()
            } else {
                second.clone()
            }
        };
        match (you, turn, winner) {
            (Some(me), _, Some(w)) if me == w => RobotGameLine::YouWon {
                against: name(1 - w),
            },
            (Some(_), _, Some(w)) => RobotGameLine::YouLost { winner: name(w) },
            (None, _, Some(w)) => RobotGameLine::Won { winner: name(w) },
            (Some(me), Some(t), _) if me == t => RobotGameLine::YourTurn { name: name(t) },
            (_, Some(t), _) => RobotGameLine::TurnOf { name: name(t) },
            (_, None, None) => RobotGameLine::Draw {
                names: [name(0), name(1)],
            },
        }
    }
}
