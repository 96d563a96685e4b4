//! Rules about two neighbouring clues: the statement's cases 6 (adjacent 3s),
//! 7 (diagonal 3s) and 15 (a 3 and a 1 diagonal).

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Cell, CORNERS};
use crate::slink::rules::{set_all, Site};

/// Case 6, adjacent 3s: the side they share and their two sides parallel to it are
/// lines — unless the six-edge loop around the pair is itself an answer.
///
/// Why: if the shared side were crossed, each 3 would take its other three sides
/// and together they would close a loop around the pair; a single loop is the
/// whole answer, so that happens only when it meets every clue. When some clue
/// rules it out, the shared side is a line, and then each 3's far side is too (a
/// 3 without it would fill both ends of the shared side and starve its partner).
///
/// ```text
/// + ? + ? + ? + ? +      + ? + ? + ? + ? +
/// ? 2 ? 3 ? 3 ? . ?  =>  ? 2 | 3 | 3 | . ?
/// + ? + ? + ? + ? +      + ? + ? + ? + ? +
/// ```
///
/// Fires on two 3s side by side (found from the left or upper one) when some
/// clued cell is not met by the loop around the pair; sets three lines.
///
/// Holds back when the loop around the pair meets every clue:
///
/// ```text
/// + ? + ? + ? + ? +
/// ? 3 ? 3 ? 1 ? 0 ?
/// + ? + ? + ? + ? +
/// ```
pub(crate) fn adjacent_threes(board: &mut Board, site: &Site) -> Result<(), Contradiction> {
    adjacent_threes_where(board, site, |board, a, b| {
        !small_loop_is_an_answer(board, a, b)
    })
}

pub(crate) fn adjacent_threes_where(
    board: &mut Board,
    site: &Site,
    applies: impl Fn(&Board, Cell, Cell) -> bool,
) -> Result<(), Contradiction> {
    if site.clue != 3 {
        return Ok(());
    }
    let cell = site.cell;
    let grid = *board.grid();
    // Right neighbour, on the grid when my top right corner's exit east is
    // (`step` 1): shared = my right, parallels = my left and its right.
    // Lower neighbour, when my bottom right corner's exit down is (`step` a
    // row): shared = my bottom, parallels = my top and its bottom.
    for (k, exit, step, shared, near, far) in [(1, 1, 1, 1, 3, 1), (2, 0, grid.cols(), 2, 0, 2)] {
        if site.corners[k].exits[exit] == grid.off_grid() {
            continue;
        }
        let other = Cell(cell.0 + step);
        if board.clue(other) == Some(3) && applies(board, cell, other) {
            let mine = grid.cell_edges(cell);
            // Set, not read: the far side of the other 3 is beyond what a
            // rule at this cell may read (see `rules`), and setting a line
            // that is one already changes nothing.
            let lines = [mine[shared], mine[near], grid.cell_edges(other)[far]];
            set_all(board, &lines, EdgeState::Line)?;
        }
    }
    Ok(())
}

/// Whether the six-edge loop around the adjacent cells `a` and `b` meets every
/// clue: the cells beside the pair see one line each, every other cell none.
fn small_loop_is_an_answer(board: &Board, a: Cell, b: Cell) -> bool {
    let grid = board.grid();
    let mut nonzero_near = 2; // the two 3s themselves
    for (cell, other) in [(a, b), (b, a)] {
        for e in grid.cell_edges(cell) {
            for n in grid.edge_cells(e).into_iter().flatten() {
                if n == cell || n == other {
                    continue;
                }
                match board.clue(n) {
                    Some(1) => nonzero_near += 1,
                    None => {}
                    // A 0 beside the pair would see a line; a 2 or 3 too few.
                    Some(_) => return false,
                }
            }
        }
    }
    // Every nonzero clue must be one of those counted, so no other cell needs a
    // line.
    board.nonzero_clues() == nonzero_near
}

/// Case 7, diagonal 3s: the sides at their far corners are lines.
///
/// Why: a 3 has a line at every corner. If a 3 took both its sides at the corner
/// it shares with the other 3, that vertex would be full and the other 3 could
/// use neither of its sides there; so each 3 takes exactly one side at the shared
/// vertex, and its two sides at the opposite corner.
///
/// ```text
/// + ? + ? +      +---+ ? +
/// ? 3 ? . ?      | 3 ? . ?
/// + ? + ? +  =>  + ? + ? +
/// ? . ? 3 ?      ? . ? 3 |
/// + ? + ? +      + ? +---+
/// ```
///
/// Fires on a 3 with a 3 diagonally next to it; sets four lines.
///
/// Holds back on a 3 with no 3 diagonally next to it:
///
/// ```text
/// + ? + ? +
/// ? 3 ? . ?
/// + ? + ? +
/// ? . ? 2 ?
/// + ? + ? +
/// ```
pub(crate) fn diagonal_threes(board: &mut Board, site: &Site) -> Result<(), Contradiction> {
    if site.clue != 3 {
        return Ok(());
    }
    let grid = *board.grid();
    let corners = site.corners;
    for k in CORNERS {
        let other = match site.diagonal(&grid, k) {
            Some(other) => other,
            None => continue,
        };
        if board.clue(other) == Some(3) {
            // My far corner is opposite the shared one; the other 3's far corner
            // is its own corner k.
            let mine = corners[(k + 2) % 4].sides;
            let theirs = grid.corner(other, k).sides;
            set_all(
                board,
                &[mine[0], mine[1], theirs[0], theirs[1]],
                EdgeState::Line,
            )?;
        }
    }
    Ok(())
}

