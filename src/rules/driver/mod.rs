//! The fixed-point driver: applies the rules of a [`RuleSet`] until nothing
//! changes.
//!
//! The board's trail is the queue. Every change `Board::set` makes is appended
//! to it, and the driver reads it from its own head index, in order. For each
//! changed edge it runs the vertex rules (cases 8–10 and the premature loop) at
//! both its ends, those whose counts (lines, undecided) can fire, from the
//! table's list for those counts (at more than half the visits, none).
//! The changed edge also marks the clued cells around its
//! ends (the up to six cells whose rules can read it) dirty. Only when the
//! trail is read to its end does the driver take a dirty cell and run its
//! clue's rules, the counting cases (1–5) and the patterns (cases 6, 7,
//! 11–17), on one view of the cell ([`Site`], made only where a pattern rule
//! will read it: not for a 0): blank cells are never visited,
//! and a cell is visited once for any number of changes around it. Rules read
//! nothing farther away (see [`crate::rules`], whose test checks it), so when
//! both are idle no rule can fire anywhere, and reaching the fixed point costs
//! time linear in the number of changes. (The counting cases wait for the cell's
//! turn, rather than running at each edge, so that `--explain` lists the steps in
//! the order it always has.)
//!
//! The costlier tier (inside/outside) reads classes that a union can change
//! anywhere, so no local queue could reach its fixed point: it is swept over the
//! whole board whenever everything local is idle and the classes have grown since
//! the last sweep (a sweep is a cursor over every vertex, then every cell, so it
//! needs no list). Under search and trials, where the board records, a sweep
//! from a point where every rule was idle visits only the loci round the
//! classes the unions since have attached, found by one walk up from each
//! node (see [`Propagator::scope_sweep`]). Last come the whole-board rows:
//! when the loop has closed, crossing everything else; when all is idle, the
//! connectivity check, once per new state.

mod sweep;

use std::collections::VecDeque;

use crate::board::{Board, Contradiction};
use crate::grid::{Cell, Edge, Grid, Vertex};
use crate::reason::{Locus, Reason, Why};
use crate::rules::extra::EngineRule;
use crate::rules::{Apply, Mode, RuleSet, Run, Site, Trigger};
use sweep::{Base, Scope, Sweep};

/// Where propagation found the board impossible: what the tutor and
/// `--rules-only` tell of a contradiction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Failure {
    /// The rule that made the impossible change.
    pub(crate) reason: Reason,
    /// Where it fired.
    pub(crate) at: Locus,
    /// The edge it could not set.
    pub(crate) edge: Edge,
}

impl Failure {
    /// The failure `c`, just found on `board`: by the rule or step the board
    /// was told of last ([`Board::tell_cause`]).
    pub(crate) fn of(board: &Board, c: Contradiction) -> Failure {
        // The driver and the search tell the cause before each rule and
        // step, so a contradiction always has one; a board that never
        // changed is taken as broken by its givens.
        let why = board
            .cause()
            .unwrap_or(Why::board(crate::rules::book::Rule::Guess));
        Failure {
            reason: why.reason,
            at: why.at,
            edge: c.edge,
        }
    }
}

/// In `Propagator::listed`: a clued cell not on the list. (A blank cell stays
/// 0, never written: on a blank grid the array is never touched.)
const CLUED: u8 = 1;
/// In `Propagator::listed`: a clued cell on the list.
const LISTED: u8 = 2;

