//! The formats the puzzle community trades puzzles in, beside the contests':
//! puzz.link URLs ([`puzzlink`], Slitherlink and Light Up), game IDs of Simon
//! Tatham's Loopy ([`loopy`]) and Light Up ([`lightup`]), pzprjs files
//! ([`pzprv3`]) and janko.at blocks ([`janko`], both puzzles); the judge's own
//! pictures, read back with their crosses ([`picture`]); and pictures of
//! answers ([`svg`]). A URL or ID is one token (no spaces), so it may stand
//! wherever a contest puzzle may; a pzprv3 file or a janko.at block begins
//! with its own token. [`read`] tells them apart by their first bytes and
//! reads each; [`write`](mod@write) writes each; no other module picks a
//! format.

use std::io::Read;

use crate::shared::tokens::{InputError, Position, Tokens};

pub(crate) mod check_svg;
pub(crate) mod contest;
pub(crate) mod graph_svg;
pub(crate) mod janko;
pub(crate) mod lightup;
pub(crate) mod loopy;
pub(crate) mod picture;
pub(crate) mod puzzlink;
pub(crate) mod pzprv3;
pub(crate) mod read;
pub(crate) mod svg;
mod tokens;
pub(crate) mod write;

/// A Slitherlink puzzle as read: on the square grid, or on another of
/// Loopy's grids (only Loopy's game IDs give those).
#[derive(Clone, Debug)]
pub(crate) enum AnyPuzzle {
    /// On the square grid.
    Square(crate::slink::parse::Puzzle),
    /// On another grid.
    Graph(Box<crate::graph::puzzle::GraphPuzzle>),
}

/// A puzzle format `slink` reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Format {
    /// The contest's: `r c`, then the clues, in tokens.
    Contest,
    /// `https://puzz.link/p?slither/COLS/ROWS/BODY` and its aliases.
    PuzzLink,
    /// Loopy's `WxHtT:DESC`, on any of its grids.
    Loopy,
    /// A pzprv3 file, from its `pzprv3` line on.
    Pzprv3,
    /// A janko.at block, `begin` to `end`.
    Janko,
    /// The judge's picture, with crosses as `x`: a board, maybe half solved.
    Picture,
}

impl Format {
    /// How messages name the format.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Format::Contest => "contest puzzle",
            Format::PuzzLink => "puzz.link URL",
            Format::Loopy => "Loopy game ID",
            Format::Pzprv3 => "pzprv3 file",
            Format::Janko => "janko.at block",
            Format::Picture => "picture",
        }
    }
}

/// A Light Up puzzle and the lights of the answer its file gave (a janko.at
/// solution), cell by cell.
pub(crate) type WithAnswer = (crate::akari::puzzle::Puzzle, Option<Vec<bool>>);

/// The names `--from` and `--format` take, with their formats.
pub(crate) const NAMES: [(&str, Format); 6] = [
    ("contest", Format::Contest),
    ("url", Format::PuzzLink),
    ("loopy", Format::Loopy),
    ("pzprv3", Format::Pzprv3),
    ("janko", Format::Janko),
    ("picture", Format::Picture),
];

/// A token as a message shows it: its first 32 characters, and `…` when
/// there are more (a URL or a pzprv3 history line can be long).
pub(crate) fn shown(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars
        .by_ref()
        .take(crate::shared::tokens::MAX_TOKEN)
        .collect();
    match chars.next() {
        Some(_) => format!("{head}…"),
        None => head,
    }
}

/// Checks a grid's size read from a URL or ID: at least 1×1 and at most
/// `max_cells` cells.
pub(crate) fn grid_size(cols: u64, rows: u64, max_cells: u64) -> Result<(u32, u32), String> {
    if cols == 0 || rows == 0 {
        return Err(format!("a grid of at least 1×1, not {}×{}", cols, rows));
    }
    match cols.checked_mul(rows) {
        Some(cells) if cells <= max_cells => Ok((rows as u32, cols as u32)),
        _ => Err(format!(
            "a grid of at most {} cells, not {}×{}",
            max_cells, cols, rows
        )),
    }
}

/// A block of rows in a file that keeps one row a line (janko.at's problem
/// and solution, pzprv3's clues and edges): what messages call it, and its
/// shape.
pub(crate) struct Rows<'a> {
    /// `the problem`, `the clues`, …: messages say "row 2 of the problem".
    pub(crate) what: &'a str,
    /// How many rows.
    pub(crate) rows: usize,
    /// How many cells each row has.
    pub(crate) cols: usize,
}

/// Reads the rows `shape` describes from `tokens`, the first on a line after
/// `line`, each cell through `cell` (its error is the message, after the
/// file's `prefix`). `first` is the first cell's token when the caller has
/// already read it (the token an earlier call returned, whose line that call
/// checked, goes with line 0). Returns the cells and the token after them
/// (checked to start a line of its own), if any.
///
/// Keeping rows to their lines is what catches a size that does not fit the
/// cells, at the first row it misses, instead of reading the rest shifted.
pub(crate) fn read_rows<R: Read, V>(
    tokens: &mut Tokens<R>,
    (line, first): (u64, Option<Position>),
    shape: &Rows,
    prefix: &str,
    cell: &mut dyn FnMut(&str) -> Result<V, String>,
) -> Result<(Vec<V>, Option<Position>), InputError> {
    let fail = |at: Position, message: String| InputError::at(at, format!("{prefix}{message}"));
    let (what, cols) = (shape.what, shape.cols);
    let mut cells = Vec::with_capacity(shape.rows * cols);
    if cols == 0 {
        return Ok((cells, first));
    }
    let mut line = line;
    let mut pending = first;
    // Just after the last cell read: where a short row ends.
    let mut row_end = tokens.end();
    for r in 1..=shape.rows + 1 {
        for c in 0..cols {
            let place = match pending.take() {
                Some(place) => Some(place),
                None => tokens.next_token()?,
            };
            let place = match place {
                Some(place) => place,
                None if r > shape.rows => return Ok((cells, None)),
                None => {
                    let left = (shape.rows - r) * cols + cols - c;
                    let message =
                        format!("expected {left} more cells of {what}, found the end of input");
                    return Err(fail(tokens.end(), message));
                }
            };
            let found = || shown(&tokens.text());
            if c == 0 && place.line == line {
                return Err(fail(
                    place,
                    if r == 1 {
                        format!(
                            "expected the rows of {what} to start on a new line, found '{}'",
                            found()
                        )
                    } else {
                        format!(
                            "expected row {} of {what} to end after {cols} cells, found '{}'",
                            r - 1,
                            found()
                        )
                    },
                ));
            }
            if r > shape.rows {
                return Ok((cells, Some(place)));
            }
            if c > 0 && place.line != line {
                let message = format!(
                    "expected {} more cells in row {r} of {what} (a row is one line), found the end of the line",
                    cols - c
                );
                return Err(fail(row_end, message));
            }
            line = place.line;
            row_end = tokens.end();
            match cell(&String::from_utf8_lossy(tokens.bytes())) {
                Ok(value) => cells.push(value),
                Err(message) => return Err(fail(place, message)),
            }
        }
    }
    unreachable!("the row after the last returns")
}
