//! The independent validator: does a grid obey the three rules? It shares no code
//! with the solver and reports the first problem in the statement's words, in
//! this order of precedence: lights that see each other, then a grey cell with
//! the wrong number of lights beside it, then a white cell left dark. Within one
//! kind, the first in row-major order; a pair is written earlier light first,
//! and the pair reported is the one whose earlier light comes first, then whose
//! later light does.

use std::fmt;

use crate::akari::puzzle::{Puzzle, Square};

/// What the validator found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// All three rules hold.
    Solved,
    /// Two lights (row-major indices, earlier first) see each other.
    SeeEachOther(usize, usize),
    /// A grey cell's number differs from the lights beside it.
    WrongCount(usize),
    /// A white cell that no light reaches.
    Unlit(usize),
}

/// The verdict as the statement writes it.
pub(crate) struct Message<'a>(pub &'a Puzzle, pub &'a Verdict);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Message(p, verdict) = self;
        match verdict {
            Verdict::Solved => write!(f, "Puzzle is solved."),
            Verdict::SeeEachOther(a, b) => write!(
                f,
                "Puzzle is invalid, cells {} and {} illuminate each other",
                p.cell_name(*a),
                p.cell_name(*b)
            ),
            Verdict::WrongCount(g) => write!(
                f,
                "Puzzle is invalid, wrong number of adjacent lights for grey cell {}",
                p.cell_name(*g)
            ),
            Verdict::Unlit(c) => write!(
                f,
                "Puzzle is incomplete, cell {} is not illuminated",
                p.cell_name(*c)
            ),
        }
    }
}

/// Checks the grid.
pub fn validate(p: &Puzzle) -> Verdict {
    let (h, w) = (p.rows as i64, p.cols as i64);
    let at = |r: i64, c: i64| p.squares[(r * w + c) as usize];
    let inside = |r: i64, c: i64| r >= 0 && c >= 0 && r < h && c < w;
    // Walks from (r, c) in direction (dr, dc) until a grey cell or the border,
    // returning the first light met.
    let first_light = |r: i64, c: i64, dr: i64, dc: i64| {
        let (mut y, mut x) = (r + dr, c + dc);
        while inside(y, x) {
            match at(y, x) {
                Square::Grey(_) => return None,
                Square::Light => return Some((y * w + x) as usize),
                Square::Empty => {}
            }
            y += dr;
            x += dc;
        }
        None
    };
    for r in 0..h {
        for c in 0..w {
            if at(r, c) == Square::Light {
                // Lights later in row-major order lie to the right or below; any
                // to the right come first.
                if let Some(other) = first_light(r, c, 0, 1).or_else(|| first_light(r, c, 1, 0)) {
                    return Verdict::SeeEachOther((r * w + c) as usize, other);
                }
            }
        }
    }
    for r in 0..h {
        for c in 0..w {
            if let Square::Grey(Some(number)) = at(r, c) {
                let lights = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                    .iter()
                    .filter(|&&(dr, dc)| {
                        inside(r + dr, c + dc) && at(r + dr, c + dc) == Square::Light
                    })
                    .count();
                if lights != usize::from(number) {
                    return Verdict::WrongCount((r * w + c) as usize);
                }
            }
        }
    }
    for r in 0..h {
        for c in 0..w {
            if at(r, c) == Square::Empty {
                let lit = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                    .iter()
                    .any(|&(dr, dc)| first_light(r, c, dr, dc).is_some());
                if !lit {
                    return Verdict::Unlit((r * w + c) as usize);
                }
            }
        }
    }
    Verdict::Solved
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(text: &str) -> String {
        let p = Puzzle::read(text.as_bytes()).unwrap();
        Message(&p, &validate(&p)).to_string()
    }

    #[test]
    fn each_message() {
        assert_eq!(verdict("2\n* X\nX *"), "Puzzle is solved.");
        assert_eq!(
            verdict("2\n* .\nX ."),
            "Puzzle is incomplete, cell 11 is not illuminated"
        );
        assert_eq!(
            verdict("2\n* *\nX ."),
            "Puzzle is invalid, cells 00 and 01 illuminate each other"
        );
        assert_eq!(
            verdict("2\n* 2\n. X"),
            "Puzzle is invalid, wrong number of adjacent lights for grey cell 01"
        );
    }

    #[test]
    fn lights_seeing_each_other_come_before_wrong_numbers_and_dark_cells() {
        assert_eq!(
            verdict("3\n* . *\n0 . .\n. . ."),
            "Puzzle is invalid, cells 00 and 02 illuminate each other"
        );
    }

    #[test]
    fn wrong_numbers_come_before_dark_cells() {
        assert_eq!(
            verdict("3\n. . .\n. 1 .\n. . ."),
            "Puzzle is invalid, wrong number of adjacent lights for grey cell 11"
        );
    }

    #[test]
    fn the_pair_with_the_first_earlier_light_then_the_first_later_light() {
        // 00 sees 02 (right) and 20 (below): the one to the right comes first.
        assert_eq!(
            verdict("3\n* . *\n. X .\n* . ."),
            "Puzzle is invalid, cells 00 and 02 illuminate each other"
        );
        // 01 sees 21 below only; 00 sees nothing; so 01 and 21.
        assert_eq!(
            verdict("3\n X * .\n. . .\n. * ."),
            "Puzzle is invalid, cells 01 and 21 illuminate each other"
        );
        // A light sees past an empty cell but not past a grey one.
        assert_eq!(
            verdict("3\n* X .\n. . .\n. . ."),
            "Puzzle is incomplete, cell 02 is not illuminated"
        );
        assert_eq!(verdict("3\n* X *\n. . .\nX * X"), "Puzzle is solved.");
    }

    #[test]
    fn first_dark_cell_in_row_major_order() {
        assert_eq!(
            verdict("3\nX . .\n. X .\n. . X"),
            "Puzzle is incomplete, cell 01 is not illuminated"
        );
    }
}
