//! Reading whitespace-separated tokens from bytes, with the 1-based line and
//! column of each: the part of input handling that `slink`, `akari` and
//! `sudominoku` share, with the error type they all use.
//!
//! Any mix of spaces, tabs, CR and LF separates tokens. A line ends at LF, CR or
//! CRLF (so old Mac files count their lines right), and a byte-order mark at the
//! very start is skipped. Columns count characters, not bytes. A token that is
//! not UTF-8 is an error at its first bad byte, and one longer than any valid
//! token ([`MAX_TOKEN`] bytes) is an error as soon as it is seen, so endless
//! input such as `/dev/zero` costs no memory. Tokens are shown in messages with
//! control characters escaped (`\0`, `\x1b`).

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// A place in the input, 1-based.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Position {
    /// Line, from 1.
    pub(crate) line: u64,
    /// Column in characters, from 1.
    pub(crate) column: u64,
}

/// What can go wrong below the level of tokens.
#[derive(Debug)]
pub(crate) enum TokenError {
    /// Reading failed.
    Io(io::Error),
    /// A byte that is not UTF-8, at this position.
    NotUtf8 {
        /// The first offending byte.
        byte: u8,
        /// Where it is.
        at: Position,
    },
    /// A token longer than the limit that applies to it.
    TooLong {
        /// Where it starts.
        at: Position,
        /// Its first [`MAX_TOKEN`] characters as shown in a message, and `…`.
        shown: String,
        /// The limit, in bytes: [`MAX_TOKEN`], or [`MAX_LONG_TOKEN`] for a
        /// URL, a game ID or the text a format allows to run long.
        limit: usize,
    },
}

/// The longest token any of the programs reads, in bytes: no clue, size or
/// place comes near it.
pub(crate) const MAX_TOKEN: usize = 32;

/// The longest puzz.link URL or Loopy game ID `slink` reads (16 MiB: a grid
/// of the most cells the reader takes by default needs 4 MB at most).
pub(crate) const MAX_LONG_TOKEN: usize = 1 << 24;

impl TokenError {
    /// What a position expects, said when a token is past `limit` bytes.
    pub(crate) fn short_token(limit: usize) -> String {
        format!("a token of at most {} bytes", limit)
    }
}

/// Splits a byte stream into tokens, counting lines and columns.
pub(crate) struct Tokens<R> {
    inner: R,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    here: Position,
    /// Where the last token ended: end-of-input errors point just after it.
    end: Position,
    text: Vec<u8>,
    /// Where the last token lies in `buf`, unless it ran past the end of the
    /// buffer and was copied to `text` (`spilled`).
    span: (usize, usize),
    spilled: bool,
    /// The last byte was a CR: an LF now ends no new line.
    after_cr: bool,
    /// Whether the first token has been looked for (and a byte-order mark
    /// skipped).
    started: bool,
    /// Whether any token may run to [`MAX_LONG_TOKEN`] bytes (the tail of a
    /// pzprv3 file, which `slink` skips).
    pub(crate) long_tokens: bool,
    /// Which tokens may run to [`MAX_LONG_TOKEN`] bytes, by their first
    /// bytes (URLs and game IDs, for the readers of those formats).
    pub(crate) long_when: Option<fn(&[u8]) -> bool>,
}

impl<R: Read> Tokens<R> {
    /// Tokens of `inner`.
    pub(crate) fn new(inner: R) -> Self {
        let start = Position { line: 1, column: 1 };
        Tokens {
            inner,
            buf: vec![0; 1 << 16],
            pos: 0,
            len: 0,
            here: start,
            end: start,
            text: Vec::new(),
            span: (0, 0),
            spilled: false,
            after_cr: false,
            started: false,
            long_tokens: false,
            long_when: None,
        }
    }

    /// Skips a UTF-8 byte-order mark at the start of the input, reading until
    /// three bytes are at hand (a pipe may deliver fewer at a time).
    fn skip_byte_order_mark(&mut self) -> Result<(), TokenError> {
        while self.len < 3 && self.read_more()? > 0 {}
        if self.buf[..self.len].starts_with(&[0xEF, 0xBB, 0xBF]) {
            self.pos = 3;
        }
        Ok(())
    }

