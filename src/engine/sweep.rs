//! The full engine's stage of the driver ([`Sweeper`], a
//! [`crate::slink::rules::driver::Stage`]). The costlier tier, inside/outside,
//! reads classes a union can change anywhere, so no local queue reaches its
//! fixed point: the stage sweeps it over the whole board whenever everything
//! local is idle and the classes have grown since the last sweep (a sweep is
//! a cursor over every vertex, then every cell, so it needs no list). Under
//! search and trials, where the board records, a sweep from a point where
//! every rule was idle visits only the loci round the classes the unions
//! since have attached, found by one walk up from each node ([`Base`],
//! [`Scope`], [`Sweeper::scope_sweep`]). Last come the whole-board rows when
//! all is idle: the connectivity check, once per new state, and while the
//! board records only when the edges crossed since it last ran may have
//! parted the uncrossed ones ([`crate::engine::crossings`]). Judge files
//! have no such stage.

use crate::engine::crossings::Crossings;
use crate::engine::marks::Marks;
use crate::engine::rules::extra::EngineRule;
use crate::engine::rules::finds_nothing;
use crate::engine::EngineBoard;
use crate::slink::board::{Board, Contradiction};
use crate::slink::grid::{Cell, Grid, Vertex};
use crate::slink::reason::{Reason, Why};
use crate::slink::rules::driver::{on_board, Propagator, Stage};
use crate::slink::rules::{Apply, Mode, RuleSet, Run, Site, Trigger};

/// A sweep of the costlier tier over the whole board: every vertex from
/// `vertex` on, then every cell from `cell` on.
struct Sweep {
    vertex: u32,
    cell: u32,
}

/// No sweep under way.
const NO_SWEEP: Sweep = Sweep {
    vertex: u32::MAX,
    cell: u32::MAX,
};

/// A point on the board's trail where every rule was idle, the sweep's too,
/// and how many sides unions the trail held there.
#[derive(Clone, Copy)]
struct Base {
    mark: usize,
    joins: usize,
}

/// A point on the board's trail where connectivity had run and left every
/// uncrossed edge in one piece with the lines, and how many undos the board
/// had made then: while no undo has gone below `mark`, the trail up to it
/// is as it was.
#[derive(Clone, Copy)]
struct Connected {
    mark: usize,
    undos: u64,
}

/// The most bases kept: past it, the newest is replaced (an older base is
/// still a true one, only further back).
const MOST_BASES: usize = 256;

/// The loci a sweep visits: every one, or the vertices and cells marked,
/// with room to mark the sides nodes that find them.
#[derive(Default)]
struct Scope {
    whole: bool,
    vertices: Marks,
    cells: Marks,
    /// Room for finding the sides nodes below the classes attached
    /// ([`crate::engine::classes::Classes::below_any`]).
    nodes: Marks,
    stack: Vec<u32>,
}

/// The full engine's stage: its sweeps, its whole-board rules, and the
/// bases and scopes that keep sweeps under search short.
pub(crate) struct Sweeper {
    grid: Grid,
    sweep: Sweep,
    /// The sides unions at the last sweep of the costlier tier.
    swept_at: u64,
    /// The undecided edges at the last connectivity check.
    connected_at: u32,
    /// Where the graph of uncrossed edges was found in one piece with the
    /// lines, while the board recorded, oldest first (see
    /// [`Sweeper::still_connected`]): after a trial or a backjump undoes
    /// the newest, an older one still serves.
    connected: Vec<Connected>,
    /// Whether the whole-board rules are connectivity alone, which
    /// [`Sweeper::still_connected`] may pass over.
    passes_over: bool,
    /// The faces the crossed edges join, made when first asked while the
    /// board records: what tells whether the crosses since such a point
    /// parted the uncrossed edges.
    crossings: Option<Crossings>,
    /// While the board records, the points it can go back to where the
    /// sweep's rules were idle everywhere, newest last (see
    /// [`Sweeper::scope_sweep`]).
    bases: Vec<Base>,
    /// The board's count of sides unions when the last run ended with every
    /// rule idle and the board not recording: the first base, if recording
    /// starts there.
    settled: Option<u64>,
    scope: Scope,
    /// Whether every rule is sound (not so for the statement's cases as
    /// written): then a fresh driver need visit only the cells near an
    /// undecided edge ([`Stage::near`]).
    sound: bool,
}

