//! Reading puzzles in any of the formats the programs take: the one place
//! that tells formats apart by their first token ([`recognise`]) and hands
//! each puzzle to its format's reader.
//!
//! - Slitherlink ([`PuzzleReader`], what `slink` reads): contest puzzles (the
//!   contest reader of [`crate::slink::parse`] reads them), puzz.link URLs, Loopy
//!   game IDs, pzprv3 files, janko.at blocks and the judge's pictures (maybe
//!   after their number line), in any mix. The last three may carry an
//!   answer, whole or partial, kept for the caller
//!   ([`PuzzleReader::take_partial`]).
//! - Light Up ([`AkariReader`], what `akari` reads): the statement's notation
//!   (one puzzle, the whole input), or any number of puzz.link URLs, Light Up
//!   game IDs, janko.at blocks and pzprv3 files. The notation holds one
//!   puzzle because nothing marks where it ends but its size, so anything
//!   after it is an error rather than a second puzzle read by guesswork.

use std::io::Read;

use crate::akari::puzzle::{Puzzle as AkariPuzzle, MAX_SIZE};
use crate::formats::puzzlink::is_url;
pub(crate) use crate::formats::WithAnswer;
use crate::formats::{janko, lightup, loopy, picture, puzzlink, pzprv3, shown, AnyPuzzle, Format};
use crate::shared::tokens::{InputError, Position, Tokens};
use crate::slink::board::EdgeState;
use crate::slink::parse::{ContestReader, ParseError, Puzzle};

/// Reads Slitherlink puzzles in any format, one at a time.
pub struct PuzzleReader<R> {
    contest: ContestReader<R>,
    /// The only format taken (`--from`); any, told apart by their first
    /// bytes, when `None`.
    from: Option<Format>,
    /// The last puzzle's partial answer, when its file gave one (pzprv3's
    /// edge rows, a janko.at solution, a picture's edges), in the grid's edge
    /// order.
    partial: Option<Vec<EdgeState>>,
    /// The token just read begins the next puzzle, a pzprv3 file (the last
    /// one's tail ended there).
    pzprv3_next: bool,
    /// Whether game IDs of grids other than the square one are taken.
    graphs: bool,
}

impl<R: Read> PuzzleReader<R> {
    /// A reader with the default cell limit.
    #[cfg(test)]
    pub(crate) fn new(inner: R) -> Self {
        Self::with_limit(inner, crate::slink::parse::DEFAULT_MAX_CELLS)
    }

    /// A reader that refuses puzzles of more than `max_cells` cells.
    pub fn with_limit(inner: R, max_cells: u64) -> Self {
        let mut contest = ContestReader::with_limit(inner, max_cells);
        // URLs and IDs, which say so in their first bytes, may be long.
        contest.tokens().long_when(long_token);
        PuzzleReader {
            contest,
            from: None,
            partial: None,
            pzprv3_next: false,
            graphs: false,
        }
    }

    /// Takes only puzzles in `format` (`--from`).
    pub(crate) fn only(mut self, format: Format) -> Self {
        self.from = Some(format);
        self
    }

    /// The last puzzle's partial answer, if its file gave one.
    pub(crate) fn take_partial(&mut self) -> Option<Vec<EdgeState>> {
        self.partial.take()
    }

    /// The next puzzle, `Ok(None)` at the end (`0 0` or end of input between
    /// puzzles), or the first error. A game ID of another of Loopy's grids is
    /// an error here, at its grid type; [`Self::next_any`] takes it.
    pub fn next_puzzle(&mut self) -> Result<Option<Puzzle>, ParseError> {
        self.graphs = false;
        Ok(self.next_any()?.and_then(|puzzle| match puzzle {
            AnyPuzzle::Square(puzzle) => Some(puzzle),
            // Refused by the game ID's reader while `graphs` is false.
            AnyPuzzle::Graph(_) => None,
        }))
    }

    /// Takes puzzles on every grid of Loopy's from here on, read by
    /// [`Self::next_any`].
    pub(crate) fn with_graphs(mut self) -> Self {
        self.graphs = true;
        self
    }

