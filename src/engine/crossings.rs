//! The faces the crossed edges join: a union-find over the cells and the
//! outside, where crossing an edge joins the two faces beside it. It tells
//! when crossing edges has parted the graph of uncrossed edges, by the
//! planar duality of cuts and cycles: on a plane graph, a set of edges
//! separates the dots exactly when the faces beside them, joined through
//! those edges, close a cycle. Counting (Euler's formula, face by face), the
//! uncrossed graph has one piece more for each crossed edge whose two faces
//! were joined already. A dot whose every edge is crossed is such a piece,
//! but an empty one, which connectivity does not care about.
//!
//! So connectivity ([`crate::engine::sweep`]) need not walk the board after
//! a search's step when the step's crosses made no piece but lone dots:
//! the uncrossed edges are still all in one piece with the lines. On the
//! loose frontier, most of the walks were of that kind.
//!
//! The classes follow the board's trail while it records, read when asked
//! and taken back after undos (union by rank, no path compression, each
//! union undone newest first), as the sides classes are
//! ([`crate::engine::classes`]).

use crate::engine::EngineBoard;
use crate::slink::board::Board;
use crate::slink::grid::{Edge, Vertex};

/// In [`Crossings::log`]: the entry's crossed edge joined no two classes
/// (its faces were joined already: it closed a cycle).
const CLOSED: u32 = u32::MAX;

/// In [`Crossings::rank`]: attaching the node raised its root's rank.
const RAISED: u8 = 0x80;

/// The faces' classes, and what the trail's crosses did to them.
pub(crate) struct Crossings {
    parent: Vec<u32>,
    /// A root's rank, and [`RAISED`] on a node whose attaching raised its
    /// root's rank (taken back with it).
    rank: Vec<u8>,
    /// For each cross on the trail read so far, oldest first: its trail
    /// entry, and the root its union attached, or [`CLOSED`].
    log: Vec<(u32, u32)>,
    /// The trail entries read.
    read: usize,
    /// The board's count of undos when it was last read.
    undos: u64,
}

impl Crossings {
    /// The classes of `board`'s crossed edges now (while it records and
    /// counts its undos): those decided before the trail began are joined
    /// for good, those on it in its order.
    pub(crate) fn new(board: &Board) -> Crossings {
        let grid = *board.grid();
        let faces = grid.cell_count() + 1;
        let mut crossings = Crossings {
            parent: (0..faces as u32).collect(),
            rank: vec![0; faces],
            log: Vec::new(),
            read: 0,
            undos: board
                .undos_and_sides()
                .map_or(0, |(undos, _)| undos.count()),
        };
        let mut on_trail = vec![0u64; (grid.edge_count() + 63) / 64];
        for i in 0..board.mark() {
            let e = board.changed_edge(i).0 as usize;
            on_trail[e / 64] |= 1 << (e % 64);
        }
        for e in (0..grid.edge_count() as u32).map(Edge) {
            let i = e.0 as usize;
            if board.is_cross(e) && on_trail[i / 64] & (1 << (i % 64)) == 0 {
                crossings.join(board, e);
            }
        }
        crossings.read_trail(board);
        crossings
    }

    /// Catches up with `board`: takes back the crosses an undo removed
    /// since the last look, then reads the trail's new entries.
    fn read_trail(&mut self, board: &Board) {
        if let Some((undos, _)) = board.undos_and_sides() {
            let low = undos.lowest_since(self.undos).unwrap_or(usize::MAX);
            self.take_back(low.min(board.mark()));
            self.undos = undos.count();
        }
        for i in self.read..board.mark() {
            let e = board.changed_edge(i);
            if board.is_cross(e) {
                let attached = self.join(board, e);
                // Trail entries number edges, which fit 32 bits.
                self.log.push((i as u32, attached));
            }
        }
        self.read = board.mark();
    }

    /// Takes back the unions of the trail entries from `mark` on.
    fn take_back(&mut self, mark: usize) {
        if mark >= self.read {
            return;
        }
        while let Some(&(entry, child)) = self.log.last() {
            if (entry as usize) < mark {
                break;
            }
            self.log.pop();
            if child != CLOSED {
                let root = self.parent[child as usize];
                if self.rank[child as usize] & RAISED != 0 {
                    self.rank[child as usize] &= !RAISED;
                    self.rank[root as usize] -= 1;
                }
                self.parent[child as usize] = child;
            }
        }
        self.read = mark;
    }

    fn find(&self, mut face: u32) -> u32 {
        while self.parent[face as usize] != face {
            face = self.parent[face as usize];
        }
        face
    }

