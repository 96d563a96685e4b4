//! What a solve proves and what it found: the answer types that the solver
//! produces and the command lines, the renderer and the independent verifier
//! read. Kept apart from [`crate::search`] so that the verifier shares nothing
//! with the solver.

use crate::board::{Board, EdgeState};
use crate::grid::Grid;

/// A complete answer: every edge a line or a cross.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    grid: Grid,
    states: Vec<EdgeState>,
}

impl Solution {
    /// The answer held by a finished board.
    pub(crate) fn from_board(board: &Board) -> Solution {
        Solution {
            grid: *board.grid(),
            states: board.states().to_vec(),
        }
    }

    /// An answer given edge by edge (`Line` or `Cross`), in the grid's edge order.
    pub fn from_states(grid: Grid, states: Vec<EdgeState>) -> Solution {
        debug_assert_eq!(states.len(), grid.edge_count());
        Solution { grid, states }
    }

    /// Number of cell rows.
    pub fn rows(&self) -> u32 {
        self.grid.rows()
    }

    /// Number of cell columns.
    pub fn cols(&self) -> u32 {
        self.grid.cols()
    }

    /// Whether the horizontal edge from dot `(r, c)` to `(r, c+1)` is a line.
    pub fn horizontal_line(&self, r: u32, c: u32) -> bool {
        self.states[self.grid.horizontal(r, c).0 as usize] == EdgeState::Line
    }

    /// Whether the vertical edge from dot `(r, c)` to `(r+1, c)` is a line.
    pub fn vertical_line(&self, r: u32, c: u32) -> bool {
        self.states[self.grid.vertical(r, c).0 as usize] == EdgeState::Line
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
    /// The search gave up at its time limit (never in judge files).
    #[cfg(not(judge))]
    Undecided(Undecided),
}

/// What a search that gave up at its time limit knows.
#[cfg(not(judge))]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Undecided {
    /// An answer, if one was found (whether it is the only one is not known).
    pub answer: Option<Solution>,
    /// Every edge proved before the first guess; the others unknown.
    pub known: Vec<EdgeState>,
}

/// The outcome with what it cost.
#[derive(Clone, Debug)]
pub struct Report {
    /// What was proved.
    pub outcome: Outcome,
    /// Branching decisions made, counting those of search runs the portfolio
    /// abandoned for running out of budget.
    pub(crate) guesses: u64,
}
