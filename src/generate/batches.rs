//! Removing clues in batches (the generator's first pass): a whole batch
//! checked at once while batches may go, then single clues, refused at once
//! by a cheap test or going in runs; and the clues a passing check did not
//! need, going together. The same clues go as when each is tried alone.

use super::*;

/// Removes the clues of `cells`, in order, that `keeps` lets go: in batches
/// while whole batches may go, a batch that may not halved until single
/// clues are tried, so each clue kept was refused alone. (For checks that
/// only get harder to pass as clues go, as deductions do, that is the same
/// as trying them one at a time, and much cheaper on a fully clued grid,
/// most of whose clues can go.)
///
/// Single clues are refused at once when `fails(puzzle, cell)` says so
/// without them, a cheap test tried first. Those it lets through go a run at
/// a time, checked once together: the run doubles, up to `most_in_run`,
/// while runs go, and halves when one may not, and then its first clue that
/// cannot go is found by halving and kept, and the clues after it are tried
/// again. That too is the same as trying them one at a time.
///
/// `keeps` says, when it lets clues go, which clues it needed; the clues
/// still to come that it did not need are tried together at once (two or
/// more: one would be tried alone anyway), and again while they go.
pub(super) fn remove_in_batches(
    puzzle: &mut Puzzle,
    cells: &[usize],
    keeps: impl Fn(&Puzzle) -> Option<Vec<bool>>,
    fails: impl Fn(&Puzzle, usize) -> bool,
    most_in_run: usize,
) {
    let mut batch = (cells.len() / 8).max(1);
    let mut at = 0;
    while batch > 1 && at < cells.len() {
        if puzzle.clues[cells[at]].is_none() {
            at += 1;
            continue;
        }
        let group = &cells[at..(at + batch).min(cells.len())];
        let taken: Vec<Option<u8>> = group.iter().map(|&c| puzzle.clues[c].take()).collect();
        match keeps(puzzle) {
            Some(needed) => {
                at += group.len();
                remove_unneeded(puzzle, &cells[at..], needed, &keeps);
            }
            None => {
                for (&c, clue) in group.iter().zip(taken) {
                    puzzle.clues[c] = clue;
                }
                batch = (group.len() / 2).max(1);
            }
        }
    }
    let mut run = 1;
    while at < cells.len() {
        // The next `run` clues that `fails` lets through (by their place in
        // `cells`), taken away.
        let mut passed: Vec<(usize, u8)> = Vec::new();
        while at < cells.len() && passed.len() < run {
            let cell = cells[at];
            if let Some(clue) = puzzle.clues[cell].take() {
                match fails(puzzle, cell) {
                    true => puzzle.clues[cell] = Some(clue),
                    false => passed.push((at, clue)),
                }
            }
            at += 1;
        }
        if passed.is_empty() {
            continue;
        }
        if let Some(needed) = keeps(puzzle) {
            run = (2 * run).min(most_in_run);
            remove_unneeded(puzzle, &cells[at..], needed, &keeps);
            continue;
        }
        run = (run / 2).max(1);
        let put_back = |puzzle: &mut Puzzle, passed: &[(usize, u8)]| {
            for &(i, clue) in passed {
                puzzle.clues[cells[i]] = Some(clue);
            }
        };
        put_back(puzzle, &passed);
        // The first that cannot go: without the clues before `first`, the
        // puzzle passes; without those up to `last`, it does not.
        let (mut first, mut last) = (0, passed.len() - 1);
        while first < last {
            let middle = (first + last) / 2;
            for &(i, _) in &passed[first..=middle] {
                puzzle.clues[cells[i]] = None;
            }
            if keeps(puzzle).is_some() {
                first = middle + 1;
            } else {
                put_back(puzzle, &passed[first..=middle]);
                last = middle;
            }
        }
        at = passed[first].0 + 1;
    }
}

/// Removes, together, the clues of `ahead` that a check which let clues go
/// did not need (`needed`, by cell), while they go, if there are two or more.
pub(super) fn remove_unneeded(
    puzzle: &mut Puzzle,
    ahead: &[usize],
    mut needed: Vec<bool>,
    keeps: &impl Fn(&Puzzle) -> Option<Vec<bool>>,
) {
    loop {
        let spare: Vec<usize> = ahead
            .iter()
            .copied()
            .filter(|&c| puzzle.clues[c].is_some() && !needed[c])
            .collect();
        if spare.len() < 2 {
            return;
        }
        let taken: Vec<Option<u8>> = spare.iter().map(|&c| puzzle.clues[c].take()).collect();
        match keeps(puzzle) {
            Some(again) => needed = again,
            None => {
                for (&c, clue) in spare.iter().zip(taken) {
                    puzzle.clues[c] = clue;
                }
                return;
            }
        }
    }
}
