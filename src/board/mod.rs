//! The edge-state board: every edge is unknown, line or cross, and every change goes
//! through [`Board::set`], which keeps the count caches right, logs why (for
//! `--explain`), and reports a [`Contradiction`] as a value.
//!
//! Invariants kept by `set` and `undo_to`:
//! - `cell_counts` and `vertex_counts` count the decided edges around each
//!   cell and vertex, lines and crosses packed in one byte (edges beyond the
//!   border count as crossed at the vertices, and the off-grid edge id is
//!   crossed for good);
//! - the lines form paths and at most one closed loop; for a vertex with exactly
//!   one line, `partner` is the vertex at the other end of its path (Loopy's
//!   "path ends" idea), so closing a loop is seen in O(1);
//! - `unmet` counts clued cells whose line count differs from the clue;
//! - once made ([`Board::enable_sides`], when a rule first needs them), the
//!   *sides* classes ([`Classes`]) join the two cells beside every decided
//!   edge, on equal sides of the loop across a cross and on different sides
//!   across a line (judge files leave them out, with the rules that read them);
//! - every change goes on the trail, which the propagation driver reads as its
//!   queue; while recording (inside search) the trail is kept, and
//!   `undo_to(mark)` restores the board exactly as it was at `mark` (a test
//!   checks it against a replay, sides classes included).
//!
//! A `set` that breaks a local condition (too many lines at a clue or vertex, a
//! dead-end path, a loop closed too early) still applies the change and returns
//! `Err`: the caller either undoes to a mark or abandons the board.

mod given;
#[cfg(not(judge))]
mod log;
mod sides;

#[cfg(not(judge))]
use log::Logging;
#[cfg(not(judge))]
pub use log::{Decision, Log};

use crate::classes::Classes;
use crate::grid::{Cell, Edge, Grid, Vertex};
use crate::reason::Why;

/// The state of one edge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EdgeState {
    /// Not decided yet.
    Unknown = 0,
    /// Part of the loop.
    Line = 1,
    /// Not part of the loop.
    Cross = 2,
}

impl EdgeState {
    /// The other decided value (`Line` ↔ `Cross`); `Unknown` stays.
    pub(crate) fn opposite(self) -> EdgeState {
        match self {
            EdgeState::Line => EdgeState::Cross,
            EdgeState::Cross => EdgeState::Line,
            EdgeState::Unknown => self,
        }
    }
}

/// The board cannot be completed to a valid loop: the last change broke a rule of
/// the puzzle at this edge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Contradiction {
    /// The edge whose change (or attempted change) was impossible.
    pub(crate) edge: Edge,
}

/// The result of a change: `Ok(true)` when something changed, `Ok(false)` when the
/// edge already had that state.
pub(crate) type Progress = Result<bool, Contradiction>;

const NO_CLUE: u8 = u8::MAX;
const NO_VERTEX: u32 = u32::MAX;
/// A cross in a packed count: lines are the units, crosses the eights.
const CROSS: u8 = 8;
/// The packed count of a vertex with one line and three crosses: a dead end.
const DEAD_END: u8 = 1 + 3 * CROSS;

/// Edge states of one puzzle with their count caches.
pub struct Board {
    grid: Grid,
    clues: Vec<u8>,
    state: Vec<EdgeState>,
    /// Per cell, its lines plus [`CROSS`] times its crosses: one byte.
    cell_counts: Vec<u8>,
    /// Per vertex, its lines plus [`CROSS`] times its crossed slots.
    vertex_counts: Vec<u8>,
    partner: Vec<u32>,
    /// The inside/outside classes, made only when a rule first needs them
    /// ([`Board::enable_sides`]): most puzzles finish without.
    #[cfg(not(judge))]
    sides: Option<Classes>,
    segments: u32,
    closed: bool,
    unmet: u32,
    unknown: u32,
    nonzero_clues: u32,
    /// Whether the trail is kept for undoing (inside search); otherwise the
    /// propagation driver empties it as it reads it.
    recording: bool,
    /// Every edge changed, in order: the undo log while recording, and always
    /// the propagation driver's queue, which reads it from its own head index.
    /// An entry is the edge alone, four bytes: whether it became a line or a
    /// cross is its state, and everything else a change did is worked out
    /// again when it is undone (see [`Board::undo_line`]). While recording it
    /// holds every change made under a guess, the whole board at worst, so it
    /// is reserved at once and never grows by doubling.
    trail: Vec<Edge>,
    /// The trail entry of the line that closed the loop, if it is closed.
    closed_at: usize,
    /// While recording, the sides classes attached by each union, in order,
    /// and one bit per trail entry saying whether its change made one.
    #[cfg(not(judge))]
    unions: Vec<u32>,
    #[cfg(not(judge))]
    made_union: Vec<u64>,
    /// Path ends whose partner changed since the driver last took them.
    joined: Vec<Vertex>,
    #[cfg(not(judge))]
    log: Option<Logging>,
    /// Why the changes being made now are made: the rule the driver is
    /// running and where, or the search's step. The log records it with
    /// each change; judge files keep no log, and no cause.
    #[cfg(not(judge))]
    cause: Option<Why>,
    /// Whether to keep causes without a log.
    #[cfg(not(judge))]
    keep_causes: bool,
    #[cfg(test)]
    reads: std::cell::RefCell<Option<Vec<Edge>>>,
}

