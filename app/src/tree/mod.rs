//! The search tree: laid out as a tidy tree (leaves side by side, parents
//! centred over their children), the principal variation highlighted,
//! cut-offs drawn as pruned stubs, big subtrees collapsed into a summary
//! that opens with a tap. The layout ([`layout`]), the markup ([`svg`]) and
//! the window onto it ([`viewport`]) are plain code; the components draw
//! the panel ([`TreeView`]) and the canvas with its gestures.

mod canvas;
pub mod layout;
pub mod svg;
pub mod viewport;

use std::collections::HashSet;

use engine::Geometry;
use engine::player::Teaching;
use engine::trace::SearchTrace;
use leptos::prelude::*;

use self::canvas::TreeCanvas;
pub use self::canvas::on_laid_out;
use self::layout::{Placed, layout, path_to, root_depth};
use self::viewport::{Size, Viewport};
use crate::i18n::{Say, Text, use_i18n};
use crate::state::{Panel, TreeKind, UiView};

/// The placed tree: the root shown, its nodes, the drawing's size.
type Shape = (usize, Vec<Placed>, Size);

/// What the panel and its canvas share.
#[derive(Clone, Copy)]
struct TreeState {
    /// The tree shown.
    trace: Memo<Option<SearchTrace>>,
    /// Nodes the person opened.
    open: RwSignal<HashSet<usize>>,
    /// The node shown as the root.
    root: RwSignal<usize>,
    /// The window onto the drawing; `None` follows the tree.
    view: RwSignal<Option<Viewport>>,
    /// The last window worked out while following, where zoom and pan start.
    auto: StoredValue<Viewport>,
    /// Every node open.
    show_all: RwSignal<bool>,
    /// The canvas' size.
    size: RwSignal<Size>,
    /// The layout, which changes with the tree and what is open, not with
    /// zoom and pan: dragging only moves the window onto it.
    shape: Memo<Option<Shape>>,
}

impl TreeState {
    fn new(trace: Memo<Option<SearchTrace>>) -> TreeState {
        let open = RwSignal::new(HashSet::<usize>::new());
        let root = RwSignal::new(0usize);
        let show_all = RwSignal::new(false);
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
                Some((root, placed, (width, height)))
            })
        });
        TreeState {
            trace,
            open,
            root,
            view: RwSignal::new(None),
            auto: StoredValue::new(Viewport {
                x: 0.0,
                y: 0.0,
                zoom: 1.0,
            }),
            show_all,
            size: RwSignal::new((640.0, 360.0)),
            shape,
        }
    }

    fn current(self) -> Viewport {
        self.view
            .get_untracked()
            .unwrap_or_else(|| self.auto.get_value())
    }

    fn zoom_by(self, factor: f64) {
        let size = self.size.get_untracked();
        self.view.set(Some(self.current().zoomed(factor, size)));
    }

    fn fit(self) {
        if let Some(drawing) = self.shape.with_untracked(|s| s.as_ref().map(|s| s.2)) {
            let size = self.size.get_untracked();
            self.view.set(Some(Viewport::fitting(drawing, size)));
        }
    }

    /// Opens a folded node, or folds an open one.
    fn open_or_close(self, index: usize) {
        self.open.update(|o| {
            if !o.remove(&index) {
                o.insert(index);
            }
        });
    }

    /// Shows the subtree of `index` as the tree.
    fn show_from(self, index: usize) {
        self.root.set(index);
        self.view.set(None);
    }
}

