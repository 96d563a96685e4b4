//! The command line: options, the input source, puzzles read, solved and written
//! one at a time through one buffered stdout, and the exit status.
//!
//! `main` → [`run`] → exit code: 0 when every puzzle had exactly one answer, 1 when
//! some had none or several (all are still printed), 2 for a usage error, an
//! unreadable file or malformed input (everything before the bad puzzle is
//! printed first).

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::explain::{edge_name, explain, locus_name};
use crate::grid::Cell;
use crate::judge::write_answer;
use crate::parse::{ParseError, Puzzle, PuzzleReader, DEFAULT_MAX_CELLS};
use crate::render::{write_picture, Marks};
use crate::search::{solve, solve_explained, statement_rules_only, Outcome, Solution};
use crate::tokens::stdin_or_file;
use crate::verify::verify;

const USAGE: &str = "\
usage: slink [OPTIONS] [FILE]

Solves Slitherlink puzzles given in the Slink format (ICPC Mid-Central USA 2007,
Problem C) and draws each answer as the judges do.

Reads FILE, or standard input when FILE is absent or '-'. With no FILE, reads
./slink.in instead when standard input is empty or a terminal and slink.in
exists (as the contest ran it: 'slink < /dev/null' beside slink.in).

Options:
  --check            print one line per puzzle, 'K unique', 'K multiple' or
                     'K none', instead of pictures
  --explain          also write to standard error, for each puzzle, every
                     deduction in the statement's terms ('[case N] ...', or
                     '[loop]', '[sides]', '[trial]' beyond the statement, and
                     '[guess]'/'[backtrack]' for search), the board where the
                     statement's cases stop, the answer with crosses, and a
                     summary; standard output is unchanged
  --rules-only       use only the statement's seventeen cases, as written, and
                     no search: print the board they reach (undecided edges
                     blank) and say on standard error where they stop or
                     contradict themselves
  --max-cells N      refuse puzzles of more than N cells (default 4000000)
  -h, --help         print this help
  -V, --version      print the version

Input: whitespace-separated tokens: 'r c', then r*c clues row by row, each 0-3,
or '.', '-' or '?' for a blank cell; repeated; '0 0' or the end of the input
after a whole puzzle ends it.

Output: for puzzle K, the line K, then the answer framed in '#'. A puzzle with
no answer prints 'no solution' after its number; one with several prints the
first found. Each is also reported on standard error.

Exit status: 0 every puzzle had exactly one answer (with --rules-only: every
puzzle finished by the rules); 1 some puzzle had none or several (or was not
finished); 2 usage error, unreadable file or malformed input.

Example:
  printf '2 2\\n2 2\\n2 2\\n0 0\\n' | slink
";

/// Everything that stops a run early.
#[derive(Debug)]
pub enum CliError {
    /// Bad options.
    Usage(String),
    /// The input file cannot be opened.
    Open(PathBuf, io::Error),
    /// The input cannot be opened (the message says which).
    Input(String),
    /// Malformed input.
    Parse(ParseError),
    /// Standard output failed (other than a closed pipe).
    Write(io::Error),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(msg) => write!(f, "{msg}\n{}", USAGE.lines().next().unwrap_or("")),
            CliError::Open(path, e) => write!(f, "cannot open '{}': {e}", path.display()),
            CliError::Input(message) => write!(f, "{message}"),
            CliError::Parse(e) => write!(f, "{e}"),
            CliError::Write(e) => write!(f, "cannot write output: {e}"),
        }
    }
}

/// Where puzzles come from.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Source {
    /// Standard input, or `slink.in` when standard input is a terminal or empty.
    Default,
    /// Standard input, named as `-`.
    Stdin,
    /// A file.
    File(PathBuf),
}

/// The parsed command line.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Options {
    source: Source,
    check: bool,
    explain: bool,
    rules_only: bool,
    max_cells: u64,
}

enum Command {
    Solve(Options),
    Help,
    Version,
}

fn parse_args(args: &[OsString]) -> Result<Command, CliError> {
    let mut options = Options {
        source: Source::Default,
        check: false,
        explain: false,
        rules_only: false,
        max_cells: DEFAULT_MAX_CELLS,
    };
    let mut file: Option<PathBuf> = None;
    let mut args = args.iter();
    let mut only_files = false;
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if only_files || text == "-" || !text.starts_with('-') {
            if file.is_some() {
                return Err(CliError::Usage(format!("unexpected argument '{text}'")));
            }
            file = Some(PathBuf::from(arg));
            continue;
        }
        match text.as_ref() {
            "--" => only_files = true,
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--check" => options.check = true,
            "--explain" => options.explain = true,
            "--rules-only" => options.rules_only = true,
            "--max-cells" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                options.max_cells = match value.as_deref().map(str::parse::<u64>) {
                    Some(Ok(n)) if n > 0 => n,
                    _ => {
                        return Err(CliError::Usage(
                            "--max-cells needs a whole number of at least 1".to_string(),
                        ))
                    }
                };
            }
            _ => return Err(CliError::Usage(format!("unknown option '{text}'"))),
        }
    }
    options.source = match file {
        None => Source::Default,
        Some(p) if p.as_os_str() == "-" => Source::Stdin,
        Some(p) => Source::File(p),
    };
    Ok(Command::Solve(options))
}

