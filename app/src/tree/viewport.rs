//! The window onto the tree's drawing: where it looks and how close, and
//! how zoom, pan, pinch and fit move it. Plain arithmetic, tested natively.

/// The smallest zoom the tree opens with: its labels (12 px in the
/// drawing) are drawn at 12 px at least; a wider tree is panned instead.
const AUTO_ZOOM: f64 = 1.0;
/// The largest: a small tree on a big screen is drawn bigger, for people
/// watching from a step away.
const MAX_AUTO_ZOOM: f64 = 1.8;
/// The zoom a person can reach with the buttons, the wheel or the fingers.
const ZOOM_RANGE: (f64, f64) = (0.15, 4.0);
/// Fit never enlarges beyond this.
const MAX_FIT_ZOOM: f64 = 1.0;
/// Nor shrinks below this: labels stay about 10 px; a tree too big for
/// that shows its top, from the root, instead of unreadable dots.
const MIN_FIT_ZOOM: f64 = 0.85;
/// On a wide canvas (a screen watched from a few steps away) labels grow
/// with the canvas: one zoom step per this many canvas pixels.
const READING_WIDTH: f64 = 600.0;
/// Below this zoom, labels are too small to read and are left out.
const LABEL_ZOOM: f64 = 0.5;

use super::layout::Focus;
use crate::model::decimal::fixed;

/// The visible window: the drawing's point at the canvas' top-left corner,
/// and the zoom (canvas pixels per drawing pixel).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Viewport {
    /// Left edge, in drawing pixels.
    pub x: f64,
    /// Top edge, in drawing pixels.
    pub y: f64,
    /// Canvas pixels per drawing pixel.
    pub zoom: f64,
}

/// The size of something in pixels: the canvas or the drawing.
pub type Size = (f64, f64);

impl Viewport {
    /// The view that follows a tree of `drawing` size on a `canvas`: the
    /// whole tree if it fits at a readable zoom; else, once the search has
    /// ended, its decision (the root and the chosen column) from the top;
    /// while it runs, the path to the `focus` (the branch being searched)
    /// in the middle of the width, or its end where the path is wider
    /// than the canvas, and low enough to see the path down to its end.
    pub fn following(drawing: Size, canvas: Size, focus: Focus) -> Viewport {
        let (width, height) = drawing;
        let (cw, ch) = canvas;
        let reading = within(cw / READING_WIDTH, AUTO_ZOOM, MAX_AUTO_ZOOM);
        let zoom = within((cw / width).min(ch / height), reading, MAX_AUTO_ZOOM);
        let (seen_w, seen_h) = (cw / zoom, ch / zoom);
        if let Some(line) = &focus.decision {
            if width <= seen_w {
                return Viewport {
                    x: (width - seen_w) / 2.0,
                    y: 0.0,
                    zoom,
                };
            }
            if let Some((lo, hi)) = decision_span(line, seen_w, seen_h) {
                let x = (lo + hi - seen_w) / 2.0;
                return Viewport { x, y: 0.0, zoom };
            }
        }
        let (lo, hi) = focus.span;
        let x = if width <= seen_w {
            (width - seen_w) / 2.0
        } else if hi - lo <= seen_w * 0.8 {
            (lo + hi - seen_w) / 2.0
        } else {
            focus.end.0 - seen_w / 2.0
        };
        // Deeper than the canvas shows: the focus at three quarters of its
        // height, the path above it in sight.
        let y = if height <= seen_h {
            0.0
        } else {
            within(focus.end.1 - seen_h * 0.75, 0.0, height - seen_h)
        };
        Viewport { x, y, zoom }
    }

    /// The whole drawing centred at the top, never enlarged nor shrunk
    /// past readable (then its top, centred).
    pub fn fitting(drawing: Size, canvas: Size) -> Viewport {
        let (width, height) = drawing;
        let (cw, ch) = canvas;
        let zoom = within((cw / width).min(ch / height), MIN_FIT_ZOOM, MAX_FIT_ZOOM);
        Viewport {
            x: (width - cw / zoom) / 2.0,
            y: 0.0,
            zoom,
        }
    }