impl Board {
    /// A board with every edge unknown for `puzzle`.
    pub fn new(grid: Grid, clues: &[Option<u8>]) -> Board {
        let edges = grid.edge_count();
        let clues: Vec<u8> = clues.iter().map(|c| c.unwrap_or(NO_CLUE)).collect();
        let mut state = vec![EdgeState::Unknown; edges + 1];
        state[edges] = EdgeState::Cross;
        // A dot's slots beyond the border count as crossed: one on each side
        // of the grid the dot lies on (two at a corner, and more on a grid one
        // cell wide).
        let (rows, cols) = (grid.rows(), grid.cols());
        let mut vertex_crosses = vec![0; grid.vertex_count()];
        for (r, row) in vertex_crosses.chunks_mut(cols as usize + 1).enumerate() {
            row.fill(CROSS * (u8::from(r == 0) + u8::from(r as u32 == rows)));
            row[0] += CROSS;
            row[cols as usize] += CROSS;
        }
        let nonzero = clues.iter().filter(|&&c| c != NO_CLUE && c > 0).count() as u32;
        Board {
            grid,
            state,
            cell_counts: vec![0; grid.cell_count()],
            vertex_counts: vertex_crosses,
            partner: vec![NO_VERTEX; grid.vertex_count()],
            #[cfg(not(judge))]
            sides: None,
            segments: 0,
            closed: false,
            unmet: nonzero,
            unknown: edges as u32,
            nonzero_clues: nonzero,
            recording: false,
            trail: Vec::new(),
            closed_at: usize::MAX,
            #[cfg(not(judge))]
            unions: Vec::new(),
            #[cfg(not(judge))]
            made_union: Vec::new(),
            joined: Vec::new(),
            #[cfg(not(judge))]
            log: None,
            #[cfg(not(judge))]
            cause: None,
            #[cfg(not(judge))]
            keep_causes: false,
            #[cfg(test)]
            reads: Default::default(),
            clues,
        }
    }

    /// The geometry.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The clue of a cell, if it has one.
    pub(crate) fn clue(&self, cell: Cell) -> Option<u8> {
        let c = self.clues[cell.0 as usize];
        if c == NO_CLUE {
            None
        } else {
            Some(c)
        }
    }

    /// The state of an edge (the off-grid edge is always crossed).
    pub(crate) fn state(&self, e: Edge) -> EdgeState {
        #[cfg(test)]
        if let Some(reads) = self.reads.borrow_mut().as_mut() {
            reads.push(e);
        }
        self.state[e.0 as usize]
    }

    /// Starts (or, with `false`, stops and returns) a record of every edge
    /// whose state is read: the rules' locality test checks it.
    #[cfg(test)]
    pub(crate) fn record_reads(&self, on: bool) -> Vec<Edge> {
        let mut reads = self.reads.borrow_mut();
        let before = reads.take().unwrap_or_default();
        if on {
            *reads = Some(Vec::new());
        }
        before
    }

    /// Whether an edge is a line.
    pub(crate) fn is_line(&self, e: Edge) -> bool {
        self.state(e) == EdgeState::Line
    }

    /// Whether an edge is crossed (always true off the grid).
    pub(crate) fn is_cross(&self, e: Edge) -> bool {
        self.state(e) == EdgeState::Cross
    }

