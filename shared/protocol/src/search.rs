//! The computer's search as the pages receive it: its progress while it
//! runs ([`Thinking`]) and its move ([`ComputerMove`]), with the recorded
//! tree ([`Tree`]). These are the protocol's own types, converted from the
//! engine's, so a renamed engine field cannot change what the pages read:
//! the golden files in `shared/protocol/golden/` hold the shapes, and the
//! bridge's and the app's tests read them. The app's worker and its
//! spectator channel send the same types, so the page reads one form.
//!
//! A tree's nodes travel with one- or two-letter keys: a tree has up to
//! 2,000 of them, several times a second.
//!
//! ```
//! use booth_protocol::search::ComputerMove;
//! use engine::{Board, Player, evaluation::Style, player::Level};
//!
//! let board: Board = "4453".parse().unwrap();
//! let decision = Player::new(Level::Medium.config(Style::Normal), 1).choose(&board).unwrap();
//! let sent = ComputerMove::from(&decision);
//! let json = serde_json::to_string(&sent).unwrap();
//! let read: ComputerMove = serde_json::from_str(&json).unwrap();
//! assert_eq!(engine::Decision::from(read), decision);
//! ```

use engine::Side;
use engine::player::{self, SearchProgress};
use engine::trace::{self, SearchTrace, TraceNode};
use serde::{Deserialize, Serialize};

/// How the computer's search stands while it runs (`thinking`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Thinking {
    /// Depth of the deepest finished iteration (for the solver: plies
    /// left).
    pub depth: u8,
    /// Positions searched so far.
    pub nodes: u64,
    /// Positions per second.
    pub nodes_per_second: f64,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
    /// The best column so far (0-based), once one is known.
    pub best_column: Option<u8>,
    /// Its value, from the mover's view.
    pub best_value: Option<i32>,
    /// The expected continuation, 0-based columns.
    pub pv: Vec<u8>,
    /// The tree of the running search as far as it got (in some reports).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<Tree>,
}

/// The computer's move and what its search saw (`decided`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ComputerMove {
    /// The chosen column, 0-based.
    pub column: usize,
    /// The value of the chosen column from the mover's view.
    pub value: i32,
    /// What `value` and the tree's values measure.
    pub value_kind: ValueKind,
    /// Every column's value from the mover's view (`null`: full or not
    /// searched).
    pub column_values: Vec<Option<i32>>,
    /// The expected continuation, starting with the chosen column.
    pub pv: Vec<u8>,
    /// Depth of the search that decided.
    pub depth: u8,
    /// Positions searched.
    pub nodes: u64,
    /// The recorded search tree.
    pub trace: Tree,
    /// What is true about the move, for the thoughts.
    pub facts: Vec<Fact>,
}

/// What kind of number a move's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueKind {
    /// An exact score in the solver's convention.
    Exact,
    /// A heuristic estimate.
    Heuristic,
    /// The classic formula's value.
    Classic,
    /// No search (a random move).
    None,
}

/// Something true about the move, which the page says in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fact {
    /// The move completes a line.
    WinsNow,
    /// With best play the mover wins, placing this many more stones.
    WinsIn {
        /// Stones the mover still places, this one included.
        stones: u8,
    },
    /// With best play the opponent wins, placing this many more stones.
    LosesIn {
        /// Stones the opponent still places.
        stones: u8,
    },
    /// With best play the game is a draw.
    Draw,
    /// The opponent threatened to complete a line in this column.
    MustBlock {
        /// The blocked column, 0-based.
        column: u8,
    },
    /// After the move the mover threatens to win in this many cells.
    CreatesThreats {
        /// Cells where the mover would complete a line.
        count: u8,
    },
    /// Every other column loses.
    EveryOtherMoveLoses,
    /// The perfect analysis did not finish in time: the best search chose.
    Unsolved {
        /// Seconds the solver was given.
        seconds: u32,
    },
    /// A deliberately weak move of the level.
    RandomMove,
}

/// A recorded search tree: parents before children, the root first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Tree {
    /// The recorded nodes.
    pub nodes: Vec<Node>,
    /// The expected continuation.
    pub pv: Vec<u8>,
    /// Positions the search visited in all, recorded or not.
    pub total_nodes: u64,
    /// The depth of the search.
    pub depth: u8,
    /// The moves to the root position (`4453`); left out when unknown.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub root_moves: String,
}

/// One node of a [`Tree`]; values are from the view of the side whose
/// coin leads to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Node {
    /// The parent's index; the root has none.
    #[serde(rename = "p", default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<u32>,
    /// The column (0-based) whose coin leads here; the root has none.
    #[serde(rename = "c", default, skip_serializing_if = "Option::is_none")]
    pub column: Option<u8>,
    /// Whose coin that is (for the root: the side about to move).
    #[serde(rename = "s")]
    pub side: Side,
    /// Plies below the root.
    #[serde(rename = "d")]
    pub depth: u8,
    /// The value found.
    #[serde(rename = "v")]
    pub value: i32,
    /// Whether the value is exact or a bound.
    #[serde(rename = "b")]
    pub bound: Bound,
    /// The alpha-beta window the node was searched with.
    #[serde(rename = "w", default, skip_serializing_if = "Option::is_none")]
    pub window: Option<(i32, i32)>,
    /// The column of the child whose value cut the search off here.
    #[serde(rename = "x", default, skip_serializing_if = "Option::is_none")]
    pub cut_by: Option<u8>,
    /// Columns never searched because of that cut-off.
    #[serde(rename = "pr", default, skip_serializing_if = "Vec::is_empty")]
    pub pruned: Vec<u8>,
    /// Whether the value came from the transposition table.
    #[serde(rename = "t", default, skip_serializing_if = "is_false")]
    pub from_table: bool,
    /// Positions searched below this node, itself included.
    #[serde(rename = "n")]
    pub subtree_nodes: u64,
    /// Whether the node's children were searched but not recorded.
    #[serde(rename = "z", default, skip_serializing_if = "is_false")]
    pub summarised: bool,
    /// Whether the node lies on the expected continuation.
    #[serde(rename = "pv", default, skip_serializing_if = "is_false")]
    pub on_pv: bool,
    /// Whether the running search is still inside this node.
    #[serde(rename = "o", default, skip_serializing_if = "is_false")]
    pub searching: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// How a node's value relates to its true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bound {
    /// Exact, for the depth searched.
    #[serde(rename = "=")]
    Exact,
    /// At least this (a cut-off).
    #[serde(rename = ">")]
    Lower,
    /// At most this (every move failed low).
    #[serde(rename = "<")]
    Upper,
}