    /// Joins the faces beside the crossed edge `e`: the root attached, or
    /// [`CLOSED`] when they were joined already.
    fn join(&mut self, board: &Board, e: Edge) -> u32 {
        let outside = board.grid().cell_count() as u32;
        let [a, b] = board
            .grid()
            .edge_cells(e)
            .map(|c| self.find(c.map_or(outside, |c| c.0)));
        if a == b {
            return CLOSED;
        }
        let (child, root) = match self.rank[a as usize] < self.rank[b as usize] {
            true => (a, b),
            false => (b, a),
        };
        if self.rank[child as usize] == self.rank[root as usize] {
            self.rank[root as usize] += 1;
            self.rank[child as usize] |= RAISED;
        }
        self.parent[child as usize] = root;
        child
    }

    /// Whether the uncrossed edges of `board` are still in one piece with
    /// the lines, given that they were at trail entry `mark` (no undo below
    /// it since): each cross since that closed a cycle of faces made a
    /// piece, and each must be a dot left with no uncrossed edge.
    pub(crate) fn one_piece_since(&mut self, board: &Board, mark: usize) -> bool {
        self.read_trail(board);
        let since = self
            .log
            .partition_point(|&(entry, _)| (entry as usize) < mark);
        let closed = self.log[since..].iter().filter(|&&(_, c)| c == CLOSED);
        let pieces = closed.count();
        if pieces == 0 {
            return true;
        }
        // The dots the crosses since left bare, each once.
        let mut bare: Vec<Vertex> = self.log[since..]
            .iter()
            .flat_map(|&(entry, _)| {
                board
                    .grid()
                    .edge_vertices(board.changed_edge(entry as usize))
            })
            .filter(|&v| board.vertex_crosses(v) == 4)
            .collect();
        bare.sort_unstable();
        bare.dedup();
        bare.len() == pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::restarts::SplitMix;
    use crate::slink::board::EdgeState;
    use crate::slink::grid::Grid;

    /// The pieces of the uncrossed graph with an edge, found by a walk.
    fn pieces(board: &Board) -> usize {
        let grid = *board.grid();
        let mut seen = vec![false; grid.vertex_count()];
        let mut count = 0;
        for e in (0..grid.edge_count() as u32).map(Edge) {
            let start = grid.edge_vertices(e)[0];
            if board.is_cross(e) || seen[start.0 as usize] {
                continue;
            }
            count += 1;
            seen[start.0 as usize] = true;
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                let open = grid.vertex_edges(v).into_iter();
                let open = open.filter(|&x| x != grid.off_grid() && !board.is_cross(x));
                for x in open {
                    for w in grid.edge_vertices(x) {
                        if !std::mem::replace(&mut seen[w.0 as usize], true) {
                            stack.push(w);
                        }
                    }
                }
            }
        }
        count
    }

    /// On random boards under random steps and undos, from every earlier
    /// point where the uncrossed edges were in one piece (and no undo went
    /// below it since), the classes say "still one piece" exactly when a
    /// walk finds one: lone dots left bare are not pieces, and a cross
    /// that cuts a piece off is seen, however far round it the cut runs.
    #[test]
    fn one_piece_since_agrees_with_a_walk() {
        let mut rng = SplitMix(52);
        let (mut asked, mut parted) = (0, 0);
        for trial in 0..400 {
            let (rows, cols) = [(1, 6), (5, 1), (3, 4), (5, 5), (2, 7), (6, 6)][trial % 6];
            let grid = Grid::new(rows, cols);
            let mut board = Board::new(grid, &vec![None; (rows * cols) as usize]);
            // Some crosses before the trail begins, joined for good.
            for _ in 0..rng.below(4) {
                let e = Edge(rng.below(grid.edge_count() as u64) as u32);
                let _ = board.set(e, EdgeState::Cross);
            }
            board.start_recording();
            board.count_undos();
            let mut crossings = None;
            let mut whole: Vec<usize> = Vec::new();
            for _ in 0..60 {
                if rng.below(6) == 0 && board.mark() > 0 {
                    let to = rng.below(board.mark() as u64 + 1) as usize;
                    board.undo_to(to);
                    whole.retain(|&m| m <= to);
                } else {
                    let e = Edge(rng.below(grid.edge_count() as u64) as u32);
                    let to = [EdgeState::Cross, EdgeState::Cross, EdgeState::Line];
                    let mark = board.mark();
                    if board.is_unknown(e) && board.set(e, to[rng.below(3) as usize]).is_err() {
                        board.undo_to(mark);
                    }
                }
                let now = pieces(&board);
                let crossings = crossings.get_or_insert_with(|| Crossings::new(&board));
                for &m in &whole {
                    assert_eq!(
                        crossings.one_piece_since(&board, m),
                        now == 1,
                        "trial {trial}: from entry {m} to {}",
                        board.mark()
                    );
                    asked += 1;
                    parted += usize::from(now != 1);
                }
                if now == 1 && whole.last() != Some(&board.mark()) {
                    whole.push(board.mark());
                }
            }
        }
        assert!(
            asked > 5000 && parted > 500,
            "{asked} asked, {parted} parted"
        );
    }
}
