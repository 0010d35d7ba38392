//! The tree and the small boards as SVG markup: one string per drawing,
//! set as the element's inner HTML (thousands of nodes as components would
//! be far slower to draw).

use engine::trace::{Bound, SearchTrace, TraceNode};
use engine::{Board, Side};

use super::layout::{DX, DY, Placed};
use crate::i18n::{Lang, Say};
use crate::model::decimal::fixed;

/// Radius of a node's coin.
const R: f64 = 14.0;

/// A short form of a value for a node label.
fn label(v: i32) -> String {
    if v.abs() < engine::player::FORCED && v.abs() >= 10_000 {
        format!("{:+}k", v / 1000)
    } else {
        crate::model::values::short_value(v)
    }
}

/// A small board as SVG markup, the last coin ringed.
pub fn board_svg(board: &Board, colours: [&str; 2]) -> String {
    use std::fmt::Write;
    let g = board.geometry();
    let (w, h) = (g.columns(), g.rows());
    let cell = 18.0;
    let mut out = format!(
        r#"<svg viewBox="0 0 {} {}" width="{}" height="{}"><rect class="frame" width="100%" height="100%" rx="4"/>"#,
        fixed(w as f64 * cell, 0),
        fixed(h as f64 * cell, 0),
        fixed(w as f64 * cell, 0),
        fixed(h as f64 * cell, 0)
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
                r#"<circle class="{class}{ring}" cx="{}" cy="{}" r="7"/>"#,
                fixed((c as f64 + 0.5) * cell, 1),
                fixed((h - 1 - r) as f64 * cell + cell / 2.0, 1)
            );
        }
    }
    out.push_str("</svg>");
    out
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
    write_edges(&mut out, t, placed, seen);
    for p in placed.iter().filter(|p| seen(p.x)) {
        let n = &t.nodes[p.index];
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
        let spoken = lang.say(&Say::TreeNode {
            column: n.column.map(usize::from),
            value: value.clone(),
            folded: p.collapsed.then_some(n.subtree_nodes),
            pruned: p.pruned as u32,
            from_table: n.from_table,
        });
        let (x, y) = (p.x, p.y);
        let (cx, cy, r) = (fixed(x, 1), fixed(y, 1), fixed(R, 0));
        let _ = write!(
            out,
            r#"<g class="{}" data-index="{}" data-depth="{}" role="button" aria-label="{spoken}"><circle cx="{cx}" cy="{cy}" r="{r}"/>"#,
            node_class(n, colours),
            p.index,
            n.depth
        );
        if p.pruned > 0 {
            // A dashed stub to the lower right stands for the cut branches.
            let _ = write!(
                out,
                r#"<line class="edge pruned" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                fixed(x + R * 0.7, 1),
                fixed(y + R * 0.7, 1),
                fixed(x + DX * 0.42, 1),
                fixed(y + DY * 0.5, 1)
            );
        }
        if detailed {
            write_labels(&mut out, n, p, &value);
        }
        out.push_str("</g>");
    }
    out
}

/// The edges to the nodes in sight (or from a parent in sight), the
/// expected line's in gold.
fn write_edges(out: &mut String, t: &SearchTrace, placed: &[Placed], seen: impl Fn(f64) -> bool) {
    use std::fmt::Write;
    for p in placed {
        let Some((x0, y0)) = p.parent else {
            continue;
        };
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
            r#"<line class="{class}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            fixed(x0, 1),
            fixed(y0, 1),
            fixed(p.x, 1),
            fixed(p.y, 1)
        );
    }
}

/// A node's classes: its coin's colour, on the expected line, still
/// searching, only a bound, taken from the table.
fn node_class(n: &TraceNode, colours: [&str; 2]) -> String {
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
    class
}

/// A node's words: its column, its value, what is folded or cut below it,
/// and "TT" when the table answered.
fn write_labels(out: &mut String, n: &TraceNode, p: &Placed, value: &str) {
    use std::fmt::Write;
    let (x, y) = (p.x, p.y);
    let at = fixed(x, 1);
    let column = n.column.map(|c| (c + 1).to_string()).unwrap_or_default();
    let _ = write!(
        out,
        r#"<text class="col" x="{at}" y="{}">{column}</text><text class="value" x="{at}" y="{}">{value}</text>"#,
        fixed(y + 4.5, 1),
        fixed(y + R + 13.0, 1)
    );
    if p.collapsed {
        let _ = write!(
            out,
            r#"<text class="summary" x="{at}" y="{}">▸{}</text>"#,
            fixed(y + R + 25.0, 1),
            compact(n.subtree_nodes)
        );
    }
    if p.pruned > 0 {
        let _ = write!(
            out,
            r#"<text class="pruned-label" x="{}" y="{}">✂<tspan class="count">{}</tspan></text>"#,
            fixed(x + DX * 0.42, 1),
            fixed(y + DY * 0.5 + 10.0, 1),
            p.pruned
        );
    }
    if n.from_table {
        let _ = write!(
            out,
            r#"<text class="table" x="{}" y="{}">TT</text>"#,
            fixed(x + R + 2.0, 1),
            fixed(y - R + 2.0, 1)
        );
    }
}

/// A node count in at most four characters: 987, 12k, 3.4M.
fn compact(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..10_000 => format!("{}k", fixed(n as f64 / 1e3, 1)),
        10_000..1_000_000 => format!("{}k", n / 1000),
        _ => format!("{}M", fixed(n as f64 / 1e6, 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_values_fit_a_node() {
        assert_eq!(compact(987), "987");
        assert_eq!(compact(12_345), "12k");
        assert_eq!(compact(3_400_000), "3.4M");
        assert_eq!(label(25_000), "+25k");
        assert_eq!(label(-7), "-7");
    }

    #[test]
    fn a_small_board_rings_the_last_coin() {
        let board: Board = "44".parse().unwrap();
        let svg = board_svg(&board, ["yellow", "red"]);
        assert_eq!(svg.matches(r#"class="yellow""#).count(), 1);
        assert_eq!(svg.matches(r#"class="red last""#).count(), 1);
        assert_eq!(svg.matches(r#"class="hole""#).count(), 40);
    }
}
