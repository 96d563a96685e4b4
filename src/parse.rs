//! Text → puzzles, one at a time, with 1-based line and column in every error.
//!
//! The format is the contest's: whitespace-separated tokens (any mix of spaces,
//! tabs, CR and LF), `r c`, then `r × c` clues, repeated; `0 0` ends the input, and
//! so does the end of the file after a whole puzzle (or before any). A clue is
//! `0`–`3`, or `.`, `-` or `?` for a blank cell. Anything after `0 0` is ignored.
//!
//! The reader streams: it holds one puzzle at a time, checks the dimensions against
//! a limit before taking any clue, and never reserves memory for clues it has not
//! read, so `100000 100000` followed by three clues fails at once and cheaply.

use std::fmt;
use std::io::{self, Read};

use crate::tokens::{Position, TokenError, Tokens};

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

/// The default limit on cells in one puzzle: room for a 2000×2000 stress grid,
/// while a typo such as `20000 20000` is refused before it costs gigabytes.
pub const DEFAULT_MAX_CELLS: u64 = 4_000_000;

/// What went wrong, and where.
#[derive(Debug)]
pub struct ParseError {
    /// 1-based line of the offending token (for the end of input: of the place
    /// just after the last token).
    pub line: u64,
    /// 1-based column, in characters.
    pub column: u64,
    /// What was expected and found.
    pub kind: ErrorKind,
}

/// The kinds of input error.
#[derive(Debug)]
pub enum ErrorKind {
    /// A token that is not what the position needs.
    Unexpected {
        /// What the position needs, in words.
        expected: String,
        /// The token found.
        found: String,
    },
    /// The input ended inside a puzzle.
    EndInsidePuzzle {
        /// 1-based number of the puzzle.
        puzzle: usize,
        /// Clues read.
        read: u64,
        /// Clues needed.
        needed: u64,
    },
    /// The input ended between the two dimensions.
    EndInsideDimensions,
    /// Bytes that are not UTF-8.
    NotUtf8 {
        /// The first offending byte.
        byte: u8,
    },
    /// Reading failed.
    Io(io::Error),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ErrorKind::Io(e) = &self.kind {
            return write!(f, "cannot read input: {}", e);
        }
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            ErrorKind::Unexpected { expected, found } => {
                write!(f, "expected {}, found '{}'", expected, found)
            }
            ErrorKind::EndInsidePuzzle {
                puzzle,
                read,
                needed,
            } => write!(
                f,
                "expected {} more clues for puzzle {} ({} of {} read), found end of input",
                needed - read,
                puzzle,
                read,
                needed
            ),
            ErrorKind::EndInsideDimensions => {
                write!(f, "expected the number of columns, found end of input")
            }
            ErrorKind::NotUtf8 { byte } => {
                write!(f, "expected UTF-8 text, found byte 0x{:02X}", byte)
            }
            ErrorKind::Io(_) => Ok(()),
        }
    }
}

impl std::error::Error for ParseError {}

impl From<TokenError> for ParseError {
    fn from(e: TokenError) -> ParseError {
        match e {
            TokenError::Io(e) => ParseError {
                line: 0,
                column: 0,
                kind: ErrorKind::Io(e),
            },
            TokenError::NotUtf8 { byte, at } => ParseError {
                line: at.line,
                column: at.column,
                kind: ErrorKind::NotUtf8 { byte },
            },
        }
    }
}

fn end_error(at: Position, kind: ErrorKind) -> ParseError {
    ParseError {
        line: at.line,
        column: at.column,
        kind,
    }
}

/// Reads puzzles one at a time from a byte stream.
pub struct PuzzleReader<R> {
    tokens: Tokens<R>,
    max_cells: u64,
    puzzles: usize,
    finished: bool,
}

impl<R: Read> PuzzleReader<R> {
    /// A reader with the default cell limit.
    pub fn new(inner: R) -> Self {
        Self::with_limit(inner, DEFAULT_MAX_CELLS)
    }

    /// A reader that refuses puzzles of more than `max_cells` cells.
    pub fn with_limit(inner: R, max_cells: u64) -> Self {
        PuzzleReader {
            tokens: Tokens::new(inner),
            max_cells,
            puzzles: 0,
            finished: false,
        }
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
        let rows = self.dimension(&row_token, "the number of rows")?;
        let col_token = match self.tokens.next_token()? {
            Some(col_token) => col_token,
            None => return Err(end_error(self.tokens.end(), ErrorKind::EndInsideDimensions)),
        };
        let cols = self.dimension(&col_token, "the number of columns")?;
        if rows == 0 && cols == 0 {
            self.finished = true;
            return Ok(None);
        }
        if rows == 0 {
            return Err(unexpected(
                &row_token,
                "at least 1 row beside a non-zero number of columns",
                "0",
            ));
        }
        if cols == 0 {
            return Err(unexpected(
                &col_token,
                "at least 1 column beside a non-zero number of rows",
                "0",
            ));
        }
        let cells = rows.saturating_mul(cols);
        if cells > self.max_cells {
            let expected = format!(
                "a puzzle of at most {} cells ({} × {} is {})",
                self.max_cells, rows, cols, cells
            );
            return Err(unexpected(&col_token, &expected, &self.tokens.text()));
        }
        self.puzzles += 1;
        let mut clues = Vec::new();
        for read in 0..cells {
            let token = match self.tokens.next_token()? {
                Some(token) => token,
                None => {
                    return Err(end_error(
                        self.tokens.end(),
                        ErrorKind::EndInsidePuzzle {
                            puzzle: self.puzzles,
                            read,
                            needed: cells,
                        },
                    ));
                }
            };
            clues.push(self.clue(&token)?);
        }
        Ok(Some(Puzzle {
            rows: rows as u32,
            cols: cols as u32,
            clues,
        }))
    }

    fn dimension(&self, token: &Position, what: &str) -> Result<u64, ParseError> {
        let text = self.tokens.bytes();
        if text.iter().all(u8::is_ascii_digit) {
            // Saturate: a 30-digit size is simply too large, not a different error.
            let value = text.iter().fold(0u64, |acc, &d| {
                acc.saturating_mul(10).saturating_add(u64::from(d - b'0'))
            });
            Ok(value)
        } else {
            let expected = format!("{} (a whole number of at least 0)", what);
            Err(unexpected(token, &expected, &self.tokens.text()))
        }
    }

    fn clue(&self, token: &Position) -> Result<Option<u8>, ParseError> {
        match self.tokens.bytes() {
            [d @ b'0'..=b'3'] => Ok(Some(d - b'0')),
            [b'.'] | [b'-'] | [b'?'] => Ok(None),
            _ => Err(unexpected(
                token,
                "a clue 0-3 or a blank ('.', '-' or '?')",
                &self.tokens.text(),
            )),
        }
    }
}

fn unexpected(token: &Position, expected: &str, found: &str) -> ParseError {
    ParseError {
        line: token.line,
        column: token.column,
        kind: ErrorKind::Unexpected {
            expected: expected.to_string(),
            found: found.to_string(),
        },
    }
}

/// Reads every puzzle of a text (a convenience for tests and small inputs).
pub fn parse_all(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let mut reader = PuzzleReader::new(text.as_bytes());
    let mut puzzles = Vec::new();
    while let Some(p) = reader.next_puzzle()? {
        puzzles.push(p);
    }
    Ok(puzzles)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let err = PuzzleReader::new(&bytes[..]).next_puzzle().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 2: expected UTF-8 text, found byte 0xFF"
        );
    }
}