impl Propagator {
    /// A driver for `grid` of the full engine's rules of `mode`, with its
    /// stage, that will examine every locus on its first run.
    pub(crate) fn full(grid: Grid, mode: Mode) -> Propagator {
        let sound = mode != Mode::StatementAsWritten;
        let rules = RuleSet::full(mode);
        let stage = Sweeper {
            passes_over: only_connectivity(&rules),
            grid,
            sweep: NO_SWEEP,
            swept_at: u64::MAX,
            connected_at: u32::MAX,
            connected: Vec::new(),
            crossings: None,
            bases: Vec::new(),
            settled: None,
            scope: Scope::default(),
            sound,
        };
        Propagator::with(grid, rules, Some(Box::new(stage)))
    }

    /// Whether the rule table has the search's trial step (a
    /// [`Trigger::Stall`] row): probing, which the search runs itself.
    pub(crate) fn trials(&self) -> bool {
        self.rules.triggered(Trigger::Stall).next().is_some()
    }
}

/// Whether the whole-board rules run when all is idle are connectivity
/// alone (and some): what [`Sweeper::still_connected`] may pass over.
fn only_connectivity(rules: &RuleSet) -> bool {
    let connectivity = Reason::from(EngineRule::Connectivity);
    let mut idle = rules.triggered(Trigger::Idle).peekable();
    idle.peek().is_some() && idle.all(|r| r.reason == connectivity)
}

/// Marks the loci whose sides rules read sides node `node`: round a cell,
/// its four corners, itself and its neighbours; for the outside, every
/// locus on the border.
fn mark_loci_of(grid: Grid, node: u32, vertices: &mut Marks, cells: &mut Marks) {
    let mark = |marks: &mut Marks, i: u32| marks.set(i as usize);
    let (rows, cols) = (grid.rows(), grid.cols());
    if node as usize == grid.cell_count() {
        for c in 0..=cols {
            mark(vertices, grid.vertex(0, c).0);
            mark(vertices, grid.vertex(rows, c).0);
        }
        for r in 0..=rows {
            mark(vertices, grid.vertex(r, 0).0);
            mark(vertices, grid.vertex(r, cols).0);
        }
        for c in 0..cols {
            mark(cells, grid.cell(0, c).0);
            mark(cells, grid.cell(rows - 1, c).0);
        }
        for r in 0..rows {
            mark(cells, grid.cell(r, 0).0);
            mark(cells, grid.cell(r, cols - 1).0);
        }
        return;
    }
    let (r, c) = grid.cell_pos(Cell(node));
    for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        mark(vertices, grid.vertex(r + dr, c + dc).0);
    }
    mark(cells, node);
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        if let Some(n) = grid.neighbour(Cell(node), dr, dc) {
            mark(cells, n.0);
        }
    }
}

impl Stage for Sweeper {
    fn start(&mut self, board: &Board) {
        self.base_at_recording(board);
    }

    fn reset(&mut self, board: &Board) {
        self.connected_at = u32::MAX;
        self.sweep = NO_SWEEP;
        while self.bases.last().is_some_and(|b| b.mark > board.mark()) {
            self.bases.pop();
        }
    }

    fn near(&self, board: &Board) -> Option<Vec<bool>> {
        // The statement's cases as written are not sound: every cell.
        if !self.sound {
            return None;
        }
        undecided_near(board)
    }

