//! The contest's format → puzzles, one at a time, with 1-based line and
//! column in every error.
//!
//! Whitespace-separated tokens (any mix of spaces, tabs, CR and LF), `r c`,
//! then `r × c` clues, repeated; `0 0` ends the input, and so does the end of
//! the file after a whole puzzle (or before any). A clue is `0`–`3`, or `.`,
//! `-` or `?` for a blank cell. Anything after `0 0` is ignored. The command
//! line's reader ([`crate::formats::contest`]) also takes a `4`.
//!
//! This is what judge files read. The command line reads the community's
//! formats too, told apart by their first token ([`crate::formats::read`]),
//! and hands the contest's puzzles to this reader a step at a time
//! ([`ContestReader::size`], [`ContestReader::after_sizes`]).
//!
//! The reader streams: it holds one puzzle at a time, checks the dimensions against
//! a limit before taking any clue, and never reserves memory for clues it has not
//! read, so `100000 100000` followed by three clues fails at once and cheaply.

use std::io::Read;

use crate::shared::tokens::{InputError, Position, Tokens};
use crate::slink::grid::Grid;

/// One puzzle as read: dimensions and row-major clues (`None` for a blank).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// Number of cell rows (at least 1).
    pub rows: u32,
    /// Number of cell columns (at least 1).
    pub cols: u32,
    /// `rows × cols` clues in row-major order.
    pub clues: Vec<Option<u8>>,
}

impl Puzzle {
    /// The puzzle's geometry.
    pub fn grid(&self) -> Grid {
        Grid::new(self.rows, self.cols)
    }
}

/// The default limit on cells in one puzzle: room for a 2000×2000 stress grid,
/// while a typo such as `20000 20000` is refused before it costs gigabytes.
pub(crate) const DEFAULT_MAX_CELLS: u64 = 4_000_000;

/// The most cells any puzzle may have, whatever limit is asked for: the grid
/// numbers its edges with 32 bits, and a 1 × 10^9 strip has 3 × 10^9 + 1 edges.
pub(crate) const MAX_CELLS_EVER: u64 = 1_000_000_000;

/// Room for a puzzle's clues, or `None` when it cannot be had.
pub(crate) type Room = fn(usize) -> Option<Vec<Option<u8>>>;

/// What went wrong, and where: the input error the three programs share,
/// shown as `line L, column C: expected …, found '…'`.
pub(crate) type ParseError = InputError;

/// Reads contest puzzles one at a time from a byte stream.
pub struct ContestReader<R> {
    pub(crate) tokens: Tokens<R>,
    pub(crate) max_cells: u64,
    /// The largest clue: 3 on the judge path, as the statement says; the
    /// command line also takes 4, as puzz.link does (only a loop round that
    /// one cell meets it).
    max_clue: u8,
    /// How room for a puzzle's clues is taken.
    room: Room,
    pub(crate) puzzles: usize,
    pub(crate) finished: bool,
}

/// One of a puzzle's two sizes as read: where, its value (saturated: a
/// token has at most 32 digits), and its text as given.
pub(crate) struct Size {
    at: Position,
    value: u128,
    text: String,
}

impl<R: Read> ContestReader<R> {
    /// The judge path's reader: the default cell limit, clues 0 to 3, and
    /// room for up to 2^20 clues at first (Rust 1.56 has no `try_reserve`,
    /// and a size line alone must not reserve gigabytes).
    pub(crate) fn new(inner: R) -> Self {
        let room: Room = |cells| Some(Vec::with_capacity(cells.min(1 << 20)));
        Self::with(inner, DEFAULT_MAX_CELLS, 3, room)
    }

    /// A reader that refuses puzzles of more than `max_cells` cells (at most
    /// [`MAX_CELLS_EVER`], whatever is asked) and clues above `max_clue`,
    /// and takes room for clues by `room`.
    pub(crate) fn with(inner: R, max_cells: u64, max_clue: u8, room: Room) -> Self {
        ContestReader {
            tokens: Tokens::new(inner),
            max_cells: max_cells.min(MAX_CELLS_EVER),
            max_clue,
            room,
            puzzles: 0,
            finished: false,
        }
    }

