//! What the full engine attaches to a board ([`Attached`]): the
//! inside/outside classes, the `--explain` log and the cause of the changes
//! being made, in one [`Extras`] made when first needed. The board tells it
//! of every change and undo; the engine's code reaches it through
//! [`Board::extras`], [`Board::extras_mut`] and [`Board::attach_extras`],
//! and the log and the causes through the methods at the end of this file
//! ([`Board::start_log`], [`Board::cause`], …). The log's own types are
//! [`crate::engine::log`]'s, which needs nothing from here.

use std::any::Any;

use super::log::{Log, Logging};
use crate::engine::classes::{Classes, Joined};
use crate::slink::board::{Attached, Board, EdgeState};
use crate::slink::grid::{Cell, Edge};
use crate::slink::reason::Why;

/// The full engine's state beside a board's edges.
pub(crate) struct Extras {
    /// The inside/outside classes, made only when a rule first needs them
    /// ([`Board::enable_sides`]): most puzzles finish without.
    pub(super) sides: Option<Classes>,
    /// The sides node of the outside (the cells are the others).
    outside: u32,
    /// While recording, the sides classes attached by each union, in order,
    /// and the trail entry of the change that made each.
    pub(super) unions: Vec<u32>,
    union_entries: Vec<u32>,
    pub(super) log: Option<Logging>,
    /// Whether to keep causes without a log.
    pub(super) keep_causes: bool,
    /// While the board records, the cause of each trail entry, if kept
    /// ([`Board::keep_trail_causes`]): the learning search's reasons.
    pub(super) causes: Option<Vec<Option<Why>>>,
    /// The undos so far, and of them, newest last, each (its number, the
    /// mark it went back to) that went lower than every one after it: the
    /// lowest mark gone back to since any undo is found among them
    /// ([`Extras::lowest_undo_since`]).
    undos: u64,
    low_undos: Vec<(u64, u32)>,
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
            undos: 0,
            low_undos: Vec::new(),
        }
    }

    /// How many undos the board has made since this was attached.
    pub(crate) fn undos(&self) -> u64 {
        self.undos
    }

    /// The lowest mark the board went back to in the undos after the
    /// first `undos`, if it made any.
    ///
    /// The undos asked about are mostly recent (probing's recall asks at
    /// every trial), so the search starts from the newest and doubles its
    /// step back before it halves (a binary search of the whole list cost
    /// the loose 60×60 samples 5% more instructions).
    pub(crate) fn lowest_undo_since(&self, undos: u64) -> Option<usize> {
        let list = &self.low_undos;
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

    /// The sides node of a cell, or of the outside for `None`.
    pub(super) fn node(&self, cell: Option<Cell>) -> u32 {
        cell.map_or(self.outside, |c| c.0)
    }

    /// Records that the two sides of a decided edge are equal (cross) or
    /// differ (line), and, if its trail entry is `kept`, that the entry made
    /// the union; false if the classes already say otherwise.
    pub(super) fn join_sides(
        &mut self,
        cells: [Option<Cell>; 2],
        to: EdgeState,
        kept: Option<usize>,
    ) -> bool {
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
        self.undos += 1;
        if let Some(causes) = &mut self.causes {
            causes.truncate(mark);
        }
        // An undo no lower than this one, made before it, bounds nothing
        // any more: this one is lower and newer.
        while self
            .low_undos
            .last()
            .is_some_and(|&(_, m)| m as usize >= mark)
        {
            self.low_undos.pop();
        }
        // Trail entries number edges, which fit 32 bits.
        self.low_undos.push((self.undos, mark as u32));
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

impl Board {
    /// The engine's state beside the edges, if any has been attached.
    pub(crate) fn extras(&self) -> Option<&Extras> {
        self.attached.as_ref()?.as_any().downcast_ref()
    }

    /// The engine's state beside the edges, if any has been attached.
    pub(crate) fn extras_mut(&mut self) -> Option<&mut Extras> {
        self.attached.as_mut()?.as_any_mut().downcast_mut()
    }

    /// The engine's state beside the edges, attached now if it was not.
    pub(crate) fn attach_extras(&mut self) -> &mut Extras {
        if self.extras().is_none() {
            self.attached = Some(Box::new(Extras::new(self)));
        }
        match self.extras_mut() {
            Some(extras) => extras,
            // Only the engine attaches anything, and only `Extras`.
            None => unreachable!("a board's attachment is the engine's Extras"),
        }
    }
}

/// The `--explain` log and the causes, kept among the extras.
impl Board {
    /// Reports every decision from now on to `sink` (`--explain`).
    pub(crate) fn start_log(&mut self, sink: Box<dyn Log>) {
        self.attach_extras().log = Some(Logging {
            sink,
            depth: 0,
            paused: false,
        });
    }

    /// The log, if one is kept.
    fn log_mut(&mut self) -> Option<&mut Logging> {
        self.extras_mut()?.log.as_mut()
    }

    /// Stops reporting decisions, and gives the log back.
    pub(crate) fn take_log(&mut self) -> Option<Box<dyn Log>> {
        self.extras_mut()?.log.take().map(|log| log.sink)
    }

    /// Sets the search depth reported with the next decisions.
    pub(crate) fn set_log_depth(&mut self, depth: u32) {
        if let Some(log) = self.log_mut() {
            log.depth = depth;
        }
    }

    /// Stops or resumes reporting (probing tries values it then undoes; only its
    /// conclusions belong in the trace).
    pub(crate) fn pause_log(&mut self, paused: bool) {
        if let Some(log) = self.log_mut() {
            log.paused = paused;
        }
    }

    /// Tells the log that the statement's cases stop here.
    pub(crate) fn log_stall(&mut self) {
        if let Some(mut log) = self.extras_mut().and_then(|x| x.log.take()) {
            log.sink.stalled(self);
            self.attach_extras().log = Some(log);
        }
    }

    /// Keeps the causes of changes without a log: to say which rule found
    /// a contradiction ([`crate::engine::Failure`]).
    pub(crate) fn keep_causes(&mut self) {
        self.attach_extras().keep_causes = true;
    }

    /// Drops the inside/outside classes, if made: the contradictions they
    /// find have no narrowed reason yet, so the learning search goes
    /// without them.
    pub(crate) fn forget_sides(&mut self) {
        if let Some(extras) = self.extras_mut() {
            extras.sides = None;
        }
    }

    /// Keeps the cause of every trail entry from now on, while the board
    /// records ([`Board::trail_cause`]).
    pub(crate) fn keep_trail_causes(&mut self) {
        let entries = self.mark();
        let extras = self.attach_extras();
        let mut causes = Vec::with_capacity(entries.max(16));
        causes.resize(entries, None);
        extras.causes = Some(causes);
    }

    /// The cause of trail entry `entry`, if kept.
    pub(crate) fn trail_cause(&self, entry: usize) -> Option<Why> {
        let causes = self.extras()?.causes.as_ref()?;
        causes.get(entry).copied().flatten()
    }

    /// Why the last change was made: after a contradiction, the rule (or
    /// step) that found it. (`None` before any cause is told.)
    pub(crate) fn cause(&self) -> Option<Why> {
        self.cause
    }

    /// Whether decisions are reported to a log (`--explain`).
    pub(crate) fn logging(&self) -> bool {
        self.extras().is_some_and(|x| x.log.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::restarts::SplitMix;
    use crate::slink::grid::Grid;

    /// The search from the newest entry finds what a binary search of the
    /// whole list does, for every count of undos, on lists of every length.
    #[test]
    fn the_lowest_undo_since_is_the_first_entry_after() {
        let mut rng = SplitMix(7);
        let board = Board::new(Grid::new(2, 2), &[None; 4]);
        let mut extras = Extras::new(&board);
        for len in 0..70 {
            extras.low_undos.clear();
            let mut n = 0;
            for mark in 0..len {
                n += 1 + rng.below(3);
                extras.low_undos.push((n, mark));
            }
            for undos in 0..=n + 1 {
                let first = extras.low_undos.partition_point(|&(k, _)| k <= undos);
                let expected = extras.low_undos.get(first).map(|&(_, m)| m as usize);
                assert_eq!(extras.lowest_undo_since(undos), expected, "{len} {undos}");
            }
        }
    }
}
