//! janko.at's puzzle files: a block from `begin` to `end`, one setting a line
//! (`puzzle slitherlink`, `author …`, `size N` or `rows R` and `cols C`, and so
//! on; the others are skipped), then `problem` and its rows (a digit a clue,
//! `-` a blank), and optionally `solution` and its rows (`x` a cell inside the
//! loop, `-` one outside), one row a line. A solution is a whole answer: the
//! loop runs between cells inside and cells outside.
//!
//! The reader is strict where a slip would change the puzzle: the grid's size
//! is given once (`size`, or `rows` and `cols`) and before `problem`, each
//! part comes once and in order, rows keep to their lines, and a `begin`
//! before `end` is an error, each at its line and column.

use std::io::Read;

use crate::formats::{read_rows, shown, Rows};
use crate::shared::tokens::{InputError, Position, Tokens};
use crate::slink::board::EdgeState;
use crate::slink::grid::Grid;
use crate::slink::parse::Puzzle;

/// Whether a token begins a janko.at block.
pub(crate) fn starts(token: &[u8]) -> bool {
    token == b"begin"
}

/// How a kind of puzzle reads a block's cells: each problem cell and each
/// solution cell from its token, with what a message says was expected.
pub(crate) struct Cells<P, S> {
    pub(crate) problem: fn(&str) -> Option<P>,
    pub(crate) problem_expected: &'static str,
    pub(crate) solution: fn(&str) -> Option<S>,
    pub(crate) solution_expected: &'static str,
}

/// A block's grid: rows, columns, the problem's cells and the solution's.
pub(crate) type Block<P, S> = (u32, u32, Vec<P>, Option<Vec<S>>);

/// A janko.at Slitherlink block, its `begin` just read from `tokens`, with its
/// solution as edge states (in the grid's edge order) when it has one.
pub(crate) fn read<R: Read>(
    tokens: &mut Tokens<R>,
    begin: Position,
    max_cells: u64,
) -> Result<(Puzzle, Option<Vec<EdgeState>>), InputError> {
    let cells = Cells {
        problem: |t| match t {
            "-" => Some(None),
            "0" | "1" | "2" | "3" | "4" => Some(Some(t.as_bytes()[0] - b'0')),
            _ => None,
        },
        problem_expected: "a clue 0-4 or '-'",
        solution: |t| match t {
            "x" => Some(true),
            "-" => Some(false),
            _ => None,
        },
        solution_expected: "'x' (inside the loop) or '-' (outside)",
    };
    let (rows, cols, clues, inside) = read_cells(tokens, begin, max_cells, &cells)?;
    let answer = inside.map(|inside| loop_of(rows, cols, &inside));
    Ok((Puzzle { rows, cols, clues }, answer))
}

/// A janko.at Light Up block (`problem`: `-` white, `x` black, `0`–`4` a
/// numbered black cell; `solution`: `o` a light, anything else none), its
/// `begin` just read from `tokens`, with the solution's lights if any.
pub(crate) fn read_akari<R: Read>(
    tokens: &mut Tokens<R>,
    begin: Position,
    max_cells: u64,
) -> Result<crate::formats::WithAnswer, InputError> {
    use crate::akari::puzzle::Square;
    let cells = Cells {
        problem: |t| match t {
            "-" => Some(Square::Empty),
            "x" | "X" => Some(Square::Grey(None)),
            "0" | "1" | "2" | "3" | "4" => Some(Square::Grey(Some(t.as_bytes()[0] - b'0'))),
            _ => None,
        },
        problem_expected: "'-' (white), 'x' (black) or a number 0-4",
        solution: |t| match t {
            "o" => Some(true),
            "-" | "+" | "x" | "X" | "0" | "1" | "2" | "3" | "4" => Some(false),
            _ => None,
        },
        solution_expected: "'o' (a light), '-' or a black cell",
    };
    let (rows, cols, squares, lights) = read_cells(tokens, begin, max_cells, &cells)?;
    let puzzle = crate::akari::puzzle::Puzzle {
        rows: rows as usize,
        cols: cols as usize,
        squares,
    };
    Ok((puzzle, lights))
}

