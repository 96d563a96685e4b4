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

/// How the states may grow in the rows ahead of a dot.
pub(super) struct Growth {
    /// Loosely clued rows still to come after this one, in a row (0 when
    /// this row or the next is not loosely clued).
    pub(super) ahead: usize,
    /// The most states a frontier of this row can have ([`frontier`]).
    pub(super) frontier: u128,
    /// The most states that fit ([`state_limit`]).
    pub(super) limit: usize,
    /// How many rows of dots the grid has (one more than of cells).
    pub(super) rows: usize,
}

/// The most states the count's encoding allows after a dot of a grid
/// `cols` wide, with `clued` clues in the two rows of cells its frontier
/// crosses. The lines on the frontier (`cols + 1` edges down and one to
/// the right) are joined in pairs above it by paths that do not cross, so
/// the frontier's lines and pairs are one of the Motzkin number of
/// `cols + 2` ways to pair points on a line without crossing (OEIS A001006);
/// one state more says the loop has closed; each clued cell on the frontier
/// still needs 0, 1 or 2 lines. Saturates at `u128::MAX`.
pub fn frontier(cols: usize, clued: usize) -> u128 {
    // M(n + 1) = M(n) + sum of M(k) M(n - 1 - k) for k < n.
    let mut motzkin: Vec<u128> = vec![1];
    for n in 0..cols + 2 {
        let mut next = motzkin[n];
        for k in 0..n {
            next = next.saturating_add(motzkin[k].saturating_mul(motzkin[n - 1 - k]));
        }
        motzkin.push(next);
    }
    let mut most = motzkin[cols + 2].saturating_add(1);
    for _ in 0..clued {
        most = most.saturating_mul(3);
    }
    most
}

/// How many states pass between two looks at the clock: a look costs some
/// 25 ns and 4,096 states some 0.5 ms, so the time limit is kept to within
/// a millisecond at a cost too small to measure.
const STATES_PER_LOOK: u32 = 4096;

/// Why a count stopped before its end.
pub(crate) enum Stop {
    /// The time limit passed.
    Time,
    /// The states passed the bound on memory.
    Memory(usize),
    /// The machine had not the memory the states asked for.
    NoRoom,
    /// The growth of the states says they will pass it: `states` after
    /// a dot of row `row` of `rows` (counted from 1), `ahead` loosely clued
    /// rows still to come.
    Growth {
        states: usize,
        row: usize,
        rows: usize,
        ahead: usize,
    },
}

impl Stop {
    /// The reason, as `slink` gives it.
    pub(crate) fn reason(&self) -> String {
        let mb = MAX_BYTES / 1_000_000;
        match self {
            Stop::Time => "the time limit passed".to_string(),
            Stop::Memory(limit) => format!(
                "more than {limit} states at once (the count's bound on memory, {mb} MB)"
            ),
            Stop::NoRoom => "not enough memory for the count's states".to_string(),
            Stop::Growth {
                states,
                row,
                rows,
                ahead,
            } => format!(
                "it cannot fit the count's bound on memory ({mb} MB): {states} states in row {row} of {rows}, growing twofold or more a row, with {ahead} loosely clued rows still to come"
            ),
        }
    }
}

/// Keeps the count within its bounds, and reports its progress.
pub(crate) struct Watch<'a> {
    deadline: Option<Instant>,
    /// Told `(rows done, rows)` after each row (on Loopy's other grids,
    /// `(edges done, edges)` after each edge).
    progress: &'a mut dyn FnMut(usize, usize),
    /// States since the last look at the clock.
    since_look: u32,
    /// The most states after any dot of the row before, and of this row.
    before: usize,
    this: usize,
}

