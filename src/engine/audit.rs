//! The board's caches checked against its edge states
//! ([`super::EngineBoard::check_caches`]): debug builds check them after every
//! full propagation (see the driver's `debug_check`), so the planted tests
//! check them on every board they solve.

use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Cell, Edge, Vertex};

/// [`super::EngineBoard::check_caches`] of `board`: `Err` names the first cache
/// that is wrong.
pub(super) fn check_caches(board: &Board) -> Result<(), String> {
    let g = board.grid;
    let count = |edges: &[Edge], state: EdgeState| {
        edges.iter().filter(|&&e| board.state(e) == state).count() as u8
    };
    let mut unmet = 0;
    for c in 0..g.cell_count() as u32 {
        let sides = g.cell_edges(Cell(c));
        let lines = count(&sides, EdgeState::Line);
        if (lines, count(&sides, EdgeState::Cross))
            != (board.cell_lines(Cell(c)), board.cell_crosses(Cell(c)))
        {
            return Err(format!("counts of cell {c}"));
        }
        unmet += u32::from(board.clue(Cell(c)).is_some_and(|n| n != lines));
    }
    if unmet != board.unmet {
        return Err(format!("unmet: {} cached, {unmet} counted", board.unmet));
    }
    let mut ends = 0;
    for v in 0..g.vertex_count() as u32 {
        let v = Vertex(v);
        let at = g.vertex_edges(v);
        let lines = count(&at, EdgeState::Line);
        if (lines, count(&at, EdgeState::Cross)) != (board.vertex_lines(v), board.vertex_crosses(v))
        {
            return Err(format!("counts of vertex {}", v.0));
        }
        if lines == 1 && super::given::walked_path_end(board, v) != board.partner(v) {
            return Err(format!("partner of vertex {}", v.0));
        }
        ends += u32::from(lines == 1);
    }
    let unknown = board.state[..g.edge_count()]
        .iter()
        .filter(|&&s| s == EdgeState::Unknown)
        .count() as u32;
    if unknown != board.unknown {
        return Err(format!(
            "unknown: {} cached, {unknown} counted",
            board.unknown
        ));
    }
    if !board.closed && ends != 2 * board.segments {
        return Err(format!(
            "segments: {} cached, {ends} path ends",
            board.segments
        ));
    }
    Ok(())
}
