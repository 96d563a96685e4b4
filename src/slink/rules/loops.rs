//! Reasoning about the loop as a whole, beyond the statement's cases: a loop may
//! close only when it is the entire answer (the full engine adds
//! connectivity: [`crate::engine::rules::connectivity`]).

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::Vertex;

/// No premature loop: an edge joining the two ends of one path is crossed unless
/// closing it would finish the puzzle.
///
/// Why: the answer is a single loop. A line that closes a path into a loop while
/// other lines exist, or while some clue is still unmet, can never be part of it.
///
/// Closing the loop round the top-left cell would leave the 1 without its
/// line:
///
/// ```text
/// +---+ ? +      +---+ ? +
/// | . ? . ?      | . x . ?
/// +---+ ? +  =>  +---+ ? +
/// ? . ? 1 ?      ? . ? 1 ?
/// + ? + ? +      + ? + ? +
/// ```
///
/// Without the 1, that loop may be the whole answer, and closing it is right:
///
/// ```text
/// +---+ ? +
/// | . ? . ?
/// +---+ ? +
/// ? . ? . ?
/// + ? + ? +
/// ```
///
/// Fires at a path end whose partner (the path's other end) is a neighbour through
/// an undecided edge; crosses that edge.
pub(crate) fn premature_loop(board: &mut Board, v: Vertex) -> Result<(), Contradiction> {
    let partner = match board.partner(v) {
        Some(partner) => partner,
        None => return Ok(()),
    };
    // The slot of v's edges ([up, right, down, left]) that leads to the
    // partner, if it is a neighbour, told by the ids (a row holds cols+1 dots;
    // a partner one id on across the end of a row meets an off-grid slot).
    let grid = *board.grid();
    let width = grid.cols() + 1;
    let (v_id, p_id) = (v.0, partner.0);
    let slot = if p_id + width == v_id {
        0
    } else if p_id == v_id + 1 {
        1
    } else if p_id == v_id + width {
        2
    } else if p_id + 1 == v_id {
        3
    } else {
        return Ok(());
    };
    let e = grid.vertex_edges(v)[slot];
    if board.is_unknown(e) && board.closing_too_soon(e) {
        board.set(e, EdgeState::Cross)?;
    }
    Ok(())
}

/// Loop closed: once the lines form a loop (which the board accepts only when it
/// is the sole path and meets every clue), every undecided edge is crossed.
///
/// Why: the answer is that one loop; any other line would be a second.
///
/// ```text
/// +---+---+      +---+---+
/// | 3 ? . |      | 3 x . |
/// +---+---+  =>  +---+---+
/// ? . ? . ?      x . x . x
/// + ? + ? +      + x + x +
/// ```
///
/// An open path is not a loop:
///
/// ```text
/// +---+---+
/// | 3 ? . ?
/// +---+---+
/// ? . ? . ?
/// + ? + ? +
/// ```
///
/// Fires when the lines have closed (the driver runs it then).
pub(crate) fn loop_closed(board: &mut Board) -> Result<(), Contradiction> {
    if !board.closed() {
        return Ok(());
    }
    for e in 0..board.grid().edge_count() as u32 {
        let e = crate::slink::grid::Edge(e);
        if board.is_unknown(e) {
            board.set(e, EdgeState::Cross)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slink::testkit::board;

    #[test]
    fn closing_edge_is_crossed_while_another_path_exists() {
        // The path over the first cell ends at (1,0) and (1,1); the line on the
        // right is another path.
        let mut b = board(
            "+---+ ? + ? +
             | . | . ? . |
             + ? + ? + ? +
             ? . ? . ? . ?
             + ? + ? + ? +",
        );
        let g = *b.grid();
        premature_loop(&mut b, g.vertex(1, 0)).unwrap();
        assert!(b.is_cross(g.horizontal(1, 0)));
    }

    #[test]
    fn closing_edge_that_finishes_the_puzzle_is_left_open() {
        let mut b = board("+---+ ? +\n| . | 1 ?\n+ ? + ? +");
        let g = *b.grid();
        premature_loop(&mut b, g.vertex(1, 0)).unwrap();
        assert!(b.is_unknown(g.horizontal(1, 0)));
    }

    #[test]
    fn closing_edge_that_leaves_a_clue_unmet_is_crossed() {
        let mut b = board("+---+ ? +\n| . | 2 ?\n+ ? + ? +\n? . ? . ?\n+ ? + ? +");
        let g = *b.grid();
        premature_loop(&mut b, g.vertex(1, 1)).unwrap();
        assert!(b.is_cross(g.horizontal(1, 0)));
    }

    #[test]
    fn crossing_the_only_way_on_is_a_contradiction() {
        // Vertex (1,0) can only go on along the closing edge.
        let mut b = board(
            "+---+ ? +---+
             | . | . ? . ?
             + ? + ? + ? +",
        );
        let g = *b.grid();
        assert!(premature_loop(&mut b, g.vertex(1, 0)).is_err());
    }

    #[test]
    fn closed_loop_crosses_everything_else() {
        let mut b = board("+---+ ? +\n| . | 1 ?\n+---+ ? +");
        loop_closed(&mut b).unwrap();
        assert_eq!(b.unknown_count(), 0);
    }
}
