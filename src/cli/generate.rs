//! `slink generate`: its options, and the puzzles and answers written.

use std::ffi::OsString;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::error::CliError;
use crate::cli::graphs::{self, GridChoice};
use crate::cli::output::Output;
use crate::cli::words::{
    bad_value, flag, out_folder, split_values, unknown_option, valued, version, Spec,
};
use crate::cli::{make_folder, svg_file, Written};
use crate::formats::write;
use crate::formats::{Format, NAMES};
use crate::generate::{puzzle, Order, MAX_LOOPS};
use crate::graph::generate::{GridOrder, Kept};
use crate::graph::kinds::Kind;
use crate::graph::ladder::LoopyLevel;
use crate::slink::answer::Outcome;
use crate::slink::judge::write_answer;
use crate::tutor::Tier;

pub(crate) const USAGE: &str = "\
usage: slink generate ROWSxCOLS [--count N] [--seed S] [--grade LEVEL] [--slink]
                      [--minimal] [--rules-only] [--format FORMAT] [--out DIR]
                      [--answers FILE]
       slink generate --grid TYPE WIDTHxHEIGHT [--count N] [--seed S]
                      [--loopy-level LEVEL | --slink | --minimal]
                      [--format loopy|svg] [--out DIR] [--answers FILE]

Writes N random puzzles (default 1) of ROWS x COLS cells (each 2 to 1000, at
most 10000 cells in all), each with exactly one answer, in the contest format
ended by '0 0'. By default a puzzle needs no search (grade 5 at most). The
same seed (default 1) gives the same puzzles everywhere.

  --grade LEVEL   exactly this grade (see slink --grade): 1 the statement's
                  cases finish it, 2 with the loop rules, 3 with inside/outside,
                  4 with pairs of edges, 5 with one-edge trials, 6 only search
  --slink         every cell clued, as in the contest
  --minimal       no clue can be removed without losing uniqueness
  --rules-only    the statement's seventeen cases as written finish it (what
                  slink --rules-only checks), as the 2007 statement promised
  --format FORMAT contest (the default), url (puzz.link), loopy (a Loopy game
                  ID), pzprv3, janko (a janko.at block), picture (a blank
                  board to draw on, as slink reads it back) or svg (a picture
                  of the puzzle)
  --out DIR       with --format svg: write DIR/K.svg for puzzle K (needed for
                  more than one puzzle; DIR is made if it is not there)
  --answers FILE  also write the answers to FILE, drawn as the judges do (the
                  judge output for the puzzles written; FILE's folder is made
                  if it is not there)
  --grid TYPE     on one of Loopy's grids, as Loopy sizes it (WIDTHxHEIGHT in
                  its steps): square, triangular, honeycomb, snub-square,
                  cairo, great-hexagonal, octagonal, kites, floret,
                  dodecagonal, great-dodecagonal, penrose-kite-dart,
                  penrose-rhombs, great-great-dodecagonal, kagome or
                  compass-dodecagonal; written as Loopy game IDs (or svg),
                  the answers as slink prints them
  --loopy-level L with --grid: exactly Loopy's level L (easy, normal, tricky
                  or hard, the default), as Loopy's generator makes them
  -h, --help      print this help
  -V, --version   print the version

Exit status: 0 every puzzle made; 1 no puzzle of the kind asked for came of
1000 loops (the ones before it are written); 2 usage error.
";

/// Every option `slink generate` takes, and whether it takes a value: what
/// the parser reads (`--opt=value` is split by it), and the nearest one to a
/// mistyped option.
const OPTIONS: [Spec; 15] = [
    valued("--count"),
    valued("--grid"),
    valued("--loopy-level"),
    valued("--seed"),
    valued("--grade"),
    flag("--slink"),
    flag("--minimal"),
    flag("--rules-only"),
    valued("--format"),
    valued("--answers"),
    valued("--out"),
    flag("--help"),
    flag("--version"),
    flag("-h"),
    flag("-V"),
];

fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into(), USAGE.lines().next().unwrap_or(""))
}

