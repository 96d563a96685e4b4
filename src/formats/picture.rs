//! The judge's picture read back: a board drawn as `slink` draws answers, or as
//! `--explain` draws partial boards (crosses as `x`, undecided edges blank), is
//! a puzzle with a partial answer. So `slink`'s own output reads back, and a
//! user can cut a board out of a trace, edit it and ask for a hint.
//!
//! For R×C cells the picture is 2R+5 lines of 4C+5 characters (see
//! [`crate::slink::render`]): a border of `#`, a blank line inside it, then dot rows
//! and cell rows by turns, a blank line, the border. In a dot row each dot is
//! `+`, `-`, `|` or a space and each edge after it `---` (a line), ` x ` (a
//! cross) or three spaces (undecided); in a cell row each side is `|`, `x` or a
//! space, and each clue a digit 0–4 or a space, between two spaces. The dots'
//! glyphs follow from the edges, so they are not checked against them: a board
//! edited by hand need not redraw its dots. The picture may be indented, every
//! line alike, and preceded by its number line (as in `slink`'s output); the
//! number is not checked.
//!
//! A picture with no line and no cross is a puzzle alone; otherwise its edges
//! are the partial answer.

use std::io::Read;

use crate::formats::shown;
use crate::shared::tokens::{InputError, Position, Tokens};
use crate::slink::board::EdgeState;
use crate::slink::parse::Puzzle;

/// Whether a token is a picture's top border: `#` from end to end, at least
/// as wide as a one-cell picture.
pub(crate) fn starts(token: &[u8]) -> bool {
    token.len() >= 9 && token.iter().all(|&b| b == b'#')
}

/// A picture's puzzle, and its edges (in the grid's edge order) when it has a
/// line or a cross.
pub(crate) type Picture = (Puzzle, Option<Vec<EdgeState>>);

/// Reads a picture, its top border just read from `tokens` at `top`; refuses
/// one of more than `max_cells` cells.
pub(crate) fn read<R: Read>(
    tokens: &mut Tokens<R>,
    top: Position,
    max_cells: u64,
) -> Result<Picture, InputError> {
    // A dot row of a wide grid is one long token (`+---+---…`).
    tokens.allow_long_tokens(true);
    let result = read_lines(tokens, top, max_cells);
    tokens.allow_long_tokens(false);
    result
}

fn fail(at: Position, message: String) -> InputError {
    InputError::at(at, format!("picture: {message}"))
}

/// The rows read so far: the horizontal edges, dot row by dot row; the
/// vertical ones and the clues, cell row by cell row. The blank line before
/// the bottom border is read as a cell row too, until the border shows what
/// it was.
struct Rows {
    cols: usize,
    across: Vec<EdgeState>,
    down: Vec<EdgeState>,
    clues: Vec<Option<u8>>,
}

