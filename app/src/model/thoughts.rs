//! The computer's thoughts as plain data: what a search chose and the
//! facts it found ([`Thought`], which the spectator channel carries), and
//! the caption under the tree ([`Caption`]), decided here once; each
//! language only words them.

use booth_protocol::search::Fact;
use engine::player::SearchProgress;
use serde::{Deserialize, Serialize};

use crate::json_enum;

/// A line of the computer's thoughts: what a search chose, or a fact it
/// found. The spectator channel carries them; each screen words them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Thought {
    /// The computer's move with how far and how much it searched.
    Searched {
        column: usize,
        depth: u8,
        nodes: u64,
        /// Solved to the end of the game (Perfect): said without a depth,
        /// and with no positions as known in advance.
        #[serde(default)]
        solved: bool,
    },
    /// A fact about the move.
    Fact(Fact),
}

/// What the spectator screen says under the tree, for people who have
/// never heard of a search: what the computer is doing now, or what its
/// last search found.
#[derive(Debug, Clone, PartialEq)]
pub enum Caption {
    /// A search is running.
    /// The solver at work: it searches to the end of the game.
    Solving {
        nodes: u64,
    },
    Thinking {
        depth: u8,
        nodes: u64,
    },
    /// The last search chose `column` (0-based) after `nodes` positions.
    Chose {
        column: usize,
        nodes: u64,
        outlook: Outlook,
    },
}

/// The most telling thing the last search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outlook {
    /// The move completes four in a row.
    WinsNow,
    /// A win is certain, with this many more of its coins.
    Wins { stones: u8 },
    /// The opponent threatened four in a row in this column (0-based).
    Blocks { column: u8 },
    /// A perfect opponent wins, with this many more coins.
    Loses { stones: u8 },
    /// Perfect play on both sides ends in a draw.
    Draw,
    /// A weak move chosen on purpose.
    Random,
    /// Nothing certain: the path it expects.
    Expects,
}

impl Caption {
    /// The caption for a running search's `progress`, or else for the
    /// newest decision in `thoughts` (newest first: its `Searched` line,
    /// then its facts).
    /// `left` is the number of empty cells: a search that deep is the
    /// solver's.
    pub fn of(
        progress: Option<&SearchProgress>,
        thoughts: &[Thought],
        left: usize,
    ) -> Option<Caption> {
        if let Some(p) = progress.filter(|p| usize::from(p.depth) >= left) {
            return Some(Caption::Solving { nodes: p.nodes });
        }
        if let Some(p) = progress {
            return Some(Caption::Thinking {
                depth: p.depth,
                nodes: p.nodes,
            });
        }
        let Some(Thought::Searched { column, nodes, .. }) = thoughts.first() else {
            return None;
        };
        let facts = thoughts[1..].iter().map_while(|t| match t {
            Thought::Fact(fact) => Some(fact),
            Thought::Searched { .. } => None,
        });
        let outlook = facts
            .filter_map(|fact| match fact {
                Fact::WinsNow => Some(Outlook::WinsNow),
                Fact::WinsIn { stones } => Some(Outlook::Wins { stones: *stones }),
                Fact::MustBlock { column } => Some(Outlook::Blocks { column: *column }),
                Fact::LosesIn { stones } => Some(Outlook::Loses { stones: *stones }),
                Fact::Draw => Some(Outlook::Draw),
                Fact::RandomMove => Some(Outlook::Random),
                _ => None,
            })
            .min_by_key(|o| o.rank())
            .unwrap_or(Outlook::Expects);
        Some(Caption::Chose {
            column: *column,
            nodes: *nodes,
            outlook,
        })
    }
}

impl Outlook {
    /// Which of several facts the caption tells (the lowest).
    fn rank(self) -> u8 {
        match self {
            Outlook::WinsNow => 0,
            Outlook::Random => 1,
            Outlook::Wins { .. } => 2,
            Outlook::Blocks { .. } => 3,
            Outlook::Loses { .. } => 4,
            Outlook::Draw => 5,
            Outlook::Expects => 6,
        }
    }
}

json_enum!(Thought {
    Searched "Searched" { column, depth, nodes, solved = false },
    Fact "Fact" (Fact),
});
