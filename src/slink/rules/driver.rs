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
//! nothing farther away (see [`crate::slink::rules`], whose test checks it), so when
//! both are idle no rule can fire anywhere, and reaching the fixed point costs
//! time linear in the number of changes. (The counting cases wait for the cell's
//! turn, rather than running at each edge, so that `--explain` lists the steps in
//! the order it always has.)
//!
//! When the loop has closed, the whole-board row crossing everything else
//! runs. The full engine adds the rest through one seam ([`Stage`]): when
//! everything local is idle, its costlier tier (inside/outside, swept over
//! the board) and its whole-board rules (connectivity), and the bookkeeping
//! they need at the start and end of a run ([`crate::engine::sweep`]). Judge
//! files have no stage.

use std::collections::VecDeque;

use crate::slink::board::{Board, Contradiction};
use crate::slink::grid::{Cell, Grid, Vertex};
use crate::slink::reason::Why;
use crate::slink::rules::{Apply, Mode, RuleSet, Run, Site, Trigger};

/// In `Propagator::listed`: a clued cell not on the list. (A blank cell stays
/// 0, never written: on a blank grid the array is never touched.)
const CLUED: u8 = 1;
/// In `Propagator::listed`: a clued cell on the list.
const LISTED: u8 = 2;

/// What the full engine adds to the driver: a costlier tier swept when the
/// local rules are idle, whole-board rules, and what they need to know of a
/// run's start and end. Judge files have no stage.
pub(crate) trait Stage {
    /// A run starts on `board`.
    fn start(&mut self, board: &Board);
    /// The board is a fixed point again, at its mark (after a backtrack).
    fn reset(&mut self, board: &Board);
    /// The cells a fresh driver must visit, if not every one.
    fn near(&self, board: &Board) -> Option<Vec<bool>>;
    /// With the local rules idle: the costlier tier up to its first
    /// change. Whether it changed anything.
    fn sweep(&mut self, rules: &RuleSet, board: &mut Board) -> Result<bool, Contradiction>;
    /// With every other rule idle, in a full run (see
    /// [`Propagator::set_sweeping`]): the whole-board rules. Whether there
    /// is more to do.
    fn whole_board(&mut self, rules: &RuleSet, board: &mut Board) -> Result<bool, Contradiction>;
    /// A full run ends, every edge decided or (`idle`) every rule idle.
    fn finished(&mut self, board: &Board, idle: bool);
    /// Whether the last sweep visited only some loci (tests compare it).
    #[cfg(test)]
    fn scoped(&self) -> bool;
}

/// Runs a rule set to its fixed point on boards of one grid.
pub struct Propagator {
    pub(crate) rules: RuleSet,
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
    /// What the full engine adds, if anything.
    stage: Option<Box<dyn Stage>>,
}

impl Propagator {
    /// A driver of the core's rules of `mode` for `grid` that will examine
    /// every locus on its first run.
    pub fn new(grid: Grid, mode: Mode) -> Propagator {
        Propagator::with(grid, RuleSet::new(mode), None)
    }

    /// A driver of `rules` and `stage` for `grid` that will examine every
    /// locus on its first run.
    pub(crate) fn with(grid: Grid, rules: RuleSet, stage: Option<Box<dyn Stage>>) -> Propagator {
        let cells = grid.cell_count();
        Propagator {
            rules,
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
            stage,
        }
    }

    /// Whether to end with a sweep of the costlier tier over the whole board
    /// whenever the sides classes have grown since the last sweep. Those rules read
    /// classes that can change far from any edge, so only a sweep reaches a true
    /// fixed point; probing turns it off for speed.
    pub(crate) fn set_sweeping(&mut self, on: bool) {
        self.sweeping = on;
    }

    /// Whether its runs end with the sweep and the whole-board rules (see
    /// [`Propagator::set_sweeping`]); if not, they read only what is near
    /// their changes.
    pub(crate) fn sweeping(&self) -> bool {
        self.sweeping
    }