fn read_lines<R: Read>(
    tokens: &mut Tokens<R>,
    top: Position,
    max_cells: u64,
) -> Result<Picture, InputError> {
    let width = tokens.bytes().len();
    if (width - 5) % 4 != 0 {
        return Err(fail(
            top,
            format!("expected a top border 4C+5 '#' wide for C columns, found one {width} wide"),
        ));
    }
    let mut rows = Rows {
        cols: (width - 5) / 4,
        across: Vec::new(),
        down: Vec::new(),
        clues: Vec::new(),
    };
    let mut line = vec![b' '; width];
    // Line 1 of the picture is the one after the top border.
    for index in 1u64.. {
        let at = Position {
            line: top.line + index,
            column: top.column,
        };
        let what = format!("line {} of the picture", index + 1);
        let first = match tokens.next_token()? {
            Some(first) if first.line == at.line => first,
            Some(other) => {
                let found = shown(&tokens.text());
                return Err(fail(other, format!("expected {what}, found '{found}'")));
            }
            None => {
                let message = format!("expected {what}, found the end of input");
                return Err(fail(tokens.end(), message));
            }
        };
        if first.column != top.column || tokens.bytes()[0] != b'#' {
            let found = shown(&tokens.text());
            return Err(fail(
                first,
                format!(
                    "expected {what} to start with '#' at column {}, found '{found}'",
                    top.column
                ),
            ));
        }
        if tokens.bytes().len() == width && starts(tokens.bytes()) {
            // The bottom border: 2R+5 lines in all, R at least 1.
            if index < 6 || index % 2 != 0 {
                return Err(fail(
                    first,
                    format!("expected 2R+5 lines for R rows, found the bottom border as {what}"),
                ));
            }
            return rows.finish(at);
        }
        read_line(tokens, first, top.column, &mut line)?;
        let inside = &line[2..width - 2];
        if index == 1 {
            check_blank(inside, at)?;
        } else if index % 2 == 0 {
            rows.dot_row(inside, at)?;
        } else {
            // The grid has at least the cell rows before this line.
            if (rows.clues.len() as u64) > max_cells {
                return Err(fail(
                    at,
                    format!("expected a grid of at most {max_cells} cells, found more rows"),
                ));
            }
            rows.cell_row(inside, at)?;
        }
    }
    unreachable!("the lines run until the bottom border or an error")
}

/// Reads the rest of a line, its first token (a `#` at `left`) just read, into
/// `line` (as wide as the border): each token at its column, up to the `#`
/// that closes it.
fn read_line<R: Read>(
    tokens: &mut Tokens<R>,
    first: Position,
    left: u64,
    line: &mut [u8],
) -> Result<(), InputError> {
    let width = line.len();
    let right = Position {
        line: first.line,
        column: left + width as u64 - 1,
    };
    line.iter_mut().for_each(|b| *b = b' ');
    let mut token = first;
    loop {
        let offset = (token.column - left) as usize;
        let bytes = tokens.bytes();
        if offset + bytes.len() > width {
            let found = shown(&tokens.text());
            return Err(fail(
                token,
                format!(
                    "expected the line to end with '#' at column {}, found '{found}'",
                    right.column
                ),
            ));
        }
        line[offset..offset + bytes.len()].copy_from_slice(bytes);
        if offset + bytes.len() == width {
            break;
        }
        // Just after this token: where the line ends if no token follows.
        let line_end = tokens.end();
        match tokens.next_token()? {
            Some(next) if next.line == first.line => token = next,
            _ => {
                let message = format!(
                    "expected '#' at column {}, closing the line, found the end of the line",
                    right.column
                );
                return Err(fail(line_end, message));
            }
        }
    }
    if line[width - 1] != b'#' || line[width - 2] != b' ' || line[1] != b' ' {
        let offset = if line[1] != b' ' { 1 } else { width - 2 };
        return Err(glyph(
            first,
            offset,
            "a space inside the border",
            &line[offset..offset + 1],
        ));
    }
    Ok(())
}

/// An error at `offset` from the picture's left edge on the line at `at`.
fn glyph(at: Position, offset: usize, expected: &str, found: &[u8]) -> InputError {
    let at = Position {
        line: at.line,
        column: at.column + offset as u64,
    };
    let found = String::from_utf8_lossy(found);
    fail(at, format!("expected {expected}, found '{found}'"))
}

/// The line after the top border holds nothing.
fn check_blank(inside: &[u8], at: Position) -> Result<(), InputError> {
    match inside.iter().position(|&b| b != b' ') {
        Some(i) => Err(glyph(
            at,
            2 + i,
            "a blank line under the border",
            &inside[i..i + 1],
        )),
        None => Ok(()),
    }
}