/// A janko.at block of any kind, its `begin` just read from `tokens`.
pub(crate) fn read_cells<R: Read, P, S>(
    tokens: &mut Tokens<R>,
    begin: Position,
    max_cells: u64,
    cells: &Cells<P, S>,
) -> Result<Block<P, S>, InputError> {
    // Settings may hold any text (an author's name, a source's address).
    tokens.allow_long_tokens(true);
    let result = read_block(tokens, begin, max_cells, cells);
    tokens.allow_long_tokens(false);
    result
}

/// Where a block's reader has got to: the settings come first, then the
/// problem's rows, then (maybe) the solution's. A setting that sizes the grid
/// is taken only before the problem, so no cell is ever read for a size
/// that changes afterwards.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Settings,
    Problem,
    Solution,
}

fn read_block<R: Read, P, S>(
    tokens: &mut Tokens<R>,
    begin: Position,
    max_cells: u64,
    kinds: &Cells<P, S>,
) -> Result<Block<P, S>, InputError> {
    // Each size setting once, and `size` or `rows` and `cols`, not both.
    let (mut size, mut rows, mut cols): (Option<u64>, Option<u64>, Option<u64>) =
        (None, None, None);
    let mut part = Part::Settings;
    let mut problem: Option<Vec<P>> = None;
    let mut solution: Option<Vec<S>> = None;
    // The line of the last key or cell read: a key counts only first on its
    // line, since a setting's text may hold any word.
    let mut line = begin.line;
    // The token after a part's rows, already read: the next key.
    let mut pending: Option<Position> = None;
    loop {
        let next = match pending.take() {
            Some(at) => Some(at),
            None => tokens.next_token()?,
        };
        let at = match next {
            Some(at) => at,
            None => {
                return Err(fail(
                    tokens.end(),
                    "expected 'end', found the end of input".into(),
                ))
            }
        };
        let first = at.line > line;
        line = at.line;
        if !first {
            continue;
        }
        let key = tokens.text();
        match key.as_str() {
            "end" => break,
            "begin" => return Err(fail(at, "expected 'end' before the next 'begin'".into())),
            "size" | "rows" | "cols" => {
                if part != Part::Settings {
                    return Err(fail(
                        at,
                        format!(
                            "expected the grid's size before 'problem', found '{key}' after it"
                        ),
                    ));
                }
                let (this, other) = match key.as_str() {
                    "size" => (&mut size, rows.or(cols)),
                    "rows" => (&mut rows, size),
                    _ => (&mut cols, size),
                };
                if this.is_some() {
                    return Err(fail(at, format!("expected one '{key}', found a second")));
                }
                if other.is_some() {
                    return Err(fail(
                        at,
                        format!("expected 'size', or 'rows' and 'cols', found '{key}' beside them"),
                    ));
                }
                *this = Some(number(tokens, &key)?);
            }
            "problem" | "solution" => {
                let is_problem = key == "problem";
                let (r, c) = match (part, is_problem, size.or(rows), size.or(cols)) {
                    (Part::Settings, true, Some(r), Some(c)) => (r, c),
                    (Part::Settings, true, _, _) => {
                        return Err(fail(
                            at,
                            "expected 'size', or 'rows' and 'cols', before 'problem'".into(),
                        ))
                    }
                    (Part::Problem, false, Some(r), Some(c)) => (r, c),
                    (Part::Settings, false, _, _) => {
                        return Err(fail(at, "expected 'problem' before 'solution'".into()))
                    }
                    _ => return Err(fail(at, format!("expected one '{key}', found a second"))),
                };
                crate::formats::grid_size(c, r, max_cells)
                    .map_err(|e| fail(at, format!("expected {e}")))?;
                let shape = Rows {
                    what: if is_problem {
                        "the problem"
                    } else {
                        "the solution"
                    },
                    rows: r as usize,
                    cols: c as usize,
                };
                let next = if is_problem {
                    let (cells, next) = read_part(
                        tokens,
                        at.line,
                        &shape,
                        kinds.problem,
                        kinds.problem_expected,
                    )?;
                    problem = Some(cells);
                    part = Part::Problem;
                    next
                } else {
                    let (cells, next) = read_part(
                        tokens,
                        at.line,
                        &shape,
                        kinds.solution,
                        kinds.solution_expected,
                    )?;
                    solution = Some(cells);
                    part = Part::Solution;
                    next
                };
                // The token after the rows starts a line of its own: a key.
                pending = next;
                line = at.line;
            }
            _ => {}
        }
    }
    match (size.or(rows), size.or(cols), problem) {
        (Some(r), Some(c), Some(problem)) => Ok((r as u32, c as u32, problem, solution)),
        _ => Err(fail(
            tokens.end(),
            "expected a 'problem' before 'end'".into(),
        )),
    }
}

