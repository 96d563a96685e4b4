//! The board's inside/outside classes ([`Classes`]) made from its decided
//! edges, when a rule first needs them ([`super::EngineBoard::enable_sides`]):
//! the two cells beside a decided edge are joined, on equal sides across a
//! cross and on different sides across a line. From then on every change
//! joins them (in [`super::extras`], which the board tells of every
//! change). Judge files leave them out, with the rules that read them.

use crate::engine::classes::{Classes, Joined};
use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Cell, Edge, Grid};

/// The sides node of a cell of `grid`: its own id; of the outside (`None`),
/// the one after the cells'.
pub(super) fn node(grid: &Grid, cell: Option<Cell>) -> u32 {
    match cell {
        Some(c) => c.0,
        None => grid.cell_count() as u32,
    }
}

/// In [`at_once`]: a node its walks have not reached yet.
const UNREACHED: u32 = u32::MAX;

/// One step of [`at_once`]'s walk from `node`, of the class
/// started at `start`, across edge `e` to `other`: reaches `other` if the
/// edge is decided, and says whether its side agrees if it was reached.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn reach_across(
    state: &[EdgeState],
    e: Edge,
    node: u32,
    other: u32,
    start: u32,
    root: &mut [u32],
    side: &mut [u8],
    stack: &mut Vec<u32>,
) -> bool {
    let differ = match state[e.0 as usize] {
        EdgeState::Unknown => return true,
        state => u8::from(state == EdgeState::Line),
    };
    let other_side = side[node as usize] ^ differ;
    if root[other as usize] == UNREACHED {
        root[other as usize] = start;
        side[other as usize] = other_side;
        stack.push(other);
        true
    } else {
        side[other as usize] == other_side
    }
}

/// The sides classes of `board`'s decided edges, made at once; where those
/// put a cell on both sides of the loop, the classes joined one edge at a
/// time, in edge order, up to the first edge that does, which the `Err`
/// names.
pub(super) fn of_decided_edges(board: &Board) -> (Classes, Result<(), Contradiction>) {
    if let Some(sides) = at_once(board) {
        return (sides, Ok(()));
    }
    let grid = board.grid;
    let mut sides = Classes::new(grid.cell_count());
    for e in 0..grid.edge_count() as u32 {
        let e = Edge(e);
        let to = board.state(e);
        if to == EdgeState::Unknown {
            continue;
        }
        let [a, b] = grid.edge_cells(e).map(|cell| node(&grid, cell));
        if sides.join(a, b, to == EdgeState::Line) == Joined::Contradicted {
            return (sides, Err(Contradiction { edge: e }));
        }
    }
    (sides, Ok(()))
}

/// The sides classes of the decided edges, made at once: a walk from
/// each node not yet reached, across decided edges, finds its class and
/// each member's side, and hangs every member straight below the node it
/// started from. A union an edge, as [`Board::set`] makes them, searches
/// up two trees, and a window of the generator on a 30×30 board, with
/// all but a few edges decided, took about 1,700 of them; flat trees also
/// keep the searches of the unions after them short (30×30 grade 5, seed
/// 6: 1.2% fewer instructions in all; the janko set within 0.3%). `None`
/// if the decided edges put a node on both sides of the loop.
pub(super) fn at_once(board: &Board) -> Option<Classes> {
    let grid = board.grid;
    let (rows, cols) = (grid.rows(), grid.cols());
    let outside = grid.cell_count() as u32;
    let mut root = vec![UNREACHED; outside as usize + 1];
    let mut side = vec![0u8; outside as usize + 1];
    let mut stack = Vec::new();
    for start in 0..=outside {
        if root[start as usize] != UNREACHED {
            continue;
        }
        root[start as usize] = start;
        stack.push(start);
        while let Some(node) = stack.pop() {
            let mut reach = |e: Edge, other: u32| {
                reach_across(
                    &board.state,
                    e,
                    node,
                    other,
                    start,
                    &mut root,
                    &mut side,
                    &mut stack,
                )
            };
            let agreed = if node == outside {
                (0..cols).all(|c| {
                    reach(grid.horizontal(0, c), c)
                        && reach(grid.horizontal(rows, c), (rows - 1) * cols + c)
                }) && (0..rows).all(|r| {
                    reach(grid.vertical(r, 0), r * cols)
                        && reach(grid.vertical(r, cols), r * cols + cols - 1)
                })
            } else {
                let (r, c) = grid.cell_pos(Cell(node));
                let [top, right, bottom, left] = grid.cell_edges(Cell(node));
                let or_outside = |inside: bool, other: u32| if inside { other } else { outside };
                reach(top, or_outside(r > 0, node.wrapping_sub(cols)))
                    && reach(right, or_outside(c + 1 < cols, node + 1))
                    && reach(bottom, or_outside(r + 1 < rows, node + cols))
                    && reach(left, or_outside(c > 0, node.wrapping_sub(1)))
            };
            if !agreed {
                return None;
            }
        }
    }
    Some(Classes::flat(root, side))
}