impl Rows {
    /// A dot row: `inside` is the line between the border's spaces.
    fn dot_row(&mut self, inside: &[u8], at: Position) -> Result<(), InputError> {
        for c in 0..=self.cols {
            let dot = inside[4 * c];
            if !matches!(dot, b'+' | b'-' | b'|' | b' ') {
                let expected = "a dot ('+', '-', '|' or a space)";
                return Err(glyph(at, 2 + 4 * c, expected, &[dot]));
            }
            if c == self.cols {
                break;
            }
            let edge = &inside[4 * c + 1..4 * c + 4];
            self.across.push(match edge {
                b"---" => EdgeState::Line,
                b" x " => EdgeState::Cross,
                b"   " => EdgeState::Unknown,
                _ => {
                    let expected = "an edge ('---' a line, ' x ' a cross, or blank)";
                    return Err(glyph(at, 3 + 4 * c, expected, edge));
                }
            });
        }
        Ok(())
    }

    /// A cell row: sides and clues between spaces.
    fn cell_row(&mut self, inside: &[u8], at: Position) -> Result<(), InputError> {
        for c in 0..=self.cols {
            let side = inside[4 * c];
            self.down.push(match side {
                b'|' => EdgeState::Line,
                b'x' => EdgeState::Cross,
                b' ' => EdgeState::Unknown,
                _ => {
                    let expected = "a side ('|' a line, 'x' a cross, or a space)";
                    return Err(glyph(at, 2 + 4 * c, expected, &[side]));
                }
            });
            if c == self.cols {
                break;
            }
            for i in [1, 3] {
                if inside[4 * c + i] != b' ' {
                    let expected = "a space beside the clue";
                    return Err(glyph(
                        at,
                        2 + 4 * c + i,
                        expected,
                        &inside[4 * c + i..][..1],
                    ));
                }
            }
            let clue = inside[4 * c + 2];
            self.clues.push(match clue {
                b'0'..=b'4' => Some(clue - b'0'),
                b' ' => None,
                _ => {
                    let expected = "a clue 0-4 or a space";
                    return Err(glyph(at, 4 + 4 * c, expected, &[clue]));
                }
            });
        }
        Ok(())
    }

