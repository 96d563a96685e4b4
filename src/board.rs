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

#[cfg(not(judge))]
use crate::classes::{Classes, Joined};
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
/// In [`Board::sides_at_once`]: a node its walks have not reached yet.
#[cfg(not(judge))]
const UNREACHED: u32 = u32::MAX;
/// A cross in a packed count: lines are the units, crosses the eights.
const CROSS: u8 = 8;
/// The packed count of a vertex with one line and three crosses: a dead end.
const DEAD_END: u8 = 1 + 3 * CROSS;

/// The other end of the path of lines that starts at the path end `v`, found by
/// walking it (for [`Board::check_caches`]; `None` if the walk does not end at
/// another path end).
#[cfg(not(judge))]
fn walked_path_end(board: &Board, v: Vertex) -> Option<Vertex> {
    let g = board.grid;
    let (mut at, mut back) = (g.vertex_pos(v), NOWHERE);
    for _ in 0..=g.edge_count() {
        (back, at) = along_line(g, board.states(), at, back)?;
        let end = g.vertex(at.0, at.1);
        if board.vertex_lines(end) == 1 {
            return Some(end);
        }
    }
    None
}

/// No way back: the first step of a walk along the lines.
#[cfg(not(judge))]
const NOWHERE: u8 = 4;

/// One step along the lines of `given` from the dot at (row, column) `at`,
/// not the way `back` (0 to 3: up, right, down, left; or [`NOWHERE`]): the
/// way back from the dot reached, and that dot; `None` at a path end.
/// (Dots by row and column: no division a step.)
#[cfg(not(judge))]
fn along_line(
    grid: Grid,
    given: &[EdgeState],
    at: (u32, u32),
    back: u8,
) -> Option<(u8, (u32, u32))> {
    let line = |e: Edge| given.get(e.0 as usize) == Some(&EdgeState::Line);
    let (r, c) = at;
    if back != 0 && r > 0 && line(grid.vertical(r - 1, c)) {
        Some((2, (r - 1, c)))
    } else if back != 1 && c < grid.cols() && line(grid.horizontal(r, c)) {
        Some((3, (r, c + 1)))
    } else if back != 2 && r < grid.rows() && line(grid.vertical(r, c)) {
        Some((0, (r + 1, c)))
    } else if back != 3 && c > 0 && line(grid.horizontal(r, c - 1)) {
        Some((1, (r, c - 1)))
    } else {
        None
    }
}

/// One decision of a traced solve, as `--explain` shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Decision {
    /// The edge decided.
    pub edge: Edge,
    /// Its new state.
    pub state: EdgeState,
    /// Why.
    pub why: Why,
    /// How many guesses were open when it was made (0: a pure deduction).
    pub depth: u32,
}

/// Where a traced solve reports what happens, as it happens (`--explain`):
/// nothing is kept, so a trace of any length costs no memory.
pub trait Log {
    /// A decision, just made.
    fn decided(&mut self, decision: &Decision);
    /// The statement's cases alone can do no more: `board` is as they left it.
    fn stalled(&mut self, board: &Board);
    /// A search run gave up (`why`) and the next one starts from the beginning.
    fn restarted(&mut self, why: &str);
}