    /// The next puzzle on any grid, `Ok(None)` at the end, or the first
    /// error.
    pub(crate) fn next_any(&mut self) -> Result<Option<AnyPuzzle>, ParseError> {
        if self.pzprv3_next {
            self.pzprv3_next = false;
            return self.pzprv3().map(|p| Some(AnyPuzzle::Square(p)));
        }
        // The contest reader knows when the input has ended (`0 0`, or a
        // pzprv3 file's tail that ran to the end).
        if self.contest.finished() {
            return Ok(None);
        }
        let first = match self.contest.tokens().next_token()? {
            Some(first) => first,
            None => {
                self.contest.finish();
                return Ok(None);
            }
        };
        let format = recognise(self.contest.tokens().bytes());
        let number = self.contest.tokens().bytes().iter().all(u8::is_ascii_digit);
        if format == Format::Contest && number && self.from == Some(Format::Picture) {
            // A picture's number line: the picture follows.
            return match self.contest.tokens().next_token()? {
                Some(top) if recognise(self.contest.tokens().bytes()) == Format::Picture => {
                    self.picture(top).map(|p| Some(AnyPuzzle::Square(p)))
                }
                Some(other) => {
                    let found = shown(&self.contest.tokens().text());
                    Err(InputError::unexpected(
                        other,
                        "a picture's top border",
                        &found,
                    ))
                }
                None => Err(InputError::at(
                    self.contest.tokens().end(),
                    "expected a picture's top border, found end of input",
                )),
            };
        }
        if let Some(from) = self.from.filter(|&from| from != format) {
            let found = shown(&self.contest.tokens().text());
            return Err(InputError::unexpected(
                first,
                &format!("a {}", from.name()),
                &found,
            ));
        }
        match format {
            Format::Contest => Ok(self.contest_puzzle(first)?.map(AnyPuzzle::Square)),
            Format::Pzprv3 => self.pzprv3().map(|p| Some(AnyPuzzle::Square(p))),
            Format::Janko => {
                let max_cells = self.contest.max_cells();
                let (puzzle, solution) = janko::read(self.contest.tokens(), first, max_cells)?;
                self.contest.count_puzzle();
                self.partial = solution;
                Ok(Some(AnyPuzzle::Square(puzzle)))
            }
            Format::Picture => self.picture(first).map(|p| Some(AnyPuzzle::Square(p))),
            Format::PuzzLink | Format::Loopy => self.one_token_puzzle(format, first).map(Some),
        }
    }

    /// A contest puzzle, its number of rows just read at `first`; or, when
    /// that number is alone on its line and a picture follows, the picture
    /// (the number line of `slink`'s own output).
    fn contest_puzzle(&mut self, first: Position) -> Result<Option<Puzzle>, ParseError> {
        let rows = self.contest.size(first, "the number of rows")?;
        let second = match self.contest.tokens().next_token()? {
            Some(second) => second,
            None => return Err(self.contest.no_columns()),
        };
        if second.line > first.line
            && picture::starts(self.contest.tokens().bytes())
            && self.from.is_none()
        {
            return self.picture(second).map(Some);
        }
        let cols = self.contest.size(second, "the number of columns")?;
        self.contest.after_sizes(rows, cols)
    }

    /// A pzprv3 puzzle, its first token just read.
    fn pzprv3(&mut self) -> Result<Puzzle, ParseError> {
        let max_cells = self.contest.max_cells();
        let (puzzle, partial, more) = pzprv3::read(self.contest.tokens(), max_cells)?;
        self.contest.count_puzzle();
        self.partial = partial;
        self.pzprv3_next = more;
        // Its tail ran to the end of the input, unless another file began.
        if !more {
            self.contest.finish();
        }
        Ok(puzzle)
    }

    /// A picture, its top border just read at `top`; its edges, if it has
    /// any, are the partial answer.
    fn picture(&mut self, top: Position) -> Result<Puzzle, ParseError> {
        let max_cells = self.contest.max_cells();
        let (puzzle, partial) = picture::read(self.contest.tokens(), top, max_cells)?;
        self.contest.count_puzzle();
        self.partial = partial;
        Ok(puzzle)
    }

