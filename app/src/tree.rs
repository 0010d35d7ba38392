//! The search tree as SVG: laid out as a tidy tree (leaves side by side,
//! parents centred over their children), the principal variation
//! highlighted, cut-offs drawn as pruned stubs, big subtrees collapsed into a
//! summary that opens with a tap.

use std::collections::HashSet;

use engine::Side;
use engine::trace::{Bound, SearchTrace};
use leptos::prelude::*;

use crate::i18n::Lang;

/// Horizontal distance between neighbouring leaves.
const DX: f64 = 34.0;
/// Vertical distance between levels.
const DY: f64 = 58.0;
/// Radius of a node's coin.
const R: f64 = 11.0;
/// Above this many nodes, labels appear only when zoomed in.
const DETAIL_LIMIT: usize = 300;

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

/// Whether a node shows its children: down to `open_depth`, along the
/// principal variation, and wherever the person opened it.
pub fn is_open(trace: &SearchTrace, index: usize, open: &HashSet<usize>, open_depth: u8) -> bool {
    let node = &trace.nodes[index];
    node.depth < open_depth || node.on_pv || open.contains(&index)
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

/// A short form of a value for a node label.
fn label(v: i32) -> String {
    if v.abs() >= 999_000 {
        if v > 0 {
            "+∞".into()
        } else {
            "−∞".into()
        }
    } else if v.abs() >= 10_000 {
        format!("{:+}k", v / 1000)
    } else {
        format!("{v:+}")
    }
}

/// The tree of the last search, with its own zoom and pan.
#[component]
pub fn TreeView(
    /// The trace to draw.
    trace: RwSignal<Option<SearchTrace>>,
    /// Colour classes of the first and the second player's coins.
    colours: Signal<[&'static str; 2]>,
    /// Interface language.
    lang: Signal<Lang>,
) -> impl IntoView {
    let open = RwSignal::new(HashSet::<usize>::new());
    let root = RwSignal::new(0usize);
    let zoom = RwSignal::new(1.0f64);
    let pan = RwSignal::new((0.0f64, 0.0f64));
    let show_all = RwSignal::new(false);
    // A new search starts from its root, with nothing opened.
    Effect::new(move |_| {
        trace.track();
        open.set(HashSet::new());
        root.set(0);
        pan.set((0.0, 0.0));
    });
    // The drawing is one SVG string set as the element's content: two
    // thousand nodes as separate reactive views took about 380 ms to draw,
    // as markup the browser parses them in a fraction of that. Every text in
    // it is a number or a fixed word, never visitor input.
    let drawing = move || {
        let t = trace.get()?;
        if t.nodes.is_empty() {
            return None;
        }
        let open_depth = if show_all.get() {
            u8::MAX
        } else {
            root_depth(&t, root.get()) + 1
        };
        let (placed, width, height) = layout(&t, root.get(), &open.get(), open_depth);
        let (z, (px, py)) = (zoom.get(), pan.get());
        let view_box = format!("{px:.1} {py:.1} {:.1} {:.1}", width / z, height / z);
        // Thousands of labels are unreadable at a glance and cost most of the
        // drawing time: a big tree shows its shape until zoomed in.
        let detailed = placed.len() <= DETAIL_LIMIT || z >= 2.0;
        Some((
            view_box,
            placed.len(),
            markup(&t, &placed, colours.get(), lang.get(), detailed),
        ))
    };
    let on_click = move |e: leptos::ev::MouseEvent| {
        if let Some(index) = node_index(&e) {
            open.update(|o| {
                if !o.remove(&index) {
                    o.insert(index);
                }
            });
        }
    };
    let on_double = move |e: leptos::ev::MouseEvent| {
        if let Some(index) = node_index(&e) {
            root.set(index);
        }
    };
    let svg = move || {
        drawing().map(|(view_box, count, inner)| {
            view! {
                <svg class="tree" viewBox=view_box preserveAspectRatio="xMidYMin meet" data-nodes=count
                    on:click=on_click on:dblclick=on_double inner_html=inner></svg>
            }
        })
    };
    let crumbs = move || {
        let Some(t) = trace.get() else {
            return Vec::new();
        };
        let mut path = Vec::new();
        let mut at = Some(root.get());
        while let Some(i) = at {
            path.push(i);
            at = t.nodes.get(i).and_then(|n| n.parent).map(|p| p as usize);
        }
        path.reverse();
        path.into_iter()
            .map(|i| {
                let name = t.nodes[i]
                    .column
                    .map_or("⌂".to_string(), |c| (c + 1).to_string());
                view! { <button class="crumb" on:click=move |_| root.set(i)>{name}</button> }
            })
            .collect()
    };
    let on_wheel = move |e: leptos::ev::WheelEvent| {
        e.prevent_default();
        zoom.update(|z| {
            *z = (*z * if e.delta_y() < 0.0 { 1.15 } else { 1.0 / 1.15 }).clamp(0.3, 6.0)
        });
    };
    let drag = StoredValue::new(None::<(f64, f64)>);
    let on_down = move |e: leptos::ev::PointerEvent| {
        drag.set_value(Some((e.client_x() as f64, e.client_y() as f64)))
    };
    let on_move = move |e: leptos::ev::PointerEvent| {
        if let Some((x, y)) = drag.get_value() {
            let (nx, ny) = (e.client_x() as f64, e.client_y() as f64);
            let z = zoom.get_untracked();
            pan.update(|(px, py)| {
                *px -= (nx - x) / z;
                *py -= (ny - y) / z;
            });
            drag.set_value(Some((nx, ny)));
        }
    };
    let on_up = move |_| drag.set_value(None);
    let on_key = move |e: leptos::ev::KeyboardEvent| {
        let step = 40.0 / zoom.get_untracked();
        match e.key().as_str() {
            "+" | "=" => zoom.update(|z| *z = (*z * 1.2).min(6.0)),
            "-" => zoom.update(|z| *z = (*z / 1.2).max(0.3)),
            "ArrowLeft" => pan.update(|p| p.0 -= step),
            "ArrowRight" => pan.update(|p| p.0 += step),
            "ArrowUp" => pan.update(|p| p.1 -= step),
            "ArrowDown" => pan.update(|p| p.1 += step),
            _ => return,
        }
        e.stop_propagation();
        e.prevent_default();
    };
    view! {
        <section class="tree-view" aria-label="Search tree">
            <div class="tree-tools">
                <span class="crumbs">{crumbs}</span>
                <button on:click=move |_| zoom.update(|z| *z = (*z * 1.2).min(6.0))>"+"</button>
                <button on:click=move |_| zoom.update(|z| *z = (*z / 1.2).max(0.3))>"−"</button>
                <button on:click=move |_| { zoom.set(1.0); pan.set((0.0, 0.0)); }>"1:1"</button>
                <button class="expand-all" aria-pressed=move || show_all.get().to_string()
                    on:click=move |_| show_all.update(|s| *s = !*s)>
                    {move || match lang.get() { Lang::De => "Alles", Lang::En => "All" }}
                </button>
            </div>
            <div class="tree-canvas" tabindex="0" on:wheel=on_wheel on:pointerdown=on_down on:pointermove=on_move
                on:pointerup=on_up on:pointerleave=on_up on:keydown=on_key>
                {svg}
            </div>
        </section>
    }
}

/// The trace index of the node under a click, from its `data-index`.
fn node_index(e: &leptos::ev::MouseEvent) -> Option<usize> {
    use wasm_bindgen::JsCast;
    let target = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    let node = target.closest("[data-index]").ok()??;
    node.get_attribute("data-index")?.parse().ok()
}

/// The SVG markup of the placed nodes: edges first, then nodes on top.
pub fn markup(
    t: &SearchTrace,
    placed: &[Placed],
    colours: [&str; 2],
    lang: Lang,
    detailed: bool,
) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(placed.len() * 220);
    for p in placed {
        if let Some((x0, y0)) = p.parent {
            let n = &t.nodes[p.index];
            let parent_on_pv = n
                .parent
                .and_then(|i| t.nodes.get(i as usize))
                .is_some_and(|q| q.on_pv);
            let class = if n.on_pv && parent_on_pv {
                "edge pv"
            } else {
                "edge"
            };
            let _ = write!(
                out,
                r#"<line class="{class}" x1="{x0:.1}" y1="{y0:.1}" x2="{:.1}" y2="{:.1}"/>"#,
                p.x, p.y
            );
        }
    }
    for p in placed {
        let n = &t.nodes[p.index];
        let coin = match (n.column, n.side) {
            (None, _) => "root",
            (Some(_), Side::First) => colours[0],
            (Some(_), Side::Second) => colours[1],
        };
        let mut class = format!("node {coin}");
        if n.on_pv {
            class.push_str(" pv");
        }
        if n.bound != Bound::Exact {
            class.push_str(" bound");
        }
        let bound = match n.bound {
            Bound::Exact => "",
            Bound::Lower => "≥",
            Bound::Upper => "≤",
        };
        let value = format!("{bound}{}", label(n.value));
        let column = n.column.map(|c| (c + 1).to_string()).unwrap_or_default();
        let what = if column.is_empty() {
            "root".to_string()
        } else {
            format!("column {column}")
        };
        let window = n
            .window
            .map(|(a, b)| format!(", window {} … {}", label(a), label(b)))
            .unwrap_or_default();
        let (x, y) = (p.x, p.y);
        let _ = write!(
            out,
            r#"<g class="{class}" data-index="{}" role="button" aria-label="{what}: {value}{window}"><circle cx="{x:.1}" cy="{y:.1}" r="{R}"/>"#,
            p.index
        );
        if !detailed {
            out.push_str("</g>");
            continue;
        }
        let _ = write!(
            out,
            r#"<text class="col" x="{x:.1}" y="{:.1}">{column}</text><text class="value" x="{x:.1}" y="{:.1}">{value}</text>"#,
            y + 4.0,
            y + R + 12.0
        );
        if p.collapsed {
            let text = match lang {
                Lang::De => format!("▸ {} Knoten", n.subtree_nodes),
                Lang::En => format!("▸ {} nodes", n.subtree_nodes),
            };
            let _ = write!(
                out,
                r#"<text class="summary" x="{x:.1}" y="{:.1}">{text}</text>"#,
                y + R + 24.0
            );
        }
        if p.pruned > 0 {
            let text = match lang {
                Lang::De => format!("✂ {} abgeschnitten", p.pruned),
                Lang::En => format!("✂ {} pruned", p.pruned),
            };
            let _ = write!(
                out,
                r#"<line class="edge pruned" x1="{x:.1}" y1="{y:.1}" x2="{:.1}" y2="{:.1}"/><text class="pruned-label" x="{:.1}" y="{:.1}">{text}</text>"#,
                x + DX * 0.45,
                y + DY * 0.55,
                x + DX * 0.5,
                y + DY * 0.75
            );
        }
        if n.from_table {
            let _ = write!(
                out,
                r#"<text class="table" x="{:.1}" y="{:.1}">TT</text>"#,
                x + R,
                y - R
            );
        }
        out.push_str("</g>");
    }
    out
}

fn root_depth(trace: &SearchTrace, root: usize) -> u8 {
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
        let pv_nodes = t.nodes.iter().filter(|n| n.on_pv).count();
        assert!(small.iter().filter(|p| t.nodes[p.index].on_pv).count() == pv_nodes);
    }
}
