//! Solving a puzzle on any planar graph: Loopy's own solver at Hard first
//! ([`crate::graph::ladder`]), then the learning search
//! ([`crate::graph::learn`]) from what it decided, to the second answer.

use crate::graph::ladder::{deduced, Deduced};
use crate::graph::learn::{self, Searched};
use crate::graph::puzzle::GraphPuzzle;
use crate::slink::board::EdgeState;
use std::time::Instant;

/// What a search proved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum GraphOutcome {
    /// Exactly one answer: the state of every edge.
    Unique(Vec<EdgeState>),
    /// At least two answers; the first found.
    Multiple(Vec<EdgeState>),
    /// No answer.
    NoSolution,
    /// The search gave up at its time limit, with the answer found if any.
    Undecided(Option<Vec<EdgeState>>),
}

/// Solves a puzzle: its answer, and whether it is the only one; giving up
/// at `deadline`, if there is one.
///
/// Loopy's solver at Hard ([`crate::graph::ladder`]) goes first: its
/// deductions are sound, so when it solves the puzzle that is the one
/// answer, when it breaks there is none, and otherwise what it decided is
/// where the search starts (on Loopy's own puzzles, which it finishes, no
/// search is left).
pub(crate) fn solve(puzzle: &GraphPuzzle, deadline: Option<Instant>) -> GraphOutcome {
    outcome(answers(puzzle, deadline))
}

/// Up to two answers of a puzzle, as [`solve`] finds them.
pub(crate) fn answers(puzzle: &GraphPuzzle, deadline: Option<Instant>) -> Searched {
    match deduced(puzzle) {
        Deduced::Answer(answer) => Searched {
            answers: vec![answer],
            gave_up: false,
            decisions: 0,
        },
        Deduced::NoAnswer => Searched {
            answers: Vec::new(),
            gave_up: false,
            decisions: 0,
        },
        Deduced::Partial(known) => learn::search(puzzle, &known, 2, deadline),
    }
}

/// The learning search's outcome from the edges `known` on (Loopy's
/// solver not run first), and how many decisions it made.
pub(crate) fn search_counted(
    puzzle: &GraphPuzzle,
    known: &[EdgeState],
    deadline: Option<Instant>,
) -> (GraphOutcome, usize) {
    let searched = learn::search(puzzle, known, 2, deadline);
    let decisions = searched.decisions;
    (outcome(searched), decisions)
}

/// What up to two answers found prove.
fn outcome(searched: Searched) -> GraphOutcome {
    let mut found = searched.answers.into_iter();
    match (found.next(), found.next(), searched.gave_up) {
        (Some(answer), Some(_), _) => GraphOutcome::Multiple(answer),
        (answer, _, true) => GraphOutcome::Undecided(answer),
        (Some(answer), None, false) => GraphOutcome::Unique(answer),
        (None, _, false) => GraphOutcome::NoSolution,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Solves the fixtures of one size, each to Loopy's own answer, proved
    /// the only one.
    fn solves_as_loopy_does(size: &str) {
        let fixtures = crate::graph::fixtures::fixtures();
        let mut solved = 0;
        for fixture in fixtures.iter().filter(|f| f.made_by.starts_with(size)) {
            let puzzle = crate::graph::fixtures::graph_of(&fixture.id);
            let want: Vec<EdgeState> = fixture
                .answer
                .iter()
                .map(|&on| {
                    if on {
                        EdgeState::Line
                    } else {
                        EdgeState::Cross
                    }
                })
                .collect();
            let got = solve(&puzzle, None);
            assert_eq!(
                got,
                GraphOutcome::Unique(want.clone()),
                "{}",
                fixture.made_by
            );
            // The search alone, from nothing known, agrees.
            let unknown = vec![EdgeState::Unknown; want.len()];
            let searched = learn::search(&puzzle, &unknown, 2, None);
            assert_eq!(
                (searched.answers, searched.gave_up),
                (vec![want], false),
                "{} searched",
                fixture.made_by
            );
            solved += 1;
        }
        assert_eq!(solved, 64 * (1 + usize::from(size == "7x7")), "{size}");
    }

    #[test]
    fn solves_loopy_s_7x7_puzzles_as_loopy_does() {
        solves_as_loopy_does("7x7");
    }

    /// The larger ones: a second in a release build, a minute in a debug
    /// one, so with the long sweeps.
    #[test]
    #[ignore]
    fn solves_loopy_s_10x10_puzzles_as_loopy_does() {
        solves_as_loopy_does("10x10");
    }
}
