//! Writes random puzzles with planted unique-or-not answers in the input format:
//! `cargo run --release --example generate -- COUNT ROWS COLS [BLANK_PERCENT [SEED]]`.
//!
//! Each puzzle is a random single loop (see `tests/common`) with every cell clued
//! by its number of lines, then a share of the clues blanked. Fully clued puzzles
//! are Slink puzzles; they are nearly always unique.

#[path = "../tests/common/mod.rs"]
mod common;

use std::io::Write;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or_else(|_| usage()))
        .collect();
    let [count, rows, cols, rest @ ..] = args.as_slice() else {
        usage()
    };
    let blank = rest.first().copied().unwrap_or(0);
    let mut rng = common::Rng::new(rest.get(1).copied().unwrap_or(1));
    let mut puzzles = Vec::new();
    for _ in 0..*count {
        let planted = common::random_loop(&mut rng, *rows as u32, *cols as u32);
        let mut puzzle = common::clues_of(&planted);
        for clue in puzzle.clues.iter_mut() {
            if rng.chance(blank) {
                *clue = None;
            }
        }
        puzzles.push(puzzle);
    }
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(common::input_text(&puzzles).as_bytes());
}

fn usage() -> ! {
    eprintln!("usage: generate COUNT ROWS COLS [BLANK_PERCENT [SEED]]");
    std::process::exit(2)
}