    /// A puzzle written as one token (a URL, or a game ID when `format` says
    /// so) at `token`; an error points at the character where the decoder
    /// found it.
    fn one_token_puzzle(
        &mut self,
        format: Format,
        token: Position,
    ) -> Result<AnyPuzzle, ParseError> {
        // Tokens are checked to be UTF-8.
        let text = String::from_utf8_lossy(self.contest.tokens().bytes()).into_owned();
        self.contest.count_puzzle();
        let max_cells = self.contest.max_cells();
        let graphs = self.graphs;
        let decoded = match format {
            Format::Loopy => loopy::decode(&text, max_cells).and_then(|puzzle| match puzzle {
                AnyPuzzle::Graph(graph) if !graphs => Err(loopy::not_square(&text, &graph)),
                puzzle => Ok(puzzle),
            }),
            _ => puzzlink::decode(&text, max_cells).map(AnyPuzzle::Square),
        };
        decoded
            .map_err(|(offset, message)| token_error(format.name(), &text, token, offset, &message))
    }
}

/// An error inside a one-token puzzle (`text`, a `name`, at `at`), `offset`
/// bytes in: placed at its character.
fn token_error(name: &str, text: &str, at: Position, offset: usize, message: &str) -> InputError {
    let character = text[..offset].chars().count() as u64;
    let place = Position {
        line: at.line,
        column: at.column + character,
    };
    InputError::at(
        place,
        format!("{name}, character {}: {message}", character + 1),
    )
}

/// Reads the Light Up puzzles of one input, in order.
pub(crate) struct AkariReader<R> {
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
    /// The next token, when [`AkariReader::more`] has looked at it (`None`
    /// inside: the end), or the error met there.
    ahead: Option<Result<Option<Position>, InputError>>,
}

impl<R: Read> AkariReader<R> {
    /// The puzzles of `input`.
    pub(crate) fn new(input: R) -> Self {
        let mut tokens = Tokens::new(input);
        tokens.long_when(long_token);
        AkariReader {
            tokens,
            read: 0,
            pzprv3_next: false,
            notation: false,
            finished: false,
            ahead: None,
        }
    }

    /// Whether anything but whitespace follows the puzzles read so far: a
    /// puzzle, or something that is none (which the next call then reports).
    /// Reads one token ahead at most, so that an answer can be written before
    /// the next puzzle has come (a pipe that is still being written).
    pub(crate) fn more(&mut self) -> bool {
        if self.pzprv3_next {
            return true;
        }
        if self.finished {
            return false;
        }
        let ahead = match self.ahead.take() {
            Some(ahead) => ahead,
            None => self.tokens.next_token().map_err(InputError::from),
        };
        let more = !matches!(ahead, Ok(None));
        self.ahead = Some(ahead);
        more
    }

    /// Whether the last puzzle was in the statement's notation, which holds
    /// one puzzle alone.
    pub(crate) fn in_notation(&self) -> bool {
        self.notation
    }