    /// Reads what the input has into the buffer after its `len` bytes (retried
    /// when interrupted); returns how many bytes came, 0 at the end.
    fn read_more(&mut self) -> Result<usize, TokenError> {
        loop {
            match self.inner.read(&mut self.buf[self.len..]) {
                Ok(n) => {
                    self.len += n;
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(TokenError::Io(e)),
            }
        }
    }

    /// Makes sure a byte is buffered unless the input is over: `Ok(false)` at
    /// its end.
    fn fill(&mut self) -> Result<bool, TokenError> {
        if self.pos == self.len {
            self.pos = 0;
            self.len = 0;
            self.read_more()?;
        }
        Ok(self.pos < self.len)
    }

    /// Moves past one whitespace byte.
    fn advance_space(&mut self, byte: u8) {
        self.pos += 1;
        count_space(&mut self.here, &mut self.after_cr, byte);
    }

    /// Reads one-byte tokens straight from the buffer while they come (most
    /// clues are one): each byte that `decode` accepts, with whitespace after
    /// it in the buffer, goes to `out`, up to `limit` of them. Returns how many;
    /// it stops before anything else (a longer token, a byte `decode` refuses,
    /// the end of the buffer), which the caller reads with
    /// [`Tokens::next_token`]. (Kept out of line: inlined into the contest
    /// reader's step, it cost reading 200 20×20 puzzles 1.3 million more
    /// instructions.)
    #[inline(never)]
    pub(crate) fn read_run<V>(
        &mut self,
        limit: u64,
        out: &mut Vec<V>,
        decode: impl Fn(u8) -> Option<V>,
    ) -> u64 {
        if !self.started {
            return 0;
        }
        let (mut at, mut after_cr, mut pos, mut read) = (self.here, self.after_cr, self.pos, 0);
        let bytes = &self.buf[..self.len];
        while read < limit && pos < bytes.len() {
            let b = bytes[pos];
            if b.is_ascii_whitespace() {
                count_space(&mut at, &mut after_cr, b);
            } else {
                let value = match bytes.get(pos + 1) {
                    Some(next) if next.is_ascii_whitespace() => decode(b),
                    _ => None,
                };
                match value {
                    Some(value) => out.push(value),
                    None => break,
                }
                self.span = (pos, pos + 1);
                self.spilled = false;
                at.column += 1;
                after_cr = false;
                self.end = at;
                read += 1;
            }
            pos += 1;
        }
        self.here = at;
        self.after_cr = after_cr;
        self.pos = pos;
        read
    }

    /// Just after the last token read (where "the input ends" is reported).
    pub(crate) fn end(&self) -> Position {
        self.end
    }

    /// The next token's position (its text is then [`Tokens::bytes`]), or `None`
    /// at the end of input.
    pub(crate) fn next_token(&mut self) -> Result<Option<Position>, TokenError> {
        if !self.started {
            self.started = true;
            self.skip_byte_order_mark()?;
        }
        // Whitespace, byte by byte, within the buffer, refilled as it runs out.
        loop {
            while self.pos < self.len {
                let b = self.buf[self.pos];
                if !b.is_ascii_whitespace() {
                    break;
                }
                self.advance_space(b);
            }
            if self.pos < self.len || !self.fill()? {
                break;
            }
        }
        let start = self.here;
        self.text.clear();
        self.spilled = false;
        self.span = (self.pos, self.pos);
        let mut limit = if self.long_tokens {
            MAX_LONG_TOKEN
        } else {
            MAX_TOKEN
        };
        // The token: each buffered run of its bytes at once, left in the
        // buffer unless a refill is needed. Columns count characters, so UTF-8
        // continuation bytes add none.
        while self.fill()? {
            let from = self.pos;
            let room = limit + 1 - self.text.len();
            let stop = self.len.min(from + room);
            let mut to = from;
            let mut continuations = 0;
            while to < stop && !self.buf[to].is_ascii_whitespace() {
                continuations += u64::from(self.buf[to] & 0xC0 == 0x80);
                to += 1;
            }
            if self.text.len() + (to - from) > limit {
                // A puzz.link URL or a Loopy game ID may be longer, when its
                // first bytes say it is one (see `long_when`).
                if let (MAX_TOKEN, Some(long)) = (limit, self.long_when) {
                    let mut head = std::mem::take(&mut self.text);
                    head.extend_from_slice(&self.buf[from..to]);
                    if long(&head) {
                        limit = MAX_LONG_TOKEN;
                        self.text = head;
                        self.spilled = true;
                        self.here.column += (to - from) as u64 - continuations;
                        self.after_cr = false;
                        self.pos = to;
                        continue;
                    }
                    head.truncate(head.len() - (to - from));
                    self.text = head;
                }
                // One byte too many: the token is too long, whatever follows.
                self.text.extend_from_slice(&self.buf[from..to - 1]);
                // Only its head is shown, however long it is.
                self.text.truncate(4 * MAX_TOKEN);
                let head: String = String::from_utf8_lossy(&self.text)
                    .chars()
                    .take(MAX_TOKEN)
                    .collect();
                self.text = head.into_bytes();
                self.spilled = true;
                return Err(TokenError::TooLong {
                    at: start,
                    shown: format!("{}…", self.text()),
                    limit,
                });
            }
            self.here.column += (to - from) as u64 - continuations;
            self.after_cr = self.after_cr && to == from;
            self.pos = to;
            if to < self.len && !self.spilled {
                self.span = (from, to);
                break;
            }
            self.text.extend_from_slice(&self.buf[from..to]);
            self.spilled = true;
            if to < self.len {
                break;
            }
        }
        let bytes = self.bytes();
        if bytes.is_empty() {
            return Ok(None);
        }
        if bytes.is_ascii() {
            self.end = self.here;
            return Ok(Some(start));
        }
        self.end = self.here;
        let bytes = self.bytes();
        if let Err(e) = std::str::from_utf8(bytes) {
            let good = e.valid_up_to();
            let chars = String::from_utf8_lossy(&bytes[..good]).chars().count() as u64;
            return Err(TokenError::NotUtf8 {
                byte: bytes[good],
                at: Position {
                    line: start.line,
                    column: start.column + chars,
                },
            });
        }
        Ok(Some(start))
    }

    /// The last token's bytes.
    pub(crate) fn bytes(&self) -> &[u8] {
        if self.spilled {
            &self.text
        } else {
            &self.buf[self.span.0..self.span.1]
        }
    }

    /// The last token as a message shows it: control characters and
    /// byte-order marks escaped, so that nothing invisible or raw reaches a
    /// terminal.
    pub(crate) fn text(&self) -> String {
        let mut shown = String::new();
        for c in String::from_utf8_lossy(self.bytes()).chars() {
            match c {
                '\0' => shown.push_str("\\0"),
                c if (c as u32) < 0x100 && c.is_control() => {
                    shown.push_str(&format!("\\x{:02x}", c as u32))
                }
                c if c.is_control() || c == '\u{feff}' => {
                    shown.push_str(&format!("\\u{{{:x}}}", c as u32))
                }
                c => shown.push(c),
            }
        }
        shown
    }
}

/// Counts one whitespace byte into the position `at`: CR, LF and CRLF each
/// end a line (`after_cr` says whether the byte before was a CR).
fn count_space(at: &mut Position, after_cr: &mut bool, byte: u8) {
    if byte == b'\r' || (byte == b'\n' && !*after_cr) {
        at.line += 1;
        at.column = 1;
    } else if byte != b'\n' {
        at.column += 1;
    }
    *after_cr = byte == b'\r';
}

/// Standard input, or the file `fallback` when standard input is empty (or
/// cannot be read) and that file exists: how the 2007 contest ran its programs,
/// with `slink.in` in the working folder and standard input from `/dev/null`.
/// The error is the message to print after the program's name.
///
/// Standard input is peeked, not read: what is there stays for the caller.
pub(crate) fn stdin_or_file(fallback: &str) -> Result<Box<dyn Read>, String> {
    let mut stdin = BufReader::new(io::stdin());
    let empty = stdin.fill_buf().map_or(true, |b| b.is_empty());
    if empty && Path::new(fallback).is_file() {
        return File::open(fallback)
            .map(|f| Box::new(f) as Box<dyn Read>)
            .map_err(|e| format!("cannot open '{}': {}", fallback, e));
    }
    Ok(Box::new(stdin))
}

/// An input error with its place, as all three programs report them:
/// `line L, column C: <message>`.
#[derive(Debug)]
pub struct InputError {
    /// Where (`None` for a read failure, which has no place).
    pub(crate) at: Option<Position>,
    /// What was expected and found.
    pub(crate) message: String,
}

impl InputError {
    /// An error at a position.
    pub(crate) fn at(at: Position, message: impl Into<String>) -> InputError {
        InputError {
            at: Some(at),
            message: message.into(),
        }
    }

    /// `expected …, found '…'` at a token.
    pub(crate) fn unexpected(at: Position, expected: &str, found: &str) -> InputError {
        InputError::at(at, format!("expected {}, found '{}'", expected, found))
    }
}

impl From<TokenError> for InputError {
    fn from(e: TokenError) -> InputError {
        match e {
            TokenError::Io(e) => InputError {
                at: None,
                message: format!("cannot read input: {}", e),
            },
            TokenError::NotUtf8 { byte, at } => InputError::at(
                at,
                format!("expected UTF-8 text, found byte 0x{:02X}", byte),
            ),
            TokenError::TooLong { at, shown, limit } => {
                InputError::unexpected(at, &TokenError::short_token(limit), &shown)
            }
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some(p) => write!(f, "line {}, column {}: {}", p.line, p.column, self.message),
            None => write!(f, "{}", self.message),
        }
    }
}
