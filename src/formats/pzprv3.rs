//! pzprv3 files, as pzprjs (puzz.link) saves them, written with an answer:
//!
//! ```text
//! pzprv3
//! slither
//! ROWS
//! COLS
//! ROWS rows of COLS clues, each followed by a space: a digit, or `.` blank
//! ROWS rows of COLS + 1 vertical edges: `1` a line, `-1` a cross, `0` unknown
//! ROWS + 1 rows of COLS horizontal edges, the same way
//! ```

use crate::board::EdgeState;
use crate::grid::Grid;
use crate::parse::Puzzle;

/// The pzprv3 file of `puzzle` with the edges of `states` (in the grid's edge
/// order), or every edge unknown when there are none.
pub(crate) fn encode(puzzle: &Puzzle, states: Option<&[EdgeState]>) -> String {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let grid = Grid::new(rows, cols);
    let mut text = format!("pzprv3\nslither\n{rows}\n{cols}\n");
    for row in puzzle.clues.chunks(cols as usize) {
        for clue in row {
            text.push(clue.map_or('.', |n| char::from(b'0' + n)));
            text.push(' ');
        }
        text.push('\n');
    }
    let edge = |text: &mut String, e: crate::grid::Edge| {
        let value = match states.map_or(EdgeState::Unknown, |s| s[e.0 as usize]) {
            EdgeState::Line => "1 ",
            EdgeState::Cross => "-1 ",
            EdgeState::Unknown => "0 ",
        };
        text.push_str(value);
    };
    for r in 0..rows {
        for c in 0..=cols {
            edge(&mut text, grid.vertical(r, c));
        }
        text.push('\n');
    }
    for r in 0..=rows {
        for c in 0..cols {
            edge(&mut text, grid.horizontal(r, c));
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_all;

    #[test]
    fn a_solved_two_by_two_is_written_row_by_row() {
        let puzzle = parse_all("1 2 3 3").unwrap().remove(0);
        let answer = match crate::search::solve(&puzzle).outcome {
            crate::Outcome::Unique(s) => s,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            encode(&puzzle, Some(answer.states())),
            "pzprv3\nslither\n1\n2\n3 3 \n1 -1 1 \n1 1 \n1 1 \n"
        );
        assert_eq!(
            encode(&puzzle, None),
            "pzprv3\nslither\n1\n2\n3 3 \n0 0 0 \n0 0 \n0 0 \n"
        );
    }
}
