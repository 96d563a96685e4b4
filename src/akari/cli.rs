//! The `akari` command line: `akari [--max-seconds S] [validate | solve] [FILE]`.
//!
//! Exit status: 0 for a validation verdict (whatever it says) or a unique answer;
//! 1 when the puzzle has no answer or several (one is printed, with a warning),
//! or is undecided at the time limit;
//! 2 for a usage error, an unreadable file or malformed input.

use std::ffi::OsString;
use std::process::ExitCode;

use crate::akari::judge::{answer, solved, Task, Trouble};
use crate::akari::puzzle::{Puzzle, Square};
use crate::deadline::{deadline, parse_seconds};
use crate::formats::{puzzlink, pzprv3, svg};
use crate::output::{self, Output};
use crate::tokens::open_input;

const USAGE: &str = "\
usage: akari [--format judge|url|pzprv3|svg] [--max-seconds S] [validate | solve] [FILE]

Validates or solves a Light Up (Akari) puzzle. Reads FILE, or standard input when
FILE is absent or '-'.

  validate    print one verdict: 'Puzzle is solved.', 'Puzzle is incomplete,
              cell CR is not illuminated', 'Puzzle is invalid, cells CR and CR
              illuminate each other' or 'Puzzle is invalid, wrong number of
              adjacent lights for grey cell CR' (CR: row then column, from 0;
              'r,c' on grids larger than 10)
  solve       print the solved grid (the default); lights already placed are kept
  --format F  judge (the default: the notation), url (the puzzle's puzz.link
              URL, unsolved), pzprv3 (the answer as a file puzz.link opens)
              or svg (a picture of the answer: black cells, lights, the cells
              they light)
  --max-seconds S
              give the solve at most S seconds (fractions allowed); past it
              the puzzle is undecided: the answer found so far is printed, if
              any (default: no limit)

Input: the size N (1 to 50), then N rows of N cells: '.' white, 'X' grey, '0'-'4'
grey with a number, '*' a light. Or a puzz.link URL, a Light Up game ID, a
janko.at block or a pzprv3 file, of up to 2,500 cells.

Exit status: 0 verdict printed or unique answer; 1 no answer or several (one is
printed and a warning given), or undecided at the time limit; 2 usage error,
unreadable file or malformed input.
";

/// Runs the binary (see [`output::main`]).
pub fn main() -> ExitCode {
    output::main("akari", run)
}

fn run(args: &[OsString], out: &mut Output) -> Result<ExitCode, String> {
    let mut task = None;
    let mut file = None;
    let mut limit = None;
    let mut written = Written::Judge;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        match text.as_ref() {
            "--format" => {
                written = match args
                    .next()
                    .map(|v| v.to_string_lossy().into_owned())
                    .as_deref()
                {
                    Some("judge") => Written::Judge,
                    Some("url") => Written::Url,
                    Some("pzprv3") => Written::Pzprv3,
                    Some("svg") => Written::Svg,
                    _ => {
                        return Err(format!(
                            "--format needs one of judge, url, pzprv3, svg\n{}",
                            usage_line()
                        ))
                    }
                };
            }
            "--max-seconds" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                let seconds = parse_seconds(value.as_deref());
                limit = Some(seconds.map_err(|e| format!("{e}\n{}", usage_line()))?);
            }
            "-h" | "--help" => {
                write_all(out, USAGE)?;
                return Ok(ExitCode::SUCCESS);
            }
            "validate" if task.is_none() && file.is_none() => task = Some(Task::Validate),
            "solve" if task.is_none() && file.is_none() => task = Some(Task::Solve),
            t if t.starts_with('-') && t != "-" => {
                return Err(format!("unknown option '{t}'\n{}", usage_line()))
            }
            _ if file.is_none() => file = Some(arg.clone()),
            t => return Err(format!("unexpected argument '{t}'\n{}", usage_line())),
        }
    }
    let input = open_input(file.as_deref(), None)?;
    let (puzzle, given) = Puzzle::read_with_answer(input).map_err(|e| e.to_string())?;
    let task = task.unwrap_or(Task::Solve);
    if written != Written::Judge && task == Task::Validate {
        return Err(format!(
            "--format url, pzprv3 and svg cannot be combined with validate\n{}",
            usage_line()
        ));
    }
    if written == Written::Url {
        write_all(out, &format!("{}\n", puzzlink::encode_akari(&puzzle)))?;
        return Ok(ExitCode::SUCCESS);
    }
    if task == Task::Validate {
        let (text, _) = answer(task, &puzzle, None);
        write_all(out, &text)?;
        return Ok(ExitCode::SUCCESS);
    }
    let (solution, trouble) = solved(&puzzle, deadline(limit));
    // A file's answer (a janko.at solution) is checked against a unique one.
    let disagreement = match (&given, &solution, trouble) {
        (Some(given), Some(found), None) => given
            .iter()
            .zip(&found.squares)
            .position(|(&g, &f)| g != (f == Square::Light)),
        _ => None,
    };
    let text = match (written, &solution) {
        (Written::Svg, _) => svg::akari(solution.as_ref().unwrap_or(&puzzle)),
        (Written::Pzprv3, _) => pzprv3::encode_akari(solution.as_ref().unwrap_or(&puzzle)),
        (_, Some(found)) => found.render(),
        (_, None) => String::new(),
    };
    let code = match (trouble, disagreement) {
        (None, Some(cell)) => {
            let (said, is) = match given.as_ref().map(|g| g[cell]) {
                Some(true) => ("a light", "none"),
                _ => ("no light", "a light"),
            };
            let name = puzzle.cell_name(cell);
            output::error(
                "akari",
                &format!("the file's solution disagrees with the answer: cell {name} has {said} there, {is} in the answer"),
            );
            ExitCode::from(1)
        }
        (None, None) => ExitCode::SUCCESS,
        (Some(trouble), _) => {
            output::error(
                "akari",
                &match trouble {
                    Trouble::Multiple => "more than one solution; printed one",
                    Trouble::NoSolution => "no solution",
                    Trouble::Undecided if text.is_empty() => {
                        "undecided at the time limit, with no answer found"
                    }
                    Trouble::Undecided => {
                        "undecided at the time limit; printed an answer that may not be the only one"
                    }
                },
            );
            ExitCode::from(1)
        }
    };
    write_all(out, &text)?;
    Ok(code)
}

/// What `--format` writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Written {
    /// The statement's notation (the default).
    Judge,
    /// The puzzle's puzz.link URL, unsolved.
    Url,
    /// The answer as a pzprv3 file (the puzzle when it has none).
    Pzprv3,
    /// A picture of the answer (of the puzzle when it has none).
    Svg,
}

/// Writes `text` and flushes it; the error is the message to print.
fn write_all(out: &mut Output, text: &str) -> Result<(), String> {
    out.write(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| format!("cannot write output: {e}"))
}

fn usage_line() -> &'static str {
    USAGE.lines().next().unwrap_or("")
}