/// Converts between the engine's type and the wire's, both ways: the
/// bridge and the worker send, the page reads back into the engine's types
/// that its drawing and its words use. A field list per type, once.
macro_rules! same_fields {
    ($engine:path, $wire:ident { $($field:ident),* } $(convert { $($converted:ident),* })?) => {
        impl From<&$engine> for $wire {
            fn from(e: &$engine) -> $wire {
                $wire {
                    $($field: e.$field.clone(),)*
                    $($($converted: e.$converted.clone().into(),)*)?
                }
            }
        }
        impl From<$wire> for $engine {
            fn from(w: $wire) -> $engine {
                $engine {
                    $($field: w.$field,)*
                    $($($converted: w.$converted.into(),)*)?
                }
            }
        }
    };
}

same_fields!(TraceNode, Node {
    parent, column, side, depth, value, window, cut_by, pruned, from_table,
    subtree_nodes, summarised, on_pv, searching
} convert { bound });

impl From<&SearchTrace> for Tree {
    fn from(t: &SearchTrace) -> Tree {
        Tree {
            nodes: t.nodes.iter().map(Node::from).collect(),
            pv: t.pv.clone(),
            total_nodes: t.total_nodes,
            depth: t.depth,
            root_moves: t.root_moves.clone(),
        }
    }
}

impl From<Tree> for SearchTrace {
    fn from(t: Tree) -> SearchTrace {
        SearchTrace {
            nodes: t.nodes.into_iter().map(TraceNode::from).collect(),
            pv: t.pv,
            total_nodes: t.total_nodes,
            depth: t.depth,
            root_moves: t.root_moves,
        }
    }
}

impl From<&SearchProgress> for Thinking {
    fn from(p: &SearchProgress) -> Thinking {
        Thinking {
            depth: p.depth,
            nodes: p.nodes,
            nodes_per_second: p.nodes_per_second,
            elapsed_ms: p.elapsed_ms,
            best_column: p.best_column,
            best_value: p.best_value,
            pv: p.pv.clone(),
            tree: p.tree.as_ref().map(Tree::from),
        }
    }
}

impl From<Thinking> for SearchProgress {
    fn from(t: Thinking) -> SearchProgress {
        SearchProgress {
            depth: t.depth,
            nodes: t.nodes,
            nodes_per_second: t.nodes_per_second,
            elapsed_ms: t.elapsed_ms,
            best_column: t.best_column,
            best_value: t.best_value,
            pv: t.pv,
            tree: t.tree.map(SearchTrace::from),
        }
    }
}

impl From<&player::Decision> for ComputerMove {
    fn from(d: &player::Decision) -> ComputerMove {
        ComputerMove {
            column: d.column,
            value: d.value,
            value_kind: d.value_kind.into(),
            column_values: d.column_values.clone(),
            pv: d.pv.clone(),
            depth: d.depth,
            nodes: d.nodes,
            trace: Tree::from(&d.trace),
            facts: d.facts.iter().cloned().map(Fact::from).collect(),
        }
    }
}

impl From<ComputerMove> for player::Decision {
    fn from(m: ComputerMove) -> player::Decision {
        player::Decision {
            column: m.column,
            value: m.value,
            value_kind: m.value_kind.into(),
            column_values: m.column_values,
            pv: m.pv,
            depth: m.depth,
            nodes: m.nodes,
            trace: m.trace.into(),
            facts: m.facts.into_iter().map(player::Fact::from).collect(),
        }
    }
}

/// The same variants on both sides, converted both ways.
macro_rules! same_variants {
    ($engine:path, $wire:ident { $($unit:ident),* } { $($variant:ident { $($field:ident),* }),* }) => {
        impl From<$engine> for $wire {
            fn from(e: $engine) -> $wire {
                use $engine as E;
                match e {
                    $(E::$unit => $wire::$unit,)*
                    $(E::$variant { $($field),* } => $wire::$variant { $($field),* },)*
                }
            }
        }
        impl From<$wire> for $engine {
            fn from(w: $wire) -> $engine {
                use $engine as E;
                match w {
                    $($wire::$unit => E::$unit,)*
                    $($wire::$variant { $($field),* } => E::$variant { $($field),* },)*
                }
            }
        }
    };
}

same_variants!(trace::Bound, Bound { Exact, Lower, Upper } {});
same_variants!(player::ValueKind, ValueKind { Exact, Heuristic, Classic, None } {});
same_variants!(player::Fact, Fact { WinsNow, Draw, EveryOtherMoveLoses, RandomMove } {
    WinsIn { stones }, LosesIn { stones }, MustBlock { column },
    CreatesThreats { count }, Unsolved { seconds }
});