impl<'a> Watch<'a> {
    pub(crate) fn new(
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
    pub(crate) fn late(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// After each state taken: the time limit, looked at now and then.
    pub(crate) fn state(&mut self) -> Result<(), Stop> {
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

    /// At the start of a count: the row before the first is the one state
    /// it starts from.
    pub(super) fn start(&mut self) {
        self.before = 1;
        self.this = 0;
    }

    /// After each dot of row `row` (counted from 0), with `states` after
    /// it; `growth` says how the rows ahead may grow.
    ///
    /// The estimate: across loosely clued rows the states of a blank grid
    /// grow row over row, by tens of times at first (2^20 after the first
    /// row of a blank 20×20, 2^19 of a 19×19), less as the frontier fills
    /// up. The count cannot fit when the frontier may hold more than twice
    /// the limit, this row already has at least twice as many states as
    /// the most of the row before, and doubling them once for each loosely
    /// clued row still ahead, counting at most four, would pass the limit.
    /// The guard on the frontier keeps the estimate off grids too narrow
    /// to pass the limit: a blank grid fills some three quarters of its
    /// frontier's states at its peak (227,269 of 310,573 on 13×13, 621,145
    /// of 853,468 on 14×14), so a grid whose frontier holds at most twice
    /// the limit might fit. Counting at most four rows keeps it off states
    /// that are still few: they must be a sixteenth of the limit at least.
    /// On clued rows the states rise and fall by tens of times from one
    /// row to the next (a 20×36 janko puzzle rises 35 times in one row, to
    /// 4.6 million states, then falls), so there it makes no guess.
    pub(super) fn dot(&mut self, row: usize, states: usize, growth: &Growth) -> Result<(), Stop> {
        self.this = self.this.max(states);
        if growth.ahead == 0 || growth.frontier <= 2 * growth.limit as u128 {
            return Ok(());
        }
        let doubled = states.saturating_mul(1 << growth.ahead.min(4));
        if states / self.before.max(1) >= 2 && doubled > growth.limit {
            return Err(Stop::Growth {
                states,
                row: row + 1,
                rows: growth.rows,
                ahead: growth.ahead,
            });
        }
        Ok(())
    }

    /// After `done` of `of` steps of a count that is not row by row (a
    /// graph's edges): its progress alone.
    pub(crate) fn done(&mut self, done: usize, of: usize) {
        (self.progress)(done, of);
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

    /// The Motzkin numbers (OEIS A001006: 1, 1, 2, 4, 9, 21, …, M(16) =
    /// 853,467, M(22) = 400,763,223), one more for the closed loop, three
    /// times for each clued cell.
    #[test]
    fn the_frontier_holds_a_motzkin_number_of_states() {
        assert_eq!(frontier(0, 0), 2 + 1);
        assert_eq!(frontier(1, 0), 4 + 1);
        assert_eq!(frontier(2, 0), 9 + 1);
        assert_eq!(frontier(13, 0), 310_572 + 1);
        assert_eq!(frontier(14, 0), 853_467 + 1);
        assert_eq!(frontier(20, 0), 400_763_223 + 1);
        assert_eq!(frontier(14, 2), 9 * 853_468);
        assert_eq!(frontier(20, 200), u128::MAX);
    }

    /// Where [`Watch::dot`] stops a grid `cols` wide and `rows` rows of
    /// cells tall, every row loosely clued and blank, whose states after
    /// each dot are `figures` (row by row), with `limit`: the row and dot.
    fn stops_at(
        cols: usize,
        rows: usize,
        figures: &[&[usize]],
        limit: usize,
    ) -> Option<(usize, usize)> {
        let mut progress = |_: usize, _: usize| {};
        let mut watch = Watch::new(None, &mut progress);
        watch.start();
        for (r, row) in figures.iter().enumerate() {
            let growth = Growth {
                ahead: rows.saturating_sub(r + 1),
                frontier: frontier(cols, 0),
                limit,
                rows: rows + 1,
            };
            for (c, &states) in row.iter().enumerate() {
                if watch.dot(r, states, &growth).is_err() {
                    return Some((r, c));
                }
            }
            watch.row(r, rows);
        }
        None
    }

    /// The first row of a blank grid, as counted: 2, 4, 8, … states.
    fn first_row(cols: usize) -> Vec<usize> {
        let mut row: Vec<usize> = (1..=cols).map(|c| 1 << c).collect();
        row.push(1 << cols);
        row
    }

    /// The states of blank grids as counted, row by row: a blank 20×20 or
    /// 19×19 stops in its first row at 2^19 states, a 17×17 in its second
    /// at 491,521; blank 13×13 and 14×14, which count, never stop (their
    /// frontiers hold under twice the limit), nor would with states ten
    /// times as many.
    #[test]
    fn the_estimate_stops_blank_grids_that_cannot_fit_and_no_other() {
        let u128_limit = state_limit(32);
        let big_limit = state_limit(48);
        assert_eq!(
            stops_at(20, 20, &[&first_row(20)], u128_limit),
            Some((0, 18))
        );
        assert_eq!(
            stops_at(19, 19, &[&first_row(19)], u128_limit),
            Some((0, 18))
        );
        let second = [262_144, 262_145, 294_913, 344_065, 409_601, 491_521];
        assert_eq!(
            stops_at(17, 17, &[&first_row(17), &second], u128_limit),
            Some((1, 5))
        );
        let b13 = [
            &first_row(13)[..],
            &[
                16_384, 16_385, 18_433, 21_505, 25_601, 30_721, 36_993, 44_609, 53_825, 64_961,
                78_409, 94_645, 114_245, 57_123,
            ],
            &[
                114_245, 114_245, 114_245, 117_607, 123_175, 130_663, 139_707, 150_095, 161_615,
                173_951, 186_227, 197_029, 197_029, 98_515,
            ],
            &[227_269],
        ];
        let ten_times: Vec<Vec<usize>> = b13
            .iter()
            .map(|row| row.iter().map(|s| 10 * s).collect())
            .collect();
        let ten_times: Vec<&[usize]> = ten_times.iter().map(|row| &row[..]).collect();
        for limit in [u128_limit, big_limit] {
            assert_eq!(stops_at(13, 13, &b13, limit), None);
            assert_eq!(stops_at(14, 14, &ten_times, limit), None);
        }
        // Without the frontier's guard, the same 13×13 figures ten times as
        // many would stop a grid 17 wide.
        assert!(stops_at(17, 17, &ten_times, big_limit).is_some());
    }

    /// Where few loosely clued rows are ahead, the states must be near the
    /// limit already: with one, half of it; with four or more, a sixteenth.
    #[test]
    fn the_rows_ahead_count_up_to_four() {
        let limit = state_limit(32);
        let mut progress = |_: usize, _: usize| {};
        let mut watch = Watch::new(None, &mut progress);
        let mut stops = |ahead: usize, states: usize| {
            watch.start();
            watch.row(0, 30);
            let growth = Growth {
                ahead,
                frontier: frontier(20, 0),
                limit,
                rows: 31,
            };
            watch.dot(1, states, &growth).is_err()
        };
        assert!(!stops(1, limit / 2));
        assert!(stops(1, limit / 2 + 1));
        assert!(!stops(4, limit / 16));
        assert!(stops(4, limit / 16 + 1));
        assert!(!stops(20, limit / 16));
        assert!(!stops(0, limit));
    }

    #[test]
    fn digits_on_the_heap_count_against_the_bound() {
        assert!(may_grow(1_000_000, 1_000_000, 40, 0));
        assert!(!may_grow(1_000_000, 1_000_000, 40, 200));
    }
}
