//! The community's formats through the command line: puzz.link URLs and Loopy
//! game IDs read wherever a contest puzzle may stand, `--from` to take only
//! one format, `--format` to write puzzles in any of them, and clue 4.

mod common;

use std::process::Output;

use common::{blank, clues_of, input_text, random_loop, run_binary, Rng};

fn slink(args: &[&str], stdin: &[u8]) -> Output {
    run_binary(env!("CARGO_BIN_EXE_slink"), args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The search issue's example URL and the same puzzle in the contest format
/// and as a Loopy ID.
const URL: &str = "https://puzz.link/p?slither/5/5/cbcbcddad";
const CONTEST: &str = "5 5\n2 . . 1 .\n. 2 . . 1\n. . 2 . .\n3 . . 3 .\n. 0 . . 3\n";
const LOOPY: &str = "5x5t0:2b1b2b1b2b3b3b0b3";

#[test]
fn a_url_and_a_game_id_stand_where_a_contest_puzzle_may() {
    let alone = text(&slink(&[], CONTEST.as_bytes()).stdout);
    let picture = alone.strip_prefix("1\n").expect("puzzle 1");
    let input = format!("{CONTEST}{URL}\n  {LOOPY}\n0 0\n");
    let out = slink(&[], input.as_bytes());
    assert_eq!(
        text(&out.stdout),
        format!("1\n{picture}2\n{picture}3\n{picture}")
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn puzzles_are_written_in_every_format() {
    for (format, expected) in [
        // The last clue is written alone, not with two blanks past the end.
        (
            "url",
            format!("{}3\n", URL.strip_suffix("d").unwrap_or(URL)),
        ),
        ("loopy", format!("{LOOPY}\n")),
        ("contest", format!("{CONTEST}0 0\n")),
    ] {
        let out = slink(&["--format", format], URL.as_bytes());
        assert_eq!(text(&out.stdout), expected, "{format}");
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn errors_inside_a_url_or_id_name_the_line_column_and_character() {
    let input = format!("2 2 2 2 2 2\n{}\n", URL.replace("cbcbcddad", "cbcbfddad"));
    let out = slink(&[], input.as_bytes());
    assert!(text(&out.stdout).starts_with("1\n"));
    assert_eq!(
        text(&out.stderr),
        "slink: line 2, column 37: puzz.link URL, character 37: expected a cell symbol (0-9, a-e, g-z or '.'), found 'f'\n"
    );
    assert_eq!(out.status.code(), Some(2));
    for (id, message) in [
        (
            "4x4t1:0_abcd",
            "line 1, column 13: Loopy game ID, character 13: expected 26 more faces (10 of 36 read), found the end",
        ),
        (
            "https://puzz.link/p?slither/f/5/5/g",
            "line 1, column 29: puzz.link URL, character 29: expected the number of columns, found 'f' (a variant this solver does not take)",
        ),
        (
            "https://puzz.link/p?yajilin/5/5/g",
            "line 1, column 21: puzz.link URL, character 21: expected a Slitherlink puzzle ('slither'), found 'yajilin'",
        ),
    ] {
        let out = slink(&[], id.as_bytes());
        assert_eq!(text(&out.stderr), format!("slink: {message}\n"), "{id}");
        assert_eq!(out.status.code(), Some(2));
    }
}

/// A URL pasted without `https://`, with its host in capitals, or escaped
/// (`%2F`, `%3F`) is read as a URL, as an argument and in a file, by
/// `slink` and by `akari`; a negative size says so.
#[test]
fn a_url_without_its_scheme_in_capitals_or_escaped_is_a_url() {
    let urls = [
        "puzz.link/p?slither/5/5/cbcbcddad",
        "pzv.jp/p.html?slither/5/5/cbcbcddad",
        "pzprxs.vercel.app/p?slither/5/5/cbcbcddad",
        "HTTPS://PUZZ.LINK/p?slither/5/5/cbcbcddad",
        "https://puzz.link/p%3Fslither%2F5%2F5%2Fcbcbcddad",
    ];
    for url in urls {
        let out = slink(&["--check", url], b"");
        assert_eq!(
            (text(&out.stdout), text(&out.stderr), out.status.code()),
            ("1 unique\n".to_string(), String::new(), Some(0)),
            "{url}"
        );
    }
    let out = slink(&["--check"], format!("{}\n", urls.join("\n")).as_bytes());
    assert_eq!(
        text(&out.stdout),
        "1 unique\n2 unique\n3 unique\n4 unique\n5 unique\n"
    );
    let akari = |args: &[&str]| {
        let out = run_binary(env!("CARGO_BIN_EXE_akari"), args, b"");
        (text(&out.stdout), text(&out.stderr), out.status.code())
    };
    let written = (
        "https://puzz.link/p?lightup/2/2/65\n".to_string(),
        String::new(),
        Some(0),
    );
    for url in [
        "puzz.link/p?lightup/2/2/65",
        "HTTPS://PZV.JP/p.html?akari/2/2/65",
        "puzz.link/p%3Flightup%2F2%2F2%2F65",
    ] {
        assert_eq!(akari(&["--format", "url", url]), written, "{url}");
    }
    let out = slink(&["https://puzz.link/p?slither/-5/5/cbcbcddad"], b"");
    assert_eq!(
        (text(&out.stdout), text(&out.stderr), out.status.code()),
        (
            String::new(),
            "slink: the argument 'https://puzz.link/p?slither/-5/5…' (read as a puzzle: no file has that name): line 1, column 29: puzz.link URL, character 29: expected the number of columns, found '-5': a size cannot be negative\n".to_string(),
            Some(2)
        )
    );
    assert_eq!(
        akari(&["puzz.link/p?lightup/2/-2/65"]),
        (
            String::new(),
            "akari: the argument 'puzz.link/p?lightup/2/-2/65' (read as a puzzle: no file has that name): line 1, column 23: puzz.link URL, character 23: expected the number of rows, found '-2': a size cannot be negative\n".to_string(),
            Some(2)
        )
    );
    // An error after escapes is placed where it is written.
    let out = slink(&[], b"puzz.link/p%3Fslither%2F2%2F1%2F3f\n");
    assert_eq!(
        text(&out.stderr),
        "slink: line 1, column 34: puzz.link URL, character 34: expected a cell symbol (0-9, a-e, g-z or '.'), found 'f'\n"
    );
}

#[test]
fn from_takes_one_format_only() {
    let out = slink(&["--from", "url"], CONTEST.as_bytes());
    assert_eq!(
        text(&out.stderr),
        "slink: line 1, column 1: expected a puzz.link URL, found '5'\n"
    );
    let out = slink(&["--from", "contest", "--check"], URL.as_bytes());
    assert_eq!(
        text(&out.stderr),
        "slink: line 1, column 1: expected a contest puzzle, found 'https://puzz.link/p?slither/5/5/…'\n"
    );
    let out = slink(&["--from", "loopy", "--check"], LOOPY.as_bytes());
    assert_eq!(text(&out.stdout), "1 unique\n");
    for (args, message) in [
        (
            &["--from", "svg"][..],
            "--from needs one of contest, url, loopy, pzprv3, janko, picture, found 'svg'",
        ),
        (
            &["--format"][..],
            "--format needs one of judge, pzprv3, svg, contest, url, loopy, janko, picture, found nothing",
        ),
        (
            &["--format", "url", "--check"][..],
            "--format url cannot be combined with --check (--fix writes the drafts back)",
        ),
    ] {
        let out = slink(args, b"");
        assert_eq!(
            text(&out.stderr),
            format!("slink: {message}\nusage: slink [OPTIONS] [FILE | URL | ID]...\n")
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

#[test]
fn clue_four_is_met_only_round_its_cell() {
    let out = slink(&["--check"], b"3 3 . . . . 4 . . . .\n2 2 4 . . 4\n");
    assert_eq!(
        text(&out.stdout),
        "1 unique\n\
         2 none: clues (0,0)=4 (1,1)=4 cannot all hold\n  \
         alone, the statement's cases break the board: contradiction: [case 2-3] clue needs every edge left at cell (0,0) cannot set (0,0)-(1,0)\n  \
         (0,0)=0 instead leaves exactly one answer\n"
    );
}

/// Every janko puzzle survives the trip to a URL, a Loopy ID, a janko.at
/// block and a pzprv3 file and back, exactly (so it solves the same from
/// each).
#[test]
#[ignore = "needs ../shared/slitherlink-janko (cargo test -- --ignored)"]
fn the_janko_set_round_trips_through_every_format() {
    let input = common::shared_file("slitherlink-janko/puzzles.in");
    round_trips(&input, 1152);
}

/// The same trips for planted puzzles of every shape from 1×1 to 12×12, with
/// a third of the clues blank on average (clue 4 in the 1×1 ones): none
/// needs the shared data.
#[test]
fn planted_puzzles_round_trip_through_every_format() {
    let mut rng = Rng::new(16);
    let puzzles: Vec<_> = (0..150)
        .map(|_| {
            let rows = 1 + rng.below(12) as u32;
            let cols = 1 + rng.below(12) as u32;
            let mut puzzle = clues_of(&random_loop(&mut rng, rows, cols));
            let share = rng.below(70);
            blank(&mut rng, &mut puzzle, share);
            puzzle
        })
        .collect();
    round_trips(input_text(&puzzles).as_bytes(), puzzles.len());
}

/// `input`'s `count` puzzles go to each format and back to the same contest
/// text; their answers, drawn as the judges do, read back to the same
/// pictures; and as pzprv3 files, read back to the same puzzles and, solved
/// again, to the same files.
fn round_trips(input: &[u8], count: usize) {
    let contest = slink(&["--format", "contest"], input).stdout;
    for format in ["url", "loopy", "janko", "picture"] {
        let encoded = slink(&["--format", format], input);
        assert!(text(&encoded.stdout).lines().count() >= count, "{format}");
        let back = slink(&["--format", "contest", "--from", format], &encoded.stdout);
        assert_eq!(text(&back.stdout), text(&contest), "{format}");
    }
    // The judge's pictures read back, each with its answer as the partial
    // answer, and give the same pictures.
    let answers = slink(&[], input).stdout;
    let borders = text(&answers)
        .lines()
        .filter(|l| l.bytes().all(|b| b == b'#'))
        .count();
    assert_eq!(borders, 2 * count);
    let again = slink(&["--from", "picture"], &answers);
    assert_eq!(text(&again.stdout), text(&answers));
    let files = slink(&["--format", "pzprv3"], input);
    assert_eq!(text(&files.stdout).matches("pzprv3\n").count(), count);
    let back = slink(&["--format", "contest", "--from", "pzprv3"], &files.stdout);
    assert_eq!(text(&back.stdout), text(&contest));
    let again = slink(&["--from", "pzprv3", "--format", "pzprv3"], &files.stdout);
    assert!(again.stdout == files.stdout);
}

/// `--format pzprv3`: each answer as a pzprv3 file (clue rows, then the
/// vertical and the horizontal edges: 1 a line, -1 a cross); a puzzle with no
/// answer has every edge unknown, and is reported as usual.
#[test]
fn answers_are_written_as_pzprv3_files() {
    let out = slink(&["--format", "pzprv3"], b"1 2 3 3\n1 1 0\n");
    assert_eq!(
        text(&out.stdout),
        "pzprv3\nslither\n1\n2\n3 3 \n1 -1 1 \n1 1 \n1 1 \n\
         pzprv3\nslither\n1\n1\n0 \n0 0 \n0 \n0 \n"
    );
    assert_eq!(text(&out.stderr), "slink: puzzle 2 has no solution\n");
    assert_eq!(out.status.code(), Some(1));
}

/// A pzprv3 file (`pzprv3.1`: with cell backgrounds) read with its edge rows
/// and pzprjs's history after them; edges that disagree with the answer are
/// reported; errors are placed.
#[test]
fn pzprv3_files_are_read_with_their_edges() {
    let file = "pzprv3.1\nslither\n1\n2\n3 - \n0 0 \n1 -1 0 \n1 0 \n1 0 \nhistory:{\"type\":\"slither\",\"datas\":[]}\n";
    let out = slink(&["--check"], file.as_bytes());
    assert_eq!(text(&out.stdout), "1 unique\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let wrong = file.replace("1 -1 0", "1 1 0");
    let out = slink(&["--check"], wrong.as_bytes());
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 1: the file's edges disagree with the answer: (0,1)-(1,1) is a line there, a cross in the answer\n"
    );
    assert_eq!(out.status.code(), Some(1));
    for (bad, message) in [
        (file.replace("3 -", "3 x"), "line 5, column 3: pzprv3 file: expected a clue 0-4, '.' or '-', found 'x'"),
        (file.replace("1 0 \nhistory", "1 \nhistory"), "line 9, column 2: pzprv3 file: expected 1 more cells in row 2 of the horizontal edges (a row is one line), found the end of the line"),
        (file.replace("slither", "yajilin"), "line 2, column 1: pzprv3 file: expected the puzzle type 'slither', found 'yajilin'"),
    ] {
        let out = slink(&[], bad.as_bytes());
        assert_eq!(text(&out.stderr), format!("slink: {message}\n"));
        assert_eq!(out.status.code(), Some(2));
    }
}

/// A janko.at block: settings skipped (a key counts only first on its line),
/// the problem read, the solution (cells inside the loop) checked against the
/// answer.
#[test]
fn janko_blocks_are_read_and_their_solutions_checked() {
    let block = "begin\npuzzle slitherlink\nauthor Ann Size\nsize 2\nproblem\n2 2\n2 -\nsolution\nx x\nx x\nend\n";
    let out = slink(&["--check"], block.as_bytes());
    assert_eq!(text(&out.stdout), "1 unique\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let wrong = block.replace("x x\nx x", "x x\nx -");
    let out = slink(&["--check"], wrong.as_bytes());
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 1: the file's edges disagree with the answer: (1,1)-(1,2) is a line there, a cross in the answer\n"
    );
    let out = slink(&[], block.replace("2 -", "2 q").as_bytes());
    assert_eq!(
        text(&out.stderr),
        "slink: line 7, column 3: janko.at block: expected a clue 0-4 or '-', found 'q'\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// Regression: a size setting after a block's rows panicked (exit 101), and
/// `rows 1` after them re-read the block as another puzzle. Now each is an
/// error at its line, after the answers of every puzzle before the block.
#[test]
fn a_janko_block_with_a_late_size_is_an_error_after_the_answers_before_it() {
    let block = "begin\nsize 2\nproblem\n2 2\n2 -\nsolution\nx x\nx x\nend\n";
    let first = slink(&[], CONTEST.as_bytes());
    assert_eq!(first.status.code(), Some(0));
    for (edit, line, key) in [
        ("2 -\nsolution", 12, "cols 5"),
        ("x x\nend", 15, "size 3"),
        ("2 -\nsolution", 12, "rows 1"),
    ] {
        let bad = block.replacen(edit, &edit.replacen('\n', &format!("\n{key}\n"), 1), 1);
        let out = slink(&[], format!("{CONTEST}{bad}").as_bytes());
        assert_eq!(text(&out.stdout), text(&first.stdout), "{key}");
        let word = key.split(' ').next().unwrap_or("");
        assert_eq!(
            text(&out.stderr),
            format!("slink: line {line}, column 1: janko.at block: expected the grid's size before 'problem', found '{word}' after it\n"),
            "{key}"
        );
        assert_eq!(out.status.code(), Some(2), "{key}");
    }
}

/// A puzz.link URL whose body stops short of the grid's end: the rest is
/// blank, as pzprjs reads it.
#[test]
fn a_short_puzzlink_body_leaves_the_rest_blank() {
    let out = slink(
        &["--format", "contest"],
        b"https://puzz.link/p?slither/3/3/g0h\n",
    );
    assert_eq!(text(&out.stdout), "3 3\n. 0 .\n. . .\n. . .\n0 0\n");
    assert_eq!(out.status.code(), Some(0));
}

/// `--format svg`: one picture on standard output, or one file a puzzle with
/// `--out DIR`; each a whole SVG document with one closed path for the loop
/// and every clue drawn.
#[test]
fn answers_are_drawn_as_svg() {
    let out = slink(&["--format", "svg"], CONTEST.as_bytes());
    let svg = text(&out.stdout);
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" "),
        "{svg}"
    );
    assert!(svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<path ").count(), 1);
    assert_eq!(svg.matches(" Z\"").count(), 1);
    assert_eq!(svg.matches("<text ").count(), 9);
    assert_eq!(svg.matches('<').count(), svg.matches('>').count());
    // More than one puzzle needs a folder.
    let two = format!("{CONTEST}{URL}\n");
    let out = slink(&["--format", "svg"], two.as_bytes());
    assert_eq!(
        text(&out.stderr),
        "slink: --format svg writes one picture to standard output: give --out DIR for more puzzles\nusage: slink [OPTIONS] [FILE | URL | ID]...\n"
    );
    assert_eq!(out.status.code(), Some(2));
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("slink-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = slink(
        &["--format", "svg", "--out", dir.to_str().unwrap()],
        two.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(dir.join("1.svg")).unwrap(), svg);
    assert_eq!(std::fs::read_to_string(dir.join("2.svg")).unwrap(), svg);
    std::fs::remove_dir_all(&dir).unwrap();
    let out = slink(&["--out", "x"], b"");
    assert_eq!(
        text(&out.stderr),
        "slink: --out DIR goes with --format svg\nusage: slink [OPTIONS] [FILE | URL | ID]...\n"
    );
}

/// Game IDs made by Loopy itself (Debian's sgt-puzzles, five at each of its
/// difficulties): every one decodes and has exactly one answer, as Loopy
/// promises.
#[test]
fn loopys_own_game_ids_decode_to_unique_puzzles() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/formats/loopy-10x10.txt"
    );
    let out = slink(&["--check", "--from", "loopy", path], b"");
    let expected: String = (1..=20).map(|k| format!("{k} unique\n")).collect();
    assert_eq!(text(&out.stdout), expected, "{}", text(&out.stderr));
}

/// pzprjs's own test of this puzzle (robx/pzprjs, `test/script/slither.js`:
/// the URL `5/5/cbcbcddad` and, as the one entry that must raise no error, its
/// answer as a pzprv3 file, kept in `samples/formats/`): the file reads, its
/// edges agree with the unique answer found, and every line it draws is a line
/// of that answer and no other.
#[test]
fn pzprjs_published_answer_is_the_answer_found() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/formats/pzprjs-slither-answer.pzprv3"
    );
    let out = slink(&["--check", path], b"");
    assert_eq!(text(&out.stdout), "1 unique\n");
    assert_eq!(text(&out.stderr), "");
    let published = std::fs::read_to_string(path).unwrap();
    let ours = text(&slink(&["--format", "pzprv3", path], b"").stdout);
    let edges = |file: &str| -> Vec<String> {
        file.split_whitespace()
            .skip(4 + 25)
            .map(str::to_string)
            .collect()
    };
    let (published, ours) = (edges(&published), edges(&ours));
    assert_eq!(published.len(), 60);
    assert_eq!(ours.len(), 60);
    for (p, o) in published.iter().zip(&ours) {
        assert_eq!(p == "1", o == "1", "{published:?} / {ours:?}");
    }
    // pzprjs's pzprv3.1 files of its variants carry a flag line, refused.
    let flagged = "pzprv3.1\nslither\n2\n3\nf\n. . . \n. . . \n";
    let out = slink(&[], flagged.as_bytes());
    assert_eq!(
        text(&out.stderr),
        "slink: line 5, column 1: pzprv3 file: expected the clues, found the flag 'f' (a variant this solver does not take)\n"
    );
}

/// cspuz's own tests (semiexp/cspuz_core,
/// `cspuz_rs_puzzles/src/puzzles/slitherlink.rs`): the URL
/// `slither/4/4/dgdh2c71` is the puzzle `3...` / `3...` / `.22.` / `.2.1`, whose
/// answer it gives as its vertical edges row by row and then its horizontal
/// ones, the order of a pzprv3 file: `slink --format pzprv3` writes exactly
/// those lines (every other edge a cross). Its URL `slither/f/3/3/gdk` is the
/// every-dot variant, which `slink` refuses by name.
#[test]
fn cspuz_published_answer_is_the_answer_found() {
    let vertical = [
        [1, 0, 0, 0, 1],
        [0, 1, 1, 1, 1],
        [1, 0, 1, 1, 1],
        [1, 1, 0, 0, 0],
    ];
    let horizontal = [
        [1, 1, 1, 1],
        [1, 0, 1, 0],
        [1, 0, 0, 0],
        [0, 1, 0, 1],
        [1, 0, 0, 0],
    ];
    let row = |edges: &[i32]| -> String {
        let words: Vec<&str> = edges
            .iter()
            .map(|&e| if e == 1 { "1 " } else { "-1 " })
            .collect();
        words.concat() + "\n"
    };
    let mut expected =
        "pzprv3\nslither\n4\n4\n3 . . . \n3 . . . \n. 2 2 . \n. 2 . 1 \n".to_string();
    for edges in vertical.iter() {
        expected += &row(edges);
    }
    for edges in horizontal.iter() {
        expected += &row(edges);
    }
    let url = b"https://puzz.link/p?slither/4/4/dgdh2c71";
    let out = slink(&["--format", "pzprv3"], url);
    assert_eq!(text(&out.stdout), expected);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&slink(&["--format", "url"], url).stdout),
        "https://puzz.link/p?slither/4/4/dgdh2c71\n"
    );
    let out = slink(&[], b"https://puzz.link/p?slither/f/3/3/gdk");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "slink: line 1, column 29: puzz.link URL, character 29: expected the number of columns, found 'f' (a variant this solver does not take)\n"
    );
}
