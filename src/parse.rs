//! Text → puzzles, one at a time, with 1-based line and column in every error.
//!
//! The format is the contest's: whitespace-separated tokens (any mix of spaces,
//! tabs, CR and LF), `r c`, then `r × c` clues, repeated; `0 0` ends the input, and
//! so does the end of the file after a whole puzzle (or before any). A clue is
//! `0`–`3`, or `.`, `-` or `?` for a blank cell. Anything after `0 0` is ignored.
//!
//! Outside judge files a clue may also be `4`, and a puzzle may be written in
//! one of the community's formats instead, recognised by its first token and
//! read by [`crate::formats`]: a puzz.link URL, a Loopy game ID, a pzprv3 file,
//! a janko.at block or the judge's picture, maybe after its number line (the
//! last three may carry an answer, whole or partial, kept for the caller:
//! [`PuzzleReader::take_partial`]).
//!
//! The reader streams: it holds one puzzle at a time, checks the dimensions against
//! a limit before taking any clue, and never reserves memory for clues it has not
//! read, so `100000 100000` followed by three clues fails at once and cheaply.

use std::io::Read;

use crate::grid::Grid;
use crate::tokens::{InputError, Position, Tokens};

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

/// What a clue may be: 0 to 3 in judge files, as the statement says; the
/// command line also takes 4, as puzz.link does (only a loop round that one
/// cell meets it).
#[cfg(not(judge))]
const CLUE: &str = "a clue 0-4 or a blank ('.', '-' or '?')";
#[cfg(judge)]
const CLUE: &str = "a clue 0-3 or a blank ('.', '-' or '?')";

/// What went wrong, and where: the input error the three programs share,
/// shown as `line L, column C: expected …, found '…'`.
pub(crate) type ParseError = InputError;

/// Reads puzzles one at a time from a byte stream.
pub struct PuzzleReader<R> {
    tokens: Tokens<R>,
    max_cells: u64,
    puzzles: usize,
    finished: bool,
    /// The only format taken (`--from`); any, told apart by their first
    /// bytes, when `None`.
    #[cfg(not(judge))]
    from: Option<crate::formats::Format>,
    /// The last puzzle's partial answer, when its file gave one (pzprv3's
    /// edge rows), in the grid's edge order.
    #[cfg(not(judge))]
    partial: Option<Vec<crate::board::EdgeState>>,
    /// The token just read begins the next puzzle, a pzprv3 file (the last
    /// one's tail ended there).
    #[cfg(not(judge))]
    pzprv3_next: bool,
}

impl<R: Read> PuzzleReader<R> {
    /// A reader with the default cell limit.
    pub(crate) fn new(inner: R) -> Self {
        Self::with_limit(inner, DEFAULT_MAX_CELLS)
    }

    /// A reader that refuses puzzles of more than `max_cells` cells (at most
    /// [`MAX_CELLS_EVER`], whatever is asked).
    pub fn with_limit(inner: R, max_cells: u64) -> Self {
        PuzzleReader {
            tokens: Tokens::new(inner),
            max_cells: max_cells.min(MAX_CELLS_EVER),
            puzzles: 0,
            finished: false,
            #[cfg(not(judge))]
            from: None,
            #[cfg(not(judge))]
            partial: None,
            #[cfg(not(judge))]
            pzprv3_next: false,
        }
    }

    /// The last puzzle's partial answer, if its file gave one.
    #[cfg(not(judge))]
    pub(crate) fn take_partial(&mut self) -> Option<Vec<crate::board::EdgeState>> {
        self.partial.take()
    }

    /// A pzprv3 puzzle, its first token just read.
    #[cfg(not(judge))]
    fn pzprv3_puzzle(&mut self) -> Result<Puzzle, ParseError> {
        let (puzzle, partial, more) =
            crate::formats::pzprv3::read(&mut self.tokens, self.max_cells)?;
        self.puzzles += 1;
        self.partial = partial;
        self.pzprv3_next = more;
        // Its tail ran to the end of the input, unless another file began.
        self.finished = !more;
        Ok(puzzle)
    }

