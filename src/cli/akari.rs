//! The `akari` command line: `akari [--format F] [--max-seconds S] [validate | solve] [FILE...]`.
//!
//! Exit status: 0 for a validation verdict (whatever it says) or a unique answer;
//! 1 when the puzzle has no answer or several (one is printed, with a warning),
//! or is undecided at the time limit;
//! 2 for a usage error, an unreadable file or malformed input.

use std::ffi::OsString;
use std::process::ExitCode;

use crate::akari::judge::{answer, solved, Task, Trouble};
use crate::akari::puzzle::Square;
use crate::cli::deadline::deadline;
use crate::cli::inputs::inputs;
use crate::cli::output::{self, Output};
use crate::cli::words::{
    bad_value, flag, parse_seconds, split_values, unknown_option, valued, version, Spec,
};
use crate::formats::read::{one_token_puzzle, AkariReader, WithAnswer};
use crate::formats::write::{self, Akari};

const USAGE: &str = "\
usage: akari [--format judge|url|pzprv3|svg] [--max-seconds S] [validate | solve] [FILE...]

Validates or solves a Light Up (Akari) puzzle. Reads each FILE in turn, or
standard input when there is none or FILE is '-'. A puzz.link URL or a Light Up
game ID may be given in place of a FILE (a file of that name wins).

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
  -h, --help  print this help
  -V, --version
              print the version

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

/// Every option `akari` takes, and whether it takes a value: what the parser
/// reads (`--opt=value` is split by it), and the nearest one to a mistyped
/// option.
const OPTIONS: [Spec; 6] = [
    valued("--format"),
    valued("--max-seconds"),
    flag("--help"),
    flag("--version"),
    flag("-h"),
    flag("-V"),
];

fn run(args: &[OsString], out: &mut Output) -> Result<ExitCode, String> {
    let mut task = None;
    let mut files: Vec<OsString> = Vec::new();
    let mut limit = None;
    let mut written = Written::Judge;
    let usage_error = |message: String| format!("{message}\n{}", usage_line());
    let args = split_values(args, &OPTIONS).map_err(usage_error)?;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        match text.as_ref() {
            "--format" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                written = match value.as_deref() {
                    Some("judge") => Written::Judge,
                    Some("url") => Written::Url,
                    Some("pzprv3") => Written::Pzprv3,
                    Some("svg") => Written::Svg,
                    value => {
                        let needs = "one of judge, url, pzprv3, svg";
                        return Err(usage_error(bad_value("--format", needs, value)));
                    }
                };
            }
            "--max-seconds" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                limit = Some(parse_seconds(value.as_deref()).map_err(usage_error)?);
            }
            "-h" | "--help" => {
                write_all(out, USAGE)?;
                return Ok(ExitCode::SUCCESS);
            }
            "-V" | "--version" => {
                write_all(out, &version("akari"))?;
                return Ok(ExitCode::SUCCESS);
            }
            "validate" if task.is_none() && files.is_empty() => task = Some(Task::Validate),
            "solve" if task.is_none() && files.is_empty() => task = Some(Task::Solve),
            t if t.starts_with('-') && t != "-" => {
                return Err(usage_error(unknown_option("akari", t, &OPTIONS)))
            }
            _ => files.push(arg.clone()),
        }
    }
    let task = task.unwrap_or(Task::Solve);
    if written != Written::Judge && task == Task::Validate {
        return Err(usage_error(
            "--format url, pzprv3 and svg cannot be combined with validate".to_string(),
        ));
    }
    let inputs = inputs(&files, one_token_puzzle);
    let several_inputs = inputs.len() > 1;
    if several_inputs && written == Written::Svg {
        return Err("--format svg draws one puzzle; the input holds more".to_string());
    }
    let mut job = Job {
        task,
        written,
        limit,
        several: several_inputs,
    };
    let mut worst = 0;
    let mut number = 0;
    for input in &inputs {
        let label = input.label(several_inputs);
        let placed = |e: String| match &label {
            Some(label) => format!("{label}: {e}"),
            None => e,
        };
        let reader = input.open(!files.is_empty(), None, usage_line())?;
        let mut puzzles = AkariReader::new(reader);
        let mut read = || puzzles.next_puzzle().map_err(|e| placed(e.to_string()));
        let first = read()?.ok_or_else(|| placed("expected a puzzle".to_string()))?;
        // One puzzle prints as the statement asks; several (in the
        // community's formats, or from several inputs) each after its
        // number, as `slink` prints its answers. Whether there are several
        // is seen from whether anything follows the first, so that its
        // answer keeps its number when what follows turns out malformed,
        // and goes out before the rest is read. The notation holds one
        // puzzle alone: what follows it is an error, not a second puzzle.
        if !puzzles.in_notation() && puzzles.more() {
            job.several = true;
            if written == Written::Svg {
                return Err("--format svg draws one puzzle; the input holds more".to_string());
            }
        }
        number += 1;
        worst = worst.max(job.one(number, first, out)?);
        let mut read = || puzzles.next_puzzle().map_err(|e| placed(e.to_string()));
        while let Some(puzzle) = read()? {
            number += 1;
            worst = worst.max(job.one(number, puzzle, out)?);
        }
    }
    Ok(ExitCode::from(worst))
}

