//! Path continuity at one vertex: the statement's cases 8–10. A vertex of the loop
//! has exactly two lines; any other vertex has none.

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::Vertex;

/// Case 8, a path entering a vertex with one exit left: that exit is a line.
///
/// Why: a path cannot stop at a vertex; with one line in and every other edge but
/// one crossed, the path must leave by that one.
///
/// ```text
/// + ? + ? +      + ? + ? +
/// ? . x . ?      ? . x . ?
/// +---+ x +  =>  +---+ x +
/// ? . ? . ?      ? . | . ?
/// + ? + ? +      + ? + ? +
/// ```
/// (at the middle vertex: in from the left, up and right crossed, so down.)
///
/// Fires on a vertex with one line and one undecided edge; sets it to a line.
/// Holds back while two exits are open:
///
/// ```text
/// + ? + ? +
/// ? . x . ?
/// +---+ ? +
/// ? . ? . ?
/// + ? + ? +
/// ```
pub(crate) fn only_exit(board: &mut Board, v: Vertex) -> Result<(), Contradiction> {
    if board.vertex_lines(v) == 1 && board.vertex_unknown(v) == 1 {
        set_unknown_edges(board, v, EdgeState::Line)?;
    }
    Ok(())
}

/// Case 9, a vertex with two lines: its other edges are crossed.
///
/// Why: the loop passes through a vertex at most once, using exactly two edges.
///
/// ```text
/// + ? + ? +      + ? + ? +
/// ? . ? . ?      ? . x . ?
/// +---+ ? +  =>  +---+ x +
/// ? . | . ?      ? . | . ?
/// + ? + ? +      + ? + ? +
/// ```
///
/// Fires on a vertex with two lines and an undecided edge; crosses the rest.
/// Holds back at a vertex with one line:
///
/// ```text
/// + ? + ? +
/// ? . ? . ?
/// +---+ ? +
/// ? . ? . ?
/// + ? + ? +
/// ```
pub(crate) fn vertex_full(board: &mut Board, v: Vertex) -> Result<(), Contradiction> {
    if board.vertex_lines(v) == 2 && board.vertex_unknown(v) > 0 {
        set_unknown_edges(board, v, EdgeState::Cross)?;
    }
    Ok(())
}

/// Case 10, a vertex with three crosses: the fourth edge is crossed.
///
/// Why: a line there would be a path with nowhere to go.
///
/// ```text
/// + ? + ? +      + ? + ? +
/// ? . x . ?      ? . x . ?
/// + x + x +  =>  + x + x +
/// ? . ? . ?      ? . x . ?
/// + ? + ? +      + ? + ? +
/// ```
///
/// Fires on a vertex with no line, three crosses (border slots count) and one
/// undecided edge; crosses it. Holds back with two edges open:
///
/// ```text
/// + ? + ? +
/// ? . x . ?
/// + x + ? +
/// ? . ? . ?
/// + ? + ? +
/// ```
pub(crate) fn dead_end(board: &mut Board, v: Vertex) -> Result<(), Contradiction> {
    if board.vertex_lines(v) == 0 && board.vertex_unknown(v) == 1 {
        set_unknown_edges(board, v, EdgeState::Cross)?;
    }
    Ok(())
}

fn set_unknown_edges(board: &mut Board, v: Vertex, state: EdgeState) -> Result<(), Contradiction> {
    for e in board.grid().vertex_edges(v) {
        if board.is_unknown(e) {
            board.set(e, state)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slink::testkit::{board, draw, normal};

    const MIDDLE: Vertex = Vertex(4); // vertex (1, 1) of a 2×2 grid

    #[test]
    fn path_with_one_exit_takes_it() {
        let mut b = board(
            "+ ? + x +
             ? . x . ?
             +---+ ? +
             ? . ? . ?
             + ? + ? +",
        );
        b.set(b.grid().horizontal(1, 1), EdgeState::Cross).unwrap();
        only_exit(&mut b, MIDDLE).unwrap();
        assert_eq!(
            draw(&b),
            normal(
                "+ ? + x +
                 ? . x . ?
                 +---+ x +
                 ? . | . ?
                 + ? + ? +"
            )
        );
    }

    #[test]
    fn path_with_two_exits_waits() {
        let mut b = board("+ ? + ? +\n? . x . ?\n+---+ ? +\n? . ? . ?\n+ ? + ? +");
        let before = draw(&b);
        only_exit(&mut b, MIDDLE).unwrap();
        assert_eq!(draw(&b), before);
    }

    #[test]
    fn path_whose_only_exit_is_full_is_a_contradiction() {
        // From the middle vertex the only exit is down, but that is a side of
        // the 1, which already has its line.
        let mut b = board(
            "+ ? + ? +
             ? . x . ?
             +---+ x +
             ? 1 ? . ?
             + ? + ? +",
        );
        assert!(only_exit(&mut b, MIDDLE).is_err());
    }

    #[test]
    fn vertex_with_two_lines_crosses_the_rest() {
        let mut b = board("+ ? + ? +\n? . ? . ?\n+---+ ? +\n? . | . ?\n+ ? + ? +");
        vertex_full(&mut b, MIDDLE).unwrap();
        assert_eq!(
            draw(&b),
            normal("+ ? + ? +\n? . x . ?\n+---+ x +\n? . | . ?\n+ ? + ? +")
        );
    }

    #[test]
    fn vertex_with_one_line_is_not_full() {
        let mut b = board("+ ? + ? +\n? . ? . ?\n+---+ ? +\n? . ? . ?\n+ ? + ? +");
        let before = draw(&b);
        vertex_full(&mut b, MIDDLE).unwrap();
        assert_eq!(draw(&b), before);
    }

    #[test]
    fn full_vertex_crossing_a_needed_line_is_a_contradiction() {
        // The 2 has lost its top and left, so it needs its right side, which leaves
        // the middle vertex: that vertex is already full.
        let mut b = board(
            "+ x + x +
             x 2 ? . ?
             +---+ ? +
             ? . | . ?
             + ? + ? +",
        );
        assert!(vertex_full(&mut b, MIDDLE).is_err());
    }

    #[test]
    fn three_crosses_cross_the_fourth() {
        let mut b = board("+ ? + ? +\n? . x . ?\n+ x + x +\n? . ? . ?\n+ ? + ? +");
        dead_end(&mut b, MIDDLE).unwrap();
        assert_eq!(
            draw(&b),
            normal("+ ? + ? +\n? . x . ?\n+ x + x +\n? . x . ?\n+ ? + ? +")
        );
    }

    #[test]
    fn two_crosses_are_not_a_dead_end() {
        let mut b = board("+ ? + ? +\n? . x . ?\n+ x + ? +\n? . ? . ?\n+ ? + ? +");
        let before = draw(&b);
        dead_end(&mut b, MIDDLE).unwrap();
        assert_eq!(draw(&b), before);
    }

    #[test]
    fn dead_end_crossing_a_needed_line_is_a_contradiction() {
        // The lower 2 has lost its top and left, so it needs its right side, which
        // is the middle vertex's last edge.
        let mut b = board(
            "+ ? + ? +
             ? . x . ?
             + x + x +
             x 2 ? . ?
             + ? + ? +",
        );
        assert!(dead_end(&mut b, MIDDLE).is_err());
    }
}
