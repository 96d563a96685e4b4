//! Loopy's other grids through the real binary: game IDs of all 16 of
//! Loopy's grid types (`samples/loopy/every-grid.in`, one Hard 7×7 puzzle
//! each, made by `sgt-loopy`; see `samples/SOURCE.md`) solved to golden
//! answers, written back as IDs byte for byte, drawn as SVG, counted;
//! `--explain` and `--hint` in the steps of Loopy's solver, to golden
//! files; and the modes that take square grids only saying so.
//!
//! `SLINK_BLESS=1 cargo test --test loopy_grids` writes the golden files of
//! `--explain` and `--hint` anew from what the binary prints (read them
//! before committing).

use std::path::PathBuf;
use std::process::{Command, Output};

fn slink(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slink"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn sample(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/loopy")).join(name)
}

fn golden(name: &str) -> String {
    std::fs::read_to_string(sample(name)).expect("the golden file exists")
}

/// Compares `got` with the golden file `name` byte for byte, or writes it
/// there under `SLINK_BLESS`.
fn matches_golden(name: &str, got: &str) {
    if std::env::var_os("SLINK_BLESS").is_some() {
        std::fs::write(sample(name), got).expect("the golden file is written");
        return;
    }
    let expected = golden(name);
    assert!(
        got == expected,
        "{name}:\n--- expected\n{expected}\n--- got\n{got}"
    );
}

/// The puzzle of the samples on grid `t`, by its line of `every-grid.in`.
fn every_grid(t: usize) -> String {
    golden("every-grid.in")
        .lines()
        .nth(t)
        .expect("a puzzle a grid")
        .to_string()
}

/// The honeycomb puzzle of the samples (the third line).
fn honeycomb() -> String {
    every_grid(2)
}

/// Each answer is Loopy's own: the golden file's solve moves are those of
/// the games `sgt-loopy` saved (`fixtures.txt`), and the square one is drawn
/// as the judges draw answers.
#[test]
fn every_grid_solves_to_loopy_s_answers() {
    let input = sample("every-grid.in");
    let out = slink(&[input.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), golden("every-grid.out"));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    let fixtures = golden("fixtures.txt");
    let solved = golden("every-grid.out");
    let lines: Vec<&str> = solved.lines().collect();
    let mut checked = 0;
    for fixture in fixtures.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = fixture.split(' ').collect();
        if let Some(at) = lines.iter().position(|l| *l == fields[1]) {
            assert_eq!(lines[at + 1], fields[2], "{}", fields[0]);
            checked += 1;
        }
    }
    assert_eq!(checked, 15, "every grid but the square one");
}

#[test]
fn ids_are_written_back_byte_for_byte() {
    let input = sample("every-grid.in");
    let out = slink(&["--format", "loopy", input.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), golden("every-grid.in"));
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn pictures_draw_the_grid_and_the_loop() {
    let id = honeycomb();
    let out = slink(&["--format", "svg", &id]);
    assert_eq!(text(&out.stdout), golden("honeycomb.svg"));
    let svg = text(&out.stdout);
    // 126 dots, one closed path, a clue in each of the 30 clued faces.
    assert_eq!(svg.matches("<circle ").count(), 126);
    assert_eq!(svg.matches("<path d=\"M").count(), 1);
    assert_eq!(
        svg.matches("Z\" fill=\"none\"").count(),
        1,
        "the path closes"
    );
    let clues = id
        .split(':')
        .nth(1)
        .unwrap()
        .bytes()
        .filter(u8::is_ascii_digit)
        .count();
    assert_eq!(svg.matches("<text ").count(), clues);
    let out = slink(&["--format", "svg", "--unsolved", &id]);
    assert_eq!(text(&out.stdout), golden("honeycomb-unsolved.svg"));
    assert_eq!(text(&out.stdout).matches("<path ").count(), 0);
}

#[test]
fn square_only_modes_say_so() {
    let id = honeycomb();
    let out = slink(&["--rules-only", &id]);
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 1 is on Loopy's honeycomb grid, and --rules-only takes square grids only\n"
    );
    assert_eq!(out.status.code(), Some(2));
    let out = slink(&["--format", "url", &id]);
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 1 is on Loopy's honeycomb grid, and --format url takes square grids only\n"
    );
}

