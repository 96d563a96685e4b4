//! The command line: options, the input source, puzzles read, solved and written
//! one at a time through one buffered stdout, and the exit status.
//!
//! `main` → [`run`] → exit code: 0 when every puzzle had exactly one answer, 1 when
//! some had none or several (all are still printed), 2 for a usage error, an
//! unreadable file or malformed input (everything before the bad puzzle is
//! printed first).

pub mod akari;
mod check;
pub(crate) mod deadline;
mod error;
mod generate;
mod graphs;
pub(crate) mod inputs;
mod options;
pub mod output;
mod progress;
mod rules_only;
pub mod sudominoku;
pub(crate) mod words;

pub(crate) use error::CliError;
use rules_only::rules_only;

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use crate::check::slink::verify;
use crate::cli::deadline::deadline;
use crate::cli::output::Output;
use crate::cli::progress::Progress;
use crate::count::{count, Counted, Drawn};
use crate::engine::solve::{solve_with, statement_rules_only, Settings};
use crate::formats::read::{one_token_puzzle, PuzzleReader};
use crate::formats::AnyPuzzle;
use crate::formats::{write, Format};
use crate::graph::ladder::loopy_level;
use crate::graph::puzzle::GraphPuzzle;
use crate::slink::answer::{Outcome, Solution, Undecided};
use crate::slink::board::EdgeState;
use crate::slink::grid::{Cell, Edge, Grid};
use crate::slink::judge::write_answer;
use crate::slink::parse::Puzzle;
use crate::slink::reason::Locus;
use crate::slink::render::{write_picture, Marks};
use crate::tutor::explain::{edge_name, explain, locus_name};
use crate::tutor::grade::{grade, line as grade_line};
use crate::tutor::hint::hint;
use inputs::inputs;
pub(crate) use options::Written;
use options::{parse_args, usage, Command, Options, USAGE};
use words::version;

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
        Command::Version => version("slink"),
        Command::Solve(options) => return solve_input(&options, out),
    };
    out.write(text.as_bytes()).map_err(CliError::Write)?;
    out.flush().map_err(CliError::Write)?;
    Ok(ExitCode::SUCCESS)
}

/// How far a run has come over its inputs.
struct Tally {
    /// The number of the last puzzle read: puzzles are numbered on from one
    /// input to the next.
    number: usize,
    /// Whether every puzzle so far had exactly one answer.
    all_unique: bool,
    /// How many puzzles were on Loopy's other grids.
    graphs: usize,
}

