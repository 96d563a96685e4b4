//! Su-domino-ku input: a count N, N dominoes `U LU V LV` (a digit and its place,
//! the other digit and its place), then the places of the single digits 1 to 9;
//! repeated; a count of 0 ends the input (so does the end of the input after a
//! whole puzzle). Places are a row letter A–I and a column digit 1–9.
//!
//! Every rule the statement gives the input is checked here, with the place of
//! the offending token: digits 1–9, places A1–I9, the two halves of a domino
//! different and side by side, no domino twice, no cell twice.

use std::io::Read;

use crate::shared::tokens::{InputError, Position, Tokens};

/// A domino placed on the board: digit `digits[k]` at cell `cells[k]` (cells
/// numbered row-major from 0 = A1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Placed {
    /// The two digits, 1–9.
    pub digits: [u8; 2],
    /// The two cells.
    pub cells: [usize; 2],
}

/// One puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// The dominoes placed at the start.
    pub dominoes: Vec<Placed>,
    /// The cell of each single digit 1–9 (`singles[d - 1]`).
    pub singles: [usize; 9],
}

/// The most dominoes a puzzle can place (all 36 pairs).
pub(crate) const MAX_DOMINOES: u64 = 36;

/// Reads puzzles one at a time.
pub struct PuzzleReader<R> {
    tokens: Tokens<R>,
    finished: bool,
}

impl<R: Read> PuzzleReader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> Self {
        PuzzleReader {
            tokens: Tokens::new(input),
            finished: false,
        }
    }

    fn token(&mut self, expected: &str) -> Result<Position, InputError> {
        match self.tokens.next_token()? {
            Some(at) => Ok(at),
            None => Err(InputError::at(
                self.tokens.end(),
                format!("expected {}, found end of input", expected),
            )),
        }
    }

    fn digit(&mut self) -> Result<u8, InputError> {
        let at = self.token("a digit 1-9")?;
        match self.tokens.bytes() {
            [d @ b'1'..=b'9'] => Ok(d - b'0'),
            _ => Err(InputError::unexpected(
                at,
                "a digit 1-9",
                &self.tokens.text(),
            )),
        }
    }

    fn place(&mut self, used: &mut [bool; 81]) -> Result<(usize, Position), InputError> {
        let at = self.token("a place A1-I9")?;
        let cell = match self.tokens.bytes() {
            [r @ b'A'..=b'I', c @ b'1'..=b'9'] => usize::from(r - b'A') * 9 + usize::from(c - b'1'),
            _ => {
                return Err(InputError::unexpected(
                    at,
                    "a place A1-I9",
                    &self.tokens.text(),
                ))
            }
        };
        if used[cell] {
            let message = format!(
                "expected a free cell, found '{}', which is already used",
                self.tokens.text()
            );
            return Err(InputError::at(at, message));
        }
        used[cell] = true;
        Ok((cell, at))
    }

    /// The next puzzle, `None` at the end, or the first error.
    pub fn next_puzzle(&mut self) -> Result<Option<Puzzle>, InputError> {
        if self.finished {
            return Ok(None);
        }
        let at = match self.tokens.next_token()? {
            Some(at) => at,
            None => {
                self.finished = true;
                return Ok(None);
            }
        };
        let count = match std::str::from_utf8(self.tokens.bytes())
            .ok()
            .and_then(|t| t.parse::<u64>().ok())
        {
            Some(0) => {
                self.finished = true;
                return Ok(None);
            }
            Some(n) if n <= MAX_DOMINOES => n,
            _ => {
                let expected = format!(
                    "the number of dominoes (1 to {}, or 0 to end)",
                    MAX_DOMINOES
                );
                return Err(InputError::unexpected(at, &expected, &self.tokens.text()));
            }
        };
        let mut used = [false; 81];
        let mut pairs = [[false; 10]; 10];
        let mut dominoes = Vec::new();
        for _ in 0..count {
            let u = self.digit()?;
            let (lu, _) = self.place(&mut used)?;
            let v_at = self.token("a digit 1-9")?;
            let v = match self.tokens.bytes() {
                [d @ b'1'..=b'9'] => d - b'0',
                _ => {
                    return Err(InputError::unexpected(
                        v_at,
                        "a digit 1-9",
                        &self.tokens.text(),
                    ))
                }
            };
            if v == u {
                let expected = format!("the other digit of a domino (not {} again)", u);
                return Err(InputError::unexpected(v_at, &expected, &self.tokens.text()));
            }
            let (lv, lv_at) = self.place(&mut used)?;
            // Side by side: one step apart in a row or a column. (Compared
            // this way, not with `abs_diff`, which needs Rust 1.60.)
            let (ru, cu, rv, cv) = (lu / 9, lu % 9, lv / 9, lv % 9);
            let beside = (ru == rv && cu.max(cv) - cu.min(cv) == 1)
                || (cu == cv && ru.max(rv) - ru.min(rv) == 1);
            if !beside {
                let expected = format!("a place beside {}", name(lu));
                return Err(InputError::unexpected(
                    lv_at,
                    &expected,
                    &self.tokens.text(),
                ));
            }
            let (lo, hi) = (u.min(v), u.max(v));
            if pairs[usize::from(lo)][usize::from(hi)] {
                return Err(InputError::at(
                    v_at,
                    format!("the domino {}+{} is placed twice", lo, hi),
                ));
            }
            pairs[usize::from(lo)][usize::from(hi)] = true;
            dominoes.push(Placed {
                digits: [u, v],
                cells: [lu, lv],
            });
        }
        let mut singles = [0; 9];
        for single in singles.iter_mut() {
            *single = self.place(&mut used)?.0;
        }
        Ok(Some(Puzzle { dominoes, singles }))
    }
}