/// What to do with each puzzle of a run.
struct Job {
    task: Task,
    written: Written,
    limit: Option<std::time::Duration>,
    /// The input holds more than one puzzle: each answer comes after its
    /// number, and each note names its puzzle.
    several: bool,
}

impl Job {
    /// Answers puzzle `number` and its file's answer (`given`, if any);
    /// returns its exit status (0 or 1), or the message of a failed write.
    fn one(
        &self,
        number: usize,
        (puzzle, given): WithAnswer,
        out: &mut Output,
    ) -> Result<u8, String> {
        let written = self.written;
        if self.several && written == Written::Judge {
            write_all(out, &format!("{number}\n"))?;
        }
        if written == Written::Url {
            write_all(out, &write::akari(&puzzle, Akari::Url))?;
            return Ok(0);
        }
        if self.task == Task::Validate {
            let (text, _) = answer(self.task, &puzzle, None);
            write_all(out, &text)?;
            return Ok(0);
        }
        let (solution, trouble) = solved(&puzzle, deadline(self.limit));
        // A file's answer (a janko.at solution) is checked against a unique one.
        let disagreement = match (&given, &solution, trouble) {
            (Some(given), Some(found), None) => given
                .iter()
                .zip(&found.squares)
                .position(|(&g, &f)| g != (f == Square::Light)),
            _ => None,
        };
        // The answer, or the puzzle when it has none (the notation: nothing).
        let shown = solution.as_ref().unwrap_or(&puzzle);
        let text = match (written, &solution) {
            (Written::Svg, _) => write::akari(shown, Akari::Svg),
            (Written::Pzprv3, _) => write::akari(shown, Akari::Pzprv3),
            (Written::Judge | Written::Url, Some(found)) => found.render(),
            (Written::Judge | Written::Url, None) => String::new(),
        };
        let note = match (trouble, disagreement) {
            (None, Some(cell)) => {
                let (said, is) = match given.as_ref().map(|g| g[cell]) {
                    Some(true) => ("a light", "none"),
                    _ => ("no light", "a light"),
                };
                let name = puzzle.cell_name(cell);
                Some(format!("the file's solution disagrees with the answer: cell {name} has {said} there, {is} in the answer"))
            }
            (None, None) => None,
            (Some(trouble), _) => Some(
                match trouble {
                    Trouble::Multiple => "more than one solution; printed one",
                    Trouble::NoSolution => "no solution",
                    Trouble::Undecided if text.is_empty() => {
                        "undecided at the time limit, with no answer found"
                    }
                    Trouble::Undecided => {
                        "undecided at the time limit; printed an answer that may not be the only one"
                    }
                }
                .to_string(),
            ),
        };
        if let Some(note) = &note {
            // The answers before it go first.
            out.flush()
                .map_err(|e| format!("cannot write output: {e}"))?;
            let note = if self.several {
                format!("puzzle {number}: {note}")
            } else {
                note.clone()
            };
            output::error("akari", &note);
        }
        write_all(out, &text)?;
        Ok(u8::from(note.is_some()))
    }
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
