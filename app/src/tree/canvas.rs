//! The canvas the tree is drawn on, and what fingers, mouse and keys do
//! there: tap to open a node, double-tap to show it as the root, drag to
//! pan, pinch or wheel to zoom, a long press for a node's board.

use engine::Geometry;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use super::TreeState;
use super::layout::{focus, node_board};
use super::svg::{board_svg, markup};
use super::viewport::{Fingers, Viewport};
use crate::i18n::{Lang, use_i18n};
use crate::model::decimal::fixed;

/// How long a finger rests on a node before its board shows.
const LONG_PRESS_MS: u32 = 450;
/// A pointer that moved less than this (in pixels) tapped rather than
/// dragged.
const TAP_SLOP: f64 = 4.0;

/// The drawing with its gestures.
#[component]
pub(super) fn TreeCanvas(
    tree: TreeState,
    colours: Signal<[&'static str; 2]>,
    geometry: Signal<Geometry>,
) -> impl IntoView {
    let i18n = use_i18n();
    let canvas = NodeRef::<leptos::html::Div>::new();
    watch_size(canvas, tree.size);
    let drawing = move || drawing(tree, colours.get(), i18n.lang());
    let on_click = move |e: leptos::ev::MouseEvent| {
        if let Some(index) = node_index(&e) {
            tree.open_or_close(index);
        }
    };
    let on_double = move |e: leptos::ev::MouseEvent| {
        if let Some(index) = node_index(&e) {
            tree.show_from(index);
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
    let press = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    let drag = StoredValue::new(None::<(f64, f64)>);
    let fingers = StoredValue::new(Fingers::default());
    let on_down = move |e: leptos::ev::PointerEvent| {
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        drag.set_value(Some((x, y)));
        if e.pointer_type() == "touch" {
            fingers.update_value(|f| f.down(e.pointer_id(), x, y));
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
        let mut pinched = None;
        fingers.update_value(|f| pinched = f.moved(e.pointer_id(), nx, ny));
        if let Some(factor) = pinched {
            press.set_value(None);
            drag.set_value(None);
            return tree.zoom_by(factor);
        }
        if (nx - x).abs() + (ny - y).abs() < TAP_SLOP {
            return;
        }
        press.set_value(None);
        tree.view.set(Some(tree.current().dragged(nx - x, ny - y)));
        drag.set_value(Some((nx, ny)));
    };
    let on_up = move |e: leptos::ev::PointerEvent| {
        fingers.update_value(|f| f.up(e.pointer_id()));
        drag.set_value(None);
        if press.with_value(Option::is_some) {
            press.set_value(None);
        } else if preview.get_untracked().is_some() {
            preview.set(None);
        }
    };
    let on_wheel = move |e: leptos::ev::WheelEvent| {
        e.prevent_default();
        tree.zoom_by(if e.delta_y() < 0.0 { 1.15 } else { 1.0 / 1.15 });
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
    view! {
        <div class="tree-canvas" node_ref=canvas tabindex="0" on:wheel=on_wheel on:pointerdown=on_down
            on:pointermove=on_move on:pointerup=on_up on:pointercancel=on_up
            on:pointerleave=move |_| drag.set_value(None) on:keydown=move |e| keys(tree, &e)>
            {svg}
            <NodeBoard tree preview colours geometry/>
        </div>
    }
}

/// The drawing of the viewport shown: its view box, its number of nodes
/// and its markup (tracked).
fn drawing(
    tree: TreeState,
    colours: [&'static str; 2],
    lang: Lang,
) -> Option<(String, usize, String)> {
    tree.shape.with(|shape| {
        let (_, placed, drawing) = shape.as_ref()?;
        let size = tree.size.get();
        let v = tree.view.get().unwrap_or_else(|| {
            let eye = tree.trace.with(|t| t.as_ref().map(|t| focus(t, placed)));
            let v = Viewport::following(*drawing, size, eye.unwrap_or_default());
            tree.auto.set_value(v);
            v
        });
        let inner = tree.trace.with(|t| {
            Some(markup(
                t.as_ref()?,
                placed,
                colours,
                lang,
                v.shows_labels(),
                v.columns_seen(size),
            ))
        })?;
        Some((v.view_box(size), placed.len(), inner))
    })
}

/// The keys on the focused canvas: `+`, `-`, `0` zoom and fit, the
/// arrows pan.
fn keys(tree: TreeState, e: &leptos::ev::KeyboardEvent) {
    let step = 60.0 / tree.current().zoom;
    let pan = |dx: f64, dy: f64| tree.view.set(Some(tree.current().panned(dx, dy)));
    match e.key().as_str() {
        "+" | "=" => tree.zoom_by(1.2),
        "-" => tree.zoom_by(1.0 / 1.2),
        "0" => tree.fit(),
        "ArrowLeft" => pan(-step, 0.0),
        "ArrowRight" => pan(step, 0.0),
        "ArrowUp" => pan(0.0, -step),
        "ArrowDown" => pan(0.0, step),
        _ => return,
    }
    e.stop_propagation();
    e.prevent_default();
}

/// The small board of the node under the pointer (or the finger), beside
/// it on the side with room.
#[component]
fn NodeBoard(
    tree: TreeState,
    preview: RwSignal<Option<(usize, f64, f64)>>,
    colours: Signal<[&'static str; 2]>,
    geometry: Signal<Geometry>,
) -> impl IntoView {
    move || {
        let (index, x, y) = preview.get()?;
        let board = tree
            .trace
            .with(|t| node_board(t.as_ref()?, index, geometry.get()))?;
        let (cw, _) = tree.size.get_untracked();
        // Beside the pointer, on the side with room.
        let left = if x > cw / 2.0 { x - 150.0 } else { x + 16.0 };
        let style = format!(
            "left:{}px;top:{}px",
            fixed(left, 0),
            fixed((y - 40.0).max(0.0), 0)
        );
        Some(view! {
            <div class="node-board" style=style aria-hidden="true"
                inner_html=board_svg(&board, colours.get())></div>
        })
    }
}

/// Keeps `size` at the canvas' size, measured when the browser has laid
/// the canvas out anyway: reading its size while drawing would force a
/// layout of the whole page on every redraw (docs/benchmarks.md).
fn watch_size(canvas: NodeRef<leptos::html::Div>, size: RwSignal<(f64, f64)>) {
    on_laid_out(canvas, move |w, h| {
        if w > 0.0 && h > 0.0 && size.get_untracked() != (w, h) {
            size.set((w, h));
        }
    });
}

/// Calls `sized` with `node`'s width and height (its client box, in CSS
/// pixels) each time the browser has laid it out at a new size, from a
/// `ResizeObserver`: once it is first drawn, and again at each change,
/// including from hidden (`display: none`, 0 by 0) to shown. The style
/// sheet decides what is shown where; this reads its answer without
/// forcing a layout of its own.
pub fn on_laid_out<E>(node: NodeRef<E>, sized: impl Fn(f64, f64) + 'static)
where
    E: leptos::html::ElementType + 'static,
    E::Output: JsCast + Clone + 'static,
{
    let sized = std::rc::Rc::new(sized);
    let measure = move || {
        if let Some(el) = node.get_untracked() {
            let el: web_sys::Element = el.unchecked_into();
            sized(f64::from(el.client_width()), f64::from(el.client_height()));
        }
    };
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
        let Some(el) = node.get() else {
            return;
        };
        let el: web_sys::Element = el.unchecked_into();
        let resized = Closure::<dyn FnMut()>::new(measure.clone());
        if let Ok(observer) = web_sys::ResizeObserver::new(resized.as_ref().unchecked_ref()) {
            observer.observe(&el);
            watch.set_value(Some((observer, resized)));
        }
    });
    on_cleanup(unwatch);
}

/// The trace index of the node under a pointer, from its `data-index`.
fn node_index(e: &leptos::ev::Event) -> Option<usize> {
    let target = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    let node = target.closest("[data-index]").ok()??;
    node.get_attribute("data-index")?.parse().ok()
}
