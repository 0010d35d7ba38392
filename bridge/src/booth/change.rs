//! What a command or the clock changed on the table, in the order its
//! effects happen. [`super::Booth`] turns each into its effects (the robot's
//! grid, the records, the pages) in one place.

use crate::messages::{ErrorCode, NoticeCode};
use crate::records::Outcome;

/// One change, named by what people notice of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Change {
    /// The seats, the names or the players' wishes: every page gets a
    /// snapshot.
    Seats,
    /// The game started, ended or was replaced: the robot is told what to
    /// show, every page gets a snapshot.
    Game,
    /// A coin went in (a person's or the computer's): the records take the
    /// move, then as [`Change::Game`], and the computer looks whether it is
    /// its turn.
    Coin,
    /// One page (the one that said hello) gets a snapshot of its own.
    SnapshotFor(u64),
    /// Every page is told why the game ended or was replaced.
    Notice {
        /// What happened.
        code: NoticeCode,
        /// Who did it, if a person did.
        name: Option<String>,
    },
    /// A game's record ends with an outcome other than the board's.
    RecordEnded {
        /// The game's entry in the records.
        record: i64,
        /// How it ended.
        outcome: Outcome,
    },
    /// The pages of `session` ask their visitor whether they are still
    /// there.
    AskStillThere {
        /// The seated session that has not moved for a while.
        session: String,
        /// Seconds until its seat is freed.
        seconds_left: u64,
    },
    /// The caller's page was refused, after the changes before this one
    /// (a page without the LAN token is seated as a spectator, then told).
    Refused(ErrorCode),
}

/// The changes of one command or tick, in order.
pub(super) type Changes = Vec<Change>;

/// A command's answer: what it changed, or why it was refused (and then
/// it changed nothing).
pub(super) type Reply = Result<Changes, ErrorCode>;
