//! Game IDs of Simon Tatham's Loopy, on all 16 of its grids:
//! `WxHtT:DESC`, optionally with the difficulty (`WxHtTdh:DESC`); `t0`, the
//! square grid, also when `t` is left out. Facts from `loopy.c` and
//! `grid.c` of Debian's sgt-puzzles 20230122, checked against its
//! `sgt-loopy --generate`.
//!
//! DESC lists every face in the grid's face order ([`crate::graph`]): `0`–`9`
//! a clue, `A`–`Z` a clue of 10 to 35 (a face has up to 12 sides), `a`–`z` a
//! run of 1 to 26 faces without one; it must name every face exactly. A
//! triangular grid's DESC starts `0_` (the layout since 2019; without it, the
//! older one), a Penrose grid's `G<x>,<y>,<angle>_` (where its patch lies).
//! Square IDs become the square [`Puzzle`], the others a [`GraphPuzzle`].

use crate::formats::{grid_size, AnyPuzzle};
use crate::graph::kinds::{Description, Kind, Layout, SQUARE, TRIANGULAR};
use crate::graph::penrose::{self, Patch};
use crate::graph::puzzle::GraphPuzzle;
use crate::slink::board::EdgeState;
use crate::slink::parse::Puzzle;

/// An error: the byte offset of what is wrong, and what was expected there.
type Error = (usize, String);

/// Reads numbers and bytes of an ID from left to right.
struct Cursor<'a> {
    id: &'a str,
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.id.as_bytes().get(self.at).copied()
    }

    fn found(&self) -> String {
        match self.id[self.at..].chars().next() {
            Some(c) => format!("'{c}'"),
            None => "the end".to_string(),
        }
    }

    /// An unsigned number.
    fn number(&mut self, what: &str) -> Result<u64, Error> {
        let from = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        self.id[from..self.at].parse::<u64>().map_err(|_| {
            (
                from,
                format!("expected {what}, found '{}'", &self.id[from..self.at]),
            )
        })
    }

    /// A number, maybe negative.
    fn signed(&mut self, what: &str) -> Result<i64, Error> {
        let from = self.at;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        let n = self.number(what).map_err(|(_, m)| (from, m))?;
        let n = i64::try_from(n)
            .map_err(|_| (from, format!("expected {what}, found a number too large")))?;
        Ok(if negative { -n } else { n })
    }

    /// The byte `b`, or an error saying `expected`.
    fn expect(&mut self, b: u8, expected: &str) -> Result<(), Error> {
        if self.peek() != Some(b) {
            return Err((
                self.at,
                format!("expected {expected}, found {}", self.found()),
            ));
        }
        self.at += 1;
        Ok(())
    }
}

/// The puzzle of a game ID, refusing a grid of more than `max_cells` faces
/// (or, for a Penrose grid, one whose making takes as many tiles).
pub(crate) fn decode(id: &str, max_cells: u64) -> Result<AnyPuzzle, Error> {
    let mut c = Cursor { id, at: 0 };
    let cols = c.number("the width")?;
    c.expect(b'x', "'x'")?;
    let rows = c.number("the height")?;
    let mut kind = SQUARE;
    if c.peek() == Some(b't') {
        let from = c.at;
        c.at += 1;
        let number = c.number("a grid type 0-15")?;
        kind = Kind::numbered(number).ok_or_else(|| {
            (
                from,
                format!("expected a grid type t0-t15, found 't{number}'"),
            )
        })?;
    }
    if c.peek() == Some(b'd') && c.at + 1 < id.len() {
        c.at += 2;
    }
    c.expect(b':', "':' and the faces")?;
    if kind == SQUARE {
        let (rows, cols) =
            grid_size(cols, rows, max_cells).map_err(|e| (0, format!("expected {e}")))?;
        let faces = rows as usize * cols as usize;
        let clues = read_clues(&mut c, faces, |_| 4)?;
        return Ok(AnyPuzzle::Square(Puzzle { rows, cols, clues }));
    }
    let size = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    let (width, height) = (size(cols), size(rows));
    if let Some(wrong) = kind.size_error(width, height) {
        return Err((0, format!("expected {wrong}")));
    }
    if kind.work(width, height) > max_cells {
        return Err((
            0,
            format!(
                "expected a grid of at most {max_cells} faces, not {} ({cols}×{rows})",
                kind.name
            ),
        ));
    }
    let description_at = c.at;
    let description = description(&mut c, kind, width, height)?;
    let layout = Layout {
        kind,
        width,
        height,
        description,
    };
    let graph = layout
        .build()
        .map_err(|why| (description_at, format!("expected {why}")))?;
    let clues = read_clues(&mut c, graph.face_count(), |f| {
        graph.sides(crate::graph::Face(f as u32)).len().min(35) as u8
    })?;
    Ok(AnyPuzzle::Graph(Box::new(GraphPuzzle {
        layout,
        graph,
        clues,
    })))
}

