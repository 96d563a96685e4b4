//! The full real-puzzle runs, too slow or too data-heavy for every `cargo test`
//! (run with `cargo test --release -- --ignored`):
//! - the 1,152 janko.at / puzz.link puzzles of `../shared/slitherlink-janko/`
//!   must all be unique and print exactly `solutions.out`;
//! - every puzzle of `unsolved.in` (up to 60×60) gets a verified answer;
//! - the blank 5×5 grid has exactly 1,222,363 loops.
//!
//! Timings of the janko set are printed by `cargo bench` (see docs/figures.md).

mod common;

use slink::check::slink::verify;
use slink::render::{write_picture, Marks};
use slink::{count_solutions, parse_all, solve, Outcome};

/// A file of the janko set; the test fails, saying why, without it.
fn shared(name: &str) -> String {
    let bytes = common::shared_file(&format!("slitherlink-janko/{name}"));
    String::from_utf8(bytes).expect("the janko set is UTF-8")
}

#[test]
#[ignore = "needs ../shared/slitherlink-janko; slow in a debug build"]
fn janko_set_solved_exactly() {
    let (input, expected) = (shared("puzzles.in"), shared("solutions.out"));
    let puzzles = parse_all(&input).expect("the janko set parses");
    assert_eq!(puzzles.len(), 1152);
    let mut out = Vec::new();
    for (i, p) in puzzles.iter().enumerate() {
        match solve(p).outcome {
            Outcome::Unique(s) => {
                out.extend_from_slice(format!("{}\n", i + 1).as_bytes());
                write_picture(&mut out, s.grid(), &p.clues, s.states(), Marks::LinesOnly)
                    .expect("a Vec takes every write");
            }
            other => panic!("puzzle {} is not unique: {other:?}", i + 1),
        }
    }
    assert!(
        out == expected.as_bytes(),
        "the answers differ from solutions.out"
    );
}

#[test]
#[ignore = "needs ../shared/slitherlink-janko; slow in a debug build"]
fn janko_unsolved_set_answered() {
    let input = shared("unsolved.in");
    for (i, p) in parse_all(&input).expect("parses").iter().enumerate() {
        match solve(p).outcome {
            Outcome::Unique(s) | Outcome::Multiple(s) => {
                assert_eq!(verify(&p.clues, &s.drawing()), Ok(()), "puzzle {}", i + 1)
            }
            Outcome::NoSolution => panic!("puzzle {} has no answer", i + 1),
            Outcome::Undecided(_) => unreachable!("no time limit was set"),
        }
    }
}

#[test]
#[ignore = "slow in a debug build"]
fn blank_five_by_five_has_1222363_loops() {
    let p = parse_all(&format!("5 5 {}", ". ".repeat(25)))
        .expect("parses")
        .remove(0);
    assert_eq!(count_solutions(&p, u64::MAX), 1_222_363);
}