/// A log being kept: where to, at what search depth, and whether paused.
#[cfg(not(judge))]
struct Logging {
    sink: Box<dyn Log>,
    depth: u32,
    paused: bool,
}

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

    /// Reports every decision from now on to `sink` (`--explain`).
    #[cfg(not(judge))]
    pub(crate) fn start_log(&mut self, sink: Box<dyn Log>) {
        self.log = Some(Logging {
            sink,
            depth: 0,
            paused: false,
        });
    }

    /// Stops reporting decisions, and gives the log back.
    #[cfg(not(judge))]
    pub(crate) fn take_log(&mut self) -> Option<Box<dyn Log>> {
        self.log.take().map(|log| log.sink)
    }

    /// Sets the search depth reported with the next decisions.
    #[cfg(not(judge))]
    pub(crate) fn set_log_depth(&mut self, depth: u32) {
        if let Some(log) = &mut self.log {
            log.depth = depth;
        }
    }

    /// Stops or resumes reporting (probing tries values it then undoes; only its
    /// conclusions belong in the trace).
    #[cfg(not(judge))]
    pub(crate) fn pause_log(&mut self, paused: bool) {
        if let Some(log) = &mut self.log {
            log.paused = paused;
        }
    }

    /// Tells the log that the statement's cases stop here.
    #[cfg(not(judge))]
    pub(crate) fn log_stall(&mut self) {
        if let Some(mut log) = self.log.take() {
            log.sink.stalled(self);
            self.log = Some(log);
        }
    }

    /// Says why the changes about to be made are made (see `cause`): the
    /// driver before each rule it runs, the search before each step.
    #[cfg(not(judge))]
    pub fn set_cause(&mut self, why: Why) {
        self.cause = Some(why);
    }

    /// Whether the causes of changes are kept: for a log, or after
    /// [`Board::keep_causes`]. (The driver tells them only then.)
    #[cfg(not(judge))]
    pub(crate) fn tracks(&self) -> bool {
        self.keep_causes || self.log.is_some()
    }

    /// Keeps the causes of changes without a log: to say which rule found
    /// a contradiction ([`crate::rules::driver::Failure`]).
    #[cfg(not(judge))]
    pub(crate) fn keep_causes(&mut self) {
        self.keep_causes = true;
    }

    /// Why the last change was made: after a contradiction, the rule (or
    /// step) that found it. (`None` before any cause is told.)
    #[cfg(not(judge))]
    pub(crate) fn cause(&self) -> Option<Why> {
        self.cause
    }

    /// Reports a decision to the log, if one is kept and not paused.
    #[cfg(not(judge))]
    fn report(&mut self, edge: Edge, state: EdgeState) {
        // Whoever keeps a log tells the causes (the driver, the search): a
        // change without one is a given edge, set before any log began.
        if let (Some(log), Some(why)) = (&mut self.log, self.cause) {
            if !log.paused {
                let depth = log.depth;
                log.sink.decided(&Decision {
                    edge,
                    state,
                    why,
                    depth,
                });
            }
        }
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

    /// The root of a sides node's class, and the node's parity relative to it (1
    /// when they are on different sides of the loop).
    /// (Only after [`Board::enable_sides`].)
    #[cfg(not(judge))]
    pub(crate) fn side_class(&self, node: u32) -> (u32, u8) {
        match &self.sides {
            Some(sides) => sides.find(node),
            None => (node, 0),
        }
    }

    /// Makes the sides classes, if not made yet, from every decided edge; from
    /// then on [`Board::set`] keeps them. Returns whether they exist: not when
    /// asked while recording (a union must belong to a change on the trail, to
    /// be undone with it), which search never does: its first propagation,
    /// before any guess, makes them. `Err` if the decided edges already put a
    /// cell on both sides of the loop.
    #[cfg(not(judge))]
    pub(crate) fn enable_sides(&mut self) -> Result<bool, Contradiction> {
        if self.sides.is_some() || self.recording {
            return Ok(self.sides.is_some());
        }
        self.sides = self.sides_at_once();
        if self.sides.is_some() {
            return Ok(true);
        }
        // The decided edges put a node on both sides: one union an edge, in
        // order, names the first edge that does.
        self.sides = Some(Classes::new(self.grid.cell_count()));
        for e in 0..self.grid.edge_count() as u32 {
            let e = Edge(e);
            let to = self.state(e);
            if to != EdgeState::Unknown && !self.join_sides(self.grid.edge_cells(e), to) {
                return Err(Contradiction { edge: e });
            }
        }
        Ok(true)
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
    #[cfg(not(judge))]
    fn sides_at_once(&self) -> Option<Classes> {
        let grid = self.grid;
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
                        &self.state,
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
                    let or_outside =
                        |inside: bool, other: u32| if inside { other } else { outside };
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

    /// The sides classes, once made ([`Board::enable_sides`]).
    #[cfg(not(judge))]
    pub(crate) fn sides(&self) -> Option<&Classes> {
        self.sides.as_ref()
    }

    /// Whether the trail is kept for undoing.
    #[cfg(not(judge))]
    pub(crate) fn recording(&self) -> bool {
        self.recording
    }

    /// Whether decisions are reported to a log (`--explain`).
    #[cfg(not(judge))]
    pub(crate) fn logging(&self) -> bool {
        self.log.is_some()
    }

    /// How many sides unions the trail holds while recording (each attached
    /// a class's root below another's).
    #[cfg(not(judge))]
    pub(crate) fn joins(&self) -> usize {
        self.unions.len()
    }

    /// The roots attached by the unions the trail holds, from the `first`th on.
    #[cfg(not(judge))]
    pub(crate) fn joins_since(&self, first: usize) -> &[u32] {
        &self.unions[first.min(self.unions.len())..]
    }

    /// How many unions of sides classes have happened so far (never decreases;
    /// tells the driver whether a sweep of the sides rules can find anything new).
    #[cfg(not(judge))]
    pub(crate) fn side_unions(&self) -> u64 {
        self.sides.as_ref().map_or(0, Classes::unions)
    }

    /// Records that the two sides of a decided edge are equal (cross) or differ
    /// (line); false if the classes already say otherwise.
    #[cfg(not(judge))]
    fn join_sides(&mut self, cells: [Option<Cell>; 2], to: EdgeState) -> bool {
        let (a, b) = (self.side_node(cells[0]), self.side_node(cells[1]));
        let sides = match &mut self.sides {
            Some(sides) => sides,
            None => return true,
        };
        match sides.join(a, b, to == EdgeState::Line) {
            Joined::Agreed => true,
            Joined::Contradicted => false,
            Joined::Attached(child) => {
                if self.recording {
                    // The union belongs to the change just put on the trail.
                    let i = self.trail.len() - 1;
                    self.made_union[i / 64] |= 1 << (i % 64);
                    self.unions.push(child);
                }
                true
            }
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
    #[cfg(not(judge))]
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
            if lines == 1 && walked_path_end(self, v) != self.partner(v) {
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

    /// Sets the decided edges of `given` (a partial answer, in edge order),
    /// as search steps; stops at the first that breaks the board, and names
    /// it.
    #[cfg(not(judge))]
    pub(crate) fn set_given(&mut self, given: &[EdgeState]) -> Result<(), Edge> {
        if given.is_empty() || self.set_given_at_once(given) {
            return Ok(());
        }
        self.set_given_one_by_one(given)
    }

    /// [`Board::set_given`] edge by edge, through [`Board::set`].
    #[cfg(not(judge))]
    fn set_given_one_by_one(&mut self, given: &[EdgeState]) -> Result<(), Edge> {
        for (e, &state) in given.iter().enumerate() {
            let e = Edge(e as u32);
            if state != EdgeState::Unknown && self.set(e, state).is_err() {
                return Err(e);
            }
        }
        Ok(())
    }

    /// [`Board::set_given`] on a board with nothing decided, by counting: a
    /// few passes over the edges rather than a [`Board::set`] each (the
    /// generator's windows give all but a few edges, hundreds of times a
    /// puzzle). The board ends as `set` would leave it, but for the trail,
    /// which a fresh driver passes over anyway. Returns false, with the board
    /// untouched, when it has decisions, a log or undo records, or when `given`
    /// breaks it: edge by edge then finds where.
    #[cfg(not(judge))]
    fn set_given_at_once(&mut self, given: &[EdgeState]) -> bool {
        let grid = self.grid;
        let fresh = self.unknown as usize == grid.edge_count() && !self.recording;
        if !fresh || self.log.is_some() || given.len() > grid.edge_count() {
            return false;
        }
        let (mut cell_counts, mut vertex_counts) =
            (self.cell_counts.clone(), self.vertex_counts.clone());
        // Each edge's part of a count, by row of edges (the order of their
        // ids, as in `Grid::horizontal` and `vertical`), added a whole row at
        // a time: no division and no test per edge.
        let part = |s: &EdgeState| [0, 1, CROSS][*s as usize];
        let mut parts: Vec<u8> = given.iter().map(part).collect();
        parts.resize(grid.edge_count(), 0);
        let decided = parts.iter().filter(|&&p| p != 0).count() as u32;
        let lines = parts.iter().filter(|&&p| p == 1).count() as u32;
        let (rows, cols) = (grid.rows() as usize, grid.cols() as usize);
        let width = cols + 1;
        let add = |counts: &mut [u8], parts: &[u8]| {
            for (count, part) in counts.iter_mut().zip(parts) {
                *count += part;
            }
        };
        let (horizontal, vertical) = parts.split_at((rows + 1) * cols);
        for (r, row) in horizontal.chunks(cols).enumerate() {
            add(&mut vertex_counts[r * width..], row);
            add(&mut vertex_counts[r * width + 1..], row);
            if r > 0 {
                add(&mut cell_counts[(r - 1) * cols..], row);
            }
            if r < rows {
                add(&mut cell_counts[r * cols..], row);
            }
        }
        for (r, row) in vertical.chunks(width).enumerate() {
            add(&mut vertex_counts[r * width..], row);
            add(&mut vertex_counts[(r + 1) * width..], row);
            add(&mut cell_counts[r * cols..(r + 1) * cols], row);
            add(&mut cell_counts[r * cols..(r + 1) * cols], &row[1..]);
        }
        // The checks `set` makes at each change, on the final counts: they
        // only grow, so a limit passed on the way is passed at the end.
        let mut unmet = 0;
        for (&count, &clue) in cell_counts.iter().zip(&self.clues) {
            if clue != NO_CLUE {
                if count % CROSS > clue || 4 - count / CROSS < clue {
                    return false;
                }
                unmet += u32::from(count % CROSS != clue);
            }
        }
        if vertex_counts
            .iter()
            .any(|&n| n % CROSS > 2 || n == DEAD_END)
        {
            return false;
        }
        // Each path walked from one end to the other, which become partners.
        let mut partner = self.partner.clone();
        let (mut segments, mut walked) = (0, 0);
        for start in 0..grid.vertex_count() {
            if vertex_counts[start] % CROSS != 1 || partner[start] != NO_VERTEX {
                continue;
            }
            let (mut at, mut back) = (grid.vertex_pos(Vertex(start as u32)), NOWHERE);
            let end = loop {
                match along_line(grid, given, at, back) {
                    Some(step) => (back, at) = step,
                    None => return false,
                }
                walked += 1;
                let v = at.0 as usize * width + at.1 as usize;
                if vertex_counts[v] % CROSS == 1 {
                    break v;
                }
            };
            partner[start] = end as u32;
            partner[end] = start as u32;
            segments += 1;
        }
        // Lines on no path close loops: one alone, meeting every clue, is the
        // answer; anything else breaks the board.
        let closed = walked < lines;
        if closed && (segments > 0 || unmet > 0 || !self.one_loop_of(given, lines)) {
            return false;
        }
        for (slot, &state) in self.state.iter_mut().zip(given) {
            *slot = state;
        }
        self.unknown -= decided;
        self.cell_counts = cell_counts;
        self.vertex_counts = vertex_counts;
        self.partner = partner;
        self.segments = segments;
        self.unmet = unmet;
        self.closed = closed;
        true
    }

    /// Whether the `lines` lines of `given`, each at a vertex of two, make one
    /// loop: the walk round from any of them comes back after all of them.
    #[cfg(not(judge))]
    fn one_loop_of(&self, given: &[EdgeState], lines: u32) -> bool {
        let grid = self.grid;
        let first = given.iter().position(|&s| s == EdgeState::Line);
        let start = match first {
            Some(e) => grid.vertex_pos(grid.edge_vertices(Edge(e as u32))[0]),
            None => return false,
        };
        let (mut at, mut back, mut walked) = (start, NOWHERE, 0);
        loop {
            match along_line(grid, given, at, back) {
                Some(step) => (back, at) = step,
                None => return false,
            }
            walked += 1;
            if at == start {
                return walked == lines;
            }
        }
    }

    /// The lines as a plain list of edge states (for rendering and verifying).
    pub fn states(&self) -> &[EdgeState] {
        &self.state[..self.grid.edge_count()]
    }
}

/// One step of [`Board::sides_at_once`]'s walk from `node`, of the class
/// started at `start`, across edge `e` to `other`: reaches `other` if the
/// edge is decided, and says whether its side agrees if it was reached.
#[cfg(not(judge))]
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
