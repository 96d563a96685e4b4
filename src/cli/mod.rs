//! The command line: options, the input source, puzzles read, solved and written
//! one at a time through one buffered stdout, and the exit status.
//!
//! `main` → [`run`] → exit code: 0 when every puzzle had exactly one answer, 1 when
//! some had none or several (all are still printed), 2 for a usage error, an
//! unreadable file or malformed input (everything before the bad puzzle is
//! printed first).

mod error;
mod generate;
mod rules_only;

pub(crate) use error::CliError;
use rules_only::rules_only;

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::answer::{Outcome, Solution, Undecided};
use crate::board::EdgeState;
use crate::count::{count, Counted};
use crate::deadline::{deadline, parse_seconds};
use crate::explain::{edge_name, explain, locus_name};
use crate::formats::read::PuzzleReader;
use crate::formats::{write, Format, NAMES};
use crate::grade::{grade, line as grade_line};
use crate::grid::{Cell, Edge, Grid};
use crate::hint::hint;
use crate::judge::write_answer;
use crate::output::{self, Output};
use crate::parse::{Puzzle, DEFAULT_MAX_CELLS, MAX_CELLS_EVER};
use crate::reason::Locus;
use crate::render::{write_picture, Marks};
use crate::search::{solve_with, statement_rules_only, Settings};
use crate::tokens::open_input;
use crate::verify::verify;

const USAGE: &str = "\
usage: slink [OPTIONS] [FILE]
       slink generate ROWSxCOLS [OPTIONS]   (see 'slink generate --help')

Solves Slitherlink puzzles given in the Slink format (ICPC Mid-Central USA 2007,
Problem C) and draws each answer as the judges do.

Reads FILE, or standard input when FILE is absent or '-'. With no FILE, reads
./slink.in instead when standard input is empty or a terminal and slink.in
exists (as the contest ran it: 'slink < /dev/null' beside slink.in).

Options:
  --check            print one line per puzzle, 'K unique', 'K multiple',
                     'K none' or 'K undecided', instead of pictures
  --count            print one line per puzzle, 'K N': its exact number of
                     answers, counted without the solver (a frontier
                     dynamic program); 'K undecided' when the narrower side
                     is over 20 cells, or past the time limit or the bound on
                     memory. With --check, both lines
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
  --hint             for each board (a puzzle, or a picture as slink draws
                     it with 'x' for crosses and blanks undecided, or a
                     pzprv3 file with edges), print 'K mistake EDGE line|cross'
                     with the deductions that refute it, 'K step [TAG] EDGE
                     line|cross, ...' with the rule and the board before and
                     after, 'K solved' or 'K no answer'
  --grade            print 'K level N: ...' for each puzzle: 1 the
                     statement's cases suffice, 2 with the loop rules, 3 with
                     inside/outside, 4 with one-edge trials, 5 with search;
                     then the edges each decided
  --max-cells N      refuse puzzles of more than N cells (default 4000000, at
                     most 1000000000)
  --from FORMAT      take puzzles in FORMAT only: contest, url (puzz.link),
                     loopy (a Loopy game ID), pzprv3 (a pzprjs file), janko
                     (a janko.at block) or picture (as slink draws answers);
                     a file's edges or solution are checked against the
                     answer; by default any, mixed
  --format FORMAT    judge (the default: the answers, drawn as the judges
                     do), pzprv3 (the answers as pzprv3 files, which
                     puzz.link opens), svg (a picture of each answer), or
                     contest, url, loopy, janko or picture: the puzzles
                     themselves, unsolved, written in that format
  --out DIR          with --format svg: write DIR/K.svg for puzzle K (needed
                     for more than one puzzle)
  --max-seconds S    give each puzzle at most S seconds (fractions allowed);
                     past it the puzzle is 'undecided': the answer found so
                     far is printed, or 'undecided' if none, and the next
                     puzzle goes on (default: no limit)
  -h, --help         print this help
  -V, --version      print the version

