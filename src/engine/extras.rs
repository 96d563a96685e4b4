//! What the full engine attaches to a board ([`Attached`]): the
//! inside/outside classes, the `--explain` log, the causes of the changes
//! being made and the record of undos ([`Undos`]), in one [`Extras`] made
//! when first needed; and [`EngineBoard`], the engine's verbs on a board,
//! implemented once for [`Board`] here. The board tells the extras of every
//! change and undo; the rest of the engine reaches them only through those
//! verbs, and the verbs through [`extras`] and [`extras_mut`], private to
//! this file: the only downcasts of what a board has attached. The verbs
//! that need none of it hand the work to the file that owns it:
//! [`super::sides`] makes the classes, [`super::given`] loads given edges,
//! [`super::audit`] checks the caches. The log's own types are
//! [`crate::engine::log`]'s, which needs nothing from here.

use std::any::Any;

use super::log::{Log, Logging};
use crate::engine::classes::{Classes, Joined};
use crate::slink::board::{Attached, Board, Contradiction, EdgeState};
use crate::slink::grid::{Cell, Edge};
use crate::slink::reason::Why;

/// The full engine's state beside a board's edges.
struct Extras {
    /// The inside/outside classes, made only when a rule first needs them
    /// ([`EngineBoard::enable_sides`]): most puzzles finish without.
    sides: Option<Classes>,
    /// The sides node of the outside (the cells are the others).
    outside: u32,
    /// While recording, the sides classes attached by each union, in order,
    /// and the trail entry of the change that made each.
    unions: Vec<u32>,
    union_entries: Vec<u32>,
    log: Option<Logging>,
    /// Whether to keep causes without a log.
    keep_causes: bool,
    /// While the board records, the cause of each trail entry, if kept
    /// ([`EngineBoard::keep_trail_causes`]): the learning search's reasons.
    causes: Option<Vec<Option<Why>>>,
    /// The undos the board has made since this was attached.
    undos: Undos,
}

/// The undos a board has made since the engine's state was attached: how
/// many, and of them, newest last, each (its number, the mark it went back
/// to) that went lower than every one after it: the lowest mark gone back
/// to since any undo is found among them ([`Undos::lowest_since`]).
/// Probing's memory of trials reads it ([`EngineBoard::undos_and_sides`]).
#[derive(Default)]
pub(crate) struct Undos {
    count: u64,
    low: Vec<(u64, u32)>,
}

impl Undos {
    /// How many undos the board has made.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// The lowest mark the board went back to in the undos after the
    /// first `undos`, if it made any.
    ///
    /// The undos asked about are mostly recent (probing's recall asks at
    /// every trial), so the search starts from the newest and doubles its
    /// step back before it halves (a binary search of the whole list cost
    /// the loose 60×60 samples 5% more instructions).
    pub(crate) fn lowest_since(&self, undos: u64) -> Option<usize> {
        let list = &self.low;
        // Every entry from `first` on came after the first `undos`.
        let mut first = list.len();
        let mut step = 1;
        while first > 0 && list[first - 1].0 > undos {
            let next = first.saturating_sub(step);
            if list[next].0 > undos {
                first = next;
                step *= 2;
            } else {
                // The first after lies past `next`, at `first - 1` at most.
                let between = &list[next + 1..first - 1];
                first = next + 1 + between.partition_point(|&(n, _)| n <= undos);
                break;
            }
        }
        list.get(first).map(|&(_, mark)| mark as usize)
    }

    /// Counts an undo back to `mark`.
    fn record(&mut self, mark: usize) {
        self.count += 1;
        // An undo no lower than this one, made before it, bounds nothing
        // any more: this one is lower and newer.
        while self.low.last().is_some_and(|&(_, m)| m as usize >= mark) {
            self.low.pop();
        }
        // Trail entries number edges, which fit 32 bits.
        self.low.push((self.count, mark as u32));
    }
}

impl Extras {
    fn new(board: &Board) -> Extras {
        let grid = board.grid();
        Extras {
            sides: None,
            outside: grid.cell_count() as u32,
            unions: Vec::new(),
            union_entries: Vec::new(),
            log: None,
            keep_causes: false,
            causes: None,
            undos: Undos::default(),
        }
    }

