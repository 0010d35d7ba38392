//! Static evaluations of positions for the heuristic players.

mod classic;
mod window;

use serde::{Deserialize, Serialize};

pub use self::classic::{ClassicGroups, classic_value};
pub(crate) use self::window::Windows;

/// How a heuristic player weighs its own chances against its opponent's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    /// Mainly prevents the opponent's lines.
    Defensive,
    /// Weighs both sides alike.
    #[default]
    Normal,
    /// Mainly builds its own lines.
    Aggressive,
}

impl Style {
    /// Weights of (own lines, opponent's lines) in the window evaluation.
    pub const fn weights(self) -> (i32, i32) {
        match self {
            Style::Defensive => (1, 3),
            Style::Normal => (2, 2),
            Style::Aggressive => (3, 1),
        }
    }

    /// The name used in level strings such as `hard:defensive`.
    pub const fn name(self) -> &'static str {
        match self {
            Style::Defensive => "defensive",
            Style::Normal => "normal",
            Style::Aggressive => "aggressive",
        }
    }
}

/// The static evaluation a heuristic search uses at its leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Evaluation {
    /// Every possible line scores by how many stones one side has in it.
    Window {
        /// Lines low on the board count more (they are easier to complete).
        #[serde(default)]
        low_row_bonus: bool,
        /// Threats on rows of their owner's parity (odd rows for the first
        /// player) count extra: the zugzwang of the endgame.
        #[serde(default)]
        threat_parity: bool,
    },
}