    /// Zoomed by `factor` around the canvas' centre, within the range.
    pub fn zoomed(self, factor: f64, canvas: Size) -> Viewport {
        let (cw, ch) = canvas;
        let zoom = within(self.zoom * factor, ZOOM_RANGE.0, ZOOM_RANGE.1);
        let (cx, cy) = (self.x + cw / self.zoom / 2.0, self.y + ch / self.zoom / 2.0);
        Viewport {
            x: cx - cw / zoom / 2.0,
            y: cy - ch / zoom / 2.0,
            zoom,
        }
    }

    /// Moved by a drag of (`dx`, `dy`) canvas pixels: the drawing follows
    /// the finger.
    pub fn dragged(self, dx: f64, dy: f64) -> Viewport {
        self.panned(-dx / self.zoom, -dy / self.zoom)
    }

    /// Moved by (`dx`, `dy`) drawing pixels.
    pub fn panned(self, dx: f64, dy: f64) -> Viewport {
        Viewport {
            x: self.x + dx,
            y: self.y + dy,
            ..self
        }
    }

    /// The SVG `viewBox` showing this window on a `canvas`.
    pub fn view_box(self, canvas: Size) -> String {
        let (cw, ch) = canvas;
        format!(
            "{} {} {} {}",
            fixed(self.x, 1),
            fixed(self.y, 1),
            fixed(cw / self.zoom, 1),
            fixed(ch / self.zoom, 1)
        )
    }

    /// The drawing's x range the canvas shows.
    pub fn columns_seen(self, canvas: Size) -> (f64, f64) {
        (self.x, self.x + canvas.0 / self.zoom)
    }

    /// Whether labels are big enough to read.
    pub fn shows_labels(self) -> bool {
        self.zoom >= LABEL_ZOOM
    }
}

/// The x range to show of a finished search's `line` (root first) in a
/// window `seen_w` x `seen_h` from the top: the root and the chosen
/// column, then as much of the line below as fits both ways; none where
/// the root and the chosen column do not fit together (a wide tree with
/// every node open, which is then followed down its line).
fn decision_span(line: &[(f64, f64)], seen_w: f64, seen_h: f64) -> Option<(f64, f64)> {
    let fits = |(lo, hi): (f64, f64), y: f64| hi - lo <= seen_w * 0.9 && y <= seen_h * 0.9;
    if let [(root, _), (chosen, y), ..] = line
        && !fits((root.min(*chosen), root.max(*chosen)), *y)
    {
        return None;
    }
    let mut span = (f64::INFINITY, f64::NEG_INFINITY);
    for (i, &(x, y)) in line.iter().enumerate() {
        let wider = (span.0.min(x), span.1.max(x));
        if i >= 2 && !fits(wider, y) {
            break;
        }
        span = wider;
    }
    Some(span)
}

/// The fingers on the canvas, for pinch zoom.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fingers(Vec<(i32, f64, f64)>);

impl Fingers {
    /// A finger touched down at (x, y).
    pub fn down(&mut self, id: i32, x: f64, y: f64) {
        self.0.push((id, x, y));
    }

    /// A finger lifted.
    pub fn up(&mut self, id: i32) {
        self.0.retain(|p| p.0 != id);
    }

    /// Finger `id` moved to (x, y); with two fingers down, the factor by
    /// which their distance changed (held to a step a frame can take).
    pub fn moved(&mut self, id: i32, x: f64, y: f64) -> Option<f64> {
        let before = self.distance();
        if let Some(p) = self.0.iter_mut().find(|p| p.0 == id) {
            (p.1, p.2) = (x, y);
        }
        let (a, b) = (before?, self.distance()?);
        (a > 10.0).then(|| within(b / a, 0.8, 1.25))
    }

