//! A setter's check: what `--check` says beyond its verdict when a draft
//! has no answer or several. For none, a small set of clues that cannot all
//! hold, shrunk until each of them matters ([`conflict`]); for several, two
//! answers, the regions where they differ and a clue for each that tells
//! them apart ([`differ`]); and the words and the fixed draft for both
//! ([`text`]).

pub(crate) mod conflict;
pub(crate) mod differ;
pub(crate) mod text;

#[cfg(test)]
mod tests;

use std::time::Instant;

use crate::engine::solve::{solve_with, Settings};
use crate::slink::answer::Outcome;
use crate::slink::grid::Cell;
use crate::slink::parse::Puzzle;

/// What the setter's check found on a draft with no answer or several.
#[derive(Clone, Debug)]
pub(crate) enum Finding {
    /// No answer: the clues that cannot all hold.
    Conflict(conflict::Conflict),
    /// Several answers: where two of them differ.
    Difference(differ::Difference),
    /// The time ran out before anything could be said.
    OutOfTime,
}

/// The check of a draft whose solve had `outcome`, within `deadline`:
/// `None` when it had one answer, or was undecided.
pub(crate) fn examine(
    puzzle: &Puzzle,
    outcome: &Outcome,
    deadline: Option<Instant>,
) -> Option<Finding> {
    let found = match outcome {
        Outcome::NoSolution => conflict::conflict(puzzle, deadline).map(Finding::Conflict),
        Outcome::Multiple(first) => {
            differ::difference(puzzle, Some(first), deadline).map(Finding::Difference)
        }
        Outcome::Unique(_) | Outcome::Undecided(_) => return None,
    };
    Some(found.unwrap_or(Finding::OutOfTime))
}

/// The longest run of the search a change tried may need (see
/// [`is_unique`]): the portfolio's first.
const MOST_GUESSES: u64 = 512;

/// `puzzle` with clue `cell` set to `clue` (`None` blanks it).
pub(crate) fn with_clue(puzzle: &Puzzle, cell: Cell, clue: Option<u8>) -> Puzzle {
    let mut changed = puzzle.clone();
    changed.clues[cell.0 as usize] = clue;
    changed
}

/// Whether `puzzle` has exactly one answer, by the solver, within
/// `deadline`: `None` when the time ran out, or the search would need runs
/// of more than [`MOST_GUESSES`] guesses (a change tried is one of many:
/// one that needs a long search is let go, the same on every machine).
pub(crate) fn is_unique(puzzle: &Puzzle, deadline: Option<Instant>) -> Option<bool> {
    let settings = Settings {
        deadline,
        most_guesses: Some(MOST_GUESSES),
        ..Settings::default()
    };
    match solve_with(puzzle, settings).outcome {
        Outcome::Unique(_) => Some(true),
        Outcome::Undecided(_) => None,
        Outcome::Multiple(_) | Outcome::NoSolution => Some(false),
    }
}

/// Whether `deadline` has passed.
pub(crate) fn out_of_time(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}
