//! `cargo bench --bench search [-- CLASS…]`: how the search does where puzzles
//! are loose, on the workloads of the search issue, each seeded. For every
//! class: how many puzzles were decided within the limit (30 s each), the
//! outcomes, and the median and worst time a puzzle (wall clock, one thread).
//!
//! Classes (all by default; name some to run only those):
//! - `typo`: 200 random 10×10–20×20 puzzles as a setter would make them (a
//!   planted loop, clues removed one by one in random order while the answer
//!   stays unique), then one clue removed or changed at random, as a user's
//!   typo would;
//! - `blank70`: 200 planted 20×20 puzzles with 70% of the clues blanked;
//! - `blank`: the all-blank 300×300 and 1000×1000 grids (`multiple`);
//! - `sudominoku`: 100 planted Su-domino-ku puzzles, ten each showing 0 to 9
//!   dominoes (the statement's puzzles show at least 10);
//! - `akari`: 50 planted 50×50 Light Up puzzles with few numbers (each grey
//!   cell's number kept with a chance of one in ten), and 50 with all of them;
//! - `hard`: the 60×60 puzzles of `samples/hard` that the search once
//!   found hard: `minimal-60x60.in` (one answer) and `loose-60x60-70.in`
//!   (many), which it did not decide in minutes, and
//!   `loose-60x60-70-seed8.in` (many), which took it 17 s.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::Rng;
use slink::akari::puzzle::Square;
use slink::engine::solve::{solve_with, Settings};
use slink::{Outcome, Puzzle};

/// A puzzle's time limit: past it, it counts as undecided.
const LIMIT: Duration = Duration::from_secs(30);

/// Solves `puzzle` within `limit`; its outcome's name and the time taken.
fn timed(puzzle: &Puzzle, limit: Duration) -> (&'static str, Duration) {
    let start = Instant::now();
    let settings = Settings {
        deadline: Some(start + limit),
        ..Settings::default()
    };
    let word = match solve_with(puzzle, settings).outcome {
        Outcome::Unique(_) => "unique",
        Outcome::Multiple(_) => "multiple",
        Outcome::NoSolution => "none",
        Outcome::Undecided(_) => "undecided",
    };
    (word, start.elapsed())
}

fn slink(puzzle: &Puzzle) -> (&'static str, Duration) {
    timed(puzzle, LIMIT)
}

fn sudominoku(puzzle: &slink::sudominoku::puzzle::Puzzle) -> (&'static str, Duration) {
    use slink::sudominoku::solve::{solve_within, Outcome};
    let start = Instant::now();
    let word = match solve_within(puzzle, Some(start + LIMIT), &mut || {}) {
        Outcome::Unique(_) => "unique",
        Outcome::Multiple(..) => "multiple",
        Outcome::NoSolution => "none",
        Outcome::Undecided(_) => "undecided",
    };
    (word, start.elapsed())
}

fn akari(puzzle: &slink::akari::puzzle::Puzzle) -> (&'static str, Duration) {
    use slink::akari::solve::{solve_within, Outcome};
    let start = Instant::now();
    let word = match solve_within(puzzle, Some(start + LIMIT)) {
        Outcome::Unique(_) => "unique",
        Outcome::Multiple(_) => "multiple",
        Outcome::NoSolution => "none",
        Outcome::Undecided(_) => "undecided",
    };
    (word, start.elapsed())
}