/// The grid description before the clues: `0_` or nothing for triangles,
/// `G<x>,<y>,<angle>_` for the Penrose grids, nothing for the others.
fn description(c: &mut Cursor, kind: Kind, w: u32, h: u32) -> Result<Description, Error> {
    if kind == TRIANGULAR {
        if c.id[c.at..].starts_with("0_") {
            c.at += 2;
            return Ok(Description::Triangles);
        }
        return Ok(Description::None);
    }
    let tiling = match kind.tiling() {
        Some(tiling) => tiling,
        None => return Ok(Description::None),
    };
    let from = c.at;
    c.expect(b'G', "a patch 'G<x>,<y>,<angle>_' before the faces")?;
    let x = c.signed("the patch's x")?;
    c.expect(b',', "',' and the patch's y")?;
    let y = c.signed("the patch's y")?;
    c.expect(b',', "',' and the patch's angle")?;
    let angle = c.signed("the patch's angle")?;
    c.expect(b'_', "'_' and the faces")?;
    let patch = Patch { x, y, angle };
    if let Some(wrong) = penrose::patch_error(tiling, i64::from(w), i64::from(h), patch) {
        return Err((
            from,
            format!("expected a patch within the tiling, found {wrong}"),
        ));
    }
    Ok(Description::Patch(patch))
}

/// The clues of `faces` faces, face `f` taking clues up to `most(f)`.
fn read_clues(
    c: &mut Cursor,
    faces: usize,
    most: impl Fn(usize) -> u8,
) -> Result<Vec<Option<u8>>, Error> {
    let mut clues: Vec<Option<u8>> = Vec::with_capacity(faces);
    while let Some(b) = c.peek() {
        let (clue, count) = match b {
            b'0'..=b'9' => (Some(b - b'0'), 1),
            b'A'..=b'Z' => (Some(b - b'A' + 10), 1),
            b'a'..=b'z' => (None, usize::from(b - b'a') + 1),
            _ => (Some(u8::MAX), 1),
        };
        if clues.len() == faces {
            return Err((
                c.at,
                format!("expected the end ({faces} faces read), found {}", c.found()),
            ));
        }
        if let Some(n) = clue {
            let most = most(clues.len());
            if n > most {
                let letters = if most > 9 {
                    format!("0-9, A-{}", char::from(b'A' + most - 10))
                } else {
                    format!("0-{most}")
                };
                return Err((
                    c.at,
                    format!(
                        "expected a clue {letters} or a run a-z, found {}",
                        c.found()
                    ),
                ));
            }
        }
        if count > faces - clues.len() {
            return Err((
                c.at,
                format!(
                    "expected at most {} more faces, found {count}",
                    faces - clues.len()
                ),
            ));
        }
        clues.extend(std::iter::repeat(clue).take(count));
        c.at += 1;
    }
    if clues.len() < faces {
        return Err((
            c.at,
            format!(
                "expected {} more faces ({} of {faces} read), found the end",
                faces - clues.len(),
                clues.len()
            ),
        ));
    }
    Ok(clues)
}