/// Runs the binary on `args` (without the program name).
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("slink: {e}");
            ExitCode::from(2)
        }
    }
}

/// Parses the options and solves every puzzle of the input.
pub fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let options = match parse_args(args)? {
        Command::Help => {
            print!("{USAGE}");
            return Ok(ExitCode::SUCCESS);
        }
        Command::Version => {
            println!("slink {}", env!("CARGO_PKG_VERSION"));
            return Ok(ExitCode::SUCCESS);
        }
        Command::Solve(options) => options,
    };
    let input: Box<dyn Read> = match &options.source {
        Source::File(path) => Box::new(open(path)?),
        Source::Default
            if io::stdin().is_terminal() && std::path::Path::new("slink.in").is_file() =>
        {
            Box::new(open(&PathBuf::from("slink.in"))?)
        }
        Source::Default => stdin_or_file("slink.in").map_err(CliError::Input)?,
        Source::Stdin => Box::new(io::stdin().lock()),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = solve_all(input, &options, &mut out);
    match result.and_then(|code| out.flush().map(|_| code).map_err(CliError::Write)) {
        Err(CliError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        other => other,
    }
}

/// Solves one puzzle, its answer into `text` and what belongs on stderr into
/// `notes`; returns whether the answer was unique.
fn solve_one(
    number: usize,
    puzzle: &Puzzle,
    options: &Options,
    text: &mut Vec<u8>,
    notes: &mut String,
) -> bool {
    let report = if options.explain {
        let (report, trace) = solve_explained(puzzle);
        notes.push_str(&explain(number, puzzle, &report, &trace));
        report
    } else {
        solve(puzzle)
    };
    let word = match &report.outcome {
        Outcome::Unique(_) => "unique",
        Outcome::Multiple(_) => "multiple",
        Outcome::NoSolution => "none",
    };
    if options.check {
        text.extend_from_slice(format!("{number} {word}\n").as_bytes());
    } else {
        write_answer(text, number, puzzle, &report.outcome);
    }
    let message = match report.outcome {
        Outcome::Unique(_) => return true,
        Outcome::Multiple(_) => "has more than one solution; printed one",
        Outcome::NoSolution => "has no solution",
    };
    // Under --check, stdout already says it.
    if !options.check {
        notes.push_str(&format!("slink: puzzle {number} {message}\n"));
    }
    false
}

/// `--rules-only`: the statement's cases as written, no search. Writes the board
/// they reach, and says in `notes` where they stop; returns whether they
/// finished the puzzle.
fn rules_only(number: usize, puzzle: &Puzzle, text: &mut Vec<u8>, notes: &mut String) -> bool {
    let (board, result) = statement_rules_only(puzzle);
    let clue = |c: Cell| puzzle.clues[c.0 as usize];
    text.extend_from_slice(format!("{number}\n").as_bytes());
    write_picture(text, board.grid(), clue, board.states(), Marks::LinesOnly);
    let grid = board.grid();
    let message = match result {
        Err(failure) => {
            let at = locus_name(grid, failure.at).unwrap_or_else(|| "the board".to_string());
            format!(
                "the statement's rules contradict themselves ({} at {at}, edge {})",
                failure.reason.tag(),
                edge_name(grid, failure.edge)
            )
        }
        Ok(()) if board.unknown_count() > 0 => format!(
            "the statement's rules stop with {} edges undecided",
            board.unknown_count()
        ),
        Ok(()) => {
            if board.closed() && verify(puzzle, &Solution::from_board(&board)).is_ok() {
                return true;
            }
            "the statement's rules decide every edge but draw no single loop".to_string()
        }
    };
    notes.push_str(&format!("slink: puzzle {number}: {message}\n"));
    false
}

fn open(path: &PathBuf) -> Result<File, CliError> {
    File::open(path).map_err(|e| CliError::Open(path.clone(), e))
}

fn solve_all(
    input: impl Read,
    options: &Options,
    out: &mut impl Write,
) -> Result<ExitCode, CliError> {
    let mut reader = PuzzleReader::with_limit(input, options.max_cells);
    let mut all_unique = true;
    let mut number = 0usize;
    let mut text = Vec::new();
    loop {
        let puzzle = match reader.next_puzzle() {
            Ok(Some(p)) => p,
            Ok(None) => break,
            Err(e) => {
                out.flush().map_err(CliError::Write)?;
                return Err(CliError::Parse(e));
            }
        };
        number += 1;
        text.clear();
        let mut notes = String::new();
        let ok = if options.rules_only {
            rules_only(number, &puzzle, &mut text, &mut notes)
        } else {
            solve_one(number, &puzzle, options, &mut text, &mut notes)
        };
        all_unique &= ok;
        out.write_all(&text).map_err(CliError::Write)?;
        if !notes.is_empty() {
            // Flush first so that a terminal shows the notes after their puzzle.
            out.flush().map_err(CliError::Write)?;
            eprint!("{notes}");
        }
    }
    Ok(if all_unique {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
