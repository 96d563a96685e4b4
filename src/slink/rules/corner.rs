//! Corner rules: the statement's cases 11–14, 16 and 17, which look at one clue,
//! its sides and the two exits at each of its corners (the edges at the corner's
//! vertex that lead away from the cell).
//!
//! Two facts drive them all. A corner is *blocked* when both its exits are
//! crossed: then the path passes the vertex along both of the cell's sides there
//! or along neither. A corner is *entered* when one exit is a line and the other
//! crossed: then the path turns along exactly one of the cell's sides there.

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Corner, CORNERS};
use crate::slink::rules::{set_all, Site};

fn blocked(board: &Board, corner: &Corner) -> bool {
    corner.exits.iter().all(|&e| board.is_cross(e))
}

fn entered(board: &Board, corner: &Corner) -> bool {
    let [a, b] = corner.exits;
    (board.is_line(a) && board.is_cross(b)) || (board.is_cross(a) && board.is_line(b))
}

/// Calls `f` with each corner of `cell` and the corner opposite it, when the cell
/// holds `clue`.
fn for_corners(
    board: &mut Board,
    site: &Site,
    clue: u8,
    mut f: impl FnMut(&mut Board, Corner, Corner) -> Result<(), Contradiction>,
) -> Result<(), Contradiction> {
    if site.clue != clue {
        return Ok(());
    }
    let corners = site.corners;
    for k in CORNERS {
        f(board, corners[k], corners[(k + 2) % 4])?;
    }
    Ok(())
}

/// Case 11, a 3 with a blocked corner: both its sides at that corner are lines.
///
/// Why: a 3 misses only one side, so at every corner at least one of its sides is
/// a line; with the exits blocked the path cannot stop there, so both are.
///
/// ```text
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . x . ? . ?      ? . x . ? . ?
/// + x + ? + ? +      + x +---+ ? +
/// ? . ? 3 ? . ?  =>  ? . | 3 ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . ? . ? . ?      ? . ? . ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ```
///
/// Fires on a 3 with both exits of a corner crossed; sets that corner's sides.
///
/// Holds back while a corner has an exit open:
///
/// ```text
/// + ? + ? + ? +
/// ? . x . ? . ?
/// + ? + ? + ? +
/// ? . ? 3 ? . ?
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? + ? + ? +
/// ```
pub(crate) fn three_blocked_corner(board: &mut Board, site: &Site) -> Result<(), Contradiction> {
    for_corners(board, site, 3, |board, corner, _| {
        if blocked(board, &corner) {
            set_all(board, &corner.sides, EdgeState::Line)?;
        }
        Ok(())
    })
}

/// Case 12, a 2 with a blocked corner: at each neighbouring corner where one exit
/// is crossed, the other exit is a line.
///
/// Why: with a blocked corner the 2 takes both sides there or neither, so its two
/// lines are two sides meeting at a corner and each neighbouring corner has
/// exactly one line of the 2: the path must leave it by an exit.
///
/// ```text
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . x . ? . ?      ? . x . ? . ?
/// + x + ? + ? +      + x + ? + ? +
/// ? . ? 2 ? . ?  =>  ? . ? 2 ? . ?
/// + x + ? + ? +      + x + ? + ? +
/// ? . ? . ? . ?      ? . | . ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ```
///
/// Fires on a 2 with a blocked corner and a neighbouring corner with one exit
/// crossed and one undecided; sets the undecided exit to a line.
///
/// Holds back while no neighbouring corner has an exit crossed:
///
/// ```text
/// + ? + ? + ? +
/// ? . x . ? . ?
/// + x + ? + ? +
/// ? . ? 2 ? . ?
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? + ? + ? +
/// ```
pub(crate) fn two_blocked_corner(board: &mut Board, site: &Site) -> Result<(), Contradiction> {
    let corners = site.corners;
    for_corners(board, site, 2, |board, corner, opposite| {
        if !blocked(board, &corner) {
            return Ok(());
        }
        // The neighbouring corners are the ones that are neither this one nor its
        // opposite.
        for next in corners {
            if next.vertex == corner.vertex || next.vertex == opposite.vertex {
                continue;
            }
            let [a, b] = next.exits;
            if board.is_cross(a) {
                board.set(b, EdgeState::Line)?;
            } else if board.is_cross(b) {
                board.set(a, EdgeState::Line)?;
            }
        }
        Ok(())
    })
}