/// Case 15, a 3 and a 1 diagonal: when the 3's far corner is blocked, the 1's
/// sides at its far corner are crossed; and the other way round, when the 1's
/// sides at its far corner are crossed, the exits at the 3's far corner are.
///
/// Why: with its far corner blocked the 3 takes both sides there (case 11) and
/// one more, which ends at the shared vertex; the path goes on along one of the
/// 1's sides at that vertex, its only line. Conversely, if the 1's far sides are
/// crossed its line is at the shared vertex, so the 3 has exactly one line there
/// and needs both sides at its far corner, which fills that vertex.
///
/// ```text
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . x . ? . ?      ? . x . ? . ?
/// + x + ? + ? +      + x + ? + ? +
/// ? . ? 3 ? . ?  =>  ? . ? 3 ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . ? . ? 1 ?      ? . ? . ? 1 x
/// + ? + ? + ? +      + ? + ? + x +
/// ```
///
/// Fires at the 3 (first direction) or at the 1 (second direction); crosses two
/// edges.
///
/// Holds back while the 3's far corner has an exit open:
///
/// ```text
/// + ? + ? + ? +
/// ? . x . ? . ?
/// + ? + ? + ? +
/// ? . ? 3 ? . ?
/// + ? + ? + ? +
/// ? . ? . ? 1 ?
/// + ? + ? + ? +
/// ```
pub(crate) fn three_one_diagonal(board: &mut Board, site: &Site) -> Result<(), Contradiction> {
    // (On any other clue it does nothing: both tests below ask for a 3 or
    // a 1. The partner's clue is read first, the cheapest to rule out.)
    let clue = site.clue;
    let grid = *board.grid();
    let corners = site.corners;
    for k in CORNERS {
        let other = match site.diagonal(&grid, k) {
            Some(other) => other,
            None => continue,
        };
        if board.clue(other) != Some(4 - clue) {
            continue;
        }
        // A 3 reads its far corner's exits, a 1 its far corner's sides; the
        // partner's corner is worked out only when the pattern holds.
        let mine = corners[(k + 2) % 4];
        if clue == 3 && mine.exits.iter().all(|&e| board.is_cross(e)) {
            set_all(board, &grid.corner(other, k).sides, EdgeState::Cross)?;
        } else if clue == 1 && mine.sides.iter().all(|&e| board.is_cross(e)) {
            set_all(board, &grid.corner(other, k).exits, EdgeState::Cross)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slink::parse::Puzzle;
    use crate::slink::testkit::{apply_at, board, draw, normal};

    #[test]
    fn case_6_adjacent_threes_set_three_lines() {
        let mut b = board("+ ? + ? + ? +\n? 3 ? 3 ? 2 ?\n+ ? + ? + ? +");
        apply_at(adjacent_threes, &mut b, Cell(0)).unwrap();
        assert_eq!(
            draw(&b),
            normal("+ ? + ? + ? +\n| 3 | 3 | 2 ?\n+ ? + ? + ? +")
        );
    }

    #[test]
    fn case_6_vertical_pair() {
        let mut b = board("+ ? +\n? 3 ?\n+ ? +\n? 3 ?\n+ ? +\n? 2 ?\n+ ? +");
        apply_at(adjacent_threes, &mut b, Cell(0)).unwrap();
        assert_eq!(
            draw(&b),
            normal("+---+\n? 3 ?\n+---+\n? 3 ?\n+---+\n? 2 ?\n+ ? +")
        );
    }

    #[test]
    fn case_6_holds_back_when_the_small_loop_is_the_answer() {
        // 1×4 "3 3 1 0": the loop around the two 3s meets the 1 and the 0.
        let mut b = board("+ ? + ? + ? + ? +\n? 3 ? 3 ? 1 ? 0 ?\n+ ? + ? + ? + ? +");
        let before = draw(&b);
        apply_at(adjacent_threes, &mut b, Cell(0)).unwrap();
        assert_eq!(draw(&b), before);
    }

    #[test]
    fn case_6_contradiction() {
        let mut b = board("+ ? + ? +\n? 3 x 3 ?\n+ ? + ? +\n? 2 ? . ?\n+ ? + ? +");
        assert!(apply_at(adjacent_threes, &mut b, Cell(0)).is_err());
    }

    #[test]
    fn small_loop_test_counts_every_clue() {
        let p = |clues: &[Option<u8>]| Puzzle {
            rows: 1,
            cols: clues.len() as u32,
            clues: clues.to_vec(),
        };
        let b = {
            let p = p(&[Some(3), Some(3), Some(1), Some(0)]);
            Board::new(p.grid(), &p.clues)
        };
        assert!(small_loop_is_an_answer(&b, Cell(0), Cell(1)));
        let b = {
            let p = p(&[Some(3), Some(3), Some(1), Some(1)]);
            Board::new(p.grid(), &p.clues)
        };
        assert!(!small_loop_is_an_answer(&b, Cell(0), Cell(1)));
        let b = {
            let p = p(&[Some(3), Some(3), Some(2), Some(0)]);
            Board::new(p.grid(), &p.clues)
        };
        assert!(!small_loop_is_an_answer(&b, Cell(0), Cell(1)));
        let b = {
            let p = p(&[Some(3), Some(3), None, None]);
            Board::new(p.grid(), &p.clues)
        };
        assert!(small_loop_is_an_answer(&b, Cell(0), Cell(1)));
    }

    /// Regression: a 0 beside the pair (which the small loop would touch) was
    /// taken for no objection, so case 6 held back where it applies.
    #[test]
    fn case_6_fires_when_a_0_beside_the_pair_rules_the_small_loop_out() {
        let mut b =
            board("+ ? + ? + ? +\n? 3 ? 3 ? . ?\n+ ? + ? + ? +\n? 0 ? . ? . ?\n+ ? + ? + ? +");
        apply_at(adjacent_threes, &mut b, Cell(0)).unwrap();
        assert_eq!(
            draw(&b),
            normal("+ ? + ? + ? +\n| 3 | 3 | . ?\n+ ? + ? + ? +\n? 0 ? . ? . ?\n+ ? + ? + ? +")
        );
    }

    const DIAGONAL: &str = "+ ? + ? +\n? 3 ? . ?\n+ ? + ? +\n? . ? 3 ?\n+ ? + ? +";

    #[test]
    fn case_7_diagonal_threes() {
        let mut b = board(DIAGONAL);
        apply_at(diagonal_threes, &mut b, Cell(0)).unwrap();
        assert_eq!(
            draw(&b),
            normal("+---+ ? +\n| 3 ? . ?\n+ ? + ? +\n? . ? 3 |\n+ ? +---+")
        );
        let mut apart = board("+ ? + ? +\n? 3 ? 3 ?\n+ ? + ? +\n? . ? . ?\n+ ? + ? +");
        apply_at(diagonal_threes, &mut apart, Cell(0)).unwrap();
        assert_eq!(apart.unknown_count(), 12);
        let mut bad = board(&DIAGONAL.replace("+ ? + ? +\n? 3", "+ x + ? +\n? 3"));
        assert!(apply_at(diagonal_threes, &mut bad, Cell(0)).is_err());
    }

    const THREE_ONE: &str = "+ ? + ? + ? +
                             ? . x . ? . ?
                             + x + ? + ? +
                             ? . ? 3 ? . ?
                             + ? + ? + ? +
                             ? . ? . ? 1 ?
                             + ? + ? + ? +";

    #[test]
    fn case_15_blocked_three_crosses_the_ones_far_sides() {
        let mut b = board(THREE_ONE);
        apply_at(three_one_diagonal, &mut b, Cell(4)).unwrap();
        let g = *b.grid();
        assert!(b.is_cross(g.vertical(2, 3)) && b.is_cross(g.horizontal(3, 2)));
        let mut open = board(&THREE_ONE.replace("+ x + ? + ? +", "+ ? + ? + ? +"));
        apply_at(three_one_diagonal, &mut open, Cell(4)).unwrap();
        assert!(open.is_unknown(g.vertical(2, 3)));
        let mut bad = board(&THREE_ONE.replace("? . ? . ? 1 ?", "? . ? . ? 1 |"));
        assert!(apply_at(three_one_diagonal, &mut bad, Cell(4)).is_err());
    }

    #[test]
    fn case_15_crossed_one_blocks_the_threes_far_corner() {
        let one_side = "+ ? + ? + ? +
                        ? . ? . ? . ?
                        + ? + ? + ? +
                        ? . ? 3 ? . ?
                        + ? + ? + ? +
                        ? . ? . ? 1 x
                        + ? + ? + x +";
        let mut b = board(one_side);
        apply_at(three_one_diagonal, &mut b, Cell(8)).unwrap();
        let g = *b.grid();
        assert!(b.is_cross(g.vertical(0, 1)) && b.is_cross(g.horizontal(1, 0)));
        let mut half = board(&one_side.replace("+ ? + ? + x +", "+ ? + ? + ? +"));
        apply_at(three_one_diagonal, &mut half, Cell(8)).unwrap();
        assert!(half.is_unknown(g.vertical(0, 1)));
        let mut bad = board(one_side);
        bad.set(g.horizontal(1, 0), EdgeState::Line).unwrap();
        assert!(apply_at(three_one_diagonal, &mut bad, Cell(8)).is_err());
    }
}
