//! `akari`: validating and solving Light Up (Akari) puzzles, as the "Task 5"
//! statement asks (`shared/problems/akari.md`).
//!
//! [`puzzle`] reads and writes the grid notation, [`validate`] checks a grid
//! against the three rules with the statement's four messages (sharing no code
//! with the solver), [`rules`] holds the named deductions, [`solve`] the search
//! that counts answers up to two, and [`cli`] the command line.

pub mod cli;
pub mod puzzle;
pub mod rules;
pub mod solve;
pub mod validate;
