//! `akari` through the real binary and the library.
//!
//! - Golden files in `samples/akari/`: for each `NAME.in`, `NAME.validate` holds
//!   what `akari validate` prints and `NAME.solve` (where present) what
//!   `akari solve` prints. The `example-*` files are a worked example in the
//!   manner of the statement's (whose own files are not available): three lights
//!   round the 3, the 0 leaving the 1 one place, one last light.
//! - Planted puzzles: random grey cells, a maximal set of lights that do not see
//!   each other (so every white cell is lit), numbers derived; solved from the
//!   numbers alone, every answer must pass the independent validator and equal
//!   the planted lights when unique.
//! - Errors and outcomes with their messages and exit statuses.

mod common;

use std::process::Output;

use common::{akari_planted, Rng};
use slink::akari::puzzle::{Puzzle, Square};
use slink::akari::solve::{solve_within, Outcome};

/// Solves `p` with no time limit.
fn solve(p: &Puzzle) -> Outcome {
    solve_within(p, None)
}
use slink::akari::validate::{validate, Verdict};

fn akari(args: &[&str], stdin: &[u8]) -> Output {
    common::run_binary(env!("CARGO_BIN_EXE_akari"), args, stdin)
}

#[test]
fn golden_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/akari");
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("samples/akari")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for input in entries
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
    {
        for task in ["validate", "solve"] {
            let golden = input.with_extension(task);
            let Ok(expected) = std::fs::read_to_string(&golden) else {
                continue;
            };
            let out = akari(&[task, &input.to_string_lossy()], b"");
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                expected,
                "{}",
                golden.display()
            );
            assert_eq!(out.status.code(), Some(0), "{}", golden.display());
            checked += 1;
        }
    }
    assert!(checked >= 13, "only {checked} golden files");
}

#[test]
fn planted_puzzles_are_solved_and_validated() {
    let mut rng = Rng::new(5);
    let (mut unique, mut multiple) = (0, 0);
    for case in 0..400 {
        let seed = rng.next_u64();
        let size = 1 + (seed % 10) as usize;
        let answer = akari_planted(&mut Rng::new(seed), size);
        assert_eq!(
            validate(&answer),
            Verdict::Solved,
            "case {case}: the planted grid"
        );
        let mut puzzle = answer.clone();
        for s in puzzle.squares.iter_mut() {
            if *s == Square::Light {
                *s = Square::Empty;
            }
        }
        match solve(&puzzle) {
            Outcome::Unique(found) => {
                assert_eq!(found, answer, "case {case}, seed {seed}");
                unique += 1;
            }
            Outcome::Multiple(found) => {
                assert_eq!(
                    validate(&found),
                    Verdict::Solved,
                    "case {case}, seed {seed}"
                );
                multiple += 1;
            }
            Outcome::NoSolution => panic!("case {case}, seed {seed}: no solution"),
            Outcome::Undecided(_) => unreachable!("no time limit was set"),
        }
    }
    assert!(
        unique > 40 && multiple > 40,
        "unique {unique}, multiple {multiple}"
    );
}

#[test]
fn given_lights_are_kept_or_refused() {
    let out = akari(&["solve"], b"2\n* .\n. .\n");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "* .\n. *\n");
    assert_eq!(out.status.code(), Some(0));
    let out = akari(&[], b"2\n* *\n. .\n");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "akari: no solution\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn several_answers_print_one_and_warn() {
    let out = akari(&["solve"], b"2\n. .\n. .\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "akari: more than one solution; printed one\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let printed = Puzzle::read(format!("2\n{}", String::from_utf8_lossy(&out.stdout)).as_bytes())
        .expect("a grid");
    assert_eq!(validate(&printed), Verdict::Solved);
}

