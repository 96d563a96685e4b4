//! The independent checker: is this set of lines one closed loop that meets every
//! clue? It reads the clues as a plain list and the answer as plain rows of
//! lines ([`Drawing`]), and does its own counting and walking: it imports
//! nothing of the solver, nor its geometry.

use std::fmt;

use crate::check::drawing::Drawing;

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

/// Checks that the lines of `drawing` are a single closed loop meeting every
/// clue of `clues` (row by row, `None` a blank cell).
///
/// Of several faults it names the first clue (row by row) that sees another
/// number of lines, else the first dot with a branch or dead end, else that
/// the lines are not one loop.
pub fn verify(clues: &[Option<u8>], drawing: &Drawing) -> Result<(), VerifyError> {
    let (rows, cols) = (drawing.rows(), drawing.cols());
    if clues.len() != rows as usize * cols as usize {
        return Err(VerifyError::WrongSize);
    }
    let mut total_lines = 0usize;
    let mut start = None;
    let mut branch = None;
    // One pass over the dots, row by row. A dot's degree: the line below and
    // the line to the right of it are counted at both ends, carried down a
    // row and along it. The cell below and to the right of a dot has those
    // two lines as its top and left side, so its clue is checked there.
    let mut from_above = vec![false; cols as usize + 1];
    for r in 0..=rows {
        let row_clues = match r < rows {
            true => &clues[(r * cols) as usize..][..cols as usize],
            false => &[],
        };
        let mut from_left = false;
        for c in 0..=cols {
            let (down, right) = (drawing.down(r, c), drawing.across(r, c));
            if let Some(&Some(clue)) = row_clues.get(c as usize) {
                let lines = u32::from(right)
                    + u32::from(down)
                    + u32::from(drawing.across(r + 1, c))
                    + u32::from(drawing.down(r, c + 1));
                if lines != u32::from(clue) {
                    return Err(VerifyError::Clue {
                        row: r,
                        col: c,
                        lines,
                    });
                }
            }
            let above = std::mem::replace(&mut from_above[c as usize], down);
            let left = std::mem::replace(&mut from_left, right);
            let degree =
                usize::from(above) + usize::from(down) + usize::from(left) + usize::from(right);
            if degree != 0 && degree != 2 && branch.is_none() {
                branch = Some(VerifyError::Branch { row: r, col: c });
            }
            if degree == 2 && start.is_none() {
                start = Some((r, c));
            }
            total_lines += degree;
        }
    }
    if let Some(branch) = branch {
        return Err(branch);
    }
    total_lines /= 2;
    let Some(start) = start else {
        return Err(VerifyError::Empty);
    };
    // Walk the loop through `start`; it must use every line. Every dot on it
    // has two lines, so the way on is the first line found other than the
    // one just come along.
    let line = |(r, c): (u32, u32), step: Step| match step {
        Step::Up => drawing.down(r.wrapping_sub(1), c),
        Step::Down => drawing.down(r, c),
        Step::Left => drawing.across(r, c.wrapping_sub(1)),
        Step::Right => drawing.across(r, c),
    };
    let way_on = |dot: (u32, u32), came: Option<Step>| {
        let mut ways = [Step::Up, Step::Down, Step::Left, Step::Right].into_iter();
        ways.find(|&step| Some(step.back()) != came && line(dot, step))
    };
    let mut here = start;
    let mut came = None;
    let mut walked = 0;
    while let Some(step) = way_on(here, came) {
        here = step.from(here);
        came = Some(step);
        walked += 1;
        if here == start {
            break;
        }
    }
    if walked == total_lines {
        Ok(())
    } else {
        Err(VerifyError::SeveralLoops)
    }
}

/// A step along a line from one dot to the next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Up,
    Down,
    Left,
    Right,
}

impl Step {
    /// The step that goes back.
    fn back(self) -> Step {
        match self {
            Step::Up => Step::Down,
            Step::Down => Step::Up,
            Step::Left => Step::Right,
            Step::Right => Step::Left,
        }
    }

    /// The dot this step leads to from `(r, c)`.
    fn from(self, (r, c): (u32, u32)) -> (u32, u32) {
        match self {
            Step::Up => (r - 1, c),
            Step::Down => (r + 1, c),
            Step::Left => (r, c - 1),
            Step::Right => (r, c + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Clues, and a drawing of `rows × cols` whose lines are `lines`, each
    /// given as (horizontal, r, c).
    fn case(
        rows: u32,
        cols: u32,
        clues: &[Option<u8>],
        lines: &[(bool, u32, u32)],
    ) -> (Vec<Option<u8>>, Drawing) {
        let (r, c) = (rows as usize, cols as usize);
        let mut across = vec![false; (r + 1) * c];
        let mut down = vec![false; r * (c + 1)];
        for &(horizontal, row, col) in lines {
            let (row, col) = (row as usize, col as usize);
            if horizontal {
                across[row * c + col] = true;
            } else {
                down[row * (c + 1) + col] = true;
            }
        }
        let drawing = Drawing::new(rows, cols, across, down).expect("rows of the right length");
        (clues.to_vec(), drawing)
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
    fn a_wrong_clue_is_named_before_an_earlier_branch() {
        // Dot (0,1) branches; the clue on the last cell sees four lines.
        let mut lines = AROUND.to_vec();
        lines.push((false, 0, 1));
        let (p, s) = case(1, 2, &[None, Some(2)], &lines);
        let wrong = VerifyError::Clue {
            row: 0,
            col: 1,
            lines: 4,
        };
        assert_eq!(verify(&p, &s), Err(wrong));
    }

    #[test]
    fn lines_past_a_row_end_read_as_none() {
        let (_, s) = case(1, 2, &[None, None], &AROUND);
        assert!(s.across(1, 1) && !s.across(1, 2));
        assert!(!s.across(2, 0));
        assert!(s.down(0, 2) && !s.down(0, 3));
        assert!(!s.down(u32::MAX, 0) && !s.down(0, u32::MAX) && !s.down(1, 0));
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
        assert_eq!(verify(&[None], &s), Err(VerifyError::WrongSize));
        assert_eq!(Drawing::new(1, 2, vec![false; 4], vec![false; 2]), None);
    }
}