/// The tree of the last search (or the one running), with its own zoom,
/// pan, breadcrumbs and a small board for the node under the pointer.
#[component]
pub fn TreeView(
    /// The computer's search to draw.
    trace: Signal<Option<SearchTrace>>,
    /// The teaching trees, once the worker sent them.
    teaching: Signal<Option<Teaching>>,
    /// Which of the two the panel shows (a tap on a kind asks the actions
    /// to change it).
    kind: Signal<TreeKind>,
    /// Colour classes of the first and the second player's coins.
    colours: Signal<[&'static str; 2]>,
    /// The board's shape, for the small boards.
    geometry: Signal<Geometry>,
) -> impl IntoView {
    let i18n = use_i18n();
    let ui = expect_context::<UiView>();
    let screen = crate::control::use_screen();
    let search = trace;
    // One copy per change of the tree shown; every reader borrows it.
    let shown = Memo::new(move |_| match kind.get() {
        TreeKind::Search => search.get(),
        TreeKind::Minimax => teaching.with(|t| t.as_ref().map(|t| t.minimax.clone())),
    });
    let tree = TreeState::new(shown);
    let searching = move || shown.with(|t| t.as_ref().is_some_and(SearchTrace::is_running));
    // A new search starts from its root, with nothing opened; the running
    // search's snapshots keep what the person opened.
    Effect::new(move |_| {
        if !searching() {
            tree.open.set(HashSet::new());
            tree.show_from(0);
        }
    });
    let crumbs = move || {
        shown.with(|t| {
            let Some(t) = t else {
                return Vec::new();
            };
            path_to(t, tree.root.get())
                .into_iter()
                .map(|i| {
                    let name = t.nodes[i]
                        .column
                        .map_or("⌂".to_string(), |c| (c + 1).to_string());
                    view! { <button class="crumb" on:click=move |_| tree.show_from(i)>{name}</button> }
                })
                .collect::<Vec<_>>()
        })
    };
    let caption = move || caption(i18n, kind.get(), search, teaching);
    let kind_button = move |k: TreeKind, name: Text| {
        view! {
            <button class="kind" aria-pressed=move || (kind.get() == k).to_string()
                on:click=move |_| screen.show_tree(k)>{move || i18n.t(name)}</button>
        }
    };
    view! {
        <section class="tree-view" aria-label=move || i18n.t(Text::SearchTree) class:numbers=move || ui.value_numbers.get()
            class:teaching=move || kind.get() == TreeKind::Minimax>
            <div class="tree-kinds">
                {kind_button(TreeKind::Search, Text::RealSearch)}
                {kind_button(TreeKind::Minimax, Text::MinimaxTeaching)}
                <button class="explain-link" on:click=move |_| screen.toggle_panel(Panel::Explainer)
                    aria-label=move || i18n.t(Text::HowItThinks)>
                    <span class="long">{move || i18n.t(Text::HowItThinks)}</span>
                    <span class="short" aria-hidden="true">"?"</span>
                </button>
            </div>
            <p class="tree-caption">{caption}</p>
            <p class="tree-legend">{move || i18n.t(Text::TreeLegend)}</p>
            <div class="tree-tools">
                <span class="crumbs">{crumbs}</span>
                <span class="live">{move || searching().then(|| i18n.t(Text::Searching))}</span>
                <button on:click=move |_| tree.zoom_by(1.2) aria-label=move || i18n.t(Text::ZoomIn)>"+"</button>
                <button on:click=move |_| tree.zoom_by(1.0 / 1.2) aria-label=move || i18n.t(Text::ZoomOut)>"−"</button>
                <button class="fit" on:click=move |_| tree.fit()>{move || i18n.t(Text::Fit)}</button>
                <button class="numbers" aria-pressed=move || ui.value_numbers.get().to_string()
                    on:click=move |_| screen.toggle_value_numbers()>{move || i18n.t(Text::Numbers)}</button>
                <button class="expand-all" aria-pressed=move || tree.show_all.get().to_string()
                    on:click=move |_| tree.show_all.update(|s| *s = !*s)>{move || i18n.t(Text::All)}</button>
            </div>
            <TreeCanvas tree=tree colours=colours geometry=geometry/>
        </section>
    }
}

/// The caption over the tree: the search's numbers, or what pruning saved
/// against plain minimax.
fn caption(
    i18n: crate::i18n::I18n,
    kind: TreeKind,
    search: Signal<Option<SearchTrace>>,
    teaching: Signal<Option<Teaching>>,
) -> Option<String> {
    match kind {
        TreeKind::Search => search.with(|t| {
            let t = t.as_ref()?;
            Some(i18n.say(&Say::TreeCaption {
                depth: t.depth,
                nodes: t.total_nodes,
                pruned: t.nodes.iter().map(|n| n.pruned.len() as u64).sum(),
                from_table: t.nodes.iter().filter(|n| n.from_table).count() as u64,
            }))
        }),
        TreeKind::Minimax => Some(i18n.say(&Say::MinimaxCaption(teaching.with(|t| {
            t.as_ref().map(|t| {
                (
                    t.depth,
                    t.minimax.total_nodes,
                    t.alpha_beta.total_nodes,
                    u64::from(t.saved_percent()),
                )
            })
        })))),
    }
}