#[test]
fn bad_input_is_located() {
    for (input, message) in [
        (
            &b"3\n. . .\n. Q .\n. . .\n"[..],
            "akari: line 3, column 3: expected a cell ('.', 'X', '0'-'4' or '*'), found 'Q'\n",
        ),
        (
            b"x",
            "akari: line 1, column 1: expected the grid size (1 to 50), found 'x'\n",
        ),
        (
            b"51",
            "akari: line 1, column 1: expected the grid size (1 to 50), found '51'\n",
        ),
        (
            b"2\n. .\n.",
            "akari: line 3, column 2: expected 1 more cells (3 of 4 read), found end of input\n",
        ),
        (
            b"1\n\xff",
            "akari: line 2, column 1: expected UTF-8 text, found byte 0xFF\n",
        ),
    ] {
        let out = akari(&["validate"], input);
        assert_eq!(String::from_utf8_lossy(&out.stderr), message);
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
    }
    let out = akari(&["--bogus"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .starts_with("akari: unknown option '--bogus' (see 'akari --help')\n"));
}

/// Regression: when a later puzzle of a file was malformed, the first answer
/// was printed without its `1` line. Whatever follows the first puzzle makes
/// the answers numbered; the notation's one puzzle stays unnumbered.
#[test]
fn a_malformed_later_puzzle_leaves_the_first_answer_numbered() {
    let url = "https://puzz.link/p?lightup/2/2/65";
    let answer = "1 *\n0 .\n";
    for (input, stdout, stderr) in [
        (
            format!("{url}\n{url}z\n"),
            format!("1\n{answer}"),
            "akari: line 2, column 35: puzz.link URL, character 35: expected the end (all 4 cells read), found 'z'\n",
        ),
        (
            format!("{url}\n  nonsense\n"),
            format!("1\n{answer}"),
            "akari: line 2, column 3: expected a puzz.link URL, a Light Up game ID, a janko.at block or a pzprv3 file (the notation holds one puzzle alone), found 'nonsense'\n",
        ),
        (
            format!("{url}\n{url}\n2x2:1a0\n"),
            format!("1\n{answer}2\n{answer}"),
            "akari: line 3, column 8: Light Up game ID, character 8: expected 1 more cells (3 of 4 read), found the end\n",
        ),
        (
            "2\n1 .\n0 .\nnonsense\n".to_string(),
            answer.to_string(),
            "akari: line 4, column 1: expected the end of the input after the puzzle (the notation holds one puzzle), found 'nonsense'\n",
        ),
    ] {
        let out = akari(&["solve"], input.as_bytes());
        assert_eq!(
            (
                String::from_utf8_lossy(&out.stdout).into_owned(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
                out.status.code()
            ),
            (stdout, stderr.to_string(), Some(2)),
            "{input}"
        );
    }
    // One puzzle and blank lines after it is one puzzle.
    let out = akari(&["solve"], format!("{url}\n\n  \n").as_bytes());
    assert_eq!(String::from_utf8_lossy(&out.stdout), answer);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn missing_file_is_a_usage_error() {
    let out = akari(&["validate", "/nonexistent/akari.dat"], b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("akari: cannot open '/nonexistent/akari.dat': "),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

/// Regression: `akari --help > /dev/full` panicked.
#[test]
fn a_full_stdout_is_an_error_not_a_panic() {
    for args in [&["--help"][..], &["solve"][..]] {
        let Some(full) = common::dev_full() else {
            eprintln!("no /dev/full here: not checked");
            return;
        };
        let out = common::run_with(
            env!("CARGO_BIN_EXE_akari"),
            args,
            b"2\n. 1\n. X\n",
            full,
            std::process::Stdio::piped(),
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "akari: cannot write output: No space left on device (os error 28)\n",
            "{args:?}"
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// A planted 50×50 puzzle with many numbers, on which the search once found no
/// answer in minutes; the restarts find two at once.
#[test]
fn planted_50x50_puzzle_is_decided() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/akari/planted-50x50.in"
    );
    let out = akari(&["solve", path], b"");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "akari: more than one solution; printed one\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let mut answer = b"50\n".to_vec();
    answer.extend_from_slice(&out.stdout);
    let out = akari(&["validate"], &answer);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Puzzle is solved.\n");
}

/// `--max-seconds`: past the limit the puzzle is undecided.
#[test]
fn a_puzzle_past_its_time_limit_is_undecided() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/akari/planted-50x50.in"
    );
    let out = akari(&["--max-seconds", "1e-9", path], b"");
    assert_eq!(out.stdout, b"");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "akari: undecided at the time limit, with no answer found\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = akari(&["--max-seconds", "0", path], b"");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "akari: --max-seconds needs a number of seconds above 0 and at most 31536000, found '0'\nusage: akari [--format judge|url|pzprv3|svg] [--max-seconds S] [validate | solve] [FILE...]\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// The community's formats: a puzz.link URL (`lightup`, `akari` or
/// `bijutsukan`: a number a numbered black cell, `.` an unnumbered one, `g`–`z`
/// runs of white) or a Light Up game ID (`a`–`z` white runs, `B` black, digits
/// numbered black), of any shape; errors placed at their character.
#[test]
fn urls_and_game_ids_are_read_in_any_shape() {
    for input in [
        "https://puzz.link/p?lightup/3/2/g.1i\n",
        "http://pzv.jp/p.html?akari_edit/3/2/g.1i",
        "3x2b20s2d0:aB1c",
        "3x2:aB1c\n",
    ] {
        let out = akari(&["solve"], input.as_bytes());
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "* X 1\n. . *\n",
            "{input}"
        );
        assert_eq!(out.status.code(), Some(0), "{input}");
    }
    for (input, message) in [
        (
            "https://puzz.link/p?lightup/3/2/g.1f",
            "akari: line 1, column 36: puzz.link URL, character 36: expected a cell symbol (0-9, a-e, g-z or '.'), found 'f'\n",
        ),
        (
            "https://puzz.link/p?slither/3/2/g.1i",
            "akari: line 1, column 21: puzz.link URL, character 21: expected a Light Up puzzle ('lightup'), found 'slither'\n",
        ),
        (
            "3x2:aB1b",
            "akari: line 1, column 9: Light Up game ID, character 9: expected 1 more cells (5 of 6 read), found the end\n",
        ),
    ] {
        let out = akari(&[], input.as_bytes());
        assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{input}");
        assert_eq!(out.status.code(), Some(2));
    }
}

/// A janko.at Light Up block: its problem read, its solution checked against
/// the answer.
#[test]
fn janko_blocks_are_read_and_their_solutions_checked() {
    let block = "begin\npuzzle akari\nauthor Ann\nrows 2\ncols 3\nproblem\n- x 1\n- - -\nsolution\no x 1\n- - o\nend\n";
    let out = akari(&[], block.as_bytes());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "* X 1\n. . *\n");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The check is on the answer, whatever format prints it.
    for format in ["svg", "pzprv3"] {
        let out = akari(&["--format", format], block.as_bytes());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = akari(&[], block.replace("o x 1", "- x 1").as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "akari: the file's solution disagrees with the answer: cell 00 has no light there, a light in the answer\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = akari(&[], block.replace("- - -", "- q -").as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "akari: line 8, column 3: janko.at block: expected '-' (white), 'x' (black) or a number 0-4, found 'q'\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// `--format url` writes the puzzle's puzz.link URL, which reads back to the
/// same puzzle; `--format svg` draws the answer: a disc for each light and
/// every number drawn.
#[test]
fn puzzles_are_written_as_urls_and_answers_drawn_as_svg() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/akari/planted-50x50.in"
    );
    let url = akari(&["--format", "url", path], b"").stdout;
    assert!(String::from_utf8_lossy(&url).starts_with("https://puzz.link/p?lightup/50/50/"));
    assert_eq!(akari(&["--format", "url"], &url).stdout, url);
    assert_eq!(
        akari(&["solve"], &url).stdout,
        akari(&["solve", path], b"").stdout
    );
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/akari/example-1-puzzle.in"
    );
    let answer = String::from_utf8_lossy(&akari(&["solve", example], b"").stdout).into_owned();
    let svg =
        String::from_utf8_lossy(&akari(&["--format", "svg", example], b"").stdout).into_owned();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" ") && svg.ends_with("</svg>\n")
    );
    assert_eq!(svg.matches("<circle ").count(), answer.matches('*').count());
    let numbers = answer
        .split_whitespace()
        .filter(|t| t.len() == 1 && t.as_bytes()[0].is_ascii_digit());
    assert_eq!(svg.matches("<text ").count(), numbers.count());
    let out = akari(&["--format", "url", "validate", example], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// Game IDs made by Light Up itself (Debian's sgt-puzzles; 10×10 and 12×8):
/// every one decodes and has exactly one answer, which the validator accepts.
#[test]
fn light_ups_own_game_ids_decode_to_unique_puzzles() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/formats/lightup.txt");
    let ids = std::fs::read_to_string(path).unwrap();
    assert_eq!(ids.lines().count(), 15);
    for id in ids.lines() {
        let out = akari(&["solve"], id.as_bytes());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{id}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        // The grid printed has the ID's shape: H rows of W cells.
        let (w, rest) = id.split_once('x').unwrap();
        let h: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let grid = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(grid.lines().count().to_string(), h, "{id}");
        assert!(
            grid.lines()
                .all(|row| row.split(' ').count().to_string() == w),
            "{id}"
        );
    }
}

/// pzprjs's own test of Light Up (robx/pzprjs, `test/script/lightup.js`): the
/// URL `6/6/nekcakbl` and, as the one entry that must raise no error, its
/// answer (`#` a light, `+` a cell marked dark, `.` nothing marked): the lights
/// found are exactly the published ones.
#[test]
fn pzprjs_published_light_up_answer_is_the_answer_found() {
    let published = [
        ". . # . . .",
        ". # 4 # . .",
        ". . # . 2 #",
        "+ 0 . . # .",
        "# + . 1 . .",
        ". . . # . .",
    ];
    let out = akari(&["solve"], b"https://puzz.link/p?lightup/6/6/nekcakbl");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let found = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(found.lines().count(), 6);
    for (ours, theirs) in found.lines().zip(published) {
        let lights =
            |row: &str, mark: &str| -> Vec<bool> { row.split(' ').map(|c| c == mark).collect() };
        assert_eq!(lights(ours, "*"), lights(theirs, "#"), "{found}");
    }
}

/// pzprv3 files of Light Up: the published answer of the test above, as the
/// file pzprjs writes (`/` separators written as line ends), validates as
/// solved; without its marks it solves to exactly that file (the `+` marks,
/// which are the player's notes, written as `.`), and the file written reads
/// back to the same answer. Errors are placed and name the format.
#[test]
fn pzprv3_files_are_read_and_answers_written_as_them() {
    let published = "pzprv3\nlightup\n6\n6\n. . # . . . \n. # 4 # . . \n. . # . 2 # \n+ 0 . . # . \n# + . 1 . . \n. . . # . . \n";
    let out = akari(&["validate"], published.as_bytes());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Puzzle is solved.\n");
    let blank = published.replace(['#', '+'], ".");
    let out = akari(&["--format", "pzprv3"], blank.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let written = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(written, published.replace('+', "."));
    assert_eq!(
        akari(&["--format", "pzprv3"], &out.stdout).stdout,
        out.stdout
    );
    assert_eq!(
        akari(&["solve"], &out.stdout).stdout,
        akari(&["solve"], b"https://puzz.link/p?lightup/6/6/nekcakbl").stdout
    );
    // An unnumbered black cell is `-`; a 1×3 strip's answer is one file.
    let out = akari(&["--format", "pzprv3"], b"3x1:aBa");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "pzprv3\nlightup\n1\n3\n# - # \n"
    );
    for (input, message) in [
        (
            "pzprv3\nlightup\n2\n2\n. x \n",
            "akari: line 5, column 3: pzprv3 file: expected a cell ('.', '+', '#', '-' or 0-4), found 'x'\n",
        ),
        (
            "pzprv3\nslither\n2\n2\n",
            "akari: line 2, column 1: pzprv3 file: expected the puzzle type 'lightup', found 'slither'\n",
        ),
        (
            "pzprv3\nlightup\n2\n2\n. . \n.",
            "akari: line 6, column 2: pzprv3 file: expected 1 more cells of the grid, found the end of input\n",
        ),
        (
            "pzprv3\nlightup\n60\n60\n",
            "akari: line 3, column 1: pzprv3 file: expected a grid of at most 2500 cells, not 60×60\n",
        ),
    ] {
        let out = akari(&[], input.as_bytes());
        assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{input}");
        assert_eq!(out.status.code(), Some(2));
    }
}

/// cspuz's own test of Akari (semiexp/cspuz_core,
/// `cspuz_rs_puzzles/src/puzzles/akari.rs`): its URL, and the answer it
/// publishes as 1 for a light; the lights found are exactly those.
#[test]
fn cspuz_published_akari_answer_is_the_answer_found() {
    let published = [
        "1001000000",
        "0010000001",
        "0000100010",
        "0000010000",
        "0000100100",
        "0100010000",
        "1000001000",
        "0000010000",
        "0010000000",
        "0100000001",
    ];
    let url = b"https://puzz.link/p?akari/10/10/hcscl.h.idn.i.cgcndg.h.ncs.h";
    let out = akari(&["solve"], url);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let found: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|row| {
            row.split(' ')
                .map(|c| if c == "*" { '1' } else { '0' })
                .collect()
        })
        .collect();
    assert_eq!(found, published);
    assert_eq!(
        String::from_utf8_lossy(&akari(&["--format", "url"], url).stdout),
        "https://puzz.link/p?lightup/10/10/hcscl.h.idn.i.cgcndg.h.ncs.h\n"
    );
}

/// Regression: `akari` answered only the first puzzle of a file of Light Up
/// IDs and dropped the rest without a word. Now each puzzle of a file in the
/// community's formats is answered in order, after its number as `slink`
/// numbers its answers, and each answer is a solved grid.
#[test]
fn every_puzzle_of_a_community_file_is_answered_in_order() {
    let file = include_str!("../samples/formats/lightup.txt");
    let ids: Vec<&str> = file.split_whitespace().collect();
    assert_eq!(ids.len(), 15);
    let out = akari(&["solve"], file.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut lines = printed.lines().peekable();
    for (number, id) in ids.iter().enumerate() {
        assert_eq!(lines.next(), Some((number + 1).to_string().as_str()));
        let mut grid = String::new();
        while let Some(row) = lines.next_if(|l| l.contains(' ')) {
            grid.push_str(row);
            grid.push('\n');
        }
        // The answer, one puzzle alone, is the same grid.
        let alone = akari(&["solve"], id.as_bytes());
        assert_eq!(String::from_utf8_lossy(&alone.stdout), grid, "{id}");
        let rows: Vec<Vec<Square>> = grid
            .lines()
            .map(|row| {
                row.split(' ')
                    .map(|cell| match cell {
                        "." => Square::Empty,
                        "*" => Square::Light,
                        "X" => Square::Grey(None),
                        n => Square::Grey(Some(n.parse().expect("a number"))),
                    })
                    .collect()
            })
            .collect();
        let answer = Puzzle {
            rows: rows.len(),
            cols: rows[0].len(),
            squares: rows.concat(),
        };
        assert_eq!(validate(&answer), Verdict::Solved, "{id}");
    }
    assert_eq!(lines.next(), None);
    // Formats mixed, and validated: a verdict after each number.
    let mixed = format!(
        "{}\n{}",
        ids[0], "pzprv3\nlightup\n1\n3\n. - . \nhistory:{}\npzprv3\nlightup\n1\n1\n# \n"
    );
    let out = akari(&["validate"], mixed.as_bytes());
    let first = akari(&["validate"], ids[0].as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "1\n{}2\nPuzzle is incomplete, cell 00 is not illuminated\n3\nPuzzle is solved.\n",
            String::from_utf8_lossy(&first.stdout)
        )
    );
}

/// The statement's notation holds one puzzle: anything after it is an error
/// (after the answer), and so is a notation puzzle after a community one.
#[test]
fn the_notation_holds_one_puzzle_and_nothing_after_it() {
    let out = akari(&["solve"], b"1\n.\n1\n.\n");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "*\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "akari: line 3, column 1: expected the end of the input after the puzzle (the notation holds one puzzle), found '1'\n"
    );
    assert_eq!(out.status.code(), Some(2));
    // Something follows the game ID: its answer is numbered.
    let out = akari(&["solve"], b"1x1:a\n1\n.\n");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n*\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "akari: line 2, column 1: expected a puzz.link URL, a Light Up game ID, a janko.at block or a pzprv3 file (the notation holds one puzzle alone), found '1'\n"
    );
    assert_eq!(out.status.code(), Some(2));
}
