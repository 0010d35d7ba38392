//! The messages between the page and the search worker, sent as JSON text
//! both ways (`crate::json`; their serde derives are the shapes its tests
//! hold it to). The computer's search travels in the booth protocol's
//! form, as the bridge sends it, so the page reads one.

use booth_protocol::search::{ComputerMove, Thinking, Tree};
use engine::Geometry;
use engine::player::{PlayerConfig, Teaching};
use engine::review::ReviewedMove;
use serde::{Deserialize, Serialize};

use crate::json_enum;

// Externally tagged (serde's default, and the one shape `json_enum!`
// writes): the variant's name comes first, so a reader never holds a
// message whole before it knows what it reads.
/// From the page to the worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum ToWorker {
    /// Choose a move for the side to move after `moves`.
    Choose {
        /// Answers carry it back, so stale answers can be ignored.
        id: u32,
        /// The game so far, as a move string.
        moves: String,
        /// The board's shape.
        geometry: Geometry,
        /// Who plays.
        player: PlayerConfig,
        /// Seed of the player's random choices.
        seed: u64,
    },
    /// The perfect score of every column (the hint).
    Analyze {
        /// As in `Choose`.
        id: u32,
        /// The game so far.
        moves: String,
        /// The board's shape.
        geometry: Geometry,
        /// Give up after this many milliseconds.
        limit_ms: f64,
        /// When the page asked, in milliseconds since the epoch: the limit
        /// counts from then, so a worker still starting or busy with its
        /// downloads spends the promised time, not more.
        asked_at: f64,
    },
    /// Every move of a game marked by the perfect analysis.
    Review {
        /// As in `Choose`.
        id: u32,
        /// The game, as a move string.
        moves: String,
        /// The board's shape.
        geometry: Geometry,
        /// Give up after this many milliseconds.
        limit_ms: f64,
        /// When the page asked, in milliseconds since the epoch: the limit
        /// counts from then, so a worker still starting or busy with its
        /// downloads spends the promised time, not more.
        asked_at: f64,
    },
    /// Minimax and alpha-beta on one position, for the teaching view. Its
    /// answer is matched by position, so it never makes a running
    /// request stale.
    Teach {
        /// The position, as a move string.
        moves: String,
        /// The board's shape.
        geometry: Geometry,
        /// Plies to search.
        depth: u8,
    },
    /// A game ended: lets the adaptive level learn (`Some(true)`: the
    /// computer won).
    GameOver {
        /// Whether the computer won.
        computer_won: Option<bool>,
    },
    /// Asks how much memory the worker holds (for benchmarks).
    Memory,
}

/// From the worker to the page.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum FromWorker {
    /// The engine is loaded; messages sent before this are lost.
    Ready,
    /// The worker's Wasm memory in bytes (the answer to `Memory`).
    Memory {
        /// Bytes.
        bytes: u32,
    },
    /// How the search for request `id` is going.
    Progress {
        /// The request.
        id: u32,
        /// Depth, nodes, best so far.
        progress: Thinking,
    },
    /// The move for request `id`.
    Chosen {
        /// The request.
        id: u32,
        /// The move and what the search saw.
        decision: Box<ComputerMove>,
    },
    /// Every column's perfect score for request `id`.
    Analysis {
        /// The request.
        id: u32,
        /// Scores by column, `None` for full columns.
        scores: Vec<Option<i32>>,
    },
    /// The review of request `id`, a mark per move.
    Reviewed {
        /// The request.
        id: u32,
        /// The moves in order.
        marks: Vec<ReviewedMove>,
    },
    /// The opening book arrived: perfect play is instant up to `depth` plies.
    Book {
        /// Every position with at most this many stones is in the book.
        depth: u8,
        /// Positions in the book.
        positions: u32,
    },
    /// How the 12-stone position database is coming along.
    Database(Database),
    /// The teaching trees of a position.
    Teaching {
        /// Plies searched.
        depth: u8,
        /// Plain minimax; its `root_moves` name the position.
        minimax: Box<Tree>,
        /// Alpha-beta to the same depth.
        alpha_beta: Box<Tree>,
    },
    /// Request `id` could not be answered.
    Failed {
        /// The request.
        id: u32,
        /// Why, for the log.
        reason: String,
    },
}

/// The worker's 12-stone position database, which makes perfect play
/// instant from every position.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Database {
    /// Downloading: bytes so far, of `total` when the server said.
    Loading {
        /// Bytes received.
        loaded: u32,
        /// Bytes in all, if known.
        total: Option<u32>,
    },
    /// Loaded and in use.
    Ready {
        /// Positions held.
        positions: u32,
        /// Milliseconds from the request to ready.
        millis: u32,
        /// The worker's Wasm memory with it loaded, bytes.
        memory: u32,
    },
    /// Not there (offline before the first full visit, or a bad file):
    /// perfect play still works, only slower.
    Missing,
}

impl FromWorker {
    /// The teaching trees, as the worker sends them.
    pub fn teaching(teaching: &Teaching) -> FromWorker {
        FromWorker::Teaching {
            depth: teaching.depth,
            minimax: Box::new((&teaching.minimax).into()),
            alpha_beta: Box::new((&teaching.alpha_beta).into()),
        }
    }
}

json_enum!(ToWorker {
    Choose "Choose" { id, moves, geometry, player, seed },
    Analyze "Analyze" { id, moves, geometry, limit_ms, asked_at },
    Review "Review" { id, moves, geometry, limit_ms, asked_at },
    Teach "Teach" { moves, geometry, depth },
    GameOver "GameOver" { computer_won },
    Memory "Memory",
});
json_enum!(FromWorker {
    Ready "Ready",
    Memory "Memory" { bytes },
    Progress "Progress" { id, progress },
    Chosen "Chosen" { id, decision },
    Analysis "Analysis" { id, scores },
    Reviewed "Reviewed" { id, marks },
    Book "Book" { depth, positions },
    Database "Database" (Database),
    Teaching "Teaching" { depth, minimax, alpha_beta },
    Failed "Failed" { id, reason },
});
json_enum!(Database {
    Loading "Loading" { loaded, total = None },
    Ready "Ready" { positions, millis, memory },
    Missing "Missing",
});
