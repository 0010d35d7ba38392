//! What a search did, recorded as it ran, for the visualisation to draw.

use crate::Side;

/// Default number of nodes a trace keeps.
pub const DEFAULT_TRACE_BUDGET: usize = 2000;

/// How a node's value relates to its true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact (for the depth searched).
    Exact,
    /// The true value is at least this (a cut-off: the search stopped early).
    Lower,
    /// The true value is at most this (every move failed low).
    Upper,
}

/// One recorded node. Values are from the view of the side that made the
/// node's move (`side`), so a bigger value is better for the coin drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceNode {
    /// Index of the parent in [`SearchTrace::nodes`]; the root has none.
    pub parent: Option<u32>,
    /// The column (0-based) whose coin leads here; the root has none.
    pub column: Option<u8>,
    /// Whose coin that is (for the root: the side that is about to move).
    pub side: Side,
    /// Plies below the root.
    pub depth: u8,
    /// The value found, from `side`'s view.
    pub value: i32,
    /// Whether `value` is exact or a bound.
    pub bound: Bound,
    /// The alpha-beta window the node was searched with, from `side`'s view;
    /// none for searches without pruning.
    pub window: Option<(i32, i32)>,
    /// The column of the child whose value cut the search off here.
    pub cut_by: Option<u8>,
    /// Columns never searched because of that cut-off.
    pub pruned: Vec<u8>,
    /// Whether the value came from the transposition table.
    pub from_table: bool,
    /// Nodes searched in this subtree, this node included.
    pub subtree_nodes: u64,
    /// Whether this subtree was searched but its children not recorded.
    pub summarised: bool,
    /// Whether the node lies on the principal variation.
    pub on_pv: bool,
    /// Whether the search is still inside this node (only in the snapshots
    /// of a running search): its value is not known yet.
    pub searching: bool,
}

/// The recorded search tree of one move, bounded in size.
///
/// Nodes are stored parent before child; the root is node 0 and its
/// children carry the final value of each column.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchTrace {
    /// The recorded nodes, parents first.
    pub nodes: Vec<TraceNode>,
    /// The principal variation: the columns both sides are expected to play.
    pub pv: Vec<u8>,
    /// Nodes the search visited in all (recorded or not).
    pub total_nodes: u64,
    /// The depth of the search that produced the tree.
    pub depth: u8,
    /// The moves that led to the root position (a move string such as
    /// `4453`), so a node's position can be shown; empty when unknown.
    pub root_moves: String,
}

impl SearchTrace {
    /// The indices of the children of node `index`, in search order.
    pub fn children(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .skip(index + 1)
            .filter(move |(_, n)| n.parent == Some(index as u32))
            .map(|(i, _)| i)
    }

    /// Whether this is a snapshot of a search still running (its root has
    /// no value yet).
    pub fn is_running(&self) -> bool {
        self.nodes.first().is_some_and(|root| root.searching)
    }

    /// Makes `pv` the principal variation, marking the recorded nodes
    /// along it (and only those).
    pub fn set_pv(&mut self, pv: Vec<u8>) {
        for node in &mut self.nodes {
            node.on_pv = false;
        }
        if let Some(root) = self.nodes.first_mut() {
            root.on_pv = true;
        }
        let mut at = 0usize;
        for &column in &pv {
            let next = self
                .children(at)
                .find(|&i| self.nodes[i].column == Some(column));
            match next {
                Some(i) => {
                    self.nodes[i].on_pv = true;
                    at = i;
                }
                None => break,
            }
        }
        self.pv = pv;
    }

    /// The line the recorded values expect after node `index`: at each step
    /// the child whose exact value answers its parent's (negamax: the
    /// child's value is minus the parent's), as far as it was recorded.
    pub fn line_after(&self, index: usize) -> Vec<u8> {
        let mut line = Vec::new();
        let mut at = index;
        while let Some(next) = self.children(at).find(|&i| {
            let child = &self.nodes[i];
            child.bound == Bound::Exact && child.value == -self.nodes[at].value
        }) {
            line.extend(self.nodes[next].column);
            at = next;
        }
        line
    }

    /// The value of each root child by column (0-based), from the mover's
    /// view; `None` for columns that were not searched.
    pub fn root_values(&self, columns: usize) -> Vec<Option<i32>> {
        let mut values = vec![None; columns];
        for i in self.children(0) {
            let node = &self.nodes[i];
            if let Some(c) = node.column {
                values[usize::from(c)] = Some(node.value);
            }
        }
        values
    }
}

