//! The command line for puzzles on Loopy's other grids (read from its game
//! IDs): each is solved and written as `slink` writes a square one, with the
//! answer as Loopy's own solve move where the judge's picture would be.
//!
//! Solving: the line `K`, then the game ID and the answer as Loopy's solve
//! move (`S0y1n…`, the `SOLVE` line of the game `sgt-loopy` saves with
//! `--save --with-solutions`), or `no solution`; a note on stderr when the
//! answer is not the only one. `--format svg` draws it, `--format loopy`
//! writes the ID back, `--unsolved` draws the puzzle alone, `--grade` names
//! Loopy's level, `--check` says whether it has one answer and what to
//! change (`--fix` writes the draft back changed), `--explain` and `--hint`
//! speak in the steps of Loopy's solver ([`crate::tutor::grids`]), `--count`
//! counts the answers ([`crate::graph::count`]). `slink generate --grid`
//! makes such puzzles ([`generate()`]). The other modes take square grids
//! only, and say so.

use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::deadline::deadline;
use crate::cli::error::CliError;
use crate::cli::options::{Options, Written};
use crate::cli::output::Output;
use crate::cli::progress::Progress;
use crate::cli::{count_line, make_folder, save_svg};
use crate::formats::{graph_svg, loopy, Format};
use crate::graph::check::{check, face_name, finding_text, fixed, Verdict};
use crate::graph::count;
use crate::graph::generate::{self, GridOrder, MAX_LOOPS};
use crate::graph::ladder::loopy_level;
use crate::graph::puzzle::GraphPuzzle;
use crate::graph::solve::{solve, GraphOutcome};
use crate::slink::board::EdgeState;
use crate::tutor::grade::loopy_name;
use crate::tutor::grids;

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
        _ if options.check => return check_one(number, puzzle, options, out),
        _ if options.grade => return grade_one(number, puzzle, options, out),
        _ if options.hint => {
            let (text, ok) = grids::hint(number, puzzle, deadline(options.max_seconds));
            out.write(text.as_bytes()).map_err(CliError::Write)?;
            return Ok(ok);
        }
        _ if options.count => return count_one(number, puzzle, options, out),
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
        // `--fix` writes drafts in the contest's format unless told
        // otherwise; a draft on another grid is written as its game ID.
        Written::Puzzle(Format::Contest) if options.fix => None,
        Written::Puzzle(Format::Contest) => Some("--format contest"),
        Written::Puzzle(Format::PuzzLink) => Some("--format url"),
        Written::Puzzle(Format::Janko) => Some("--format janko"),
        Written::Puzzle(Format::Picture) => Some("--format picture"),
    };
    let modes = [(options.rules_only, "--rules-only")];
    format.or_else(|| modes.iter().find(|(on, _)| *on).map(|&(_, name)| name))
}

/// `--count` of one puzzle: `K N`, its exact number of answers, or `K
/// undecided` and why on stderr, as on squares. Returns whether it was
/// counted.
fn count_one(
    number: usize,
    puzzle: &GraphPuzzle,
    options: &Options,
    out: &mut Output,
) -> Result<bool, CliError> {
    let mut progress = Progress::new(number, "edges");
    let counted = count::count(
        &puzzle.graph,
        &puzzle.clues,
        deadline(options.max_seconds),
        &mut |done, of| progress.tell(done, of),
    );
    progress.wipe();
    let mut notes = String::new();
    let ok = count_line(number, &counted, out, &mut notes).map_err(CliError::Write)?;
    if !notes.is_empty() {
        out.note(&notes).map_err(CliError::Write)?;
    }
    Ok(ok)
}

/// `--grade` of one puzzle: Loopy's level (the lowest at which Loopy's
/// solver finishes it), once the puzzle is known to have one answer.
/// Returns whether it had a grade.
fn grade_one(
    number: usize,
    puzzle: &GraphPuzzle,
    options: &Options,
    out: &mut Output,
) -> Result<bool, CliError> {
    let (line, graded) = match solve(puzzle, deadline(options.max_seconds)) {
        GraphOutcome::Unique(_) => {
            let level = loopy_name(loopy_level(puzzle));
            (format!("{number} Loopy's level: {level}\n"), true)
        }
        GraphOutcome::Multiple(_) => (format!("{number} no grade: more than one answer\n"), false),
        GraphOutcome::NoSolution => (format!("{number} no grade: no answer\n"), false),
        GraphOutcome::Undecided(_) => (
            format!("{number} no grade: undecided at the time limit\n"),
            false,
        ),
    };
    out.write(line.as_bytes()).map_err(CliError::Write)?;
    Ok(graded)
}

