//! A draft with several answers: two of them, the edges where they differ
//! grouped into regions (edges joined at a dot), and for each region a
//! blank cell whose number one answer meets and the other does not: that
//! clue, added, drops the second answer and keeps the first, so the draft
//! has fewer answers. Then a clue that leaves exactly one answer, if one
//! of the first few tried is: those cells first, then blank cells near the
//! regions, each proved by deduction and one-edge trials alone.

use std::time::Instant;

use super::{is_unique, out_of_time, with_clue};
use crate::check::slink::verify;
use crate::engine::detour::second_answer;
use crate::engine::learn::two_answers;
use crate::engine::solve::solved_without_guessing;
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

/// The clues added to find one that leaves one answer, at most, for each
/// pair of answers: each is deduction and probing of the whole draft.
const MOST_TRIED: usize = 24;

/// Two answers of `puzzle` and the regions where they differ (no clue
/// tried for uniqueness); `None` if the time ran out, or it has not two
/// after all. With `known`, an answer found already: a detour from it
/// ([`second_answer`]) is looked for first, which on a loose draft is
/// found at once where a search may wander.
pub(crate) fn two_and_regions(
    puzzle: &Puzzle,
    known: Option<&Solution>,
    deadline: Option<Instant>,
) -> Option<(Solution, Solution, Vec<Region>)> {
    let (first, second, _) = pair(puzzle, known, deadline)?;
    let regions = regions(puzzle, first.states(), second.states());
    Some((first, second, regions))
}

/// Two answers: `known` and a detour from it if there is one, else the
/// learning search's two; and whether they came from the search.
fn pair(
    puzzle: &Puzzle,
    known: Option<&Solution>,
    deadline: Option<Instant>,
) -> Option<(Solution, Solution, bool)> {
    match known.and_then(|first| detour(puzzle, first)) {
        Some((first, second)) => Some((first, second, false)),
        None => {
            let (first, second) = two_answers(puzzle, u64::MAX, deadline).ok()??;
            Some((first, second, true))
        }
    }
}

/// `first` and a second answer a detour away, if there is one.
fn detour(puzzle: &Puzzle, first: &Solution) -> Option<(Solution, Solution)> {
    let second = second_answer(puzzle, first)?;
    let drawn = verify(&puzzle.clues, &second.drawing()).is_ok();
    drawn.then(|| (first.clone(), second))
}

/// Of the clues tried, the most also solved in full when deduction and
/// trials finish none of them.
const MOST_SOLVED: usize = 6;

/// The most regions where added clues are tried for one that leaves one
/// answer.
const MOST_REGIONS: usize = 3;

/// The conflicts the learning search may spend on a second pair of
/// answers, when the detour's pair shows no clue that leaves one answer.
const SECOND_PAIR_CONFLICTS: u64 = 5_000;

/// Two answers of `puzzle` and where they differ; `None` if the time ran
/// out, or it has not two after all. The pair is first the answer `known`
/// and a detour from it, the cheapest to find; if no clue tried leaves
/// one answer, a pair from the learning search, which differ more widely,
/// is tried too, and given if it finds one.
pub(crate) fn difference(
    puzzle: &Puzzle,
    known: Option<&Solution>,
    deadline: Option<Instant>,
) -> Option<Difference> {
    let (first, second, searched) = pair(puzzle, known, deadline)?;
    let found = examined(puzzle, first, second, deadline);
    if found.unique_with.is_some() || searched {
        return Some(found);
    }
    match two_answers(puzzle, SECOND_PAIR_CONFLICTS, deadline) {
        Ok(Some((first, second))) => {
            let wider = examined(puzzle, first, second, deadline);
            Some(match wider.unique_with {
                Some(_) => wider,
                None => found,
            })
        }
        _ => Some(found),
    }
}

/// Where `first` and `second` differ, and a clue that leaves one answer
/// if one of those tried does.
fn examined(
    puzzle: &Puzzle,
    first: Solution,
    second: Solution,
    deadline: Option<Instant>,
) -> Difference {
    let mut regions = regions(puzzle, first.states(), second.states());
    let grid = puzzle.grid();
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
    // Then the blank cells near the regions, with the first answer's
    // number: they do not tell these two answers apart, but what they
    // force may reach the region (the second answer is only one of many).
    candidates.extend(nearby_cells(puzzle, &grid, &regions, &first, &candidates));
    let mut unique_with = None;
    // Answers that differ in many places apart are rarely made one by a
    // single clue: the solves are spent only where they may.
    let tried = match regions.len() <= MOST_REGIONS {
        true => MOST_TRIED,
        false => 0,
    };
    // The clue keeps `first`, so the solver's check with a known answer
    // serves: deduction and one-edge trials alone, no search, which is
    // cheap where a full solve of a loose draft may take long, and proves
    // uniqueness when it finishes.
    for &(cell, a, _) in candidates.iter().take(tried) {
        let clued = with_clue(puzzle, cell, Some(a));
        if solved_without_guessing(&clued, &[], Some(first.states())) {
            unique_with = Some((cell, a));
            break;
        }
        if out_of_time(deadline) {
            break;
        }
    }
    // A draft that needs search (as minimal puzzles often do) is not
    // finished by deduction and trials: the first few cells are solved
    // in full, each within the portfolio's first runs.
    if unique_with.is_none() {
        for &(cell, a, _) in candidates.iter().take(tried.min(MOST_SOLVED)) {
            if is_unique(&with_clue(puzzle, cell, Some(a)), deadline) == Some(true) {
                unique_with = Some((cell, a));
                break;
            }
            if out_of_time(deadline) {
                break;
            }
        }
    }
    // The region of that clue names it.
    if let Some((cell, n)) = unique_with {
        for region in regions.iter_mut().filter(|r| r.cells.contains(&cell)) {
            region.clue = Some((cell, n));
        }
    }
    Difference {
        answers: [first, second],
        regions,
        unique_with,
    }
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

/// How far from a region's cells (in rows or columns) blank cells are
/// tried as clues that may leave one answer.
const NEAR: u32 = 2;

/// The blank cells within [`NEAR`] of the regions' cells, but not among
/// `taken`, each with the first answer's number (twice: it is the same in
/// both answers as far as is known), the nearest first, then 0s and 3s.
fn nearby_cells(
    puzzle: &Puzzle,
    grid: &Grid,
    regions: &[Region],
    first: &Solution,
    taken: &[(Cell, u8, u8)],
) -> Vec<(Cell, u8, u8)> {
    let mut distance = vec![u32::MAX; grid.cell_count()];
    for cell in regions.iter().flat_map(|r| &r.cells) {
        let (r, c) = grid.cell_pos(*cell);
        let rows = r.saturating_sub(NEAR)..=(r + NEAR).min(grid.rows() - 1);
        for y in rows {
            let cols = c.saturating_sub(NEAR)..=(c + NEAR).min(grid.cols() - 1);
            for x in cols {
                let d = y.abs_diff(r).max(x.abs_diff(c));
                let at = grid.cell(y, x).0 as usize;
                distance[at] = distance[at].min(d);
            }
        }
    }
    let mut near: Vec<(Cell, u8, u8)> = (0..grid.cell_count() as u32)
        .map(Cell)
        .filter(|&c| distance[c.0 as usize] != u32::MAX && puzzle.clues[c.0 as usize].is_none())
        .filter(|&c| !taken.iter().any(|t| t.0 == c))
        .map(|c| {
            let n = lines_round(grid, first.states(), c);
            (c, n, n)
        })
        .collect();
    near.sort_by_key(|&(cell, n, _)| (distance[cell.0 as usize], n != 0 && n != 3, cell.0));
    near
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