    /// Whether an edge is undecided.
    pub(crate) fn is_unknown(&self, e: Edge) -> bool {
        self.state(e) == EdgeState::Unknown
    }

    /// Lines around a cell.
    pub(crate) fn cell_lines(&self, cell: Cell) -> u8 {
        self.cell_counts[cell.0 as usize] % CROSS
    }

    /// Crosses around a cell.
    pub(crate) fn cell_crosses(&self, cell: Cell) -> u8 {
        self.cell_counts[cell.0 as usize] / CROSS
    }

    /// Undecided edges around a cell.
    pub(crate) fn cell_unknown(&self, cell: Cell) -> u8 {
        4 - self.cell_lines(cell) - self.cell_crosses(cell)
    }

    /// Lines at a vertex.
    pub(crate) fn vertex_lines(&self, v: Vertex) -> u8 {
        self.vertex_counts[v.0 as usize] % CROSS
    }

    /// Crossed edges at a vertex (border slots included).
    pub(crate) fn vertex_crosses(&self, v: Vertex) -> u8 {
        self.vertex_counts[v.0 as usize] / CROSS
    }

    /// Undecided edges at a vertex.
    pub(crate) fn vertex_unknown(&self, v: Vertex) -> u8 {
        4 - self.vertex_lines(v) - self.vertex_crosses(v)
    }

    /// For a path end (a vertex with exactly one line), the other end of its path.
    pub(crate) fn partner(&self, v: Vertex) -> Option<Vertex> {
        (self.vertex_lines(v) == 1).then(|| Vertex(self.partner[v.0 as usize]))
    }

    /// Number of open paths (a closed loop is not counted).
    pub(crate) fn segments(&self) -> u32 {
        self.segments
    }

    /// Whether the lines have closed a loop (which, if the board is consistent, is
    /// the whole answer).
    pub(crate) fn closed(&self) -> bool {
        self.closed
    }

    /// Number of clued cells whose line count differs from their clue.
    pub(crate) fn unmet(&self) -> u32 {
        self.unmet
    }

    /// Number of clues other than 0 (used by the adjacent-3s exception).
    pub(crate) fn nonzero_clues(&self) -> u32 {
        self.nonzero_clues
    }

    /// Number of undecided edges.
    pub(crate) fn unknown_count(&self) -> u32 {
        self.unknown
    }

    /// What [`Board::unmet`] would become if the undecided edge `e` became a line.
    pub(crate) fn unmet_after_line(&self, e: Edge) -> u32 {
        let mut unmet = self.unmet as i64;
        for cell in self.grid.edge_cells(e).into_iter().flatten() {
            if let Some(clue) = self.clue(cell) {
                let lines = self.cell_lines(cell);
                unmet += i64::from(lines + 1 != clue) - i64::from(lines != clue);
            }
        }
        unmet as u32
    }

    /// Starts keeping the trail (search needs it; plain propagation does not, which
    /// saves memory on huge grids).
    pub(crate) fn start_recording(&mut self) {
        if self.recording {
            return;
        }
        self.recording = true;
        // At most one entry per decided edge: room for every edge at once.
        let edges = self.grid.edge_count();
        self.trail
            .reserve_exact(edges.saturating_sub(self.trail.len()));
        #[cfg(not(judge))]
        {
            self.unions.reserve_exact(self.grid.cell_count() + 1);
            self.made_union = vec![0; edges / 64 + 1];
        }
    }

    /// A position on the trail to come back to with [`Board::undo_to`].
    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Judge files keep no log (they have no `--explain`).
    #[cfg(judge)]
    fn report(&mut self, _edge: Edge, _state: EdgeState) {}

    /// The edge changed by trail entry `i`.
    pub(crate) fn changed_edge(&self, i: usize) -> Edge {
        self.trail[i]
    }

    /// Takes the path ends whose partner changed since the last call.
    pub(crate) fn take_joined(&mut self, ends: &mut Vec<Vertex>) {
        ends.append(&mut self.joined);
    }

    /// Forgets pending changes once the driver has read them: the trail is
    /// emptied unless it is kept for undoing.
    pub(crate) fn clear_changes(&mut self) {
        if !self.recording {
            self.trail.clear();
        }
        self.joined.clear();
    }