    /// Sweeps the costlier tier, if a sweep is under way, up to the first
    /// locus where it changes something. Returns whether it changed anything
    /// (if not, the sweep is over). Loci with every edge decided are passed
    /// over: nothing is left to decide there, and a cell's site is not worth
    /// building.
    fn sweep(&mut self, rules: &RuleSet, board: &mut Board) -> Result<bool, Contradiction> {
        let grid = self.grid;
        let rows = rules.table();
        let sweep = |r: &&Run| r.trigger == Trigger::Sweep;
        let start = board.mark();
        let (vertices, cells) = (grid.vertex_count() as u32, grid.cell_count() as u32);
        while self.sweep.vertex < vertices {
            if !self.scope.whole {
                match self.scope.vertices.next(self.sweep.vertex as usize) {
                    Some(v) => self.sweep.vertex = v as u32,
                    None => break,
                }
            }
            let v = Vertex(self.sweep.vertex);
            self.sweep.vertex += 1;
            if board.vertex_unknown(v) == 0 {
                continue;
            }
            for rule in rows.iter().filter(sweep) {
                if let Apply::Vertex(f) = rule.apply {
                    board.tell_cause(Why::vertex(rule.reason, v));
                    f(board, v)?;
                }
            }
            if board.mark() != start {
                return Ok(true);
            }
        }
        while self.sweep.cell < cells {
            if !self.scope.whole {
                match self.scope.cells.next(self.sweep.cell as usize) {
                    Some(c) => self.sweep.cell = c as u32,
                    None => break,
                }
            }
            let cell = Cell(self.sweep.cell);
            self.sweep.cell += 1;
            if board.clue(cell).is_none() || board.cell_unknown(cell) == 0 {
                continue;
            }
            let site = Site::new(board, cell);
            for rule in rows
                .iter()
                .filter(sweep)
                .filter(|r| r.clues & (1 << site.clue) != 0)
            {
                if let Apply::Site(f) = rule.apply {
                    board.tell_cause(Why::cell(rule.reason, cell));
                    f(board, &site)?;
                }
            }
            if board.mark() != start {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// When every local rule is idle: starts a sweep of the costlier tier if
    /// the sides classes have grown since the last one, or else runs the
    /// connectivity check once per new state. Returns whether there is more to do.
    fn whole_board(&mut self, rules: &RuleSet, board: &mut Board) -> Result<bool, Contradiction> {
        let unknown = board.unknown_count();
        let sweeps = rules.triggered(Trigger::Sweep).next().is_some();
        if unknown == 0 {
            return Ok(false);
        }
        if sweeps {
            // Classes that cannot be made break the board: the sides
            // rules found it.
            board.tell_cause(Why::board(EngineRule::VertexSides));
            let sides = board.enable_sides()?;
            let unions = board.side_unions();
            if sides && unions != self.swept_at {
                self.swept_at = unions;
                self.sweep = Sweep { vertex: 0, cell: 0 };
                self.scope_sweep(board);
                return Ok(true);
            }
        }
        if unknown != self.connected_at {
            self.connected_at = unknown;
            if self.still_connected(board) {
                debug_assert!(
                    finds_nothing(board),
                    "connectivity passed over, with work to do"
                );
                // One piece here too: the next check reads from here.
                self.note_connected(board);
                return Ok(false);
            }
            let ran = on_board(rules, board, Trigger::Idle)?;
            self.note_connected(board);
            return Ok(ran);
        }
        Ok(false)
    }

    fn finished(&mut self, board: &Board, idle: bool) {
        // In debug builds, every cache the rules rely on is checked against
        // the edge states (the planted tests check it on every board they
        // solve).
        if cfg!(debug_assertions) {
            assert_eq!(board.check_caches(), Ok(()), "caches after propagation");
        }
        if idle {
            self.settle(board);
        }
    }

    #[cfg(test)]
    fn scoped(&self) -> bool {
        !self.scope.whole
    }
}

impl Sweeper {
    /// Chooses the loci the sweep about to start visits. Those whose cells'
    /// classes no union has changed since a base can find nothing new: they
    /// read only those classes (a decided edge's cells are always joined as
    /// it says), and at the base every one was idle. So with a base, the
    /// loci round the cells of every class a union since attached; with
    /// none, or with a log, whose `--explain` lists the steps in the whole
    /// sweep's order, every locus.
    fn scope_sweep(&mut self, board: &Board) {
        let (base, classes) = match (self.bases.last(), board.sides()) {
            (Some(base), Some(classes)) if !board.logging() => (*base, classes),
            _ => {
                self.scope.whole = true;
                return;
            }
        };
        let grid = self.grid;
        let Scope {
            whole,
            vertices,
            cells,
            nodes,
            stack,
        } = &mut self.scope;
        *whole = false;
        for (marks, len) in [
            (&mut *vertices, grid.vertex_count()),
            (&mut *cells, grid.cell_count()),
        ] {
            marks.fit(len);
            marks.clear();
        }
        let attached = board.joins_since(base.joins);
        classes.below_any(attached, nodes, stack, |node| {
            mark_loci_of(grid, node, vertices, cells)
        });
    }

    /// Notes a base where recording starts, if the last run left every rule
    /// idle there (its board's unions since are all on the trail).
    fn base_at_recording(&mut self, board: &Board) {
        if let Some(unions) = self.settled.take() {
            let since = board.side_unions().wrapping_sub(unions);
            if board.recording && self.bases.is_empty() && since == board.joins() as u64 {
                self.bases.push(Base { mark: 0, joins: 0 });
            }
        }
    }

    /// Whether the whole-board rules can be passed over because the
    /// uncrossed edges are still in one piece with the lines: they were at
    /// a point where connectivity last ran (the trail up to it unchanged
    /// since), and the edges crossed since parted off no piece but dots
    /// left bare ([`Crossings::one_piece_since`]). Connectivity, the only
    /// such rule, then finds nothing: every line, every clue that needs a
    /// line (by an undecided side, which `Board::set` keeps it) and every
    /// undecided edge is in that piece. On a search's long trails most
    /// checks end here, without a walk of the board (the walks were most of
    /// the learning search's time).
    fn still_connected(&mut self, board: &Board) -> bool {
        let undos = match board.undos_and_sides() {
            Some((undos, _)) if board.recording && self.passes_over => undos,
            _ => {
                self.crossings = None;
                return false;
            }
        };
        // The newest point whose trail no undo has cut into since.
        let kept = |at: &Connected| {
            let low = undos.lowest_since(at.undos);
            at.mark <= board.mark() && low.map_or(true, |low| low >= at.mark)
        };
        while self.connected.last().is_some_and(|at| !kept(at)) {
            self.connected.pop();
        }
        let at = match self.connected.last() {
            Some(at) => *at,
            None => return false,
        };
        let crossings = self.crossings.get_or_insert_with(|| Crossings::new(board));
        crossings.one_piece_since(board, at.mark)
    }

    /// After the whole-board rules ran without a contradiction: notes that
    /// the uncrossed edges are in one piece with the lines, if there are
    /// lines (connectivity does nothing without) and the board records.
    fn note_connected(&mut self, board: &Board) {
        let lines = board.segments > 0 || board.closed();
        let undos = match board.undos_and_sides() {
            Some((undos, _)) if lines && board.recording && self.passes_over => undos,
            _ => return,
        };
        let mark = board.mark();
        while self.connected.last().is_some_and(|at| at.mark >= mark) {
            self.connected.pop();
        }
        if self.connected.len() == MOST_BASES {
            self.connected.pop();
        }
        self.connected.push(Connected {
            mark,
            undos: undos.count(),
        });
    }

    /// At the end of a run with the sweep on, every rule is idle: while the
    /// board records, that is a base (unless no union has come since the
    /// last, which then serves as well); otherwise it may be the first.
    fn settle(&mut self, board: &Board) {
        if !board.recording {
            self.bases.clear();
            self.settled = Some(board.side_unions());
            return;
        }
        let base = Base {
            mark: board.mark(),
            joins: board.joins(),
        };
        let full = self.bases.len() == MOST_BASES;
        match self.bases.last_mut() {
            Some(last) if last.joins == base.joins => {}
            Some(last) if full => *last = base,
            _ => self.bases.push(base),
        }
    }
}

/// Which cells have an undecided edge on a cell at most two rows and two
/// columns away: a cell's rules read the edges at its corners and set
/// none beyond the far corner of a diagonal neighbour, so elsewhere,
/// with every such edge decided (and the counts `Board::set` checks
/// holding), sound rules can neither decide nor contradict anything. A
/// board mostly given, as the generator's windows are, then visits only
/// the cells near what is left. `None`, every cell, when no edge is
/// decided yet.
pub(crate) fn undecided_near(board: &Board) -> Option<Vec<bool>> {
    let grid = *board.grid();
    if board.unknown_count() as usize == grid.edge_count() {
        return None;
    }
    let (rows, cols) = (grid.rows() as usize, grid.cols() as usize);
    let reach = |at: usize, len: usize| at.saturating_sub(2)..(at + 3).min(len);
    // Spread along the rows, then along the columns.
    let mut along_rows = vec![false; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            if board.cell_unknown(Cell((r * cols + c) as u32)) > 0 {
                along_rows[r * cols..][reach(c, cols)].fill(true);
            }
        }
    }
    let mut near = vec![false; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            if along_rows[r * cols + c] {
                for row in reach(r, rows) {
                    near[row * cols + c] = true;
                }
            }
        }
    }
    Some(near)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Decision, Log};
    use crate::shared::restarts::SplitMix;
    use crate::slink::board::EdgeState;
    use crate::slink::grid::Edge;

