//! The tidy layout of the search tree: leaves side by side, parents
//! centred over their children, what is folded left out. Pure, tested
//! natively.

use std::collections::HashSet;

use engine::trace::SearchTrace;
use engine::{Board, Geometry};

/// Horizontal distance between neighbouring leaves, in pixels at zoom 1.
pub const DX: f64 = 60.0;
/// Vertical distance between levels.
pub const DY: f64 = 74.0;

/// One node placed on the drawing.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// Index in the trace.
    pub index: usize,
    /// Centre.
    pub x: f64,
    /// Centre.
    pub y: f64,
    /// The parent's centre, if drawn.
    pub parent: Option<(f64, f64)>,
    /// Whether children exist but are hidden.
    pub collapsed: bool,
    /// Columns pruned below this node (drawn as stubs).
    pub pruned: usize,
}

/// The children of every node, in search order (one pass over the trace).
pub fn child_lists(trace: &SearchTrace) -> Vec<Vec<usize>> {
    let mut lists = vec![Vec::new(); trace.nodes.len()];
    for (i, n) in trace.nodes.iter().enumerate() {
        if let Some(p) = n.parent {
            lists[p as usize].push(i);
        }
    }
    lists
}

/// How many levels below `open_depth` the principal variation stays open:
/// deeper, its branches make the tree too wide to read.
const PV_OPEN: u8 = 2;

/// Whether a node shows its children: down to `open_depth`, a little
/// further along the principal variation, and wherever the person opened it.
pub fn is_open(trace: &SearchTrace, index: usize, open: &HashSet<usize>, open_depth: u8) -> bool {
    let node = &trace.nodes[index];
    node.depth < open_depth
        || (node.on_pv && node.depth < open_depth.saturating_add(PV_OPEN))
        || open.contains(&index)
}

/// Lays out the visible part of the tree below `root`: returns the placed
/// nodes and the drawing's width and height.
pub fn layout(
    trace: &SearchTrace,
    root: usize,
    open: &HashSet<usize>,
    open_depth: u8,
) -> (Vec<Placed>, f64, f64) {
    let mut layout = Layout {
        trace,
        children: child_lists(trace),
        open,
        open_depth,
        base_depth: trace.nodes.get(root).map_or(0, |n| n.depth),
        next_leaf: 0.0,
        placed: Vec::new(),
        max_y: 0.0,
    };
    if root < trace.nodes.len() {
        layout.place(root);
    }
    let width = (layout.next_leaf * DX).max(DX);
    (layout.placed, width, layout.max_y + DY / 2.0)
}

struct Layout<'a> {
    trace: &'a SearchTrace,
    children: Vec<Vec<usize>>,
    open: &'a HashSet<usize>,
    open_depth: u8,
    base_depth: u8,
    next_leaf: f64,
    placed: Vec<Placed>,
    max_y: f64,
}

impl Layout<'_> {
    /// Places the subtree of `index` (children first, so a parent knows where
    /// they went) and returns its x.
    fn place(&mut self, index: usize) -> f64 {
        let t = self.trace;
        let children = if is_open(t, index, self.open, self.open_depth) {
            self.children[index].clone()
        } else {
            Vec::new()
        };
        let y = f64::from(t.nodes[index].depth - self.base_depth) * DY + DY / 2.0;
        self.max_y = self.max_y.max(y);
        let x = if children.is_empty() {
            let x = self.next_leaf * DX + DX / 2.0;
            self.next_leaf += 1.0;
            x
        } else {
            let first = self.placed.len();
            let xs: Vec<f64> = children.iter().map(|&c| self.place(c)).collect();
            let x = (xs[0] + xs[xs.len() - 1]) / 2.0;
            for p in &mut self.placed[first..] {
                if t.nodes[p.index].parent == Some(index as u32) {
                    p.parent = Some((x, y));
                }
            }
            x
        };
        let node = &t.nodes[index];
        let has_children = !self.children[index].is_empty();
        self.placed.push(Placed {
            index,
            x,
            y,
            parent: None,
            collapsed: (has_children || node.summarised) && children.is_empty(),
            pruned: node.pruned.len(),
        });
        x
    }
}

/// The indices from the trace's root down to `index`.
pub fn path_to(t: &SearchTrace, index: usize) -> Vec<usize> {
    let mut path = Vec::new();
    let mut at = Some(index).filter(|&i| i < t.nodes.len());
    while let Some(i) = at {
        path.push(i);
        at = t.nodes[i].parent.map(|p| p as usize);
    }
    path.reverse();
    path
}

/// The position at a node: the trace's root position and the columns down
/// to it. The engine plays the moves, so the rules stay in one place.
pub fn node_board(t: &SearchTrace, index: usize, geometry: Geometry) -> Option<Board> {
    let mut board = Board::from_moves(geometry, &t.root_moves).ok()?;
    for i in path_to(t, index) {
        if let Some(c) = t.nodes[i].column {
            board.play(usize::from(c)).ok()?;
        }
    }
    Some(board)
}

/// Where the eye follows the tree: the path from the root drawn down to
/// the deepest node being searched, else to the deepest on the expected
/// line, else the root alone.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Focus {
    /// The path's end.
    pub end: (f64, f64),
    /// The leftmost and the rightmost x along the path.
    pub span: (f64, f64),
    /// Once the search has ended, the expected line from the root (x, y
    /// of each node, the chosen column second): the decision, which the
    /// eye sees first, and what follows it.
    pub decision: Option<Vec<(f64, f64)>>,
}

