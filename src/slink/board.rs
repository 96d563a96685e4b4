//! The edge-state board: every edge is unknown, line or cross, and every change goes
//! through [`Board::set`], which keeps the count caches right, tells whatever
//! the full engine attached ([`Attached`]: its inside/outside classes, its
//! `--explain` log), and reports a [`Contradiction`] as a value.
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
//! - every change goes on the trail, which the propagation driver reads as its
//!   queue; while recording (inside search) the trail is kept, and
//!   `undo_to(mark)` restores the board exactly as it was at `mark` (a test
//!   checks it against a replay, the engine's sides classes included);
//! - what is attached hears of every change once it is made, and of every
//!   undo before it is made.
//!
//! The fields are the crate's: the engine's loader of given edges sets them
//! all at once ([`crate::engine::given`]), and keeps these invariants too.
//!
//! A `set` that breaks a local condition (too many lines at a clue or vertex, a
//! dead-end path, a loop closed too early) still applies the change and returns
//! `Err`: the caller either undoes to a mark or abandons the board.

use std::any::Any;

use crate::slink::grid::{Cell, Edge, Grid, Vertex};
use crate::slink::reason::Why;

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

/// In `Board::clues`: a blank cell.
pub(crate) const NO_CLUE: u8 = u8::MAX;
/// In `Board::partner`: no partner recorded.
pub(crate) const NO_VERTEX: u32 = u32::MAX;
/// A cross in a packed count: lines are the units, crosses the eights.
pub(crate) const CROSS: u8 = 8;
/// The packed count of a vertex with one line and three crosses: a dead end.
pub(crate) const DEAD_END: u8 = 1 + 3 * CROSS;

/// What the full engine attaches to a board: told of every change, and of
/// every undo before it is made, it keeps its own state in step (the
/// inside/outside classes, the `--explain` log). Judge files attach nothing.
pub trait Attached {
    /// Edge `e`, between `cells`, has become `to`, for `cause` (see
    /// [`Board::tell_cause`]); `kept` is its trail entry if the board keeps
    /// the trail for undoing. `false` if that contradicts what is attached.
    fn changed(
        &mut self,
        e: Edge,
        to: EdgeState,
        cells: [Option<Cell>; 2],
        kept: Option<usize>,
        cause: Option<Why>,
    ) -> bool;
    /// The trail is about to go back to `mark` (see [`Board::undo_to`]).
    fn undo_to(&mut self, mark: usize);
    /// Whether it needs causes: the driver then tells the cause of each rule
    /// it runs, not only of the whole-board ones.
    fn tracks(&self) -> bool;
    /// Itself, for the engine to reach its own type.
    fn as_any(&self) -> &dyn Any;
    /// Itself, for the engine to reach its own type.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// What [`Board::set`] keeps beside the edge states, worked out at once
/// for [`Board::load`].
pub(crate) struct Caches {
    /// Per cell, its lines plus [`CROSS`] times its crosses.
    pub(crate) cell_counts: Vec<u8>,
    /// Per vertex, its lines plus [`CROSS`] times its crossed slots (those
    /// beyond the border counted crossed).
    pub(crate) vertex_counts: Vec<u8>,
    /// Per path end, the other end ([`NO_VERTEX`] elsewhere).
    pub(crate) partner: Vec<u32>,
    /// The open paths.
    pub(crate) segments: u32,
    /// The clues whose lines are not their number yet.
    pub(crate) unmet: u32,
    /// Whether the lines are one closed loop.
    pub(crate) closed: bool,
    /// The undecided edges.
    pub(crate) unknown: u32,
}

/// Edge states of one puzzle with their count caches.
pub struct Board {
    pub(crate) grid: Grid,
    pub(crate) clues: Vec<u8>,
    pub(crate) state: Vec<EdgeState>,
    /// Per cell, its lines plus [`CROSS`] times its crosses: one byte.
    pub(crate) cell_counts: Vec<u8>,
    /// Per vertex, its lines plus [`CROSS`] times its crossed slots.
    pub(crate) vertex_counts: Vec<u8>,
    pub(crate) partner: Vec<u32>,
    /// Number of open paths (a closed loop is not counted).
    pub(crate) segments: u32,
    pub(crate) closed: bool,
    pub(crate) unmet: u32,
    pub(crate) unknown: u32,
    nonzero_clues: u32,
    /// Whether the trail is kept for undoing (inside search); otherwise the
    /// propagation driver empties it as it reads it.
    pub(crate) recording: bool,
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
    /// Path ends whose partner changed since the driver last took them.
    joined: Vec<Vertex>,
    /// How many times a change closed a loop, or a rule found that closing
    /// one would finish the answer (facts of the whole board: the open
    /// paths, the unmet clues). The engine's memory of trials keeps only
    /// trials that found none ([`crate::engine::solve::Recall`]).
    pub(crate) loop_reads: u32,
    /// Why the changes being made now are made: the rule the driver is
    /// running and where, or the search's step ([`Board::tell_cause`]).
    pub(crate) cause: Option<Why>,
    /// What the full engine attached, if anything.
    pub(crate) attached: Option<Box<dyn Attached>>,
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
        let mut board = Board {
            grid,
            state,
            cell_counts: Vec::new(),
            vertex_counts: Vec::new(),
            partner: Vec::new(),
            segments: 0,
            closed: false,
            unmet: 0,
            unknown: 0,
            nonzero_clues: nonzero,
            recording: false,
            trail: Vec::new(),
            closed_at: usize::MAX,
            joined: Vec::new(),
            loop_reads: 0,
            cause: None,
            attached: None,
            #[cfg(test)]
            reads: Default::default(),
            clues,
        };
        board.load(
            &[],
            Caches {
                cell_counts: vec![0; grid.cell_count()],
                vertex_counts: vertex_crosses,
                partner: vec![NO_VERTEX; grid.vertex_count()],
                segments: 0,
                unmet: nonzero,
                closed: false,
                unknown: edges as u32,
            },
        );
        board
    }

