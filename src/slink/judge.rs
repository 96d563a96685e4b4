//! The judge path of `slink`: what its judge file runs (`cargo run --example
//! bundle`), and what the command line shares with it: read every puzzle, solve
//! it, draw the answer as the judges do. No options, no explanations, no usage
//! text: an online judge needs none, and a judge file must stay small.
//!
//! Input is standard input, or `./slink.in` when standard input is empty (the
//! 2007 contest ran programs with `slink.in` in the working folder). The exit
//! status is 0 whenever every answer was written: a judge reads any other status
//! as a run-time error, so a puzzle with several answers prints one and still
//! counts as answered. Malformed input prints every puzzle before it, then
//! `slink: line L, column C: …` on standard error, and exits 2.
//!
//! Everything a judge file holds keeps to Rust 1.56, edition 2021 (SPOJ's
//! compiler): no `let … else`, no inline format arguments, no `is_some_and`,
//! `then_some`, `ExitCode` or `IsTerminal`. `scripts/old-rustc.sh` checks it.

use std::io::{self, BufWriter, Write};

use crate::shared::tokens::stdin_or_file;
use crate::slink::answer::Outcome;
use crate::slink::parse::{ContestReader, Puzzle};
use crate::slink::render::{write_picture, Marks};
use crate::slink::search::prove;

/// Runs the judge path on standard input (or `./slink.in`) and exits.
pub fn main() {
    let input = match stdin_or_file("slink.in") {
        Ok(input) => input,
        Err(message) => {
            eprintln!("slink: {}", message);
            std::process::exit(2);
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut reader = ContestReader::new(input);
    let mut number = 0;
    loop {
        let puzzle = match reader.next_puzzle() {
            Ok(Some(puzzle)) => puzzle,
            Ok(None) => break,
            Err(e) => {
                let _ = out.flush();
                eprintln!("slink: {}", e);
                std::process::exit(2);
            }
        };
        number += 1;
        if write_answer(&mut out, number, &puzzle, &prove(&puzzle)).is_err() {
            // Nobody is reading any more (a closed pipe): nothing left to do.
            return;
        }
    }
    let _ = out.flush();
}

/// Writes puzzle `number`'s answer as the judges print it: the line `number`,
/// then the picture, or `no solution`. With several answers, the one found first.
/// (Never inlined: `scripts/instructions.sh` counts drawing by this function.)
#[inline(never)]
pub(crate) fn write_answer<W: Write>(
    out: &mut W,
    number: usize,
    puzzle: &Puzzle,
    outcome: &Outcome,
) -> io::Result<()> {
    writeln!(out, "{}", number)?;
    match outcome {
        Outcome::Unique(s) | Outcome::Multiple(s) => {
            write_picture(out, s.grid(), &puzzle.clues, s.states(), Marks::LinesOnly)
        }
        Outcome::NoSolution => out.write_all(b"no solution\n"),
        // A search that gave up (never the judge path's) shows the answer it
        // found, if any.
        Outcome::Undecided(u) => match &u.answer {
            Some(s) => write_picture(out, s.grid(), &puzzle.clues, s.states(), Marks::LinesOnly),
            None => out.write_all(b"undecided\n"),
        },
    }
}