/// Solves (or writes) every puzzle of the inputs the options name, in order.
fn solve_input(options: &Options, out: &mut Output) -> Result<ExitCode, CliError> {
    if let Some(dir) = &options.out_dir {
        make_folder(dir, "--out")?;
    }
    let inputs = inputs(&options.inputs, one_token_puzzle);
    let several = inputs.len() > 1;
    let named = !options.inputs.is_empty();
    let usage_line = USAGE.lines().next().unwrap_or("");
    let mut tally = Tally {
        number: 0,
        all_unique: true,
        graphs: 0,
    };
    for input in &inputs {
        let reader = input
            .open(named, Some("slink.in"), usage_line)
            .map_err(CliError::Input)?;
        let label = input.label(several);
        solve_all(reader, options, out, &mut tally).map_err(|e| match (e, &label) {
            (CliError::Parse(e), Some(label)) => CliError::Input(format!("{label}: {e}")),
            (e, _) => e,
        })?;
    }
    // The contest's files end with `0 0` (drafts on other grids, which
    // `--fix` writes as game IDs, are no contest file).
    let contest = tally.number == 0 || tally.graphs < tally.number;
    if options.written == Written::Puzzle(Format::Contest) && contest {
        out.write(b"0 0\n").map_err(CliError::Write)?;
    }
    out.flush().map_err(CliError::Write)?;
    if tally.number == 0 {
        out.note("slink: no puzzles read\n")
            .map_err(CliError::Write)?;
    }
    Ok(if tally.all_unique {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Makes the folder `dir` that `option` writes into (`--out`'s, or the
/// folder of `--answers`' file), and the folders above it that are not there
/// yet. A plain file in its place, or above it, is named: making the folder
/// would fail there with a less helpful word from the system.
pub(crate) fn make_folder(dir: &Path, option: &str) -> Result<(), CliError> {
    if let Some(file) = dir.ancestors().find(|a| a.is_file()) {
        return Err(CliError::Input(format!(
            "{option} needs a folder, but '{}' is a file",
            file.display()
        )));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::Input(format!("cannot make the folder '{}': {e}", dir.display())))
}

/// Writes `DIR/K.svg`: puzzle `number`, with the loop of `states` when
/// given.
pub(crate) fn svg_file(
    dir: &Path,
    number: usize,
    puzzle: &Puzzle,
    states: Option<&[EdgeState]>,
) -> io::Result<()> {
    save_svg(
        dir,
        number,
        &write::answer(puzzle, states, write::Answer::Svg),
    )
}

/// Writes the picture `svg` as `DIR/K.svg` for puzzle `number`.
pub(crate) fn save_svg(dir: &Path, number: usize, svg: &str) -> io::Result<()> {
    let path = dir.join(format!("{number}.svg"));
    std::fs::write(&path, svg)
        .map_err(|e| io::Error::new(e.kind(), format!("'{}': {e}", path.display())))
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
    let limit = deadline(options.max_seconds);
    let settings = Settings {
        deadline: limit,
        log: None,
        on_search: Some(&mut flush),
        ..Default::default()
    };
    let report = if options.explain {
        explain(number, puzzle, settings)
    } else {
        solve_with(puzzle, settings)
    };
    if options.check {
        check::check_one(number, puzzle, &report.outcome, options, limit, out, notes)?;
    } else if let Some(format) = options.written.answer() {
        let answer = match &report.outcome {
            Outcome::Unique(s) | Outcome::Multiple(s) => Some(s),
            Outcome::Undecided(u) => u.answer.as_ref(),
            Outcome::NoSolution => None,
        };
        let states = answer.map(Solution::states);
        match &options.out_dir {
            Some(dir) if format == write::Answer::Svg => svg_file(dir, number, puzzle, states)?,
            _ => out.write(write::answer(puzzle, states, format).as_bytes())?,
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
            (Some(graded), _) => {
                let loopy = loopy_level(&GraphPuzzle::of_square(puzzle));
                (grade_line(number, &graded, loopy), true)
            }
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

/// Writes `K N`, puzzle `number`'s count of the answers that keep the edges
/// `given`, or `K undecided` with the reason in `notes`; returns whether it
/// was counted. Shows its progress on stderr when that is a terminal.
fn count_one(
    number: usize,
    puzzle: &Puzzle,
    given: Option<&[EdgeState]>,
    options: &Options,
    out: &mut Output,
    notes: &mut String,
) -> io::Result<bool> {
    // The edges drawn on the board (a picture, a pzprv3 file's edge rows).
    let drawn: Option<Vec<Drawn>> = given.map(|given| {
        let drawn = |state: &EdgeState| match state {
            EdgeState::Line => Some(true),
            EdgeState::Cross => Some(false),
            EdgeState::Unknown => None,
        };
        given.iter().map(drawn).collect()
    });
    let mut progress = Progress::new(number, "rows");
    let counted = count(
        puzzle.rows,
        puzzle.cols,
        &puzzle.clues,
        drawn.as_deref(),
        deadline(options.max_seconds),
        &mut |done, of| progress.tell(done, of),
    );
    progress.wipe();
    count_line(number, &counted, out, notes)
}

/// Writes `K N` for a count, or `K undecided` with the reason in `notes`;
/// returns whether it was counted.
pub(crate) fn count_line(
    number: usize,
    counted: &Counted,
    out: &mut Output,
    notes: &mut String,
) -> io::Result<bool> {
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

/// Solves (or writes) every puzzle of one input, numbering them on from
/// `tally`.
fn solve_all(
    input: impl Read,
    options: &Options,
    out: &mut Output,
    tally: &mut Tally,
) -> Result<(), CliError> {
    let mut reader = PuzzleReader::with_limit(input, options.max_cells).with_graphs();
    if let Some(from) = options.from {
        reader = reader.only(from);
    }
    // The puzzle after the one in hand, when it was read early: a picture
    // to standard output looks for a second puzzle before it draws the first.
    let mut ahead = None;
    loop {
        let puzzle = match ahead.take().unwrap_or_else(|| reader.next_any()) {
            Ok(Some(p)) => p,
            Ok(None) => return Ok(()),
            Err(e) => return Err(CliError::Parse(e)),
        };
        let given = reader.take_partial();
        tally.number += 1;
        let number = tally.number;
        if options.one_picture() {
            let next = reader.next_any();
            if let Ok(Some(_)) = next {
                return Err(usage(
                    "--format svg writes one picture to standard output: give --out DIR for more puzzles",
                ));
            }
            ahead = Some(next);
        }
        let puzzle = match puzzle {
            AnyPuzzle::Square(puzzle) => puzzle,
            AnyPuzzle::Graph(puzzle) => {
                tally.graphs += 1;
                tally.all_unique &= graphs::graph_one(number, &puzzle, options, out)?;
                continue;
            }
        };
        let written = match (options.written, &options.out_dir) {
            (Written::Puzzle(format), _) if !options.fix => {
                out.write(write::puzzle(&puzzle, format).as_bytes())
            }
            (Written::UnsolvedSvg, Some(dir)) => svg_file(dir, number, &puzzle, None),
            (Written::UnsolvedSvg, None) => {
                out.write(write::answer(&puzzle, None, write::Answer::Svg).as_bytes())
            }
            _ => {
                solve_numbered(number, &puzzle, given, options, out, tally)?;
                continue;
            }
        };
        written.map_err(CliError::Write)?;
    }
}

/// Solves puzzle `number` as the options ask, and tallies whether it had
/// exactly one answer.
fn solve_numbered(
    number: usize,
    puzzle: &Puzzle,
    given: Option<Vec<EdgeState>>,
    options: &Options,
    out: &mut Output,
    tally: &mut Tally,
) -> Result<(), CliError> {
    if !room_for(puzzle) {
        return Err(CliError::Memory(number, puzzle.rows, puzzle.cols));
    }
    let mut notes = String::new();
    // --count cannot go with the tutor, which takes the edges drawn.
    let drawn = if options.count { given.clone() } else { None };
    if options.explain {
        // The trace goes out while the puzzle is solved: the answers before
        // it go first.
        out.flush().map_err(CliError::Write)?;
    }
    let ok = if options.hint || options.grade {
        tutor(number, puzzle, given, options, out)
    } else if options.rules_only {
        rules_only(number, puzzle, out, &mut notes)
    } else if options.count && !options.check {
        Ok(true)
    } else {
        solve_one(number, puzzle, given.as_deref(), options, out, &mut notes)
    };
    tally.all_unique &= ok.map_err(CliError::Write)?;
    if options.count {
        tally.all_unique &= count_one(number, puzzle, drawn.as_deref(), options, out, &mut notes)
            .map_err(CliError::Write)?;
    }
    if !notes.is_empty() {
        out.note(&notes).map_err(CliError::Write)?;
    }
    Ok(())
}