/// A cell's name, `A1` to `I9`.
pub(crate) fn name(cell: usize) -> String {
    format!("{}{}", (b'A' + (cell / 9) as u8) as char, cell % 9 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        let mut reader = PuzzleReader::new(text.as_bytes());
        loop {
            match reader.next_puzzle() {
                Ok(Some(_)) => continue,
                Ok(None) => panic!("no error in {text:?}"),
                Err(e) => return e.to_string(),
            }
        }
    }

    const SINGLES: &str = "C5 A3 D9 I4 A9 E5 A2 C6 I1";

    #[test]
    fn reads_a_puzzle() {
        let text = format!("1\n6 B2 1 B3 \r\n{SINGLES}\n0\n");
        let p = PuzzleReader::new(text.as_bytes())
            .next_puzzle()
            .unwrap()
            .unwrap();
        assert_eq!(
            p.dominoes,
            vec![Placed {
                digits: [6, 1],
                cells: [10, 11]
            }]
        );
        assert_eq!(p.singles[0], 2 * 9 + 4);
    }

    #[test]
    fn every_input_rule_is_checked_where_it_breaks() {
        assert_eq!(
            error(&format!("1\n6 J2 1 B3\n{SINGLES}")),
            "line 2, column 3: expected a place A1-I9, found 'J2'"
        );
        assert_eq!(
            error(&format!("1\n6 B2 1 B4\n{SINGLES}")),
            "line 2, column 8: expected a place beside B2, found 'B4'"
        );
        assert_eq!(
            error(&format!("1\n6 B2 6 B3\n{SINGLES}")),
            "line 2, column 6: expected the other digit of a domino (not 6 again), found '6'"
        );
        assert_eq!(
            error(&format!("2\n6 B2 1 B3\n1 D2 6 D3\n{SINGLES}")),
            "line 3, column 6: the domino 1+6 is placed twice"
        );
        assert_eq!(
            error("1\n6 B2 1 B3\nB2 A3 D9 I4 A9 E5 A2 C6 I1"),
            "line 3, column 1: expected a free cell, found 'B2', which is already used"
        );
        assert_eq!(
            error("40\n"),
            "line 1, column 1: expected the number of dominoes (1 to 36, or 0 to end), found '40'"
        );
        assert_eq!(
            error("-1\n"),
            "line 1, column 1: expected the number of dominoes (1 to 36, or 0 to end), found '-1'"
        );
        assert_eq!(
            error("1\n6 B2 1"),
            "line 2, column 7: expected a place A1-I9, found end of input"
        );
        assert_eq!(
            error("1\n0 B2 1 B3"),
            "line 2, column 1: expected a digit 1-9, found '0'"
        );
    }
}