Input: whitespace-separated tokens: 'r c', then r*c clues row by row, each 0-4,
or '.', '-' or '?' for a blank cell; repeated; '0 0' or the end of the input
after a whole puzzle ends it. A puzz.link URL
(https://puzz.link/p?slither/COLS/ROWS/BODY), a Loopy game ID (WxHt0:DESC), a
pzprv3 file, a janko.at block or a picture as slink draws it (after its number
line or not) may stand wherever such a puzzle may.

Output: for puzzle K, the line K, then the answer framed in '#'. A puzzle with
no answer prints 'no solution' after its number; one with several prints the
first found. Each is also reported on standard error.

Exit status: 0 every puzzle had exactly one answer (with --rules-only: every
puzzle finished by the rules; with --hint: a step or solved; with --grade: a
grade); 1 some puzzle had none or several (or was not finished, or was
undecided at the time limit, or had a mistake); 2 usage error, unreadable file
or malformed input.

Example:
  printf '2 2\\n2 2\\n2 2\\n0 0\\n' | slink
";

/// A usage error of `slink` itself: the message, then the usage line.
fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into(), USAGE.lines().next().unwrap_or(""))
}

/// The parsed command line.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Options {
    /// The input file; standard input (or `slink.in`, see
    /// [`crate::tokens::open_input`]) when `None` or `-`.
    file: Option<PathBuf>,
    check: bool,
    /// `--count`: each puzzle's number of answers.
    count: bool,
    explain: bool,
    rules_only: bool,
    /// `--hint`: the next step or the first mistake of each board.
    hint: bool,
    /// `--grade`: each puzzle's difficulty.
    grade: bool,
    max_cells: u64,
    /// Each puzzle's time limit, past which it is reported undecided.
    max_seconds: Option<Duration>,
    /// The only input format taken (`--from`), or any.
    from: Option<Format>,
    /// What `--format` writes.
    written: Written,
    /// Where `--format svg` writes its files, one a puzzle (`--out`).
    out_dir: Option<PathBuf>,
}

/// What `--format` writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Written {
    /// The answers, drawn as the judges do (the default).
    Judge,
    /// The answers as pzprv3 files, one after another.
    Pzprv3,
    /// The answers as SVG pictures: one on standard output, or one file per
    /// puzzle in `--out DIR`.
    Svg,
    /// The puzzles themselves, unsolved, in a format.
    Puzzle(Format),
}

impl Written {
    /// The format answers are written in, when not the judge's picture.
    fn answer(self) -> Option<write::Answer> {
        match self {
            Written::Pzprv3 => Some(write::Answer::Pzprv3),
            Written::Svg => Some(write::Answer::Svg),
            Written::Judge | Written::Puzzle(_) => None,
        }
    }
}

/// The names `--format` takes beside those of [`NAMES`].
const ANSWER_FORMATS: [(&str, Written); 3] = [
    ("judge", Written::Judge),
    ("pzprv3", Written::Pzprv3),
    ("svg", Written::Svg),
];

