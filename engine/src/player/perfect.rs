//! The perfect player: the solver's exact score, then which columns keep
//! it, with the opening book and the position database.

use std::cell::{Cell, RefCell};

use super::decision::{add_every_other_move_loses, among_equals};
use super::progress::Reporter;
use super::rng::Rng;
use super::{ChooseError, Decision, PerfectConfig, SearchProgress, ValueKind, facts};
use crate::score::win_now_score;
use crate::solver::{self, Flow, Mode, Solver};
use crate::trace::{Bound, Recorder};
use crate::{Geometry, Position};

/// Whether Perfect solves every position of boards of `geometry`: the
/// standard board, with its opening book and position database. On any
/// other it plays its best search where the solver needs longer than the
/// time limit, which the page says before the game.
pub fn perfect_on(geometry: Geometry) -> bool {
    geometry == Geometry::STANDARD
}

/// Variety among equally good moves is worth a short wait, not a long
/// one: past this many milliseconds of the caller's clock, Perfect plays
/// the first best column it found instead of testing the others too
/// (stopping at the first best column took the slowest early position
/// measured natively from 9.0 s to 4.3 s). Not shorter: every column
/// tested is also a node of the tree the watchers see, and a 20 ms
/// limit left a 13-stone Perfect move with one column of seven.
const VARY_WITHIN_MS: f64 = 1500.0;

/// The solver's move: the position's exact score, then which columns keep
/// it, one of them chosen.
pub(super) fn choose(
    rng: &mut Rng,
    solver: &mut Solver,
    p: &Position,
    config: &PerfectConfig,
    trace_budget: usize,
    reporter: &mut Reporter<'_>,
) -> Result<Decision, ChooseError> {
    let g = p.geometry();
    let plies_left = (g.cells() - p.plies()) as u8;
    let mover = p.side_to_move();
    let mut nodes = 0;
    // The tree grows by one column at a time; a watcher sees it between.
    let recorder = RefCell::new(Recorder::new(trace_budget, 1));
    let root = recorder.borrow_mut().open(None, None, mover, 0, true);
    let elapsed_ms = Cell::new(0.0);
    let mut observe = solver_observer(reporter, &recorder, &elapsed_ms, plies_left);
    let record = |column: usize, value: i32, bound: Bound| {
        if let Some(r) = root {
            recorder.borrow_mut().leaf(r, column, mover, value, bound);
        }
    };
    // The position's score: from the book, else one exact search. Then
    // a column is best when it keeps that score, which a null-window
    // test tells far sooner than each column's exact score would.
    let value = match solver.book().and_then(|b| b.score(p)) {
        Some(score) => score,
        None => {
            let score = solver.search(p, Mode::Strong, &mut observe)?;
            nodes += solver.nodes();
            score
        }
    };
    let mut values = vec![None; g.columns()];
    let mut best = Vec::new();
    for column in g.centre_order() {
        if !p.can_play(column) {
            continue;
        }
        if p.is_winning_move(column) {
            values[column] = Some(win_now_score(g.cells(), p.plies()));
        } else {
            let mut child = *p;
            child.play_column(column);
            if let Some(score) = solver.known_score(&child) {
                values[column] = Some(-score);
            } else if (config.vary && elapsed_ms.get() < VARY_WITHIN_MS) || best.is_empty() {
                // The column keeps the score unless the opponent then
                // scores more than -value.
                let refuted = solver.at_least(&child, 1 - value, &mut observe)?;
                nodes += solver.nodes();
                if refuted {
                    // Known only as a bound: less than the best.
                    record(column, value - 1, Bound::Upper);
                } else {
                    values[column] = Some(value);
                }
            }
        }
        if let Some(v) = values[column] {
            record(column, v, Bound::Exact);
        }
        if values[column] == Some(value) {
            best.push(column);
        }
    }
    let column = among_equals(rng, &best, config.vary)?;
    drop(observe);
    let mut recorder = recorder.into_inner();
    if let Some(r) = root {
        recorder.node(r).value = value;
        recorder.node(r).subtree_nodes = nodes;
    }
    let mut decision = Decision {
        column,
        value,
        value_kind: ValueKind::Exact,
        column_values: values,
        pv: vec![column as u8],
        depth: plies_left,
        nodes,
        trace: recorder.finish(vec![column as u8], nodes, plies_left),
        facts: vec![facts::outcome(p, value)],
    };
    // Only when every column's exact value is known (from the book or
    // the database).
    if (0..g.columns()).all(|c| !p.can_play(c) || decision.column_values[c].is_some()) {
        add_every_other_move_loses(&mut decision, 0);
    }
    Ok(decision)
}

/// Reports a solver's progress with the columns' tree so far, and keeps
/// the time since the search started in `elapsed_ms`.
fn solver_observer<'a>(
    reporter: &'a mut Reporter<'_>,
    recorder: &'a RefCell<Recorder>,
    elapsed_ms: &'a Cell<f64>,
    plies_left: u8,
) -> impl FnMut(&solver::Progress) -> Flow + 'a {
    move |progress| {
        elapsed_ms.set(reporter.elapsed_ms());
        let stop = reporter.tick(false, |with_tree| SearchProgress {
            depth: plies_left,
            nodes: progress.nodes,
            tree: with_tree.then(|| recorder.borrow().snapshot(plies_left)),
            ..SearchProgress::default()
        });
        if stop { Flow::Stop } else { Flow::Continue }
    }
}
