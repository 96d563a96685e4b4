//! The line a long count shows on standard error while it runs (`slink:
//! puzzle 3: counting, 5 of 21 rows done`): only when standard error is a
//! terminal, only once the count has taken half a second, and wiped at the
//! end.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

/// A count's progress line.
pub(crate) struct Progress {
    number: usize,
    /// What the count goes through: `rows` on squares, `edges` on other
    /// grids.
    unit: &'static str,
    terminal: bool,
    started: Instant,
    shown: bool,
}

impl Progress {
    /// The progress of puzzle `number`'s count, which goes through `unit`.
    pub(crate) fn new(number: usize, unit: &'static str) -> Progress {
        Progress {
            number,
            unit,
            terminal: io::stderr().is_terminal(),
            started: Instant::now(),
            shown: false,
        }
    }

    /// `done` of `of` are done.
    pub(crate) fn tell(&mut self, done: usize, of: usize) {
        if self.terminal && self.started.elapsed() >= Duration::from_millis(500) {
            let (number, unit) = (self.number, self.unit);
            eprint!("\rslink: puzzle {number}: counting, {done} of {of} {unit} done ");
            self.shown = true;
        }
    }

    /// Wipes the line, if shown.
    pub(crate) fn wipe(&self) {
        if self.shown {
            eprint!("\r{:60}\r", "");
        }
    }
}
