//! `slink --count`, through the real binary: the count agrees with what the
//! solver proves (`--check`: unique is 1, none is 0, multiple is 2 or more)
//! on every puzzle under `samples/` and on 1,000 planted small puzzles;
//! its limits and its bad input give the messages and statuses docs/counting.md
//! gives. (The counts themselves are checked against published values and a
//! brute-force count in the crate: `src/count/`.)

mod common;

use std::path::Path;
use std::process::Output;

use common::{clues_of, input_text, random_loop, run_binary, Rng};

fn slink(args: &[&str], stdin: &[u8]) -> Output {
    run_binary(env!("CARGO_BIN_EXE_slink"), args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `slink --check --count` on `input` and checks each puzzle's two
/// lines against each other (a puzzle wider than the count takes, both
/// ways, is undecided, and says so); returns how many puzzles there were.
/// The tutor's boards have edges drawn, which the count keeps and the
/// solver does not: there, a puzzle with several answers may have fewer
/// that keep them (the brute-force tests in `src/count/` pin those).
fn agree(input: &[u8], what: &str) -> usize {
    let out = slink(&["--check", "--count"], input);
    let printed = text(&out.stdout);
    let notes = text(&out.stderr);
    let too_wide = |number: &str| {
        notes.contains(&format!(
            "slink: puzzle {number}: not counted: the narrower side has"
        ))
    };
    // The setter's check's own lines (indented) are left out.
    let lines: Vec<&str> = printed.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(lines.len() % 2, 0, "{what}: {printed}");
    for pair in lines.chunks(2) {
        let (check, count) = (pair[0], pair[1]);
        let number = check.split(' ').next().unwrap_or("");
        let word = check.split(' ').nth(1).unwrap_or("");
        let word = word.trim_end_matches(':');
        let n = count
            .strip_prefix(&format!("{number} "))
            .unwrap_or_else(|| panic!("{what}: {check} / {count}"));
        // A board with edges drawn counts the answers that keep them: none
        // when they disagree with the one answer.
        let drawn_wrong = notes.contains(&format!(
            "slink: puzzle {number}: the file's edges disagree with the answer"
        ));
        let agrees = match (word, n) {
            (_, "undecided") => too_wide(number),
            ("unique", _) => n == if drawn_wrong { "0" } else { "1" },
            ("none", _) => n == "0",
            ("multiple", _) => {
                n.len() > 1
                    || n.parse::<u32>()
                        .is_ok_and(|n| n >= 2 || what.contains("tutor"))
            }
            _ => false,
        };
        assert!(agrees, "{what}: puzzle {number}: '{check}' but '{count}'");
    }
    lines.len() / 2
}

/// The samples that cannot be counted: two nearly blank 20×20 puzzles
/// with many answers, whose states pass the count's bound on memory (a
/// blank grid that wide has some 10^100 loops), and the loose 60×60 ones,
/// wider than the count goes. They are undecided, and quickly so under a
/// time limit.
const UNCOUNTABLE: [&str; 6] = [
    "known-hard-20x20.in",
    "near-blank-20x20.in",
    "loose-60x60-60.in",
    "loose-60x60-70.in",
    "loose-60x60-70-typo.in",
    "loose-60x60-80.in",
];

/// Every puzzle of every file under `samples/` that `slink` reads, but
/// [`UNCOUNTABLE`].
#[test]
#[ignore = "long sweep: .ci/run runs it with --ignored"]
fn counts_agree_with_the_solver_on_every_sample() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut files = Vec::new();
    for dir in ["", "regression", "explain", "tutor", "formats"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("samples/ reads") {
            let path = entry.expect("an entry").path();
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let slitherlink =
                name.ends_with(".in") || name.ends_with(".pzprv3") || name.starts_with("loopy");
            if slitherlink && path.is_file() && !UNCOUNTABLE.contains(&name.as_str()) {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut puzzles = 0;
    for file in &files {
        let input = std::fs::read(file).expect("a sample reads");
        puzzles += agree(&input, &file.display().to_string());
    }
    assert!(puzzles > 50, "only {puzzles} puzzles");
}

/// 1,000 planted puzzles from 1×1 to 6×7, with from none to nearly all of
/// their clues blank: many have several answers.
#[test]
#[ignore = "long sweep: .ci/run runs it with --ignored"]
fn counts_agree_with_the_solver_on_planted_puzzles() {
    assert_eq!(planted(40, 1000), 1000);
}

/// A few of the planted puzzles, in every run.
#[test]
fn counts_agree_with_the_solver_on_a_few_planted_puzzles() {
    assert_eq!(planted(41, 60), 60);
}

/// `count` planted puzzles from 1×1 to 6×7 from seed `seed`, checked by
/// [`agree`].
fn planted(seed: u64, count: usize) -> usize {
    let mut rng = Rng::new(seed);
    let puzzles: Vec<_> = (0..count)
        .map(|_| {
            let rows = 1 + rng.below(6) as u32;
            let cols = 1 + rng.below(7) as u32;
            let mut puzzle = clues_of(&random_loop(&mut rng, rows, cols));
            let blank = rng.below(95);
            for clue in puzzle.clues.iter_mut() {
                if rng.chance(blank) {
                    *clue = None;
                }
            }
            puzzle
        })
        .collect();
    agree(input_text(&puzzles).as_bytes(), "planted")
}

/// A board with lines or crosses drawn counts the answers that keep them:
/// a blank 2×2 has 13 loops, 4 with its top border drawn.
#[test]
fn a_board_with_edges_drawn_counts_the_answers_that_keep_them() {
    let board = "\
#############
#           #
# +---+---+ #
#           #
#           #
#           #
#           #
#           #
#############
";
    let out = slink(&["--count"], board.as_bytes());
    assert_eq!(text(&out.stdout), "1 4\n");
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    // The edge under the top left cell crossed too: 2 (round all four, or
    // round the three but the bottom right).
    let mut lines: Vec<&str> = board.lines().collect();
    lines[4] = "#   x       #";
    let crossed = lines.join("\n") + "\n";
    let out = slink(&["--count"], crossed.as_bytes());
    assert_eq!(text(&out.stdout), "1 2\n");
}

/// A count that cannot fit says so early, from the growth of its states
/// in the first row (a blank 20×20 has 2^19 states before its first row
/// ends, and 19 loosely clued rows to come), and a long count writes no
/// progress when stderr is not a terminal: stderr holds the reason alone.
#[test]
#[ignore = "slow in a debug build: .ci/run runs it with --ignored"]
fn a_blank_20x20_cannot_fit_and_shows_no_progress_off_a_terminal() {
    let out = slink(&["--count", "https://puzz.link/p?slither/20/20/"], b"");
    assert_eq!(text(&out.stdout), "1 undecided\n");
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 1: not counted: it cannot fit the count's bound on memory (560 MB): 524288 states in row 1 of 21, growing twofold or more a row, with 19 loosely clued rows still to come\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Past the widest grid counted, or the time limit: `K undecided`, the
/// reason on standard error, exit 1; the puzzles before and after are
/// counted.
#[test]
fn what_cannot_be_counted_is_undecided_with_its_reason() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/regression");
    for name in UNCOUNTABLE {
        let path = root.join(name);
        let path = path.to_string_lossy();
        let out = slink(&["--count", "--max-seconds", "0.5", &path], b"");
        assert_eq!(text(&out.stdout), "1 undecided\n", "{name}");
        assert_eq!(out.status.code(), Some(1), "{name}");
    }
    let wide = format!("21 21 {}\n", ". ".repeat(21 * 21));
    let input = format!("1 1 4\n{wide}2 2 2 2 2 2\n");
    let out = slink(&["--count"], input.as_bytes());
    assert_eq!(text(&out.stdout), "1 1\n2 undecided\n3 1\n");
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 2: not counted: the narrower side has 21 cells, more than 20 ('slink --count' counts only grids at most 20 wide)\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let blank = format!("14 14 {}\n", ". ".repeat(14 * 14));
    let out = slink(&["--count", "--max-seconds", "0.05"], blank.as_bytes());
    assert_eq!(text(&out.stdout), "1 undecided\n");
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 1: not counted: the time limit passed\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Bad input is placed as everywhere else, after the counts before it; the
/// options that say something else of each puzzle are refused beside it.
#[test]
fn bad_input_and_clashing_options_are_refused() {
    let out = slink(&["--count"], b"1 1 4\n2 2\n2 x\n");
    assert_eq!(text(&out.stdout), "1 1\n");
    assert_eq!(
        text(&out.stderr),
        "slink: line 3, column 3: expected a clue 0-4 or a blank ('.', '-' or '?'), found 'x'\n"
    );
    assert_eq!(out.status.code(), Some(2));
    for (other, message) in [
        ("--explain", "--count cannot be combined with --explain"),
        ("--hint", "--hint cannot be combined with --count"),
        (
            "--rules-only",
            "--rules-only cannot be combined with --count",
        ),
    ] {
        let out = slink(&["--count", other], b"1 1 4\n");
        let first = text(&out.stderr).lines().next().unwrap_or("").to_string();
        assert_eq!(first, format!("slink: {message}"), "{other}");
        assert_eq!(out.status.code(), Some(2), "{other}");
    }
    // Every format slink reads: a URL and a Loopy game ID.
    let out = slink(
        &["--count"],
        b"https://puzz.link/p?slither/2/1/33\n2x1t0:33\n",
    );
    assert_eq!(text(&out.stdout), "1 1\n2 1\n");
}

/// A long count shows its progress on stderr when that is a terminal: the
/// rows done, on one line rewritten in place, wiped when the count ends.
/// The terminal is `script`'s (util-linux), whose pseudo-terminal takes
/// stdout and stderr both.
#[test]
#[ignore = "slow in a debug build: .ci/run runs it with --ignored"]
fn a_long_count_shows_its_rows_on_a_terminal() {
    let command = format!(
        "{} --count 'https://puzz.link/p?slither/12/12/'",
        env!("CARGO_BIN_EXE_slink")
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("this test needs `script` (util-linux) for a terminal");
    let seen = text(&out.stdout);
    assert!(out.status.success(), "{seen}");
    assert!(
        seen.starts_with("\rslink: puzzle 1: counting, "),
        "{seen:?}"
    );
    assert!(seen.contains(" of 13 rows done "), "{seen:?}");
    let wiped = format!("\r{:60}\r", "");
    assert!(
        seen.ends_with(&format!("{wiped}1 36954917962039884953387868334644457\r\n")),
        "{seen:?}"
    );
}