/// The value of `--from` or `--format` (where the answers' formats count too).
fn format_named(value: Option<&OsString>, option: &str) -> Result<Written, CliError> {
    let value = value.map(|v| v.to_string_lossy().into_owned());
    let answers = if option == "--format" {
        &ANSWER_FORMATS[..]
    } else {
        &[]
    };
    let puzzles = NAMES.iter().map(|&(n, f)| (n, Written::Puzzle(f)));
    let mut known = answers.iter().copied().chain(puzzles);
    match known.find(|(n, _)| Some(*n) == value.as_deref()) {
        Some((_, written)) => Ok(written),
        None => {
            let mut names: Vec<&str> = answers.iter().map(|(n, _)| *n).collect();
            for (name, _) in NAMES {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            Err(usage(format!("{option} needs one of {}", names.join(", "))))
        }
    }
}

enum Command {
    Solve(Options),
    Help,
    Version,
}

fn parse_args(args: &[OsString]) -> Result<Command, CliError> {
    let mut options = Options {
        file: None,
        check: false,
        count: false,
        explain: false,
        rules_only: false,
        hint: false,
        grade: false,
        max_cells: DEFAULT_MAX_CELLS,
        max_seconds: None,
        from: None,
        written: Written::Judge,
        out_dir: None,
    };
    let mut file: Option<PathBuf> = None;
    let mut args = args.iter();
    let mut only_files = false;
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if only_files || text == "-" || !text.starts_with('-') {
            if file.is_some() {
                return Err(usage(format!("unexpected argument '{text}'")));
            }
            file = Some(PathBuf::from(arg));
            continue;
        }
        match text.as_ref() {
            "--" => only_files = true,
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--check" => options.check = true,
            "--count" => options.count = true,
            "--explain" => options.explain = true,
            "--rules-only" => options.rules_only = true,
            "--hint" => options.hint = true,
            "--grade" => options.grade = true,
            "--max-cells" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                options.max_cells = match value.as_deref().map(str::parse::<u64>) {
                    Some(Ok(n)) if (1..=MAX_CELLS_EVER).contains(&n) => n,
                    _ => {
                        return Err(usage(format!(
                            "--max-cells needs a whole number from 1 to {MAX_CELLS_EVER}"
                        )))
                    }
                };
            }
            "--max-seconds" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                options.max_seconds = Some(parse_seconds(value.as_deref()).map_err(usage)?);
            }
            "--from" => {
                if let Written::Puzzle(format) = format_named(args.next(), "--from")? {
                    options.from = Some(format);
                }
            }
            "--format" => options.written = format_named(args.next(), "--format")?,
            "--out" => match args.next() {
                Some(dir) => options.out_dir = Some(PathBuf::from(dir)),
                None => return Err(usage("--out needs a folder".to_string())),
            },
            _ => return Err(usage(format!("unknown option '{text}'"))),
        }
    }
    options.file = file;
    if options.out_dir.is_some() && options.written != Written::Svg {
        return Err(usage("--out DIR goes with --format svg".to_string()));
    }
    let name = match options.written {
        Written::Judge => None,
        Written::Pzprv3 => Some("pzprv3"),
        Written::Svg => Some("svg"),
        Written::Puzzle(format) => NAMES.iter().find(|(_, f)| *f == format).map(|(n, _)| *n),
    };
    // Rewriting puzzles solves nothing; --check and --rules-only write no
    // answers to draw.
    if let Some(name) = name {
        let puzzles = matches!(options.written, Written::Puzzle(_));
        for (other, set) in [
            ("--check", options.check),
            ("--count", options.count),
            ("--explain", options.explain && puzzles),
            ("--rules-only", options.rules_only),
        ] {
            if set {
                return Err(usage(format!(
                    "--format {name} cannot be combined with {other}"
                )));
            }
        }
    }
    // The tutor's answers are lines of their own.
    for (tutor, on) in [("--hint", options.hint), ("--grade", options.grade)] {
        let others = [
            ("--check", options.check),
            ("--count", options.count),
            ("--explain", options.explain),
            ("--rules-only", options.rules_only),
            ("--format", options.written != Written::Judge),
            ("--hint", options.hint && tutor != "--hint"),
        ];
        if let (true, Some((other, _))) = (on, others.iter().find(|(_, set)| *set)) {
            return Err(usage(format!("{tutor} cannot be combined with {other}")));
        }
    }
    // --rules-only draws the statement's cases alone: there is no search to
    // check or to explain.
    for (other, set) in [
        ("--check", options.check),
        ("--count", options.count),
        ("--explain", options.explain),
    ] {
        if set && options.rules_only {
            return Err(usage(format!(
                "--rules-only cannot be combined with {other}"
            )));
        }
    }
    // A count is a line of its own, and explains nothing.
    if options.count && options.explain {
        return Err(usage("--count cannot be combined with --explain"));
    }
    Ok(Command::Solve(options))
}

/// Runs the binary (see [`output::main`]).
pub fn main() -> ExitCode {
    output::main("slink", run)
}

/// Parses the options and solves every puzzle of the input.
pub(crate) fn run(args: &[OsString], out: &mut Output) -> Result<ExitCode, CliError> {
    if args.first().is_some_and(|a| a == "generate") {
        return generate::run(&args[1..], out);
    }
    let text = match parse_args(args)? {
        Command::Help => USAGE.to_string(),
        Command::Version => format!("slink {}\n", env!("CARGO_PKG_VERSION")),
        Command::Solve(options) => return solve_input(&options, out),
    };
    out.write(text.as_bytes()).map_err(CliError::Write)?;
    out.flush().map_err(CliError::Write)?;
    Ok(ExitCode::SUCCESS)
}

/// Opens the input the options name and solves every puzzle in it.
fn solve_input(options: &Options, out: &mut Output) -> Result<ExitCode, CliError> {
    let file = options.file.as_deref().map(|p| p.as_os_str());
    let input = open_input(file, Some("slink.in")).map_err(CliError::Input)?;
    let code = solve_all(input, options, out)?;
    out.flush().map_err(CliError::Write)?;
    Ok(code)
}

