//! The judge's picture of a grid of edges.
//!
//! For R×C cells the picture is `2R+5` lines of `4C+5` characters: a border of `#`,
//! a blank line inside it, then `2R+1` lines alternating vertex rows and cell rows,
//! a blank line and the border again. A vertex is `+` where the path turns, `-` or
//! `|` where it runs straight through, and a space where no line meets it; a
//! horizontal line is `---`, a vertical one `|`; a clue is written with a space on
//! either side (a blank cell as a space). So the top-left clue stands four places
//! right of the border and three below it, as the statement asks.
//!
//! The same drawing, with undecided edges left blank and crossed ones drawn as `x`,
//! shows a partial board (`--explain`, `--rules-only`).

use std::io::{self, Write};

use crate::board::EdgeState;
use crate::grid::{Cell, Edge, Grid, Vertex, DOWN, LEFT, RIGHT, UP};

/// How to draw edges that are not lines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Marks {
    /// Only lines are drawn (the judge's answer).
    LinesOnly,
    /// Crossed edges are drawn as `x`, undecided ones left blank.
    Crosses,
}

/// Writes the bordered picture of `states` (indexed by the grid's edge ids) to
/// `out`, every line ended by `\n`. Two lines at a time are built and written,
/// never the whole picture: a 1 × 4,000,000 strip draws 112 MB.
pub fn write_picture<W: Write>(
    out: &mut W,
    grid: &Grid,
    clue: impl Fn(Cell) -> Option<u8>,
    states: &[EdgeState],
    marks: Marks,
) -> io::Result<()> {
    let width = 4 * grid.cols() as usize + 5;
    let state = |e: Edge| {
        states
            .get(e.0 as usize)
            .copied()
            .unwrap_or(EdgeState::Cross)
    };
    let mut line = Vec::with_capacity(2 * width + 2);
    frame_line(&mut line, width, b'#');
    frame_line(&mut line, width, b' ');
    for r in 0..=grid.rows() {
        out.write_all(&line)?;
        line.clear();
        line.extend_from_slice(b"# ");
        for c in 0..=grid.cols() {
            line.push(vertex_glyph(grid, grid.vertex(r, c), &state));
            if c < grid.cols() {
                let glyph: &[u8] = match (state(grid.horizontal(r, c)), marks) {
                    (EdgeState::Line, _) => b"---",
                    (EdgeState::Cross, Marks::Crosses) => b" x ",
                    _ => b"   ",
                };
                line.extend_from_slice(glyph);
            }
        }
        line.extend_from_slice(b" #\n");
        if r == grid.rows() {
            break;
        }
        line.extend_from_slice(b"# ");
        for c in 0..=grid.cols() {
            line.push(match (state(grid.vertical(r, c)), marks) {
                (EdgeState::Line, _) => b'|',
                (EdgeState::Cross, Marks::Crosses) => b'x',
                _ => b' ',
            });
            if c < grid.cols() {
                line.push(b' ');
                line.push(match clue(grid.cell(r, c)) {
                    Some(n) => b'0' + n,
                    None => b' ',
                });
                line.push(b' ');
            }
        }
        line.extend_from_slice(b" #\n");
    }
    frame_line(&mut line, width, b' ');
    frame_line(&mut line, width, b'#');
    out.write_all(&line)
}

/// A line of the frame: `#`, `width - 2` times `fill`, `#`.
fn frame_line(line: &mut Vec<u8>, width: usize, fill: u8) {
    line.push(b'#');
    line.extend(std::iter::repeat(fill).take(width - 2));
    line.extend_from_slice(b"#\n");
}

fn vertex_glyph(grid: &Grid, v: Vertex, state: &impl Fn(Edge) -> EdgeState) -> u8 {
    let edges = grid.vertex_edges(v);
    let line = |d: usize| state(edges[d]) == EdgeState::Line;
    let vertical = line(UP) || line(DOWN);
    let horizontal = line(LEFT) || line(RIGHT);
    match (vertical, horizontal) {
        (true, true) => b'+',
        // A path that stops here (only on a partial board) is drawn as a turn too.
        (true, false) if !(line(UP) && line(DOWN)) => b'+',
        (false, true) if !(line(LEFT) && line(RIGHT)) => b'+',
        (true, false) => b'|',
        (false, true) => b'-',
        (false, false) => b' ',
    }
}