    /// A picture, its top border just read at `top`; its edges, if it has
    /// any, are the partial answer.
    #[cfg(not(judge))]
    fn picture(&mut self, top: Position) -> Result<Puzzle, ParseError> {
        let (puzzle, partial) =
            crate::formats::picture::read(&mut self.tokens, top, self.max_cells)?;
        self.puzzles += 1;
        self.partial = partial;
        Ok(puzzle)
    }

    /// Takes only puzzles in `format` (`--from`).
    #[cfg(not(judge))]
    pub(crate) fn only(mut self, format: crate::formats::Format) -> Self {
        self.from = Some(format);
        self
    }

    /// The next puzzle, `Ok(None)` at the end (`0 0` or end of input between
    /// puzzles), or the first error.
    pub fn next_puzzle(&mut self) -> Result<Option<Puzzle>, ParseError> {
        #[cfg(not(judge))]
        if self.pzprv3_next {
            self.pzprv3_next = false;
            return self.pzprv3_puzzle().map(Some);
        }
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
        #[cfg(not(judge))]
        {
            use crate::formats::Format;
            let format = crate::formats::recognise(self.tokens.bytes());
            let number = self.tokens.bytes().iter().all(u8::is_ascii_digit);
            if format == Format::Contest && number && self.from == Some(Format::Picture) {
                // A picture's number line: the picture follows.
                return match self.tokens.next_token()? {
                    Some(top)
                        if Format::Picture == crate::formats::recognise(self.tokens.bytes()) =>
                    {
                        self.picture(top).map(Some)
                    }
                    Some(other) => {
                        let shown = crate::formats::shown(&self.tokens.text());
                        Err(unexpected(&other, "a picture's top border", &shown))
                    }
                    None => Err(InputError::at(
                        self.tokens.end(),
                        "expected a picture's top border, found end of input",
                    )),
                };
            }
            if self.from.map_or(false, |from| from != format) {
                let from = self.from.map_or("", |f| f.name());
                let shown = crate::formats::shown(&self.tokens.text());
                return Err(unexpected(&row_token, &format!("a {}", from), &shown));
            }
            if format == Format::Pzprv3 {
                return self.pzprv3_puzzle().map(Some);
            }
            if format == Format::Janko {
                let (puzzle, solution) =
                    crate::formats::janko::read(&mut self.tokens, row_token, self.max_cells)?;
                self.puzzles += 1;
                self.partial = solution;
                return Ok(Some(puzzle));
            }
            if format == Format::Picture {
                return self.picture(row_token).map(Some);
            }
            if format != Format::Contest {
                return self.one_token_puzzle(format, row_token).map(Some);
            }
        }
        let rows = self.dimension(&row_token, "the number of rows")?;
        // Sizes are echoed as given: a number too large to hold is shown whole.
        let row_text = self.tokens.text();
        let col_token = match self.tokens.next_token()? {
            Some(col_token) => col_token,
            None => {
                let message = "expected the number of columns, found end of input";
                return Err(InputError::at(self.tokens.end(), message));
            }
        };
        // A number alone on its line, then a picture: the number line of
        // `slink`'s own output.
        #[cfg(not(judge))]
        if col_token.line > row_token.line
            && crate::formats::picture::starts(self.tokens.bytes())
            && self.from.is_none()
        {
            return self.picture(col_token).map(Some);
        }
        let cols = self.dimension(&col_token, "the number of columns")?;
        let col_text = self.tokens.text();
        if rows == 0 && cols == 0 {
            self.finished = true;
            return Ok(None);
        }
        if rows == 0 {
            return Err(unexpected(
                &row_token,
                "at least 1 row beside a non-zero number of columns",
                &row_text,
            ));
        }
        if cols == 0 {
            return Err(unexpected(
                &col_token,
                "at least 1 column beside a non-zero number of rows",
                &col_text,
            ));
        }
        let cells = rows.checked_mul(cols);
        if cells.map_or(true, |n| n > u128::from(self.max_cells)) {
            let cells = match cells {
                Some(n) => n.to_string(),
                None => "more than 10^38".to_string(),
            };
            let expected = format!(
                "a puzzle of at most {} cells ({} × {} is {})",
                self.max_cells, row_text, col_text, cells
            );
            return Err(unexpected(&col_token, &expected, &col_text));
        }
        // Within the limit, so both sizes and the count fit a u64.
        let cells = cells.unwrap_or(0) as u64;
        self.puzzles += 1;
        #[cfg(not(judge))]
        let mut clues = self.room_for_clues(cells, (&row_text, &col_text))?;
        // Judge files, whose compiler has no `try_reserve`, take room for up
        // to 2^20 clues and grow: a size line alone must not reserve
        // gigabytes.
        #[cfg(judge)]
        let mut clues = Vec::with_capacity(cells.min(1 << 20) as usize);
        let mut read = 0;
        while read < cells {
            // Most clues are one byte: read them in runs straight from the
            // buffer, and anything else as a token. (Judge files, whose inputs
            // are small, read every clue as a token, for size.)
            #[cfg(not(judge))]
            {
                read += self.tokens.read_run(cells - read, &mut clues, |b| match b {
                    b'0'..=b'4' => Some(Some(b - b'0')),
                    b'.' | b'-' | b'?' => Some(None),
                    _ => None,
                });
                if read == cells {
                    break;
                }
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
            rows: rows as u32,
            cols: cols as u32,
            clues,
        }))
    }

    /// An empty list with room for a puzzle's `cells` clues. The command line
    /// asks for all of it at once, and a puzzle it cannot have (past `ulimit
    /// -v`, say) is an error for that puzzle, with no position, instead of an
    /// abort part way that loses the answers before it. (The room is only
    /// reserved: pages no clue reaches are never touched.) Not in judge
    /// files, so it may use Rust 1.57's `try_reserve_exact`.
    #[cfg(not(judge))]
    #[clippy::msrv = "1.70"]
    fn room_for_clues(
        &self,
        cells: u64,
        (rows, cols): (&str, &str),
    ) -> Result<Vec<Option<u8>>, ParseError> {
        let mut clues = Vec::new();
        match clues.try_reserve_exact(cells as usize) {
            Ok(()) => Ok(clues),
            Err(_) => Err(InputError {
                at: None,
                message: format!(
                    "puzzle {}: not enough memory for a {}×{} grid",
                    self.puzzles, rows, cols
                ),
            }),
        }
    }

    /// A puzzle written as one token (a URL, or a game ID when `format` says
    /// so) at `token`; an error
    /// points at the character where the decoder found it.
    #[cfg(not(judge))]
    fn one_token_puzzle(
        &mut self,
        format: crate::formats::Format,
        token: Position,
    ) -> Result<Puzzle, ParseError> {
        // Tokens are checked to be UTF-8.
        let text = String::from_utf8_lossy(self.tokens.bytes()).into_owned();
        self.puzzles += 1;
        let decoded = match format {
            crate::formats::Format::Loopy => crate::formats::loopy::decode(&text, self.max_cells),
            _ => crate::formats::puzzlink::decode(&text, self.max_cells),
        };
        decoded.map_err(|(offset, message)| {
            let character = text[..offset].chars().count() as u64;
            let at = Position {
                line: token.line,
                column: token.column + character,
            };
            let message = format!("{}, character {}: {message}", format.name(), character + 1);
            InputError::at(at, message)
        })
    }

    fn dimension(&self, token: &Position, what: &str) -> Result<u128, ParseError> {
        let text = self.tokens.bytes();
        if text.iter().all(u8::is_ascii_digit) {
            // A token has at most 32 digits, which a u128 holds.
            let value = text.iter().fold(0u128, |acc, &d| {
                acc.saturating_mul(10).saturating_add(u128::from(d - b'0'))
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
            #[cfg(not(judge))]
            [b'4'] => Ok(Some(4)),
            [b'.'] | [b'-'] | [b'?'] => Ok(None),
            _ => Err(unexpected(token, CLUE, &self.tokens.text())),
        }
    }
}

fn unexpected(token: &Position, expected: &str, found: &str) -> ParseError {
    InputError::unexpected(*token, expected, found)
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
            "line 2, column 3: expected a clue 0-4 or a blank ('.', '-' or '?'), found 'x'"
        );
        assert_eq!(
            error("1 2\n3 12"),
            "line 2, column 3: expected a clue 0-4 or a blank ('.', '-' or '?'), found '12'"
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
