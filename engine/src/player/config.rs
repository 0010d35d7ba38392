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
#[serde(rename_all = "snake_case")]
pub enum PlayerConfig {
    /// A random legal move.
    Random,
    /// A heuristic search to a fixed depth.
    Search(SearchConfig),
    /// The perfect-play solver.
    Perfect(PerfectConfig),
    /// The classic shell's full, unpruned tree to a fixed depth with its
    /// group formula: always the same move in the same position.
    Classic(ClassicConfig),
    /// A search whose strength follows the opponent's play.
    Adaptive(AdaptiveConfig),
}

/// A heuristic search player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchConfig {
    /// Plies to look ahead.
    pub depth: u8,
    /// The leaf evaluation.
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

/// The classic shell as a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassicConfig {
    /// Plies of the full tree, 1 to 5 as the shell offers them.
    pub depth: u8,
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
            Level::Classic(depth) => PlayerConfig::Classic(ClassicConfig { depth }),
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

/// A level and a style, written `hard` or `hard:aggressive` (so too in
/// JSON and TOML).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
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

    /// The player this describes with `changed`'s depth and weak-move
    /// rate in place of the preset's, when there is one.
    pub fn config_with(self, changed: Option<&SearchOverride>) -> PlayerConfig {
        match changed {
            Some(values) => values.apply(self.config()),
            None => self.config(),
        }
    }
}

/// A fixed-depth search level's depth and rate of deliberately weak
/// moves, set in place of its preset's. Only the fixed-depth search levels
/// (easy, medium, hard) have them.
///
/// ```
/// use engine::player::{Level, LevelSpec, SearchOverride, PlayerConfig};
/// let easy: LevelSpec = "easy".parse().unwrap();
/// let changed = SearchOverride { depth: Some(3), random_moves: None };
/// changed.check(easy.level).unwrap();
/// let PlayerConfig::Search(s) = changed.apply(easy.config()) else { panic!() };
/// assert_eq!((s.depth, s.blunder_rate), (3, 0.33));
/// assert!(changed.check(Level::Perfect).is_err());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchOverride {
    /// Plies to look ahead, 1 to [`SearchOverride::MAX_DEPTH`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u8>,
    /// Chance per move, 0 to 1, of a deliberately weak random move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub random_moves: Option<f64>,
}

impl SearchOverride {
    /// The deepest search a level may be set to: deeper, a move takes
    /// seconds in a tablet's browser.
    pub const MAX_DEPTH: u8 = 12;

    /// Whether these values can be set on `level`.
    ///
    /// # Errors
    /// Which value is out of range, or that the level has no depth to set.
    pub fn check(&self, level: Level) -> Result<(), BadOverride> {
        if !matches!(level, Level::Easy | Level::Medium | Level::Hard) {
            return Err(BadOverride::NotTunable(level));
        }
        if let Some(depth) = self.depth.filter(|d| !(1..=Self::MAX_DEPTH).contains(d)) {
            return Err(BadOverride::Depth(depth));
        }
        if let Some(rate) = self.random_moves.filter(|r| !(0.0..=1.0).contains(r)) {
            return Err(BadOverride::RandomMoves(rate));
        }
        Ok(())
    }

    /// `config` with these values in place of its own (a player that is
    /// not a fixed-depth search is returned as it is).
    pub fn apply(&self, config: PlayerConfig) -> PlayerConfig {
        match config {
            PlayerConfig::Search(mut s) => {
                s.depth = self.depth.unwrap_or(s.depth);
                s.blunder_rate = self.random_moves.unwrap_or(s.blunder_rate);
                PlayerConfig::Search(s)
            }
            other => other,
        }
    }
}

/// Why a [`SearchOverride`] cannot be used.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BadOverride {
    /// The level is not a fixed-depth search.
    NotTunable(Level),
    /// The depth is outside 1 to [`SearchOverride::MAX_DEPTH`].
    Depth(u8),
    /// The rate of weak moves is outside 0 to 1.
    RandomMoves(f64),
}

impl fmt::Display for BadOverride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadOverride::NotTunable(level) => write!(
                f,
                "{} has no depth to set: only easy, medium and hard can be tuned",
                level.name()
            ),
            BadOverride::Depth(depth) => write!(
                f,
                "depth = {depth}: use 1 to {} plies",
                SearchOverride::MAX_DEPTH
            ),
            BadOverride::RandomMoves(rate) => {
                write!(f, "random_moves = {rate}: use a chance from 0 to 1")
            }
        }
    }
}

impl std::error::Error for BadOverride {}

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

impl TryFrom<String> for LevelSpec {
    type Error = UnknownLevel;
    fn try_from(s: String) -> Result<LevelSpec, UnknownLevel> {
        s.parse()
    }
}

impl From<LevelSpec> for String {
    fn from(spec: LevelSpec) -> String {
        spec.to_string()
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
        assert_eq!(
            Level::Classic(3).config(Style::Aggressive),
            PlayerConfig::Classic(ClassicConfig { depth: 3 })
        );
    }

    #[test]
    fn an_override_replaces_only_what_it_names() {
        let both = SearchOverride {
            depth: Some(6),
            random_moves: Some(0.1),
        };
        let PlayerConfig::Search(hard) = both.apply(Level::Hard.config(Style::Aggressive)) else {
            panic!()
        };
        assert_eq!(
            (hard.depth, hard.blunder_rate, hard.style),
            (6, 0.1, Style::Aggressive)
        );
        let rate_only = SearchOverride {
            depth: None,
            random_moves: Some(0.5),
        };
        let PlayerConfig::Search(medium) = rate_only.apply(Level::Medium.config(Style::Normal))
        else {
            panic!()
        };
        assert_eq!((medium.depth, medium.blunder_rate), (5, 0.5));
        // The classic shell's levels are their depth by name.
        assert_eq!(
            both.apply(Level::Classic(2).config(Style::Normal)),
            Level::Classic(2).config(Style::Normal)
        );
    }

    #[test]
    fn an_override_out_of_range_says_which_value() {
        let deep = SearchOverride {
            depth: Some(13),
            random_moves: None,
        };
        assert_eq!(deep.check(Level::Hard), Err(BadOverride::Depth(13)));
        assert_eq!(
            deep.check(Level::Hard).unwrap_err().to_string(),
            "depth = 13: use 1 to 12 plies"
        );
        let zero = SearchOverride {
            depth: Some(0),
            random_moves: None,
        };
        assert!(zero.check(Level::Easy).is_err());
        let rate = SearchOverride {
            depth: None,
            random_moves: Some(-0.1),
        };
        assert_eq!(rate.check(Level::Easy), Err(BadOverride::RandomMoves(-0.1)));
        assert_eq!(
            SearchOverride::default().check(Level::Adaptive),
            Err(BadOverride::NotTunable(Level::Adaptive))
        );
    }
}
