//! The judge path of `akari`: what its judge file runs (`cargo run --example
//! bundle -- akari`), and what the command line shares with it. The statement
//! has two tasks, so the one argument a judge file takes is the task:
//! `validate`, or `solve` (the default). It reads one puzzle from standard input
//! and prints the verdict or the solved grid.
//!
//! Exit status 0 whenever the answer was written (a puzzle with several answers
//! prints one); a puzzle with no answer prints nothing and says so on standard
//! error, exit 1; malformed input is `akari: line L, column C: …`, exit 2.
//! Everything here keeps to Rust 1.56 (see [`crate::slink::judge`]).

use std::io::{self, Write};
use std::time::Instant;

use crate::akari::puzzle::Puzzle;
use crate::akari::solve::{solve_within, Outcome};
use crate::akari::validate::{validate, Message};

/// The statement's two tasks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Task {
    /// Print one of the four verdicts.
    Validate,
    /// Print the solved grid.
    Solve,
}

/// Runs the judge path on standard input and exits.
pub fn main() {
    let task = match std::env::args().nth(1).as_deref() {
        Some("validate") => Task::Validate,
        _ => Task::Solve,
    };
    let stdin = io::stdin();
    let puzzle = match Puzzle::read(stdin.lock()) {
        Ok(puzzle) => puzzle,
        Err(e) => {
            eprintln!("akari: {}", e);
            std::process::exit(2);
        }
    };
    let (text, trouble) = answer(task, &puzzle, None);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
    if trouble == Some(Trouble::NoSolution) {
        eprintln!("akari: no solution");
        std::process::exit(1);
    }
}

/// Why an answer is not the whole story.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Trouble {
    /// Several answers: the text holds the first one found.
    Multiple,
    /// No answer: the text is empty.
    NoSolution,
    /// The time limit passed: the text holds an answer found by then, if any.
    Undecided,
}

/// The text a task prints for `puzzle`, and what is wrong with it, if anything.
/// A solve gives up at `deadline` (judge files set none).
pub(crate) fn answer(
    task: Task,
    puzzle: &Puzzle,
    deadline: Option<Instant>,
) -> (String, Option<Trouble>) {
    match task {
        Task::Validate => (format!("{}\n", Message(puzzle, &validate(puzzle))), None),
        Task::Solve => {
            let (answer, trouble) = solved(puzzle, deadline);
            (answer.map_or(String::new(), |a| a.render()), trouble)
        }
    }
}

/// The answer a solve gives (if any) and what is wrong with it.
pub(crate) fn solved(
    puzzle: &Puzzle,
    deadline: Option<Instant>,
) -> (Option<Puzzle>, Option<Trouble>) {
    match solve_within(puzzle, deadline) {
        Outcome::Unique(answer) => (Some(answer), None),
        Outcome::Multiple(answer) => (Some(answer), Some(Trouble::Multiple)),
        Outcome::NoSolution => (None, Some(Trouble::NoSolution)),
        // Only with a time limit, which judge files never set.
        Outcome::Undecided(answer) => (answer, Some(Trouble::Undecided)),
    }
}