    /// The sides node of a cell, or of the outside for `None` (as
    /// [`super::sides::node`] numbers them).
    fn node(&self, cell: Option<Cell>) -> u32 {
        cell.map_or(self.outside, |c| c.0)
    }

    /// Records that the two sides of a decided edge are equal (cross) or
    /// differ (line), and, if its trail entry is `kept`, that the entry made
    /// the union; false if the classes already say otherwise.
    fn join_sides(&mut self, cells: [Option<Cell>; 2], to: EdgeState, kept: Option<usize>) -> bool {
        let (a, b) = (self.node(cells[0]), self.node(cells[1]));
        let sides = match &mut self.sides {
            Some(sides) => sides,
            None => return true,
        };
        match sides.join(a, b, to == EdgeState::Line) {
            Joined::Agreed => true,
            Joined::Contradicted => false,
            Joined::Attached(child) => {
                if let Some(entry) = kept {
                    // The union belongs to the change just put on the
                    // trail. Room for every union at once (one a cell at
                    // most): never grown by doubling.
                    if self.unions.capacity() == 0 {
                        self.unions.reserve_exact(self.outside as usize + 1);
                        self.union_entries.reserve_exact(self.outside as usize + 1);
                    }
                    self.unions.push(child);
                    // Trail entries number edges, which fit 32 bits.
                    self.union_entries.push(entry as u32);
                }
                true
            }
        }
    }

    /// Reports a decision to the log, if one is kept.
    fn report(&mut self, edge: Edge, state: EdgeState, cause: Option<Why>) {
        if let Some(log) = &mut self.log {
            log.report(edge, state, cause);
        }
    }
}

impl Attached for Extras {
    fn changed(
        &mut self,
        e: Edge,
        to: EdgeState,
        cells: [Option<Cell>; 2],
        kept: Option<usize>,
        cause: Option<Why>,
    ) -> bool {
        let ok = self.join_sides(cells, to, kept);
        if let (Some(causes), Some(entry)) = (&mut self.causes, kept) {
            causes.truncate(entry);
            causes.push(cause);
        }
        self.report(e, to, cause);
        ok
    }

    /// Takes back, newest first, the unions of the changes from `mark` on.
    fn undo_to(&mut self, mark: usize) {
        self.undos.record(mark);
        if let Some(causes) = &mut self.causes {
            causes.truncate(mark);
        }
        while self
            .union_entries
            .last()
            .is_some_and(|&entry| entry as usize >= mark)
        {
            self.union_entries.pop();
            if let (Some(sides), Some(child)) = (&mut self.sides, self.unions.pop()) {
                sides.detach(child);
            }
        }
    }

