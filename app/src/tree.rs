//! The search tree as SVG: laid out as a tidy tree (leaves side by side,
//! parents centred over their children), the principal variation
//! highlighted, cut-offs drawn as pruned stubs, big subtrees collapsed into a
//! summary that opens with a tap.

use std::collections::HashSet;

use engine::player::Teaching;
use engine::trace::{Bound, SearchTrace};
use engine::{Board, Geometry, Side};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::i18n::Lang;

/// Horizontal distance between neighbouring leaves, in pixels at zoom 1.
const DX: f64 = 60.0;
/// Vertical distance between levels.
const DY: f64 = 74.0;
/// Radius of a node's coin.
const R: f64 = 14.0;
/// Below this zoom, labels are too small to read and are left out.
const LABEL_ZOOM: f64 = 0.5;
/// The smallest zoom the tree opens with: a wider tree is panned instead.
const AUTO_ZOOM: f64 = 0.55;
/// The largest: a small tree on a big screen is drawn bigger, for people
/// watching from a step away.
const MAX_AUTO_ZOOM: f64 = 1.6;
/// How long a finger rests on a node before its board shows.
const LONG_PRESS_MS: u32 = 450;

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

/// A short form of a value for a node label.
fn label(v: i32) -> String {
    if v.abs() < engine::player::FORCED && v.abs() >= 10_000 {
        format!("{:+}k", v / 1000)
    } else {
        crate::values::short_value(v)
    }
}

/// Which tree the panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeKind {
    /// The computer's real search: alpha-beta with cut-offs.
    Search,
    /// Plain minimax to a small depth, for teaching.
    Minimax,
}

/// The visible window onto the drawing: top-left corner and zoom.
#[derive(Debug, Clone, Copy, PartialEq)]
struct View {
    x: f64,
    y: f64,
    zoom: f64,
}

