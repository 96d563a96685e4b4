//! `sudominoku` through the real binary and the library.
//!
//! - Golden: the statement's sample and the official judge data (from
//!   `shared/mcpc2011-sudominoku/`), byte for byte.
//! - Planted puzzles: a random grid and tiling (`tests/common`), some of its
//!   dominoes revealed; the answer must pass the independent verifier and be the
//!   planted grid when unique.
//! - Outcomes and input errors with their messages and exit statuses.

mod common;

use std::process::Output;

use common::{sudominoku_planted, sudominoku_puzzle, Rng};
use slink::check::sudominoku::verify;
use slink::sudominoku::solve::{solve, Outcome};

fn sudominoku(args: &[&str], stdin: &[u8]) -> Output {
    common::run_binary(env!("CARGO_BIN_EXE_sudominoku"), args, stdin)
}

fn golden(name: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sudominoku/");
    let out = sudominoku(&[&format!("{dir}{name}.in")], b"");
    let expected = std::fs::read_to_string(format!("{dir}{name}.out")).expect("golden file");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn statement_sample() {
    golden("sample");
}

#[test]
fn official_judge_data() {
    golden("judge");
}

#[test]
fn planted_puzzles() {
    let mut rng = Rng::new(2011);
    let (mut unique, mut multiple) = (0, 0);
    for case in 0..50 {
        let answer = sudominoku_planted(&mut rng);
        let shown = 10 + rng.below(26) as usize;
        let puzzle = sudominoku_puzzle(&mut rng, &answer, shown);
        assert_eq!(
            verify(&puzzle, &answer.grid, &answer.tiling),
            Ok(()),
            "case {case}: the planted answer"
        );
        match solve(&puzzle) {
            Outcome::Unique(found) => {
                assert_eq!(
                    verify(&puzzle, &found.grid, &found.tiling),
                    Ok(()),
                    "case {case}"
                );
                assert_eq!(found.grid, answer.grid, "case {case}");
                unique += 1;
            }
            Outcome::Multiple(a, b) => {
                assert_eq!(verify(&puzzle, &a.grid, &a.tiling), Ok(()), "case {case}");
                assert_eq!(verify(&puzzle, &b.grid, &b.tiling), Ok(()), "case {case}");
                assert_ne!(
                    a.grid, b.grid,
                    "case {case}: two tilings of one grid are one answer"
                );
                multiple += 1;
            }
            Outcome::NoSolution => panic!("case {case}: no solution"),
            Outcome::Undecided(_) => unreachable!("no time limit was set"),
        }
    }
    assert!(unique > 15, "unique {unique}, multiple {multiple}");
}

const SINGLES: &str = "C5 A3 D9 I4 A9 E5 A2 C6 I1";

#[test]
fn several_grids_and_none() {
    // Only the singles' digits and one domino: many grids.
    let out = sudominoku(&[], format!("1\n6 B2 1 B3\n{SINGLES}\n0\n").as_bytes());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(
            "sudominoku: puzzle 1 has more than one solution; printed one; another is\n"
        ),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 10);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Puzzle 1\n"));
    assert_eq!(out.status.code(), Some(1));
    // The 7+1 domino puts a second 7 in row A (the single 7 is at A2) and a
    // second 1 in the top middle box (the single 1 is at C5).
    let out = sudominoku(&[], format!("1\n7 A5 1 A6\n{SINGLES}\n0\n").as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Puzzle 1\nno solution\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sudominoku: puzzle 1 has no solution\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn bad_input_after_good_puzzles() {
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/sudominoku/sample.in"
    ))
    .expect("sample");
    let first_puzzle: String = sample.lines().take(12).map(|l| format!("{l}\n")).collect();
    let expected_first: String = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/sudominoku/sample.out"
    ))
    .expect("sample output")
    .lines()
    .take(10)
    .map(|l| format!("{l}\n"))
    .collect();
    for (tail, message) in [
        (
            "1\n6 B2 1 B4\n",
            "line 14, column 8: expected a place beside B2, found 'B4'",
        ),
        (
            "1\n6 Z2 1 B3\n",
            "line 14, column 3: expected a place A1-I9, found 'Z2'",
        ),
        (
            "2\n6 B2 1 B3\n1 D2 6 D3\n",
            "line 15, column 6: the domino 1+6 is placed twice",
        ),
        (
            "99\n",
            "line 13, column 1: expected the number of dominoes (1 to 36, or 0 to end), found '99'",
        ),
        (
            "1\n6 B2 1 B3\nC5 A3",
            "line 15, column 6: expected a place A1-I9, found end of input",
        ),
    ] {
        let out = sudominoku(&[], format!("{first_puzzle}{tail}").as_bytes());
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected_first,
            "{tail:?}"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("sudominoku: {message}\n")
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

/// Contest-style: `sudominoku < /dev/null` in a folder holding `sudominoku.in`
/// reads that file.
#[test]
fn contest_style_reads_sudominoku_in_when_standard_input_is_empty() {
    let samples = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sudominoku/");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sudominoku-contest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    std::fs::copy(format!("{samples}sample.in"), dir.join("sudominoku.in")).expect("copied");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudominoku"))
        .current_dir(&dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("sudominoku runs");
    let _ = std::fs::remove_dir_all(&dir);
    let expected = std::fs::read_to_string(format!("{samples}sample.out")).expect("golden");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert_eq!(out.status.code(), Some(0));
}

