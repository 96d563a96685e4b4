//! Test support: boards written in the picture notation of the rule docs.
//!
//! The notation is the judge's frame without its border. Vertex rows and cell rows
//! alternate; every vertex is `+`. A horizontal edge is `---` (line), ` x `
//! (cross) or ` ? ` / three spaces (unknown); a vertical edge is `|`, `x`, or `?` /
//! a space. A clue is a digit, a blank cell `.` or a space.
//!
//! ```text
//! + ? + x +
//! ? 3 | 1 ?
//! +---+ ? +
//! ```

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Cell, Grid};
use crate::slink::parse::Puzzle;
use crate::slink::reason::Why;
use crate::slink::rules::book::Rule;
use crate::slink::rules::{Site, SiteRule};

fn edge_state(ch: u8) -> EdgeState {
    match ch {
        b'-' | b'|' => EdgeState::Line,
        b'x' => EdgeState::Cross,
        _ => EdgeState::Unknown,
    }
}

/// The board drawn by `picture`. Every row is trimmed, so an undecided edge on
/// the left border must be written `?`, not a space.
pub(crate) fn board(picture: &str) -> Board {
    let rows: Vec<Vec<u8>> = picture
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.as_bytes().to_vec())
        .collect();
    let r = (rows.len() - 1) / 2;
    let c = (rows.iter().map(Vec::len).max().unwrap_or(1) - 1) / 4;
    let at = |y: usize, x: usize| rows[y].get(x).copied().unwrap_or(b' ');
    let mut clues = Vec::new();
    for y in 0..r {
        for x in 0..c {
            clues.push(match at(2 * y + 1, 4 * x + 2) {
                d @ b'0'..=b'3' => Some(d - b'0'),
                _ => None,
            });
        }
    }
    let puzzle = Puzzle {
        rows: r as u32,
        cols: c as u32,
        clues,
    };
    let mut b = Board::new(puzzle.grid(), &puzzle.clues);
    let g = *b.grid();
    b.tell_cause(Why::board(Rule::Guess));
    for y in 0..=r {
        for x in 0..c {
            let s = edge_state(at(2 * y, 4 * x + 2));
            let e = g.horizontal(y as u32, x as u32);
            if s != EdgeState::Unknown {
                b.set(e, s).expect("the picture is consistent");
            }
        }
    }
    for y in 0..r {
        for x in 0..=c {
            let s = edge_state(at(2 * y + 1, 4 * x));
            let e = g.vertical(y as u32, x as u32);
            if s != EdgeState::Unknown {
                b.set(e, s).expect("the picture is consistent");
            }
        }
    }
    b.clear_changes();
    b.enable_sides().expect("the picture is consistent");
    b
}

/// Runs a pattern rule at one cell (the test's way to build the site).
pub(crate) fn apply_at(rule: SiteRule, board: &mut Board, cell: Cell) -> Result<(), Contradiction> {
    let site = Site::new(board, cell);
    rule(board, &site)
}