    /// Sets edge `e` to `to` (`Line` or `Cross`), for the cause last set
    /// ([`Board::set_cause`]).
    ///
    /// Returns `Ok(false)` if it already had that state, `Ok(true)` after a change,
    /// and `Err` when the edge had the other state or the change breaks a clue, a
    /// vertex or the single-loop condition (the change is applied all the same).
    pub fn set(&mut self, e: Edge, to: EdgeState) -> Progress {
        // The state itself, not `state`: writing is not reading.
        let current = self.state[e.0 as usize];
        if current == to {
            return Ok(false);
        }
        if current != EdgeState::Unknown || to == EdgeState::Unknown {
            return Err(Contradiction { edge: e });
        }
        let (ends, cells) = self.grid.incidence(e);
        let ok = match to {
            EdgeState::Line => self.apply_line(e, ends, cells),
            _ => self.apply_cross(e, ends, cells),
        };
        #[cfg(not(judge))]
        let ok = ok & (self.sides.is_none() || self.join_sides(cells, to));
        self.state[e.0 as usize] = to;
        self.unknown -= 1;
        self.report(e, to);
        if ok {
            Ok(true)
        } else {
            Err(Contradiction { edge: e })
        }
    }

    /// The sides node of a cell, or of the outside for `None`.
    pub(crate) fn side_node(&self, cell: Option<Cell>) -> u32 {
        match cell {
            Some(c) => c.0,
            None => self.grid.cell_count() as u32,
        }
    }

    /// Whether the trail is kept for undoing.
    pub(crate) fn recording(&self) -> bool {
        self.recording
    }

    fn apply_cross(&mut self, e: Edge, ends: [Vertex; 2], cells: [Option<Cell>; 2]) -> bool {
        let mut ok = true;
        for cell in cells.into_iter().flatten() {
            let i = cell.0 as usize;
            self.cell_counts[i] += CROSS;
            if let Some(clue) = self.clue(cell) {
                ok &= 4 - self.cell_counts[i] / CROSS >= clue;
            }
        }
        for v in ends {
            let i = v.0 as usize;
            self.vertex_counts[i] += CROSS;
            ok &= self.vertex_counts[i] != DEAD_END;
        }
        self.trail.push(e);
        ok
    }

    fn apply_line(&mut self, e: Edge, [u, v]: [Vertex; 2], cells: [Option<Cell>; 2]) -> bool {
        let mut ok = !self.closed;
        for cell in cells.into_iter().flatten() {
            let i = cell.0 as usize;
            if let Some(clue) = self.clue(cell) {
                let before = self.cell_counts[i] % CROSS;
                self.adjust_unmet(before, before + 1, clue);
                ok &= before < clue;
            }
            self.cell_counts[i] += 1;
        }
        let (lu, lv) = (self.vertex_lines(u), self.vertex_lines(v));
        let closed_before = self.closed;
        if lu < 2 && lv < 2 {
            let end_u = if lu == 0 {
                u.0
            } else {
                self.partner[u.0 as usize]
            };
            let end_v = if lv == 0 {
                v.0
            } else {
                self.partner[v.0 as usize]
            };
            if end_u == v.0 {
                // The path from u ends at v: this line closes a loop, which must be
                // the whole answer: no other path, every clue met.
                self.segments -= 1;
                self.closed = true;
                ok &= self.segments == 0;
            } else {
                match (lu, lv) {
                    (0, 0) => self.segments += 1,
                    (1, 1) => self.segments -= 1,
                    _ => {}
                }
                self.partner[end_u as usize] = end_v;
                self.partner[end_v as usize] = end_u;
                self.joined.push(Vertex(end_u));
                self.joined.push(Vertex(end_v));
            }
        } else {
            ok = false;
        }
        for w in [u, v] {
            let i = w.0 as usize;
            self.vertex_counts[i] += 1;
            ok &= self.vertex_counts[i] != DEAD_END;
        }
        if self.closed {
            ok &= self.unmet == 0;
        }
        if self.closed && !closed_before {
            self.closed_at = self.trail.len();
        }
        self.trail.push(e);
        ok
    }

