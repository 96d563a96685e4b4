//! Clue counting: the statement's cases 1–5, which look at one clue and its four
//! sides only.

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::Cell;

/// Case 1, zero: a 0 has no line around it.
///
/// Why: the clue counts the lines around the cell, and it is 0.
///
/// ```text
/// + ? +      + x +
/// ? 0 ?  =>  x 0 x
/// + ? +      + x +
/// ```
///
/// Fires on every 0; crosses its four sides. Holds back on any other clue:
///
/// ```text
/// + ? +
/// ? 1 ?
/// + ? +
/// ```
pub(crate) fn zero_clue(board: &mut Board, cell: Cell) -> Result<(), Contradiction> {
    if board.clue(cell) == Some(0) && board.cell_unknown(cell) > 0 {
        set_unknown_sides(board, cell, EdgeState::Cross)?;
    }
    Ok(())
}

/// Cases 2–3, a clue with exactly n edges left: they are all lines.
///
/// Why: a clue n needs n lines among its sides; if only n sides are not crossed,
/// every one of them must be a line.
///
/// ```text
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . ? . ? . ?      ? . ? . ? . ?
/// + ? + x + ? +      + ? + x + ? +
/// ? . x 2 ? . ?  =>  ? . x 2 | . ?
/// + ? + ? + ? +      + ? +---+ ? +
/// ? . ? . ? . ?      ? . ? . ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ```
///
/// Fires when `4 - crosses == n` and a side is undecided; sets those sides to lines.
/// Holds back while more sides are open than the clue needs:
///
/// ```text
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? + x + ? +
/// ? . ? 2 ? . ?
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? + ? + ? +
/// ```
pub(crate) fn clue_needs_all_left(board: &mut Board, cell: Cell) -> Result<(), Contradiction> {
    if let Some(n) = board.clue(cell) {
        if 4 - board.cell_crosses(cell) == n && board.cell_unknown(cell) > 0 {
            set_unknown_sides(board, cell, EdgeState::Line)?;
        }
    }
    Ok(())
}

/// Cases 4–5, a clue already met: its other sides are crossed.
///
/// Why: a clue n with n lines around it can take no more.
///
/// ```text
/// + ? + ? + ? +      + ? + ? + ? +
/// ? . ? . ? . ?      ? . ? . ? . ?
/// + ? +---+ ? +      + ? +---+ ? +
/// ? . ? 2 | . ?  =>  ? . x 2 | . ?
/// + ? + ? + ? +      + ? + x + ? +
/// ? . ? . ? . ?      ? . ? . ? . ?
/// + ? + ? + ? +      + ? + ? + ? +
/// ```
///
/// Fires when `lines == n` and a side is undecided; crosses those sides. Holds
/// back while the clue needs more lines:
///
/// ```text
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? +---+ ? +
/// ? . ? 2 ? . ?
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? + ? + ? +
/// ```
pub(crate) fn clue_saturated(board: &mut Board, cell: Cell) -> Result<(), Contradiction> {
    if let Some(n) = board.clue(cell) {
        if board.cell_lines(cell) == n && board.cell_unknown(cell) > 0 {
            set_unknown_sides(board, cell, EdgeState::Cross)?;
        }
    }
    Ok(())
}

fn set_unknown_sides(board: &mut Board, cell: Cell, state: EdgeState) -> Result<(), Contradiction> {
    for e in board.grid().cell_edges(cell) {
        if board.is_unknown(e) {
            board.set(e, state)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slink::testkit::{board, draw, frame, normal, MIDDLE};

    type CellRule = fn(&mut Board, Cell) -> Result<(), Contradiction>;

    fn check(rule: CellRule, before: &str, after: &str) {
        let mut b = board(before);
        rule(&mut b, MIDDLE).unwrap();
        assert_eq!(draw(&b), normal(after));
    }

    fn fails(rule: CellRule, before: &str) {
        let mut b = board(before);
        assert!(rule(&mut b, MIDDLE).is_err(), "{}", draw(&b));
    }

    #[test]
    fn case_1_zero_crosses_its_sides() {
        check(
            zero_clue,
            &frame('0', &[]),
            &frame(
                '0',
                &[
                    (2, "+ ? + x + ? +"),
                    (3, "? . x 0 x . ?"),
                    (4, "+ ? + x + ? +"),
                ],
            ),
        );
        check(zero_clue, &frame('1', &[]), &frame('1', &[]));
        // A path coming in from the left with the up exit crossed must go on along
        // the 0's top or left.
        fails(
            zero_clue,
            &frame('0', &[(1, "? . x . ? . ?"), (2, "+---+ ? + ? +")]),
        );
    }

    #[test]
    fn cases_2_3_clue_with_exactly_n_left_takes_them_all() {
        let two = [(2, "+ ? + x + ? +"), (3, "? . x 2 ? . ?")];
        check(
            clue_needs_all_left,
            &frame('2', &two),
            &frame('2', &[two[0], (3, "? . x 2 | . ?"), (4, "+ ? +---+ ? +")]),
        );
        check(
            clue_needs_all_left,
            &frame('3', &[(3, "? . x 3 ? . ?")]),
            &frame(
                '3',
                &[
                    (2, "+ ? +---+ ? +"),
                    (3, "? . x 3 | . ?"),
                    (4, "+ ? +---+ ? +"),
                ],
            ),
        );
        check(
            clue_needs_all_left,
            &frame('2', &two[1..]),
            &frame('2', &two[1..]),
        );
        // Both lines the 2 needs end at the bottom-right vertex, already full.
        fails(
            clue_needs_all_left,
            &frame(
                '2',
                &[two[0], two[1], (4, "+ ? + ? +---+"), (5, "? . ? . | . ?")],
            ),
        );
    }

    #[test]
    fn cases_4_5_met_clue_crosses_the_rest() {
        let met = [(2, "+ ? +---+ ? +"), (3, "? . ? 2 | . ?")];
        check(
            clue_saturated,
            &frame('2', &met),
            &frame('2', &[met[0], (3, "? . x 2 | . ?"), (4, "+ ? + x + ? +")]),
        );
        let unmet = [met[0], (3, "? . ? 3 | . ?")];
        check(clue_saturated, &frame('3', &unmet), &frame('3', &unmet));
        // The 1 is met by its top, but the path coming in at its bottom-left
        // corner (down exit crossed) needs its left or bottom.
        fails(
            clue_saturated,
            &frame(
                '1',
                &[
                    (2, "+ ? +---+ ? +"),
                    (4, "+---+ ? + ? +"),
                    (5, "? . x . ? . ?"),
                ],
            ),
        );
    }
}