/// Solves one puzzle, its answer written to `out` and what belongs on stderr
/// put in `notes`; returns whether the answer was unique.
/// A puzzle read with a partial answer (`given`, from a pzprv3 file's edge
/// rows) has it checked against the answer when that is unique.
fn solve_one(
    number: usize,
    puzzle: &Puzzle,
    given: Option<&[EdgeState]>,
    options: &Options,
    out: &mut Output,
    notes: &mut String,
) -> io::Result<bool> {
    // Answers already written go out before a search that may be long.
    let mut flush = || {
        // A failing stdout fails the next write as well, which reports it.
        let _ = out.flush();
    };
    let settings = Settings {
        deadline: deadline(options.max_seconds),
        log: None,
        on_search: Some(&mut flush),
        ..Default::default()
    };
    let report = if options.explain {
        explain(number, puzzle, settings)
    } else {
        solve_with(puzzle, settings)
    };
    let word = match &report.outcome {
        Outcome::Unique(_) => "unique",
        Outcome::Multiple(_) => "multiple",
        Outcome::NoSolution => "none",
        Outcome::Undecided(_) => "undecided",
    };
    if options.check {
        writeln!(out, "{number} {word}")?;
    } else if let Some(format) = options.written.answer() {
        let answer = match &report.outcome {
            Outcome::Unique(s) | Outcome::Multiple(s) => Some(s),
            Outcome::Undecided(u) => u.answer.as_ref(),
            Outcome::NoSolution => None,
        };
        let states = answer.map(Solution::states);
        let text = write::answer(puzzle, states, format);
        match &options.out_dir {
            Some(dir) if format == write::Answer::Svg => {
                let path = dir.join(format!("{number}.svg"));
                std::fs::write(&path, text)
                    .map_err(|e| io::Error::new(e.kind(), format!("'{}': {e}", path.display())))?;
            }
            _ => out.write(text.as_bytes())?,
        }
    } else {
        write_answer(out, number, puzzle, &report.outcome)?;
    }
    let message = match report.outcome {
        Outcome::Unique(answer) => {
            let Some(edge) = given.and_then(|given| first_disagreement(given, answer.states()))
            else {
                return Ok(true);
            };
            let grid = answer.grid();
            let (said, is) = match answer.states()[edge.0 as usize] {
                EdgeState::Line => ("a cross", "a line"),
                _ => ("a line", "a cross"),
            };
            notes.push_str(&format!(
                "slink: puzzle {number}: the file's edges disagree with the answer: {} is {said} there, {is} in the answer\n",
                edge_name(grid, edge)
            ));
            return Ok(false);
        }
        Outcome::Multiple(_) => "has more than one solution; printed one",
        Outcome::NoSolution => "has no solution",
        Outcome::Undecided(Undecided {
            answer: Some(_), ..
        }) => "is undecided at the time limit; printed an answer that may not be the only one",
        Outcome::Undecided(_) => "is undecided at the time limit, with no answer found",
    };
    // Under --check, stdout already says it.
    if !options.check {
        notes.push_str(&format!("slink: puzzle {number} {message}\n"));
    }
    Ok(false)
}

/// `--hint` or `--grade` for one puzzle: writes its lines; returns whether it
/// had a hint (a step, or solved) or a grade.
fn tutor(
    number: usize,
    puzzle: &Puzzle,
    given: Option<Vec<EdgeState>>,
    options: &Options,
    out: &mut Output,
) -> io::Result<bool> {
    let limit = deadline(options.max_seconds);
    let settings = || Settings {
        deadline: limit,
        ..Settings::default()
    };
    let (text, ok) = if options.hint {
        let edges = puzzle.grid().edge_count();
        let given = given.unwrap_or_else(|| vec![EdgeState::Unknown; edges]);
        hint(number, puzzle, &given, limit)
    } else {
        let report = solve_with(puzzle, settings());
        let graded = match &report.outcome {
            Outcome::Unique(_) => grade(puzzle, report.guesses),
            _ => None,
        };
        match (graded, report.outcome) {
            (Some(graded), _) => (grade_line(number, &graded), true),
            (None, Outcome::Multiple(_)) => {
                (format!("{number} no grade: more than one answer\n"), false)
            }
            (None, Outcome::NoSolution) => (format!("{number} no grade: no answer\n"), false),
            (None, _) => (
                format!("{number} no grade: undecided at the time limit\n"),
                false,
            ),
        }
    };
    out.write(text.as_bytes())?;
    Ok(ok)
}

