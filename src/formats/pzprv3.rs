//! pzprv3 files, as pzprjs (puzz.link) saves them, read and written:
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
//!
//! Read, the first line may also be `pzprv3.1`, whose files have ROWS rows of
//! cell backgrounds (`0`–`2`, ignored) after the clues; a clue may be `-` (a
//! `?`, blank here); the edge rows are optional (a partial answer); and
//! whatever follows them (pzprjs's history, `info:` lines) is skipped, up to
//! the next `pzprv3` line or the end of the input. So a pzprv3 puzzle is the
//! last of a file, or followed only by other pzprv3 puzzles.

use std::io::Read;

use crate::akari::puzzle::{self as akari, Square};
use crate::board::EdgeState;
use crate::grid::Grid;
use crate::parse::Puzzle;
use crate::tokens::{InputError, Position, Tokens};

/// Whether a token starts a pzprv3 file.
pub(crate) fn starts(token: &[u8]) -> bool {
    token == b"pzprv3" || token == b"pzprv3.1"
}

/// The next token and its text, or an error naming `what` was expected.
fn next<R: Read>(tokens: &mut Tokens<R>, what: &str) -> Result<(Position, String), InputError> {
    match tokens.next_token()? {
        Some(at) => Ok((at, tokens.text())),
        None => Err(InputError::at(
            tokens.end(),
            format!("pzprv3 file: expected {what}, found the end of input"),
        )),
    }
}

/// The lines after `pzprv3`: the puzzle type, one of `kinds` (the first is
/// the name messages give), then the rows and the columns of a grid of at
/// most `max_cells` cells.
fn header<R: Read>(
    tokens: &mut Tokens<R>,
    kinds: &[&str],
    max_cells: u64,
) -> Result<(u32, u32), InputError> {
    let (at, kind) = next(tokens, &format!("the puzzle type '{}'", kinds[0]))?;
    if !kinds.contains(&kind.as_str()) {
        return Err(InputError::at(
            at,
            format!(
                "pzprv3 file: expected the puzzle type '{}', found '{kind}'",
                kinds[0]
            ),
        ));
    }
    let number = |tokens: &mut Tokens<R>, what: &str| -> Result<(Position, u64), InputError> {
        let (at, text) = next(tokens, what)?;
        match text.parse::<u64>() {
            Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) => Ok((at, n)),
            _ => Err(InputError::at(
                at,
                format!("pzprv3 file: expected {what}, found '{text}'"),
            )),
        }
    };
    let (rows_at, rows) = number(tokens, "the number of rows")?;
    let (_, cols) = number(tokens, "the number of columns")?;
    crate::formats::grid_size(cols, rows, max_cells)
        .map_err(|e| InputError::at(rows_at, format!("pzprv3 file: expected {e}")))
}

/// A pzprv3 puzzle, its first token (`pzprv3` or `pzprv3.1`, at `first`) just
/// read from `tokens`, and its partial answer (edge states in the grid's edge
/// order) when the file has edge rows. Stops after the next `pzprv3` token,
/// if any, and says so (`true`): that token begins the next puzzle.
pub(crate) fn read<R: Read>(
    tokens: &mut Tokens<R>,
    max_cells: u64,
) -> Result<(Puzzle, Option<Vec<EdgeState>>, bool), InputError> {
    let version_one = tokens.bytes() == b"pzprv3.1";
    let (rows, cols) = header(tokens, &["slither", "slitherlink"], max_cells)?;
    let cells = rows as usize * cols as usize;
    let mut clues = Vec::with_capacity(cells);
    for _ in 0..cells {
        let (at, text) = next(tokens, "a clue")?;
        clues.push(match text.as_str() {
            "0" | "1" | "2" | "3" | "4" => Some(text.as_bytes()[0] - b'0'),
            "." | "-" => None,
            // pzprjs writes a flag line here for its variants (`f`: every
            // dot visited).
            "f" if clues.is_empty() => {
                return Err(InputError::at(
                    at,
                    "pzprv3 file: expected the clues, found the flag 'f' (a variant this solver does not take)",
                ))
            }
            _ => {
                return Err(InputError::at(
                    at,
                    format!("pzprv3 file: expected a clue 0-4, '.' or '-', found '{text}'"),
                ))
            }
        });
    }
    if version_one {
        for _ in 0..cells {
            let (at, text) = next(tokens, "a cell background")?;
            if !matches!(text.as_str(), "0" | "1" | "2") {
                return Err(InputError::at(
                    at,
                    format!("pzprv3 file: expected a cell background 0-2, found '{text}'"),
                ));
            }
        }
    }
    let puzzle = Puzzle { rows, cols, clues };
    // The edges, if the next token is one; then everything up to the next
    // file is skipped (history lines may be long: tokens of any length
    // are taken meanwhile).
    let grid = Grid::new(rows, cols);
    let mut edges = Vec::new();
    let order: Vec<crate::grid::Edge> = (0..rows)
        .flat_map(|r| (0..=cols).map(move |c| (r, c)))
        .map(|(r, c)| grid.vertical(r, c))
        .chain(
            (0..=rows)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .map(|(r, c)| grid.horizontal(r, c)),
        )
        .collect();
    tokens.allow_long_tokens(true);
    let result = (|| -> Result<bool, InputError> {
        // Edge rows may only follow the clues at once.
        let mut edge_rows = true;
        while let Some(at) = tokens.next_token()? {
            if starts(tokens.bytes()) {
                return Ok(true);
            }
            if !edge_rows || edges.len() == order.len() {
                continue;
            }
            match tokens.bytes() {
                b"1" => edges.push(EdgeState::Line),
                b"-1" => edges.push(EdgeState::Cross),
                b"0" => edges.push(EdgeState::Unknown),
                _ if edges.is_empty() => edge_rows = false,
                _ => {
                    let found = crate::formats::shown(&tokens.text());
                    return Err(InputError::at(
                        at,
                        format!(
                            "pzprv3 file: expected an edge 1, -1 or 0 ({} of {} read), found '{found}'",
                            edges.len(),
                            order.len()
                        ),
                    ));
                }
            }
        }
        if !edges.is_empty() && edges.len() < order.len() {
            return Err(InputError::at(
                tokens.end(),
                format!(
                    "pzprv3 file: expected an edge 1, -1 or 0 ({} of {} read), found the end of input",
                    edges.len(),
                    order.len()
                ),
            ));
        }
        Ok(false)
    })();
    tokens.allow_long_tokens(false);
    let more = result?;
    let partial = if edges.len() == order.len() {
        let mut states = vec![EdgeState::Unknown; grid.edge_count()];
        for (e, state) in order.iter().zip(edges) {
            states[e.0 as usize] = state;
        }
        Some(states)
    } else {
        None
    };
    Ok((puzzle, partial, more))
}

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