    /// Whether the input has ended (`0 0`, or the end of the input).
    pub(crate) fn finished(&self) -> bool {
        self.finished
    }

    /// The next puzzle, `Ok(None)` at the end (`0 0` or end of input between
    /// puzzles), or the first error.
    pub fn next_puzzle(&mut self) -> Result<Option<Puzzle>, ParseError> {
        if self.finished {
            return Ok(None);
        }
        let row_token = match self.tokens.next_token()? {
            Some(row_token) => row_token,
            None => {
                self.finished = true;
                return Ok(None);
            }
        };
        let rows = self.size(row_token, "the number of rows")?;
        let col_token = match self.tokens.next_token()? {
            Some(col_token) => col_token,
            None => return Err(self.no_columns()),
        };
        let cols = self.size(col_token, "the number of columns")?;
        self.after_sizes(rows, cols)
    }

    /// The error for an input that ends after a puzzle's number of rows.
    pub(crate) fn no_columns(&self) -> ParseError {
        let message = "expected the number of columns, found end of input";
        InputError::at(self.tokens.end(), message)
    }

    /// The size the token just read (at `at`) gives: `what` names it in an
    /// error.
    pub(crate) fn size(&self, at: Position, what: &str) -> Result<Size, ParseError> {
        let text = self.tokens.bytes();
        if text.iter().all(u8::is_ascii_digit) {
            // A token has at most 32 digits, which a u128 holds.
            let value = text.iter().fold(0u128, |acc, &d| {
                acc.saturating_mul(10).saturating_add(u128::from(d - b'0'))
            });
            // Sizes are echoed as given: a number too large to hold is shown whole.
            Ok(Size {
                at,
                value,
                text: self.tokens.text(),
            })
        } else {
            let expected = format!("{} (a whole number of at least 0)", what);
            Err(unexpected(&at, &expected, &self.tokens.text()))
        }
    }

    /// The puzzle of the sizes just read: its clues, or the end at `0 0`.
    pub(crate) fn after_sizes(
        &mut self,
        rows: Size,
        cols: Size,
    ) -> Result<Option<Puzzle>, ParseError> {
        if rows.value == 0 && cols.value == 0 {
            self.finished = true;
            return Ok(None);
        }
        if rows.value == 0 {
            return Err(unexpected(
                &rows.at,
                "at least 1 row beside a non-zero number of columns",
                &rows.text,
            ));
        }
        if cols.value == 0 {
            return Err(unexpected(
                &cols.at,
                "at least 1 column beside a non-zero number of rows",
                &cols.text,
            ));
        }
        let cells = rows.value.checked_mul(cols.value);
        if cells.map_or(true, |n| n > u128::from(self.max_cells)) {
            let cells = match cells {
                Some(n) => n.to_string(),
                None => "more than 10^38".to_string(),
            };
            let expected = format!(
                "a puzzle of at most {} cells ({} × {} is {})",
                self.max_cells, rows.text, cols.text, cells
            );
            return Err(unexpected(&cols.at, &expected, &cols.text));
        }
        // Within the limit, so both sizes and the count fit a u64.
        let cells = cells.unwrap_or(0) as u64;
        self.puzzles += 1;
        // A puzzle the reader cannot have room for is an error for that
        // puzzle, with no position, instead of an abort part way that loses
        // the answers before it.
        let mut clues = match (self.room)(cells as usize) {
            Some(clues) => clues,
            None => {
                let message = format!(
                    "puzzle {}: not enough memory for a {}×{} grid",
                    self.puzzles, rows.text, cols.text
                );
                return Err(InputError { at: None, message });
            }
        };
        let max = self.max_clue;
        let mut read = 0;
        while read < cells {
            // Most clues are one byte: read them in runs straight from the
            // buffer, and anything else as a token.
            read += self.tokens.read_run(cells - read, &mut clues, |b| match b {
                b'0'..=b'4' if b - b'0' <= max => Some(Some(b - b'0')),
                b'.' | b'-' | b'?' => Some(None),
                _ => None,
            });
            if read == cells {
                break;
            }
            let token = match self.tokens.next_token()? {
                Some(token) => token,
                None => {
                    let message = format!(
                        "expected {} more clues for puzzle {} ({} of {} read), found end of input",
                        cells - read,
                        self.puzzles,
                        read,
                        cells
                    );
                    return Err(InputError::at(self.tokens.end(), message));
                }
            };
            clues.push(self.clue(&token)?);
            read += 1;
        }
        Ok(Some(Puzzle {
            rows: rows.value as u32,
            cols: cols.value as u32,
            clues,
        }))
    }

