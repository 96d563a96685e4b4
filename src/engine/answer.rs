//! What the full engine says of an answer beyond the judged core's plain
//! rows: what a solve cost ([`Report`]), an answer built edge by edge, its
//! rows read as lines, and its drawing for the independent checker.

use crate::check::drawing::Drawing;
use crate::slink::answer::{Outcome, Solution};
use crate::slink::board::EdgeState;
use crate::slink::grid::Grid;

/// The outcome with what it cost.
#[derive(Clone, Debug)]
pub struct Report {
    /// What was proved.
    pub outcome: Outcome,
    /// Branching decisions made, counting those of search runs the portfolio
    /// abandoned for running out of budget.
    pub(crate) guesses: u64,
}

impl Solution {
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
    /// ([`crate::check::slink`]).
    pub fn drawing(&self) -> Drawing {
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
        Drawing::new(rows, cols, across, down).expect("a solution's rows have the grid's lengths")
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