/// Runs a rule set to its fixed point on boards of one grid.
pub struct Propagator {
    rules: RuleSet,
    grid: Grid,
    /// The next trail entry to read.
    head: usize,
    /// Whether the rules still have to visit every vertex and clued cell (a
    /// fresh driver: the board may hold changes it has not seen).
    fresh: bool,
    /// Clued cells whose rules have not seen their latest change, in
    /// order, each at most once; `listed` says, per cell, whether it is clued
    /// ([`CLUED`]) and listed ([`LISTED`]).
    cells: VecDeque<u32>,
    listed: Vec<u8>,
    /// Path ends taken from the board, to run the vertex rules at.
    ends: Vec<Vertex>,
    sweeping: bool,
    #[cfg(not(judge))]
    sweep: Sweep,
    /// The sides unions at the last sweep of the costlier tier.
    #[cfg(not(judge))]
    swept_at: u64,
    /// The undecided edges at the last connectivity check.
    #[cfg(not(judge))]
    connected_at: u32,
    /// While the board records, the points it can go back to where the
    /// sweep's rules were idle everywhere, newest last (see
    /// [`Propagator::scope_sweep`]).
    #[cfg(not(judge))]
    bases: Vec<Base>,
    /// The board's count of sides unions when the last run ended with every
    /// rule idle and the board not recording: the first base, if recording
    /// starts there.
    #[cfg(not(judge))]
    settled: Option<u64>,
    #[cfg(not(judge))]
    scope: Scope,
    /// Whether every rule is sound (not so for the statement's cases as
    /// written): then a settled cell's rules can find nothing (see
    /// [`settled`]) and are not run.
    #[cfg(not(judge))]
    sound: bool,
}

impl Propagator {
    /// A driver for `grid` that will examine every locus on its first run.
    pub fn new(grid: Grid, mode: Mode) -> Propagator {
        let cells = grid.cell_count();
        Propagator {
            rules: RuleSet::new(mode),
            grid,
            head: 0,
            fresh: true,
            // Each cell is listed at most once, so `cells` entries are room
            // enough; reserved exactly, not grown by doubling (every clued cell
            // is listed at the start, and on a large grid the slack would cost
            // megabytes).
            cells: VecDeque::with_capacity(cells),
            listed: vec![0; cells],
            ends: Vec::new(),
            sweeping: true,
            #[cfg(not(judge))]
            sweep: Sweep {
                vertex: u32::MAX,
                cell: u32::MAX,
            },
            #[cfg(not(judge))]
            swept_at: u64::MAX,
            #[cfg(not(judge))]
            connected_at: u32::MAX,
            #[cfg(not(judge))]
            bases: Vec::new(),
            #[cfg(not(judge))]
            settled: None,
            #[cfg(not(judge))]
            scope: Scope::default(),
            #[cfg(not(judge))]
            sound: mode != Mode::StatementAsWritten,
        }
    }

    /// Whether the rule table has the search's trial step (a
    /// [`Trigger::Stall`] row): probing, which the search runs itself.
    #[cfg(not(judge))]
    pub(crate) fn trials(&self) -> bool {
        self.rules.triggered(Trigger::Stall).next().is_some()
    }

    /// Whether to end with a sweep of the costlier tier over the whole board
    /// whenever the sides classes have grown since the last sweep. Those rules read
    /// classes that can change far from any edge, so only a sweep reaches a true
    /// fixed point; probing turns it off for speed.
    pub(crate) fn set_sweeping(&mut self, on: bool) {
        self.sweeping = on;
    }

    /// Forgets the queues and the board's pending changes (after a backtrack
    /// the restored board is a fixed point again).
    pub(crate) fn reset(&mut self, board: &mut Board) {
        #[cfg(not(judge))]
        {
            self.connected_at = u32::MAX;
            self.sweep = Sweep {
                vertex: u32::MAX,
                cell: u32::MAX,
            };
            while self.bases.last().map_or(false, |b| b.mark > board.mark()) {
                self.bases.pop();
            }
        }
        while let Some(c) = self.cells.pop_front() {
            self.listed[c as usize] = CLUED;
        }
        board.clear_changes();
        self.ends.clear();
        self.head = board.mark();
    }

    /// Applies the rules until none fires, or returns the contradiction the
    /// board broke at (the board's cause then names the rule that found it,
    /// when it keeps causes: [`Board::tracks`]).
    pub fn run(&mut self, board: &mut Board) -> Result<(), Contradiction> {
        // The loop is made twice: telling the board which rule runs where
        // costs 1% of the instructions, paid only when someone listens.
        if board.tracks() {
            return self.run_as::<true>(board);
        }
        self.run_as::<false>(board)
    }