    /// A log that keeps nothing: a board with a log is swept whole.
    struct Quiet;

    impl Log for Quiet {
        fn decided(&mut self, _: &Decision) {}
        fn stalled(&mut self, _: &Board) {}
        fn restarted(&mut self, _: &str) {}
    }

    /// One board swept only where classes changed, one swept whole (it has a
    /// log), driven alike.
    struct Pair {
        boards: [Board; 2],
        drivers: [Propagator; 2],
    }

    impl Pair {
        /// Sets `edge` on both boards and runs both drivers: whether the
        /// boards held, the same on both, as are their edges.
        fn try_set(&mut self, edge: Edge, value: EdgeState) -> bool {
            let held: Vec<bool> = (0..2)
                .map(|i| {
                    let board = &mut self.boards[i];
                    board.set(edge, value).is_ok() && self.drivers[i].run(board).is_ok()
                })
                .collect();
            assert_eq!(held[0], held[1], "{edge:?} {value:?}");
            if held[0] {
                assert_eq!(self.boards[0].states(), self.boards[1].states());
            }
            held[0]
        }

        fn undo_to(&mut self, mark: usize) {
            for (board, driver) in self.boards.iter_mut().zip(&mut self.drivers) {
                board.undo_to(mark);
                driver.reset(board);
            }
        }
    }

