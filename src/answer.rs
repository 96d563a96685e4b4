//! What a solve proves and what it found: the answer types that the solver
//! produces and the command lines and the renderer read. The independent
//! verifier reads an answer only as its plain rows ([`Solution::drawing`]).

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

    /// The horizontal edges along dot row `r`, left to right (column `c` is
    /// the edge from dot `(r, c)` to `(r, c+1)`); past the last row, none.
    pub fn horizontal_lines(&self, r: u32) -> Lines<'_> {
        if r > self.grid.rows() {
            return Lines(&[]);
        }
        let first = self.grid.horizontal(r, 0).0 as usize;
        Lines(&self.states[first..][..self.grid.cols() as usize])
    }

    /// The vertical edges down from dot row `r`, left to right (column `c` is
    /// the edge from dot `(r, c)` to `(r+1, c)`); from the last row, none.
    pub fn vertical_lines(&self, r: u32) -> Lines<'_> {
        if r >= self.grid.rows() {
            return Lines(&[]);
        }
        let first = self.grid.vertical(r, 0).0 as usize;
        Lines(&self.states[first..][..self.grid.cols() as usize + 1])
    }

    /// The answer as plain rows of lines, for the independent checker
    /// ([`crate::verify`]).
    pub fn drawing(&self) -> crate::drawing::Drawing {
        let (rows, cols) = (self.rows(), self.cols());
        let line = |s: &EdgeState| *s == EdgeState::Line;
        let mut across = Vec::with_capacity((rows as usize + 1) * cols as usize);
        for r in 0..=rows {
            across.extend(self.horizontal_lines(r).0.iter().map(line));
        }
        let mut down = Vec::with_capacity(rows as usize * (cols as usize + 1));
        for r in 0..rows {
            down.extend(self.vertical_lines(r).0.iter().map(line));
        }
        crate::drawing::Drawing::new(rows, cols, across, down)
            .expect("a solution's rows have the grid's lengths")
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

/// A row of an answer's edges, read as lines: an edge past either end of
/// the row (a column below 0 wraps round to a huge one) is none.
#[derive(Clone, Copy)]
pub struct Lines<'a>(&'a [EdgeState]);

impl Lines<'_> {
    /// Whether the edge in column `c` is a line.
    pub fn at(self, c: u32) -> bool {
        matches!(self.0.get(c as usize), Some(EdgeState::Line))
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

/// The outcome with what it cost.
#[derive(Clone, Debug)]
pub struct Report {
    /// What was proved.
    pub outcome: Outcome,
    /// Branching decisions made, counting those of search runs the portfolio
    /// abandoned for running out of budget.
    pub(crate) guesses: u64,
}