    /// [`Propagator::run`], telling the board each rule's cause if `TRACK`.
    fn run_as<const TRACK: bool>(&mut self, board: &mut Board) -> Result<(), Contradiction> {
        #[cfg(not(judge))]
        self.base_at_recording(board);
        if self.fresh {
            self.fresh = false;
            #[cfg(not(judge))]
            self.pass_over_changes(board);
            self.visit_everything::<TRACK>(board)?;
        }
        loop {
            if board.unknown_count() == 0 {
                // Every edge is decided and `Board::set` has checked each clue
                // and vertex on the way: nothing is left for any rule, and the
                // changes need no reading (after the loop closes they can be
                // most of the board).
                self.reset(board);
                self.debug_check(board);
                return Ok(());
            }
            if self.read_trail::<TRACK>(board)? {
                continue;
            }
            if let Some(c) = self.cells.pop_front() {
                self.listed[c as usize] = CLUED;
                #[cfg(not(judge))]
                if self.sound && settled(board, Cell(c)) {
                    self.at_settled_cell::<TRACK>(board, Cell(c))?;
                    continue;
                }
                let cell = Cell(c);
                at_cell::<TRACK>(self.rules.cell(board.clue(cell).unwrap_or(4)), board, cell)?;
                continue;
            }
            if self.sweep_step(board)? {
                continue;
            }
            if board.closed() && self.on_board(board, Trigger::Closed)? {
                continue;
            }
            if self.whole_board(board)? {
                continue;
            }
            self.debug_check(board);
            #[cfg(not(judge))]
            self.settle(board);
            return Ok(());
        }
    }

    /// Runs the vertex rules for every change on the trail not read yet, and
    /// marks the clued cells around each one dirty. Returns whether there was
    /// any.
    fn read_trail<const TRACK: bool>(&mut self, board: &mut Board) -> Result<bool, Contradiction> {
        if self.head == board.mark() {
            // Nothing new: no change on the trail, so no path end rejoined.
            return Ok(false);
        }
        let grid = self.grid;
        let mut read = false;
        loop {
            // The changes so far, then the path ends they rejoined; what the
            // rules set meanwhile is read on the next round.
            let end = board.mark();
            if self.head == end {
                break;
            }
            read = true;
            board.take_joined(&mut self.ends);
            while self.head < end {
                let e = board.changed_edge(self.head);
                self.head += 1;
                for v in grid.edge_vertices(e) {
                    self.at_vertex::<TRACK>(board, v)?;
                }
                let (listed, cells) = (&mut self.listed, &mut self.cells);
                grid.cells_near_edge(e, |cell| {
                    let slot = &mut listed[cell.0 as usize];
                    if *slot == CLUED {
                        *slot = LISTED;
                        cells.push_back(cell.0);
                    }
                });
            }
            for i in 0..self.ends.len() {
                self.at_vertex::<TRACK>(board, self.ends[i])?;
            }
            self.ends.clear();
        }
        board.clear_changes();
        self.head = board.mark();
        Ok(read)
    }

    /// Marks every clued cell dirty and runs the vertex rules at every vertex:
    /// a fresh driver knows nothing of the board. (The cells first, so that a
    /// vertex rule failing leaves none of them unlisted for good.)
    #[cfg(judge)]
    fn visit_everything<const TRACK: bool>(
        &mut self,
        board: &mut Board,
    ) -> Result<(), Contradiction> {
        for c in 0..self.grid.cell_count() as u32 {
            self.mark_dirty(board, Cell(c));
        }
        for v in 0..self.grid.vertex_count() as u32 {
            self.at_vertex::<TRACK>(board, Vertex(v))?;
        }
        Ok(())
    }

