//! The independent checker: is this set of lines one closed loop that meets every
//! clue? It reads the answer only through `horizontal_line`/`vertical_line` and
//! does its own counting and walking, sharing no code with the solver.

use std::fmt;

use crate::answer::Solution;
use crate::parse::Puzzle;

/// Why an answer is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VerifyError {
    /// The answer is for a grid of another size.
    WrongSize,
    /// A clue sees another number of lines.
    Clue {
        /// Row of the cell.
        row: u32,
        /// Column of the cell.
        col: u32,
        /// Lines around it.
        lines: u32,
    },
    /// A dot with one, three or four lines.
    Branch {
        /// Row of the dot.
        row: u32,
        /// Column of the dot.
        col: u32,
    },
    /// No line at all.
    Empty,
    /// The lines form more than one loop.
    SeveralLoops,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::WrongSize => write!(f, "the answer has another size"),
            VerifyError::Clue { row, col, lines } => {
                write!(f, "cell ({row},{col}) has {lines} lines around it")
            }
            VerifyError::Branch { row, col } => {
                write!(f, "dot ({row},{col}) does not have 0 or 2 lines")
            }
            VerifyError::Empty => write!(f, "there is no loop"),
            VerifyError::SeveralLoops => write!(f, "the lines form more than one loop"),
        }
    }
}

/// Checks that `solution` is a single closed loop meeting every clue of `puzzle`.
pub fn verify(puzzle: &Puzzle, solution: &Solution) -> Result<(), VerifyError> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    if solution.rows() != rows || solution.cols() != cols {
        return Err(VerifyError::WrongSize);
    }
    // The dots joined to dot (r, c) by a line: up to four, and how many.
    let steps = |r: u32, c: u32| {
        let mut out = [(0, 0); 4];
        let mut n = 0;
        let mut add = |joined: bool, dot: (u32, u32)| {
            if joined {
                out[n] = dot;
                n += 1;
            }
        };
        add(
            r > 0 && solution.vertical_line(r - 1, c),
            (r.wrapping_sub(1), c),
        );
        add(r < rows && solution.vertical_line(r, c), (r + 1, c));
        add(
            c > 0 && solution.horizontal_line(r, c - 1),
            (r, c.wrapping_sub(1)),
        );
        add(c < cols && solution.horizontal_line(r, c), (r, c + 1));
        (out, n)
    };
    for r in 0..rows {
        for c in 0..cols {
            if let Some(clue) = puzzle.clues[(r * cols + c) as usize] {
                let lines = u32::from(solution.horizontal_line(r, c))
                    + u32::from(solution.horizontal_line(r + 1, c))
                    + u32::from(solution.vertical_line(r, c))
                    + u32::from(solution.vertical_line(r, c + 1));
                if lines != u32::from(clue) {
                    return Err(VerifyError::Clue {
                        row: r,
                        col: c,
                        lines,
                    });
                }
            }
        }
    }
    let mut total_lines = 0usize;
    let mut start = None;
    // Each dot's degree: the line below and the line to the right of it are
    // counted at both ends, carried down a row and along it.
    let mut from_above = vec![false; cols as usize + 1];
    for r in 0..=rows {
        let mut from_left = false;
        for c in 0..=cols {
            let down = r < rows && solution.vertical_line(r, c);
            let right = c < cols && solution.horizontal_line(r, c);
            let above = std::mem::replace(&mut from_above[c as usize], down);
            let left = std::mem::replace(&mut from_left, right);
            let degree =
                usize::from(above) + usize::from(down) + usize::from(left) + usize::from(right);
            if degree != 0 && degree != 2 {
                return Err(VerifyError::Branch { row: r, col: c });
            }
            if degree == 2 && start.is_none() {
                start = Some((r, c));
            }
            total_lines += degree;
        }
    }
    total_lines /= 2;
    let Some(start) = start else {
        return Err(VerifyError::Empty);
    };
    // Walk the loop through `start`; it must use every line.
    let (mut previous, mut here) = (start, steps(start.0, start.1).0[0]);
    let mut walked = 1;
    while here != start {
        let (next, _) = steps(here.0, here.1);
        let step = if next[0] == previous {
            next[1]
        } else {
            next[0]
        };
        previous = here;
        here = step;
        walked += 1;
    }
    if walked == total_lines {
        Ok(())
    } else {
        Err(VerifyError::SeveralLoops)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::EdgeState;
    use crate::grid::{Edge, Grid};

    /// A puzzle of `rows × cols` with `clues`, and an answer whose lines are
    /// `lines`, each given as (horizontal, r, c).
    fn case(
        rows: u32,
        cols: u32,
        clues: &[Option<u8>],
        lines: &[(bool, u32, u32)],
    ) -> (Puzzle, Solution) {
        let grid = Grid::new(rows, cols);
        let mut states = vec![EdgeState::Cross; grid.edge_count()];
        for &(horizontal, r, c) in lines {
            let Edge(e) = if horizontal {
                grid.horizontal(r, c)
            } else {
                grid.vertical(r, c)
            };
            states[e as usize] = EdgeState::Line;
        }
        let puzzle = Puzzle {
            rows,
            cols,
            clues: clues.to_vec(),
        };
        (puzzle, Solution::from_states(grid, states))
    }

    /// The loop round the whole of a 1×2 grid.
    const AROUND: [(bool, u32, u32); 6] = [
        (true, 0, 0),
        (true, 0, 1),
        (true, 1, 0),
        (true, 1, 1),
        (false, 0, 0),
        (false, 0, 2),
    ];

    #[test]
    fn a_single_loop_meeting_every_clue_passes() {
        let (p, s) = case(1, 2, &[Some(3), None], &AROUND);
        assert_eq!(verify(&p, &s), Ok(()));
    }

    #[test]
    fn a_clue_with_the_wrong_count_fails() {
        let (p, s) = case(1, 2, &[None, Some(2)], &AROUND);
        assert_eq!(
            verify(&p, &s),
            Err(VerifyError::Clue {
                row: 0,
                col: 1,
                lines: 3
            })
        );
    }

    #[test]
    fn a_dot_with_three_lines_fails() {
        let mut lines = AROUND.to_vec();
        lines.push((false, 0, 1));
        let (p, s) = case(1, 2, &[None, None], &lines);
        assert_eq!(verify(&p, &s), Err(VerifyError::Branch { row: 0, col: 1 }));
    }

    #[test]
    fn two_loops_fail() {
        // The loops round cells (0,0) and (0,2) of a 1×3 grid.
        let square = |c: u32| [(true, 0, c), (true, 1, c), (false, 0, c), (false, 0, c + 1)];
        let lines = [square(0), square(2)].concat();
        let (p, s) = case(1, 3, &[None, None, None], &lines);
        assert_eq!(verify(&p, &s), Err(VerifyError::SeveralLoops));
    }

    #[test]
    fn no_line_at_all_fails() {
        let (p, s) = case(1, 2, &[None, None], &[]);
        assert_eq!(verify(&p, &s), Err(VerifyError::Empty));
    }

    #[test]
    fn an_answer_of_another_size_fails() {
        let (_, s) = case(1, 2, &[None, None], &AROUND);
        let (p, _) = case(2, 1, &[None, None], &[]);
        assert_eq!(verify(&p, &s), Err(VerifyError::WrongSize));
    }
}