/// Builds a [`SearchTrace`] while a search runs, within a node budget.
///
/// Nodes deeper than the recording depth, or beyond the budget, are not
/// stored: their counts go into the nearest recorded ancestor, which is
/// marked as summarised. A few nodes of the budget are kept back so the
/// principal variation can always be recorded in full.
pub(crate) struct Recorder {
    trace: SearchTrace,
    budget: usize,
    max_depth: u8,
}

/// Room kept for the principal variation.
const PV_RESERVE: usize = 32;

impl Recorder {
    pub(crate) fn new(budget: usize, max_depth: u8) -> Recorder {
        Recorder {
            trace: SearchTrace::default(),
            budget: budget.max(PV_RESERVE + 8),
            max_depth,
        }
    }

    /// Starts a node below `parent` (none for the root) if it fits; returns
    /// its index. `on_pv` nodes fit as long as any room is left.
    pub(crate) fn open(
        &mut self,
        parent: Option<u32>,
        column: Option<u8>,
        side: Side,
        depth: u8,
        on_pv: bool,
    ) -> Option<u32> {
        let room = if on_pv {
            self.budget
        } else {
            self.budget - PV_RESERVE
        };
        // The root's children are the columns' values: always recorded.
        let essential = depth <= 1;
        if parent.is_some()
            && !essential
            && (depth > self.max_depth || self.trace.nodes.len() >= room)
        {
            if let Some(p) = parent {
                self.trace.nodes[p as usize].summarised = true;
            }
            return None;
        }
        self.trace.nodes.push(TraceNode {
            parent,
            column,
            side,
            depth,
            value: 0,
            bound: Bound::Exact,
            window: None,
            cut_by: None,
            pruned: Vec::new(),
            from_table: false,
            subtree_nodes: 1,
            summarised: false,
            on_pv: false,
            searching: true,
        });
        Some(self.trace.nodes.len() as u32 - 1)
    }

    /// Records a finished child of `parent` (one column's value below the
    /// root of a solver's decision), if it fits.
    pub(crate) fn leaf(
        &mut self,
        parent: u32,
        column: usize,
        side: Side,
        value: i32,
        bound: Bound,
    ) {
        if let Some(id) = self.open(Some(parent), Some(column as u8), side, 1, false) {
            let node = self.node(id);
            node.value = value;
            node.bound = bound;
        }
    }

    /// The node opened as `index`, to fill in its results (which ends its
    /// search).
    pub(crate) fn node(&mut self, index: u32) -> &mut TraceNode {
        let node = &mut self.trace.nodes[index as usize];
        node.searching = false;
        node
    }

    /// The tree recorded so far, for a watcher of the running search.
    pub(crate) fn snapshot(&self, depth: u8) -> SearchTrace {
        SearchTrace {
            depth,
            ..self.trace.clone()
        }
    }

    /// Marks the principal variation along recorded nodes and finishes the
    /// trace.
    pub(crate) fn finish(mut self, pv: Vec<u8>, total_nodes: u64, depth: u8) -> SearchTrace {
        self.trace.set_pv(pv);
        self.trace.total_nodes = total_nodes;
        self.trace.depth = depth;
        self.trace
    }

    /// Recorded nodes so far.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.trace.nodes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_summarises_and_keeps_room_for_the_pv() {
        let mut r = Recorder::new(40, 3);
        let root = r.open(None, None, Side::First, 0, true).unwrap();
        let child = r.open(Some(root), Some(3), Side::First, 1, false).unwrap();
        let mut opened = 0;
        for c in 0..7 {
            for _ in 0..3 {
                if r.open(Some(child), Some(c), Side::Second, 2, false)
                    .is_some()
                {
                    opened += 1;
                }
            }
        }
        assert_eq!(opened, 40 - PV_RESERVE - 2);
        assert!(r.node(child).summarised);
        assert!(
            r.open(Some(child), Some(3), Side::Second, 2, true)
                .is_some(),
            "the PV still fits"
        );
        assert!(
            r.open(Some(child), Some(3), Side::Second, 4, true)
                .is_none(),
            "but not below the depth"
        );
        assert!(
            r.open(Some(root), Some(5), Side::First, 1, false).is_some(),
            "the root's children always fit"
        );
        assert_eq!(r.len(), 40 - PV_RESERVE + 2);
    }
}