/// The tree of the last search (or the one running), with its own zoom,
/// pan, breadcrumbs and a small board for the node under the pointer.
#[component]
pub fn TreeView(
    /// The computer's search to draw.
    trace: Signal<Option<SearchTrace>>,
    /// The teaching trees, once the worker sent them.
    teaching: Signal<Option<Teaching>>,
    /// Which of the two the panel shows.
    kind: RwSignal<TreeKind>,
    /// Colour classes of the first and the second player's coins.
    colours: Signal<[&'static str; 2]>,
    /// Interface language.
    lang: Signal<Lang>,
    /// The board's shape, for the small boards.
    geometry: Signal<Geometry>,
) -> impl IntoView {
    let ui = expect_context::<crate::state::Ui>();
    let search = trace;
    // One copy per change of the tree shown; every reader borrows it.
    let trace = Memo::new(move |_| match kind.get() {
        TreeKind::Search => search.get(),
        TreeKind::Minimax => teaching.with(|t| t.as_ref().map(|t| t.minimax.clone())),
    });
    let open = RwSignal::new(HashSet::<usize>::new());
    let root = RwSignal::new(0usize);
    // None: follow the tree (the root centred at the top).
    let view = RwSignal::new(None::<View>);
    // The last view worked out while following, where zoom and pan start.
    let auto = StoredValue::new(View {
        x: 0.0,
        y: 0.0,
        zoom: 1.0,
    });
    let show_all = RwSignal::new(false);
    let canvas = NodeRef::<leptos::html::Div>::new();
    let size = RwSignal::new((640.0f64, 360.0f64));
    let measure = move || {
        if let Some(el) = canvas.get_untracked() {
            let (w, h) = (f64::from(el.client_width()), f64::from(el.client_height()));
            if w > 0.0 && h > 0.0 && size.get_untracked() != (w, h) {
                size.set((w, h));
            }
        }
    };
    // Measured when the browser has laid the canvas out anyway: reading its
    // size while drawing forced a layout of the page on every redraw (31 ms
    // of `clientWidth` over three Hard moves in a CPU profile).
    type Watch = (web_sys::ResizeObserver, Closure<dyn FnMut()>);
    let watch = StoredValue::<Option<Watch>, LocalStorage>::new_local(None);
    let unwatch = move || {
        watch.update_value(|w| {
            if let Some((observer, _)) = w.take() {
                observer.disconnect();
            }
        })
    };
    Effect::new(move |_| {
        unwatch();
        let Some(el) = canvas.get() else {
            return;
        };
        let resized = Closure::<dyn FnMut()>::new(measure);
        if let Ok(observer) = web_sys::ResizeObserver::new(resized.as_ref().unchecked_ref()) {
            observer.observe(&el);
            watch.set_value(Some((observer, resized)));
        }
    });
    on_cleanup(unwatch);
    // A new search starts from its root, with nothing opened; the running
    // search's snapshots keep what the person opened.
    let searching = move || trace.with(|t| t.as_ref().is_some_and(SearchTrace::is_running));
    Effect::new(move |_| {
        if !searching() {
            open.set(HashSet::new());
            root.set(0);
            view.set(None);
        }
    });
    // The layout changes with the tree and what is open, not with zoom and
    // pan: dragging only moves the window onto it.
    let shape = Memo::new(move |_| {
        trace.with(|t| {
            let t = t.as_ref().filter(|t| !t.nodes.is_empty())?;
            let open_depth = if show_all.get() {
                u8::MAX
            } else {
                root_depth(t, root.get()) + 1
            };
            let root = root.get().min(t.nodes.len() - 1);
            let (placed, width, height) = layout(t, root, &open.get(), open_depth);
            Some((root, placed, width, height))
        })
    });
    let drawing = move || {
        shape.with(|shape| {
            let (root, placed, width, height) = shape.as_ref()?;
            let (root, width, height) = (*root, *width, *height);
            let (cw, ch) = size.get();
            let v = view.get().unwrap_or_else(|| {
                // The whole tree if it fits at a readable zoom, else the root
                // at the top centre.
                let z = (cw / width)
                    .min(ch / height)
                    .clamp(AUTO_ZOOM, MAX_AUTO_ZOOM);
                let rx = placed.iter().find(|p| p.index == root).map_or(0.0, |p| p.x);
                let x = if width * z <= cw {
                    (width - cw / z) / 2.0
                } else {
                    rx - cw / z / 2.0
                };
                let v = View { x, y: 0.0, zoom: z };
                auto.set_value(v);
                v
            });
            let z = v.zoom;
            let window = (v.x, v.x + cw / z);
            let view_box = format!("{:.1} {:.1} {:.1} {:.1}", v.x, v.y, cw / z, ch / z);
            let inner = trace.with(|t| {
                let t = t.as_ref()?;
                Some(markup(
                    t,
                    placed,
                    colours.get(),
                    lang.get(),
                    z >= LABEL_ZOOM,
                    window,
                ))
            })?;
            Some((view_box, placed.len(), inner))
        })
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
            view.set(None);
        }
    };
    // The small board of the node under the pointer (or the finger).
    let preview = RwSignal::new(None::<(usize, f64, f64)>);
    let show_preview = move |index: usize, client_x: f64, client_y: f64| {
        if let Some(el) = canvas.get_untracked() {
            let r = el.get_bounding_client_rect();
            preview.set(Some((index, client_x - r.left(), client_y - r.top())));
        }
    };
    let on_over = move |e: leptos::ev::PointerEvent| {
        if e.pointer_type() == "mouse" {
            match node_index(&e) {
                Some(i) => show_preview(i, f64::from(e.client_x()), f64::from(e.client_y())),
                None => preview.set(None),
            }
        }
    };
    let zoom_by = move |factor: f64| {
        let (cw, ch) = size.get_untracked();
        let old = current_view(view, auto);
        let z = (old.zoom * factor).clamp(0.15, 4.0);
        // Keep the centre where it is.
        let (cx, cy) = (old.x + cw / old.zoom / 2.0, old.y + ch / old.zoom / 2.0);
        view.set(Some(View {
            x: cx - cw / z / 2.0,
            y: cy - ch / z / 2.0,
            zoom: z,
        }));
    };
    let press = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    let drag = StoredValue::new(None::<(f64, f64)>);
    // Fingers on the canvas: two of them pinch to zoom.
    let fingers = StoredValue::new(Vec::<(i32, f64, f64)>::new());
    let on_down = move |e: leptos::ev::PointerEvent| {
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        drag.set_value(Some((x, y)));
        if e.pointer_type() == "touch" {
            fingers.update_value(|f| f.push((e.pointer_id(), x, y)));
        }
        if let (false, Some(i)) = (e.pointer_type() == "mouse", node_index(&e)) {
            let timer =
                gloo_timers::callback::Timeout::new(LONG_PRESS_MS, move || show_preview(i, x, y));
            press.set_value(Some(timer));
        }
    };
    let on_move = move |e: leptos::ev::PointerEvent| {
        let Some((x, y)) = drag.get_value() else {
            return;
        };
        let (nx, ny) = (f64::from(e.client_x()), f64::from(e.client_y()));
        if let Some(factor) = pinch(fingers, e.pointer_id(), nx, ny) {
            press.set_value(None);
            drag.set_value(None);
            zoom_by(factor);
            return;
        }
        if (nx - x).abs() + (ny - y).abs() < 4.0 {
            return;
        }
        press.set_value(None);
        let current = current_view(view, auto);
        let z = current.zoom;
        view.set(Some(View {
            x: current.x - (nx - x) / z,
            y: current.y - (ny - y) / z,
            zoom: z,
        }));
        drag.set_value(Some((nx, ny)));
    };
    let on_up = move |e: leptos::ev::PointerEvent| {
        let id = e.pointer_id();
        fingers.update_value(|f| f.retain(|p| p.0 != id));
        drag.set_value(None);
        if press.with_value(Option::is_some) {
            press.set_value(None);
        } else if preview.get_untracked().is_some() {
            preview.set(None);
        }
    };
    let fit = move || {
        let Some((w, h)) = shape.with_untracked(|s| s.as_ref().map(|s| (s.2, s.3))) else {
            return;
        };
        let (cw, ch) = size.get_untracked();
        let z = (cw / w).min(ch / h).clamp(0.15, 1.0);
        view.set(Some(View {
            x: (w - cw / z) / 2.0,
            y: 0.0,
            zoom: z,
        }));
    };
    let on_wheel = move |e: leptos::ev::WheelEvent| {
        e.prevent_default();
        zoom_by(if e.delta_y() < 0.0 { 1.15 } else { 1.0 / 1.15 });
    };
    let on_key = move |e: leptos::ev::KeyboardEvent| {
        let step = 60.0 / current_view(view, auto).zoom;
        let pan = |dx: f64, dy: f64| {
            let v = current_view(view, auto);
            view.set(Some(View {
                x: v.x + dx,
                y: v.y + dy,
                zoom: v.zoom,
            }));
        };
        match e.key().as_str() {
            "+" | "=" => zoom_by(1.2),
            "-" => zoom_by(1.0 / 1.2),
            "0" => fit(),
            "ArrowLeft" => pan(-step, 0.0),
            "ArrowRight" => pan(step, 0.0),
            "ArrowUp" => pan(0.0, -step),
            "ArrowDown" => pan(0.0, step),
            _ => return,
        }
        e.stop_propagation();
        e.prevent_default();
    };
    let svg = move || {
        drawing().map(|(view_box, count, inner)| {
            view! {
                <svg class="tree" viewBox=view_box preserveAspectRatio="xMinYMin meet" data-nodes=count
                    on:click=on_click on:dblclick=on_double on:pointerover=on_over
                    on:pointerleave=move |_| preview.set(None) inner_html=inner></svg>
            }
        })
    };
    let crumbs = move || {
        trace.with(|t| {
            let Some(t) = t else {
                return Vec::new();
            };
            path_to(t, root.get())
                .into_iter()
                .map(|i| {
                    let name = t.nodes[i]
                        .column
                        .map_or("⌂".to_string(), |c| (c + 1).to_string());
                    view! { <button class="crumb" on:click=move |_| { root.set(i); view.set(None); }>{name}</button> }
                })
                .collect::<Vec<_>>()
        })
    };
    let small_board = move || {
        let (index, x, y) = preview.get()?;
        let board = trace.with(|t| node_board(t.as_ref()?, index, geometry.get()))?;
        let (cw, _) = size.get_untracked();
        // Beside the pointer, on the side with room.
        let left = if x > cw / 2.0 { x - 150.0 } else { x + 16.0 };
        let style = format!("left:{left:.0}px;top:{:.0}px", (y - 40.0).max(0.0));
        Some(view! {
            <div class="node-board" style=style aria-hidden="true"
                inner_html=board_svg(&board, colours.get())></div>
        })
    };
    let live = move || {
        searching().then(|| match lang.get() {
            Lang::De => "Suche läuft …",
            Lang::En => "Searching …",
        })
    };
    let caption = move || {
        let lang = lang.get();
        match kind.get() {
            TreeKind::Search => search.with(|t| {
                let t = t.as_ref()?;
                let pruned: usize = t.nodes.iter().map(|n| n.pruned.len()).sum();
                let table = t.nodes.iter().filter(|n| n.from_table).count();
                let table = match (table, lang) {
                    (0, _) => String::new(),
                    (n, Lang::De) => format!(", {n} aus der Tabelle (TT)"),
                    (n, Lang::En) => format!(", {n} from the table (TT)"),
                };
                Some(match lang {
                    Lang::De => format!(
                        "Tiefe {}: {} Stellungen, {pruned} Züge abgeschnitten{table}.",
                        t.depth, t.total_nodes
                    ),
                    Lang::En => format!(
                        "Depth {}: {} positions, {pruned} moves pruned{table}.",
                        t.depth, t.total_nodes
                    ),
                })
            }),
            TreeKind::Minimax => Some(teaching.with(|t| match (t, lang) {
                (None, Lang::De) => "Minimax wird gerechnet …".to_string(),
                (None, Lang::En) => "Working out minimax …".to_string(),
                (Some(t), Lang::De) => format!(
                    "Minimax, Tiefe {}: {} Stellungen. Alpha-Beta kommt bei gleicher Tiefe mit {} aus – {} % gespart.",
                    t.depth,
                    t.minimax.total_nodes,
                    t.alpha_beta.total_nodes,
                    t.saved_percent()
                ),
                (Some(t), Lang::En) => format!(
                    "Minimax, depth {}: {} positions. Alpha-beta to the same depth needs {} – {} % saved.",
                    t.depth,
                    t.minimax.total_nodes,
                    t.alpha_beta.total_nodes,
                    t.saved_percent()
                ),
            })),
        }
    };
    let kind_button = move |k: TreeKind| {
        let name = move || match (k, lang.get()) {
            (TreeKind::Search, Lang::De) => "Echte Suche",
            (TreeKind::Search, Lang::En) => "Real search",
            (TreeKind::Minimax, Lang::De) => "Minimax (Lernansicht)",
            (TreeKind::Minimax, Lang::En) => "Minimax (teaching)",
        };
        view! {
            <button class="kind" aria-pressed=move || (kind.get() == k).to_string()
                on:click=move |_| kind.set(k)>{name}</button>
        }
    };
    view! {
        <section class="tree-view" aria-label="Search tree">
            <div class="tree-kinds">
                {kind_button(TreeKind::Search)}
                {kind_button(TreeKind::Minimax)}
                <button class="explain-link" on:click=move |_| ui.toggle(crate::state::Panel::Explainer)>
                    {move || match lang.get() {
                        Lang::De => "Wie denkt der Computer?",
                        Lang::En => "How does the computer think?",
                    }}
                </button>
            </div>
            <p class="tree-caption">{caption}</p>
            <div class="tree-tools">
                <span class="crumbs">{crumbs}</span>
                <span class="live">{live}</span>
                <button on:click=move |_| zoom_by(1.2) aria-label="Zoom in">"+"</button>
                <button on:click=move |_| zoom_by(1.0 / 1.2) aria-label="Zoom out">"−"</button>
                <button class="fit" on:click=move |_| fit()>
                    {move || match lang.get() { Lang::De => "Ganz", Lang::En => "Fit" }}
                </button>
                <button class="expand-all" aria-pressed=move || show_all.get().to_string()
                    on:click=move |_| show_all.update(|s| *s = !*s)>
                    {move || match lang.get() { Lang::De => "Alles", Lang::En => "All" }}
                </button>
            </div>
            <div class="tree-canvas" node_ref=canvas tabindex="0" on:wheel=on_wheel on:pointerdown=on_down
                on:pointermove=on_move on:pointerup=on_up on:pointercancel=on_up
                on:pointerleave=move |_| drag.set_value(None) on:keydown=on_key>
                {svg}
                {small_board}
            </div>
        </section>
    }
}