/// `--check` of one puzzle: the verdict and, unless `--brief`, what to
/// change; with `--fix`, the draft written back with that change (the line
/// then goes to standard error). Returns whether it was unique.
fn check_one(
    number: usize,
    puzzle: &GraphPuzzle,
    options: &Options,
    out: &mut Output,
) -> Result<bool, CliError> {
    let (verdict, finding) = check(puzzle, options.brief, deadline(options.max_seconds));
    let said = finding
        .as_ref()
        .map_or("\n".to_string(), |f| finding_text(puzzle, f));
    let line = format!("{number} {}{said}", verdict.word());
    if options.fix {
        let mut notes = line;
        let draft = match finding.as_ref().and_then(|f| fixed(puzzle, f)) {
            Some((draft, face, value)) => {
                let name = face_name(&draft.graph, face);
                notes.push_str(&format!("  --fix: written with {name}={value}\n"));
                draft
            }
            None => puzzle.clone(),
        };
        out.write(format!("{}\n", loopy::encode_graph(&draft)).as_bytes())
            .map_err(CliError::Write)?;
        out.note(&notes).map_err(CliError::Write)?;
    } else {
        out.write(line.as_bytes()).map_err(CliError::Write)?;
    }
    Ok(verdict == Verdict::Unique)
}

/// Solves one puzzle and writes its answer; returns whether it was unique.
fn solve_one(
    number: usize,
    puzzle: &GraphPuzzle,
    options: &Options,
    out: &mut Output,
) -> io::Result<bool> {
    let outcome = match options.explain {
        true => {
            let (outcome, trace) = grids::explain(number, puzzle, deadline(options.max_seconds));
            out.note(&trace)?;
            outcome
        }
        false => solve(puzzle, deadline(options.max_seconds)),
    };
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
                (Some(states), _) => answer_text(number, puzzle, states),
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

/// What `slink generate --grid` was asked for.
pub(crate) struct GridChoice {
    pub(crate) order: GridOrder,
    pub(crate) count: u64,
    /// Loopy game IDs, or SVG pictures.
    pub(crate) written: Written,
    pub(crate) out_dir: Option<PathBuf>,
    pub(crate) answers: Option<PathBuf>,
}

/// Makes and writes the puzzles of `choice`: each as its game ID (or
/// picture), its answer to `--answers`' file as solving prints it.
pub(crate) fn generate(choice: &GridChoice, out: &mut Output) -> Result<ExitCode, CliError> {
    if let Some(dir) = &choice.out_dir {
        make_folder(dir, "--out")?;
    }
    let cannot = |path: &Path, e: io::Error| {
        CliError::Input(format!("cannot write '{}': {e}", path.display()))
    };
    let mut answers = match &choice.answers {
        Some(path) => {
            if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
                make_folder(folder, "--answers")?;
            }
            let file = std::fs::File::create(path).map_err(|e| cannot(path, e))?;
            Some((io::BufWriter::new(file), path))
        }
        None => None,
    };
    for index in 0..choice.count {
        let number = index as usize + 1;
        let (puzzle, answer) = match generate::puzzle(&choice.order, index) {
            Some(made) => made,
            None => {
                out.note(&format!(
                    "slink: generate: no puzzle {number} of the kind asked for in {MAX_LOOPS} loops; try another size\n"
                ))
                .map_err(CliError::Write)?;
                return Ok(ExitCode::from(1));
            }
        };
        let written = match (choice.written, &choice.out_dir) {
            (Written::UnsolvedSvg, Some(dir)) => {
                save_svg(dir, number, &graph_svg::encode(&puzzle, None))
            }
            (Written::UnsolvedSvg, None) => out.write(graph_svg::encode(&puzzle, None).as_bytes()),
            _ => out.write(format!("{}\n", loopy::encode_graph(&puzzle)).as_bytes()),
        };
        written.map_err(CliError::Write)?;
        out.flush().map_err(CliError::Write)?;
        if let Some((file, path)) = &mut answers {
            file.write_all(answer_text(number, &puzzle, &answer).as_bytes())
                .map_err(|e| cannot(path, e))?;
        }
    }
    if let Some((mut file, path)) = answers {
        file.flush().map_err(|e| cannot(path, e))?;
    }
    out.flush().map_err(CliError::Write)?;
    Ok(ExitCode::SUCCESS)
}

/// Puzzle `number`'s answer as solving prints it: the line `K`, the game ID
/// and Loopy's solve move.
fn answer_text(number: usize, puzzle: &GraphPuzzle, states: &[EdgeState]) -> String {
    format!(
        "{number}\n{}\n{}\n",
        loopy::encode_graph(puzzle),
        loopy::solve_move(states)
    )
}