    /// The next token: the one [`AkariReader::more`] looked at, or a new one.
    fn next_token(&mut self) -> Result<Option<Position>, InputError> {
        match self.ahead.take() {
            Some(ahead) => ahead,
            None => Ok(self.tokens.next_token()?),
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
            return match self.next_token()? {
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
        let at = match self.next_token()? {
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
        if janko::starts(self.tokens.bytes()) {
            self.read += 1;
            return janko::read_akari(&mut self.tokens, at, limit).map(Some);
        }
        if pzprv3::starts(self.tokens.bytes()) {
            return self.pzprv3(limit).map(Some);
        }
        let text = String::from_utf8_lossy(self.tokens.bytes()).into_owned();
        if let Some(decoded) = decode_akari(&text, limit) {
            self.read += 1;
            let name = if is_url(text.as_bytes()) {
                "puzz.link URL"
            } else {
                "Light Up game ID"
            };
            return match decoded {
                Ok(puzzle) => Ok(Some((puzzle, None))),
                Err((offset, message)) => Err(token_error(name, &text, at, offset, &message)),
            };
        }
        if self.read > 0 {
            let expected = "a puzz.link URL, a Light Up game ID, a janko.at block or a pzprv3 file (the notation holds one puzzle alone)";
            return Err(InputError::unexpected(at, expected, &shown(&text)));
        }
        let puzzle = AkariPuzzle::read_notation(&mut self.tokens, at)?;
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

/// The format a token is written in, judging by its first bytes: a URL starts
/// `http://` or `https://`, or with a known host ([`is_url`]), a Loopy ID with `WxH` and then `t`, `d` or `:`, a
/// pzprv3 file is the token `pzprv3` or `pzprv3.1`. Anything else is a contest
/// token (a size or a clue).
pub(crate) fn recognise(token: &[u8]) -> Format {
    if pzprv3::starts(token) {
        return Format::Pzprv3;
    }
    if janko::starts(token) {
        return Format::Janko;
    }
    if picture::starts(token) {
        return Format::Picture;
    }
    if is_url(token) {
        return Format::PuzzLink;
    }
    match after_size(token) {
        Some(b't' | b'd' | b':') => Format::Loopy,
        _ => Format::Contest,
    }
}

/// Whether a command-line argument is a puzzle written as one token, as
/// users paste them: a URL, or a game ID (`WxH`, then a letter or `:`, and a
/// `:` somewhere). The same for `slink` and `akari`: which puzzle it is, is
/// the reader's business.
pub(crate) fn one_token_puzzle(text: &[u8]) -> bool {
    is_url(text)
        || (after_size(text).is_some_and(|b| b.is_ascii_alphabetic() || b == b':')
            && text.contains(&b':'))
}

/// The byte after a game ID's leading `WxH` (two numbers and an `x`), if the
/// token starts so.
fn after_size(token: &[u8]) -> Option<u8> {
    let digits = |from: usize| {
        token[from.min(token.len())..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let width = digits(0);
    if width == 0 || token.get(width) != Some(&b'x') {
        return None;
    }
    let height = digits(width + 1);
    if height == 0 {
        return None;
    }
    token.get(width + 1 + height).copied()
}

/// Whether a token may be longer than a contest token, by its first bytes:
/// a URL ([`is_url`]), a game ID (`WxH`, then a letter or `:`),
/// whichever program reads it, or a picture's border (`#########`).
fn long_token(head: &[u8]) -> bool {
    is_url(head)
        || picture::starts(head)
        || after_size(head).is_some_and(|b| b.is_ascii_alphabetic() || b == b':')
}

/// A Light Up puzzle written as one token, a puzz.link URL or a Light Up game
/// ID (`None`: a token of the statement's notation); an error is the byte
/// offset in the token and what was expected there.
fn decode_akari(
    token: &str,
    max_cells: u64,
) -> Option<Result<crate::akari::puzzle::Puzzle, (usize, String)>> {
    if !long_token(token.as_bytes()) {
        return None;
    }
    Some(if is_url(token.as_bytes()) {
        puzzlink::decode_akari(token, max_cells)
    } else {
        lightup::decode(token, max_cells)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_apart_by_their_first_bytes() {
        assert_eq!(
            recognise(b"https://puzz.link/p?slither/1/1/0"),
            Format::PuzzLink
        );
        assert_eq!(
            recognise(b"http://pzv.jp/p.html?slither/1/1/0"),
            Format::PuzzLink
        );
        for url in [
            &b"puzz.link/p?slither/1/1/0"[..],
            b"www.pzv.jp/p.html?slither/1/1/0",
            b"pzprxs.vercel.app/p?slither/1/1/0",
            b"PZPLUS.TCK.MN/p?slither/1/1/0",
            b"HTTPS://PUZZ.LINK/p?slither/1/1/0",
            b"Http://example.org/p?slither/1/1/0",
            b"https%3A%2F%2Fpuzz.link%2Fp%3Fslither%2F1%2F1%2F0",
            b"puzz.link%2Fp%3Fslither%2F1%2F1%2F0",
        ] {
            assert_eq!(recognise(url), Format::PuzzLink, "{url:?}");
        }
        // A host no copy of pzprjs has is a URL only with its scheme.
        for other in [
            &b"example.org/p?slither/1/1/0"[..],
            b"puzz.link",
            b"puzz.linker/p",
        ] {
            assert_eq!(recognise(other), Format::Contest, "{other:?}");
        }
        assert_eq!(recognise(b"10x10t0:a"), Format::Loopy);
        assert_eq!(recognise(b"7x3dh:a"), Format::Loopy);
        assert_eq!(recognise(b"7x3:a"), Format::Loopy);
        assert_eq!(recognise(b"pzprv3"), Format::Pzprv3);
        assert_eq!(recognise(b"pzprv3.1"), Format::Pzprv3);
        assert_eq!(recognise(b"begin"), Format::Janko);
        for contest in [&b"10"[..], b".", b"3", b"0x", b"10x", b"x10:", b"10x10"] {
            assert_eq!(recognise(contest), Format::Contest, "{contest:?}");
        }
    }
}
