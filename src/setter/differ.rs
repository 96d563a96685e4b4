//! A draft with several answers: two of them, the edges where they differ
//! grouped into regions (edges joined at a dot), and for each region a
//! blank cell whose number one answer meets and the other does not: that
//! clue, added, drops the second answer and keeps the first, so the draft
//! has fewer answers. Then, of such clues, one that leaves exactly one
//! answer, if the first few tried find it.

use std::time::Instant;

use super::{is_unique, with_clue};
use crate::engine::learn::two_answers;
use crate::slink::answer::Solution;
use crate::slink::board::EdgeState;
use crate::slink::grid::{Cell, Edge, Grid};
use crate::slink::parse::Puzzle;

/// Where two answers of a draft differ.
#[derive(Clone, Debug)]
pub(crate) struct Difference {
    /// The two answers, as found.
    pub(crate) answers: [Solution; 2],
    /// The regions, in reading order of their first cell.
    pub(crate) regions: Vec<Region>,
    /// A clue that, added, leaves the draft exactly one answer, if one was
    /// found: its cell and number.
    pub(crate) unique_with: Option<(Cell, u8)>,
}

/// Edges where two answers differ, joined at their dots.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Region {
    pub(crate) edges: Vec<Edge>,
    /// The cells beside those edges, in reading order.
    pub(crate) cells: Vec<Cell>,
    /// A blank cell of `cells` and the number of the first answer's lines
    /// round it, which the second answer does not have; `None` when every
    /// such cell has the same number in both.
    pub(crate) clue: Option<(Cell, u8)>,
}

/// The clues added to find one that leaves one answer, at most: each is a
/// solve of the whole draft.
const MOST_TRIED: usize = 12;

/// Two answers of `puzzle` and where they differ; `None` if the time ran
/// out, or it has not two after all.
pub(crate) fn difference(puzzle: &Puzzle, deadline: Option<Instant>) -> Option<Difference> {
    let (first, second) = two_answers(puzzle, deadline).ok()??;
    let grid = puzzle.grid();
    let regions = regions(puzzle, first.states(), second.states());
    let mut candidates: Vec<(Cell, u8, u8)> = Vec::new();
    for region in &regions {
        candidates.extend(telling_cells(puzzle, &grid, region, &first, &second));
    }
    // The clue that cuts most first: a number far from the other answer's,
    // then a 0 or a 3, which say most of their edges.
    candidates.sort_by_key(|&(cell, a, b)| {
        let gap = (i16::from(a) - i16::from(b)).abs();
        (std::cmp::Reverse(gap), a != 0 && a != 3, cell.0)
    });
    let mut unique_with = None;
    for &(cell, a, _) in candidates.iter().take(MOST_TRIED) {
        match is_unique(&with_clue(puzzle, cell, Some(a)), deadline) {
            Some(true) => {
                unique_with = Some((cell, a));
                break;
            }
            Some(false) => {}
            None => break,
        }
    }
    // The region of that clue names it.
    let mut regions = regions;
    if let Some((cell, n)) = unique_with {
        for region in regions.iter_mut().filter(|r| r.cells.contains(&cell)) {
            region.clue = Some((cell, n));
        }
    }
    Some(Difference {
        answers: [first, second],
        regions,
        unique_with,
    })
}

/// The lines of `states` round `cell`.
pub(crate) fn lines_round(grid: &Grid, states: &[EdgeState], cell: Cell) -> u8 {
    let edges = grid.cell_edges(cell);
    edges
        .iter()
        .filter(|e| states[e.0 as usize] == EdgeState::Line)
        .count() as u8
}

/// The blank cells of `region` whose number differs between the answers:
/// each with the first answer's number and the second's.
fn telling_cells(
    puzzle: &Puzzle,
    grid: &Grid,
    region: &Region,
    first: &Solution,
    second: &Solution,
) -> Vec<(Cell, u8, u8)> {
    let numbers = |cell: Cell| {
        let a = lines_round(grid, first.states(), cell);
        (cell, a, lines_round(grid, second.states(), cell))
    };
    region
        .cells
        .iter()
        .filter(|c| puzzle.clues[c.0 as usize].is_none())
        .map(|&c| numbers(c))
        .filter(|&(_, a, b)| a != b)
        .collect()
}

/// The regions where `a` and `b` differ (see [`Region`]), each with its
/// telling clue.
pub(crate) fn regions(puzzle: &Puzzle, a: &[EdgeState], b: &[EdgeState]) -> Vec<Region> {
    let grid = puzzle.grid();
    let differs = |e: Edge| a[e.0 as usize] != b[e.0 as usize];
    let mut seen = vec![false; grid.edge_count()];
    let mut regions = Vec::new();
    for start in (0..grid.edge_count() as u32).map(Edge) {
        if seen[start.0 as usize] || !differs(start) {
            continue;
        }
        seen[start.0 as usize] = true;
        let mut edges = vec![start];
        let mut next = 0;
        while next < edges.len() {
            let edge = edges[next];
            next += 1;
            for v in grid.edge_vertices(edge) {
                for e in grid.vertex_edges(v) {
                    let on = (e.0 as usize) < grid.edge_count();
                    if on && !seen[e.0 as usize] && differs(e) {
                        seen[e.0 as usize] = true;
                        edges.push(e);
                    }
                }
            }
        }
        edges.sort_unstable();
        let mut cells: Vec<Cell> = edges
            .iter()
            .flat_map(|&e| grid.edge_cells(e).into_iter().flatten())
            .collect();
        cells.sort_unstable_by_key(|c| c.0);
        cells.dedup();
        let first_number = |cell: Cell| {
            let (x, y) = (lines_round(&grid, a, cell), lines_round(&grid, b, cell));
            (puzzle.clues[cell.0 as usize].is_none() && x != y).then_some((cell, x))
        };
        let clue = cells.iter().find_map(|&c| first_number(c));
        regions.push(Region { edges, cells, clue });
    }
    regions.sort_by_key(|r| r.cells.first().map(|c| c.0));
    regions
}
