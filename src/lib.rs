//! `slink`: a Slitherlink solver and the judge solution of ICPC Mid-Central USA
//! 2007 Problem C, "Slink".
//!
//! The judged core, [`slink`], is what the judge file is made of, whole, with
//! [`shared`]: the contest reader, the edge-state board, the statement's
//! rules and the loop rules with their driver, a complete search, the
//! judge's picture and the judge path itself. Nothing in it imports from
//! outside it. The full engine, [`engine`], attaches through the core's
//! three seams (the board's, the driver's, the search's): the inside/outside
//! [`engine::classes`] and rules, the pairs of edges, connectivity, the `--explain`
//! log, a solve's settings and the generator's and tutor's questions.
//! Around them: [`check`] checks every answer independently, [`tutor`]
//! gives hints and grades and turns a solve's decisions into a readable
//! trace, [`count`] counts
//! answers, and [`cli`] is the command line of all three programs (writing
//! through [`cli::output`]). `graph` solves, checks, explains, grades and
//! makes puzzles on Loopy's other grids (any planar graph); `learning` is
//! what its learning search shares with the engine's.
//!
//! The crate also ships two sibling judge solutions, judged cores of their
//! own: [`akari`] (Light Up) and [`sudominoku`] (MCPC 2011 Problem D).
//!
//! ## Compiler floors
//!
//! The crate builds with Rust 1.70 (`rust-version` in `Cargo.toml`). The judged
//! cores, marked `#[clippy::msrv = "1.56"]` below, keep to Rust 1.56, edition
//! 2021, the compiler of SPOJ: clippy then flags any newer library item in
//! them, and `scripts/old-rustc.sh` compiles the judge files with Rust 1.56.1.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// The docs are for the crate's developers, read with `--document-private-items`:
// they link to items the library does not export.
#![allow(rustdoc::private_intra_doc_links)]

#[clippy::msrv = "1.56"]
pub mod akari;
pub mod check;
pub mod cli;
pub mod count;
pub mod engine;
mod formats;
mod generate;
mod graph;
mod learning;
mod setter;
#[clippy::msrv = "1.56"]
pub mod shared;
#[clippy::msrv = "1.56"]
pub mod slink;
#[clippy::msrv = "1.56"]
pub mod sudominoku;
pub mod tutor;

pub use crate::engine::answer::Report;
pub use crate::engine::solve::{count_solutions, solve};
pub use crate::formats::contest::parse_all;
pub use crate::formats::read::PuzzleReader;
pub use crate::slink::answer::{Outcome, Solution};
pub use crate::slink::parse::Puzzle;
pub use crate::slink::{answer, board, grid, judge, parse, reason, render, rules, search};