    /// Takes back the line `e`, trail entry `entry` (the newest left).
    ///
    /// The path bookkeeping is worked out again, not stored: with the vertex
    /// counts restored, `u` and `v` had `lu` and `lv` lines before. When both
    /// were below 2 the line joined the path ends `end_u` (`u` itself, or for a
    /// path end the partner it still records: an inner vertex's partner is
    /// never written again) and `end_v`. If `end_u` was `v`, the line closed
    /// the loop and wrote no partners; otherwise it made `end_u` and `end_v`
    /// partners, where before each was the partner of `u` (or `v`) if that was a
    /// path end, and meant nothing if it had no line.
    fn undo_line(&mut self, e: Edge, entry: usize) {
        let ([u, v], cells) = self.grid.incidence(e);
        for cell in cells.into_iter().flatten() {
            let i = cell.0 as usize;
            let after = self.cell_counts[i] % CROSS;
            if let Some(clue) = self.clue(cell) {
                self.adjust_unmet(after, after - 1, clue);
            }
            self.cell_counts[i] -= 1;
        }
        for w in [u, v] {
            self.vertex_counts[w.0 as usize] -= 1;
        }
        let (lu, lv) = (self.vertex_lines(u), self.vertex_lines(v));
        if lu < 2 && lv < 2 {
            let end_of = |board: &Board, w: Vertex, lines: u8| {
                if lines == 0 {
                    w.0
                } else {
                    board.partner[w.0 as usize]
                }
            };
            let (end_u, end_v) = (end_of(self, u, lu), end_of(self, v, lv));
            if end_u == v.0 {
                self.segments += 1;
            } else {
                match (lu, lv) {
                    (0, 0) => self.segments -= 1,
                    (1, 1) => self.segments += 1,
                    _ => {}
                }
                if lu == 1 {
                    self.partner[end_u as usize] = u.0;
                }
                if lv == 1 {
                    self.partner[end_v as usize] = v.0;
                }
            }
        }
        if entry == self.closed_at {
            self.closed = false;
            self.closed_at = usize::MAX;
        }
        self.forget(e);
    }

    fn adjust_unmet(&mut self, before: u8, after: u8, clue: u8) {
        if before == clue {
            self.unmet += 1;
        }
        if after == clue {
            self.unmet -= 1;
        }
    }

