//! The `sudominoku` command line: `sudominoku [FILE]`, standard input by default.
//!
//! Prints `Puzzle K` and the nine rows of each answer, as the judges do. A puzzle
//! whose grid is not unique prints the first grid and shows a second one on
//! stderr; one with no grid prints `no solution`; both exit 1. Malformed input
//! stops after everything before it is printed: `sudominoku: line L, column C:
//! …`, exit 2.

use std::ffi::OsString;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use crate::sudominoku::judge::answer;
use crate::sudominoku::puzzle::PuzzleReader;
use crate::sudominoku::solve::{solve, Outcome};
use crate::tokens::open_input;

const USAGE: &str = "\
usage: sudominoku [FILE]

Solves Su-domino-ku puzzles (ICPC Mid-Central USA 2011, Problem D) from FILE, or
standard input when FILE is absent or '-'. With no FILE, reads ./sudominoku.in
instead when standard input is empty (and not a terminal) and that file exists.

Input: N, then N dominoes 'U LU V LV' (digits 1-9, places A1-I9 side by side),
then the places of the single digits 1 to 9; repeated; '0' ends the input.
Output: 'Puzzle K', then the grid, nine rows of nine digits.

Exit status: 0 every grid unique; 1 some puzzle had no grid or several (a second
grid is shown on standard error); 2 usage error, unreadable file or malformed
input.
";

/// Runs the binary.
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("sudominoku: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[OsString]) -> Result<ExitCode, String> {
    let mut file = None;
    for arg in args {
        match arg.to_string_lossy().as_ref() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            t if t.starts_with('-') && t != "-" => {
                return Err(format!("unknown option '{t}'\n{}", usage_line()))
            }
            t if file.is_some() => {
                return Err(format!("unexpected argument '{t}'\n{}", usage_line()))
            }
            _ => file = Some(arg.clone()),
        }
    }
    let input = open_input(file.as_deref(), Some("sudominoku.in"))?;
    let mut out = BufWriter::new(io::stdout().lock());
    match solve_all(input, &mut out) {
        Err(Failure::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(Failure::Write(e)) => Err(format!("cannot write output: {e}")),
        Err(Failure::Input(message)) => Err(message),
        Ok(code) => Ok(code),
    }
}

fn usage_line() -> &'static str {
    USAGE.lines().next().unwrap_or("")
}

enum Failure {
    Input(String),
    Write(io::Error),
}

fn solve_all(input: impl Read, out: &mut impl Write) -> Result<ExitCode, Failure> {
    let mut reader = PuzzleReader::new(input);
    let mut code = ExitCode::SUCCESS;
    let mut number = 0;
    loop {
        let puzzle = match reader.next_puzzle() {
            Ok(Some(p)) => p,
            Ok(None) => break,
            Err(e) => {
                out.flush().map_err(Failure::Write)?;
                return Err(Failure::Input(e.to_string()));
            }
        };
        number += 1;
        let outcome = solve(&puzzle);
        let note = match &outcome {
            Outcome::Unique(_) => None,
            Outcome::Multiple(_, b) => Some(format!(
                "puzzle {number} has more than one solution; printed one; another is\n{}",
                b.render()
            )),
            Outcome::NoSolution => Some(format!("puzzle {number} has no solution\n")),
        };
        out.write_all(answer(number, &outcome).as_bytes())
            .map_err(Failure::Write)?;
        if let Some(note) = note {
            code = ExitCode::from(1);
            out.flush().map_err(Failure::Write)?;
            eprint!("sudominoku: {note}");
        }
    }
    out.flush().map_err(Failure::Write)?;
    Ok(code)
}