/// The board in the same notation, unknown edges as `?`.
pub(crate) fn draw(board: &Board) -> String {
    let g: Grid = *board.grid();
    let mut out = String::new();
    for y in 0..=g.rows() {
        for x in 0..g.cols() {
            out.push('+');
            out.push_str(match board.state(g.horizontal(y, x)) {
                EdgeState::Line => "---",
                EdgeState::Cross => " x ",
                EdgeState::Unknown => " ? ",
            });
        }
        out.push_str("+\n");
        if y == g.rows() {
            break;
        }
        for x in 0..=g.cols() {
            out.push(match board.state(g.vertical(y, x)) {
                EdgeState::Line => '|',
                EdgeState::Cross => 'x',
                EdgeState::Unknown => '?',
            });
            if x < g.cols() {
                out.push(' ');
                out.push(match board.clue(g.cell(y, x)) {
                    Some(n) => (b'0' + n) as char,
                    None => '.',
                });
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out
}

/// `picture` normalised to what [`draw`] prints (indentation trimmed, blanks as
/// `?` and `.`), so expected pictures can be written loosely.
pub(crate) fn normal(picture: &str) -> String {
    draw(&board(picture))
}

/// The middle cell of [`frame`].
pub(crate) const MIDDLE: crate::slink::grid::Cell = crate::slink::grid::Cell(4);

/// A 3×3 picture with `clue` in the middle cell and every edge undecided, except
/// for the rows given as `(index, row)` (row 0 is the top vertex row, row 3 the
/// middle cell's row). The middle cell's corners are inside the grid, so the
/// border does not interfere with the rule under test.
pub(crate) fn frame(clue: char, rows: &[(usize, &str)]) -> String {
    let mut lines = [
        "+ ? + ? + ? +".to_string(),
        "? . ? . ? . ?".to_string(),
        "+ ? + ? + ? +".to_string(),
        format!("? . ? {clue} ? . ?"),
        "+ ? + ? + ? +".to_string(),
        "? . ? . ? . ?".to_string(),
        "+ ? + ? + ? +".to_string(),
    ];
    for &(i, row) in rows {
        lines[i] = row.to_string();
    }
    lines.join("\n")
}

/// The rules' doc pictures, run: each rule of the statement turns the "before"
/// board of its doc into the "after" board, and leaves each board of a picture
/// without an arrow (the "does not fire" cases) as it is.
#[cfg(test)]
mod doc_pictures {
    use super::{board, draw, normal};
    use crate::slink::grid::{Cell, Vertex};
    use crate::slink::rules::book::Row;
    use crate::slink::rules::{Apply, Site};

    /// The doc comment of every `pub fn` in `source`, by name.
    fn docs(source: &str) -> Vec<(String, Vec<String>)> {
        let mut found = Vec::new();
        let mut doc = Vec::new();
        for line in source.lines() {
            let line = line.trim_start();
            if let Some(text) = line.strip_prefix("///") {
                doc.push(text.strip_prefix(' ').unwrap_or(text).to_string());
            } else if let Some(rest) = line
                .strip_prefix("pub(crate) fn ")
                .or_else(|| line.strip_prefix("pub fn "))
            {
                let name = rest.split('(').next().unwrap_or("").to_string();
                found.push((name, std::mem::take(&mut doc)));
            } else if !line.starts_with("#[") {
                doc.clear();
            }
        }
        found
    }

    /// The ` ```text ` blocks of a doc, as (before, after) pictures; `after` is
    /// `None` for a picture without an arrow.
    fn pictures(doc: &[String]) -> Vec<(String, Option<String>)> {
        let mut blocks = Vec::new();
        let mut block: Option<Vec<&str>> = None;
        for line in doc {
            match (&mut block, line.trim()) {
                (None, "```text") => block = Some(Vec::new()),
                (Some(lines), "```") => {
                    blocks.push(std::mem::take(lines));
                    block = None;
                }
                (Some(lines), _) => lines.push(line),
                (None, _) => {}
            }
        }
        blocks
            .into_iter()
            .map(|lines| match lines.iter().find_map(|l| l.find("=>")) {
                Some(arrow) => {
                    let half = |l: &str, first: bool| {
                        let cut = arrow.min(l.len());
                        if first {
                            l[..cut].to_string()
                        } else {
                            l.get(arrow + 2..).unwrap_or("").to_string()
                        }
                    };
                    let before: Vec<String> = lines.iter().map(|l| half(l, true)).collect();
                    let after: Vec<String> = lines.iter().map(|l| half(l, false)).collect();
                    (before.join("\n"), Some(after.join("\n")))
                }
                None => (lines.join("\n"), None),
            })
            .collect()
    }

    /// Applies the rule of `row` once at every vertex, or at every cell whose
    /// clue it fires on, in order (as the driver would, given the chance).
    fn apply_everywhere(row: Row, picture: &str) -> String {
        let mut b = board(picture);
        let g = *b.grid();
        let clued: Vec<Cell> = (0..g.cell_count() as u32)
            .map(Cell)
            .filter(|&c| b.clue(c).is_some_and(|n| row.clues & 1 << n != 0))
            .collect();
        match row.apply {
            Apply::Clue(f) => {
                for &c in &clued {
                    f(&mut b, c).expect("the rule finds no contradiction");
                }
            }
            Apply::Site(f) => {
                for &c in &clued {
                    let site = Site::new(&b, c);
                    f(&mut b, &site).expect("the rule finds no contradiction");
                }
            }
            Apply::Vertex(f) => {
                for v in 0..g.vertex_count() as u32 {
                    f(&mut b, Vertex(v)).expect("the rule finds no contradiction");
                }
            }
            Apply::Board(f) => f(&mut b).expect("the rule finds no contradiction"),
            Apply::Search => {}
        }
        draw(&b)
    }

    #[test]
    fn every_rule_does_what_its_pictures_show() {
        // Every rule of both books with a function of its own (the search's
        // steps have none), run on the pictures of its doc.
        let sources = [
            include_str!("../../slink/rules/clue.rs"),
            include_str!("../../slink/rules/corner.rs"),
            include_str!("../../slink/rules/pairs.rs"),
            include_str!("../../slink/rules/vertex.rs"),
            include_str!("../../slink/rules/loops.rs"),
            include_str!("connectivity.rs"),
            include_str!("sides.rs"),
            include_str!("pairing/mod.rs"),
        ];
        let rules: Vec<(&str, String, Row)> = crate::engine::rules::extra::entries()
            .into_iter()
            .filter_map(|(_, function, entry)| {
                let how = entry.row.filter(|h| !matches!(h.apply, Apply::Search))?;
                let documented =
                    |(name, doc): &(String, Vec<String>)| *name == function && !doc.is_empty();
                let source = sources
                    .iter()
                    .find(|s| docs(s).iter().any(documented))
                    .copied()
                    .unwrap_or("");
                Some((source, function, how))
            })
            .collect();
        assert_eq!(rules.len(), 22, "every rule but the search's steps");
        let mut failures = Vec::new();
        for (source, name, rule) in rules {
            let doc = docs(source)
                .into_iter()
                .find(|(n, _)| *n == name)
                .map(|(_, doc)| doc)
                .unwrap_or_default();
            let pictures = pictures(&doc);
            let fires = pictures.iter().filter(|(_, a)| a.is_some()).count();
            let holds = pictures.len() - fires;
            if fires == 0 || holds == 0 {
                failures.push(format!(
                    "{name}: {fires} before/after and {holds} does-not-fire pictures"
                ));
            }
            for (before, after) in &pictures {
                let expected = normal(after.as_deref().unwrap_or(before));
                let got = apply_everywhere(rule, before);
                if got != expected {
                    failures.push(format!(
                        "{name} on\n{}\ngives\n{got}but the doc says\n{expected}",
                        normal(before)
                    ));
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
