//! `slink generate`: its options, and the puzzles and answers written.

use std::ffi::OsString;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::answer::Outcome;
use crate::cli::error::CliError;
use crate::formats::write;
use crate::formats::Format;
use crate::generate::{puzzle, Order, MAX_LOOPS};
use crate::judge::write_answer;
use crate::output::Output;
use crate::tutor::Tier;

pub(crate) const USAGE: &str = "\
usage: slink generate ROWSxCOLS [--count N] [--seed S] [--grade LEVEL] [--slink]
                      [--minimal] [--rules-only] [--format contest|url|pzprv3]
                      [--answers FILE]

Writes N random puzzles (default 1) of ROWS x COLS cells (each 2 to 1000),
each with exactly one answer, in the contest format ended by '0 0' (or one
puzz.link URL a line, or pzprv3 files). By default a puzzle needs no search
(grade 4 at most). The same seed (default 1) gives the same puzzles everywhere.

  --grade LEVEL   exactly this grade (see slink --grade): 1 the statement's
                  cases finish it, 2 with the loop rules, 3 with inside/outside,
                  4 with one-edge trials, 5 only search
  --slink         every cell clued, as in the contest
  --minimal       no clue can be removed without losing uniqueness
  --rules-only    the statement's seventeen cases as written finish it (what
                  slink --rules-only checks), as the 2007 statement promised
  --answers FILE  also write the answers to FILE, drawn as the judges do (the
                  judge output for the puzzles written)

Exit status: 0 every puzzle made; 1 no puzzle of the kind asked for came of
1000 loops (the ones before it are written); 2 usage error.
";

fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into(), USAGE.lines().next().unwrap_or(""))
}

/// A whole number from an option's value.
fn number(value: Option<&OsString>, option: &str, least: u64) -> Result<u64, CliError> {
    let text = value.map(|v| v.to_string_lossy().into_owned());
    match text.as_deref().map(str::parse::<u64>) {
        Some(Ok(n)) if n >= least => Ok(n),
        _ => Err(usage(format!(
            "{option} needs a whole number of at least {least}"
        ))),
    }
}

/// Runs `slink generate` with its arguments (after the word `generate`).
pub(crate) fn run(args: &[OsString], out: &mut Output) -> Result<ExitCode, CliError> {
    let mut size = None;
    let mut count = 1;
    let mut order = Order {
        rows: 0,
        cols: 0,
        seed: 1,
        grade: None,
        slink: false,
        minimal: false,
        rules_only: false,
    };
    let mut written = Format::Contest;
    let mut answers: Option<PathBuf> = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        match text.as_ref() {
            "-h" | "--help" => {
                out.write(USAGE.as_bytes()).map_err(CliError::Write)?;
                out.flush().map_err(CliError::Write)?;
                return Ok(ExitCode::SUCCESS);
            }
            "--count" => count = number(args.next(), "--count", 1)?,
            "--seed" => order.seed = number(args.next(), "--seed", 0)?,
            "--grade" => {
                let level = number(args.next(), "--grade", 1)?;
                order.grade = Some(match level {
                    1 => Tier::Statement,
                    2 => Tier::Loops,
                    3 => Tier::Sides,
                    4 => Tier::Trial,
                    5 => Tier::Search,
                    _ => return Err(usage("--grade needs a level from 1 to 5")),
                });
            }
            "--slink" => order.slink = true,
            "--minimal" => order.minimal = true,
            "--rules-only" => order.rules_only = true,
            "--format" => {
                written = match args
                    .next()
                    .map(|v| v.to_string_lossy().into_owned())
                    .as_deref()
                {
                    Some("contest") => Format::Contest,
                    Some("url") => Format::PuzzLink,
                    Some("pzprv3") => Format::Pzprv3,
                    _ => return Err(usage("--format needs one of contest, url, pzprv3")),
                }
            }
            "--answers" => match args.next() {
                Some(file) => answers = Some(PathBuf::from(file)),
                None => return Err(usage("--answers needs a file")),
            },
            t if t.starts_with('-') => return Err(usage(format!("unknown option '{t}'"))),
            t if size.is_none() => size = Some(parse_size(t)?),
            t => return Err(usage(format!("unexpected argument '{t}'"))),
        }
    }
    let (rows, cols) =
        size.ok_or_else(|| usage("the size is missing: ROWSxCOLS, such as 10x10"))?;
    order.rows = rows;
    order.cols = cols;
    if order.slink && order.minimal {
        return Err(usage(
            "--slink keeps every clue, --minimal removes all it can: choose one",
        ));
    }
    // The answers file is opened first, so that a path that cannot be
    // written fails before any work; answers go to it as they are made.
    let mut pictures = match &answers {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| cannot_write(path, e))?,
        )),
        None => None,
    };
    // The puzzle that could not be made, if one could not: those before it
    // are written, and the file still ends as it should.
    let mut missed = None;
    for index in 0..count {
        let (made, answer) = match puzzle(&order, index) {
            Some(made) => made,
            None => {
                missed = Some(index + 1);
                break;
            }
        };
        out.write(write::puzzle(&made, written).as_bytes())
            .map_err(CliError::Write)?;
        // A long run shows each puzzle as it comes.
        out.flush().map_err(CliError::Write)?;
        if let (Some(file), Some(path)) = (&mut pictures, &answers) {
            write_answer(file, index as usize + 1, &made, &Outcome::Unique(answer))
                .map_err(|e| cannot_write(path, e))?;
        }
    }
    if written == Format::Contest {
        out.write(b"0 0\n").map_err(CliError::Write)?;
    }
    out.flush().map_err(CliError::Write)?;
    if let (Some(mut file), Some(path)) = (pictures, &answers) {
        file.flush().map_err(|e| cannot_write(path, e))?;
    }
    match missed {
        None => Ok(ExitCode::SUCCESS),
        Some(number) => {
            out.note(&format!(
                "slink: generate: no puzzle {number} of the kind asked for in {MAX_LOOPS} loops; try another size or grade\n"
            ))
            .map_err(CliError::Write)?;
            Ok(ExitCode::from(1))
        }
    }
}

fn cannot_write(path: &std::path::Path, e: std::io::Error) -> CliError {
    CliError::Input(format!("cannot write '{}': {e}", path.display()))
}

/// `ROWSxCOLS`, each from 2 to 1000.
fn parse_size(text: &str) -> Result<(u32, u32), CliError> {
    let bad = || {
        usage(format!(
            "expected the size as ROWSxCOLS (each 2 to 1000), found '{text}'"
        ))
    };
    let (rows, cols) = text.split_once('x').ok_or_else(bad)?;
    let dimension = |t: &str| t.parse::<u32>().ok().filter(|n| (2..=1000).contains(n));
    match (dimension(rows), dimension(cols)) {
        (Some(rows), Some(cols)) => Ok((rows, cols)),
        _ => Err(bad()),
    }
}
