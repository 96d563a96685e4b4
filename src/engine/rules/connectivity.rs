//! Connectivity, the full engine's whole-board rule about the loop: it lies
//! within one piece of the graph of uncrossed edges.

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Cell, Edge, Grid, Vertex};

/// Connectivity: the loop lies within one piece of the graph of uncrossed edges,
/// so every line and every clue that still needs a line must be reachable from
/// the lines through uncrossed edges, and any undecided edge that cannot be
/// reached from them is crossed.
///
/// Why: the answer is one loop, which is connected; a part of the board cut off
/// from the lines by crosses can hold none of it.
///
/// The right cell's right side is cut off from the path on the left by
/// crosses at both its ends:
///
/// ```text
/// +---+ x +      +---+ x +
/// | . | . ?  =>  | . | . x
/// + ? + x +      + ? + x +
/// ```
///
/// With the lower one undecided, it is not:
///
/// ```text
/// +---+ x +
/// | . | . ?
/// + ? + ? +
/// ```
///
/// Runs once the local rules are idle, only when some line exists: first a
/// walk of the undecided region ([`nothing_cut_off`]), which mostly finds
/// nothing cut off, and only when it does not, a breadth-first search of the
/// whole board.
pub(crate) fn connectivity(board: &mut Board) -> Result<(), Contradiction> {
    if nothing_cut_off(board) {
        debug_assert!(
            finds_nothing(board),
            "connectivity's shortcut missed an edge cut off from the lines"
        );
        return Ok(());
    }
    let reached = match reached_from_lines(board) {
        Some(reached) => reached,
        None => return Ok(()),
    };
    let grid = *board.grid();
    let (rows, cols) = (grid.rows(), grid.cols());
    let width = cols + 1;
    let states = board.states();
    let open = |e: u32| states[e as usize] != EdgeState::Cross;
    // An edge is reachable when either end is.
    let at = |r: u32, c: u32| reached[grid.vertex(r, c).0 as usize];
    let across = |r: u32, c: u32| at(r, c) || at(r, c + 1);
    let down = |r: u32, c: u32| at(r, c) || at(r + 1, c);
    for r in 0..rows {
        for c in 0..cols {
            let cell = grid.cell(r, c);
            let needs = board.clue(cell).is_some_and(|n| n > board.cell_lines(cell));
            if !needs {
                continue;
            }
            // Top, right, bottom, left, as `Grid::cell_edges` gives them.
            let sides = [
                (grid.horizontal(r, c), across(r, c)),
                (grid.vertical(r, c + 1), down(r, c + 1)),
                (grid.horizontal(r + 1, c), across(r + 1, c)),
                (grid.vertical(r, c), down(r, c)),
            ];
            if !sides.iter().any(|&(e, reachable)| open(e.0) && reachable) {
                return Err(Contradiction { edge: sides[0].0 });
            }
        }
    }
    // Horizontal edges row by row, then vertical ones: the order of their ids
    // (crossed in place, as found: a crossed edge reaches nothing new).
    for r in 0..=rows {
        for c in 0..cols {
            let e = grid.horizontal(r, c);
            if !board.is_cross(e) && !across(r, c) {
                board.set(e, EdgeState::Cross)?;
            }
        }
    }
    for r in 0..rows {
        for c in 0..width {
            let e = grid.vertical(r, c);
            if !board.is_cross(e) && !down(r, c) {
                board.set(e, EdgeState::Cross)?;
            }
        }
    }
    Ok(())
}

/// Whether connectivity would find nothing on `board`: every uncrossed
/// edge reaches the lines (or there are none), and so does every clue that
/// needs a line. The plain rule, read without changing anything: what the
/// debug builds hold the shortcuts to.
pub(crate) fn finds_nothing(board: &Board) -> bool {
    let reached = match reached_from_lines(board) {
        Some(reached) => reached,
        None => return true,
    };
    let grid = *board.grid();
    let reachable = |e: Edge| {
        let [a, b] = grid.edge_vertices(e);
        !board.is_cross(e) && (reached[a.0 as usize] || reached[b.0 as usize])
    };
    let edges = (0..grid.edge_count() as u32).map(Edge);
    let stranded = (0..grid.cell_count() as u32).map(Cell).any(|cell| {
        let needs = board.clue(cell).is_some_and(|n| n > board.cell_lines(cell));
        needs && !grid.cell_edges(cell).into_iter().any(reachable)
    });
    !stranded && edges.filter(|&e| !board.is_cross(e)).all(reachable)
}

