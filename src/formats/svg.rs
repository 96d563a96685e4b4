//! A picture of a puzzle and its answer as a person would rather look at it
//! than the judges' ASCII: SVG, with a dot at every corner, each clue in its
//! cell (blank cells left clear) and the loop drawn as one closed path. The
//! parts of a grid's picture are drawn by the functions here, each at an
//! [`Origin`], so the pictures of a setter's check
//! ([`check_svg`](super::check_svg)) draw grids the same way.

use crate::slink::board::EdgeState;
use crate::slink::grid::{Grid, Vertex};
use crate::slink::parse::Puzzle;

/// Pixels from one dot to the next.
pub(crate) const STEP: u32 = 40;
/// Pixels round the grid.
pub(crate) const MARGIN: u32 = 20;
/// Pixels from a cell's centre down to its number's baseline, for a 24-pixel
/// font: digits stand about 17 pixels tall.
pub(crate) const BASELINE: u32 = 8;
/// The loop's colour.
pub(crate) const LOOP_COLOUR: &str = "#1f4e9c";

/// Where a grid's top-left dot stands in a picture, in pixels.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Origin {
    pub(crate) x: u32,
    pub(crate) y: u32,
}

impl Origin {
    /// Where the dot at row `r`, column `c` stands: the top-left corner of
    /// cell `(r, c)`.
    pub(crate) fn dot(self, r: u32, c: u32) -> (u32, u32) {
        (self.x + c * STEP, self.y + r * STEP)
    }
}

/// The SVG picture of `puzzle`, with the loop of `states` (in the grid's edge
/// order) when there is an answer.
pub(crate) fn encode(puzzle: &Puzzle, states: Option<&[EdgeState]>) -> String {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let (width, height) = (cols * STEP + 2 * MARGIN, rows * STEP + 2 * MARGIN);
    let origin = Origin {
        x: MARGIN,
        y: MARGIN,
    };
    let mut svg = opening(width, height);
    if let Some(states) = states {
        svg.push_str(&loop_paths(&Grid::new(rows, cols), states, origin));
    }
    svg.push_str(&dots(rows, cols, origin));
    svg.push_str(&clues(puzzle, origin));
    svg.push_str("</svg>\n");
    svg
}

/// The `<svg>` tag of a picture `width` by `height` pixels, and its white
/// ground.
pub(crate) fn opening(width: u32, height: u32) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
    )
}

/// Each loop of the lines of `states` as one closed path, the grid at
/// `origin`.
pub(crate) fn loop_paths(grid: &Grid, states: &[EdgeState], origin: Origin) -> String {
    let mut svg = String::new();
    for path in loops(grid, states) {
        let mut d = String::new();
        for (i, &(r, c)) in path.iter().enumerate() {
            let (x, y) = origin.dot(r, c);
            d.push_str(&format!("{}{x} {y} ", if i == 0 { "M" } else { "L" }));
        }
        d.push('Z');
        svg.push_str(&format!(
            "<path d=\"{d}\" fill=\"none\" stroke=\"{LOOP_COLOUR}\" stroke-width=\"4\" stroke-linejoin=\"round\"/>\n"
        ));
    }
    svg
}

/// A dot at every corner of a grid of `rows` by `cols` cells at `origin`.
pub(crate) fn dots(rows: u32, cols: u32, origin: Origin) -> String {
    let mut svg = "<g fill=\"black\">\n".to_string();
    for r in 0..=rows {
        for c in 0..=cols {
            let (x, y) = origin.dot(r, c);
            svg.push_str(&format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"3\"/>\n"));
        }
    }
    svg.push_str("</g>\n");
    svg
}

/// The opening of a group of numbers drawn in cells (see [`number_at`]), with
/// `paint`, more attributes (a fill), after the font's.
pub(crate) fn numbers_opening(paint: &str) -> String {
    format!("<g font-family=\"sans-serif\" font-size=\"24\" text-anchor=\"middle\"{paint}>\n")
}

/// The position of a number centred in cell `(r, c)` of the grid at
/// `origin`: its middle, and its baseline.
pub(crate) fn number_at(origin: Origin, r: u32, c: u32) -> (u32, u32) {
    // Centred by hand: the baseline a third of the font's size below the
    // cell's centre puts a digit's middle there (`dominant-baseline` would
    // say it, but not every viewer reads it).
    let (x, y) = origin.dot(r, c);
    let half = STEP / 2;
    (x + half, y + half + BASELINE)
}

/// Every clue of `puzzle` in its cell, the grid at `origin`.
pub(crate) fn clues(puzzle: &Puzzle, origin: Origin) -> String {
    let mut svg = numbers_opening("");
    let cols = puzzle.cols;
    for (i, clue) in puzzle.clues.iter().enumerate() {
        if let Some(n) = clue {
            let (x, y) = number_at(origin, i as u32 / cols, i as u32 % cols);
            svg.push_str(&format!("<text x=\"{x}\" y=\"{y}\">{n}</text>\n"));
        }
    }
    svg.push_str("</g>\n");
    svg
}