    fn distance(&self) -> Option<f64> {
        match self.0.as_slice() {
            [a, b] => Some(((a.1 - b.1).powi(2) + (a.2 - b.2).powi(2)).sqrt()),
            _ => None,
        }
    }
}

/// `x` held between `lo` and `hi` (`lo <= hi` at every call here). Not
/// `f64::clamp`: its check of the bounds formats them with `Debug` in its
/// panic message, and that alone kept core's float formatting (about
/// 12 KB) in the page's Wasm (2026-12-02).
fn within(x: f64, lo: f64, hi: f64) -> f64 {
    x.max(lo).min(hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path that ends at `end`, as wide as `span`.
    fn path(end: (f64, f64), span: (f64, f64)) -> Focus {
        Focus {
            end,
            span,
            decision: None,
        }
    }

    const CANVAS: Size = (600.0, 300.0);

    #[test]
    fn a_small_tree_is_shown_whole_and_a_wide_one_from_its_root() {
        let small = Viewport::following((300.0, 150.0), CANVAS, path((150.0, 0.0), (150.0, 150.0)));
        assert_eq!(small.zoom, MAX_AUTO_ZOOM, "enlarged for watchers");
        // Centred: the drawing's middle is the canvas' middle.
        assert!((small.x + CANVAS.0 / small.zoom / 2.0 - 150.0).abs() < 1e-9);
        let wide = Viewport::following(
            (6000.0, 300.0),
            CANVAS,
            path((2500.0, 222.0), (2300.0, 2700.0)),
        );
        assert_eq!(wide.zoom, AUTO_ZOOM, "labels at their full size");
        let (left, right) = wide.columns_seen(CANVAS);
        assert!(
            ((left + right) / 2.0 - 2500.0).abs() < 1e-9,
            "the expected line in the middle"
        );
        // A path wider than the canvas: its end in the middle.
        let long = Viewport::following(
            (6000.0, 300.0),
            CANVAS,
            path((100.0, 222.0), (100.0, 2700.0)),
        );
        assert_eq!(long.columns_seen(CANVAS), (-200.0, 400.0));
        assert_eq!(wide.y, 0.0, "a tree as high as the canvas from its top");
        assert!(wide.shows_labels());
    }

    #[test]
    fn a_deep_path_is_followed_down() {
        // A path 900 px deep on a 300 px canvas: its end in sight, at three
        // quarters of the height.
        let deep = Viewport::following(
            (6000.0, 1000.0),
            CANVAS,
            path((400.0, 900.0), (400.0, 400.0)),
        );
        assert_eq!(deep.zoom, AUTO_ZOOM);
        assert_eq!(deep.y, 900.0 - 300.0 * 0.75);
        // Never below the drawing's bottom.
        let end = Viewport::following(
            (6000.0, 1000.0),
            CANVAS,
            path((400.0, 990.0), (400.0, 400.0)),
        );
        assert_eq!(end.y, 1000.0 - 300.0);
    }

    #[test]
    fn zoom_keeps_the_centre_and_its_range() {
        let v = Viewport {
            x: 100.0,
            y: 50.0,
            zoom: 1.0,
        };
        let centre = |v: Viewport| (v.x + CANVAS.0 / v.zoom / 2.0, v.y + CANVAS.1 / v.zoom / 2.0);
        let closer = v.zoomed(2.0, CANVAS);
        assert_eq!(closer.zoom, 2.0);
        assert_eq!(centre(closer), centre(v));
        assert_eq!(v.zoomed(100.0, CANVAS).zoom, ZOOM_RANGE.1);
        assert_eq!(v.zoomed(0.001, CANVAS).zoom, ZOOM_RANGE.0);
        assert!(!v.zoomed(0.4, CANVAS).shows_labels());
    }

    #[test]
    fn a_drag_moves_the_drawing_with_the_finger() {
        let v = Viewport {
            x: 0.0,
            y: 0.0,
            zoom: 2.0,
        };
        // Dragging 40 px right at zoom 2 shows what lay 20 drawing px left.
        assert_eq!(
            v.dragged(40.0, -10.0),
            Viewport {
                x: -20.0,
                y: 5.0,
                zoom: 2.0
            }
        );
        assert_eq!(v.view_box(CANVAS), "0.0 0.0 300.0 150.0");
    }

    #[test]
    fn fit_shows_everything_and_never_enlarges() {
        let v = Viewport::fitting((660.0, 300.0), CANVAS);
        assert!((v.zoom - 600.0 / 660.0).abs() < 1e-9);
        assert!((v.columns_seen(CANVAS).1 - 660.0).abs() < 1e-9);
        assert_eq!(Viewport::fitting((100.0, 100.0), CANVAS).zoom, 1.0);
        // Too big to fit readably: its middle from the top, labels shown.
        let big = Viewport::fitting((6000.0, 900.0), CANVAS);
        assert_eq!((big.zoom, big.y), (MIN_FIT_ZOOM, 0.0));
        let (left, right) = big.columns_seen(CANVAS);
        assert!(((left + right) / 2.0 - 3000.0).abs() < 1e-9);
        assert!(big.shows_labels());
    }

    #[test]
    fn a_finished_search_opens_on_its_decision() {
        // The expected line ends deep and far right; the root stands at
        // 2500 and the chosen column at 2700.
        let line = vec![
            (2500.0, 40.0),
            (2700.0, 130.0),
            (2900.0, 220.0),
            (5000.0, 310.0),
        ];
        let focus = Focus {
            end: (5000.0, 310.0),
            span: (2500.0, 5000.0),
            decision: Some(line),
        };
        let v = Viewport::following((6000.0, 1000.0), CANVAS, focus);
        assert_eq!(v.y, 0.0, "the root in sight");
        let (left, right) = v.columns_seen(CANVAS);
        assert!(
            left < 2500.0 && right > 2900.0,
            "root, choice and the next move in sight"
        );
        assert!(
            ((left + right) / 2.0 - 2700.0).abs() < 1e-9,
            "centred on them: {left}..{right}"
        );
        // Every node open: root and choice 3000 px apart. The line is
        // followed to its end, as while the search runs.
        let wide = vec![(4000.0, 40.0), (1000.0, 130.0), (1100.0, 220.0)];
        let focus = Focus {
            end: (1100.0, 220.0),
            span: (1000.0, 4000.0),
            decision: Some(wide),
        };
        let v = Viewport::following((8000.0, 1000.0), CANVAS, focus);
        let (left, right) = v.columns_seen(CANVAS);
        assert!(left < 1100.0 && right > 1100.0, "{left}..{right}");
    }

    #[test]
    fn a_wide_canvas_draws_labels_for_the_distance() {
        let wall = (1040.0, 600.0);
        let v = Viewport::following((6000.0, 1000.0), wall, path((400.0, 900.0), (400.0, 400.0)));
        assert!(
            (v.zoom - 1040.0 / 600.0).abs() < 1e-9,
            "12 px labels drawn larger"
        );
        let phone = (350.0, 346.0);
        let v = Viewport::following(
            (6000.0, 1000.0),
            phone,
            path((400.0, 900.0), (400.0, 400.0)),
        );
        assert_eq!(v.zoom, AUTO_ZOOM);
    }

    #[test]
    fn two_fingers_pinch_one_finger_does_not() {
        let mut f = Fingers::default();
        f.down(1, 0.0, 0.0);
        assert_eq!(f.moved(1, 5.0, 0.0), None);
        f.down(2, 100.0, 0.0);
        // The fingers move apart from 95 to 105 px.
        let factor = f.moved(2, 110.0, 0.0).unwrap();
        assert!((factor - 105.0 / 95.0).abs() < 1e-9);
        // A jump is held to one step.
        assert_eq!(f.moved(2, 1000.0, 0.0), Some(1.25));
        f.up(1);
        assert_eq!(f.moved(2, 50.0, 0.0), None);
    }
}
