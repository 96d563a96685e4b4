//! A second answer from a first one by a local detour: the loop pushed round one
//! cell, or pulled back from it.
//!
//! Take an answer's loop L and a cell c. Swapping the lines and crosses of c's
//! four sides replaces the part of L on c's border by the rest of c's border.
//! The result is again one loop exactly when
//! - L runs along one, two or three sides of c and they follow each other round
//!   the cell (one stretch P of L), so the swap trades P for the other stretch Q
//!   between the same two dots; and
//! - the dots inside Q are not on L (each would end with four lines).
//!
//! It meets every clue exactly when c's own clue is blank or still met (a 2 on
//! a two-sided bend: 4 − 2 = 2) and every cell across a side of c is blank,
//! since each of those gains or loses one line. So a puzzle with an answer and
//! such a cell has more than one answer. This is what makes blank regions cheap:
//! once a search finds one loop, one pass over the cells proves "more than one"
//! without a second search. The new loop is still checked by the verifier
//! before it counts.

use crate::slink::answer::Solution;
use crate::slink::board::EdgeState;
use crate::slink::parse::Puzzle;

/// A second answer of `puzzle` beside `answer`, one cell's detour away, if
/// there is one.
pub(crate) fn second_answer(puzzle: &Puzzle, answer: &Solution) -> Option<Solution> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let grid = answer.grid();
    let states = answer.states();
    let line = |e: crate::slink::grid::Edge| states[e.0 as usize] == EdgeState::Line;
    let blank = |r: u32, c: u32| puzzle.clues[(r * cols + c) as usize].is_none();
    // Lines at dot (r, c).
    let degree = |r: u32, c: u32| {
        let mut n = 0;
        if c > 0 && line(grid.horizontal(r, c - 1)) {
            n += 1;
        }
        if c < cols && line(grid.horizontal(r, c)) {
            n += 1;
        }
        if r > 0 && line(grid.vertical(r - 1, c)) {
            n += 1;
        }
        if r < rows && line(grid.vertical(r, c)) {
            n += 1;
        }
        n
    };
    // Every cell across a swapped side must be blank: a puzzle with every
    // cell clued (a Slink puzzle) has no detour, and costs no pass.
    if puzzle.clues.iter().all(Option::is_some) {
        return None;
    }
    for r in 0..rows {
        for c in 0..cols {
            let across = [
                (r > 0).then(|| (r - 1, c)),
                (c + 1 < cols).then(|| (r, c + 1)),
                (r + 1 < rows).then(|| (r + 1, c)),
                (c > 0).then(|| (r, c - 1)),
            ];
            if across.iter().flatten().any(|&(y, x)| !blank(y, x)) {
                continue;
            }
            // Sides and corners in order round the cell: side i runs from
            // corner i to corner i + 1.
            let sides = [
                grid.horizontal(r, c),
                grid.vertical(r, c + 1),
                grid.horizontal(r + 1, c),
                grid.vertical(r, c),
            ];
            let corners = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)];
            let on = sides.map(line);
            let k = on.iter().filter(|&&l| l).count();
            // One stretch of L: one side where a run of lines starts.
            let runs = (0..4).filter(|&i| on[i] && !on[(i + 3) % 4]).count();
            if !(1..=3).contains(&k) || runs != 1 {
                continue;
            }
            let own = puzzle.clues[(r * cols + c) as usize];
            if own.is_some_and(|n| usize::from(n) != 4 - k) {
                continue;
            }
            // Inside the new stretch: a corner between two sides now crossed.
            let free = (0..4).filter(|&i| !on[i] && !on[(i + 1) % 4]).all(|i| {
                let (y, x) = corners[(i + 1) % 4];
                degree(y, x) == 0
            });
            if !free {
                continue;
            }
            let mut swapped = states.to_vec();
            for e in sides {
                let state = &mut swapped[e.0 as usize];
                *state = state.opposite();
            }
            return Some(Solution::from_states(*grid, swapped));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::slink::verify;
    use crate::formats::contest::parse_all;

    /// The answer of a one-puzzle text, found by the solver.
    fn solved(text: &str) -> (Puzzle, Solution) {
        let puzzle = parse_all(text).unwrap().remove(0);
        let answer = match crate::engine::solve::solve(&puzzle).outcome {
            crate::Outcome::Unique(s) | crate::Outcome::Multiple(s) => s,
            other => panic!("{other:?}"),
        };
        (puzzle, answer)
    }

    #[test]
    fn a_blank_grid_has_a_detour_and_it_is_an_answer() {
        let (puzzle, answer) = solved("3 3 . . . . . . . . .");
        let second = second_answer(&puzzle, &answer).expect("a detour");
        assert_ne!(second, answer);
        assert_eq!(verify(&puzzle.clues, &second.drawing()), Ok(()));
    }

    #[test]
    fn no_detour_where_a_clue_would_change() {
        // Every cell clued: any swap changes a neighbour's count.
        let (puzzle, answer) = solved("2 2 2 2 2 2");
        assert_eq!(second_answer(&puzzle, &answer), None);
        // The unique loop round the two 3s; the blank cells' swaps would
        // change a 3 or meet the loop at a dot.
        let (puzzle, answer) = solved("1 4 . 3 3 .");
        assert_eq!(second_answer(&puzzle, &answer), None);
    }
}