/// A block's error at `at`.
/// Reads the rows of a problem or solution grid whose key ended line `line`,
/// each cell through `parse` (`expected` says what it takes).
fn read_part<R: Read, V>(
    tokens: &mut Tokens<R>,
    line: u64,
    shape: &Rows,
    parse: fn(&str) -> Option<V>,
    expected: &str,
) -> Result<(Vec<V>, Option<Position>), InputError> {
    let mut cell =
        |t: &str| parse(t).ok_or_else(|| format!("expected {expected}, found '{}'", shown(t)));
    read_rows(tokens, (line, None), shape, "janko.at block: ", &mut cell)
}

fn fail(at: Position, message: String) -> InputError {
    InputError::at(at, format!("janko.at block: {message}"))
}

/// The number after a setting's key.
fn number<R: Read>(tokens: &mut Tokens<R>, key: &str) -> Result<u64, InputError> {
    let at = match tokens.next_token()? {
        Some(at) => at,
        None => {
            return Err(fail(
                tokens.end(),
                format!("expected a number after '{key}', found the end of input"),
            ))
        }
    };
    let text = tokens.text();
    match text.parse::<u64>() {
        Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(fail(
            at,
            format!("expected a number after '{key}', found '{}'", shown(&text)),
        )),
    }
}

/// The loop between the cells inside and those outside, as edge states.
fn loop_of(rows: u32, cols: u32, inside: &[bool]) -> Vec<EdgeState> {
    let grid = Grid::new(rows, cols);
    let at = |r: i64, c: i64| {
        r >= 0
            && c >= 0
            && r < i64::from(rows)
            && c < i64::from(cols)
            && inside[(r * i64::from(cols) + c) as usize]
    };
    let mut states = vec![EdgeState::Cross; grid.edge_count()];
    let mut mark = |e: crate::slink::grid::Edge, line: bool| {
        if line {
            states[e.0 as usize] = EdgeState::Line;
        }
    };
    for r in 0..=rows {
        for c in 0..cols {
            let (r, c) = (r, c);
            mark(
                grid.horizontal(r, c),
                at(i64::from(r) - 1, i64::from(c)) != at(i64::from(r), i64::from(c)),
            );
        }
    }
    for r in 0..rows {
        for c in 0..=cols {
            mark(
                grid.vertical(r, c),
                at(i64::from(r), i64::from(c) - 1) != at(i64::from(r), i64::from(c)),
            );
        }
    }
    states
}

