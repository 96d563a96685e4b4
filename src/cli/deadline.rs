//! `--max-seconds S`, the time limit each puzzle gets in all three programs:
//! the instant it sets (its value is read by [`crate::cli::words`]).

use std::time::{Duration, Instant};

/// When a puzzle started now must be given up, if ever.
pub(crate) fn deadline(limit: Option<Duration>) -> Option<Instant> {
    limit.and_then(|limit| Instant::now().checked_add(limit))
}
