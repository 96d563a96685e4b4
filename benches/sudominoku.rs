//! `cargo bench --bench sudominoku`: puzzles per second on the official judge data
//! repeated, and the worst time on a generated hard set (planted puzzles showing
//! only 10 dominoes, the fewest the statement allows).

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use slink::sudominoku::puzzle::PuzzleReader;
use slink::sudominoku::solve::solve;

fn main() {
    let judge = include_str!("../samples/sudominoku/judge.in");
    let mut puzzles = Vec::new();
    let mut reader = PuzzleReader::new(judge.as_bytes());
    while let Ok(Some(p)) = reader.next_puzzle() {
        puzzles.push(p);
    }
    let rounds = 200;
    let start = Instant::now();
    for _ in 0..rounds {
        for p in &puzzles {
            std::hint::black_box(solve(p));
        }
    }
    let total = start.elapsed().as_secs_f64();
    let n = (rounds * puzzles.len()) as f64;
    println!(
        "{:<34} {:>6} puzzles  {:>9.1} puzzles/s  {:>8.1} µs/puzzle",
        "judge data (6 puzzles) x200",
        n,
        n / total,
        total * 1e6 / n
    );
    let mut rng = common::Rng::new(4574);
    let mut times = Vec::new();
    for _ in 0..200 {
        let answer = common::sudominoku_planted(&mut rng);
        let puzzle = common::sudominoku_puzzle(&mut rng, &answer, 10);
        let start = Instant::now();
        std::hint::black_box(solve(&puzzle));
        times.push(start.elapsed());
    }
    times.sort();
    let total: Duration = times.iter().sum();
    println!(
        "{:<34} {:>6} puzzles  total {:.3} s, median {:.2} ms, worst {:.1} ms",
        "generated, 10 dominoes shown",
        times.len(),
        total.as_secs_f64(),
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3
    );
}