/// `--check` on honeycomb drafts (`check.in`): the puzzle as Loopy made
/// it is unique; with a clue raised, a clash of two clues that have no
/// answer together, and the change back; with clues blanked, where the
/// answers differ. `--fix` writes each draft changed as found, and the
/// fixed typo checks unique.
#[test]
fn the_setter_s_check_on_a_honeycomb() {
    let input = sample("check.in");
    let out = slink(&["--check", input.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), golden("check.out"));
    assert_eq!(out.status.code(), Some(1));
    let out = slink(&["--fix", input.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), golden("check.fixed"));
    assert!(text(&out.stderr).contains("  --fix: written with face 0 at (0,0)=5\n"));
    let fixed = golden("check.fixed");
    let typo = fixed.lines().nth(1).expect("the second draft");
    let out = slink(&["--check", typo]);
    assert_eq!(text(&out.stdout), "1 unique\n");
    assert_eq!(out.status.code(), Some(0));
    // The two clues of the clash alone still have no answer: a 6 round
    // face 0 is a loop of its own, and face 48's 4 needs another.
    let mut clash = String::from("7x7t2:6");
    let gaps = 47;
    clash.push_str(&format!(
        "{}{}4",
        "z".repeat(gaps / 26),
        (b'a' + (gaps % 26) as u8 - 1) as char
    ));
    let out = slink(&["--check", "--brief", &clash]);
    assert_eq!(text(&out.stdout), "1 none\n");
    // And each alone has an answer.
    let out = slink(&["--check", "--brief", "7x7t2:6zv", "7x7t2:zu4a"]);
    assert_eq!(text(&out.stdout), "1 unique\n2 multiple\n");
}