/// Moves finger `id` to (x, y); with two fingers down, the factor by which
/// their distance changed.
fn pinch(fingers: StoredValue<Vec<(i32, f64, f64)>>, id: i32, x: f64, y: f64) -> Option<f64> {
    let mut factor = None;
    fingers.update_value(|f| {
        let before = distance(f);
        if let Some(p) = f.iter_mut().find(|p| p.0 == id) {
            (p.1, p.2) = (x, y);
        }
        if let (Some(a), Some(b)) = (before, distance(f)) {
            factor = (a > 10.0).then(|| (b / a).clamp(0.8, 1.25));
        }
    });
    factor
}

fn distance(fingers: &[(i32, f64, f64)]) -> Option<f64> {
    match fingers {
        [a, b] => Some(((a.1 - b.1).powi(2) + (a.2 - b.2).powi(2)).sqrt()),
        _ => None,
    }
}

fn current_view(view: RwSignal<Option<View>>, auto: StoredValue<View>) -> View {
    view.get_untracked().unwrap_or_else(|| auto.get_value())
}

/// The indices from the trace's root down to `index`.
fn path_to(t: &SearchTrace, index: usize) -> Vec<usize> {
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

/// A small board as SVG markup, the last coin ringed.
pub fn board_svg(board: &Board, colours: [&str; 2]) -> String {
    use std::fmt::Write;
    let g = board.geometry();
    let (w, h) = (g.columns(), g.rows());
    let cell = 18.0;
    let mut out = format!(
        r#"<svg viewBox="0 0 {:.0} {:.0}" width="{:.0}" height="{:.0}"><rect class="frame" width="100%" height="100%" rx="4"/>"#,
        w as f64 * cell,
        h as f64 * cell,
        w as f64 * cell,
        h as f64 * cell
    );
    let last = board.last_move().map(|c| (c, board.height(c) - 1));
    for c in 0..w {
        for r in 0..h {
            let class = match board.cell(c, r) {
                Some(Side::First) => colours[0],
                Some(Side::Second) => colours[1],
                None => "hole",
            };
            let ring = if last == Some((c, r)) { " last" } else { "" };
            let _ = write!(
                out,
                r#"<circle class="{class}{ring}" cx="{:.1}" cy="{:.1}" r="7"/>"#,
                (c as f64 + 0.5) * cell,
                (h - 1 - r) as f64 * cell + cell / 2.0
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// The trace index of the node under a pointer, from its `data-index`.
fn node_index(e: &leptos::ev::Event) -> Option<usize> {
    let target = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    let node = target.closest("[data-index]").ok()??;
    node.get_attribute("data-index")?.parse().ok()
}

/// The SVG markup of the placed nodes whose x lies in `window` (with a
/// margin): edges first, then nodes on top. Labels only when `detailed`.
pub fn markup(
    t: &SearchTrace,
    placed: &[Placed],
    colours: [&str; 2],
    lang: Lang,
    detailed: bool,
    window: (f64, f64),
) -> String {
    use std::fmt::Write;
    let seen = |x: f64| x >= window.0 - DX && x <= window.1 + DX;
    let mut out = String::with_capacity(placed.len() * 220);
    for p in placed {
        if let Some((x0, y0)) = p.parent {
            if !seen(p.x) && !seen(x0) {
                continue;
            }
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
    for p in placed.iter().filter(|p| seen(p.x)) {
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
        if n.searching {
            class.push_str(" searching");
        } else if n.bound != Bound::Exact {
            class.push_str(" bound");
        }
        if n.from_table {
            class.push_str(" from-table");
        }
        let bound = match n.bound {
            Bound::Exact => "",
            Bound::Lower => "≥",
            Bound::Upper => "≤",
        };
        let value = if n.searching {
            "…".to_string()
        } else {
            format!("{bound}{}", label(n.value))
        };
        let column = n.column.map(|c| (c + 1).to_string()).unwrap_or_default();
        let what = match (column.is_empty(), lang) {
            (true, Lang::De) => "Wurzel".to_string(),
            (true, Lang::En) => "root".to_string(),
            (false, Lang::De) => format!("Spalte {column}"),
            (false, Lang::En) => format!("column {column}"),
        };
        let mut extra = String::new();
        if p.collapsed {
            let _ = match lang {
                Lang::De => write!(extra, ", {} Knoten zugeklappt", n.subtree_nodes),
                Lang::En => write!(extra, ", {} nodes folded", n.subtree_nodes),
            };
        }
        if p.pruned > 0 {
            let _ = match lang {
                Lang::De => write!(extra, ", {} Züge abgeschnitten", p.pruned),
                Lang::En => write!(extra, ", {} moves pruned", p.pruned),
            };
        }
        if n.from_table {
            extra.push_str(match lang {
                Lang::De => ", aus der Tabelle",
                Lang::En => ", from the table",
            });
        }
        let (x, y) = (p.x, p.y);
        let _ = write!(
            out,
            r#"<g class="{class}" data-index="{}" data-depth="{}" role="button" aria-label="{what}: {value}{extra}"><circle cx="{x:.1}" cy="{y:.1}" r="{R}"/>"#,
            p.index, n.depth
        );
        if p.pruned > 0 {
            // A dashed stub to the lower right stands for the cut branches.
            let _ = write!(
                out,
                r#"<line class="edge pruned" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
                x + R * 0.7,
                y + R * 0.7,
                x + DX * 0.42,
                y + DY * 0.5
            );
        }
        if !detailed {
            out.push_str("</g>");
            continue;
        }
        let _ = write!(
            out,
            r#"<text class="col" x="{x:.1}" y="{:.1}">{column}</text><text class="value" x="{x:.1}" y="{:.1}">{value}</text>"#,
            y + 4.5,
            y + R + 13.0
        );
        if p.collapsed {
            let _ = write!(
                out,
                r#"<text class="summary" x="{x:.1}" y="{:.1}">▸{}</text>"#,
                y + R + 25.0,
                compact(n.subtree_nodes)
            );
        }
        if p.pruned > 0 {
            let _ = write!(
                out,
                r#"<text class="pruned-label" x="{:.1}" y="{:.1}">✂{}</text>"#,
                x + DX * 0.42,
                y + DY * 0.5 + 10.0,
                p.pruned
            );
        }
        if n.from_table {
            let _ = write!(
                out,
                r#"<text class="table" x="{:.1}" y="{:.1}">TT</text>"#,
                x + R + 2.0,
                y - R + 2.0
            );
        }
        out.push_str("</g>");
    }
    out
}

/// A node count in at most four characters: 987, 12k, 3.4M.
fn compact(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..10_000 => format!("{:.1}k", n as f64 / 1e3),
        10_000..1_000_000 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
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
}
