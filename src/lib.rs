//! `slink`: a Slitherlink solver and the judge solution of ICPC Mid-Central USA
//! 2007 Problem C, "Slink".
//!
//! The pipeline for each puzzle: [`parse`] reads it, [`board`] holds its edge
//! states over the geometry of [`grid`], the [`rules`] (the statement's seventeen
//! cases and reasoning about the loop as a whole) propagate to a fixed point,
//! [`search`] branches when they stall and proves uniqueness, [`verify`] checks
//! every answer independently, and [`render`] draws the judge's picture;
//! [`explain`] turns a solve's decisions into a readable trace. [`cli`] is the
//! command line around them.
//!
//! The crate also ships two sibling judge solutions with their own module trees:
//! [`akari`] (Light Up) and [`sudominoku`] (MCPC 2011 Problem D).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod akari;
pub mod board;
pub mod cli;
pub mod explain;
pub mod grid;
pub mod parse;
pub mod reason;
pub mod render;
pub mod rules;
pub mod search;
pub mod sudominoku;
pub mod tokens;
pub mod verify;

pub use parse::{parse_all, Puzzle, PuzzleReader};
pub use search::{count_solutions, solve, Outcome, Report, Solution};