/// A pzprv3 Light Up file, its `pzprv3` (or `pzprv3.1`) just read from
/// `tokens`: the type `lightup`, ROWS, COLS, then ROWS rows of COLS cells,
/// each followed by a space: `0`–`4` a numbered black cell, `-` a black cell,
/// `#` a light, `+` a white cell the player marked as holding none, `.` a
/// white cell.
/// pzprjs may write more rows after them (numbers it greyed as done, its
/// history); they are not read.
pub(crate) fn read_akari<R: Read>(
    tokens: &mut Tokens<R>,
    max_cells: u64,
) -> Result<akari::Puzzle, InputError> {
    let (rows, cols) = header(tokens, &["lightup", "akari"], max_cells)?;
    let cells = rows as usize * cols as usize;
    let mut squares = Vec::with_capacity(cells);
    for _ in 0..cells {
        let (at, text) = next(tokens, "a cell")?;
        squares.push(match text.as_str() {
            "." | "+" => Square::Empty,
            "#" => Square::Light,
            "-" => Square::Grey(None),
            "0" | "1" | "2" | "3" | "4" => Square::Grey(Some(text.as_bytes()[0] - b'0')),
            _ => {
                let found = crate::formats::shown(&text);
                return Err(InputError::at(
                    at,
                    format!(
                        "pzprv3 file: expected a cell ('.', '+', '#', '-' or 0-4), found '{found}'"
                    ),
                ));
            }
        });
    }
    Ok(akari::Puzzle {
        rows: rows as usize,
        cols: cols as usize,
        squares,
    })
}

/// The pzprv3 file of a Light Up grid, its lights (if any) as `#`.
pub(crate) fn encode_akari(puzzle: &akari::Puzzle) -> String {
    let mut text = format!("pzprv3\nlightup\n{}\n{}\n", puzzle.rows, puzzle.cols);
    for row in puzzle.squares.chunks(puzzle.cols) {
        for square in row {
            text.push(match square {
                Square::Empty => '.',
                Square::Light => '#',
                Square::Grey(None) => '-',
                Square::Grey(Some(n)) => char::from(b'0' + n),
            });
            text.push(' ');
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

    #[test]
    fn light_up_grids_read_back_as_written() {
        let squares = vec![
            Square::Empty,
            Square::Light,
            Square::Grey(None),
            Square::Grey(Some(0)),
            Square::Grey(Some(4)),
            Square::Empty,
        ];
        let puzzle = akari::Puzzle {
            rows: 2,
            cols: 3,
            squares,
        };
        let text = encode_akari(&puzzle);
        assert_eq!(text, "pzprv3\nlightup\n2\n3\n. # - \n0 4 . \n");
        let mut tokens = Tokens::new(text.as_bytes());
        tokens.next_token().unwrap();
        assert_eq!(read_akari(&mut tokens, 6).unwrap(), puzzle);
    }
}
