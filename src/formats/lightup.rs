//! Game IDs of Simon Tatham's Light Up: `WxH` and its other settings (such as
//! `b20s2d0`), then `:` and the grid row by row: `a`–`z` a run of 1 to 26 white
//! cells, `B` a black cell, `0`–`4` a numbered black cell; exactly W×H cells.

use crate::akari::puzzle::{Puzzle, Square};
use crate::formats::grid_size;

/// The puzzle of a game ID, or the byte offset of what is wrong and what was
/// expected there.
pub(crate) fn decode(id: &str, max_cells: u64) -> Result<Puzzle, (usize, String)> {
    let bytes = id.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let width = digits(0);
    let height = digits(width + 1);
    let parse = |from: usize, len: usize, what: &str| {
        id[from..from + len]
            .parse::<u64>()
            .map_err(|_| (from, format!("expected {what}")))
    };
    let cols = parse(0, width, "the width")?;
    let rows = parse(width + 1, height, "the height")?;
    let (rows, cols) =
        grid_size(cols, rows, max_cells).map_err(|e| (0, format!("expected {e}")))?;
    let colon = match id.find(':') {
        Some(colon) => colon,
        None => return Err((id.len(), "expected ':' and the grid, found the end".into())),
    };
    let cells = rows as usize * cols as usize;
    let mut squares = Vec::with_capacity(cells);
    for (i, &b) in bytes[colon + 1..].iter().enumerate() {
        let (square, count) = match b {
            b'a'..=b'z' => (Square::Empty, usize::from(b - b'a') + 1),
            b'B' => (Square::Grey(None), 1),
            b'0'..=b'4' => (Square::Grey(Some(b - b'0')), 1),
            _ => {
                return Err((
                    colon + 1 + i,
                    format!(
                        "expected a cell (a-z, 'B' or 0-4), found '{}'",
                        char::from(b)
                    ),
                ))
            }
        };
        if count > cells - squares.len() {
            return Err((
                colon + 1 + i,
                format!(
                    "expected at most {} more cells, found {count}",
                    cells - squares.len()
                ),
            ));
        }
        squares.extend(std::iter::repeat(square).take(count));
    }
    if squares.len() < cells {
        return Err((
            id.len(),
            format!(
                "expected {} more cells ({} of {cells} read), found the end",
                cells - squares.len(),
                squares.len()
            ),
        ));
    }
    Ok(Puzzle {
        rows: rows as usize,
        cols: cols as usize,
        squares,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_runs_blacks_and_numbers() {
        let puzzle = decode("3x2b20s2d0:aB1c", 100).unwrap();
        assert_eq!((puzzle.rows, puzzle.cols), (2, 3));
        let (white, black) = (Square::Empty, Square::Grey(None));
        assert_eq!(
            puzzle.squares,
            [white, black, Square::Grey(Some(1)), white, white, white]
        );
        let (at, message) = decode("3x2:aB5c", 100).unwrap_err();
        assert_eq!(
            (at, message.as_str()),
            (6, "expected a cell (a-z, 'B' or 0-4), found '5'")
        );
        let (at, message) = decode("3x2:aB1b", 100).unwrap_err();
        assert_eq!(
            (at, message.as_str()),
            (8, "expected 1 more cells (5 of 6 read), found the end")
        );
    }
}
