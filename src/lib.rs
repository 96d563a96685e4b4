//! `slink`: a Slitherlink solver and the judge solution of ICPC Mid-Central USA
//! 2007 Problem C, "Slink".
//!
//! The pipeline for each puzzle: [`parse`] reads it, [`board`] holds its edge
//! states (and the inside/outside [`classes`]) over the geometry of [`grid`],
//! the [`rules`] (the statement's seventeen cases and reasoning about the loop
//! as a whole) propagate to a fixed point, [`search`] branches when they stall
//! and proves uniqueness ([`answer`] holds what it finds), [`verify`] checks
//! every answer independently, and [`render`] draws the judge's picture;
//! [`explain`] turns a solve's decisions into a readable trace. [`cli`] is the command line around them (writing
//! through [`output`]), and [`judge`] the bare path an online judge runs (the
//! judge file made by `examples/bundle/`).
//!
//! The crate also ships two sibling judge solutions with their own module trees:
//! [`akari`] (Light Up) and [`sudominoku`] (MCPC 2011 Problem D).
//!
//! ## Compiler floors
//!
//! The crate builds with Rust 1.70 (`rust-version` in `Cargo.toml`). The modules
//! marked `#[clippy::msrv = "1.56"]` are the ones judge files are made from
//! (`examples/bundle/`), and keep to Rust 1.56, edition 2021, the compiler of
//! SPOJ: clippy then flags any newer library item in them, and
//! `scripts/old-rustc.sh` compiles the judge files with Debian's rustc 1.63. The
//! command lines ([`cli`], [`akari::cli`], [`sudominoku::cli`]), [`explain`] and
//! [`verify`] may use Rust 1.70.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// The docs are for the crate's developers, read with `--document-private-items`:
// they link to items the library does not export.
#![allow(rustdoc::private_intra_doc_links)]

#[clippy::msrv = "1.56"]
pub mod akari;
pub mod check;
pub mod classes;
pub mod cli;
pub mod count;
mod deadline;
mod detour;
pub mod engine;
pub mod explain;
mod formats;
mod generate;
mod grade;
mod hint;
mod marks;
pub mod output;
#[clippy::msrv = "1.56"]
pub mod shared;
mod slice;
#[clippy::msrv = "1.56"]
pub mod slink;
#[clippy::msrv = "1.56"]
pub mod sudominoku;
mod tutor;

pub use engine::answer::Report;
pub use engine::search::{count_solutions, solve};
pub use formats::contest::parse_all;
pub use formats::read::PuzzleReader;
pub use slink::answer::{Outcome, Solution};
pub use slink::parse::Puzzle;
pub use slink::{answer, board, grid, judge, parse, reason, render, rules, search};
