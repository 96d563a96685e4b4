//! puzz.link URLs (pzprjs's format): `https://puzz.link/p?slither/COLS/ROWS/BODY`,
//! also under the old `http://pzv.jp/p.html?` address or any other host, with
//! the type `slither` or `slitherlink`, optionally `_edit` or `_play`; Light
//! Up's (`lightup`, `akari`, `bijutsukan`) have the same body, a number there
//! a numbered black cell and `.` an unnumbered one.
//!
//! A URL is known by its start ([`is_url`]): `http://` or `https://` in any
//! case and then any host, or, pasted without them, one of the hosts of
//! pzprjs and its copies ([`HOSTS`]). Escapes such as `%2F` and `%3F`, as a
//! URL passed through another's query comes, stand for their characters;
//! errors are placed in the URL as written.
//!
//! BODY lists the cells row by row, one symbol standing for one to twenty:
//! `0`–`4` a clue; `5`–`9` the clue less 5, then one blank; `a`–`e` the clue
//! less 10, then two blanks; `g`–`z` a run of 1 to 20 blanks; `.` a `?` clue (a
//! blank here). Blanks a last clue would carry past the grid's end are dropped,
//! so a trailing clue may be written either way; cells past the body's end
//! are blank, as pzprjs reads them (a body longer than the grid is an error). A segment between the type
//! and the size (such as `f`, every dot visited) makes a different puzzle, and
//! is refused.

use crate::akari::puzzle::{self as akari, Square};
use crate::formats::grid_size;
use crate::slink::parse::Puzzle;

/// What a body symbol stands for, before the puzzle type gives it a meaning.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Symbol {
    /// A number 0–4 (a clue; a numbered black cell in Light Up).
    Number(u8),
    /// `.`: a `?` clue; an unnumbered black cell in Light Up.
    Dot,
    /// Nothing: a blank cell; a white one in Light Up.
    Blank,
}

/// The hosts of pzprjs and its copies, by which a URL pasted without
/// `https://` is known (with `www.` before them or not, in any case).
pub(crate) const HOSTS: [&str; 4] = ["puzz.link", "pzv.jp", "pzprxs.vercel.app", "pzplus.tck.mn"];

/// Whether `token` starts as a URL does (see the module's doc), escapes
/// read.
pub(crate) fn is_url(token: &[u8]) -> bool {
    // The longest start looked at: `https://www.pzprxs.vercel.app/`, escaped.
    let (head, _) = unescape(&token[..token.len().min(96)]);
    let starts =
        |start: &[u8]| head.len() >= start.len() && head[..start.len()].eq_ignore_ascii_case(start);
    if starts(b"http://") || starts(b"https://") {
        return true;
    }
    let host = if starts(b"www.") {
        &head[4..]
    } else {
        &head[..]
    };
    HOSTS.iter().any(|h| {
        let h = h.as_bytes();
        host.len() > h.len() && host[..h.len()].eq_ignore_ascii_case(h) && host[h.len()] == b'/'
    })
}

/// `bytes` with each escape `%XX` of an ASCII character replaced by it, and
/// where each byte of the result (and its end) was in `bytes`. Other bytes,
/// escapes of bytes past ASCII among them, stay as they are, so that text
/// stays UTF-8.
fn unescape(bytes: &[u8]) -> (Vec<u8>, Vec<usize>) {
    let hex = |b: u8| char::from(b).to_digit(16);
    let mut plain = Vec::with_capacity(bytes.len());
    let mut origin = Vec::with_capacity(bytes.len() + 1);
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes.get(i..i + 3) {
            Some(&[b'%', high, low]) => hex(high).zip(hex(low)).map(|(h, l)| h * 16 + l),
            _ => None,
        };
        origin.push(i);
        match escaped {
            Some(byte) if byte < 0x80 => {
                plain.push(byte as u8);
                i += 3;
            }
            _ => {
                plain.push(bytes[i]);
                i += 1;
            }
        }
    }
    origin.push(bytes.len());
    (plain, origin)
}

/// The Slitherlink puzzle of a URL, or the byte offset of what is wrong and
/// what was expected there.
pub(crate) fn decode(url: &str, max_cells: u64) -> Result<Puzzle, (usize, String)> {
    let types = ["slither", "slitherlink"];
    let (rows, cols, cells) =
        decode_cells(url, max_cells, &types, "a Slitherlink puzzle ('slither')")?;
    let clues = cells
        .into_iter()
        .map(|symbol| match symbol {
            Symbol::Number(n) => Some(n),
            Symbol::Dot | Symbol::Blank => None,
        })
        .collect();
    Ok(Puzzle { rows, cols, clues })
}