/// The dots in one piece with the first line (by edge id) through uncrossed
/// edges, or `None` if there is no line.
fn reached_from_lines(board: &Board) -> Option<Vec<bool>> {
    let grid = *board.grid();
    let states = board.states();
    let first = grid.edge_vertices(Edge(
        states.iter().position(|&s| s == EdgeState::Line)? as u32
    ))[0];
    Some(reached_from(grid, states, &[first.0]))
}

/// The dots in one piece with the dots `from` through the edges `states`
/// leaves uncrossed: the walk of the rule, and of its reasons
/// ([`crate::engine::reasons`]), so both mean the same by cut off.
pub(crate) fn reached_from(grid: Grid, states: &[EdgeState], from: &[u32]) -> Vec<bool> {
    // Breadth first, a layer at a time: the layers hold only the front of
    // the search, a few rows or columns wide on a grid (a stack, depth first,
    // can hold half the dots of a long strip).
    let open = |e: u32| states[e as usize] != EdgeState::Cross;
    let mut reached = vec![false; grid.vertex_count()];
    let mut layer = Vec::with_capacity(from.len());
    for &v in from {
        if !std::mem::replace(&mut reached[v as usize], true) {
            layer.push(v);
        }
    }
    let mut next = Vec::new();
    while !layer.is_empty() {
        for &v in &layer {
            for (on_grid, e, w) in steps(grid, v) {
                if on_grid && open(e) && !reached[w as usize] {
                    reached[w as usize] = true;
                    next.push(w);
                }
            }
        }
        std::mem::swap(&mut layer, &mut next);
        next.clear();
    }
    reached
}

/// The edges with one end `inside` and the other not, in edge order: when
/// `inside` is a piece [`reached_from`] found, each is crossed, and together
/// they are the cut that parts the piece from the rest of the board.
pub(crate) fn boundary(grid: Grid, inside: &[bool]) -> Vec<Edge> {
    let mut cut: Vec<Edge> = (0..grid.vertex_count() as u32)
        .filter(|&v| inside[v as usize])
        .flat_map(|v| steps(grid, v))
        .filter(|&(on_grid, _, w)| on_grid && !inside[w as usize])
        .map(|(_, e, _)| Edge(e))
        .collect();
    cut.sort_unstable();
    cut
}

/// The four steps from dot `v` (up, right, down, left): whether the edge is
/// on the grid, its id and the dot beyond (ids wrap where it is not). By
/// arithmetic on the dot's id: the dot (r, c) is r·(cols+1) + c, its edge
/// rightwards (`Grid::horizontal`) r·cols + c, so its id less r, and its
/// edge downwards (`Grid::vertical`) its id past the horizontal edges.
fn steps(grid: Grid, v: u32) -> [(bool, u32, u32); 4] {
    let (rows, cols) = (grid.rows(), grid.cols());
    let width = cols + 1;
    let downwards = grid.vertical(0, 0).0;
    let (r, c) = (v / width, v % width);
    [
        (
            r > 0,
            (downwards + v).wrapping_sub(width),
            v.wrapping_sub(width),
        ),
        (c < cols, v - r, v + 1),
        (r < rows, downwards + v, v + width),
        (c > 0, (v - r).wrapping_sub(1), v.wrapping_sub(1)),
    ]
}