/// A whole number from an option's value.
fn number(value: Option<&OsString>, option: &str, least: u64) -> Result<u64, CliError> {
    let text = value.map(|v| v.to_string_lossy().into_owned());
    match text.as_deref().map(str::parse::<u64>) {
        Some(Ok(n)) if n >= least => Ok(n),
        _ => {
            let needs = format!("a whole number of at least {least}");
            Err(usage(bad_value(option, &needs, text.as_deref())))
        }
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
    let mut written = Written::Puzzle(Format::Contest);
    let mut grid: Option<Kind> = None;
    let mut level: Option<LoopyLevel> = None;
    let mut out_dir: Option<PathBuf> = None;
    let mut answers: Option<PathBuf> = None;
    let args = split_values(args, &OPTIONS).map_err(usage)?;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        match text.as_ref() {
            "-h" | "--help" => {
                out.write(USAGE.as_bytes()).map_err(CliError::Write)?;
                out.flush().map_err(CliError::Write)?;
                return Ok(ExitCode::SUCCESS);
            }
            "-V" | "--version" => {
                out.write(version("slink generate").as_bytes())
                    .map_err(CliError::Write)?;
                out.flush().map_err(CliError::Write)?;
                return Ok(ExitCode::SUCCESS);
            }
            "--count" => count = number(args.next(), "--count", 1)?,
            "--seed" => order.seed = number(args.next(), "--seed", 0)?,
            "--grade" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                order.grade = Some(match value.as_deref() {
                    Some("1") => Tier::Statement,
                    Some("2") => Tier::Loops,
                    Some("3") => Tier::Sides,
                    Some("4") => Tier::Pairs,
                    Some("5") => Tier::Trial,
                    Some("6") => Tier::Search,
                    _ => {
                        let message = bad_value("--grade", "a level from 1 to 6", value.as_deref());
                        return Err(usage(message));
                    }
                });
            }
            "--grid" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                grid = match value.as_deref().and_then(Kind::named) {
                    Some(kind) => Some(kind),
                    None => {
                        let needs = "one of Loopy's grid types (see --help)";
                        return Err(usage(bad_value("--grid", needs, value.as_deref())));
                    }
                };
            }
            "--loopy-level" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                level = match value.as_deref().map(str::to_ascii_lowercase).as_deref() {
                    Some("easy" | "e") => Some(LoopyLevel::Easy),
                    Some("normal" | "n") => Some(LoopyLevel::Normal),
                    Some("tricky" | "t") => Some(LoopyLevel::Tricky),
                    Some("hard" | "h") => Some(LoopyLevel::Hard),
                    _ => {
                        let needs = "easy, normal, tricky or hard";
                        return Err(usage(bad_value("--loopy-level", needs, value.as_deref())));
                    }
                };
            }
            "--slink" => order.slink = true,
            "--minimal" => order.minimal = true,
            "--rules-only" => order.rules_only = true,
            "--format" => {
                let value = args.next().map(|v| v.to_string_lossy().into_owned());
                let named = NAMES.iter().find(|(n, _)| Some(*n) == value.as_deref());
                written = match (value.as_deref(), named) {
                    (_, Some(&(_, format))) => Written::Puzzle(format),
                    (Some("svg"), None) => Written::UnsolvedSvg,
                    _ => {
                        let needs = "one of contest, url, loopy, pzprv3, janko, picture, svg";
                        return Err(usage(bad_value("--format", needs, value.as_deref())));
                    }
                };
            }
            "--out" => out_dir = Some(out_folder(args.next()).map_err(usage)?),
            "--answers" => match args.next() {
                Some(file) => answers = Some(PathBuf::from(file)),
                None => return Err(usage("--answers needs a file")),
            },
            t if t.starts_with('-') => {
                return Err(usage(unknown_option("slink generate", t, &OPTIONS)))
            }
            t if size.is_none() => size = Some(t.to_string()),
            t => return Err(usage(format!("unexpected argument '{t}'"))),
        }
    }
    if grid.is_none() && level.is_some() {
        return Err(usage("--loopy-level goes with --grid"));
    }
    if let Some(kind) = grid {
        let size = size.ok_or_else(|| usage("the size is missing: WIDTHxHEIGHT, such as 7x7"))?;
        let square_only = [
            (order.grade.is_some(), "--grade"),
            (order.rules_only, "--rules-only"),
        ];
        if let Some((_, option)) = square_only.iter().find(|(on, _)| *on) {
            return Err(usage(format!("{option} takes square grids only")));
        }
        let written = match written {
            Written::Puzzle(Format::Contest | Format::Loopy) => Written::Puzzle(Format::Loopy),
            Written::UnsolvedSvg => Written::UnsolvedSvg,
            _ => return Err(usage("--grid puzzles are written as loopy or svg")),
        };
        if [order.slink, order.minimal, level.is_some()]
            .iter()
            .filter(|&&on| on)
            .count()
            > 1
        {
            return Err(usage(
                "--slink, --minimal and --loopy-level each say which clues stay: choose one",
            ));
        }
        let (width, height) = parse_grid_size(kind, &size)?;
        let kept = match (order.slink, order.minimal) {
            (true, _) => Kept::EveryClue,
            (_, true) => Kept::Minimal,
            _ => Kept::Level(level.unwrap_or(LoopyLevel::Hard)),
        };
        let choice = GridChoice {
            order: GridOrder {
                kind,
                width,
                height,
                seed: order.seed,
                kept,
            },
            count,
            written,
            out_dir,
            answers,
        };
        return graphs::generate(&choice, out);
    }
    let (rows, cols) =
        parse_size(&size.ok_or_else(|| usage("the size is missing: ROWSxCOLS, such as 10x10"))?)?;
    order.rows = rows;
    order.cols = cols;
    if order.slink && order.minimal {
        return Err(usage(
            "--slink keeps every clue, --minimal removes all it can: choose one",
        ));
    }
    if out_dir.is_some() && written != Written::UnsolvedSvg {
        return Err(usage("--out DIR goes with --format svg"));
    }
    if written == Written::UnsolvedSvg && out_dir.is_none() && count > 1 {
        return Err(usage(
            "--format svg writes one picture to standard output: give --out DIR for more puzzles",
        ));
    }
    if let Some(dir) = &out_dir {
        make_folder(dir, "--out")?;
    }
    // The answers file is opened first, so that a path that cannot be
    // written fails before any work; answers go to it as they are made.
    // Its folder is made as `--out`'s is: a data set's two files usually go
    // to a folder of their own.
    let mut pictures = match &answers {
        Some(path) => {
            if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
                make_folder(folder, "--answers")?;
            }
            let file = std::fs::File::create(path).map_err(|e| cannot_write(path, e))?;
            Some(std::io::BufWriter::new(file))
        }
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
        match (written, &out_dir) {
            (Written::Puzzle(format), _) => out
                .write(write::puzzle(&made, format).as_bytes())
                .map_err(CliError::Write)?,
            (_, Some(dir)) => {
                svg_file(dir, index as usize + 1, &made, None).map_err(CliError::Write)?
            }
            (_, None) => out
                .write(write::answer(&made, None, write::Answer::Svg).as_bytes())
                .map_err(CliError::Write)?,
        }
        // A long run shows each puzzle as it comes.
        out.flush().map_err(CliError::Write)?;
        if let (Some(file), Some(path)) = (&mut pictures, &answers) {
            write_answer(file, index as usize + 1, &made, &Outcome::Unique(answer))
                .map_err(|e| cannot_write(path, e))?;
        }
    }
    if written == Written::Puzzle(Format::Contest) {
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

/// The most cells a generated puzzle may have. The generator's time grows
/// faster than its cells (its checks of the whole board come about once for
/// every few clues): grade 1, 71×71 2.4 s of CPU, 100×100 5.1 s, 141×141
/// 19 s, 200×200 77 s, and 1000×1000 past five minutes without an
/// end; so the size is held where a puzzle still comes in seconds.
const MOST_CELLS: u32 = 10_000;

/// The most faces a generated puzzle on one of Loopy's grids may have (a
/// Penrose grid: the most tiles cut to make it), as on squares.
const MOST_FACES: u64 = MOST_CELLS as u64;

/// `WIDTHxHEIGHT` of a grid of Loopy's, as Loopy takes it, with at most
/// [`MOST_FACES`] faces.
fn parse_grid_size(kind: Kind, text: &str) -> Result<(u32, u32), CliError> {
    let bad = || usage(format!("expected the size as WIDTHxHEIGHT, found '{text}'"));
    let (w, h) = text.split_once('x').ok_or_else(bad)?;
    let (w, h) = match (w.parse::<u32>(), h.parse::<u32>()) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(bad()),
    };
    if let Some(wrong) = kind.size_error(w, h) {
        return Err(usage(format!("expected {wrong}")));
    }
    if kind.work(w, h) > MOST_FACES {
        return Err(usage(format!(
            "{text} is too large: the generator makes {} grids of at most {MOST_FACES} faces",
            kind.name
        )));
    }
    Ok((w, h))
}

/// `ROWSxCOLS`, each from 2 to 1000, [`MOST_CELLS`] at most in all.
fn parse_size(text: &str) -> Result<(u32, u32), CliError> {
    let bad = || {
        usage(format!(
            "expected the size as ROWSxCOLS (each 2 to 1000), found '{text}'"
        ))
    };
    let (rows, cols) = text.split_once('x').ok_or_else(bad)?;
    let dimension = |t: &str| t.parse::<u32>().ok().filter(|n| (2..=1000).contains(n));
    match (dimension(rows), dimension(cols)) {
        (Some(rows), Some(cols)) if rows * cols <= MOST_CELLS => Ok((rows, cols)),
        (Some(rows), Some(cols)) => Err(usage(format!(
            "{text} has {} cells; the generator makes puzzles of at most {MOST_CELLS} \
             (100x100 takes about 6 s, and the time grows faster than the cells)",
            rows * cols
        ))),
        _ => Err(bad()),
    }
}