/// The Light Up puzzle of a URL (types `lightup`, `akari`, `bijutsukan`): a
/// number is a numbered black cell, `.` an unnumbered one, blanks are white.
pub(crate) fn decode_akari(url: &str, max_cells: u64) -> Result<akari::Puzzle, (usize, String)> {
    let types = ["lightup", "akari", "bijutsukan"];
    let (rows, cols, cells) =
        decode_cells(url, max_cells, &types, "a Light Up puzzle ('lightup')")?;
    let squares = cells
        .into_iter()
        .map(|symbol| match symbol {
            Symbol::Number(n) => Square::Grey(Some(n)),
            Symbol::Dot => Square::Grey(None),
            Symbol::Blank => Square::Empty,
        })
        .collect();
    Ok(akari::Puzzle {
        rows: rows as usize,
        cols: cols as usize,
        squares,
    })
}

/// The size and cells of a URL whose type (before an `_edit` or `_play`) is
/// one of `types`; `kind` says what was expected when it is not. Escapes are
/// read first; an error's offset is in `url` as written.
pub(crate) fn decode_cells(
    url: &str,
    max_cells: u64,
    types: &[&str],
    kind: &str,
) -> Result<(u32, u32, Vec<Symbol>), (usize, String)> {
    let (plain, origin) = unescape(url.as_bytes());
    // Only escapes of ASCII characters are replaced: still UTF-8.
    let plain = String::from_utf8_lossy(&plain);
    decode_plain(&plain, max_cells, types, kind).map_err(|(at, message)| {
        let at = origin.get(at).copied().unwrap_or(url.len());
        (at, message)
    })
}

/// [`decode_cells`] on a URL with no escapes left.
fn decode_plain(
    url: &str,
    max_cells: u64,
    types: &[&str],
    kind: &str,
) -> Result<(u32, u32, Vec<Symbol>), (usize, String)> {
    let query = match url.find('?') {
        Some(q) => q + 1,
        None => {
            return Err((
                url.len(),
                "expected '?' and the puzzle, found the end".into(),
            ))
        }
    };
    // The segments of the query with their offsets.
    let mut segments = Vec::new();
    let mut start = query;
    for part in url[query..].split('/') {
        segments.push((start, part));
        start += part.len() + 1;
    }
    let (at, found) = segments[0];
    let base = found
        .strip_suffix("_edit")
        .or_else(|| found.strip_suffix("_play"))
        .unwrap_or(found);
    if !types.contains(&base) {
        return Err((at, format!("expected {kind}, found '{found}'")));
    }
    let number = |i: usize, what: &str| -> Result<u64, (usize, String)> {
        match segments.get(i) {
            Some(&(at, text)) => match text.parse::<u64>() {
                Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
                _ if is_negative(text) => Err((
                    at,
                    format!("expected {what}, found '{text}': a size cannot be negative"),
                )),
                _ if i == 1 => Err((
                    at,
                    format!(
                        "expected {what}, found '{text}' (a variant this solver does not take)"
                    ),
                )),
                _ => Err((at, format!("expected {what}, found '{text}'"))),
            },
            None => Err((url.len(), format!("expected {what}, found the end"))),
        }
    };
    let cols = number(1, "the number of columns")?;
    let rows = number(2, "the number of rows")?;
    let (rows, cols) =
        grid_size(cols, rows, max_cells).map_err(|e| (segments[1].0, format!("expected {e}")))?;
    let cells = rows as usize * cols as usize;
    // A URL without a body is a blank grid, as pzprjs reads it.
    let (body_at, body) = segments.get(3).copied().unwrap_or((url.len(), ""));
    if let Some(&(at, extra)) = segments.get(4) {
        if !(extra.is_empty() && segments.len() == 5) {
            return Err((
                at - 1,
                format!("expected the end after the cells, found '/{extra}'"),
            ));
        }
    }
    let mut read: Vec<Symbol> = Vec::with_capacity(cells);
    for (i, symbol) in body.char_indices() {
        if read.len() == cells {
            return Err((
                body_at + i,
                format!("expected the end (all {cells} cells read), found '{symbol}'"),
            ));
        }
        let (first, blanks) = match symbol {
            '0'..='4' => (Symbol::Number(symbol as u8 - b'0'), 0),
            '5'..='9' => (Symbol::Number(symbol as u8 - b'5'), 1),
            'a'..='e' => (Symbol::Number(symbol as u8 - b'a'), 2),
            'g'..='z' => (Symbol::Blank, symbol as usize - 'g' as usize),
            '.' => (Symbol::Dot, 0),
            _ => {
                return Err((
                    body_at + i,
                    format!("expected a cell symbol (0-9, a-e, g-z or '.'), found '{symbol}'"),
                ))
            }
        };
        // A run must fit; blanks after a number may run past the end (a
        // last number written either way).
        if first == Symbol::Blank && blanks + 1 > cells - read.len() {
            return Err((
                body_at + i,
                format!(
                    "expected at most {} more cells, found a run of {}",
                    cells - read.len(),
                    blanks + 1
                ),
            ));
        }
        read.push(first);
        let room = cells - read.len();
        read.extend(std::iter::repeat(Symbol::Blank).take(blanks.min(room)));
    }
    // The cells past a short body are blank: pzprjs reads such URLs so
    // (its decoder stops where the body does, leaving the rest as the grid
    // was made), and they are in circulation.
    read.resize(cells, Symbol::Blank);
    Ok((rows, cols, read))
}