/// Case 13, a 1 with a blocked corner: both its sides at that corner are crossed.
///
/// Why: the path takes both sides at a blocked corner or neither, and a 1 cannot
/// take two.
///
/// ```text
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . x . ? . ?      ? . x . ? . ?
/// + x + ? + ? +      + x + x + ? +
/// ? . ? 1 ? . ?  =>  ? . x 1 ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . ? . ? . ?      ? . ? . ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ```
///
/// Fires on a 1 with both exits of a corner crossed; crosses that corner's sides.
///
/// Holds back while a corner has an exit open:
///
/// ```text
/// + ? + ? + ? +
/// ? . x . ? . ?
/// + ? + ? + ? +
/// ? . ? 1 ? . ?
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? + ? + ? +
/// ```
pub(crate) fn one_blocked_corner(board: &mut Board, site: &Site) -> Result<(), Contradiction> {
    for_corners(board, site, 1, |board, corner, _| {
        if blocked(board, &corner) {
            set_all(board, &corner.sides, EdgeState::Cross)?;
        }
        Ok(())
    })
}

/// Case 14, a path entering a 3's corner: both sides at the opposite corner are
/// lines.
///
/// Why: the path turns along exactly one of the 3's sides at the entered corner,
/// so the 3's other two lines are the two sides at the opposite corner.
///
/// ```text
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . ? . ? . ?      ? . ? . ? . ?
/// + ? + ? + ? +      + ? +---+ ? +
/// ? . ? 3 ? . ?  =>  ? . ? 3 | . ?
/// + x + ? + ? +      + x + ? + ? +
/// ? . | . ? . ?      ? . | . ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ```
///
/// Fires on a 3 with a corner whose exits are one line and one cross; sets the
/// opposite corner's sides.
///
/// Holds back while the entering path could still go on straight:
///
/// ```text
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? + ? + ? +
/// ? . ? 3 ? . ?
/// + ? + ? + ? +
/// ? . | . ? . ?
/// + ? + ? + ? +
/// ```
pub(crate) fn three_entered_corner(board: &mut Board, site: &Site) -> Result<(), Contradiction> {
    for_corners(board, site, 3, |board, corner, opposite| {
        if entered(board, &corner) {
            set_all(board, &opposite.sides, EdgeState::Line)?;
        }
        Ok(())
    })
}

/// Case 16, a path entering a 2's corner: at the opposite corner, if one exit is
/// crossed, the other is a line.
///
/// Why: the path turns along exactly one of the 2's sides at the entered corner,
/// so the 2 has exactly one line at the opposite corner too, and the path must
/// leave that corner by an exit.
///
/// ```text
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . ? . x . ?      ? . ? . x . ?
/// + ? + ? + ? +      + ? + ? +---+
/// ? . ? 2 ? . ?  =>  ? . ? 2 ? . ?
/// + x + ? + ? +      + x + ? + ? +
/// ? . | . ? . ?      ? . | . ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ```
///
/// Fires on a 2 with an entered corner whose opposite corner has one exit crossed
/// and one undecided; sets that exit to a line.
///
/// Holds back while both exits of the opposite corner are open:
///
/// ```text
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? + ? + ? +
/// ? . ? 2 ? . ?
/// + x + ? + ? +
/// ? . | . ? . ?
/// + ? + ? + ? +
/// ```
pub(crate) fn two_entered_corner(board: &mut Board, site: &Site) -> Result<(), Contradiction> {
    for_corners(board, site, 2, |board, corner, opposite| {
        if entered(board, &corner) {
            let [a, b] = opposite.exits;
            if board.is_cross(a) {
                board.set(b, EdgeState::Line)?;
            } else if board.is_cross(b) {
                board.set(a, EdgeState::Line)?;
            }
        }
        Ok(())
    })
}