    /// Forgets the queues and the board's pending changes (after a backtrack
    /// the restored board is a fixed point again).
    pub(crate) fn reset(&mut self, board: &mut Board) {
        if let Some(stage) = &mut self.stage {
            stage.reset(board);
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
        if let Some(stage) = &mut self.stage {
            stage.start(board);
        }
        if self.fresh {
            self.fresh = false;
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
                self.finished(board, false);
                return Ok(());
            }
            if self.read_trail::<TRACK>(board)? {
                continue;
            }
            if let Some(c) = self.cells.pop_front() {
                self.listed[c as usize] = CLUED;
                let cell = Cell(c);
                let clue = board.clue(cell).unwrap_or(4);
                match self.rules.beyond(clue) {
                    Some(beyond) if settled(board, cell) => {
                        if !beyond.is_empty() {
                            at_cell::<TRACK>(beyond, board, cell)?;
                        }
                    }
                    _ => at_cell::<TRACK>(self.rules.cell(clue), board, cell)?,
                }
                continue;
            }
            if let Some(stage) = &mut self.stage {
                if stage.sweep(&self.rules, board)? {
                    continue;
                }
            }
            if board.closed() && on_board(&self.rules, board, Trigger::Closed)? {
                continue;
            }
            // (Probing's cheap runs, not sweeping, run no whole-board rule.)
            if let (Some(stage), true) = (&mut self.stage, self.sweeping) {
                if stage.whole_board(&self.rules, board)? {
                    continue;
                }
            }
            self.finished(board, true);
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

    /// Marks every clued cell dirty (of those the stage says a rule can
    /// fire near, if it says: see [`Stage::near`]) and runs the vertex
    /// rules at every vertex: a fresh driver knows nothing of the board.
    /// (The cells first, so that a vertex rule failing leaves none of them
    /// unlisted for good. Kept out of `run`: inlined there, it changed how
    /// the hot loop compiles, 1.6% more instructions on 20×20 Slink puzzles.)
    #[inline(never)]
    fn visit_everything<const TRACK: bool>(
        &mut self,
        board: &mut Board,
    ) -> Result<(), Contradiction> {
        let near = self.stage.as_ref().and_then(|stage| stage.near(board));
        for c in 0..self.grid.cell_count() as u32 {
            if near.as_ref().map_or(true, |near| near[c as usize]) {
                self.mark_dirty(board, Cell(c));
            }
        }
        // On a board with nothing decided, every dot has no line and two or
        // more undecided edges (at least two of its edges are on the grid),
        // where the table may have no vertex rule to run: then the pass
        // over the dots would find nothing.
        if board.unknown_count() as usize == self.grid.edge_count()
            && self.rules.idle_at_blank_dots()
        {
            return Ok(());
        }
        for v in 0..self.grid.vertex_count() as u32 {
            self.at_vertex::<TRACK>(board, Vertex(v))?;
        }
        Ok(())
    }

    /// Treats the changes the board holds as read: a fresh driver is about
    /// to run every rule everywhere after them.
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

    /// Ends a run: the stage hears of a full one (not of the many cheap
    /// ones of probing).
    fn finished(&mut self, board: &Board, idle: bool) {
        if let (Some(stage), true) = (&mut self.stage, self.sweeping) {
            stage.finished(board, idle);
        }
    }

    /// Whether the last sweep of the stage visited only some loci.
    #[cfg(test)]
    pub(crate) fn scoped(&self) -> bool {
        self.stage.as_ref().map_or(false, |stage| stage.scoped())
    }
}

/// Runs the whole-board rules of `trigger`; returns whether there were any.
pub(crate) fn on_board(
    rules: &RuleSet,
    board: &mut Board,
    trigger: Trigger,
) -> Result<bool, Contradiction> {
    let mut any = false;
    for rule in rules.triggered(trigger) {
        if let Apply::Board(f) = rule.apply {
            board.tell_cause(Why::board(rule.reason));
            f(board)?;
            any = true;
        }
    }
    Ok(any)
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
pub(crate) mod tests {
    use super::*;
    use crate::slink::board::EdgeState;

    /// Every mode, for the tests that hold of each mode's table.
    pub(crate) const MODES: [Mode; 4] = [
        Mode::Full,
        Mode::Statement,
        Mode::StatementAsWritten,
        Mode::Loops,
    ];

    /// `visit_everything` passes over the dots of a board with nothing
    /// decided when the table lists no vertex rule for their counts. `rules`
    /// says so, and every vertex rule of it, run at every dot of such boards
    /// (the thinnest grids included), indeed decides nothing there. The
    /// engine's tables are checked with it too.
    pub(crate) fn assert_idle_at_blank_dots(rules: &RuleSet, mode: Mode) {
        assert!(rules.idle_at_blank_dots(), "{:?}", mode);
        for (rows, cols) in [(1, 1), (1, 4), (4, 1), (2, 2), (3, 5)] {
            let grid = Grid::new(rows, cols);
            let clues = vec![Some(2); grid.cell_count()];
            let mut board = Board::new(grid, &clues);
            for rule in rules.triggered(Trigger::Vertex) {
                for v in 0..grid.vertex_count() as u32 {
                    match rule.apply {
                        Apply::Vertex(f) => f(&mut board, Vertex(v)).unwrap(),
                        _ => panic!("a vertex rule applied elsewhere"),
                    }
                }
            }
            let decided = board.states().iter().filter(|&&s| s != EdgeState::Unknown);
            assert_eq!(decided.count(), 0, "{:?} {}x{}", mode, rows, cols);
        }
    }

    /// `at_cell` makes no site for a 0: no table may give a 0 a pattern
    /// rule, and every other clue has one (or the site would be made for
    /// nothing). The engine's tables are checked with it too.
    pub(crate) fn assert_patterns_only_beyond_0(rules: &RuleSet, mode: Mode) {
        for clue in 0..=3 {
            let patterns = rules.cell(clue).iter();
            let patterns = patterns.filter(|r| matches!(r.apply, Apply::Site(_)));
            assert_eq!(patterns.count() > 0, clue > 0, "{:?}, clue {}", mode, clue);
        }
    }

    /// The core's own table of each mode is idle at blank dots.
    #[test]
    fn no_vertex_rule_fires_on_a_board_with_nothing_decided() {
        for mode in MODES {
            assert_idle_at_blank_dots(&RuleSet::new(mode), mode);
        }
    }

    /// The core's own table of each mode gives pattern rules to every clue
    /// but 0.
    #[test]
    fn only_clues_other_than_0_have_pattern_rules() {
        for mode in MODES {
            assert_patterns_only_beyond_0(&RuleSet::new(mode), mode);
        }
    }
}