/// The janko.at block of a puzzle (no solution).
pub(crate) fn encode(puzzle: &Puzzle) -> String {
    let mut text = format!(
        "begin\npuzzle slitherlink\nrows {}\ncols {}\nproblem\n",
        puzzle.rows, puzzle.cols
    );
    for row in puzzle.clues.chunks(puzzle.cols as usize) {
        let cells: Vec<String> = row
            .iter()
            .map(|c| c.map_or("-".to_string(), |n| n.to_string()))
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text.push_str("end\n");
    text
}

#[cfg(test)]
mod tests {
    use crate::formats::read::PuzzleReader;

    /// A 2×2 block of 2s (one clue blank) with its solution, and a setting
    /// that is skipped.
    const BLOCK: &str = "begin\npuzzle slitherlink\nauthor Ann\nsize 2\nproblem\n2 2\n2 -\nsolution\nx x\nx x\nend\n";

    /// The first error reading `text`, or what was read.
    fn error(text: &str) -> String {
        let mut reader = PuzzleReader::new(text.as_bytes());
        loop {
            match reader.next_puzzle() {
                Ok(Some(_)) => continue,
                Ok(None) => return "no error".to_string(),
                Err(e) => return e.to_string(),
            }
        }
    }

    #[test]
    fn a_whole_block_reads_as_its_puzzle_and_answer() {
        let mut reader = PuzzleReader::new(BLOCK.as_bytes());
        let puzzle = reader.next_puzzle().unwrap().expect("a puzzle");
        assert_eq!(puzzle.clues, vec![Some(2), Some(2), Some(2), None]);
        let answer = reader.take_partial().expect("the solution");
        assert_eq!(answer.len(), 12);
        assert!(reader.next_puzzle().unwrap().is_none());
    }

    /// Each edit of the block, and the error it must give: the attack's
    /// panics (a size after the problem or after the solution), its silent
    /// re-reading (`rows 1` after the rows), and each part out of its place.
    #[test]
    fn parts_out_of_place_are_errors_at_their_line() {
        let at = |edit: (&str, &str)| {
            let text = BLOCK.replacen(edit.0, edit.1, 1);
            assert_ne!(text, BLOCK, "{edit:?}");
            error(&text)
        };
        for (edit, message) in [
            (
                ("x x\nend", "x x\ncols 5\nend"),
                "line 11, column 1: janko.at block: expected the grid's size before 'problem', found 'cols' after it",
            ),
            (
                ("2 -\nsolution", "2 -\nsize 3\nsolution"),
                "line 8, column 1: janko.at block: expected the grid's size before 'problem', found 'size' after it",
            ),
            (
                ("2 -\nsolution", "2 -\nrows 1\nsolution"),
                "line 8, column 1: janko.at block: expected the grid's size before 'problem', found 'rows' after it",
            ),
            (
                ("x x\nend", "x x\nproblem\n2 2\n2 2\nend"),
                "line 11, column 1: janko.at block: expected one 'problem', found a second",
            ),
            (
                ("x x\nend", "x x\nsolution\nx x\nx x\nend"),
                "line 11, column 1: janko.at block: expected one 'solution', found a second",
            ),
            (
                ("author Ann", "begin"),
                "line 3, column 1: janko.at block: expected 'end' before the next 'begin'",
            ),
            (
                ("size 2", "rows 2\nrows 2"),
                "line 5, column 1: janko.at block: expected one 'rows', found a second",
            ),
            (
                ("size 2", "rows 2\nsize 2"),
                "line 5, column 1: janko.at block: expected 'size', or 'rows' and 'cols', found 'size' beside them",
            ),
            (
                ("size 2", "size 2\ncols 2"),
                "line 5, column 1: janko.at block: expected 'size', or 'rows' and 'cols', found 'cols' beside them",
            ),
            (
                ("size 2\nproblem\n2 2\n2 -\nsolution", "size 2\nsolution"),
                "line 5, column 1: janko.at block: expected 'problem' before 'solution'",
            ),
            (
                ("size 2\n", ""),
                "line 4, column 1: janko.at block: expected 'size', or 'rows' and 'cols', before 'problem'",
            ),
            (
                ("2 2\n2 -", "2 2 2\n-"),
                "line 6, column 5: janko.at block: expected row 1 of the problem to end after 2 cells, found '2'",
            ),
            (
                ("2 2\n2 -", "2\n2 2 -"),
                "line 6, column 2: janko.at block: expected 1 more cells in row 1 of the problem (a row is one line), found the end of the line",
            ),
            (
                ("x x\nend", "x x x\nend"),
                "line 10, column 5: janko.at block: expected row 2 of the solution to end after 2 cells, found 'x'",
            ),
            (
                ("problem\n", "problem 2 2\n"),
                "line 5, column 9: janko.at block: expected the rows of the problem to start on a new line, found '2'",
            ),
            (
                ("2 -\nsolution", "2 q\nsolution"),
                "line 7, column 3: janko.at block: expected a clue 0-4 or '-', found 'q'",
            ),
            (
                ("end\n", ""),
                "line 10, column 4: janko.at block: expected 'end', found the end of input",
            ),
        ] {
            assert_eq!(at(edit), message, "{edit:?}");
        }
    }
}
