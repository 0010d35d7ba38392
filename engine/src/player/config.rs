//! What a computer player is: one serialisable description, and the named
//! levels as presets of it.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::evaluation::{Evaluation, Style};

/// Every computer player, as the app stores it and the bridge reads it.
///
/// ```
/// use engine::player::{Level, PlayerConfig};
/// let hard: PlayerConfig = "hard:defensive".parse::<engine::player::LevelSpec>().unwrap().config();
/// assert!(matches!(hard, PlayerConfig::Search(ref s) if s.depth == 8));
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlayerConfig {
    /// A random legal move.
    Random,
    /// A heuristic search to a fixed depth.
    Search(SearchConfig),
    /// The perfect-play solver.
    Perfect(PerfectConfig),
    /// A search whose strength follows the opponent's play.
    Adaptive(AdaptiveConfig),
}

/// A heuristic search player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchConfig {
    /// Plies to look ahead.
    pub depth: u8,
    /// The leaf evaluation. `Classic` searches the classic shell's full,
    /// unpruned tree and ignores the style and budgets.
    #[serde(default = "default_evaluation")]
    pub evaluation: Evaluation,
    /// How own and opponent's chances are weighed.
    #[serde(default)]
    pub style: Style,
    /// Chance per move (0 to 1) of a deliberately weak random move.
    #[serde(default)]
    pub blunder_rate: f64,
    /// Stop deepening after this many nodes (the deepest finished iteration
    /// decides). Deterministic, unlike a time budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_budget: Option<u64>,
    /// Stop deepening after this many milliseconds of the caller's clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_budget_ms: Option<f64>,
}

fn default_evaluation() -> Evaluation {
    Evaluation::Window {
        low_row_bonus: true,
        threat_parity: true,
    }
}

/// The solver as a player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PerfectConfig {
    /// Choose among equally good moves with the seed (otherwise the most
    /// central one).
    #[serde(default = "yes")]
    pub vary: bool,
    /// Transposition table size in MiB.
    #[serde(default = "default_table_mb")]
    pub table_mb: u32,
}

fn yes() -> bool {
    true
}

fn default_table_mb() -> u32 {
    (crate::solver::DEFAULT_TABLE_BYTES >> 20) as u32
}

/// The adaptive player: a window search whose depth and rate of weak moves
/// follow a strength between `min_depth` and `max_depth`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AdaptiveConfig {
    /// Strength at the start of the first game (a depth, may be fractional).
    #[serde(default = "default_start")]
    pub start: f64,
    /// Weakest depth.
    #[serde(default = "default_min_depth")]
    pub min_depth: u8,
    /// Strongest depth.
    #[serde(default = "default_max_depth")]
    pub max_depth: u8,
    /// Style of its search.
    #[serde(default)]
    pub style: Style,
}

fn default_start() -> f64 {
    3.0
}
fn default_min_depth() -> u8 {
    1
}
fn default_max_depth() -> u8 {
    9
}

impl Default for AdaptiveConfig {
    fn default() -> Self {
        AdaptiveConfig {
            start: default_start(),
            min_depth: default_min_depth(),
            max_depth: default_max_depth(),
            style: Style::Normal,
        }
    }
}

/// The named levels the app and the tools offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Random legal moves.
    Random,
    /// Depth 2 with a 33 % chance per move of a deliberately weak move.
    Easy,
    /// Depth 5.
    Medium,
    /// Depth 8.
    Hard,
    /// The solver.
    Perfect,
    /// Follows the opponent's strength.
    Adaptive,
    /// The classic shell's evaluation and unpruned tree at depth 1..=5.
    Classic(u8),
}

impl Level {
    /// Every level, weakest first (classic levels last).
    pub const ALL: [Level; 11] = [
        Level::Random,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Perfect,
        Level::Adaptive,
        Level::Classic(1),
        Level::Classic(2),
        Level::Classic(3),
        Level::Classic(4),
        Level::Classic(5),
    ];

    /// The preset for this level and style.
    pub fn config(self, style: Style) -> PlayerConfig {
        let search = |depth, blunder_rate| {
            PlayerConfig::Search(SearchConfig {
                depth,
                evaluation: default_evaluation(),
                style,
                blunder_rate,
                node_budget: None,
                time_budget_ms: None,
            })
        };
        match self {
            Level::Random => PlayerConfig::Random,
            Level::Easy => search(2, 0.33),
            Level::Medium => search(5, 0.0),
            Level::Hard => search(8, 0.0),
            Level::Perfect => PlayerConfig::Perfect(PerfectConfig {
                vary: true,
                table_mb: default_table_mb(),
            }),
            Level::Adaptive => PlayerConfig::Adaptive(AdaptiveConfig {
                style,
                ..AdaptiveConfig::default()
            }),
            Level::Classic(depth) => PlayerConfig::Search(SearchConfig {
                depth,
                evaluation: Evaluation::Classic,
                style: Style::Normal,
                blunder_rate: 0.0,
                node_budget: None,
                time_budget_ms: None,
            }),
        }
    }

    /// The level's name as the tools spell it (`classic3`).
    pub fn name(self) -> String {
        match self {
            Level::Random => "random".into(),
            Level::Easy => "easy".into(),
            Level::Medium => "medium".into(),
            Level::Hard => "hard".into(),
            Level::Perfect => "perfect".into(),
            Level::Adaptive => "adaptive".into(),
            Level::Classic(d) => format!("classic{d}"),
        }
    }
}

/// A level and a style, written `hard` or `hard:aggressive`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelSpec {
    /// The level.
    pub level: Level,
    /// The style (normal when not given).
    pub style: Style,
}

impl LevelSpec {
    /// The player this describes.
    pub fn config(self) -> PlayerConfig {
        self.level.config(self.style)
    }
}

/// A level name that is not known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?}: use random, easy, medium, hard, perfect, adaptive or classic1..classic5, \
             optionally followed by :defensive, :normal or :aggressive",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for LevelSpec {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<LevelSpec, UnknownLevel> {
        let unknown = || UnknownLevel(s.to_string());
        let lower = s.to_ascii_lowercase();
        let (name, style) = lower.split_once(':').unwrap_or((&lower, "normal"));
        let style = match style {
            "defensive" => Style::Defensive,
            "normal" => Style::Normal,
            "aggressive" => Style::Aggressive,
            _ => return Err(unknown()),
        };
        let level = Level::ALL
            .into_iter()
            .find(|l| l.name() == name)
            .ok_or_else(unknown)?;
        Ok(LevelSpec { level, style })
    }
}

impl fmt::Display for LevelSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.level.name())?;
        if self.style != Style::Normal {
            write!(f, ":{}", self.style.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_names_round_trip() {
        for level in Level::ALL {
            for style in [Style::Defensive, Style::Normal, Style::Aggressive] {
                let spec = LevelSpec { level, style };
                assert_eq!(spec.to_string().parse::<LevelSpec>(), Ok(spec));
            }
        }
        assert!("classic6".parse::<LevelSpec>().is_err());
        assert!("hard:sneaky".parse::<LevelSpec>().is_err());
    }

    #[test]
    fn presets_match_the_levels() {
        let PlayerConfig::Search(easy) = Level::Easy.config(Style::Normal) else {
            panic!()
        };
        assert_eq!((easy.depth, easy.blunder_rate), (2, 0.33));
        let PlayerConfig::Search(c3) = Level::Classic(3).config(Style::Aggressive) else {
            panic!()
        };
        assert_eq!((c3.depth, c3.evaluation), (3, Evaluation::Classic));
    }
}
