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
use crate::formats::{read_rows, shown, Rows};
use crate::shared::tokens::{InputError, Position, Tokens};
use crate::slink::board::EdgeState;
use crate::slink::grid::Grid;
use crate::slink::parse::Puzzle;

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
/// most `max_cells` cells, and the line the columns are on (the rows start
/// after it).
fn header<R: Read>(
    tokens: &mut Tokens<R>,
    kinds: &[&str],
    max_cells: u64,
) -> Result<(u32, u32, u64), InputError> {
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
    let (cols_at, cols) = number(tokens, "the number of columns")?;
    let (rows, cols) = crate::formats::grid_size(cols, rows, max_cells)
        .map_err(|e| InputError::at(rows_at, format!("pzprv3 file: expected {e}")))?;
    Ok((rows, cols, cols_at.line))
}

/// A pzprv3 puzzle, its first token (`pzprv3` or `pzprv3.1`) just read from
/// `tokens`, and its partial answer (edge states in the grid's edge order)
/// when the file has edge rows. Stops after the next `pzprv3` token, if any,
/// and says so (`true`): that token begins the next puzzle.
pub(crate) fn read<R: Read>(
    tokens: &mut Tokens<R>,
    max_cells: u64,
) -> Result<(Puzzle, Option<Vec<EdgeState>>, bool), InputError> {
    let version_one = tokens.bytes() == b"pzprv3.1";
    let (rows, cols, line) = header(tokens, &["slither", "slitherlink"], max_cells)?;
    let (r, c) = (rows as usize, cols as usize);
    let shape = |what, rows, cols| Rows { what, rows, cols };
    let mut first_clue = true;
    let mut clue = |text: &str| {
        let first = std::mem::replace(&mut first_clue, false);
        match text {
            "0" | "1" | "2" | "3" | "4" => Ok(Some(text.as_bytes()[0] - b'0')),
            "." | "-" => Ok(None),
            // pzprjs writes a flag line here for its variants (`f`: every
            // dot visited).
            "f" if first => Err(
                "expected the clues, found the flag 'f' (a variant this solver does not take)"
                    .to_string(),
            ),
            _ => Err(format!(
                "expected a clue 0-4, '.' or '-', found '{}'",
                shown(text)
            )),
        }
    };
    let (clues, mut next) = read_rows(
        tokens,
        (line, None),
        &shape("the clues", r, c),
        PREFIX,
        &mut clue,
    )?;
    if version_one {
        let mut background = |text: &str| match text {
            "0" | "1" | "2" => Ok(()),
            _ => Err(format!(
                "expected a cell background 0-2, found '{}'",
                shown(text)
            )),
        };
        let backgrounds = shape("the cell backgrounds", r, c);
        next = read_rows(tokens, (0, next), &backgrounds, PREFIX, &mut background)?.1;
    }
    let puzzle = Puzzle { rows, cols, clues };
    // The edges, if the next token is one: the vertical ones row by row, then
    // the horizontal ones. History lines may be long: tokens of any length
    // are taken from here on.
    tokens.allow_long_tokens(true);
    let result = (|| -> Result<(Option<Vec<EdgeState>>, bool), InputError> {
        let partial = match next {
            Some(_) if matches!(tokens.bytes(), b"1" | b"-1" | b"0") => {
                let mut edge = |text: &str| match text {
                    "1" => Ok(EdgeState::Line),
                    "-1" => Ok(EdgeState::Cross),
                    "0" => Ok(EdgeState::Unknown),
                    _ => Err(format!(
                        "expected an edge 1, -1 or 0, found '{}'",
                        shown(text)
                    )),
                };
                let down = shape("the vertical edges", r, c + 1);
                let (down, after) = read_rows(tokens, (0, next), &down, PREFIX, &mut edge)?;
                let across = shape("the horizontal edges", r + 1, c);
                let (across, after) = read_rows(tokens, (0, after), &across, PREFIX, &mut edge)?;
                next = after;
                Some(in_grid_order(&Grid::new(rows, cols), &down, &across))
            }
            _ => None,
        };
        Ok((partial, skip_tail(tokens, next)?))
    })();
    tokens.allow_long_tokens(false);
    let (partial, more) = result?;
    Ok((puzzle, partial, more))
}

/// What every pzprv3 message starts with.
const PREFIX: &str = "pzprv3 file: ";

/// The edge states of a pzprv3 file's vertical rows (`down`) and horizontal
/// ones (`across`), as the grid numbers its edges.
fn in_grid_order(grid: &Grid, down: &[EdgeState], across: &[EdgeState]) -> Vec<EdgeState> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut states = vec![EdgeState::Unknown; grid.edge_count()];
    let vertical = (0..rows).flat_map(|r| (0..=cols).map(move |c| grid.vertical(r, c)));
    let horizontal = (0..=rows).flat_map(|r| (0..cols).map(move |c| grid.horizontal(r, c)));
    for (e, &state) in vertical.chain(horizontal).zip(down.iter().chain(across)) {
        states[e.0 as usize] = state;
    }
    states
}

/// Skips what pzprjs writes after a puzzle (its history, `info:` lines), from
/// the token `next` (if any) up to the next `pzprv3` token or the end of the
/// input; says whether a `pzprv3` token was met (it begins the next puzzle).
fn skip_tail<R: Read>(tokens: &mut Tokens<R>, next: Option<Position>) -> Result<bool, InputError> {
    if next.is_none() {
        return Ok(false);
    }
    loop {
        if starts(tokens.bytes()) {
            return Ok(true);
        }
        if tokens.next_token()?.is_none() {
            return Ok(false);
        }
    }
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
    let edge = |text: &mut String, e: crate::slink::grid::Edge| {
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
/// white cell. pzprjs may write more rows after them (numbers it greyed as
/// done, its history); they are skipped up to the next `pzprv3` token, and
/// whether there was one is said (`true`: it begins the next puzzle).
pub(crate) fn read_akari<R: Read>(
    tokens: &mut Tokens<R>,
    max_cells: u64,
) -> Result<(akari::Puzzle, bool), InputError> {
    let (rows, cols, line) = header(tokens, &["lightup", "akari"], max_cells)?;
    let mut square = |text: &str| match text {
        "." | "+" => Ok(Square::Empty),
        "#" => Ok(Square::Light),
        "-" => Ok(Square::Grey(None)),
        "0" | "1" | "2" | "3" | "4" => Ok(Square::Grey(Some(text.as_bytes()[0] - b'0'))),
        _ => Err(format!(
            "expected a cell ('.', '+', '#', '-' or 0-4), found '{}'",
            shown(text)
        )),
    };
    let (rows, cols) = (rows as usize, cols as usize);
    let shape = Rows {
        what: "the grid",
        rows,
        cols,
    };
    let (squares, next) = read_rows(tokens, (line, None), &shape, PREFIX, &mut square)?;
    tokens.allow_long_tokens(true);
    let more = skip_tail(tokens, next);
    tokens.allow_long_tokens(false);
    let puzzle = akari::Puzzle {
        rows,
        cols,
        squares,
    };
    Ok((puzzle, more?))
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
    use crate::formats::contest::parse_all;

    #[test]
    fn a_solved_two_by_two_is_written_row_by_row() {
        let puzzle = parse_all("1 2 3 3").unwrap().remove(0);
        let answer = match crate::engine::solve::solve(&puzzle).outcome {
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
        assert_eq!(read_akari(&mut tokens, 6).unwrap(), (puzzle, false));
    }
}
