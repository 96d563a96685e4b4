//! The command line for puzzles on Loopy's other grids (read from its game
//! IDs): each is solved and written as `slink` writes a square one, with the
//! answer as Loopy's own solve move where the judge's picture would be.
//!
//! Solving: the line `K`, then the game ID and the answer as Loopy's solve
//! move (`S0y1n…`, the `SOLVE` line of the game `sgt-loopy` saves with
//! `--save --with-solutions`), or `no solution`; a note on stderr when the
//! answer is not the only one. `--format svg` draws it, `--format loopy`
//! writes the ID back, `--unsolved` draws the puzzle alone.

use std::io;

use crate::cli::deadline::deadline;
use crate::cli::error::CliError;
use crate::cli::options::{Options, Written};
use crate::cli::output::Output;
use crate::cli::save_svg;
use crate::formats::{graph_svg, loopy, Format};
use crate::graph::puzzle::GraphPuzzle;
use crate::graph::solve::{solve, GraphOutcome};

/// Solves (or writes) puzzle `number`, on another grid than the square one;
/// returns whether it had exactly one answer.
pub(crate) fn graph_one(
    number: usize,
    puzzle: &GraphPuzzle,
    options: &Options,
    out: &mut Output,
) -> Result<bool, CliError> {
    if let Some(option) = square_only(options) {
        return Err(CliError::Input(format!(
            "puzzle {number} is on Loopy's {} grid, and {option} takes square grids only",
            puzzle.layout.kind.name
        )));
    }
    let written = match (options.written, &options.out_dir) {
        (Written::Puzzle(Format::Loopy), _) => {
            out.write(format!("{}\n", loopy::encode_graph(puzzle)).as_bytes())
        }
        (Written::UnsolvedSvg, Some(dir)) => {
            save_svg(dir, number, &graph_svg::encode(puzzle, None))
        }
        (Written::UnsolvedSvg, None) => out.write(graph_svg::encode(puzzle, None).as_bytes()),
        _ => return solve_one(number, puzzle, options, out).map_err(CliError::Write),
    };
    written.map_err(CliError::Write)?;
    Ok(true)
}

/// The option asked for that only square puzzles take, if any.
fn square_only(options: &Options) -> Option<&'static str> {
    let format = match options.written {
        Written::Puzzle(Format::Loopy) | Written::Judge | Written::Svg | Written::UnsolvedSvg => {
            None
        }
        Written::Pzprv3 | Written::Puzzle(Format::Pzprv3) => Some("--format pzprv3"),
        Written::Puzzle(Format::Contest) => Some("--format contest"),
        Written::Puzzle(Format::PuzzLink) => Some("--format url"),
        Written::Puzzle(Format::Janko) => Some("--format janko"),
        Written::Puzzle(Format::Picture) => Some("--format picture"),
    };
    let modes = [
        (options.check, "--check"),
        (options.fix, "--fix"),
        (options.count, "--count"),
        (options.explain, "--explain"),
        (options.rules_only, "--rules-only"),
        (options.hint, "--hint"),
        (options.grade, "--grade"),
    ];
    format.or_else(|| modes.iter().find(|(on, _)| *on).map(|&(_, name)| name))
}

/// Solves one puzzle and writes its answer; returns whether it was unique.
fn solve_one(
    number: usize,
    puzzle: &GraphPuzzle,
    options: &Options,
    out: &mut Output,
) -> io::Result<bool> {
    let outcome = solve(puzzle, deadline(options.max_seconds));
    let (answer, message) = match &outcome {
        GraphOutcome::Unique(answer) => (Some(answer), None),
        GraphOutcome::Multiple(answer) => (
            Some(answer),
            Some("has more than one solution; printed one"),
        ),
        GraphOutcome::NoSolution => (None, Some("has no solution")),
        GraphOutcome::Undecided(Some(answer)) => (
            Some(answer),
            Some("is undecided at the time limit; printed an answer that may not be the only one"),
        ),
        GraphOutcome::Undecided(None) => (
            None,
            Some("is undecided at the time limit, with no answer found"),
        ),
    };
    let states = answer.map(|a| a.as_slice());
    match (options.written, &options.out_dir) {
        (Written::Svg, Some(dir)) => save_svg(dir, number, &graph_svg::encode(puzzle, states))?,
        (Written::Svg, None) => out.write(graph_svg::encode(puzzle, states).as_bytes())?,
        _ => {
            let text = match (states, &outcome) {
                (Some(states), _) => {
                    format!(
                        "{number}\n{}\n{}\n",
                        loopy::encode_graph(puzzle),
                        loopy::solve_move(states)
                    )
                }
                (None, GraphOutcome::NoSolution) => format!("{number}\nno solution\n"),
                (None, _) => format!("{number}\nundecided\n"),
            };
            out.write(text.as_bytes())?;
        }
    }
    if let Some(message) = message {
        out.note(&format!("slink: puzzle {number} {message}\n"))?;
        return Ok(false);
    }
    Ok(true)
}
