//! What a solve proves and what it found: the answer types that the solver
//! produces and the command lines and the renderer read. The independent
//! checker reads an answer only as its plain rows (the engine's
//! `Solution::drawing`, [`crate::engine::answer`]).

use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::Grid;

/// A complete answer: every edge a line or a cross.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    pub(crate) grid: Grid,
    pub(crate) states: Vec<EdgeState>,
}

impl Solution {
    /// The answer held by a finished board.
    pub(crate) fn from_board(board: &Board) -> Solution {
        Solution {
            grid: *board.grid(),
            states: board.states().to_vec(),
        }
    }

    /// The grid geometry.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Edge states indexed by the grid's edge ids.
    pub fn states(&self) -> &[EdgeState] {
        &self.states
    }
}

/// What the search proved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Exactly one answer.
    Unique(Solution),
    /// At least two answers; the first one found.
    Multiple(Solution),
    /// No answer.
    NoSolution,
    /// The search gave up at its time limit (never on the judge path).
    Undecided(Undecided),
}

/// What a search that gave up at its time limit knows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Undecided {
    /// An answer, if one was found (whether it is the only one is not known).
    pub answer: Option<Solution>,
    /// Every edge proved before the first guess; the others unknown.
    pub known: Vec<EdgeState>,
}