/// With standard output a closed pipe, a bad puzzle later in the input is still
/// reported, with exit 2.
#[test]
fn after_a_closed_pipe_a_bad_puzzle_is_still_reported() {
    let judge = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/sudominoku/judge.in"
    ))
    .expect("judge data");
    let puzzles = judge.trim_end().trim_end_matches('0');
    let mut input = puzzles.repeat(300);
    input.push_str("1\n6 J2 1 B3\n");
    let out =
        common::run_until_stdout_closes(env!("CARGO_BIN_EXE_sudominoku"), &[], input.into_bytes());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("sudominoku: line ") && stderr.ends_with(", found 'J2'\n"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// Regression: `sudominoku --help > /dev/full` panicked.
#[test]
fn a_full_stdout_is_an_error_not_a_panic() {
    let Some(full) = common::dev_full() else {
        eprintln!("no /dev/full here: not checked");
        return;
    };
    let out = common::run_with(
        env!("CARGO_BIN_EXE_sudominoku"),
        &["--help"],
        b"",
        full,
        std::process::Stdio::piped(),
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sudominoku: cannot write output: No space left on device (os error 28)\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn usage_errors() {
    let out = sudominoku(&["/nonexistent/sudominoku.in"], b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("sudominoku: cannot open '/nonexistent/sudominoku.in': "),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(2));
    let out = sudominoku(&["--max-second", "1"], b"");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sudominoku: unknown option '--max-second'; did you mean '--max-seconds'? (see 'sudominoku --help')\nusage: sudominoku [--max-seconds S] [FILE...]\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// A puzzle showing one domino (the statement shows at least 10): many grids,
/// two of them found at once. Such puzzles once took the search minutes.
#[test]
fn one_domino_shown_has_several_grids_found_at_once() {
    let input = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/sudominoku/one-domino.in"
    ))
    .unwrap();
    let out = sudominoku(&[], &input);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.starts_with("Puzzle 1\n"), "{stdout}");
    assert_eq!(stdout.lines().count(), 10, "{stdout}");
    assert!(
        stderr.starts_with(
            "sudominoku: puzzle 1 has more than one solution; printed one; another is\n"
        ),
        "{stderr}"
    );
    assert_ne!(
        stdout.lines().skip(1).collect::<Vec<_>>(),
        stderr.lines().skip(1).collect::<Vec<_>>()
    );
    assert_eq!(out.status.code(), Some(1));
}

/// `--max-seconds`: past the limit the puzzle is undecided and the run goes on.
#[test]
fn a_puzzle_past_its_time_limit_is_undecided() {
    let input = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/sudominoku/one-domino.in"
    ))
    .unwrap();
    let out = sudominoku(&["--max-seconds", "0.000000001"], &input);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Puzzle 1\nundecided\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sudominoku: puzzle 1 is undecided at the time limit, with no grid found\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = sudominoku(&["--max-seconds", "0"], &input);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sudominoku: --max-seconds needs a number of seconds above 0 and at most 31536000, found '0'\nusage: sudominoku [--max-seconds S] [FILE...]\n"
    );
    assert_eq!(out.status.code(), Some(2));
}
