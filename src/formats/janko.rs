//! janko.at's puzzle files: a block from `begin` to `end`, one setting a line
//! (`puzzle slitherlink`, `author …`, `size N` or `rows R` and `cols C`, and so
//! on; the others are skipped), then `problem` and its rows (a digit a clue,
//! `-` a blank), and optionally `solution` and its rows (`x` a cell inside the
//! loop, `-` one outside). A solution is a whole answer: the loop runs between
//! cells inside and cells outside.

use std::io::Read;

use crate::board::EdgeState;
use crate::grid::Grid;
use crate::parse::Puzzle;
use crate::tokens::{InputError, Position, Tokens};

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
) -> Result<crate::akari::puzzle::WithAnswer, InputError> {
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

fn read_block<R: Read, P, S>(
    tokens: &mut Tokens<R>,
    begin: Position,
    max_cells: u64,
    kinds: &Cells<P, S>,
) -> Result<Block<P, S>, InputError> {
    let fail =
        |at: Position, message: String| InputError::at(at, format!("janko.at block: {message}"));
    let (mut rows, mut cols): (Option<u64>, Option<u64>) = (None, None);
    let mut problem: Option<Vec<P>> = None;
    let mut solution: Option<Vec<S>> = None;
    let mut line = begin.line;
    loop {
        let at = match tokens.next_token()? {
            Some(at) => at,
            None => {
                return Err(fail(
                    tokens.end(),
                    "expected 'end', found the end of input".into(),
                ))
            }
        };
        // Keys count only first on their line: a setting's text may hold any word.
        let first = at.line > line;
        line = at.line;
        if !first {
            continue;
        }
        let key = tokens.text();
        match key.as_str() {
            "end" => break,
            "size" | "rows" | "cols" => {
                let n = number(tokens, &key, &fail)?;
                if key != "cols" {
                    rows = Some(n);
                }
                if key != "rows" {
                    cols = Some(n);
                }
            }
            "problem" | "solution" => {
                let (r, c) = match (rows, cols) {
                    (Some(r), Some(c)) => (r, c),
                    _ => {
                        return Err(fail(
                            at,
                            format!("expected 'size', or 'rows' and 'cols', before '{key}'"),
                        ))
                    }
                };
                crate::formats::grid_size(c, r, max_cells)
                    .map_err(|e| fail(at, format!("expected {e}")))?;
                let cells = (r * c) as usize;
                let is_problem = key == "problem";
                let (mut read_p, mut read_s) = (Vec::new(), Vec::new());
                for done in 0..cells {
                    let cell = match tokens.next_token()? {
                        Some(cell) => cell,
                        None => {
                            return Err(fail(
                                tokens.end(),
                                format!(
                                    "expected {} more cells of the {key}, found the end of input",
                                    cells - done
                                ),
                            ))
                        }
                    };
                    line = cell.line;
                    let text = tokens.text();
                    let ok = if is_problem {
                        (kinds.problem)(&text).map(|v| read_p.push(v)).is_some()
                    } else {
                        (kinds.solution)(&text).map(|v| read_s.push(v)).is_some()
                    };
                    if !ok {
                        let expected = if is_problem {
                            kinds.problem_expected
                        } else {
                            kinds.solution_expected
                        };
                        return Err(fail(
                            cell,
                            format!(
                                "expected {expected}, found '{}'",
                                crate::formats::shown(&text)
                            ),
                        ));
                    }
                }
                if is_problem {
                    problem = Some(read_p);
                } else {
                    solution = Some(read_s);
                }
            }
            _ => {}
        }
    }
    match (rows, cols, problem) {
        (Some(r), Some(c), Some(problem)) => Ok((r as u32, c as u32, problem, solution)),
        _ => Err(fail(
            tokens.end(),
            "expected a 'problem' before 'end'".into(),
        )),
    }
}

/// The number after a setting's key.
fn number<R: Read>(
    tokens: &mut Tokens<R>,
    key: &str,
    fail: &dyn Fn(Position, String) -> InputError,
) -> Result<u64, InputError> {
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
            format!(
                "expected a number after '{key}', found '{}'",
                crate::formats::shown(&text)
            ),
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
    let mut mark = |e: crate::grid::Edge, line: bool| {
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
