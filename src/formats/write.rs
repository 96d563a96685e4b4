//! Writing in the formats the programs write: the one place that picks an
//! encoder by format.
//!
//! - A Slitherlink puzzle, unsolved, in any format `slink` reads
//!   ([`puzzle`]: `--format contest|url|loopy|pzprv3|janko|picture`, and the
//!   generator's formats).
//! - A Slitherlink answer as a pzprv3 file or an SVG picture ([`answer`]).
//! - A Light Up puzzle or answer as `akari` writes it ([`akari`]).

use crate::akari::puzzle::Puzzle as AkariPuzzle;
use crate::formats::{janko, loopy, puzzlink, pzprv3, svg, Format};
use crate::slink::board::EdgeState;
use crate::slink::parse::Puzzle;
use crate::slink::render::{write_picture, Marks};

/// The text of `puzzle`, unsolved, in `format`, ending in a line end.
pub(crate) fn puzzle(puzzle: &Puzzle, format: Format) -> String {
    match format {
        Format::Contest => {
            let mut text = format!("{} {}\n", puzzle.rows, puzzle.cols);
            for row in puzzle.clues.chunks(puzzle.cols as usize) {
                let cells: Vec<String> = row
                    .iter()
                    .map(|c| c.map_or(".".to_string(), |n| n.to_string()))
                    .collect();
                text.push_str(&cells.join(" "));
                text.push('\n');
            }
            text
        }
        Format::PuzzLink => format!("{}\n", puzzlink::encode(puzzle)),
        Format::Loopy => format!("{}\n", loopy::encode(puzzle)),
        Format::Pzprv3 => pzprv3::encode(puzzle, None),
        Format::Janko => janko::encode(puzzle),
        Format::Picture => {
            let grid = puzzle.grid();
            let states = vec![EdgeState::Unknown; grid.edge_count()];
            let mut text = Vec::new();
            // Writing to memory cannot fail.
            let _ = write_picture(&mut text, &grid, &puzzle.clues, &states, Marks::Crosses);
            with_dots(&mut text, puzzle.rows as usize, puzzle.cols as usize);
            String::from_utf8_lossy(&text).into_owned()
        }
    }
}

/// Puts a `+` on every dot of a picture with no edge decided: a board to
/// draw on by hand, each dot where an edge starts and ends. (The reader
/// takes any dot's glyph; the judge's drawing leaves a dot no line meets
/// blank.) The dots stand on every other line from the third, every fourth
/// column from the third.
fn with_dots(picture: &mut [u8], rows: usize, cols: usize) {
    let width = 4 * cols + 6;
    let dot_rows = picture.chunks_exact_mut(width).skip(2).step_by(2);
    for line in dot_rows.take(rows + 1) {
        for dot in line[2..].iter_mut().step_by(4).take(cols + 1) {
            *dot = b'+';
        }
    }
}

/// The formats an answer is written in beside the judge's picture.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Answer {
    /// A pzprv3 file, which puzz.link opens.
    Pzprv3,
    /// An SVG picture.
    Svg,
}

/// `puzzle` with the edges of `states` (its answer, if it has one; the
/// puzzle alone when `None`) in `format`.
pub(crate) fn answer(puzzle: &Puzzle, states: Option<&[EdgeState]>, format: Answer) -> String {
    match format {
        Answer::Pzprv3 => pzprv3::encode(puzzle, states),
        Answer::Svg => svg::encode(puzzle, states),
    }
}

/// The formats `akari` writes beside the statement's notation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Akari {
    /// The puzzle's puzz.link URL (its lights left out), and a line end.
    Url,
    /// A pzprv3 file, lights as `#`.
    Pzprv3,
    /// An SVG picture of the grid and its lights.
    Svg,
}

/// A Light Up grid (a puzzle, or its answer) in `format`.
pub(crate) fn akari(grid: &AkariPuzzle, format: Akari) -> String {
    match format {
        Akari::Url => format!("{}\n", puzzlink::encode_akari(grid)),
        Akari::Pzprv3 => pzprv3::encode_akari(grid),
        Akari::Svg => svg::akari(grid),
    }
}
