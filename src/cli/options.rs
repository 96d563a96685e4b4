//! `slink`'s options: its usage text, the options it takes, and the parsed
//! command line, with every combination that makes no sense refused before
//! any puzzle is read.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use super::error::CliError;
use super::words::{
    bad_value, flag, out_folder, parse_seconds, split_values, unknown_option, valued, Spec,
};
use crate::formats::{write, Format, NAMES};
use crate::slink::parse::{DEFAULT_MAX_CELLS, MAX_CELLS_EVER};

pub(crate) const USAGE: &str = "\
usage: slink [OPTIONS] [FILE | URL | ID]...
       slink generate ROWSxCOLS [OPTIONS]   (see 'slink generate --help')

Solves Slitherlink puzzles given in the Slink format (ICPC Mid-Central USA 2007,
Problem C) and draws each answer as the judges do.

Reads each FILE in turn, as one stream of puzzles numbered on, or standard
input when there is none or FILE is '-'. A puzz.link URL or a Loopy game ID may
be given in place of a FILE (a file of that name wins). With no FILE, reads
./slink.in instead when standard input is empty or a terminal and slink.in
exists (as the contest ran it: 'slink < /dev/null' beside slink.in).

Options (a value may also follow its option after =, as in --format=svg):
  --check            print one line per puzzle, 'K unique', 'K multiple',
                     'K none' or 'K undecided', instead of pictures
                     and for a draft with no answer or several, what is
                     wrong: 'K none: clues (r,c)=n ... cannot all hold' (a
                     smallest such set: drop any one and an answer comes
                     back), the rule they break alone and a change to one
                     of them that leaves one answer; 'K multiple: the
                     answers differ in N regions; adding (r,c)=n leaves
                     exactly one answer', then per region its cells and a
                     clue that tells two answers apart. With --format svg,
                     a picture of it (the lines go to standard error
                     without --out)
  --brief            with --check: the verdicts alone, without what is wrong
                     (quicker on many drafts)
  --fix              with --check's findings, write each draft back
                     (--format contest, url, loopy, pzprv3 or janko;
                     contest by default, a game ID on Loopy's other
                     grids) with the change they suggest; the check's
                     lines go to standard error
  --count            print one line per puzzle, 'K N': its exact number of
                     answers, counted without the solver (a frontier
                     dynamic program); 'K undecided' when the narrower side
                     is over 20 cells (on Loopy's other grids, when the
                     frontier is too wide), or past the time limit or the
                     bound on memory. With --check, both lines
  --explain          also write to standard error, for each puzzle, every
                     deduction in the statement's terms ('[case N] ...', or
                     '[loop]', '[sides]', '[pairs]', '[parity]', '[trial]'
                     beyond the statement, and '[guess]'/'[backtrack]' for
                     search), the board where the statement's cases stop,
                     the answer with crosses, and a summary (on Loopy's
                     other grids, the steps of Loopy's own solver); standard
                     output is unchanged
  --rules-only       use only the statement's seventeen cases, as written, and
                     no search: print the board they reach (undecided edges
                     blank) and say on standard error where they stop or
                     contradict themselves
  --hint             for each board (a puzzle, or a picture as slink draws
                     it with 'x' for crosses and blanks undecided, or a
                     pzprv3 file with edges), print 'K mistake EDGE line|cross'
                     with the deductions that refute it, 'K step [TAG] EDGE
                     line|cross, ...' with the rule and the board before and
                     after, 'K solved' or 'K no answer' (on Loopy's other
                     grids, a game ID: its solver's first step and level)
  --grade            print 'K level N (NAME): ...' for each puzzle: 1
                     (statement) the statement's cases suffice, 2 (loop) with
                     the loop rules, 3 (inside/outside), 4 (pairs) with pairs
                     of edges, 5 (trial) with one-edge trials, 6 (search);
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
  --unsolved         with --format svg or pzprv3: the puzzle alone, unsolved
  --out DIR          with --format svg: write DIR/K.svg for puzzle K (needed
                     for more than one puzzle; DIR is made if it is not there)
  --max-seconds S    give each puzzle at most S seconds (fractions allowed);
                     past it the puzzle is 'undecided': the answer found so
                     far is printed, or 'undecided' if none, and the next
                     puzzle goes on (default: no limit)
  -h, --help         print this help
  -V, --version      print the version

Input: whitespace-separated tokens: 'r c', then r*c clues row by row, each 0-4,
or '.', '-' or '?' for a blank cell; repeated; '0 0' or the end of the input
after a whole puzzle ends it. A puzz.link URL
(https://puzz.link/p?slither/COLS/ROWS/BODY; also pzv.jp and its copies, with
or without https://, in any case, %-escaped or not), a Loopy game ID
(WxHtT:DESC, on any of Loopy's 16 grids), a pzprv3 file, a janko.at block or
a picture as slink draws it (after its number line or not) may stand wherever
such a puzzle may.

Output: for puzzle K, the line K, then the answer framed in '#' (on Loopy's
other grids: the game ID and Loopy's solve move, S0y1n...). A puzzle with no
answer prints 'no solution' after its number; one with several prints the
first found. Each is also reported on standard error.

Exit status: 0 every puzzle had exactly one answer (with --rules-only: every
puzzle finished by the rules; with --hint: a step or solved; with --grade: a
grade); 1 some puzzle had none or several (or was not finished, or was
undecided at the time limit, or had a mistake); 2 usage error, unreadable file
or malformed input.

Examples:
  printf '2 2\\n2 2\\n2 2\\n0 0\\n' | slink
  slink 'https://puzz.link/p?slither/5/5/cbcbcddad'
";

/// Every option `slink` takes, and whether it takes a value: what the parser
/// reads (`--opt=value` is split by it), and the nearest one to a mistyped
/// option.
const OPTIONS: [Spec; 19] = [
    flag("--check"),
    flag("--brief"),
    flag("--fix"),
    flag("--count"),
    flag("--explain"),
    flag("--rules-only"),
    flag("--hint"),
    flag("--grade"),
    valued("--max-cells"),
    valued("--from"),
    valued("--format"),
    flag("--unsolved"),
    valued("--out"),
    valued("--max-seconds"),
    flag("--help"),
    flag("--version"),
    flag("-h"),
    flag("-V"),
    flag("--"),
];

/// A usage error of `slink` itself: the message, then the usage line.
pub(super) fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into(), USAGE.lines().next().unwrap_or(""))
}

/// The parsed command line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Options {
    /// The inputs, read in order as one stream of puzzles (see
    /// [`super::inputs::inputs`]); standard input when none is named.
    pub(super) inputs: Vec<OsString>,
    pub(super) check: bool,
    /// `--brief`: `--check`'s verdicts alone.
    pub(super) brief: bool,
    /// `--fix`: each draft written back with the check's change.
    pub(super) fix: bool,
    /// `--count`: each puzzle's number of answers.
    pub(super) count: bool,
    pub(super) explain: bool,
    pub(super) rules_only: bool,
    /// `--hint`: the next step or the first mistake of each board.
    pub(super) hint: bool,
    /// `--grade`: each puzzle's difficulty.
    pub(super) grade: bool,
    pub(super) max_cells: u64,
    /// Each puzzle's time limit, past which it is reported undecided.
    pub(super) max_seconds: Option<Duration>,
    /// The only input format taken (`--from`), or any.
    pub(super) from: Option<Format>,
    /// What `--format` writes.
    pub(super) written: Written,
    /// Where `--format svg` writes its files, one a puzzle (`--out`).
    pub(super) out_dir: Option<PathBuf>,
}

impl Options {
    /// Whether each picture goes to standard output, so that there may be
    /// only one.
    pub(super) fn one_picture(&self) -> bool {
        matches!(self.written, Written::Svg | Written::UnsolvedSvg) && self.out_dir.is_none()
    }
}

/// What `--format` writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Written {
    /// The answers, drawn as the judges do (the default).
    Judge,
    /// The answers as pzprv3 files, one after another.
    Pzprv3,
    /// The answers as SVG pictures: one on standard output, or one file per
    /// puzzle in `--out DIR`.
    Svg,
    /// The puzzles themselves, unsolved, in a format.
    Puzzle(Format),
    /// The puzzles themselves, unsolved, as SVG pictures (`--format svg
    /// --unsolved`, or the generator's `--format svg`).
    UnsolvedSvg,
}

impl Written {
    /// The format answers are written in, when not the judge's picture.
    pub(super) fn answer(self) -> Option<write::Answer> {
        match self {
            Written::Pzprv3 => Some(write::Answer::Pzprv3),
            Written::Svg => Some(write::Answer::Svg),
            Written::Judge | Written::Puzzle(_) | Written::UnsolvedSvg => None,
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
            let needs = format!("one of {}", names.join(", "));
            Err(usage(bad_value(option, &needs, value.as_deref())))
        }
    }
}

/// `--fix` writes drafts: it checks them, in a puzzle format (the
/// contest's by default, pzprv3's without edges), and goes with no other
/// kind of output.
fn fix_fits(options: &mut Options) -> Result<(), CliError> {
    options.check = true;
    options.written =
        match options.written {
            Written::Judge => Written::Puzzle(Format::Contest),
            Written::Pzprv3 => Written::Puzzle(Format::Pzprv3),
            Written::Svg | Written::UnsolvedSvg => return Err(usage(
                "--fix writes drafts: give --format contest, url, loopy, pzprv3, janko or picture",
            )),
            written => written,
        };
    for (other, set) in [
        ("--brief", options.brief),
        ("--count", options.count),
        ("--explain", options.explain),
        ("--rules-only", options.rules_only),
        ("--hint", options.hint),
        ("--grade", options.grade),
        ("--out", options.out_dir.is_some()),
    ] {
        if set {
            return Err(usage(format!("--fix cannot be combined with {other}")));
        }
    }
    Ok(())
}

pub(super) enum Command {
    Solve(Options),
    Help,
    Version,
}

pub(super) fn parse_args(args: &[OsString]) -> Result<Command, CliError> {
    let mut options = Options {
        inputs: Vec::new(),
        check: false,
        brief: false,
        fix: false,
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
    let mut unsolved = false;
    let args = split_values(args, &OPTIONS).map_err(usage)?;
    let mut args = args.iter();
    let mut only_inputs = false;
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if only_inputs || text == "-" || !text.starts_with('-') {
            options.inputs.push(arg.clone());
            continue;
        }
        match text.as_ref() {
            "--" => only_inputs = true,
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--check" => options.check = true,
            "--brief" => options.brief = true,
            "--fix" => options.fix = true,
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
                        let needs = format!("a whole number from 1 to {MAX_CELLS_EVER}");
                        return Err(usage(bad_value("--max-cells", &needs, value.as_deref())));
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
            "--unsolved" => unsolved = true,
            "--out" => options.out_dir = Some(out_folder(args.next()).map_err(usage)?),
            _ => return Err(usage(unknown_option("slink", &text, &OPTIONS))),
        }
    }
    // The answers' formats, pzprv3 and svg, may draw the puzzle alone.
    if unsolved {
        options.written = match options.written {
            Written::Svg => Written::UnsolvedSvg,
            Written::Pzprv3 => Written::Puzzle(Format::Pzprv3),
            _ => {
                return Err(usage(
                    "--unsolved goes with --format svg or pzprv3 (the puzzle formats write puzzles unsolved already)",
                ))
            }
        };
    }
    if options.out_dir.is_some() && !matches!(options.written, Written::Svg | Written::UnsolvedSvg)
    {
        return Err(usage("--out DIR goes with --format svg".to_string()));
    }
    if options.one_picture() && options.inputs.len() > 1 {
        return Err(usage(
            "--format svg writes one picture to standard output: give --out DIR for more puzzles",
        ));
    }
    if options.fix {
        fix_fits(&mut options)?;
    }
    if options.brief && !options.check {
        return Err(usage("--brief goes with --check"));
    }
    let name = match options.written {
        Written::Judge => None,
        Written::Pzprv3 => Some("pzprv3"),
        Written::Svg | Written::UnsolvedSvg => Some("svg"),
        Written::Puzzle(format) => NAMES.iter().find(|(_, f)| *f == format).map(|(n, _)| *n),
    };
    // Rewriting puzzles solves nothing; --check and --rules-only write no
    // answers to draw.
    if let Some(name) = name {
        let puzzles = matches!(options.written, Written::Puzzle(_) | Written::UnsolvedSvg);
        // --check draws what it found, and --fix writes the drafts.
        let check_drawn = options.written == Written::Svg || options.fix;
        for (other, set) in [
            ("--check", options.check && !check_drawn),
            ("--count", options.count),
            ("--explain", options.explain && puzzles),
            ("--rules-only", options.rules_only),
        ] {
            if set {
                // A puzzle format with --check: the drafts are wanted back.
                let fix = match (other, puzzles) {
                    ("--check", true) => " (--fix writes the drafts back)",
                    _ => "",
                };
                return Err(usage(format!(
                    "--format {name} cannot be combined with {other}{fix}"
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The nearest option is looked for among the options the help lists,
    /// and the help lists every option taken.
    #[test]
    fn the_options_list_is_the_helps() {
        // An option's line: `  -h, --help         print this help`.
        let heads = USAGE
            .lines()
            .map(str::trim_start)
            .filter(|l| l.starts_with('-'));
        let names = heads.flat_map(|l| l.split("  ").next().unwrap_or("").split(", "));
        let mut listed: Vec<&str> = names.map(|n| n.split(' ').next().unwrap_or("")).collect();
        listed.sort_unstable();
        listed.dedup();
        let names = OPTIONS.iter().map(|o| o.name);
        let mut known: Vec<&str> = names.filter(|&o| o != "--").collect();
        known.sort_unstable();
        assert_eq!(listed, known);
        // An option shown with a placeholder (`--out DIR`) takes a value.
        for line in USAGE.lines().map(str::trim_start) {
            let Some(head) = line.strip_prefix('-').map(|_| line.split("  ").next()) else {
                continue;
            };
            let words: Vec<&str> = head.unwrap_or("").split([' ', ',']).collect();
            let name = words.iter().rev().find(|w| w.starts_with('-'));
            let spec = OPTIONS.iter().find(|o| Some(&o.name) == name);
            let shown = words.last().is_some_and(|w| !w.starts_with('-'));
            assert_eq!(spec.map(|o| o.value), Some(shown), "{line}");
        }
        for option in OPTIONS.map(|o| o.name) {
            let args = [OsString::from(option), OsString::from("1")];
            if let Err(CliError::Usage(message, _)) = parse_args(&args) {
                assert!(
                    !message.starts_with("unknown option"),
                    "{option}: {message}"
                );
            }
        }
    }
}
