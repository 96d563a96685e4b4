//! `slink generate` through the real binary: every puzzle has exactly the
//! answer it was made from (the answers file is what `slink` prints for the
//! puzzles: the solver's answer equals the planted loop), and each is what was
//! asked: the grade `slink --grade` gives, every cell clued, finished by the
//! statement's cases as written, minimal (no clue can go); the same seed
//! gives the same puzzles; bad options are refused.

mod common;

use std::process::Output;

fn slink(args: &[&str], stdin: &[u8]) -> Output {
    common::run_binary(env!("CARGO_BIN_EXE_slink"), args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Generates with `args`, checks the answers file against the solver's
/// answers and every puzzle unique, and returns the puzzles.
fn generated(args: &[&str]) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("slink-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let answers = dir.join(format!("{}.out", args.join("_").replace(['/', ' '], "")));
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let path = answers.to_string_lossy().into_owned();
    all.extend_from_slice(&["--answers", &path]);
    let out = slink(&all, b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    let puzzles = out.stdout;
    let solved = slink(&[], &puzzles);
    assert_eq!(
        solved.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&solved.stderr)
    );
    assert_eq!(
        text(&solved.stdout),
        std::fs::read_to_string(&answers).unwrap(),
        "{args:?}"
    );
    text(&puzzles)
}

/// The puzzles of a contest file, each as its lines.
fn puzzles(file: &str) -> Vec<Vec<String>> {
    let mut lines = file.lines();
    let mut all = Vec::new();
    while let Some(size) = lines.next() {
        if size == "0 0" {
            break;
        }
        let rows: usize = size.split(' ').next().unwrap().parse().unwrap();
        let mut puzzle = vec![size.to_string()];
        puzzle.extend(lines.by_ref().take(rows).map(str::to_string));
        all.push(puzzle);
    }
    all
}

#[test]
fn each_grade_is_the_grade_asked_for() {
    for level in 1..=6 {
        let level = level.to_string();
        let file = generated(&["7x7", "--count", "3", "--grade", &level, "--seed", "11"]);
        let grades = text(&slink(&["--grade"], file.as_bytes()).stdout);
        assert_eq!(grades.lines().count(), 3);
        for line in grades.lines() {
            assert!(line.contains(&format!(" level {level} (")), "{line}");
        }
    }
}

#[test]
fn the_default_needs_no_search_and_the_seed_decides_everything() {
    let file = generated(&["8x6", "--count", "4", "--seed", "5"]);
    assert_eq!(puzzles(&file).len(), 4);
    assert!(puzzles(&file).iter().all(|p| p[0] == "8 6" && p.len() == 9));
    let grades = text(&slink(&["--grade"], file.as_bytes()).stdout);
    assert!(grades.lines().all(|l| !l.contains("level 6")), "{grades}");
    let again = slink(&["generate", "8x6", "--count", "4", "--seed", "5"], b"");
    assert_eq!(text(&again.stdout), file);
    let other = slink(&["generate", "8x6", "--count", "4", "--seed", "6"], b"");
    assert_ne!(text(&other.stdout), file);
    // Puzzle K does not depend on how many come before or after it.
    let one = slink(&["generate", "8x6", "--count", "1", "--seed", "5"], b"");
    assert!(file.starts_with(text(&one.stdout).trim_end_matches("0 0\n")));
}

#[test]
fn slink_puzzles_clue_every_cell_and_rules_only_ones_are_finished_by_the_cases() {
    let file = generated(&["6x9", "--count", "3", "--slink"]);
    assert!(!file.contains('.'), "{file}");
    let file = generated(&["9x9", "--count", "3", "--rules-only"]);
    assert!(file.contains('.'));
    let out = slink(&["--rules-only"], file.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn minimal_puzzles_lose_uniqueness_without_any_clue() {
    let file = generated(&["6x6", "--count", "3", "--minimal", "--seed", "2"]);
    for puzzle in puzzles(&file) {
        let cells: Vec<String> = puzzle[1..]
            .iter()
            .flat_map(|row| row.split(' ').map(str::to_string).collect::<Vec<_>>())
            .collect();
        let mut fewer = String::new();
        for (i, _) in cells.iter().enumerate().filter(|(_, c)| *c != ".") {
            let mut without = cells.clone();
            without[i] = ".".to_string();
            fewer.push_str(&format!("6 6\n{}\n", without.join(" ")));
        }
        let checks = text(&slink(&["--check"], fewer.as_bytes()).stdout);
        let verdicts: Vec<&str> = checks.lines().filter(|l| !l.starts_with(' ')).collect();
        assert!(verdicts.len() > 3);
        let multiple = |l: &&str| l.split(' ').nth(1) == Some("multiple:");
        assert!(verdicts.iter().all(multiple), "{checks}");
    }
}

#[test]
fn urls_and_pzprv3_files_read_back_to_the_same_puzzles() {
    let contest = slink(&["generate", "5x7", "--count", "3"], b"").stdout;
    for format in ["url", "pzprv3"] {
        let written = slink(
            &["generate", "5x7", "--count", "3", "--format", format],
            b"",
        )
        .stdout;
        let back = slink(&["--format", "contest", "--from", format], &written).stdout;
        assert_eq!(text(&back), text(&contest), "{format}");
    }
}

#[test]
fn bad_options_are_refused_with_the_generators_usage() {
    let usage = "usage: slink generate ROWSxCOLS [--count N] [--seed S] [--grade LEVEL] [--slink]";
    for (args, message) in [
        (
            &["generate"][..],
            "the size is missing: ROWSxCOLS, such as 10x10",
        ),
        (
            &["generate", "1x5"][..],
            "expected the size as ROWSxCOLS (each 2 to 1000), found '1x5'",
        ),
        (
            &["generate", "5x5", "--grade", "7"][..],
            "--grade needs a level from 1 to 6, found '7'",
        ),
        (
            &["generate", "5x5", "--count", "0"][..],
            "--count needs a whole number of at least 1, found '0'",
        ),
        (
            &["generate", "5x5", "--slink", "--minimal"][..],
            "--slink keeps every clue, --minimal removes all it can: choose one",
        ),
        (
            &["generate", "5x5", "--fast"][..],
            "unknown option '--fast' (see 'slink generate --help')",
        ),
        (
            &["generate", "5x5", "--sed", "3"][..],
            "unknown option '--sed'; did you mean '--seed'? (see 'slink generate --help')",
        ),
        (
            &["generate", "5x5", "--format", "judge"][..],
            "--format needs one of contest, url, loopy, pzprv3, janko, picture, svg, found 'judge'",
        ),
        (
            &["generate", "5x5", "--count", "2", "--format", "svg"][..],
            "--format svg writes one picture to standard output: give --out DIR for more puzzles",
        ),
        (
            &["generate", "5x5", "--out", "pictures"][..],
            "--out DIR goes with --format svg",
        ),
    ] {
        let out = slink(args, b"");
        assert_eq!(
            text(&out.stderr),
            format!("slink: {message}\n{usage}\n"),
            "{args:?}"
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

/// A grade a grid cannot have: the file still ends with `0 0`, and the
/// puzzle missing is named, exit 1.
#[test]
fn a_grade_that_cannot_be_made_is_reported() {
    let out = slink(&["generate", "2x2", "--grade", "2"], b"");
    assert_eq!(text(&out.stdout), "0 0\n");
    assert_eq!(
        text(&out.stderr),
        "slink: generate: no puzzle 1 of the kind asked for in 1000 loops; try another size or grade\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// An answers file that cannot be written fails before any puzzle is made:
/// here its folder cannot be made, as a plain file stands in its place, and
/// the file is named as `--out` names one.
#[test]
fn an_answers_file_that_cannot_be_written_fails_first() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let plain = dir.join(format!("slink-generate-plain-{}", std::process::id()));
    std::fs::write(&plain, "a file, not a folder\n").unwrap();
    let path = plain.join("a.out").to_string_lossy().into_owned();
    let out = slink(&["generate", "5x5", "--answers", &path], b"");
    assert_eq!(out.stdout, b"");
    assert_eq!(
        text(&out.stderr),
        format!(
            "slink: --answers needs a folder, but '{}' is a file\n",
            plain.display()
        )
    );
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_file(&plain).unwrap();
}

/// `--answers DIR/x.out` makes DIR (and the folders above it) when it is not
/// there, as `--out DIR` does, and the answers are those of the puzzles.
#[test]
fn an_answers_file_gets_its_folder_made() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("slink-generate-answers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("set").join("x.out");
    let path_text = path.to_string_lossy().into_owned();
    let out = slink(
        &["generate", "4x4", "--seed", "3", "--answers", &path_text],
        b"",
    );
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    let solved = slink(&[], &out.stdout);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text(&solved.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A size past the cells the generator can make in reasonable time is a
/// usage error that says so, whatever its shape.
#[test]
fn a_size_past_the_generators_cells_is_refused() {
    let usage = "usage: slink generate ROWSxCOLS [--count N] [--seed S] [--grade LEVEL] [--slink]";
    for (size, cells) in [
        ("101x100", 10100),
        ("1000x1000", 1_000_000),
        ("11x1000", 11000),
    ] {
        let out = slink(&["generate", size], b"");
        assert_eq!(
            text(&out.stderr),
            format!(
                "slink: {size} has {cells} cells; the generator makes puzzles of at most 10000 \
                 (100x100 takes about 6 s, and the time grows faster than the cells)\n{usage}\n"
            ),
            "{size}"
        );
        assert_eq!(out.stdout, b"");
        assert_eq!(out.status.code(), Some(2));
    }
}
