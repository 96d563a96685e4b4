//! The puzzles of one `akari` input, read one at a time: the statement's
//! notation (one puzzle, the whole input), or any number of puzzles in the
//! community's formats (puzz.link URLs, Light Up game IDs, janko.at blocks,
//! pzprv3 files, in any mix), each with the answer its file gives, if any.
//!
//! The notation holds one puzzle because nothing marks where it ends but its
//! size, so anything after it is an error rather than a second puzzle read
//! by guesswork; the other formats say where each puzzle begins.

use std::io::Read;

use crate::akari::puzzle::{Puzzle, MAX_SIZE};
use crate::formats::{decode_akari, janko, pzprv3, shown};
use crate::tokens::{InputError, Position, Tokens};

/// A puzzle and the lights of the answer its file gave (a janko.at
/// solution), cell by cell.
pub(crate) type WithAnswer = (Puzzle, Option<Vec<bool>>);

/// The puzzles of an input, in order.
pub(crate) struct Puzzles<R> {
    tokens: Tokens<R>,
    /// Puzzles read so far.
    read: usize,
    /// The token just read begins a pzprv3 file: the last one's tail ended
    /// there.
    pzprv3_next: bool,
    /// The last puzzle was in the notation: only the end may follow.
    notation: bool,
    /// The input is used up.
    finished: bool,
}

impl<R: Read> Puzzles<R> {
    /// The puzzles of `input`.
    pub(crate) fn new(input: R) -> Self {
        Puzzles {
            tokens: Tokens::new(input),
            read: 0,
            pzprv3_next: false,
            notation: false,
            finished: false,
        }
    }

    /// The next puzzle, `Ok(None)` after the last, or the first error. An
    /// input with no puzzle at all is an error.
    pub(crate) fn next_puzzle(&mut self) -> Result<Option<WithAnswer>, InputError> {
        let limit = (MAX_SIZE * MAX_SIZE) as u64;
        if self.pzprv3_next {
            return self.pzprv3(limit).map(Some);
        }
        if self.finished {
            return Ok(None);
        }
        if self.notation {
            // The notation's one puzzle is the whole input.
            self.finished = true;
            return match self.tokens.next_token()? {
                Some(after) => {
                    let expected =
                        "the end of the input after the puzzle (the notation holds one puzzle)";
                    Err(InputError::unexpected(
                        after,
                        expected,
                        &shown(&self.tokens.text()),
                    ))
                }
                None => Ok(None),
            };
        }
        let at = match self.tokens.next_token()? {
            Some(at) => at,
            None if self.read == 0 => {
                return Err(InputError::at(
                    self.tokens.end(),
                    "expected the grid size, found end of input",
                ))
            }
            None => {
                self.finished = true;
                return Ok(None);
            }
        };
        if self.tokens.bytes() == b"begin" {
            self.read += 1;
            return janko::read_akari(&mut self.tokens, at, limit).map(Some);
        }
        if pzprv3::starts(self.tokens.bytes()) {
            return self.pzprv3(limit).map(Some);
        }
        let text = String::from_utf8_lossy(self.tokens.bytes()).into_owned();
        if let Some(decoded) = decode_akari(&text, limit) {
            self.read += 1;
            return match decoded {
                Ok(puzzle) => Ok(Some((puzzle, None))),
                Err((offset, message)) => Err(token_error(&text, at, offset, &message)),
            };
        }
        if self.read > 0 {
            let expected = "a puzz.link URL, a Light Up game ID, a janko.at block or a pzprv3 file (the notation holds one puzzle alone)";
            return Err(InputError::unexpected(at, expected, &shown(&text)));
        }
        let puzzle = Puzzle::read_notation(&mut self.tokens, at)?;
        self.read += 1;
        self.notation = true;
        Ok(Some((puzzle, None)))
    }

    /// A pzprv3 file, its first token just read.
    fn pzprv3(&mut self, limit: u64) -> Result<WithAnswer, InputError> {
        let (puzzle, more) = pzprv3::read_akari(&mut self.tokens, limit)?;
        self.read += 1;
        self.pzprv3_next = more;
        self.finished = !more;
        Ok((puzzle, None))
    }
}

/// An error inside a one-token puzzle (`text`, at `at`), `offset` bytes in.
fn token_error(text: &str, at: Position, offset: usize, message: &str) -> InputError {
    let character = text[..offset].chars().count() as u64;
    let name = if text.starts_with("http") {
        "puzz.link URL"
    } else {
        "Light Up game ID"
    };
    let place = Position {
        line: at.line,
        column: at.column + character,
    };
    InputError::at(
        place,
        format!("{name}, character {}: {message}", character + 1),
    )
}
