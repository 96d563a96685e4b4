//! The judge path of `sudominoku`: what its judge file runs (`cargo run
//! --example bundle -- sudominoku`), and what the command line shares with it:
//! read every puzzle, solve it, print `Puzzle K` and the grid. No options.
//!
//! Input is standard input, or `./sudominoku.in` when standard input is empty,
//! as the contest ran it. Exit status 0 whenever every answer was written (a
//! grid that is not unique prints the first one found); malformed input prints
//! every puzzle before it, then `sudominoku: line L, column C: …`, exit 2.
//! Everything here keeps to Rust 1.56 (see [`crate::slink::judge`]).

use std::io::{self, BufWriter, Write};

use crate::shared::tokens::stdin_or_file;
use crate::sudominoku::puzzle::PuzzleReader;
use crate::sudominoku::solve::{solve, Outcome};

/// Runs the judge path on standard input (or `./sudominoku.in`) and exits.
///
/// The loop is `crate::slink::judge::main`'s again, on purpose: made generic over the
/// reader and the answer, it would grow the slink judge file, whose room under
/// SPOJ's limit (`SLINK_LIMIT` in `tests/bundle.rs`) is kept for the solver.
pub fn main() {
    let input = match stdin_or_file("sudominoku.in") {
        Ok(input) => input,
        Err(message) => {
            eprintln!("sudominoku: {}", message);
            std::process::exit(2);
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut reader = PuzzleReader::new(input);
    let mut number = 0;
    loop {
        let puzzle = match reader.next_puzzle() {
            Ok(Some(puzzle)) => puzzle,
            Ok(None) => break,
            Err(e) => {
                let _ = out.flush();
                eprintln!("sudominoku: {}", e);
                std::process::exit(2);
            }
        };
        number += 1;
        if out
            .write_all(answer(number, &solve(&puzzle)).as_bytes())
            .is_err()
        {
            // Nobody is reading any more (a closed pipe): nothing left to do.
            return;
        }
    }
    let _ = out.flush();
}

/// Puzzle `number`'s answer as the judges print it: `Puzzle K`, then the nine
/// rows, or `no solution`. With several grids, the first one found.
pub(crate) fn answer(number: usize, outcome: &Outcome) -> String {
    let grid = match outcome {
        Outcome::Unique(a) | Outcome::Multiple(a, _) | Outcome::Undecided(Some(a)) => a.render(),
        Outcome::NoSolution => "no solution\n".to_string(),
        // Only with a time limit, which judge files never set.
        Outcome::Undecided(None) => "undecided\n".to_string(),
    };
    format!("Puzzle {}\n{}", number, grid)
}
