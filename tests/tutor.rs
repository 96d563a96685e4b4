//! The tutor through the real binary: `--hint` and `--grade` on the boards and
//! puzzles of `samples/tutor/`, compared byte for byte with their golden
//! files, and their exit statuses and refusals.
//!
//! - `NAME.in` → `NAME.hint`: what `slink --hint` prints. The boards are a
//!   bare puzzle, the board where the statement's cases stop in
//!   `samples/explain/small.in`'s second puzzle (a trial is next), that board
//!   with one edge drawn wrong (the mistake), its answer (solved), a blank
//!   2×2 with a dead end and one with three lines at a dot (edges each in
//!   some answer, but in none together: the slip is named as a mistake), a
//!   puzzle with no answer, and one whose no answer the statement's cases
//!   show (where they break).
//! - `loose-60x60-70.hint`: a step of the rules on a large puzzle with
//!   several answers and nothing drawn is given at once, without solving it.
//! - `grades.in` → `grades.grade`: one puzzle at each level.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

fn slink(args: &[&str], stdin: &[u8]) -> Output {
    common::run_binary(env!("CARGO_BIN_EXE_slink"), args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/tutor")
}

#[test]
fn hints_match_their_golden_files() {
    let mut checked = 0;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(samples())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for input in entries
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
    {
        let Ok(expected) = std::fs::read_to_string(input.with_extension("hint")) else {
            continue;
        };
        let out = slink(&["--hint", &input.to_string_lossy()], b"");
        assert_eq!(text(&out.stdout), expected, "{}", input.display());
        // A mistake or no answer is exit 1; a step or solved, 0.
        let trouble = expected.lines().any(|l| {
            l.split(' ')
                .nth(1)
                .is_some_and(|w| w == "mistake" || w == "no")
        });
        let code = if trouble { 1 } else { 0 };
        assert_eq!(out.status.code(), Some(code), "{}", input.display());
        checked += 1;
    }
    assert!(checked >= 9, "only {checked} golden hints");
}

#[test]
fn grades_match_their_golden_file() {
    let input = samples().join("grades.in");
    let out = slink(&["--grade", &input.to_string_lossy()], b"");
    let expected = std::fs::read_to_string(samples().join("grades.grade")).unwrap();
    assert_eq!(text(&out.stdout), expected);
    assert_eq!(out.status.code(), Some(0));
    let levels: Vec<&str> = expected
        .lines()
        .map(|l| &l[..l.find(':').unwrap()])
        .collect();
    assert_eq!(
        levels,
        [
            "1 level 1 (statement)",
            "2 level 2 (loop)",
            "3 level 3 (inside/outside)",
            "4 level 4 (pairs)",
            "5 level 5 (trial)",
            "6 level 6 (search)"
        ]
    );
}

/// The judges' data is finished by the statement's cases, as the statement
/// promises.
#[test]
fn the_judge_data_is_level_one() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/judge.in");
    let out = text(&slink(&["--grade", &input.to_string_lossy()], b"").stdout);
    assert_eq!(out.lines().count(), 9);
    assert!(
        out.lines().all(|l| l.contains(" level 1 (statement): ")),
        "{out}"
    );
}

#[test]
fn puzzles_without_one_answer_get_no_grade() {
    let out = slink(&["--grade"], b"1 1 0\n2 2 . . . .\n");
    assert_eq!(
        text(&out.stdout),
        "1 no grade: no answer\n2 no grade: more than one answer\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn the_tutor_options_take_no_other_output() {
    for (args, message) in [
        (
            &["--hint", "--grade"][..],
            "--grade cannot be combined with --hint",
        ),
        (
            &["--hint", "--check"][..],
            "--hint cannot be combined with --check",
        ),
        (
            &["--grade", "--format", "svg"][..],
            "--grade cannot be combined with --format",
        ),
        (
            &["--hint", "--explain"][..],
            "--hint cannot be combined with --explain",
        ),
    ] {
        let out = slink(args, b"");
        assert_eq!(
            text(&out.stderr),
            format!("slink: {message}\nusage: slink [OPTIONS] [FILE | URL | ID]...\n"),
            "{args:?}"
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

/// Bad input: the hints before it are printed, then the error, exit 2.
#[test]
fn a_bad_board_after_good_ones_is_located() {
    let board = std::fs::read_to_string(samples().join("solved.in")).unwrap();
    let bad = board.replacen("| 3", "| 7", 1);
    let out = slink(&["--hint"], format!("{board}{bad}").as_bytes());
    assert_eq!(text(&out.stdout), "1 solved\n");
    assert_eq!(
        text(&out.stderr),
        "slink: line 15, column 5: picture: expected a clue 0-4 or a space, found '7'\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// Regression: with nothing drawn, `--hint` solved the whole puzzle before
/// giving a step of the rules, 14 s of CPU on a loose 60×60, and with
/// `--max-seconds 1` gave no step at all (`1 undecided`).
#[test]
fn a_step_of_the_rules_needs_no_solve() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/hard/loose-60x60-70.in");
    let out = slink(
        &["--hint", "--max-seconds", "1", &input.to_string_lossy()],
        b"",
    );
    let expected = std::fs::read_to_string(samples().join("loose-60x60-70.hint")).unwrap();
    assert_eq!(text(&out.stdout), expected);
    assert_eq!(out.status.code(), Some(0));
}
