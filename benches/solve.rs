//! `cargo bench`: the speed of the whole pipeline — parse, solve with proof of
//! uniqueness, verify, render — on three workloads, printed as puzzles per second,
//! microseconds per puzzle and nanoseconds per cell:
//! 1. 2,500 random 20×20 Slink puzzles (every cell clued), seeded;
//! 2. one random 1000×1000 Slink puzzle, seeded;
//! 3. the 1,152 real puzzles of `../shared/slitherlink-janko/` when present
//!    (also total, median and worst).
//!
//! Workloads 1 and 2 run in the same process one after the other, so their ratio
//! (the linear-scaling figure) is measured side by side. Peak memory of workload
//! 2 is measured by `scripts/memory.sh`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use slink::render::{write_picture, Marks};
use slink::{solve, Outcome, PuzzleReader};

/// Parses, solves and renders every puzzle of `text`; returns per-puzzle times.
fn pipeline(text: &[u8]) -> (Vec<Duration>, usize) {
    let mut reader = PuzzleReader::with_limit(text, u64::MAX);
    let mut times = Vec::new();
    let mut out = Vec::new();
    let mut cells = 0;
    loop {
        let start = Instant::now();
        let Ok(Some(puzzle)) = reader.next_puzzle() else {
            break;
        };
        out.clear();
        match solve(&puzzle).outcome {
            Outcome::Unique(s) | Outcome::Multiple(s) => write_picture(
                &mut out,
                s.grid(),
                &puzzle.clues,
                s.states(),
                Marks::LinesOnly,
            )
            .expect("a Vec takes every write"),
            Outcome::NoSolution | Outcome::Undecided(_) => out.extend_from_slice(b"no solution\n"),
        }
        times.push(start.elapsed());
        cells += puzzle.clues.len();
        std::hint::black_box(&out);
    }
    (times, cells)
}

fn report(name: &str, times: &[Duration], cells: usize) -> f64 {
    let total: f64 = times.iter().map(Duration::as_secs_f64).sum();
    let n = times.len() as f64;
    let ns_per_cell = total * 1e9 / cells as f64;
    println!(
        "{name:<28} {:>7} puzzles  {:>9.1} puzzles/s  {:>10.1} µs/puzzle  {:>7.1} ns/cell",
        times.len(),
        n / total,
        total * 1e6 / n,
        ns_per_cell
    );
    ns_per_cell
}

fn random_slink(count: usize, size: u32, seed: u64) -> Vec<u8> {
    let mut rng = common::Rng::new(seed);
    let puzzles: Vec<_> = (0..count)
        .map(|_| common::clues_of(&common::random_loop(&mut rng, size, size)))
        .collect();
    common::input_text(&puzzles).into_bytes()
}

fn main() {
    // `cargo bench` passes `--bench`; anything else is a filter we do not need.
    let small = random_slink(2500, 20, 20);
    let large = random_slink(1, 1000, 1000);
    let (times, cells) = pipeline(&small);
    let per_cell_small = report("20×20 Slink", &times, cells);
    let (times, cells) = pipeline(&large);
    let per_cell_large = report("1000×1000 Slink", &times, cells);
    println!(
        "{:<28} {:.2} (time per cell, 1000×1000 over 20×20)",
        "scaling",
        per_cell_large / per_cell_small
    );
    let janko = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/slitherlink-janko/puzzles.in"
    );
    match std::fs::read(janko) {
        Ok(text) => {
            let (mut times, cells) = pipeline(&text);
            report("janko (1,152 real puzzles)", &times, cells);
            times.sort();
            let total: Duration = times.iter().sum();
            println!(
                "{:<28} total {:.3} s, median {:.2} ms, worst {:.1} ms",
                "janko",
                total.as_secs_f64(),
                times[times.len() / 2].as_secs_f64() * 1e3,
                times[times.len() - 1].as_secs_f64() * 1e3
            );
        }
        Err(_) => println!("janko: ../shared/slitherlink-janko/puzzles.in not found, skipped"),
    }
}
