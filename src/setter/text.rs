//! The setter's check in words, after the verdict on `--check`'s line
//! (`K none: clues (4,7)=3 (4,8)=3 cannot all hold`, then indented lines),
//! and the draft it would fix (`--fix`).

use super::conflict::only;
use super::differ::{Difference, Region};
use super::Finding;
use crate::slink::board::EdgeState;
use crate::slink::grid::{Cell, Grid};
use crate::slink::parse::Puzzle;
use crate::tutor::breaks::contradiction;
use crate::tutor::refute_board;

/// `(r,c)`, a cell counted from 0 at the top left.
pub(crate) fn cell_name(grid: &Grid, cell: Cell) -> String {
    let (r, c) = grid.cell_pos(cell);
    format!("({r},{c})")
}

/// `(r,c)=n`, a clue, or `(r,c) blank`.
pub(crate) fn clue_name(grid: &Grid, cell: Cell, clue: Option<u8>) -> String {
    match clue {
        Some(n) => format!("{}={n}", cell_name(grid, cell)),
        None => format!("{} blank", cell_name(grid, cell)),
    }
}

/// A change to a clue: `(r,c)=n instead`, or `blanking (r,c)`.
pub(crate) fn change_name(grid: &Grid, cell: Cell, clue: Option<u8>) -> String {
    match clue {
        Some(_) => format!("{} instead", clue_name(grid, cell, clue)),
        None => format!("blanking {}", cell_name(grid, cell)),
    }
}

/// `clues (r,c)=n (r,c)=n cannot all hold`, or `clue (r,c)=n cannot hold`.
pub(crate) fn cannot_hold(puzzle: &Puzzle, clues: &[Cell]) -> String {
    let grid = puzzle.grid();
    let named: Vec<String> = clues
        .iter()
        .map(|&c| clue_name(&grid, c, puzzle.clues[c.0 as usize]))
        .collect();
    match named.len() {
        1 => format!("clue {} cannot hold", named[0]),
        _ => format!("clues {} cannot all hold", named.join(" ")),
    }
}

/// The rest of `--check`'s line after `K none` or `K multiple`, and the
/// lines after it: what `finding` says.
pub(crate) fn finding_text(puzzle: &Puzzle, finding: &Finding) -> String {
    let grid = puzzle.grid();
    match finding {
        Finding::OutOfTime => ": out of time before the clues could be examined\n".to_string(),
        Finding::Conflict(conflict) => {
            let mut text = format!(": {}", cannot_hold(puzzle, &conflict.clues));
            if !conflict.minimal {
                text.push_str(" (out of time: some of them may not be needed)");
            }
            text.push('\n');
            text.push_str(&format!("  {}\n", breaks_alone(puzzle, &conflict.clues)));
            match conflict.fix {
                Some((cell, clue)) => text.push_str(&format!(
                    "  {} leaves exactly one answer\n",
                    change_name(&grid, cell, clue)
                )),
                // Said only when every change was decided: a search cut
                // short proves nothing of the rest.
                None if conflict.fix_searched => {
                    text.push_str("  no other number for one of them leaves exactly one answer\n")
                }
                None if conflict.minimal => text.push_str(
                    "  no change decided leaves exactly one answer (not every one was decided in time)\n",
                ),
                None => {}
            }
            text
        }
        Finding::Difference(difference) => difference_text(&grid, difference),
    }
}

/// What breaks when only `clues` stand: the cheapest rules' contradiction,
/// or that search finds no loop.
fn breaks_alone(puzzle: &Puzzle, clues: &[Cell]) -> String {
    let alone = only(puzzle, clues);
    let grid = alone.grid();
    let start = vec![EdgeState::Unknown; grid.edge_count()];
    let refutation = refute_board(&alone, &start);
    let by = refutation.tier.map_or("the rules", |t| t.name());
    match (refutation.failure, refutation.no_loop) {
        (Some(failure), _) => format!(
            "alone, {by} break the board: {}",
            contradiction(&grid, &failure, &refutation.broken)
        ),
        (None, Some(tier)) => format!(
            "alone, {} decide every edge and the lines make no single loop round every clue",
            tier.name()
        ),
        (None, None) if refutation.at_once => "alone, they break the board at once".to_string(),
        (None, None) => format!(
            "alone, the rules leave {} edges undecided and every branch of the search fails",
            refutation.undecided
        ),
    }
}

fn difference_text(grid: &Grid, difference: &Difference) -> String {
    let count = difference.regions.len();
    let plural = if count == 1 { "" } else { "s" };
    let mut text = format!(": the answers differ in {count} region{plural}; ");
    match difference.unique_with {
        Some((cell, n)) => text.push_str(&format!(
            "adding {} leaves exactly one answer\n",
            clue_name(grid, cell, Some(n))
        )),
        None => text.push_str("no one added clue tried leaves exactly one answer\n"),
    }
    for (k, region) in difference.regions.iter().enumerate() {
        text.push_str(&format!(
            "  region {}, {}\n",
            k + 1,
            region_text(grid, region)
        ));
    }
    text
}

/// `cells (r,c) to (r,c): N edges differ; (r,c)=n holds in the first
/// answer, not in the second`: where a region is and the clue that tells
/// its two answers apart.
pub(crate) fn region_text(grid: &Grid, region: &Region) -> String {
    let rows = region.cells.iter().map(|&c| grid.cell_pos(c).0);
    let cols = region.cells.iter().map(|&c| grid.cell_pos(c).1);
    let (top, bottom) = (rows.clone().min(), rows.max());
    let (left, right) = (cols.clone().min(), cols.max());
    let box_name = match (top, bottom, left, right) {
        (Some(t), Some(b), Some(l), Some(r)) => format!("cells ({t},{l}) to ({b},{r})"),
        _ => "no cell".to_string(),
    };
    let edges = region.edges.len();
    let told = match region.clue {
        Some((cell, n)) => format!(
            "{} holds in the first answer, not in the second",
            clue_name(grid, cell, Some(n))
        ),
        None => "no blank cell there has a different number in each".to_string(),
    };
    format!("{box_name}: {edges} edges differ; {told}")
}

/// The draft with the change the finding suggests, and the change, if it
/// suggests one: the clue changed to leave one answer (no answer), or the
/// clue added that leaves one, else the first region's, which leaves fewer
/// (several).
pub(crate) fn fixed(puzzle: &Puzzle, finding: &Finding) -> Option<(Puzzle, Cell, Option<u8>)> {
    let (cell, clue) = match finding {
        Finding::Conflict(conflict) => conflict.fix?,
        Finding::Difference(difference) => {
            let first = difference.regions.iter().find_map(|r| r.clue);
            let (cell, n) = difference.unique_with.or(first)?;
            (cell, Some(n))
        }
        Finding::OutOfTime => return None,
    };
    Some((super::with_clue(puzzle, cell, clue), cell, clue))
}