/// The error for a puzzle on another grid where only square ones are
/// taken: at the grid type's `t`.
pub(crate) fn not_square(id: &str, puzzle: &GraphPuzzle) -> Error {
    let at = id.find('t').unwrap_or(0);
    let kind = puzzle.layout.kind;
    (
        at,
        format!(
            "expected the square grid 't0', found 't{}', a {} grid (only square grids are taken)",
            kind.number, kind.name
        ),
    )
}

/// Loopy's clue string: a clue as `0`–`9`, `A`–`Z`, each run of faces
/// without one as `a`–`z` (runs longer than 26 in pieces of 26 first).
fn clue_string(clues: &[Option<u8>]) -> String {
    let mut desc = String::new();
    let mut run = 0u8;
    for clue in clues {
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
                desc.push(char::from(if *n < 10 { b'0' + n } else { b'A' + n - 10 }));
            }
        }
    }
    if run > 0 {
        desc.push(char::from(b'a' + run - 1));
    }
    desc
}

/// The Loopy game ID of a square puzzle (no difficulty).
pub(crate) fn encode(puzzle: &Puzzle) -> String {
    format!(
        "{}x{}t0:{}",
        puzzle.cols,
        puzzle.rows,
        clue_string(&puzzle.clues)
    )
}

/// The Loopy game ID of a puzzle on another grid, as `sgt-loopy --generate`
/// prints it.
pub(crate) fn encode_graph(puzzle: &GraphPuzzle) -> String {
    let layout = &puzzle.layout;
    let description = match layout.description {
        Description::None => String::new(),
        Description::Triangles => "0_".to_string(),
        Description::Patch(p) => format!("G{},{},{}_", p.x, p.y, p.angle),
    };
    format!(
        "{}x{}t{}:{description}{}",
        layout.width,
        layout.height,
        layout.kind.number,
        clue_string(&puzzle.clues)
    )
}