/// Solves every puzzle with `solve` and prints the class's line.
fn report<P>(class: &str, puzzles: &[P], solve: impl Fn(&P) -> (&'static str, Duration)) {
    let mut times = Vec::new();
    let mut words: Vec<(&str, usize)> = Vec::new();
    for puzzle in puzzles {
        let (word, time) = solve(puzzle);
        times.push(time);
        match words.iter_mut().find(|(w, _)| *w == word) {
            Some((_, n)) => *n += 1,
            None => words.push((word, 1)),
        }
    }
    times.sort();
    let undecided = words
        .iter()
        .find(|(w, _)| *w == "undecided")
        .map_or(0, |&(_, n)| n);
    let outcomes: Vec<String> = words.iter().map(|(w, n)| format!("{n} {w}")).collect();
    println!(
        "{class:<10} {:>4} puzzles, {:>4} decided ({}); median {:>9.3} ms, worst {:>9.3} ms",
        puzzles.len(),
        puzzles.len() - undecided,
        outcomes.join(", "),
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
    );
}

/// A planted puzzle with clues removed, in random order, as long as the answer
/// stays unique (a clue whose removal cannot be decided in a quarter of a second stays).
fn setter_puzzle(rng: &mut Rng, rows: u32, cols: u32) -> Puzzle {
    let mut puzzle = common::clues_of(&common::random_loop(rng, rows, cols));
    let mut order: Vec<usize> = (0..puzzle.clues.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for cell in order {
        let clue = puzzle.clues[cell].take();
        if timed(&puzzle, Duration::from_millis(250)).0 != "unique" {
            puzzle.clues[cell] = clue;
        }
    }
    puzzle
}

/// `typo`: a setter's puzzle with one clue removed, or changed to another
/// number, at random.
fn typo_puzzles(count: usize, seed: u64) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let rows = 10 + rng.below(11) as u32;
            let cols = 10 + rng.below(11) as u32;
            let mut puzzle = setter_puzzle(&mut rng, rows, cols);
            let clued: Vec<usize> = (0..puzzle.clues.len())
                .filter(|&i| puzzle.clues[i].is_some())
                .collect();
            let cell = clued[rng.below(clued.len() as u64) as usize];
            puzzle.clues[cell] = if rng.chance(50) {
                None
            } else {
                let old = puzzle.clues[cell].unwrap_or(0);
                Some((old + 1 + rng.below(3) as u8) % 4)
            };
            puzzle
        })
        .collect()
}

/// `blank70`: planted puzzles with a share of the clues blanked.
fn blanked_puzzles(count: usize, size: u32, percent: u64, seed: u64) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let mut puzzle = common::clues_of(&common::random_loop(&mut rng, size, size));
            for clue in puzzle.clues.iter_mut() {
                if rng.chance(percent) {
                    *clue = None;
                }
            }
            puzzle
        })
        .collect()
}

fn blank(size: u32) -> Puzzle {
    Puzzle {
        rows: size,
        cols: size,
        clues: vec![None; (size * size) as usize],
    }
}

fn main() {
    // `cargo bench` passes `--bench`; other arguments name classes.
    let chosen: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let run = |class: &str| chosen.is_empty() || chosen.iter().any(|c| c == class);
    if run("typo") {
        let start = Instant::now();
        let puzzles = typo_puzzles(200, 15);
        println!(
            "(typo: 200 setter's puzzles made in {:.1} s)",
            start.elapsed().as_secs_f64()
        );
        report("typo", &puzzles, slink);
    }
    if run("blank70") {
        report("blank70", &blanked_puzzles(200, 20, 70, 70), slink);
    }
    if run("sudominoku") {
        let mut rng = Rng::new(2011);
        let puzzles: Vec<_> = (0..100)
            .map(|i| {
                let answer = common::sudominoku_planted(&mut rng);
                common::sudominoku_puzzle(&mut rng, &answer, i / 10)
            })
            .collect();
        report("sudominoku", &puzzles, sudominoku);
    }
    if run("akari") {
        // Few numbers (each kept with a chance of one in ten), and every
        // number the planted lights give (the harder: more cells to reason
        // about before a light can be ruled out).
        for (class, kept, seed) in [("akari", 10, 2005), ("akari all", 100, 2006)] {
            let mut rng = Rng::new(seed);
            let puzzles: Vec<_> = (0..50)
                .map(|_| {
                    let mut puzzle = common::akari_planted(&mut rng, 50);
                    for square in puzzle.squares.iter_mut() {
                        match square {
                            Square::Light => *square = Square::Empty,
                            Square::Grey(Some(_)) if !rng.chance(kept) => {
                                *square = Square::Grey(None)
                            }
                            _ => {}
                        }
                    }
                    puzzle
                })
                .collect();
            report(class, &puzzles, akari);
        }
    }
    if run("hard") {
        let samples = [
            include_str!("../samples/hard/minimal-60x60.in"),
            include_str!("../samples/hard/loose-60x60-70.in"),
            include_str!("../samples/hard/loose-60x60-70-seed8.in"),
        ];
        let classes = ["minimal 60×60", "hard loose 60×60", "loose 60×60, seed 8"];
        for (class, text) in classes.iter().zip(samples) {
            let puzzles = slink::parse_all(text).expect("the sample reads");
            report(class, &puzzles, slink);
        }
    }
    if run("blank") {
        report("300×300", &[blank(300)], slink);
        report("1000×1000", &[blank(1000)], slink);
    }
}
