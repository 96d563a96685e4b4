//! The unit tests' planted loops, in one place: a random loop and its
//! puzzle, every cell clued, for the tests to blank clues of as each needs.
//! [`planted`] grows its region as the generator does ([`loops::region`]:
//! long corridors), [`blob`] cell by cell (rounder). Compiled for tests only;
//! the integration tests have their own, independent of the crate
//! (`tests/common`).

use super::{boundary, clues_of, loops};
use crate::check::slink::verify;
use crate::shared::restarts::SplitMix;
use crate::slink::answer::Solution;
use crate::slink::board::EdgeState;
use crate::slink::grid::Cell;
use crate::slink::parse::Puzzle;

/// For tests: a random loop on a `rows`×`cols` grid (a region grown at
/// random, [`loops::region`]) and its Slink puzzle, every cell clued.
pub(crate) fn planted(rng: &mut SplitMix, rows: u32, cols: u32) -> (Puzzle, Solution) {
    let answer = boundary(rows, cols, &loops::region(rng, rows, cols));
    (clues_of(&answer), answer)
}

/// For tests: a random loop round a blob, a region grown cell by cell from
/// one cell at random (rounder than [`planted`]'s corridors), kept when its
/// boundary is one loop; and its Slink puzzle, every cell clued.
pub(crate) fn blob(rng: &mut SplitMix, rows: u32, cols: u32) -> (Puzzle, Solution) {
    let cells = (rows * cols) as usize;
    loop {
        let mut inside = vec![false; cells];
        inside[rng.below(cells as u64) as usize] = true;
        for _ in 0..cells {
            let c = rng.below(cells as u64) as usize;
            let (r, k) = ((c / cols as usize) as i64, (c % cols as usize) as i64);
            let near = [(0, 1), (1, 0), (0, -1), (-1, 0)].iter().any(|&(dr, dk)| {
                let (r, k) = (r + dr, k + dk);
                let on = r >= 0 && k >= 0 && r < i64::from(rows) && k < i64::from(cols);
                on && inside[(r * i64::from(cols) + k) as usize]
            });
            if near {
                inside[c] = true;
            }
        }
        let answer = boundary(rows, cols, &inside);
        let grid = answer.grid();
        // Counted here: `clues_of` holds its answer to be one loop, which a
        // blob with a hole is not.
        let clues = (0..cells as u32)
            .map(|c| {
                let sides = grid.cell_edges(Cell(c));
                let lines = sides
                    .iter()
                    .filter(|e| answer.states()[e.0 as usize] == EdgeState::Line);
                Some(lines.count() as u8)
            })
            .collect();
        let puzzle = Puzzle { rows, cols, clues };
        if verify(&puzzle.clues, &answer.drawing()).is_ok() {
            return (puzzle, answer);
        }
    }
}