    /// Undoes every change made after `mark` (only valid while recording).
    pub(crate) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let e = match self.trail.pop() {
                Some(e) => e,
                None => break,
            };
            let entry = self.trail.len();
            #[cfg(not(judge))]
            if self.recording && self.made_union[entry / 64] & 1 << (entry % 64) != 0 {
                self.made_union[entry / 64] &= !(1 << (entry % 64));
                if let (Some(sides), Some(child)) = (&mut self.sides, self.unions.pop()) {
                    sides.detach(child);
                }
            }
            if self.is_line(e) {
                self.undo_line(e, entry);
            } else {
                let (ends, cells) = self.grid.incidence(e);
                for cell in cells.into_iter().flatten() {
                    self.cell_counts[cell.0 as usize] -= CROSS;
                }
                for v in ends {
                    self.vertex_counts[v.0 as usize] -= CROSS;
                }
                self.forget(e);
            }
        }
        // The log, if any, is a history rather than a state: undone decisions
        // have been reported, and search reports its own backtrack steps.
    }

    /// Recomputes every count cache and the path bookkeeping from the edge
    /// states alone and compares: `Err` names the first cache that is wrong.
    /// The propagation driver checks this after every run in debug builds, so
    /// the planted tests check it on every board they solve.
    pub(crate) fn check_caches(&self) -> Result<(), String> {
        let g = self.grid;
        let count = |edges: &[Edge], state: EdgeState| {
            edges.iter().filter(|&&e| self.state(e) == state).count() as u8
        };
        let mut unmet = 0;
        for c in 0..g.cell_count() as u32 {
            let sides = g.cell_edges(Cell(c));
            let lines = count(&sides, EdgeState::Line);
            if (lines, count(&sides, EdgeState::Cross))
                != (self.cell_lines(Cell(c)), self.cell_crosses(Cell(c)))
            {
                return Err(format!("counts of cell {c}"));
            }
            unmet += u32::from(self.clue(Cell(c)).map_or(false, |n| n != lines));
        }
        if unmet != self.unmet {
            return Err(format!("unmet: {} cached, {unmet} counted", self.unmet));
        }
        let mut ends = 0;
        for v in 0..g.vertex_count() as u32 {
            let v = Vertex(v);
            let at = g.vertex_edges(v);
            let lines = count(&at, EdgeState::Line);
            if (lines, count(&at, EdgeState::Cross))
                != (self.vertex_lines(v), self.vertex_crosses(v))
            {
                return Err(format!("counts of vertex {}", v.0));
            }
            if lines == 1 && given::walked_path_end(self, v) != self.partner(v) {
                return Err(format!("partner of vertex {}", v.0));
            }
            ends += u32::from(lines == 1);
        }
        let unknown = self.state[..g.edge_count()]
            .iter()
            .filter(|&&s| s == EdgeState::Unknown)
            .count() as u32;
        if unknown != self.unknown {
            return Err(format!(
                "unknown: {} cached, {unknown} counted",
                self.unknown
            ));
        }
        if !self.closed && ends != 2 * self.segments {
            return Err(format!(
                "segments: {} cached, {ends} path ends",
                self.segments
            ));
        }
        Ok(())
    }

    fn forget(&mut self, e: Edge) {
        self.state[e.0 as usize] = EdgeState::Unknown;
        self.unknown += 1;
    }

    /// The lines as a plain list of edge states (for rendering and verifying).
    pub fn states(&self) -> &[EdgeState] {
        &self.state[..self.grid.edge_count()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Puzzle;

    fn puzzle(rows: u32, cols: u32, clues: &[Option<u8>]) -> Puzzle {
        Puzzle {
            rows,
            cols,
            clues: clues.to_vec(),
        }
    }

    fn new_board(rows: u32, cols: u32, clues: &[Option<u8>]) -> Board {
        Board::new(Grid::new(rows, cols), clues)
    }

    #[test]
    fn counts_follow_changes_and_undo_restores_them() {
        let mut b = new_board(2, 2, &[Some(2), None, None, Some(1)]);
        b.start_recording();
        let g = *b.grid();
        let mark = b.mark();
        let top = g.horizontal(0, 0);
        assert_eq!(b.set(top, EdgeState::Line), Ok(true));
        assert_eq!(b.set(g.vertical(0, 1), EdgeState::Cross), Ok(true));
        assert_eq!(b.cell_lines(g.cell(0, 0)), 1);
        assert_eq!(b.cell_crosses(g.cell(0, 0)), 1);
        assert_eq!(b.segments(), 1);
        b.undo_to(mark);
        assert_eq!(b.cell_lines(g.cell(0, 0)), 0);
        assert_eq!(b.cell_crosses(g.cell(0, 0)), 0);
        assert_eq!(b.segments(), 0);
        assert_eq!(b.unknown_count(), g.edge_count() as u32);
        assert_eq!(b.unmet(), 2);
    }

    /// The planted answer of a random loop on a grid of 1×1 to 6×6.
    fn random_answer(rng: &mut crate::restarts::SplitMix) -> crate::answer::Solution {
        let (rows, cols) = (1 + rng.below(6) as u32, 1 + rng.below(6) as u32);
        crate::generate::planted(rng, rows, cols).1
    }

    /// Everything a rule or the search can observe of a board.
    fn observed(b: &Board) -> String {
        let g = *b.grid();
        let partners: Vec<Option<Vertex>> = (0..g.vertex_count() as u32)
            .map(|v| b.partner(Vertex(v)))
            .collect();
        // The sides classes as relations: which nodes share a class, and on
        // which side of the first node of their class each lies (the roots
        // themselves may differ between two boards).
        let nodes = g.cell_count() as u32 + 1;
        let classes: Vec<(u32, u8)> = (0..nodes)
            .map(|n| {
                let (root, parity) = b.side_class(n);
                let first = (0..nodes).find(|&m| b.side_class(m).0 == root).unwrap_or(n);
                (first, parity ^ b.side_class(first).1)
            })
            .collect();
        format!(
            "{:?} {:?} {} {} {} {} {:?}",
            b.states(),
            partners,
            b.segments(),
            b.closed(),
            b.unmet(),
            b.unknown_count(),
            classes
        )
    }

    /// Undo works out a line's path bookkeeping again instead of storing it,
    /// and takes back the sides unions each change made:
    /// after a random run of changes (each one that breaks the board undone at
    /// once, as search does) and an undo to a mark, the board is what replaying
    /// the changes kept before the mark makes.
    #[test]
    fn undo_restores_exactly_what_a_replay_builds() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..300 {
            let (rows, cols) = (1 + next(4) as u32, 1 + next(4) as u32);
            let clues: Vec<Option<u8>> = (0..rows * cols)
                .map(|_| [None, Some(0), Some(1), Some(2), Some(3)][next(5) as usize])
                .collect();
            let p = puzzle(rows, cols, &clues);
            let mut b = Board::new(p.grid(), &p.clues);
            assert_eq!(b.enable_sides(), Ok(true));
            b.start_recording();
            let edges = b.grid().edge_count() as u64;
            let mut before = Vec::new();
            let mut mark = None;
            for step in 0..edges {
                if step == edges / 3 {
                    mark = Some((b.mark(), before.clone()));
                }
                let e = Edge(next(edges) as u32);
                let to = if next(2) == 0 {
                    EdgeState::Line
                } else {
                    EdgeState::Cross
                };
                // As search does: a change that breaks the board is undone.
                let at = b.mark();
                match b.set(e, to) {
                    Ok(true) => before.push((e, to)),
                    Ok(false) => {}
                    Err(_) => b.undo_to(at),
                }
            }
            let (mark, kept) = mark.unwrap_or((0, Vec::new()));
            b.undo_to(mark);
            let mut replay = Board::new(p.grid(), &p.clues);
            assert_eq!(replay.enable_sides(), Ok(true));
            for &(e, to) in &kept {
                assert_eq!(replay.set(e, to), Ok(true));
            }
            assert_eq!(observed(&b), observed(&replay), "{rows}x{cols} {clues:?}");
        }
    }

    /// Sides classes made at once relate every node as joining the decided
    /// edges one by one, in edge order, does, with as many unions, and break
    /// exactly when that does, at the same edge: on parts of random loops,
    /// now and then with an edge flipped, and on edges decided at random.
    #[test]
    fn sides_made_at_once_are_the_joins_one_by_one() {
        let mut rng = crate::restarts::SplitMix(11);
        let (mut whole, mut broken) = (0, 0);
        for trial in 0..400 {
            let answer = random_answer(&mut rng);
            let grid = *answer.grid();
            let keep = 1 + rng.below(4);
            let states: Vec<EdgeState> = answer
                .states()
                .iter()
                .map(|&s| match rng.below(20) {
                    0 if trial % 2 == 0 => s.opposite(),
                    _ if trial % 5 == 0 => {
                        [EdgeState::Line, EdgeState::Cross][rng.below(2) as usize]
                    }
                    n if n % 4 < keep => s,
                    _ => EdgeState::Unknown,
                })
                .collect();
            let mut board = Board::new(grid, &vec![None; grid.cell_count()]);
            board.state[..states.len()].copy_from_slice(&states);
            let mut joined = Classes::new(grid.cell_count());
            let broken_at = (0..grid.edge_count() as u32).map(Edge).find(|&e| {
                let [a, b] = grid.edge_cells(e);
                let (a, b) = (board.side_node(a), board.side_node(b));
                board.state(e) != EdgeState::Unknown
                    && joined.join(a, b, board.state(e) == EdgeState::Line)
                        == crate::classes::Joined::Contradicted
            });
            match board.sides_at_once() {
                None => assert!(broken_at.is_some(), "{states:?}"),
                Some(at_once) => {
                    assert_eq!(broken_at, None, "{states:?}");
                    assert_eq!(at_once.unions(), joined.unions());
                    // The same relations, on two boards alike but for them.
                    let mut other = Board::new(grid, &vec![None; grid.cell_count()]);
                    other.state.clone_from(&board.state);
                    (board.sides, other.sides) = (Some(at_once), Some(joined));
                    assert_eq!(observed(&board), observed(&other), "{states:?}");
                    board.sides = None;
                    whole += usize::from(states.iter().all(|&s| s != EdgeState::Unknown));
                }
            }
            let expected = broken_at.map_or(Ok(true), |edge| Err(Contradiction { edge }));
            assert_eq!(board.enable_sides(), expected);
            broken += usize::from(broken_at.is_some());
        }
        assert!(whole > 10 && broken > 50, "{whole} whole, {broken} broken");
    }

    /// Giving edges at once, by counting, leaves the board as giving them
    /// one by one does, and takes exactly what that takes (the rest goes
    /// one by one, to find the edge that breaks the board): on parts of
    /// random loops (the whole loop among them, closed), with clues true,
    /// false or missing and now and then an edge flipped, on grids of 1×1
    /// to 6×6.
    #[test]
    fn edges_given_at_once_make_the_board_set_makes() {
        let mut rng = crate::restarts::SplitMix(5);
        let (mut closed, mut broken) = (0, 0);
        for trial in 0..400 {
            let answer = random_answer(&mut rng);
            let grid = *answer.grid();
            let (rows, cols) = (grid.rows(), grid.cols());
            let clues: Vec<Option<u8>> = crate::generate::clues_of(&answer)
                .clues
                .iter()
                .map(|&c| match rng.below(4) {
                    0 => None,
                    1 if trial % 3 == 0 => Some(rng.below(4) as u8),
                    _ => c,
                })
                .collect();
            let keep = rng.below(5);
            let given: Vec<EdgeState> = answer
                .states()
                .iter()
                .map(|&s| match rng.below(40) {
                    0 if trial % 2 == 0 => s.opposite(),
                    n if n % 5 < keep || trial % 7 == 0 => s,
                    _ => EdgeState::Unknown,
                })
                .collect();
            let mut at_once = Board::new(grid, &clues);
            let mut one_by_one = Board::new(grid, &clues);
            let result = one_by_one.set_given_one_by_one(&given);
            let fast = at_once.set_given_at_once(&given);
            assert_eq!(fast, result.is_ok(), "{rows}x{cols} {clues:?} {given:?}");
            if fast {
                assert_eq!(observed(&at_once), observed(&one_by_one));
                assert_eq!(at_once.check_caches(), Ok(()));
            }
            closed += usize::from(at_once.closed());
            broken += usize::from(result.is_err());
        }
        // Both kinds of board the shortcut must get right were met.
        assert!(
            closed > 10 && broken > 50,
            "{closed} closed, {broken} broken"
        );
    }

    #[test]
    fn too_many_lines_at_a_clue_is_a_contradiction() {
        let mut b = new_board(1, 1, &[Some(1)]);
        let g = *b.grid();
        assert!(b.set(g.horizontal(0, 0), EdgeState::Line).is_ok());
        assert!(b.set(g.horizontal(1, 0), EdgeState::Line).is_err());
    }

    #[test]
    fn a_fourth_line_around_a_three_is_a_contradiction() {
        let mut b = new_board(1, 1, &[Some(3)]);
        let g = *b.grid();
        for e in [g.horizontal(0, 0), g.vertical(0, 1), g.horizontal(1, 0)] {
            assert_eq!(b.set(e, EdgeState::Line), Ok(true));
        }
        assert_eq!(b.unmet(), 0);
        let last = g.vertical(0, 0);
        assert_eq!(
            b.set(last, EdgeState::Line),
            Err(Contradiction { edge: last })
        );
    }

    #[test]
    fn closing_a_loop_while_another_path_exists_is_a_contradiction() {
        let mut b = new_board(1, 3, &[None, None, None]);
        let g = *b.grid();
        b.set(g.vertical(0, 3), EdgeState::Line).unwrap();
        for e in [g.horizontal(0, 0), g.vertical(0, 1), g.horizontal(1, 0)] {
            assert!(b.set(e, EdgeState::Line).is_ok());
        }
        assert!(b.set(g.vertical(0, 0), EdgeState::Line).is_err());
    }

    #[test]
    fn a_single_loop_meeting_every_clue_closes() {
        let mut b = new_board(1, 1, &[Some(4)]);
        // A clue of 4 cannot be parsed, but the board accepts it: it is the loop
        // around the one cell.
        let g = *b.grid();
        for e in g.cell_edges(g.cell(0, 0)) {
            assert!(b.set(e, EdgeState::Line).is_ok());
        }
        assert!(b.closed());
        assert_eq!(b.unmet(), 0);
    }

    #[test]
    fn off_grid_edges_are_crossed_for_good() {
        let mut b = new_board(1, 1, &[None]);
        let off = b.grid().off_grid();
        assert_eq!(b.set(off, EdgeState::Cross), Ok(false));
        assert!(b.set(off, EdgeState::Line).is_err());
    }
}