/// Case 17, a path entering a 1's corner: both sides at the opposite corner are
/// crossed (the picture's "edges around the 1"; the prose says "three").
///
/// Why: the path turns along one of the 1's sides at the entered corner, which
/// is the 1's only line.
///
/// ```text
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . ? . ? . ?      ? . ? . ? . ?
/// + ? + ? + ? +      + ? + x + ? +
/// ? . ? 1 ? . ?  =>  ? . ? 1 x . ?
/// + x + ? + ? +      + x + ? + ? +
/// ? . | . ? . ?      ? . | . ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ```
///
/// Fires on a 1 with a corner whose exits are one line and one cross; crosses
/// the opposite corner's sides.
///
/// Holds back while the entering path could still go on straight:
///
/// ```text
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? + ? + ? +
/// ? . ? 1 ? . ?
/// + ? + ? + ? +
/// ? . | . ? . ?
/// + ? + ? + ? +
/// ```
pub(crate) fn one_entered_corner(board: &mut Board, site: &Site) -> Result<(), Contradiction> {
    for_corners(board, site, 1, |board, corner, opposite| {
        if entered(board, &corner) {
            set_all(board, &opposite.sides, EdgeState::Cross)?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slink::rules::SiteRule;
    use crate::slink::testkit::{apply_at, board, draw, frame, normal, MIDDLE};

    fn check(rule: SiteRule, before: &str, after: &str) {
        let mut b = board(before);
        apply_at(rule, &mut b, MIDDLE).unwrap();
        assert_eq!(draw(&b), normal(after));
    }

    fn unchanged(rule: SiteRule, before: &str) {
        check(rule, before, before);
    }

    fn fails(rule: SiteRule, before: &str) {
        let mut b = board(before);
        assert!(apply_at(rule, &mut b, MIDDLE).is_err(), "{}", draw(&b));
    }

    // The middle cell's top-left corner blocked: up and left exits crossed.
    const TL_BLOCKED: [(usize, &str); 2] = [(1, "? . x . ? . ?"), (2, "+ x + ? + ? +")];

    #[test]
    fn case_11_three_with_blocked_corner() {
        check(
            three_blocked_corner,
            &frame('3', &TL_BLOCKED),
            &frame(
                '3',
                &[
                    (1, "? . x . ? . ?"),
                    (2, "+ x +---+ ? +"),
                    (3, "? . | 3 ? . ?"),
                ],
            ),
        );
        unchanged(three_blocked_corner, &frame('3', &TL_BLOCKED[..1]));
        fails(
            three_blocked_corner,
            &frame('3', &[(1, "? . x . ? . ?"), (2, "+ x + x + ? +")]),
        );
    }

    #[test]
    fn case_12_two_with_blocked_corner() {
        let before = frame('2', &[(1, "? . x . x . ?"), (2, "+ x + ? + ? +")]);
        check(
            two_blocked_corner,
            &before,
            &frame('2', &[(1, "? . x . x . ?"), (2, "+ x + ? +---+")]),
        );
        unchanged(two_blocked_corner, &frame('2', &[(1, "? . x . x . ?")]));
        fails(
            two_blocked_corner,
            &frame('2', &[(1, "? . x . x . ?"), (2, "+ x + ? + x +")]),
        );
    }

    #[test]
    fn case_13_one_with_blocked_corner() {
        check(
            one_blocked_corner,
            &frame('1', &TL_BLOCKED),
            &frame(
                '1',
                &[
                    (1, "? . x . ? . ?"),
                    (2, "+ x + x + ? +"),
                    (3, "? . x 1 ? . ?"),
                ],
            ),
        );
        unchanged(one_blocked_corner, &frame('1', &TL_BLOCKED[1..]));
        fails(
            one_blocked_corner,
            &frame('1', &[(1, "? . x . ? . ?"), (2, "+ x +---+ ? +")]),
        );
    }

    // The middle cell's bottom-left corner entered: a line down, the left crossed.
    const BL_ENTERED: [(usize, &str); 2] = [(4, "+ x + ? + ? +"), (5, "? . | . ? . ?")];

    #[test]
    fn case_14_path_entering_a_threes_corner() {
        check(
            three_entered_corner,
            &frame('3', &BL_ENTERED),
            &frame(
                '3',
                &[
                    (2, "+ ? +---+ ? +"),
                    (3, "? . ? 3 | . ?"),
                    BL_ENTERED[0],
                    BL_ENTERED[1],
                ],
            ),
        );
        unchanged(three_entered_corner, &frame('3', &BL_ENTERED[1..]));
        fails(
            three_entered_corner,
            &frame('3', &[(2, "+ ? + x + ? +"), BL_ENTERED[0], BL_ENTERED[1]]),
        );
    }

    #[test]
    fn case_16_path_entering_a_twos_corner() {
        // As in the statement's picture: in from the left at the bottom-left
        // corner, its down exit crossed; the top-right's right exit crossed.
        let entered = [
            (2, "+ ? + ? + x +"),
            (4, "+---+ ? + ? +"),
            (5, "? . x . ? . ?"),
        ];
        check(
            two_entered_corner,
            &frame('2', &entered),
            &frame(
                '2',
                &[(1, "? . ? . | . ?"), entered[0], entered[1], entered[2]],
            ),
        );
        unchanged(two_entered_corner, &frame('2', &entered[..2]));
        fails(
            two_entered_corner,
            &frame(
                '2',
                &[(1, "? . ? . x . ?"), entered[0], entered[1], entered[2]],
            ),
        );
    }

    #[test]
    fn case_17_path_entering_a_ones_corner() {
        check(
            one_entered_corner,
            &frame('1', &BL_ENTERED),
            &frame(
                '1',
                &[
                    (2, "+ ? + x + ? +"),
                    (3, "? . ? 1 x . ?"),
                    BL_ENTERED[0],
                    BL_ENTERED[1],
                ],
            ),
        );
        unchanged(one_entered_corner, &frame('1', &BL_ENTERED[..1]));
        fails(
            one_entered_corner,
            &frame('1', &[(2, "+ ? +---+ ? +"), BL_ENTERED[0], BL_ENTERED[1]]),
        );
    }
}