/// `--grade` names Loopy's level: every puzzle of the samples was made by
/// Loopy at Hard, and on squares the line of slink's own grade ends with it.
#[test]
fn grades_name_loopy_s_level() {
    let input = sample("every-grid.in");
    let out = slink(&["--grade", input.to_str().unwrap()]);
    let graded = text(&out.stdout);
    let lines: Vec<&str> = graded.lines().collect();
    assert_eq!(lines.len(), 16);
    assert!(lines[0].starts_with("1 level ") && lines[0].ends_with("; Loopy's level: Hard"));
    for (k, line) in lines.iter().enumerate().skip(1) {
        assert_eq!(*line, format!("{} Loopy's level: Hard", k + 1));
    }
    assert_eq!(out.status.code(), Some(0));
    let out = slink(&["--grade", "3x3t2:i"]);
    assert_eq!(text(&out.stdout), "1 no grade: more than one answer\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_clue_above_a_face_s_sides_is_placed() {
    let out = slink(&["7x7t2:a7"]);
    assert_eq!(
        text(&out.stderr),
        "slink: the argument '7x7t2:a7' (read as a puzzle: no file has that name): line 1, column 8: Loopy game ID, character 8: expected a clue 0-6 or a run a-z, found '7'\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// A puzzle with no answer and one with several, on a honeycomb: the same
/// words and exit status as on squares.
#[test]
fn no_answer_and_several_answers() {
    // Every hexagon 6: each would be a loop of its own.
    let out = slink(&["3x3t2:666666666"]);
    assert_eq!(text(&out.stdout), "1\nno solution\n");
    assert_eq!(text(&out.stderr), "slink: puzzle 1 has no solution\n");
    assert_eq!(out.status.code(), Some(1));
    // No clue at all: any loop.
    let out = slink(&["3x3t2:i"]);
    assert!(text(&out.stdout).starts_with("1\n3x3t2:i\nS0"));
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 1 has more than one solution; printed one\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// `slink generate --grid`: the same seed gives the same IDs; each is
/// unique at Loopy's level asked for; the answers file is what solving
/// prints.
#[test]
fn generated_puzzles_are_unique_at_their_level() {
    let dir = std::env::temp_dir().join(format!("slink-grids-{}", std::process::id()));
    let answers = dir.join("answers.txt");
    let args = [
        "generate",
        "--grid",
        "kagome",
        "5x5",
        "--count",
        "3",
        "--seed",
        "9",
        "--loopy-level",
        "tricky",
    ];
    let first = slink(&args);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let again = slink(&[&args[..], &["--answers", answers.to_str().unwrap()]].concat());
    assert_eq!(
        again.stdout, first.stdout,
        "the same seed, the same puzzles"
    );
    let ids = text(&first.stdout);
    assert_eq!(ids.lines().count(), 3);
    assert!(ids.lines().all(|id| id.starts_with("5x5t14:")), "{ids}");
    let file = dir.join("ids.txt");
    std::fs::write(&file, &ids).unwrap();
    let graded = slink(&["--grade", file.to_str().unwrap()]);
    assert_eq!(
        text(&graded.stdout),
        "1 Loopy's level: Tricky\n2 Loopy's level: Tricky\n3 Loopy's level: Tricky\n"
    );
    let solved = slink(&[file.to_str().unwrap()]);
    assert_eq!(solved.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&answers).unwrap(),
        text(&solved.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generate_refuses_what_a_grid_cannot_have() {
    for (args, message) in [
        (
            &["--grid", "hexagons", "5x5"][..],
            "--grid needs one of Loopy's grid types (see --help), found 'hexagons'",
        ),
        (
            &["5x5", "--loopy-level", "hard"][..],
            "--loopy-level goes with --grid",
        ),
        (
            &["--grid", "kites", "2x2"][..],
            "expected a kites grid at least 3×3, not 2×2",
        ),
        (
            &["--grid", "kites", "5x5", "--format", "url"][..],
            "--grid puzzles are written as loopy or svg",
        ),
        (
            &["--grid", "kites", "5x5", "--grade", "3"][..],
            "--grade takes square grids only",
        ),
    ] {
        let out = slink(&[&["generate"][..], args].concat());
        let stderr = text(&out.stderr);
        assert_eq!(
            stderr.lines().next(),
            Some(format!("slink: {message}").as_str()),
            "{args:?}"
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// `--explain` on a honeycomb and a Penrose kite-and-dart puzzle (Loopy's
/// own, solved by its solver at Hard), and on puzzles that end otherwise
/// (`ends.in`: no answer at Easy, several answers with no step, the rest
/// by search, no answer at Tricky, a loop closed on a guess, no answer at
/// Hard): the trace on standard error, golden; standard output and the
/// exit status as without it.
#[test]
fn explain_traces_loopy_s_solver() {
    let ends = sample("ends.in");
    let ends = ends.to_str().unwrap();
    for (input, name, status) in [
        (honeycomb(), "honeycomb.explain", 0),
        (every_grid(11), "penrose.explain", 0),
        (ends.to_string(), "ends.explain", 1),
    ] {
        let out = slink(&["--explain", &input]);
        matches_golden(name, &text(&out.stderr));
        let plain = slink(&[&input]);
        assert_eq!(out.stdout, plain.stdout, "{name}: --explain changed stdout");
        assert!(text(&plain.stderr)
            .lines()
            .all(|l| text(&out.stderr).contains(l)));
        assert_eq!(out.status.code(), Some(status), "{name}");
    }
}

/// `--hint` on the same puzzles: the first step of the lowest of Loopy's
/// levels that has one, where a level breaks the board, or the search's
/// step; golden, with exit status 0 for a step and 1 for no answer.
#[test]
fn hints_give_loopy_s_first_step() {
    let ends = sample("ends.in");
    for (input, name, status) in [
        (honeycomb(), "honeycomb.hint", 0),
        (every_grid(11), "penrose.hint", 0),
        (ends.to_str().unwrap().to_string(), "ends.hint", 1),
    ] {
        let out = slink(&["--hint", &input]);
        matches_golden(name, &text(&out.stdout));
        assert_eq!(text(&out.stderr), "", "{name}");
        assert_eq!(out.status.code(), Some(status), "{name}");
    }
    // A step's first line is the square's: `K step [TAG] EDGE line|cross, …`.
    let first = golden("honeycomb.hint");
    assert!(first.starts_with("1 step [pairs] (-15,-26)-(15,-26) line, "));
    assert!(first.ends_with("needs Loopy's Tricky\n"));
}

/// A blank game ID: `faces` faces, none clued (runs of up to 26 blanks).
fn blank(size: &str, faces: usize) -> String {
    let mut id = format!("{size}:");
    let mut left = faces;
    while left > 0 {
        let run = left.min(26);
        id.push((b'a' + run as u8 - 1) as char);
        left -= run;
    }
    id
}

/// `--count` on every grid: the line `K N` as on squares (the square one
/// by the square count), exit status 0 when every puzzle was counted, no
/// answer and many answers alike.
#[test]
fn counts_are_written_as_on_squares() {
    let input = sample("every-grid.in");
    let out = slink(&["--count", input.to_str().unwrap()]);
    let expected: String = (1..=16).map(|k| format!("{k} 1\n")).collect();
    assert_eq!(text(&out.stdout), expected);
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    // Every hexagon 6: no answer. A blank 3×3 honeycomb: its 288 loops (the
    // brute-force count in src/graph/count/tests.rs agrees).
    let out = slink(&["--count", "3x3t2:666666666", &blank("3x3t2", 9)]);
    assert_eq!(text(&out.stdout), "1 0\n2 288\n");
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}

/// Past the time limit, or a frontier wider than a state holds: `K
/// undecided`, the reason on stderr, exit status 1, as on squares.
#[test]
fn what_cannot_be_counted_is_undecided_with_its_reason() {
    // A blank 5×4 great-great-dodecagonal grid: its count takes more than
    // a minute.
    let out = slink(&["--count", "--max-seconds", "0.05", &blank("5x4t13", 159)]);
    assert_eq!(text(&out.stdout), "1 undecided\n");
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 1: not counted: the time limit passed\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = slink(&["--count", &honeycomb(), &blank("80x80t2", 6400)]);
    assert_eq!(text(&out.stdout), "1 1\n2 undecided\n");
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 2: not counted: its frontier holds 82 dots and 0 clued faces at once, more than a state of 512 bits holds\n"
    );
    assert_eq!(out.status.code(), Some(1));
}
