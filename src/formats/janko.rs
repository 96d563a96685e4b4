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

/// A janko.at block, its `begin` just read from `tokens`, with its solution as
/// edge states (in the grid's edge order) when it has one.
pub(crate) fn read<R: Read>(
    tokens: &mut Tokens<R>,
    begin: Position,
    max_cells: u64,
) -> Result<(Puzzle, Option<Vec<EdgeState>>), InputError> {
    // Settings may hold any text (an author's name, a source's address).
    tokens.allow_long_tokens(true);
    let result = read_block(tokens, begin, max_cells);
    tokens.allow_long_tokens(false);
    result
}

fn read_block<R: Read>(
    tokens: &mut Tokens<R>,
    begin: Position,
    max_cells: u64,
) -> Result<(Puzzle, Option<Vec<EdgeState>>), InputError> {
    let fail =
        |at: Position, message: String| InputError::at(at, format!("janko.at block: {message}"));
    let (mut rows, mut cols): (Option<u64>, Option<u64>) = (None, None);
    let mut clues: Option<Vec<Option<u8>>> = None;
    let mut solution: Option<Vec<bool>> = None;
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
                let mut read = Vec::with_capacity(cells);
                for _ in 0..cells {
                    let cell = match tokens.next_token()? {
                        Some(cell) => cell,
                        None => {
                            return Err(fail(
                                tokens.end(),
                                format!(
                                    "expected {} more cells of the {key}, found the end of input",
                                    cells - read.len()
                                ),
                            ))
                        }
                    };
                    line = cell.line;
                    let text = tokens.text();
                    let value = match (key.as_str(), text.as_str()) {
                        ("problem", "-") => Some(None),
                        ("problem", d) if d.len() == 1 && ("0"..="4").contains(&d) => {
                            Some(Some(d.as_bytes()[0] - b'0'))
                        }
                        ("solution", "x") => Some(Some(1)),
                        ("solution", "-") => Some(None),
                        _ => None,
                    };
                    match value {
                        Some(v) => read.push(v),
                        None => {
                            let expected = if key == "problem" {
                                "a clue 0-4 or '-'"
                            } else {
                                "'x' (inside the loop) or '-' (outside)"
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
                }
                if key == "problem" {
                    clues = Some(read);
                } else {
                    solution = Some(read.iter().map(Option::is_some).collect());
                }
            }
            _ => {}
        }
    }
    let (rows, cols, clues) = match (rows, cols, clues) {
        (Some(r), Some(c), Some(clues)) => (r as u32, c as u32, clues),
        _ => {
            return Err(fail(
                tokens.end(),
                "expected a 'problem' before 'end'".into(),
            ))
        }
    };
    let puzzle = Puzzle { rows, cols, clues };
    let answer = solution.map(|inside| loop_of(rows, cols, &inside));
    Ok((puzzle, answer))
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
