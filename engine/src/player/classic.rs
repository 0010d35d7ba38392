//! The classic shell's choice: the full, unpruned tree to a fixed depth,
//! each node worth its own formula value plus the best of its children for
//! the side to move there.

use super::{ChooseError, Decision, ValueKind};
use crate::evaluation::classic_value;
use crate::player::progress::{Reporter, SearchProgress};
use crate::trace::{Bound, Recorder, SearchTrace};
use crate::{Position, Side};

/// The classic shell's unpruned search with its group formula.
pub(super) fn choose(
    p: &Position,
    depth: u8,
    trace_budget: usize,
    reporter: &mut Reporter<'_>,
) -> Result<Decision, ChooseError> {
    let choice = tree_choice(p, depth, trace_budget, reporter).ok_or(ChooseError::Cancelled)?;
    let values: Vec<Option<i32>> = choice
        .values
        .iter()
        .map(|v| v.map(|v| v.clamp(i32::MIN.into(), i32::MAX.into()) as i32))
        .collect();
    Ok(Decision {
        column: choice.column,
        value: values[choice.column].unwrap_or(0),
        value_kind: ValueKind::Classic,
        column_values: values,
        pv: choice.pv,
        depth,
        nodes: choice.nodes,
        trace: choice.trace,
        facts: Vec::new(),
    })
}

/// The classic choice and its tree.
pub(crate) struct ClassicChoice {
    /// Each column's value (the machine's view), `None` for full columns.
    pub(crate) values: Vec<Option<i64>>,
    /// The chosen column: the greatest value, the leftmost on ties.
    pub(crate) column: usize,
    pub(crate) pv: Vec<u8>,
    pub(crate) nodes: u64,
    pub(crate) trace: SearchTrace,
}

/// The machine (the side to move in `root`) chooses with look-ahead `level`.
/// `None` when the observer cancelled, or when no column is free.
pub(crate) fn tree_choice(
    root: &Position,
    level: u8,
    trace_nodes: usize,
    reporter: &mut Reporter<'_>,
) -> Option<ClassicChoice> {
    let machine = root.side_to_move();
    let mut tree = Tree {
        machine,
        level: level.max(1),
        nodes: 1,
        recorder: Recorder::new(trace_nodes, 3),
        reporter,
    };
    let root_id = tree.recorder.open(None, None, machine, 0, true);
    let g = root.geometry();
    let mut values = vec![None; g.columns()];
    let mut best: Option<(usize, i64, Vec<u8>)> = None;
    for column in (0..g.columns()).filter(|&c| root.can_play(c)) {
        let mut child = *root;
        child.play_column(column);
        let id = root_id.and_then(|r| {
            tree.recorder
                .open(Some(r), Some(column as u8), machine, 1, false)
        });
        let (value, mut pv) = tree.value(&child, 1, id)?;
        values[column] = Some(value);
        if best.as_ref().is_none_or(|b| value > b.1) {
            pv.insert(0, column as u8);
            best = Some((column, value, pv));
        }
    }
    let (column, value, pv) = best?;
    if let Some(r) = root_id {
        let node = tree.recorder.node(r);
        node.value = clamp(value);
        node.subtree_nodes = tree.nodes;
    }
    let nodes = tree.nodes;
    Some(ClassicChoice {
        values,
        column,
        trace: tree.recorder.finish(pv.clone(), nodes, level),
        pv,
        nodes,
    })
}

fn clamp(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

struct Tree<'r, 'a> {
    machine: Side,
    level: u8,
    nodes: u64,
    recorder: Recorder,
    reporter: &'r mut Reporter<'a>,
}

impl Tree<'_, '_> {
    /// The value of the node `p` at `depth`, and the line below it that the
    /// values follow.
    fn value(&mut self, p: &Position, depth: u8, id: Option<u32>) -> Option<(i64, Vec<u8>)> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) {
            let nodes = self.nodes;
            if self.reporter.tick(false, |_| SearchProgress {
                depth: self.level,
                nodes,
                nodes_per_second: 0.0,
                elapsed_ms: 0.0,
                best_column: None,
                best_value: None,
                pv: Vec::new(),
                tree: None,
            }) {
                return None;
            }
        }
        let own = classic_value(p, self.machine);
        let result = if depth >= self.level || p.is_full() {
            if let Some(id) = id {
                self.recorder.node(id).value = self.for_mover(own, id);
            }
            return Some((own, Vec::new()));
        } else {
            let mover = p.side_to_move();
            let maximise = mover == self.machine;
            let before = self.nodes;
            let mut best: Option<(i64, Vec<u8>)> = None;
            for column in (0..p.geometry().columns()).filter(|&c| p.can_play(c)) {
                let mut child = *p;
                child.play_column(column);
                let child_id = id.and_then(|r| {
                    self.recorder
                        .open(Some(r), Some(column as u8), mover, depth + 1, false)
                });
                let (v, mut line) = self.value(&child, depth + 1, child_id)?;
                let better = best
                    .as_ref()
                    .is_none_or(|b| if maximise { v > b.0 } else { v < b.0 });
                if better {
                    line.insert(0, column as u8);
                    best = Some((v, line));
                }
            }
            let (v, line) = best.expect("a board that is not full has a free column");
            if let Some(id) = id {
                self.recorder.node(id).subtree_nodes = self.nodes - before + 1;
            }
            (own + v, line)
        };
        if let Some(id) = id {
            let value = self.for_mover(result.0, id);
            let node = self.recorder.node(id);
            node.value = value;
            node.bound = Bound::Exact;
        }
        Some(result)
    }

    /// Trace values are from the view of the side whose coin the node shows:
    /// the human minimises the machine's value, so its view is the negation.
    fn for_mover(&mut self, machine_value: i64, id: u32) -> i32 {
        if self.recorder.node(id).side == self.machine {
            clamp(machine_value)
        } else {
            clamp(-machine_value)
        }
    }
}
