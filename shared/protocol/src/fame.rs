//! The hall of fame: the day's best games on the robot, as the bridge
//! serves them at `/fame.json` for the spectator screen.

use engine::player::LevelSpec;
use serde::{Deserialize, Serialize};

/// The day's best games, best first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HallOfFame {
    /// The booth's local date, `YYYY-MM-DD`.
    pub date: String,
    /// Visitors' wins against the computer: the strongest level first,
    /// then the fewest moves.
    pub best: Vec<FameEntry>,
    /// The longest run of wins by one visitor today, when at least two.
    #[serde(default)]
    pub streak: Option<Streak>,
}

/// A visitor's win against the computer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FameEntry {
    /// The game's number in the records (the staff hide it by this).
    pub game: i64,
    /// The visitor's name, only when they let it be shown; `None`: "a
    /// visitor".
    #[serde(default)]
    pub name: Option<String>,
    /// The level beaten.
    pub level: LevelSpec,
    /// The visitor's own moves, the winning one included.
    pub moves: u32,
    /// Local time of the win, `HH:MM`.
    pub at: String,
    /// Whether it is the day's fastest win against its level.
    #[serde(default)]
    pub fastest: bool,
}

/// Wins in a row by one visitor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Streak {
    /// The visitor's name, only when they let it be shown.
    #[serde(default)]
    pub name: Option<String>,
    /// How many wins in a row.
    pub wins: u32,
}

/// A level's place among the others, strongest highest: the hall of fame
/// puts a win over Perfect before one over Easy.
pub fn strength(level: &LevelSpec) -> u8 {
    use engine::player::Level;
    match level.level {
        Level::Perfect => 6,
        Level::Hard => 5,
        Level::Adaptive => 4,
        Level::Medium => 3,
        Level::Classic(depth) => depth.min(5) / 2 + 1,
        Level::Easy => 1,
        Level::Random => 0,
    }
}