/// An answer as Loopy's solve move, the `SOLVE` line of the game Loopy saves
/// with `--save --with-solutions`: `S`, then each edge's number in order,
/// with `y` on the loop and `n` off it.
pub(crate) fn solve_move(states: &[EdgeState]) -> String {
    let mut text = String::with_capacity(1 + 5 * states.len());
    text.push('S');
    for (i, state) in states.iter().enumerate() {
        let on = if *state == EdgeState::Line { 'y' } else { 'n' };
        text.push_str(&format!("{i}{on}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::contest::parse_all;

    fn error(id: &str) -> String {
        let (at, message) = decode(id, 4_000_000).unwrap_err();
        format!("{at}: {message}")
    }

    fn square(id: &str) -> Puzzle {
        match decode(id, 100).unwrap() {
            AnyPuzzle::Square(puzzle) => puzzle,
            AnyPuzzle::Graph(_) => panic!("{id} is square"),
        }
    }

    fn graph(id: &str) -> GraphPuzzle {
        match decode(id, 4_000_000).unwrap() {
            AnyPuzzle::Graph(puzzle) => *puzzle,
            AnyPuzzle::Square(_) => panic!("{id} is not square"),
        }
    }

    #[test]
    fn decodes_faces_row_by_row() {
        let puzzle = square("3x2t0de:a3b4a");
        assert_eq!((puzzle.rows, puzzle.cols), (2, 3));
        assert_eq!(puzzle.clues, [None, Some(3), None, None, Some(4), None]);
        assert_eq!(square("3x2:a3b4a"), puzzle);
    }

    #[test]
    fn encoding_round_trips() {
        for text in [
            "2 3 0 1 2 3 . 1",
            "3 10 . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 2",
        ] {
            let puzzle = parse_all(text).unwrap().remove(0);
            let id = encode(&puzzle);
            assert_eq!(square(&id), puzzle, "{id}");
        }
    }

    /// IDs as `sgt-loopy --generate` printed them (Debian's sgt-puzzles
    /// 20230122, seed `fixture1` at Hard), read and written back.
    #[test]
    fn other_grids_round_trip() {
        for id in [
            "7x7t1:0_20c12c2021c1e00a1b0c2a1a1c0b101a1a10f1a21b102b11a111a00c2b10a2b11a2d1b1a",
            "7x7t2:54545c5b3a33b313a3b3a44c22b35b34e32a",
            "7x7t11:G1871,-559,216_2d2122a2a3b212a23a3a22a",
            "7x7t12:G878,-884,252_a222a0c11b2b13",
        ] {
            let puzzle = graph(id);
            assert_eq!(puzzle.clues.len(), puzzle.graph.face_count());
            assert_eq!(encode_graph(&puzzle), id);
        }
        let dodecagons = graph("2x2t9:Ba13b");
        assert_eq!(dodecagons.clues[0], Some(11), "B is 11");
        assert_eq!(encode_graph(&dodecagons), "2x2t9:Ba13b");
    }

    #[test]
    fn errors_name_the_offset_and_what_was_expected() {
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
        assert_eq!(
            error("3x2t16:a"),
            "3: expected a grid type t0-t15, found 't16'"
        );
        assert_eq!(
            error("3x2t2:a"),
            "0: expected a honeycomb grid at least 3×3, not 3×2"
        );
        assert_eq!(
            error("3x3t4:a"),
            "0: expected a cairo grid with a side of at least 4, not 3×3"
        );
        // A honeycomb's faces have six sides; a 3×3 has nine faces.
        assert_eq!(
            error("3x3t2:a7g"),
            "7: expected a clue 0-6 or a run a-z, found '7'"
        );
        assert_eq!(
            error("3x3t2:i_"),
            "7: expected the end (9 faces read), found '_'"
        );
        assert_eq!(
            error("2x2t9:Da13b"),
            "6: expected a clue 0-9, A-C or a run a-z, found 'D'"
        );
        assert_eq!(
            error("7x7t11:a"),
            "7: expected a patch 'G<x>,<y>,<angle>_' before the faces, found 'a'"
        );
        assert_eq!(
            error("7x7t11:G1871,-559_a"),
            "17: expected ',' and the patch's angle, found '_'"
        );
        assert_eq!(
            error("7x7t11:G1871,-559,215_a"),
            "7: expected a patch within the tiling, found angle offset out of bounds"
        );
        assert_eq!(
            error("7x7t11:G99999,0,0_a"),
            "7: expected a patch within the tiling, found patch offset out of bounds"
        );
        assert_eq!(
            error("100000x100000t5:a"),
            "0: expected a grid of at most 4000000 faces, not great-hexagonal (100000×100000)"
        );
    }

    /// Loopy's own answers fit the grids as read here: its loop runs along as
    /// many sides of each face as the clue says, and meets every dot twice or
    /// not at all. A face or an edge out of Loopy's order breaks a clue.
    #[test]
    fn loopy_s_answers_fit_its_grids() {
        let fixtures = crate::graph::fixtures::fixtures();
        let mut types = std::collections::BTreeSet::new();
        for fixture in &fixtures {
            let puzzle = crate::graph::fixtures::graph_of(&fixture.id);
            let g = &puzzle.graph;
            let name = &fixture.made_by;
            assert_eq!(fixture.answer.len(), g.edge_count(), "{name}");
            for face in g.faces() {
                let on = g
                    .sides(face)
                    .iter()
                    .filter(|e| fixture.answer[e.0 as usize])
                    .count();
                if let Some(clue) = puzzle.clues[face.0 as usize] {
                    assert_eq!(usize::from(clue), on, "{name}: face {}", face.0);
                }
            }
            for dot in g.dots() {
                let on = g
                    .dot_edges(dot)
                    .iter()
                    .filter(|e| fixture.answer[e.0 as usize])
                    .count();
                assert!(on == 0 || on == 2, "{name}: dot {}", dot.0);
            }
            assert_eq!(encode_graph(&puzzle), fixture.id);
            types.insert(puzzle.layout.kind.number);
        }
        assert_eq!(types.len(), 16, "every grid type");
        assert!(fixtures.len() >= 192);
    }
}