/// Whether connectivity has nothing to do: every path and every undecided
/// edge is in one piece with a path's end through uncrossed edges. Found
/// walking from that end along undecided edges only, and from each path's
/// end straight to its other end (`Board::partner`): the dots inside a path
/// have two lines and, the vertex rules being idle, two crosses, so nothing
/// else leaves them. So it costs the undecided region, not the whole loop
/// (most of a generator's checks have a small one); `false` leaves the
/// question to the full search. (Then every clue that needs a line has an
/// undecided side, which `Board::set` keeps, and reaches the lines.)
fn nothing_cut_off(board: &Board) -> bool {
    let grid = *board.grid();
    let start = (0..grid.vertex_count() as u32).find(|&v| board.vertex_lines(Vertex(v)) == 1);
    let start = match start {
        Some(start) => start,
        None => return false,
    };
    let mut reached = vec![false; grid.vertex_count()];
    // The undecided edges are counted at both ends: the walk crosses each
    // one it meets, so it reaches both ends of every edge it counts.
    let (mut path_ends, mut undecided_ends) = (0, 0);
    reached[start as usize] = true;
    let mut stack = vec![start];
    while let Some(v) = stack.pop() {
        let mut reach = |w: u32| {
            if !reached[w as usize] {
                reached[w as usize] = true;
                stack.push(w);
            }
        };
        if let Some(other) = board.partner(Vertex(v)) {
            path_ends += 1;
            reach(other.0);
        }
        undecided_ends += u32::from(board.vertex_unknown(Vertex(v)));
        for (on_grid, e, w) in steps(grid, v) {
            if on_grid && board.is_unknown(Edge(e)) {
                reach(w);
            }
        }
    }
    path_ends == 2 * board.segments && undecided_ends == 2 * board.unknown_count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::picture::board;

    /// The connectivity check's row-and-column stepping, against the plain
    /// rule worked out through `Grid::vertex_edges` and `edge_vertices` on
    /// random boards of several shapes (one row or column included): the
    /// edges it crosses are exactly the uncrossed ones with no reached end,
    /// and a clue with no open reachable side is refused.
    #[test]
    fn connectivity_crosses_exactly_what_is_cut_off() {
        use crate::slink::grid::{Cell, Grid};
        let mut rng = crate::shared::restarts::SplitMix(11);
        let mut agreed = 0;
        for trial in 0..600 {
            let (rows, cols) = [(1, 5), (4, 1), (3, 4), (5, 5), (2, 7)][trial % 5];
            let grid = Grid::new(rows, cols);
            let clues: Vec<Option<u8>> = (0..rows * cols)
                .map(|_| [None, None, Some(1), Some(2), Some(3)][rng.below(5) as usize])
                .collect();
            let mut b = Board::new(grid, &clues);
            b.start_recording();
            let edges = grid.edge_count() as u64;
            for _ in 0..rng.below(edges + 1) {
                let e = Edge(rng.below(edges) as u32);
                let to = [EdgeState::Line, EdgeState::Cross][rng.below(2) as usize];
                let mark = b.mark();
                if b.set(e, to).is_err() {
                    b.undo_to(mark);
                }
            }
            let Some(start) = (0..edges as u32).map(Edge).find(|&e| b.is_line(e)) else {
                continue;
            };
            let mut reached = vec![false; grid.vertex_count()];
            let mut stack = vec![grid.edge_vertices(start)[0]];
            reached[stack[0].0 as usize] = true;
            while let Some(v) = stack.pop() {
                for e in grid.vertex_edges(v).into_iter().filter(|&e| !b.is_cross(e)) {
                    for w in grid.edge_vertices(e) {
                        if !std::mem::replace(&mut reached[w.0 as usize], true) {
                            stack.push(w);
                        }
                    }
                }
            }
            let reachable = |e: Edge| grid.edge_vertices(e).iter().any(|w| reached[w.0 as usize]);
            let stranded = (0..rows * cols).map(Cell).any(|cell| {
                b.clue(cell).is_some_and(|n| n > b.cell_lines(cell))
                    && !grid
                        .cell_edges(cell)
                        .iter()
                        .any(|&e| !b.is_cross(e) && reachable(e))
            });
            let expected: Vec<EdgeState> = (0..edges as u32)
                .map(Edge)
                .map(|e| match reachable(e) {
                    true => b.state(e),
                    false => EdgeState::Cross,
                })
                .collect();
            let result = connectivity(&mut b);
            if stranded {
                assert!(result.is_err(), "trial {trial}: a stranded clue passed");
            } else if result.is_ok() {
                assert_eq!(b.states(), &expected[..], "trial {trial}");
                agreed += 1;
            }
        }
        assert!(agreed > 200, "only {agreed} boards compared");
    }

    #[test]
    fn cut_off_edges_are_crossed_and_cut_off_clues_contradict() {
        let mut b = board(
            "+---+ x + ? +
             | . | . x . ?
             + ? + x + ? +",
        );
        connectivity(&mut b).unwrap();
        let g = *b.grid();
        assert!(b.is_cross(g.horizontal(0, 2)) && b.is_cross(g.vertical(0, 3)));
        assert!(b.is_unknown(g.horizontal(1, 0)));
        let mut needy = board(
            "+---+ x + ? +
             | . | . x 1 ?
             + ? + x + ? +",
        );
        assert!(connectivity(&mut needy).is_err());
    }
}