/// Whether a size segment is a negative number, `-` and digits.
fn is_negative(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or("");
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The puzz.link URL of a Slitherlink puzzle.
pub(crate) fn encode(puzzle: &Puzzle) -> String {
    let cells: Vec<Symbol> = puzzle
        .clues
        .iter()
        .map(|c| c.map_or(Symbol::Blank, Symbol::Number))
        .collect();
    encode_cells("slither", puzzle.cols, puzzle.rows, &cells)
}

/// The puzz.link URL of a Light Up puzzle (its lights left out).
pub(crate) fn encode_akari(puzzle: &akari::Puzzle) -> String {
    let cells: Vec<Symbol> = puzzle
        .squares
        .iter()
        .map(|square| match square {
            Square::Grey(Some(n)) => Symbol::Number(*n),
            Square::Grey(None) => Symbol::Dot,
            Square::Empty | Square::Light => Symbol::Blank,
        })
        .collect();
    encode_cells("lightup", puzzle.cols as u32, puzzle.rows as u32, &cells)
}

/// A URL of type `kind`: each number carries up to two blanks after it, and
/// other blanks go in runs of up to 20.
fn encode_cells(kind: &str, cols: u32, rows: u32, cells: &[Symbol]) -> String {
    let mut body = String::new();
    let blanks_from = |from: usize, most: usize| {
        cells[from.min(cells.len())..]
            .iter()
            .take(most)
            .take_while(|&&c| c == Symbol::Blank)
            .count()
    };
    let mut i = 0;
    while i < cells.len() {
        match cells[i] {
            Symbol::Number(n) => {
                let after = blanks_from(i + 1, 2);
                let symbol = n + 5 * after as u8;
                body.push(char::from(if symbol < 10 {
                    b'0' + symbol
                } else {
                    b'a' + symbol - 10
                }));
                i += 1 + after;
            }
            Symbol::Dot => {
                body.push('.');
                i += 1;
            }
            Symbol::Blank => {
                let run = blanks_from(i, 20);
                body.push(char::from(b'g' + run as u8 - 1));
                i += run;
            }
        }
    }
    format!("https://puzz.link/p?{kind}/{cols}/{rows}/{body}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::contest::parse_all;

    fn clues(text: &str) -> Vec<Option<u8>> {
        parse_all(text).unwrap().remove(0).clues
    }

    fn error(url: &str) -> String {
        let (at, message) = decode(url, 4_000_000).unwrap_err();
        format!("{at}: {message}")
    }

    #[test]
    fn the_issue_example_decodes() {
        // The search issue's example: `slither/5/5/cbcbcddad` is
        // `2..1./.2..1/..2../3..3./.0..3`; its last clue carries two blanks
        // past the end.
        let puzzle = decode("https://puzz.link/p?slither/5/5/cbcbcddad", 100).unwrap();
        assert_eq!((puzzle.rows, puzzle.cols), (5, 5));
        assert_eq!(
            puzzle.clues,
            clues("5 5 2 . . 1 . . 2 . . 1 . . 2 . . 3 . . 3 . . 0 . . 3")
        );
    }

    #[test]
    fn hosts_aliases_and_both_trailing_spellings() {
        let want = decode("https://puzz.link/p?slither/5/5/cbcbcddad", 100).unwrap();
        for url in [
            "http://pzv.jp/p.html?slither/5/5/cbcbcddad",
            "https://puzz.link/p?slitherlink/5/5/cbcbcddad",
            "https://puzz.link/p?slither_edit/5/5/cbcbcddad",
            "https://puzz.link/p?slither_play/5/5/cbcbcddad/",
            "https://puzz.link/p?slither/5/5/cbcbcdda3",
            "puzz.link/p?slither/5/5/cbcbcddad",
            "HTTPS://PUZZ.LINK/p?slither/5/5/cbcbcddad",
            "https://pzprxs.vercel.app/p?slither/5/5/cbcbcddad",
            "https://puzz.link/p%3Fslither%2F5%2F5%2Fcbcbcddad",
            "https%3A%2F%2Fpuzz.link%2Fp%3fslither%2f5%2F5%2Fcbcbcddad",
        ] {
            assert_eq!(decode(url, 100).unwrap(), want, "{url}");
        }
    }

    #[test]
    fn runs_question_marks_and_clue_four() {
        let puzzle = decode("https://puzz.link/p?slither/4/2/4g.9i", 100).unwrap();
        let (four, blank) = (Some(4), None);
        assert_eq!(
            puzzle.clues,
            [four, blank, blank, four, blank, blank, blank, blank]
        );
    }

    #[test]
    fn encoding_round_trips() {
        for text in [
            "5 5 2 . . 1 . . 2 . . 1 . . 2 . . 3 . . 3 . . 0 . . 3",
            "3 4 . . . . . . . . . . . .",
            "2 3 0 1 2 3 . 1",
            "1 25 . . . . . . . . . . . . . . . . . . . . . . . . 3",
        ] {
            let puzzle = parse_all(text).unwrap().remove(0);
            let url = encode(&puzzle);
            assert_eq!(decode(&url, 1000).unwrap(), puzzle, "{url}");
        }
    }

    /// pzprjs leaves the cells past a short body blank (its `decode4Cell`
    /// stops at the body's end); a missing body is the shortest of all.
    #[test]
    fn a_short_body_leaves_the_rest_blank() {
        for (url, contest) in [
            (
                "https://puzz.link/p?slither/3/3/g0h",
                "3 3 . 0 . . . . . . .",
            ),
            ("https://puzz.link/p?slither/2/2/00", "2 2 0 0 . ."),
            ("https://puzz.link/p?slither/2/2/", "2 2 . . . ."),
            ("https://puzz.link/p?slither/2/2", "2 2 . . . ."),
        ] {
            assert_eq!(
                decode(url, 100),
                Ok(parse_all(contest).unwrap().remove(0)),
                "{url}"
            );
        }
    }

    #[test]
    fn errors_name_the_offset_and_what_was_expected() {
        assert_eq!(
            error("https://puzz.link/p?nurikabe/5/5/g"),
            "20: expected a Slitherlink puzzle ('slither'), found 'nurikabe'"
        );
        assert_eq!(
            error("https://puzz.link/p?slither/f/5/5/g"),
            "28: expected the number of columns, found 'f' (a variant this solver does not take)"
        );
        assert_eq!(
            error("https://puzz.link/p?slither/2/2/0f"),
            "33: expected a cell symbol (0-9, a-e, g-z or '.'), found 'f'"
        );
        assert_eq!(
            error("https://puzz.link/p?slither/2/2/00000"),
            "36: expected the end (all 4 cells read), found '0'"
        );
        assert_eq!(
            error("https://puzz.link/p?slither/2/2/0j"),
            "33: expected at most 3 more cells, found a run of 4"
        );
        assert_eq!(
            error("https://puzz.link/p?slither/0/2/g"),
            "28: expected a grid of at least 1×1, not 0×2"
        );
        assert_eq!(
            error("https://puzz.link/p?slither/-5/5/g"),
            "28: expected the number of columns, found '-5': a size cannot be negative"
        );
        assert_eq!(
            error("https://puzz.link/p?slither/5/-5/g"),
            "30: expected the number of rows, found '-5': a size cannot be negative"
        );
        // An error after an escape is placed in the URL as written.
        assert_eq!(
            error("https://puzz.link/p%3Fslither%2F2%2F2%2F0f"),
            "41: expected a cell symbol (0-9, a-e, g-z or '.'), found 'f'"
        );
        assert_eq!(
            error("https://puzz.link/slither/2/2/g"),
            "31: expected '?' and the puzzle, found the end"
        );
    }
}