    /// Gives the first edges the states `given` (the rest keep theirs) and
    /// the board the caches `caches`, worked out for the states that
    /// result: a fresh board's, or a drawing's loaded at once (the full
    /// engine's `given`, which counts a drawing in a few passes rather than
    /// a `set` an edge). The caller answers for the caches; debug builds
    /// audit them after every propagation.
    pub(crate) fn load(&mut self, given: &[EdgeState], caches: Caches) {
        self.state[..given.len()].copy_from_slice(given);
        self.unknown = caches.unknown;
        self.cell_counts = caches.cell_counts;
        self.vertex_counts = caches.vertex_counts;
        self.partner = caches.partner;
        self.segments = caches.segments;
        self.unmet = caches.unmet;
        self.closed = caches.closed;
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

    /// Whether closing a loop with the undecided edge `e` would come too
    /// soon: other paths are left, or some clue unmet (counted in
    /// `loop_reads` when not).
    pub(crate) fn closing_too_soon(&mut self, e: Edge) -> bool {
        let too_soon = self.segments > 1 || self.unmet_after_line(e) > 0;
        if !too_soon {
            self.loop_reads = self.loop_reads.wrapping_add(1);
        }
        too_soon
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
    }

    /// A position on the trail to come back to with [`Board::undo_to`].
    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Says why the changes about to be made are made: the driver before
    /// each rule it runs (when what is attached [`Attached::tracks`] them),
    /// the search before each step. What is attached hears it with each
    /// change.
    pub(crate) fn tell_cause(&mut self, why: Why) {
        self.cause = Some(why);
    }

    /// Whether what is attached needs causes.
    pub(crate) fn tracks(&self) -> bool {
        self.attached.as_ref().map_or(false, |a| a.tracks())
    }

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

    /// Sets edge `e` to `to` (`Line` or `Cross`), for the cause last told
    /// ([`Board::tell_cause`]).
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
        self.state[e.0 as usize] = to;
        self.unknown -= 1;
        let ok = match &mut self.attached {
            Some(attached) => {
                let kept = Some(self.trail.len() - 1).filter(|_| self.recording);
                attached.changed(e, to, cells, kept, self.cause) & ok
            }
            None => ok,
        };
        if ok {
            Ok(true)
        } else {
            Err(Contradiction { edge: e })
        }
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
                self.loop_reads = self.loop_reads.wrapping_add(1);
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
        if let Some(attached) = &mut self.attached {
            attached.undo_to(mark);
        }
        while self.trail.len() > mark {
            let e = match self.trail.pop() {
                Some(e) => e,
                None => break,
            };
            let entry = self.trail.len();
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
        assert_eq!(b.segments, 1);
        b.undo_to(mark);
        assert_eq!(b.cell_lines(g.cell(0, 0)), 0);
        assert_eq!(b.cell_crosses(g.cell(0, 0)), 0);
        assert_eq!(b.segments, 0);
        assert_eq!(b.unknown_count(), g.edge_count() as u32);
        assert_eq!(b.unmet(), 2);
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
