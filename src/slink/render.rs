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

use crate::slink::board::EdgeState;
use crate::slink::grid::Grid;

/// How to draw edges that are not lines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Marks {
    /// Only lines are drawn (the judge's answer).
    LinesOnly,
    /// Crossed edges are drawn as `x`, undecided ones left blank.
    Crosses,
}

/// Writes the bordered picture of `states` (indexed by the grid's edge ids, one
/// for every edge) with the cells' `clues` (row by row) to `out`, every line
/// ended by `\n`. One line at a time is
/// built, in place, and written, never the whole picture: a 1 × 4,000,000
/// strip draws 112 MB.
pub fn write_picture<W: Write>(
    out: &mut W,
    grid: &Grid,
    clues: &[Option<u8>],
    states: &[EdgeState],
    marks: Marks,
) -> io::Result<()> {
    let (rows, cols) = (grid.rows() as usize, grid.cols() as usize);
    let width = 4 * cols + 5;
    // Edge ids as the grid numbers them (see `grid`): the horizontal edges of
    // dot row r are `r*cols..`, the vertical ones of cell row r are
    // `verticals + r*(cols+1)..`. `states` holds every edge.
    let verticals = (rows + 1) * cols;
    // Beyond the top and bottom dots, no vertical edges.
    let none = vec![EdgeState::Cross; cols + 1];
    // Crossed edges are drawn only when marked; undecided ones never are.
    let mark_crosses = marks == Marks::Crosses;
    let line_glyph = EdgeState::Line;
    // What a horizontal edge looks like, indexed by its state's number
    // (unknown 0, line 1, cross 2).
    let across_glyphs = [
        *b"   ",
        *b"---",
        if mark_crosses { *b" x " } else { *b"   " },
    ];
    let mut line = Vec::with_capacity(2 * width + 2);
    frame_line(&mut line, width, b'#');
    frame_line(&mut line, width, b' ');
    out.write_all(&line)?;
    // Each row is written over the same buffer, four bytes a dot or a cell.
    line.clear();
    line.resize(width + 1, b' ');
    line[0] = b'#';
    line[width - 1] = b'#';
    line[width] = b'\n';
    let vertical_row = |r: usize| &states[verticals + r * (cols + 1)..][..cols + 1];
    for r in 0..=rows {
        let across = &states[r * cols..][..cols];
        let up = if r > 0 { vertical_row(r - 1) } else { &none };
        let down = if r < rows { vertical_row(r) } else { &none };
        let mut left = false;
        let dots = line[2..].chunks_exact_mut(4).zip(up.iter().zip(down));
        for (c, (cells, (&up, &down))) in dots.enumerate() {
            let (up, down) = (up == line_glyph, down == line_glyph);
            let state = across.get(c).copied().unwrap_or(EdgeState::Unknown);
            let right = state == line_glyph;
            cells[0] = match (up || down, left || right) {
                (true, true) => b'+',
                // A path that stops here (only on a partial board) is drawn
                // as a turn too.
                (true, false) if !(up && down) => b'+',
                (false, true) if !(left && right) => b'+',
                (true, false) => b'|',
                (false, true) => b'-',
                (false, false) => b' ',
            };
            if c < cols {
                cells[1..].copy_from_slice(&across_glyphs[state as usize]);
            }
            left = right;
        }
        out.write_all(&line)?;
        if r == rows {
            break;
        }
        // A side, then the cell: a clue between two spaces.
        let glyph = |side: EdgeState| match side {
            EdgeState::Line => b'|',
            EdgeState::Cross if mark_crosses => b'x',
            _ => b' ',
        };
        let sides = vertical_row(r);
        let cells = line[2..]
            .chunks_exact_mut(4)
            .zip(&clues[r * cols..][..cols]);
        for ((cells, clue), &side) in cells.zip(sides) {
            let clue = clue.map_or(b' ', |n| b'0' + n);
            cells.copy_from_slice(&[glyph(side), b' ', clue, b' ']);
        }
        line[2 + 4 * cols] = glyph(sides[cols]);
        out.write_all(&line)?;
    }
    line.clear();
    frame_line(&mut line, width, b' ');
    frame_line(&mut line, width, b'#');
    out.write_all(&line)
}

fn frame_line(line: &mut Vec<u8>, width: usize, fill: u8) {
    line.push(b'#');
    line.resize(line.len() + width - 2, fill);
    line.extend_from_slice(b"#\n");
}