    fn clue(&self, token: &Position) -> Result<Option<u8>, ParseError> {
        match self.tokens.bytes() {
            [d @ b'0'..=b'4'] if d - b'0' <= self.max_clue => Ok(Some(d - b'0')),
            [b'.'] | [b'-'] | [b'?'] => Ok(None),
            _ => {
                let clue = format!("a clue 0-{} or a blank ('.', '-' or '?')", self.max_clue);
                Err(unexpected(token, &clue, &self.tokens.text()))
            }
        }
    }
}

fn unexpected(token: &Position, expected: &str, found: &str) -> ParseError {
    InputError::unexpected(*token, expected, found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every puzzle of `text`, as the judge path reads them.
    fn parse_all(text: &str) -> Result<Vec<Puzzle>, ParseError> {
        let mut reader = ContestReader::new(text.as_bytes());
        let mut puzzles = Vec::new();
        while let Some(p) = reader.next_puzzle()? {
            puzzles.push(p);
        }
        Ok(puzzles)
    }

    fn error(text: &str) -> String {
        match parse_all(text) {
            Err(e) => e.to_string(),
            Ok(p) => panic!("parsed {} puzzles from {text:?}", p.len()),
        }
    }

    #[test]
    fn reads_puzzles_until_zero_zero_and_ignores_the_rest() {
        let puzzles = parse_all("1 2\r\n3 .\r\n\t2 1 0\n1\n0 0\ngarbage 5").unwrap();
        assert_eq!(puzzles.len(), 2);
        assert_eq!(puzzles[0].clues, vec![Some(3), None]);
        assert_eq!((puzzles[1].rows, puzzles[1].cols), (2, 1));
    }

    #[test]
    fn end_of_input_after_a_whole_puzzle_ends_the_input() {
        assert_eq!(parse_all("1 1 2").unwrap().len(), 1);
        assert_eq!(parse_all("").unwrap().len(), 0);
        assert_eq!(parse_all(" \n \r\n").unwrap().len(), 0);
    }

    /// The judge path takes the statement's clues, 0 to 3.
    #[test]
    fn a_4_is_no_clue_on_the_judge_path() {
        assert_eq!(
            error("1 2\n3 4\n"),
            "line 2, column 3: expected a clue 0-3 or a blank ('.', '-' or '?'), found '4'"
        );
    }

    #[test]
    fn errors_name_the_line_and_column() {
        assert_eq!(
            error("1 2\n3 x\n"),
            "line 2, column 3: expected a clue 0-3 or a blank ('.', '-' or '?'), found 'x'"
        );
        assert_eq!(
            error("1 2\n3 12"),
            "line 2, column 3: expected a clue 0-3 or a blank ('.', '-' or '?'), found '12'"
        );
        assert_eq!(
            error("2 -2"),
            "line 1, column 3: expected the number of columns (a whole number of at least 0), found '-2'"
        );
        assert_eq!(
            error("0 3"),
            "line 1, column 1: expected at least 1 row beside a non-zero number of columns, found '0'"
        );
        assert_eq!(
            error("2 2\n1 1\n1"),
            "line 3, column 2: expected 1 more clues for puzzle 1 (3 of 4 read), found end of input"
        );
        assert_eq!(
            error("5"),
            "line 1, column 2: expected the number of columns, found end of input"
        );
    }

    #[test]
    fn huge_dimensions_fail_before_any_allocation() {
        assert_eq!(
            error("100000 100000 1 2 3"),
            "line 1, column 8: expected a puzzle of at most 4000000 cells (100000 × 100000 is 10000000000), found '100000'"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_located() {
        let bytes = b"1 1\n\xC3\xA9\xFF";
        let err = ContestReader::new(&bytes[..]).next_puzzle().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 2: expected UTF-8 text, found byte 0xFF"
        );
    }
}
