//! Game IDs of Simon Tatham's Loopy: `WxHt0:DESC`, optionally with the
//! difficulty (`WxHt0dh:DESC`). `t0` is the square grid (also when `t` is left
//! out); other grids (`t1` triangles and so on) are refused. DESC lists the
//! faces row by row: `0`–`9` a clue (0 to 4 on squares), `a`–`z` a run of 1 to
//! 26 blanks; it must name every face exactly.

use crate::formats::grid_size;
use crate::slink::parse::Puzzle;

/// The puzzle of a game ID, or the byte offset of what is wrong and what was
/// expected there.
pub(crate) fn decode(id: &str, max_cells: u64) -> Result<Puzzle, (usize, String)> {
    let bytes = id.as_bytes();
    let mut at = 0;
    let mut number = |what: &str| -> Result<u64, (usize, String)> {
        let from = at;
        while at < bytes.len() && bytes[at].is_ascii_digit() {
            at += 1;
        }
        id[from..at]
            .parse::<u64>()
            .map_err(|_| (from, format!("expected {what}, found '{}'", &id[from..at])))
    };
    let cols = number("the width")?;
    let rows = number_after(id, &mut at, b'x', "the height")?;
    let (rows, cols) =
        grid_size(cols, rows, max_cells).map_err(|e| (0, format!("expected {e}")))?;
    if bytes.get(at) == Some(&b't') {
        let from = at;
        at += 1;
        let start = at;
        while at < bytes.len() && bytes[at].is_ascii_digit() {
            at += 1;
        }
        if &id[start..at] != "0" {
            return Err((
                from,
                format!(
                    "expected the square grid 't0', found 't{}' (only square grids are taken)",
                    &id[start..at]
                ),
            ));
        }
    }
    if bytes.get(at) == Some(&b'd') && at + 1 < bytes.len() {
        at += 2;
    }
    if bytes.get(at) != Some(&b':') {
        let found = id.get(at..at + 1).unwrap_or("the end");
        return Err((at, format!("expected ':' and the faces, found '{found}'")));
    }
    at += 1;
    let cells = rows as usize * cols as usize;
    let mut clues: Vec<Option<u8>> = Vec::with_capacity(cells);
    for (i, &b) in bytes[at..].iter().enumerate() {
        let (clue, count) = match b {
            b'0'..=b'4' => (Some(b - b'0'), 1),
            b'a'..=b'z' => (None, usize::from(b - b'a') + 1),
            _ => {
                return Err((
                    at + i,
                    format!(
                        "expected a clue 0-4 or a run a-z, found '{}'",
                        char::from(b)
                    ),
                ))
            }
        };
        if count > cells - clues.len() {
            return Err((
                at + i,
                format!(
                    "expected at most {} more faces, found {count}",
                    cells - clues.len()
                ),
            ));
        }
        clues.extend(std::iter::repeat(clue).take(count));
    }
    if clues.len() < cells {
        return Err((
            id.len(),
            format!(
                "expected {} more faces ({} of {cells} read), found the end",
                cells - clues.len(),
                clues.len()
            ),
        ));
    }
    Ok(Puzzle { rows, cols, clues })
}

/// After `at`: the byte `sep`, then a number.
fn number_after(id: &str, at: &mut usize, sep: u8, what: &str) -> Result<u64, (usize, String)> {
    if id.as_bytes().get(*at) != Some(&sep) {
        return Err((*at, format!("expected '{}'", char::from(sep))));
    }
    *at += 1;
    let from = *at;
    while *at < id.len() && id.as_bytes()[*at].is_ascii_digit() {
        *at += 1;
    }
    id[from..*at]
        .parse::<u64>()
        .map_err(|_| (from, format!("expected {what}, found '{}'", &id[from..*at])))
}

/// The Loopy game ID of a puzzle (square grid, no difficulty).
pub(crate) fn encode(puzzle: &Puzzle) -> String {
    let mut desc = String::new();
    let mut run = 0u8;
    for clue in &puzzle.clues {
        match clue {
            None => {
                run += 1;
                if run == 26 {
                    desc.push('z');
                    run = 0;
                }
            }
            Some(n) => {
                if run > 0 {
                    desc.push(char::from(b'a' + run - 1));
                    run = 0;
                }
                desc.push(char::from(b'0' + n));
            }
        }
    }
    if run > 0 {
        desc.push(char::from(b'a' + run - 1));
    }
    format!("{}x{}t0:{}", puzzle.cols, puzzle.rows, desc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::contest::parse_all;

    fn error(id: &str) -> String {
        let (at, message) = decode(id, 4_000_000).unwrap_err();
        format!("{at}: {message}")
    }

    #[test]
    fn decodes_faces_row_by_row() {
        let puzzle = decode("3x2t0de:a3b4a", 100).unwrap();
        assert_eq!((puzzle.rows, puzzle.cols), (2, 3));
        assert_eq!(puzzle.clues, [None, Some(3), None, None, Some(4), None]);
        assert_eq!(decode("3x2:a3b4a", 100).unwrap(), puzzle);
    }

    #[test]
    fn encoding_round_trips() {
        for text in [
            "2 3 0 1 2 3 . 1",
            "3 10 . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 2",
        ] {
            let puzzle = parse_all(text).unwrap().remove(0);
            let id = encode(&puzzle);
            assert_eq!(decode(&id, 1000).unwrap(), puzzle, "{id}");
        }
    }

    #[test]
    fn errors_name_the_offset_and_what_was_expected() {
        assert_eq!(
            error("3x2t1:aaaaaa"),
            "3: expected the square grid 't0', found 't1' (only square grids are taken)"
        );
        assert_eq!(
            error("3x2t0:a3b5a"),
            "9: expected a clue 0-4 or a run a-z, found '5'"
        );
        assert_eq!(
            error("3x2t0:a3b4"),
            "10: expected 1 more faces (5 of 6 read), found the end"
        );
        assert_eq!(
            error("3x2t0:a3b4b"),
            "10: expected at most 1 more faces, found 2"
        );
        assert_eq!(
            error("3x2t0a3b4b"),
            "5: expected ':' and the faces, found 'a'"
        );
    }
}