    fn tracks(&self) -> bool {
        self.keep_causes || self.causes.is_some() || self.log.is_some()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The engine's state beside `board`'s edges, if any has been attached.
fn extras(board: &Board) -> Option<&Extras> {
    board.attached.as_ref()?.as_any().downcast_ref()
}

/// The engine's state beside `board`'s edges, if any has been attached.
fn extras_mut(board: &mut Board) -> Option<&mut Extras> {
    board.attached.as_mut()?.as_any_mut().downcast_mut()
}

/// The engine's state beside `board`'s edges, attached now if it was not.
fn attach(board: &mut Board) -> &mut Extras {
    if extras(board).is_none() {
        board.attached = Some(Box::new(Extras::new(board)));
    }
    match extras_mut(board) {
        Some(extras) => extras,
        // Only the engine attaches anything, and only `Extras`.
        None => unreachable!("a board's attachment is the engine's Extras"),
    }
}

/// The log of `board`, if one is kept.
fn log_mut(board: &mut Board) -> Option<&mut Logging> {
    extras_mut(board)?.log.as_mut()
}

/// Puts `sides` in place of `board`'s classes: for the tests that compare
/// classes made two ways.
#[cfg(test)]
pub(super) fn put_sides(board: &mut Board, sides: Option<Classes>) {
    attach(board).sides = sides;
}

/// What the full engine does with a board beyond the core's own verbs:
/// the judge's path needs none of it, so none of it is the core's. One
/// implementation, [`Board`]'s, below; callers
/// `use crate::engine::EngineBoard`.
pub(crate) trait EngineBoard {
    // The inside/outside classes: made by `super::sides`, kept right by
    // `Extras` at every change and undo.

    /// Makes the sides classes, if not made yet, from every decided edge;
    /// from then on [`Board::set`] keeps them. Returns whether they exist:
    /// not when asked while recording (a union must belong to a change on
    /// the trail, to be undone with it), which search never does: its first
    /// propagation, before any guess, makes them. `Err` if the decided edges
    /// already put a cell on both sides of the loop.
    fn enable_sides(&mut self) -> Result<bool, Contradiction>;

    /// The sides classes, once made ([`EngineBoard::enable_sides`]).
    fn sides(&self) -> Option<&Classes>;

    /// How many sides unions the trail holds while recording (each attached
    /// a class's root below another's).
    fn joins(&self) -> usize;

    /// The roots attached by the unions the trail holds, from the `first`th on.
    fn joins_since(&self, first: usize) -> &[u32];

    /// How many unions of sides classes have happened so far (never
    /// decreases; tells the driver whether a sweep of the sides rules can
    /// find anything new).
    fn side_unions(&self) -> u64;

    /// The sides node of a cell, or of the outside for `None`.
    fn side_node(&self, cell: Option<Cell>) -> u32;

    /// Drops the inside/outside classes, if made: the contradictions they
    /// find have no narrowed reason yet, so the learning search goes
    /// without them.
    fn forget_sides(&mut self);

    // The undos, for probing's memory of trials (`super::solve::Recall`).

    /// Attaches the engine's state, if not yet, so that undos are counted
    /// from now on.
    fn count_undos(&mut self);

    /// The undos the board has made since the engine's state was
    /// attached, and the sides classes if made; `None` if the state is not
    /// attached. (In one look: each look at the state is a downcast, and
    /// the memory of trials looks at every trial it recalls; looking twice,
    /// for the undos and then [`EngineBoard::sides`], cost
    /// `samples/regression/loose-60x60-60.in` 0.3% more instructions.)
    fn undos_and_sides(&self) -> Option<(&Undos, Option<&Classes>)>;

    // The `--explain` log (its types: `super::log`).

    /// Reports every decision from now on to `sink` (`--explain`).
    fn start_log(&mut self, sink: Box<dyn Log>);

    /// Stops reporting decisions, and gives the log back.
    fn take_log(&mut self) -> Option<Box<dyn Log>>;

    /// Sets the search depth reported with the next decisions.
    fn set_log_depth(&mut self, depth: u32);

    /// Stops or resumes reporting (probing tries values it then undoes;
    /// only its conclusions belong in the trace).
    fn pause_log(&mut self, paused: bool);

    /// Tells the log that the statement's cases stop here.
    fn log_stall(&mut self);

    /// Whether decisions are reported to a log (`--explain`).
    fn logging(&self) -> bool;

    // The causes of changes.

    /// Keeps the causes of changes without a log: to say which rule found
    /// a contradiction ([`crate::engine::Failure`]).
    fn keep_causes(&mut self);

    /// Keeps the cause of every trail entry from now on, while the board
    /// records ([`EngineBoard::trail_cause`]).
    fn keep_trail_causes(&mut self);

    /// The cause of trail entry `entry`, if kept.
    fn trail_cause(&self, entry: usize) -> Option<Why>;

    /// Why the last change was made: after a contradiction, the rule (or
    /// step) that found it. (`None` before any cause is told.)
    fn cause(&self) -> Option<Why>;

    // Given edges, and the audit of the caches.

    /// Sets the decided edges of `given` (a partial answer, in edge order),
    /// as search steps; stops at the first that breaks the board, and names
    /// it. (See [`super::given`]: all at once on a fresh board.)
    fn set_given(&mut self, given: &[EdgeState]) -> Result<(), Edge>;

    /// Recomputes every count cache and the path bookkeeping from the edge
    /// states alone and compares: `Err` names the first cache that is wrong.
    /// The propagation driver checks this after every run in debug builds,
    /// so the planted tests check it on every board they solve.
    fn check_caches(&self) -> Result<(), String>;
}

impl EngineBoard for Board {
    fn enable_sides(&mut self) -> Result<bool, Contradiction> {
        let made = self.sides().is_some();
        // A board that records before its first full run would go without
        // them, and its search without the inside/outside rules: many
        // times slower (see `solve::settings::solve_with`).
        debug_assert!(made || !self.recording, "sides asked for while recording");
        if made || self.recording {
            return Ok(made);
        }
        let (sides, made) = super::sides::of_decided_edges(self);
        attach(self).sides = Some(sides);
        made.map(|()| true)
    }

    fn sides(&self) -> Option<&Classes> {
        extras(self)?.sides.as_ref()
    }

    fn joins(&self) -> usize {
        extras(self).map_or(0, |x| x.unions.len())
    }

    fn joins_since(&self, first: usize) -> &[u32] {
        match extras(self) {
            Some(x) => &x.unions[first.min(x.unions.len())..],
            None => &[],
        }
    }

    fn side_unions(&self) -> u64 {
        self.sides().map_or(0, Classes::unions)
    }

    fn side_node(&self, cell: Option<Cell>) -> u32 {
        super::sides::node(&self.grid, cell)
    }

    fn forget_sides(&mut self) {
        if let Some(extras) = extras_mut(self) {
            extras.sides = None;
        }
    }

    fn count_undos(&mut self) {
        attach(self);
    }

    fn undos_and_sides(&self) -> Option<(&Undos, Option<&Classes>)> {
        extras(self).map(|x| (&x.undos, x.sides.as_ref()))
    }

    fn start_log(&mut self, sink: Box<dyn Log>) {
        attach(self).log = Some(Logging {
            sink,
            depth: 0,
            paused: false,
        });
    }

    fn take_log(&mut self) -> Option<Box<dyn Log>> {
        extras_mut(self)?.log.take().map(|log| log.sink)
    }

    fn set_log_depth(&mut self, depth: u32) {
        if let Some(log) = log_mut(self) {
            log.depth = depth;
        }
    }

    fn pause_log(&mut self, paused: bool) {
        if let Some(log) = log_mut(self) {
            log.paused = paused;
        }
    }

    fn log_stall(&mut self) {
        if let Some(mut log) = extras_mut(self).and_then(|x| x.log.take()) {
            log.sink.stalled(self);
            attach(self).log = Some(log);
        }
    }

    fn logging(&self) -> bool {
        extras(self).is_some_and(|x| x.log.is_some())
    }

    fn keep_causes(&mut self) {
        attach(self).keep_causes = true;
    }

    fn keep_trail_causes(&mut self) {
        let entries = self.mark();
        let extras = attach(self);
        let mut causes = Vec::with_capacity(entries.max(16));
        causes.resize(entries, None);
        extras.causes = Some(causes);
    }

    fn trail_cause(&self, entry: usize) -> Option<Why> {
        let causes = extras(self)?.causes.as_ref()?;
        causes.get(entry).copied().flatten()
    }

    fn cause(&self) -> Option<Why> {
        self.cause
    }

    fn set_given(&mut self, given: &[EdgeState]) -> Result<(), Edge> {
        // A log hears every edge given: a board with one is given them one
        // by one.
        if given.is_empty() || (!self.logging() && super::given::at_once(self, given)) {
            return Ok(());
        }
        super::given::one_by_one(self, given)
    }

    fn check_caches(&self) -> Result<(), String> {
        super::audit::check_caches(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::restarts::SplitMix;

    /// The search from the newest entry finds what a binary search of the
    /// whole list does, for every count of undos, on lists of every length.
    #[test]
    fn the_lowest_undo_since_is_the_first_entry_after() {
        let mut rng = SplitMix(7);
        let mut undos = Undos::default();
        for len in 0..70 {
            undos.low.clear();
            let mut n = 0;
            for mark in 0..len {
                n += 1 + rng.below(3);
                undos.low.push((n, mark));
            }
            for since in 0..=n + 1 {
                let first = undos.low.partition_point(|&(k, _)| k <= since);
                let expected = undos.low.get(first).map(|&(_, m)| m as usize);
                assert_eq!(undos.lowest_since(since), expected, "{len} {since}");
            }
        }
    }
}