    /// As in judge files, but of the clued cells only those near an undecided
    /// edge, where a rule can fire (see [`Propagator::undecided_near`]).
    /// (Kept out of `run`: inlined there, it changed how the hot loop
    /// compiles, 1.6% more instructions on 20×20 Slink puzzles.)
    #[cfg(not(judge))]
    #[inline(never)]
    fn visit_everything<const TRACK: bool>(
        &mut self,
        board: &mut Board,
    ) -> Result<(), Contradiction> {
        let cells = 0..self.grid.cell_count() as u32;
        match self.undecided_near(board) {
            Some(near) => {
                for c in cells.filter(|&c| near[c as usize]) {
                    self.mark_dirty(board, Cell(c));
                }
            }
            None => {
                for c in cells {
                    self.mark_dirty(board, Cell(c));
                }
            }
        }
        for v in 0..self.grid.vertex_count() as u32 {
            self.at_vertex::<TRACK>(board, Vertex(v))?;
        }
        Ok(())
    }

    /// Which cells have an undecided edge on a cell at most two rows and two
    /// columns away: a cell's rules read the edges at its corners and set
    /// none beyond the far corner of a diagonal neighbour, so elsewhere,
    /// with every such edge decided (and the counts `Board::set` checks
    /// holding), sound rules can neither decide nor contradict anything. A
    /// board mostly given, as the generator's windows are, then visits only
    /// the cells near what is left. `None`, every cell, when no edge is
    /// decided yet or the rules are the statement's as written.
    pub(super) fn undecided_near(&self, board: &Board) -> Option<Vec<bool>> {
        if !self.sound || board.unknown_count() as usize == self.grid.edge_count() {
            return None;
        }
        let (rows, cols) = (self.grid.rows() as usize, self.grid.cols() as usize);
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

    /// Treats the changes the board holds as read: a fresh driver is about
    /// to run every rule everywhere after them. (Judge files always start
    /// from a board with none.)
    fn pass_over_changes(&mut self, board: &mut Board) {
        board.take_joined(&mut self.ends);
        self.ends.clear();
        self.head = board.mark();
    }

    fn mark_dirty(&mut self, board: &Board, cell: Cell) {
        let slot = &mut self.listed[cell.0 as usize];
        if board.clue(cell).is_some() && *slot != LISTED {
            *slot = LISTED;
            self.cells.push_back(cell.0);
        }
    }

    /// The vertex rules at `v`: none can fire where no edge is undecided.
    fn at_vertex<const TRACK: bool>(
        &mut self,
        board: &mut Board,
        v: Vertex,
    ) -> Result<(), Contradiction> {
        let undecided = board.vertex_unknown(v);
        if undecided == 0 {
            return Ok(());
        }
        for rule in self.rules.vertex(board.vertex_lines(v), undecided) {
            if let Apply::Vertex(f) = rule.apply {
                if TRACK {
                    board.tell_cause(Why::vertex(rule.reason, v));
                }
                f(board, v)?;
            }
        }
        Ok(())
    }

    /// The rules at a settled cell (see [`settled`]): only those of two clues
    /// ([`RuleSet::beyond`]), which set edges beyond the cell's corners; the
    /// rest can do nothing there.
    fn at_settled_cell<const TRACK: bool>(
        &mut self,
        board: &mut Board,
        cell: Cell,
    ) -> Result<(), Contradiction> {
        let rules = self.rules.beyond(board.clue(cell).unwrap_or(4));
        if rules.is_empty() {
            return Ok(());
        }
        at_cell::<TRACK>(rules, board, cell)
    }

    /// Runs the whole-board rules of `trigger`; returns whether there were any.
    fn on_board(&mut self, board: &mut Board, trigger: Trigger) -> Result<bool, Contradiction> {
        let mut any = false;
        for rule in self.rules.triggered(trigger) {
            if let Apply::Board(f) = rule.apply {
                board.tell_cause(Why::board(rule.reason));
                f(board)?;
                any = true;
            }
        }
        Ok(any)
    }

    /// Judge files have no costlier tier.
    #[cfg(judge)]
    fn sweep_step(&mut self, _board: &mut Board) -> Result<bool, Contradiction> {
        Ok(false)
    }

    /// In debug builds, checks every cache the rules rely on against the edge
    /// states ([`Board::check_caches`]) after a full propagation (not after the
    /// many cheap ones of probing, which would make debug runs crawl).
    #[cfg(not(judge))]
    fn debug_check(&self, board: &Board) {
        if cfg!(debug_assertions) && self.sweeping {
            assert_eq!(board.check_caches(), Ok(()), "caches after propagation");
        }
    }

    /// Judge files make no debug checks.
    #[cfg(judge)]
    fn debug_check(&self, _board: &Board) {}

    /// Judge files leave the whole-board reasoning out, for size: search
    /// finishes whatever the local rules leave.
    #[cfg(judge)]
    fn whole_board(&mut self, _board: &mut Board) -> Result<bool, Contradiction> {
        Ok(false)
    }
}

/// Whether every edge a rule at `cell` reads, at its four corners, is
/// decided. A sound rule there that sets only edges at those corners can then
/// neither decide anything nor find a contradiction: `Board::set` has checked
/// that the clue has its number of lines and each corner none or two, and the
/// rule follows from those. (The rules of two clues set edges of the other
/// cell too, and still run.)
pub(crate) fn settled(board: &Board, cell: Cell) -> bool {
    if board.cell_unknown(cell) != 0 {
        return false;
    }
    let grid = board.grid();
    let (r, c) = grid.cell_pos(cell);
    let first = grid.vertex(r, c).0;
    let below = first + grid.cols() + 1;
    [first, first + 1, below, below + 1]
        .into_iter()
        .all(|v| board.vertex_unknown(Vertex(v)) == 0)
}

/// Runs the cell rules `rules` at `cell`, in order: the counting rules read
/// its counts, the pattern rules its site, which is made only for a clue other
/// than 0 (no pattern rule fires on a 0, as a test checks: most cells of the
/// benchmark's random puzzles are 0s, and a site costs a hundred
/// instructions). Always inlined: called apart, it cost the janko set 1% more.
#[inline(always)]
fn at_cell<const TRACK: bool>(
    rules: &[Run],
    board: &mut Board,
    cell: Cell,
) -> Result<(), Contradiction> {
    let site = (board.clue(cell) != Some(0)).then(|| Site::new(board, cell));
    for rule in rules {
        if TRACK {
            board.tell_cause(Why::cell(rule.reason, cell));
        }
        match (rule.apply, &site) {
            (Apply::Clue(f), _) => f(board, cell),
            (Apply::Site(f), Some(site)) => f(board, site),
            // No pattern rule fires on a 0 (see above); the other kinds
            // run elsewhere.
            (Apply::Site(_), None) | (Apply::Vertex(_) | Apply::Board(_) | Apply::Search, _) => {
                Ok(())
            }
        }?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::EdgeState;
    use crate::engine::{Decision, Log};
    use crate::restarts::SplitMix;

    /// `at_cell` makes no site for a 0: no mode may give a 0 a pattern rule,
    /// and every other clue has one (or the site would be made for nothing).
    #[test]
    fn only_clues_other_than_0_have_pattern_rules() {
        let modes = [
            Mode::Full,
            Mode::Statement,
            Mode::StatementAsWritten,
            Mode::Loops,
        ];
        for mode in modes {
            let rules = RuleSet::new(mode);
            for clue in 0..=3 {
                let patterns = rules.cell(clue).iter();
                let patterns = patterns.filter(|r| matches!(r.apply, Apply::Site(_)));
                assert_eq!(patterns.count() > 0, clue > 0, "{mode:?}, clue {clue}");
            }
        }
    }

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
                    Propagator::new(grid, Mode::Full),
                    Propagator::new(grid, Mode::Full),
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
                        scoped += usize::from(!pair.drivers[0].scope.whole);
                        assert!(pair.drivers[1].scope.whole);
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