    /// Trials of both values of every undecided edge, with the sweep on,
    /// deciding the other value where one fails (as probing does, so bases
    /// pile up), on sparsely clued puzzles: the sweeps of the loci whose
    /// classes changed since a base end where sweeps of every locus do.
    #[test]
    #[ignore = "long sweep: .ci/run runs it with --ignored"]
    fn sweeps_where_classes_changed_end_where_whole_sweeps_do() {
        let mut rng = SplitMix(11);
        let mut scoped = 0;
        for _ in 0..60 {
            let (rows, cols) = (3 + rng.below(6) as u32, 3 + rng.below(6) as u32);
            let (mut puzzle, _) = crate::generate::planted(&mut rng, rows, cols);
            for clue in &mut puzzle.clues {
                if rng.below(3) != 0 {
                    *clue = None;
                }
            }
            let grid = puzzle.grid();
            let board = || Board::new(grid, &puzzle.clues);
            let mut pair = Pair {
                boards: [board(), board()],
                drivers: [
                    Propagator::full(grid, Mode::Full),
                    Propagator::full(grid, Mode::Full),
                ],
            };
            pair.boards[1].start_log(Box::new(Quiet));
            let fresh: Vec<bool> = (0..2)
                .map(|i| pair.drivers[i].run(&mut pair.boards[i]).is_ok())
                .collect();
            assert_eq!(fresh, [true, true]);
            for board in &mut pair.boards {
                board.start_recording();
            }
            'passes: for _ in 0..2 {
                for e in 0..grid.edge_count() as u32 {
                    for value in [EdgeState::Line, EdgeState::Cross] {
                        let edge = Edge(e);
                        if !pair.boards[0].is_unknown(edge) {
                            continue;
                        }
                        let mark = pair.boards[0].mark();
                        let held = pair.try_set(edge, value);
                        scoped += usize::from(pair.drivers[0].scoped());
                        assert!(!pair.drivers[1].scoped());
                        pair.undo_to(mark);
                        if !held && !pair.try_set(edge, value.opposite()) {
                            break 'passes;
                        }
                    }
                }
            }
        }
        // The scoped sweeps were the ones compared, most of the time.
        assert!(scoped > 1000, "{scoped}");
    }
}
