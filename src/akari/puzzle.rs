//! The Akari grid and its text notation: a first token N, then N×N cells, each
//! `.` (white), `X` (grey), `0`–`4` (grey with a number) or `*` (a light),
//! separated by any whitespace. Output is the same notation without the size
//! line, one row per line, cells separated by single spaces.
//!
//! The `akari` command line also reads the community's formats, of any shape
//! (see [`crate::formats::read`]).

use std::io::Read;

use crate::shared::tokens::{InputError, Position, Tokens};

/// The largest grid accepted (the statement's is 10).
pub(crate) const MAX_SIZE: usize = 50;

/// One cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Square {
    /// A white cell with no light.
    Empty,
    /// A white cell with a light.
    Light,
    /// A grey cell, with its number if it has one.
    Grey(Option<u8>),
}

/// A grid of cells in row-major order: square in the statement's notation,
/// any shape from the community's formats.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// `rows × cols` cells.
    pub squares: Vec<Square>,
}

impl Puzzle {
    /// Reads a puzzle in the statement's notation; anything after the last
    /// cell is ignored (a judge's input holds one puzzle).
    pub fn read(input: impl Read) -> Result<Puzzle, InputError> {
        let mut tokens = Tokens::new(input);
        match tokens.next_token()? {
            Some(at) => Puzzle::read_notation(&mut tokens, at),
            None => Err(InputError::at(
                tokens.end(),
                "expected the grid size, found end of input",
            )),
        }
    }

    /// Reads a puzzle in the statement's notation, its size (at `at`) just
    /// read from `tokens`.
    pub(crate) fn read_notation<R: Read>(
        tokens: &mut Tokens<R>,
        at: Position,
    ) -> Result<Puzzle, InputError> {
        let size = match std::str::from_utf8(tokens.bytes())
            .ok()
            .and_then(|t| t.parse::<usize>().ok())
        {
            Some(n) if (1..=MAX_SIZE).contains(&n) => n,
            _ => {
                let expected = format!("the grid size (1 to {})", MAX_SIZE);
                return Err(InputError::unexpected(at, &expected, &tokens.text()));
            }
        };
        let mut squares = Vec::with_capacity(size * size);
        while squares.len() < size * size {
            let at = match tokens.next_token()? {
                Some(at) => at,
                None => {
                    let message = format!(
                        "expected {} more cells ({} of {} read), found end of input",
                        size * size - squares.len(),
                        squares.len(),
                        size * size
                    );
                    return Err(InputError::at(tokens.end(), message));
                }
            };
            squares.push(match tokens.bytes() {
                b"." => Square::Empty,
                b"*" => Square::Light,
                b"X" => Square::Grey(None),
                [d @ b'0'..=b'4'] => Square::Grey(Some(d - b'0')),
                _ => {
                    let expected = "a cell ('.', 'X', '0'-'4' or '*')";
                    return Err(InputError::unexpected(at, expected, &tokens.text()));
                }
            });
        }
        Ok(Puzzle {
            rows: size,
            cols: size,
            squares,
        })
    }

    /// The grid in the notation, without the size line.
    pub(crate) fn render(&self) -> String {
        let mut out = String::with_capacity(self.squares.len() * 2);
        for row in self.squares.chunks(self.cols) {
            let cells: Vec<String> = row
                .iter()
                .map(|s| match s {
                    Square::Empty => ".".to_string(),
                    Square::Light => "*".to_string(),
                    Square::Grey(None) => "X".to_string(),
                    Square::Grey(Some(n)) => n.to_string(),
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }

    /// A cell reference as the statement writes it: row digit then column digit
    /// (`23` is row 2, column 3); `r,c` on grids larger than 10, where digits
    /// would run together.
    pub(crate) fn cell_name(&self, index: usize) -> String {
        let (r, c) = (index / self.cols, index % self.cols);
        if self.rows <= 10 && self.cols <= 10 {
            format!("{}{}", r, c)
        } else {
            format!("{},{}", r, c)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        Puzzle::read(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn reads_and_writes_the_notation() {
        let p = Puzzle::read("3\r\n. X 2\n* 0 .\n. . 4\n".as_bytes()).unwrap();
        assert_eq!(p.render(), ". X 2\n* 0 .\n. . 4\n");
        assert_eq!(p.cell_name(5), "12");
    }

    #[test]
    fn errors_name_the_place() {
        assert_eq!(
            error("2\n. x\n. ."),
            "line 2, column 3: expected a cell ('.', 'X', '0'-'4' or '*'), found 'x'"
        );
        assert_eq!(
            error("0"),
            "line 1, column 1: expected the grid size (1 to 50), found '0'"
        );
        assert_eq!(
            error("2\n. ."),
            "line 2, column 4: expected 2 more cells (2 of 4 read), found end of input"
        );
        assert_eq!(
            error(""),
            "line 1, column 1: expected the grid size, found end of input"
        );
    }

    #[test]
    fn large_grids_name_cells_with_a_comma() {
        let p = Puzzle {
            rows: 12,
            cols: 12,
            squares: vec![Square::Empty; 144],
        };
        assert_eq!(p.cell_name(12 * 11 + 3), "11,3");
    }
}
