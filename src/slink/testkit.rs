//! The judged core's test support, for its own tests and the engine's:
//! boards written in the picture notation of the rule docs. Compiled for
//! tests only, so the judge files never hold it (the bundler cuts what
//! `#[cfg(test)]` governs).
//!
//! The notation is the judge's frame without its border. Vertex rows and cell rows
//! alternate; every vertex is `+`. A horizontal edge is `---` (line), ` x `
//! (cross) or ` ? ` / three spaces (unknown); a vertical edge is `|`, `x`, or `?` /
//! a space. A clue is a digit, a blank cell `.` or a space.
//!
//! ```text
//! + ? + x +
//! ? 3 | 1 ?
//! +---+ ? +
//! ```

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Cell, Grid};
use crate::slink::parse::Puzzle;
use crate::slink::reason::Why;
use crate::slink::rules::book::Rule;
use crate::slink::rules::{Site, SiteRule};

fn edge_state(ch: u8) -> EdgeState {
    match ch {
        b'-' | b'|' => EdgeState::Line,
        b'x' => EdgeState::Cross,
        _ => EdgeState::Unknown,
    }
}

/// The board drawn by `picture`. Every row is trimmed, so an undecided edge on
/// the left border must be written `?`, not a space. (The engine's rules that
/// read the inside/outside classes take the board from
/// `crate::engine::rules::picture::board`, which makes them too.)
pub(crate) fn board(picture: &str) -> Board {
    let rows: Vec<Vec<u8>> = picture
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.as_bytes().to_vec())
        .collect();
    let r = (rows.len() - 1) / 2;
    let c = (rows.iter().map(Vec::len).max().unwrap_or(1) - 1) / 4;
    let at = |y: usize, x: usize| rows[y].get(x).copied().unwrap_or(b' ');
    let mut clues = Vec::new();
    for y in 0..r {
        for x in 0..c {
            clues.push(match at(2 * y + 1, 4 * x + 2) {
                d @ b'0'..=b'3' => Some(d - b'0'),
                _ => None,
            });
        }
    }
    let puzzle = Puzzle {
        rows: r as u32,
        cols: c as u32,
        clues,
    };
    let mut b = Board::new(puzzle.grid(), &puzzle.clues);
    let g = *b.grid();
    b.tell_cause(Why::board(Rule::Guess));
    for y in 0..=r {
        for x in 0..c {
            let s = edge_state(at(2 * y, 4 * x + 2));
            let e = g.horizontal(y as u32, x as u32);
            if s != EdgeState::Unknown {
                b.set(e, s).expect("the picture is consistent");
            }
        }
    }
    for y in 0..r {
        for x in 0..=c {
            let s = edge_state(at(2 * y + 1, 4 * x));
            let e = g.vertical(y as u32, x as u32);
            if s != EdgeState::Unknown {
                b.set(e, s).expect("the picture is consistent");
            }
        }
    }
    b.clear_changes();
    b
}

/// Runs a pattern rule at one cell (the test's way to build the site).
pub(crate) fn apply_at(rule: SiteRule, board: &mut Board, cell: Cell) -> Result<(), Contradiction> {
    let site = Site::new(board, cell);
    rule(board, &site)
}

/// The board in the same notation, unknown edges as `?`.
pub(crate) fn draw(board: &Board) -> String {
    let g: Grid = *board.grid();
    let mut out = String::new();
    for y in 0..=g.rows() {
        for x in 0..g.cols() {
            out.push('+');
            out.push_str(match board.state(g.horizontal(y, x)) {
                EdgeState::Line => "---",
                EdgeState::Cross => " x ",
                EdgeState::Unknown => " ? ",
            });
        }
        out.push_str("+\n");
        if y == g.rows() {
            break;
        }
        for x in 0..=g.cols() {
            out.push(match board.state(g.vertical(y, x)) {
                EdgeState::Line => '|',
                EdgeState::Cross => 'x',
                EdgeState::Unknown => '?',
            });
            if x < g.cols() {
                out.push(' ');
                out.push(match board.clue(g.cell(y, x)) {
                    Some(n) => (b'0' + n) as char,
                    None => '.',
                });
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out
}

/// `picture` normalised to what [`draw`] prints (indentation trimmed, blanks as
/// `?` and `.`), so expected pictures can be written loosely.
pub(crate) fn normal(picture: &str) -> String {
    draw(&board(picture))
}

/// The middle cell of [`frame`].
pub(crate) const MIDDLE: Cell = Cell(4);

/// A 3×3 picture with `clue` in the middle cell and every edge undecided, except
/// for the rows given as `(index, row)` (row 0 is the top vertex row, row 3 the
/// middle cell's row). The middle cell's corners are inside the grid, so the
/// border does not interfere with the rule under test.
pub(crate) fn frame(clue: char, rows: &[(usize, &str)]) -> String {
    let mut lines = [
        "+ ? + ? + ? +".to_string(),
        "? . ? . ? . ?".to_string(),
        "+ ? + ? + ? +".to_string(),
        format!("? . ? {clue} ? . ?"),
        "+ ? + ? + ? +".to_string(),
        "? . ? . ? . ?".to_string(),
        "+ ? + ? + ? +".to_string(),
    ];
    for &(i, row) in rows {
        lines[i] = row.to_string();
    }
    lines.join("\n")
}