/// The [`Focus`] of the placed tree.
pub fn focus(trace: &SearchTrace, placed: &[Placed]) -> Focus {
    let deepest = |keep: &dyn Fn(&engine::trace::TraceNode) -> bool| {
        placed
            .iter()
            .filter(|p| keep(&trace.nodes[p.index]))
            .max_by(|a, b| a.y.total_cmp(&b.y))
    };
    let Some(end) = deepest(&|n| n.searching)
        .or_else(|| deepest(&|n| n.on_pv))
        .or_else(|| placed.last())
    else {
        return Focus::default();
    };
    let on_path: HashSet<usize> = path_to(trace, end.index).into_iter().collect();
    let xs = placed
        .iter()
        .filter(|p| on_path.contains(&p.index))
        .map(|p| p.x);
    let span = xs.fold((end.x, end.x), |(lo, hi), x| (lo.min(x), hi.max(x)));
    let running = trace.nodes.iter().any(|n| n.searching);
    let at = |index: usize| placed.iter().find(|p| p.index == index).map(|p| (p.x, p.y));
    let decision = (!running).then(|| {
        path_to(trace, end.index)
            .into_iter()
            .filter_map(at)
            .collect::<Vec<_>>()
    });
    Focus {
        end: (end.x, end.y),
        span,
        decision,
    }
}

/// The depth of the node shown as the root.
pub fn root_depth(trace: &SearchTrace, root: usize) -> u8 {
    trace.nodes.get(root).map_or(0, |n| n.depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::evaluation::Style;
    use engine::player::{Level, Player};

    fn trace() -> SearchTrace {
        let board: engine::Board = "4453".parse().unwrap();
        Player::new(Level::Hard.config(Style::Normal), 1)
            .choose(&board)
            .unwrap()
            .trace
    }

    #[test]
    fn parents_are_centred_over_their_children_and_leaves_do_not_overlap() {
        let t = trace();
        let (placed, width, _) = layout(&t, 0, &HashSet::new(), 2);
        let lists = child_lists(&t);
        let mut leaves: Vec<f64> = placed
            .iter()
            .filter(|p| lists[p.index].is_empty() || !is_open(&t, p.index, &HashSet::new(), 2))
            .map(|p| p.x)
            .collect();
        leaves.sort_by(f64::total_cmp);
        assert!(leaves.windows(2).all(|w| w[1] - w[0] >= DX - 1e-9));
        assert!(placed.iter().all(|p| p.x <= width));
        let root = placed.iter().find(|p| p.index == 0).unwrap();
        assert!(root.parent.is_none());
        assert!(
            placed
                .iter()
                .filter(|p| p.index != 0)
                .all(|p| p.parent.is_some())
        );
    }

    #[test]
    fn the_whole_tree_opens_and_the_pv_is_always_open() {
        let t = trace();
        let (all, _, _) = layout(&t, 0, &HashSet::new(), u8::MAX);
        assert_eq!(all.len(), t.nodes.len());
        let (small, _, _) = layout(&t, 0, &HashSet::new(), 1);
        let pv_nodes = t
            .nodes
            .iter()
            .filter(|n| n.on_pv && n.depth <= 1 + PV_OPEN)
            .count();
        assert_eq!(
            small.iter().filter(|p| t.nodes[p.index].on_pv).count(),
            pv_nodes
        );
        assert!(small.len() < all.len(), "deeper branches stay folded");
    }

    #[test]
    fn the_eye_follows_the_expected_line_to_its_end() {
        let t = trace();
        let (placed, _, _) = layout(&t, 0, &HashSet::new(), 1);
        let f = focus(&t, &placed);
        let end = placed
            .iter()
            .filter(|p| t.nodes[p.index].on_pv)
            .max_by(|a, b| a.y.total_cmp(&b.y))
            .unwrap();
        assert_eq!(f.end, (end.x, end.y));
        assert_eq!(
            f.end.1,
            f64::from(1 + PV_OPEN) * DY + DY / 2.0,
            "as deep as the line is open"
        );
        let root = placed.iter().find(|p| p.index == 0).unwrap();
        assert!(
            f.span.0 <= root.x.min(end.x) && f.span.1 >= root.x.max(end.x),
            "the path from the root"
        );
        // The search is over: the decision is the line from the root, its
        // pv child second.
        let chosen = placed
            .iter()
            .find(|p| t.nodes[p.index].on_pv && t.nodes[p.index].parent == Some(0))
            .unwrap();
        let line = f.decision.expect("a finished search");
        assert_eq!(line[..2], [(root.x, root.y), (chosen.x, chosen.y)]);
        assert_eq!(line.last(), Some(&f.end));
    }

    #[test]
    fn a_node_knows_its_path_and_its_position() {
        let t = trace();
        let deepest = (0..t.nodes.len())
            .max_by_key(|&i| t.nodes[i].depth)
            .unwrap();
        let path = path_to(&t, deepest);
        assert_eq!(path[0], 0);
        assert_eq!(path.len(), usize::from(t.nodes[deepest].depth) + 1);
        let board = node_board(&t, deepest, Geometry::STANDARD).unwrap();
        assert_eq!(
            board.plies(),
            "4453".len() + usize::from(t.nodes[deepest].depth)
        );
        assert_eq!(root_depth(&t, deepest), t.nodes[deepest].depth);
        assert!(path_to(&t, t.nodes.len()).is_empty(), "no such node");
    }
}