/// The first edge a partial answer decides otherwise than `answer`.
fn first_disagreement(given: &[EdgeState], answer: &[EdgeState]) -> Option<Edge> {
    let differs = |(&g, &a): (&EdgeState, &EdgeState)| g != EdgeState::Unknown && g != a;
    let at = given.iter().zip(answer).position(differs)?;
    Some(Edge(at as u32))
}

/// Writes `K N`, puzzle `number`'s count of answers, or `K undecided` with
/// the reason in `notes`; returns whether it was counted.
fn count_one(
    number: usize,
    puzzle: &Puzzle,
    options: &Options,
    out: &mut Output,
    notes: &mut String,
) -> io::Result<bool> {
    let counted = count(
        puzzle.rows,
        puzzle.cols,
        &puzzle.clues,
        deadline(options.max_seconds),
    );
    match counted {
        Counted::Exactly(n) => {
            writeln!(out, "{number} {n}")?;
            Ok(true)
        }
        Counted::Undecided(why) => {
            writeln!(out, "{number} undecided")?;
            notes.push_str(&format!("slink: puzzle {number}: not counted: {why}\n"));
            Ok(false)
        }
    }
}

/// What solving takes a cell, at most, in every mode: the engine's budget
/// (`scripts/memory.sh` measures it under 48).
const BYTES_PER_CELL: usize = 64;

/// Whether the memory `puzzle` needs can be had now: it is asked for and
/// given back, so that a puzzle too big for the machine (or for `ulimit -v`)
/// is an error for that puzzle, with every answer before it written, and not
/// an abort that loses them.
fn room_for(puzzle: &Puzzle) -> bool {
    let cells = puzzle.rows as usize * puzzle.cols as usize;
    let mut probe: Vec<u8> = Vec::new();
    cells
        .checked_mul(BYTES_PER_CELL)
        .is_some_and(|bytes| probe.try_reserve_exact(bytes).is_ok())
}

fn solve_all(input: impl Read, options: &Options, out: &mut Output) -> Result<ExitCode, CliError> {
    let mut reader = PuzzleReader::with_limit(input, options.max_cells);
    if let Some(from) = options.from {
        reader = reader.only(from);
    }
    if let Written::Puzzle(format) = options.written {
        while let Some(puzzle) = reader.next_puzzle().map_err(CliError::Parse)? {
            out.write(write::puzzle(&puzzle, format).as_bytes())
                .map_err(CliError::Write)?;
        }
        // The contest's files end with `0 0`.
        if format == Format::Contest {
            out.write(b"0 0\n").map_err(CliError::Write)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut all_unique = true;
    let mut number = 0usize;
    loop {
        let puzzle = match reader.next_puzzle() {
            Ok(Some(p)) => p,
            Ok(None) => break,
            Err(e) => return Err(CliError::Parse(e)),
        };
        number += 1;
        if !room_for(&puzzle) {
            return Err(CliError::Memory(number, puzzle.rows, puzzle.cols));
        }
        if number == 2 && options.written == Written::Svg && options.out_dir.is_none() {
            return Err(usage(
                "--format svg writes one picture to standard output: give --out DIR for more puzzles"
                    .to_string(),
            ));
        }
        let mut notes = String::new();
        if options.explain {
            // The trace goes out while the puzzle is solved: the answers before
            // it go first.
            out.flush().map_err(CliError::Write)?;
        }
        let ok = if options.hint || options.grade {
            let given = reader.take_partial();
            tutor(number, &puzzle, given, options, out)
        } else if options.rules_only {
            rules_only(number, &puzzle, out, &mut notes)
        } else if options.count && !options.check {
            Ok(true)
        } else {
            let given = reader.take_partial();
            solve_one(number, &puzzle, given.as_deref(), options, out, &mut notes)
        };
        all_unique &= ok.map_err(CliError::Write)?;
        if options.count {
            all_unique &=
                count_one(number, &puzzle, options, out, &mut notes).map_err(CliError::Write)?;
        }
        if !notes.is_empty() {
            out.note(&notes).map_err(CliError::Write)?;
        }
    }
    Ok(if all_unique {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