/// The SVG picture of a Light Up grid: black cells (their numbers in white),
/// the lights as yellow discs, the cells they light shaded.
pub(crate) fn akari(puzzle: &crate::akari::puzzle::Puzzle) -> String {
    use crate::akari::puzzle::Square;
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let step = STEP as usize;
    let (width, height) = (cols * step + 2, rows * step + 2);
    let at = |i: usize| (1 + (i % cols) * step, 1 + (i / cols) * step);
    let grey = |r: i64, c: i64| {
        r < 0
            || c < 0
            || r >= rows as i64
            || c >= cols as i64
            || matches!(
                puzzle.squares[r as usize * cols + c as usize],
                Square::Grey(_)
            )
    };
    // Lit: a light's own cell and every white cell it sees.
    let mut lit = vec![false; puzzle.squares.len()];
    for (i, square) in puzzle.squares.iter().enumerate() {
        if *square != Square::Light {
            continue;
        }
        lit[i] = true;
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (mut r, mut c) = ((i / cols) as i64 + dr, (i % cols) as i64 + dc);
            while !grey(r, c) {
                lit[r as usize * cols + c as usize] = true;
                r += dr;
                c += dc;
            }
        }
    }
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n"
    );
    svg.push_str("<g stroke=\"#555\" stroke-width=\"1\">\n");
    for (i, square) in puzzle.squares.iter().enumerate() {
        let (x, y) = at(i);
        let fill = match square {
            Square::Grey(_) => "#222",
            _ if lit[i] => "#fff3b0",
            _ => "white",
        };
        svg.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{step}\" height=\"{step}\" fill=\"{fill}\"/>\n"
        ));
    }
    svg.push_str("</g>\n");
    let half = step / 2;
    for (i, square) in puzzle.squares.iter().enumerate() {
        let (x, y) = at(i);
        match square {
            Square::Light => svg.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#f5c400\" stroke=\"#7a5d00\" stroke-width=\"2\"/>\n",
                x + half,
                y + half,
                step / 3
            )),
            Square::Grey(Some(n)) => svg.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" fill=\"white\" font-family=\"sans-serif\" font-size=\"24\" text-anchor=\"middle\">{n}</text>\n",
                x + half,
                y + half + BASELINE as usize
            )),
            _ => {}
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// Each loop of the lines, as the dots it passes in order.
fn loops(grid: &Grid, states: &[EdgeState]) -> Vec<Vec<(u32, u32)>> {
    let line = |e: crate::slink::grid::Edge| states.get(e.0 as usize) == Some(&EdgeState::Line);
    let mut used = vec![false; states.len()];
    let mut found = Vec::new();
    for start in 0..states.len() {
        let first = crate::slink::grid::Edge(start as u32);
        if !line(first) || used[start] {
            continue;
        }
        let [origin, mut here] = grid.edge_vertices(first);
        used[start] = true;
        let mut path = vec![grid.vertex_pos(origin)];
        while here != origin {
            path.push(grid.vertex_pos(here));
            let next = grid
                .vertex_edges(here)
                .into_iter()
                .find(|&e| line(e) && !used[e.0 as usize]);
            let Some(next) = next else { break };
            used[next.0 as usize] = true;
            here = other_end(grid, next, here);
        }
        found.push(path);
    }
    found
}

fn other_end(grid: &Grid, e: crate::slink::grid::Edge, v: Vertex) -> Vertex {
    let [a, b] = grid.edge_vertices(e);
    if a == v {
        b
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::contest::parse_all;

    #[test]
    fn one_path_for_the_loop_and_every_clue_drawn() {
        let puzzle = parse_all("2 3 3 2 3 . . .").unwrap().remove(0);
        let answer = match crate::engine::solve::solve(&puzzle).outcome {
            crate::Outcome::Unique(s) | crate::Outcome::Multiple(s) => s,
            other => panic!("{other:?}"),
        };
        let svg = encode(&puzzle, Some(answer.states()));
        assert_eq!(svg.matches("<path ").count(), 1);
        assert_eq!(svg.matches("<text ").count(), 3);
        assert_eq!(svg.matches("<circle ").count(), 12);
        // The path visits every dot on the loop once and closes.
        let lines = answer
            .states()
            .iter()
            .filter(|&&s| s == EdgeState::Line)
            .count();
        let path = svg.split("d=\"").nth(1).unwrap().split('"').next().unwrap();
        assert_eq!(path.matches(['M', 'L']).count(), lines);
        assert!(path.ends_with('Z'));
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
        // Without an answer: no path.
        assert_eq!(encode(&puzzle, None).matches("<path ").count(), 0);
    }
}
