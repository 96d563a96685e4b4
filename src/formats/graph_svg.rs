//! The SVG picture of a puzzle on any of Loopy's grids, drawn as the square
//! one is ([`super::svg`]): each dot a `<circle>` at its centre, each clue
//! centred in its face, and the loop one closed `<path>` (`M x y L x y … Z`)
//! through the centres of its dots. The grid's edges are drawn faint, since
//! dots alone do not show where an irregular grid's faces lie.
//!
//! The grid's own units (Loopy's integers) are scaled so that its shortest
//! edge is [`STEP`] pixels long, as the square picture's are.

use crate::formats::svg::{numbers_opening, opening, BASELINE, LOOP_COLOUR, MARGIN, STEP};
use crate::graph::puzzle::GraphPuzzle;
use crate::graph::{Dot, Edge, Face, Graph};
use crate::slink::board::EdgeState;

/// Where the grid's dots stand in the picture.
struct Frame {
    scale: f64,
    left: i64,
    top: i64,
}

impl Frame {
    fn of(graph: &Graph) -> Frame {
        let shortest = graph
            .edges()
            .map(|e| {
                let [a, b] = graph.ends(e).dots;
                let (pa, pb) = (graph.point(a), graph.point(b));
                (((pa.0 - pb.0).pow(2) + (pa.1 - pb.1).pow(2)) as f64).sqrt()
            })
            .fold(f64::INFINITY, f64::min);
        let left = graph.dots().map(|d| graph.point(d).0).min().unwrap_or(0);
        let top = graph.dots().map(|d| graph.point(d).1).min().unwrap_or(0);
        Frame {
            // A little larger than the square picture: faces here may be thin.
            scale: 1.2 * f64::from(STEP) / shortest.max(1.0),
            left,
            top,
        }
    }

    /// A point of the grid, in pixels.
    fn at(&self, (x, y): (f64, f64)) -> (i64, i64) {
        let px = (x - self.left as f64) * self.scale + f64::from(MARGIN);
        let py = (y - self.top as f64) * self.scale + f64::from(MARGIN);
        (px.round() as i64, py.round() as i64)
    }

    fn dot(&self, graph: &Graph, dot: Dot) -> (i64, i64) {
        let (x, y) = graph.point(dot);
        self.at((x as f64, y as f64))
    }
}

/// The picture of `puzzle`, with the loop of `states` (in the grid's edge
/// order) when there is an answer.
pub(crate) fn encode(puzzle: &GraphPuzzle, states: Option<&[EdgeState]>) -> String {
    let graph = &puzzle.graph;
    let frame = Frame::of(graph);
    let corner = graph
        .dots()
        .map(|d| frame.dot(graph, d))
        .fold((0, 0), |(w, h), (x, y)| (w.max(x), h.max(y)));
    let margin = i64::from(MARGIN);
    let (width, height) = ((corner.0 + margin) as u32, (corner.1 + margin) as u32);
    let mut svg = opening(width, height);
    svg.push_str("<g stroke=\"#d0d0d0\" stroke-width=\"1\">\n");
    for edge in graph.edges() {
        let [a, b] = graph.ends(edge).dots;
        let ((x1, y1), (x2, y2)) = (frame.dot(graph, a), frame.dot(graph, b));
        svg.push_str(&format!(
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>\n"
        ));
    }
    svg.push_str("</g>\n");
    if let Some(states) = states {
        for path in loops(graph, states) {
            let mut d = String::new();
            for (i, &dot) in path.iter().enumerate() {
                let (x, y) = frame.dot(graph, dot);
                d.push_str(&format!("{}{x} {y} ", if i == 0 { "M" } else { "L" }));
            }
            d.push('Z');
            svg.push_str(&format!(
                "<path d=\"{d}\" fill=\"none\" stroke=\"{LOOP_COLOUR}\" stroke-width=\"4\" stroke-linejoin=\"round\"/>\n"
            ));
        }
    }
    svg.push_str("<g fill=\"black\">\n");
    for dot in graph.dots() {
        let (x, y) = frame.dot(graph, dot);
        svg.push_str(&format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"3\"/>\n"));
    }
    svg.push_str("</g>\n");
    svg.push_str(&numbers_opening(""));
    for face in graph.faces() {
        if let Some(n) = puzzle.clues[face.0 as usize] {
            // The baseline below the face's middle, as in the square picture.
            let (x, y) = frame.at(label_point(graph, face));
            let y = y + i64::from(BASELINE);
            svg.push_str(&format!("<text x=\"{x}\" y=\"{y}\">{n}</text>\n"));
        }
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}

/// Each loop of the lines, as the dots it passes in order.
fn loops(graph: &Graph, states: &[EdgeState]) -> Vec<Vec<Dot>> {
    let line = |e: Edge| states.get(e.0 as usize) == Some(&EdgeState::Line);
    let mut used = vec![false; graph.edge_count()];
    let mut found = Vec::new();
    for first in graph.edges() {
        if !line(first) || used[first.0 as usize] {
            continue;
        }
        used[first.0 as usize] = true;
        let [origin, mut here] = graph.ends(first).dots;
        let mut path = vec![origin];
        while here != origin {
            path.push(here);
            let next = graph
                .dot_edges(here)
                .iter()
                .copied()
                .find(|&e| line(e) && !used[e.0 as usize]);
            match next {
                Some(next) => {
                    used[next.0 as usize] = true;
                    here = graph.other_dot(next, here);
                }
                None => break,
            }
        }
        found.push(path);
    }
    found
}

/// Where a face's clue goes: of points on a 16 × 16 lattice over the face,
/// the one inside it farthest from its sides (a convex face's middle; the
/// broad part of a dart, where its centroid would sit near a side).
fn label_point(graph: &Graph, face: Face) -> (f64, f64) {
    let corners: Vec<(f64, f64)> = graph
        .corners(face)
        .iter()
        .map(|&d| {
            let (x, y) = graph.point(d);
            (x as f64, y as f64)
        })
        .collect();
    let sides = || (0..corners.len()).map(|k| (corners[k], corners[(k + 1) % corners.len()]));
    let inside = |(px, py): (f64, f64)| {
        // Crossings of a ray to the right.
        sides()
            .filter(|&((x0, y0), (x1, y1))| {
                (y0 > py) != (y1 > py) && px < x0 + (py - y0) * (x1 - x0) / (y1 - y0)
            })
            .count()
            % 2
            == 1
    };
    let room = |(px, py): (f64, f64)| {
        sides()
            .map(|((x0, y0), (x1, y1))| {
                let (dx, dy) = (x1 - x0, y1 - y0);
                let t = (((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
                ((px - x0 - t * dx).powi(2) + (py - y0 - t * dy).powi(2)).sqrt()
            })
            .fold(f64::INFINITY, f64::min)
    };
    let (mut left, mut top, mut right, mut bottom) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in &corners {
        (left, top, right, bottom) = (left.min(x), top.min(y), right.max(x), bottom.max(y));
    }
    let mean = corners
        .iter()
        .fold((0.0, 0.0), |(sx, sy), &(x, y)| (sx + x, sy + y));
    let mean = (mean.0 / corners.len() as f64, mean.1 / corners.len() as f64);
    let mut best = (if inside(mean) { room(mean) } else { -1.0 }, mean);
    for i in 0..16 {
        for j in 0..16 {
            let p = (
                left + (right - left) * (f64::from(i) + 0.5) / 16.0,
                top + (bottom - top) * (f64::from(j) + 0.5) / 16.0,
            );
            if inside(p) && room(p) > best.0 + 1e-9 {
                best = (room(p), p);
            }
        }
    }
    best.1
}
