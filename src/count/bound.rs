//! The count's bounds while it runs: the memory its states may take, the
//! time limit, and the estimate that a count cannot fit; and the progress it
//! reports. The counting program asks [`Watch`] after each state and each
//! dot whether it may go on.
//!
//! Memory. The states after one dot and after the next are kept in two hash
//! tables. A table of `b` slots takes `b` times a state, its number of ways
//! and a control byte (the standard library's table: `b` a power of two,
//! filled to 7/8 before it doubles). At the start of each dot the table
//! being filled is given the other's size at once (the old one freed
//! first), so that it doubles only when the states grow; while it doubles,
//! its old and new slots are both held. So the most ever held is
//! `slots(states) + 3 × slots(next)`, which is checked against
//! [`MAX_BYTES`] before each doubling: the states never pass
//! [`state_limit`], and the memory never passes the bound.

use std::time::Instant;

/// The most bytes the count's states may take: two tables of 2^23 slots of
/// 33 bytes each (a state and its count in 128 bits, and a control byte).
pub const MAX_BYTES: usize = 560_000_000;

/// Slots of a hash table that holds `capacity` entries (see the module doc).
fn slots(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    (capacity.saturating_mul(8) / 7).next_power_of_two()
}

/// The bytes of a table of `capacity` entries of `entry` bytes each.
fn table_bytes(capacity: usize, entry: usize) -> usize {
    slots(capacity).saturating_mul(entry + 1)
}

/// The most states the count keeps after one dot, with entries of `entry`
/// bytes: a table at twice the size must still fit [`MAX_BYTES`] beside
/// the other at the same size (7,340,032 for counts in 128 bits).
pub fn state_limit(entry: usize) -> usize {
    let mut slots = 8usize;
    while 2 * (2 * slots) * (entry + 1) <= MAX_BYTES {
        slots *= 2;
    }
    slots / 8 * 7
}

/// Whether a table holding `next` entries may double beside one holding
/// `states`, each entry `entry` bytes plus `heap` on the heap (numbers of any
/// size keep their digits there).
pub fn may_grow(states: usize, next: usize, entry: usize, heap: usize) -> bool {
    let tables = table_bytes(states, entry)
        .saturating_add(table_bytes(next, entry))
        .saturating_add(table_bytes(next.saturating_mul(2).max(4), entry));
    let digits = heap.saturating_mul(states.saturating_add(2 * next));
    tables.saturating_add(digits) <= MAX_BYTES
}

/// How many states pass between two looks at the clock: a look costs some
/// 25 ns and 4,096 states some 0.5 ms, so the time limit is kept to within
/// a millisecond at a cost too small to measure.
const STATES_PER_LOOK: u32 = 4096;

/// Why a count stopped before its end.
pub(super) enum Stop {
    /// The time limit passed.
    Time,
    /// The states passed the bound on memory.
    Memory(usize),
    /// The machine had not the memory the states asked for.
    NoRoom,
    /// The growth of the states says they will pass it: `states` after
    /// `row` rows, `times` as many as a row before.
    Growth {
        states: usize,
        row: usize,
        times: usize,
    },
}

impl Stop {
    /// The reason, as `slink` gives it.
    pub(super) fn reason(&self) -> String {
        let mb = MAX_BYTES / 1_000_000;
        match self {
            Stop::Time => "the time limit passed".to_string(),
            Stop::Memory(limit) => format!(
                "more than {limit} states at once (the count's bound on memory, {mb} MB)"
            ),
            Stop::NoRoom => "not enough memory for the count's states".to_string(),
            Stop::Growth { states, row, times } => format!(
                "it cannot fit the count's bound on memory ({mb} MB): {states} states in row {row} of loosely clued rows, {times} times as many as a row before"
            ),
        }
    }
}

/// Keeps the count within its bounds, and reports its progress.
pub(super) struct Watch<'a> {
    deadline: Option<Instant>,
    /// Told `(rows done, rows)` after each row.
    progress: &'a mut dyn FnMut(usize, usize),
    /// States since the last look at the clock.
    since_look: u32,
    /// The most states after any dot of the row before, and of this row.
    before: usize,
    this: usize,
}

impl<'a> Watch<'a> {
    pub(super) fn new(
        deadline: Option<Instant>,
        progress: &'a mut dyn FnMut(usize, usize),
    ) -> Watch<'a> {
        Watch {
            deadline,
            progress,
            since_look: 0,
            before: 0,
            this: 0,
        }
    }

    /// Whether the time limit has passed.
    pub(super) fn late(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// After each state taken: the time limit, looked at now and then.
    pub(super) fn state(&mut self) -> Result<(), Stop> {
        self.since_look += 1;
        if self.since_look < STATES_PER_LOOK {
            return Ok(());
        }
        self.since_look = 0;
        if self.late() {
            return Err(Stop::Time);
        }
        Ok(())
    }

    /// After each dot of row `row`, with `states` after it; `loose` when
    /// this row and the next are loosely clued (few clues, so that nothing
    /// there holds the states back).
    ///
    /// The estimate: across loosely clued rows the states of a blank grid
    /// grow row over row; when this row already has `times` as many as the
    /// most of the row before, and as many again would pass the bound, the
    /// count cannot fit. On clued rows the states rise and
    /// fall by tens of times from one row to the next (a 20×36 janko puzzle
    /// rises 35 times in one row, to 4.6 million states, then falls), so
    /// there it makes no guess.
    pub(super) fn dot(
        &mut self,
        row: usize,
        states: usize,
        loose: bool,
        limit: usize,
    ) -> Result<(), Stop> {
        self.this = self.this.max(states);
        if row == 0 || self.before == 0 || !loose {
            return Ok(());
        }
        let times = states / self.before;
        if times >= 2 && states.saturating_mul(times) > limit {
            return Err(Stop::Growth { states, row, times });
        }
        Ok(())
    }

    /// After row `row` of `rows` (a row of dots; `rows + 1` in all).
    pub(super) fn row(&mut self, row: usize, rows: usize) {
        self.before = self.this;
        self.this = 0;
        (self.progress)(row + 1, rows + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_limit_fills_the_bytes_with_two_tables() {
        let limit = state_limit(32);
        assert_eq!(limit, 7_340_032);
        // Two tables of half the limit may double, one after the other; two
        // at the limit may not.
        assert!(may_grow(limit / 2, limit / 2, 32, 0));
        assert!(may_grow(limit, 0, 32, 0));
        assert!(!may_grow(limit, limit, 32, 0));
        assert!(2 * table_bytes(limit, 32) <= MAX_BYTES);
    }

    #[test]
    fn digits_on_the_heap_count_against_the_bound() {
        assert!(may_grow(1_000_000, 1_000_000, 40, 0));
        assert!(!may_grow(1_000_000, 1_000_000, 40, 200));
    }
}