    /// The puzzle, the bottom border just read (at `at`): the last cell row
    /// read was the blank line above it.
    fn finish(mut self, at: Position) -> Result<Picture, InputError> {
        let cols = self.cols;
        let last = self.clues.len() - cols;
        let blank_down = self.down[self.down.len() - cols - 1..].iter();
        let blank = self.clues[last..].iter().all(Option::is_none)
            && blank_down.clone().all(|&s| s == EdgeState::Unknown);
        if !blank {
            let before = Position {
                line: at.line - 1,
                column: at.column,
            };
            return Err(fail(
                before,
                "expected a blank line above the bottom border".to_string(),
            ));
        }
        self.clues.truncate(last);
        self.down.truncate(self.down.len() - cols - 1);
        let rows = (self.clues.len() / cols) as u32;
        let marked = self
            .across
            .iter()
            .chain(&self.down)
            .any(|&s| s != EdgeState::Unknown);
        let puzzle = Puzzle {
            rows,
            cols: cols as u32,
            clues: self.clues,
        };
        // The grid numbers the horizontal edges first, dot row by dot row,
        // then the vertical ones, cell row by cell row: as they were read.
        let mut states = self.across;
        states.extend(self.down);
        Ok((puzzle, if marked { Some(states) } else { None }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::read::PuzzleReader;

    /// The picture of the 2×2 puzzle of 2s with its answer's top line drawn,
    /// the edge under the top-left 2 crossed, the rest undecided.
    const BOARD: &str = "\
#############
#           #
# +-------+ #
#   2   2   #
#   x       #
#   2   2   #
#           #
#           #
#############
";

    fn read_one(text: &str) -> Result<Picture, String> {
        let mut reader = PuzzleReader::new(text.as_bytes());
        let puzzle = reader.next_puzzle().map_err(|e| e.to_string())?;
        Ok((puzzle.expect("a puzzle"), reader.take_partial()))
    }

    #[test]
    fn a_board_reads_as_its_clues_and_edges() {
        let (puzzle, partial) = read_one(BOARD).unwrap();
        assert_eq!((puzzle.rows, puzzle.cols), (2, 2));
        assert_eq!(puzzle.clues, vec![Some(2); 4]);
        let states = partial.expect("edges");
        let grid = puzzle.grid();
        let state = |e: crate::slink::grid::Edge| states[e.0 as usize];
        assert_eq!(state(grid.horizontal(0, 0)), EdgeState::Line);
        assert_eq!(state(grid.horizontal(0, 1)), EdgeState::Line);
        assert_eq!(state(grid.horizontal(1, 0)), EdgeState::Cross);
        let decided = states.iter().filter(|&&s| s != EdgeState::Unknown);
        assert_eq!(decided.count(), 3);
    }

    #[test]
    fn a_number_line_and_an_indent_are_allowed_and_a_bare_puzzle_has_no_edges() {
        let indented: String = BOARD.lines().map(|l| format!("  {l}\n")).collect();
        let (puzzle, partial) = read_one(&format!("7\n{indented}")).unwrap();
        assert_eq!(puzzle.clues.len(), 4);
        assert!(partial.is_some());
        let bare = BOARD.replace("+-------+", "         ").replace('x', " ");
        assert_eq!(read_one(&bare).unwrap().1, None);
    }

    #[test]
    fn errors_name_the_line_and_column() {
        for (edit, message) in [
            (
                ("#   2   2   #\n#   x", "#   2 ? 2   #\n#   x"),
                "line 4, column 7: picture: expected a side ('|' a line, 'x' a cross, or a space), found '?'",
            ),
            (
                ("#   x       #", "#   x   ?   #"),
                "line 5, column 8: picture: expected an edge ('---' a line, ' x ' a cross, or blank), found ' ? '",
            ),
            (
                ("# +-------+ #", "# +--x----+ #"),
                "line 3, column 4: picture: expected an edge ('---' a line, ' x ' a cross, or blank), found '--x'",
            ),
            (
                ("#   2   2   #\n#   x", "#   2  22   #\n#   x"),
                "line 4, column 8: picture: expected a space beside the clue, found '2'",
            ),
            (
                ("#   2   2   #\n#   x", "#   2   5   #\n#   x"),
                "line 4, column 9: picture: expected a clue 0-4 or a space, found '5'",
            ),
            (
                ("# +-------+ #", "# +-------+#"),
                "line 3, column 13: picture: expected '#' at column 13, closing the line, found the end of the line",
            ),
            (
                ("#   x       #", "#   x  #"),
                "line 5, column 9: picture: expected '#' at column 13, closing the line, found the end of the line",
            ),
            (
                ("#   x       #", " #   x       #"),
                "line 5, column 2: picture: expected line 5 of the picture to start with '#' at column 1, found '#'",
            ),
            (
                ("#           #\n#############", "#   3       #\n#############"),
                "line 8, column 1: picture: expected a blank line above the bottom border",
            ),
            (
                ("#############\n#", "##########\n#"),
                "line 1, column 1: picture: expected a top border 4C+5 '#' wide for C columns, found one 10 wide",
            ),
        ] {
            let text = BOARD.replacen(edit.0, edit.1, 1);
            assert_ne!(text, BOARD, "{edit:?}");
            assert_eq!(read_one(&text).unwrap_err(), message, "{edit:?}");
        }
        let cut: String = BOARD.lines().take(6).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            read_one(&cut).unwrap_err(),
            "line 6, column 14: picture: expected line 7 of the picture, found the end of input"
        );
        let short: String = BOARD.lines().skip(2).take(1).collect::<String>();
        let three_lines = format!("#############\n#           #\n{short}\n#############\n");
        assert_eq!(
            read_one(&three_lines).unwrap_err(),
            "line 4, column 1: picture: expected 2R+5 lines for R rows, found the bottom border as line 4 of the picture"
        );
    }
}
