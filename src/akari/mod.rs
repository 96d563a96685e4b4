//! `akari`: validating and solving Light Up (Akari) puzzles, as the "Task 5"
//! statement asks (`shared/problems/akari.md`).
//!
//! [`puzzle`] reads and writes the grid notation (the community's formats are
//! read by [`crate::formats::read`]), [`validate`] checks a grid
//! against the three rules with the statement's four messages (sharing no code
//! with the solver), [`rules`] holds the named deductions, [`solve`] the search
//! that counts answers up to two, and [`judge`] the bare path an online judge
//! runs: the judged core (the command line is [`crate::cli::akari`]).

#[clippy::msrv = "1.56"]
pub mod judge;
#[clippy::msrv = "1.56"]
pub mod puzzle;
#[clippy::msrv = "1.56"]
pub mod rules;
#[clippy::msrv = "1.56"]
pub mod solve;
#[clippy::msrv = "1.56"]
pub mod validate;
