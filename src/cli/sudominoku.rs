//! The `sudominoku` command line: `sudominoku [--max-seconds S] [FILE...]`,
//! standard input by default.
//!
//! Prints `Puzzle K` and the nine rows of each answer, as the judges do. A puzzle
//! whose grid is not unique prints the first grid and shows a second one on
//! stderr; one with no grid prints `no solution`; both exit 1. Malformed input
//! stops after everything before it is printed: `sudominoku: line L, column C:
//! …`, exit 2.

use std::ffi::OsString;
use std::io::{self, Read};
use std::process::ExitCode;
use std::time::Duration;

use crate::cli::deadline::deadline;
use crate::cli::inputs::inputs;
use crate::cli::output::{self, Output};
use crate::cli::words::{flag, parse_seconds, split_values, unknown_option, valued, version, Spec};
use crate::sudominoku::judge::answer;
use crate::sudominoku::puzzle::PuzzleReader;
use crate::sudominoku::solve::{solve_within, Outcome};

const USAGE: &str = "\
usage: sudominoku [--max-seconds S] [FILE...]

Solves Su-domino-ku puzzles (ICPC Mid-Central USA 2011, Problem D) from each
FILE in turn (numbered on from one to the next), or standard input when there
is none or FILE is '-'. With no FILE, reads ./sudominoku.in instead when
standard input is empty or a terminal and that file exists.

Input: N, then N dominoes 'U LU V LV' (digits 1-9, places A1-I9 side by side),
then the places of the single digits 1 to 9; repeated; '0' ends the input.
Output: 'Puzzle K', then the grid, nine rows of nine digits.

Options:
  --max-seconds S    give each puzzle at most S seconds (fractions allowed);
                     past it the puzzle is undecided: the grid found so far is
                     printed, or 'undecided' if none, and the next puzzle goes
                     on (default: no limit)
  -h, --help         print this help
  -V, --version      print the version

Exit status: 0 every grid unique; 1 some puzzle had no grid or several (a second
grid is shown on standard error), or was undecided at the time limit; 2 usage
error, unreadable file or malformed input.
";

/// Runs the binary (see [`output::main`]).
pub fn main() -> ExitCode {
    output::main("sudominoku", run)
}

/// Every option `sudominoku` takes, and whether it takes a value: what the
/// parser reads (`--opt=value` is split by it), and the nearest one to a
/// mistyped option.
const OPTIONS: [Spec; 5] = [
    valued("--max-seconds"),
    flag("--help"),
    flag("--version"),
    flag("-h"),
    flag("-V"),
];

fn run(args: &[OsString], out: &mut Output) -> Result<ExitCode, String> {
    let mut files: Vec<OsString> = Vec::new();
    let mut limit = None;
    let args = split_values(args, &OPTIONS).map_err(|e| format!("{e}\n{}", usage_line()))?;
    let mut args = args.iter();
    let written = |out: &mut Output, text: &str| {
        out.write(text.as_bytes()).map_err(write_error)?;
        out.flush().map_err(write_error)?;
        Ok(ExitCode::SUCCESS)
    };
    while let Some(arg) = args.next() {
        match arg.to_string_lossy().as_ref() {
            "--max-seconds" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                let seconds = parse_seconds(value.as_deref());
                limit = Some(seconds.map_err(|e| format!("{e}\n{}", usage_line()))?);
            }
            "-h" | "--help" => return written(out, USAGE),
            "-V" | "--version" => return written(out, &version("sudominoku")),
            t if t.starts_with('-') && t != "-" => {
                let message = unknown_option("sudominoku", t, &OPTIONS);
                return Err(format!("{message}\n{}", usage_line()));
            }
            _ => files.push(arg.clone()),
        }
    }
    let inputs = inputs(&files, |_| false);
    let several = inputs.len() > 1;
    let mut number = 0;
    let mut code = ExitCode::SUCCESS;
    for input in &inputs {
        let reader = input.open(!files.is_empty(), Some("sudominoku.in"), usage_line())?;
        match solve_all(reader, limit, out, &mut number) {
            Err(Failure::Write(e)) => return Err(write_error(e)),
            Err(Failure::Input(message)) => {
                return Err(match input.label(several) {
                    Some(label) => format!("{label}: {message}"),
                    None => message,
                })
            }
            Ok(true) => {}
            Ok(false) => code = ExitCode::from(1),
        }
    }
    if number == 0 {
        out.note("sudominoku: no puzzles read\n")
            .map_err(write_error)?;
    }
    Ok(code)
}

fn write_error(e: io::Error) -> String {
    format!("cannot write output: {e}")
}

fn usage_line() -> &'static str {
    USAGE.lines().next().unwrap_or("")
}

enum Failure {
    Input(String),
    Write(io::Error),
}

/// Solves every puzzle of one input, numbering them on from `number`;
/// returns whether each had exactly one grid.
fn solve_all(
    input: impl Read,
    limit: Option<Duration>,
    out: &mut Output,
    number: &mut usize,
) -> Result<bool, Failure> {
    let mut reader = PuzzleReader::new(input);
    let mut all_unique = true;
    loop {
        let puzzle = match reader.next_puzzle() {
            Ok(Some(p)) => p,
            Ok(None) => break,
            Err(e) => return Err(Failure::Input(e.to_string())),
        };
        *number += 1;
        let number = *number;
        // Answers already written go out before a search that may be long.
        let mut flush = || {
            // A failing stdout fails the next write as well, which reports it.
            let _ = out.flush();
        };
        let outcome = solve_within(&puzzle, deadline(limit), &mut flush);
        let note = match &outcome {
            Outcome::Unique(_) => None,
            Outcome::Multiple(_, b) => Some(format!(
                "puzzle {number} has more than one solution; printed one; another is\n{}",
                b.render()
            )),
            Outcome::NoSolution => Some(format!("puzzle {number} has no solution\n")),
            Outcome::Undecided(Some(_)) => Some(format!(
                "puzzle {number} is undecided at the time limit; printed a grid that may not be the only one\n"
            )),
            Outcome::Undecided(None) => Some(format!(
                "puzzle {number} is undecided at the time limit, with no grid found\n"
            )),
        };
        out.write(answer(number, &outcome).as_bytes())
            .map_err(Failure::Write)?;
        if let Some(note) = note {
            all_unique = false;
            out.note(&format!("sudominoku: {note}"))
                .map_err(Failure::Write)?;
        }
    }
    out.flush().map_err(Failure::Write)?;
    Ok(all_unique)
}
