//! What a newcomer types, through the real binaries: several files and
//! puzzles pasted as arguments, mistyped options and values, `--version`,
//! no input at all, and pictures of puzzles for setters.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn run(binary: &str, args: &[&str], stdin: &[u8]) -> Output {
    common::run_binary(binary, args, stdin)
}

fn slink(args: &[&str], stdin: &[u8]) -> Output {
    run(env!("CARGO_BIN_EXE_slink"), args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder of this test's own under Cargo's scratch folder.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("arguments-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The loop round two 3s side by side, and its answer's picture.
const PAIR: &str = "1 2\n3 3\n";
const PAIR_URL: &str = "https://puzz.link/p?slither/2/1/33";
const PAIR_ID: &str = "2x1t0:33";
const PAIR_PICTURE: &str = "#############
#           #
# +-------+ #
# | 3   3 | #
# +-------+ #
#           #
#############
";

/// A 2×2 grid of 2s, and its answer's picture.
const SQUARE: &str = "2 2\n2 2\n2 2\n";
const SQUARE_PICTURE: &str = "#############
#           #
# +-------+ #
# | 2   2 | #
# |       | #
# | 2   2 | #
# +-------+ #
#           #
#############
";

#[test]
fn several_files_are_one_stream_numbered_on() {
    let dir = scratch("files");
    let (a, b) = (dir.join("a.in"), dir.join("b.in"));
    // The first file ends with `0 0`, the second at its end: each ends
    // itself, and the numbers run on.
    std::fs::write(&a, format!("{SQUARE}{PAIR}0 0\n")).unwrap();
    std::fs::write(&b, SQUARE).unwrap();
    let out = slink(&[a.to_str().unwrap(), b.to_str().unwrap()], b"");
    assert_eq!(
        text(&out.stdout),
        format!("1\n{SQUARE_PICTURE}2\n{PAIR_PICTURE}3\n{SQUARE_PICTURE}")
    );
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    let out = slink(&["--check", a.to_str().unwrap(), "-"], SQUARE.as_bytes());
    assert_eq!(text(&out.stdout), "1 unique\n2 unique\n3 unique\n");
    // A bad puzzle in the second file is placed in it, after the answers of
    // the first.
    std::fs::write(&b, "2 2\n2 2\n2 x\n").unwrap();
    let out = slink(&[a.to_str().unwrap(), b.to_str().unwrap()], b"");
    assert_eq!(
        text(&out.stdout),
        format!("1\n{SQUARE_PICTURE}2\n{PAIR_PICTURE}")
    );
    assert_eq!(
        text(&out.stderr),
        format!(
            "slink: '{}': line 3, column 3: expected a clue 0-4 or a blank ('.', '-' or '?'), found 'x'\n",
            b.display()
        )
    );
    assert_eq!(out.status.code(), Some(2));
    // A missing file stops the run where its turn comes.
    let missing = dir.join("missing.in");
    let out = slink(&[a.to_str().unwrap(), missing.to_str().unwrap()], b"");
    assert_eq!(
        text(&out.stdout),
        format!("1\n{SQUARE_PICTURE}2\n{PAIR_PICTURE}")
    );
    assert_eq!(
        text(&out.stderr),
        format!(
            "slink: cannot open '{}': No such file or directory (os error 2)\n",
            missing.display()
        )
    );
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_url_or_game_id_argument_is_that_puzzle() {
    for args in [&[PAIR_URL][..], &[PAIR_ID], &[PAIR_URL, PAIR_ID]] {
        let out = slink(args, b"");
        let expected: String = (1..=args.len())
            .map(|k| format!("{k}\n{PAIR_PICTURE}"))
            .collect();
        assert_eq!(text(&out.stdout), expected, "{args:?}");
        assert_eq!(out.status.code(), Some(0));
    }
    // A bad one is placed inside the argument, which the message names.
    let out = slink(&["https://puzz.link/p?slither/2/1/3f"], b"");
    assert_eq!(
        text(&out.stderr),
        "slink: the argument 'https://puzz.link/p?slither/2/1/…' (read as a puzzle: no file has that name): line 1, column 34: puzz.link URL, character 34: expected a cell symbol (0-9, a-e, g-z or '.'), found 'f'\n"
    );
    assert_eq!(out.status.code(), Some(2));
    // Something that is neither a file nor a puzzle is a missing file.
    let out = slink(&["no-such-puzzle.in"], b"");
    assert_eq!(
        text(&out.stderr),
        "slink: cannot open 'no-such-puzzle.in': No such file or directory (os error 2)\n"
    );
    // Light Up: a game ID (made by Light Up) as an argument is read as it
    // is from standard input.
    let id = "10x10:f0i1f2c2c1dBbB2d02fBBdBBbBd0c2c2f0i1f";
    let akari = |args: &[&str], stdin: &[u8]| run(env!("CARGO_BIN_EXE_akari"), args, stdin);
    for task in ["solve", "validate"] {
        let piped = akari(&[task], format!("{id}\n").as_bytes());
        let given = akari(&[task, id], b"");
        assert_eq!(text(&given.stdout), text(&piped.stdout), "{task}");
        assert!(!given.stdout.is_empty());
        assert_eq!(given.status.code(), Some(0));
    }
    // Two of them are numbered, as several puzzles are.
    let out = akari(&[id, id], b"");
    assert!(
        text(&out.stdout).starts_with("1\n"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(text(&out.stdout).matches('\n').count(), 2 * 11);
}

#[test]
fn a_file_of_the_arguments_name_wins() {
    let dir = scratch("wins");
    // A file whose name reads as a game ID, holding another puzzle.
    std::fs::write(dir.join(PAIR_ID), SQUARE).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_slink"))
        .arg(PAIR_ID)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), format!("1\n{SQUARE_PICTURE}"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_program_has_a_version() {
    let version = env!("CARGO_PKG_VERSION");
    for (binary, args, name) in [
        (env!("CARGO_BIN_EXE_slink"), &["--version"][..], "slink"),
        (env!("CARGO_BIN_EXE_slink"), &["-V"], "slink"),
        (
            env!("CARGO_BIN_EXE_slink"),
            &["generate", "--version"],
            "slink generate",
        ),
        (env!("CARGO_BIN_EXE_akari"), &["--version"], "akari"),
        (env!("CARGO_BIN_EXE_sudominoku"), &["-V"], "sudominoku"),
    ] {
        let out = run(binary, args, b"");
        assert_eq!(text(&out.stdout), format!("{name} {version}\n"));
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn a_mistyped_option_names_the_nearest() {
    for (binary, option, name, near) in [
        (env!("CARGO_BIN_EXE_slink"), "--fromat", "slink", "--format"),
        (
            env!("CARGO_BIN_EXE_slink"),
            "--explian",
            "slink",
            "--explain",
        ),
        (
            env!("CARGO_BIN_EXE_slink"),
            "--max-cell",
            "slink",
            "--max-cells",
        ),
        (env!("CARGO_BIN_EXE_akari"), "--fromat", "akari", "--format"),
        (
            env!("CARGO_BIN_EXE_sudominoku"),
            "--verison",
            "sudominoku",
            "--version",
        ),
    ] {
        let out = run(binary, &[option], b"");
        let stderr = text(&out.stderr);
        let first = stderr.lines().next().unwrap_or("");
        assert_eq!(
            first,
            format!(
                "{name}: unknown option '{option}'; did you mean '{near}'? (see '{name} --help')"
            )
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

#[test]
fn every_bad_value_is_echoed() {
    for (args, message) in [
        (&["--format", "png"][..], "slink: --format needs one of judge, pzprv3, svg, contest, url, loopy, janko, picture, found 'png'"),
        (&["--from", "jpeg"], "slink: --from needs one of contest, url, loopy, pzprv3, janko, picture, found 'jpeg'"),
        (&["--max-cells", "many"], "slink: --max-cells needs a whole number from 1 to 1000000000, found 'many'"),
        (&["--max-seconds"], "slink: --max-seconds needs a number of seconds above 0 and at most 31536000, found nothing"),
        (&["generate", "4x4", "--seed", "x"], "slink: --seed needs a whole number of at least 0, found 'x'"),
    ] {
        let out = slink(args, b"");
        assert_eq!(text(&out.stderr).lines().next(), Some(message), "{args:?}");
        assert_eq!(out.status.code(), Some(2));
    }
    let out = run(env!("CARGO_BIN_EXE_akari"), &["--format", "gif"], b"");
    assert_eq!(
        text(&out.stderr).lines().next(),
        Some("akari: --format needs one of judge, url, pzprv3, svg, found 'gif'")
    );
}

/// `--option=value` is the same as `--option value` for every option with
/// a value, on every program; a flag given a value is refused.
#[test]
fn an_option_takes_its_value_after_an_equals_sign() {
    let out = slink(
        &["--check", "--from=url", "--max-seconds=60", PAIR_URL],
        b"",
    );
    assert_eq!(
        (text(&out.stdout), text(&out.stderr), out.status.code()),
        ("1 unique\n".to_string(), String::new(), Some(0))
    );
    let out = slink(&["--format=contest", "--max-cells=2", "-"], PAIR.as_bytes());
    assert_eq!(
        (text(&out.stdout), text(&out.stderr), out.status.code()),
        (format!("{PAIR}0 0\n"), String::new(), Some(0))
    );
    let generated = |args: &[&str]| {
        let out = slink(args, b"");
        (text(&out.stdout), text(&out.stderr), out.status.code())
    };
    let spaced = generated(&[
        "generate", "3x3", "--seed", "4", "--count", "2", "--format", "url",
    ]);
    assert_eq!(
        generated(&["generate", "3x3", "--seed=4", "--count=2", "--format=url"]),
        spaced
    );
    assert_eq!(spaced.2, Some(0));
    let id = "2x2:1a0a";
    let out = run(
        env!("CARGO_BIN_EXE_akari"),
        &["--format=url", "--max-seconds=60", id],
        b"",
    );
    assert_eq!(
        (text(&out.stdout), text(&out.stderr), out.status.code()),
        (
            "https://puzz.link/p?lightup/2/2/65\n".to_string(),
            String::new(),
            Some(0)
        )
    );
    // A value taken is a value judged: the message is about it.
    let out = run(
        env!("CARGO_BIN_EXE_sudominoku"),
        &["--max-seconds=0"],
        b"0\n",
    );
    assert_eq!(
        (text(&out.stdout), text(&out.stderr), out.status.code()),
        (
            String::new(),
            "sudominoku: --max-seconds needs a number of seconds above 0 and at most 31536000, found '0'\nusage: sudominoku [--max-seconds S] [FILE...]\n".to_string(),
            Some(2)
        )
    );
    for (binary, args, message) in [
        (env!("CARGO_BIN_EXE_slink"), &["--check=yes"][..], "slink: --check takes no value, found '--check=yes' (give '--check' alone)\nusage: slink [OPTIONS] [FILE | URL | ID]...\n"),
        (env!("CARGO_BIN_EXE_slink"), &["generate", "3x3", "--slink=1"], "slink: --slink takes no value, found '--slink=1' (give '--slink' alone)\nusage: slink generate ROWSxCOLS [--count N] [--seed S] [--grade LEVEL] [--slink]\n"),
        (env!("CARGO_BIN_EXE_akari"), &["--help=1"], "akari: --help takes no value, found '--help=1' (give '--help' alone)\nusage: akari [--format judge|url|pzprv3|svg] [--max-seconds S] [validate | solve] [FILE...]\n"),
        (env!("CARGO_BIN_EXE_sudominoku"), &["-V=2"], "sudominoku: -V takes no value, found '-V=2' (give '-V' alone)\nusage: sudominoku [--max-seconds S] [FILE...]\n"),
        (env!("CARGO_BIN_EXE_slink"), &["--fromat=url"], "slink: unknown option '--fromat=url'; did you mean '--format'? (see 'slink --help')\nusage: slink [OPTIONS] [FILE | URL | ID]...\n"),
    ] {
        let out = run(binary, args, b"");
        assert_eq!(
            (text(&out.stdout), text(&out.stderr), out.status.code()),
            (String::new(), message.to_string(), Some(2)),
            "{args:?}"
        );
    }
}

/// `--out` needs a folder: an empty path is refused (it would write into
/// the current folder), and so is a plain file, by name.
#[test]
fn out_refuses_an_empty_path_and_a_file() {
    let dir = scratch("out-file");
    let file = dir.join("plain");
    std::fs::write(&file, "").unwrap();
    let file = file.to_str().unwrap();
    let below = format!("{file}/deeper");
    for (args, message) in [
        (vec!["--format", "svg", "--out", ""], "slink: --out needs a folder, found ''\nusage: slink [OPTIONS] [FILE | URL | ID]...\n".to_string()),
        (vec!["--format=svg", "--out="], "slink: --out needs a folder, found ''\nusage: slink [OPTIONS] [FILE | URL | ID]...\n".to_string()),
        (vec!["generate", "2x2", "--format", "svg", "--out", ""], "slink: --out needs a folder, found ''\nusage: slink generate ROWSxCOLS [--count N] [--seed S] [--grade LEVEL] [--slink]\n".to_string()),
        (vec!["--format", "svg", "--out", file], format!("slink: --out needs a folder, but '{file}' is a file\n")),
        (vec!["--format", "svg", "--out", &below], format!("slink: --out needs a folder, but '{file}' is a file\n")),
        (vec!["generate", "2x2", "--format", "svg", "--out", file], format!("slink: --out needs a folder, but '{file}' is a file\n")),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_slink"))
            .args(&args)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(
            (text(&out.stdout), text(&out.stderr), out.status.code()),
            (String::new(), message, Some(2)),
            "{args:?}"
        );
    }
    // Nothing was written beside the file.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left, ["plain"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn empty_input_says_no_puzzles_were_read() {
    let out = slink(&["--check"], b"\n");
    assert_eq!(
        (text(&out.stdout), text(&out.stderr), out.status.code()),
        (
            String::new(),
            "slink: no puzzles read\n".to_string(),
            Some(0)
        )
    );
    // The contest format's end still ends the file written.
    let out = slink(&["--format", "contest"], b"");
    assert_eq!(text(&out.stdout), "0 0\n");
    assert_eq!(text(&out.stderr), "slink: no puzzles read\n");
    let out = run(env!("CARGO_BIN_EXE_sudominoku"), &[], b"0\n");
    assert_eq!(text(&out.stderr), "sudominoku: no puzzles read\n");
    assert_eq!(out.status.code(), Some(0));
}

/// At a terminal with no FILE and no `slink.in` there is nothing to read:
/// the usage, exit 2, not a wait for typing. `script` (util-linux) gives the
/// binary a terminal; where it is missing the test says so and checks
/// nothing else.
#[test]
fn a_terminal_with_nothing_to_read_gets_the_usage() {
    let dir = scratch("tty");
    for (binary, name, usage) in [
        (env!("CARGO_BIN_EXE_slink"), "slink", "usage: slink [OPTIONS] [FILE | URL | ID]..."),
        (env!("CARGO_BIN_EXE_akari"), "akari", "usage: akari [--format judge|url|pzprv3|svg] [--max-seconds S] [validate | solve] [FILE...]"),
        (env!("CARGO_BIN_EXE_sudominoku"), "sudominoku", "usage: sudominoku [--max-seconds S] [FILE...]"),
    ] {
        let Some((printed, status)) = common::at_a_terminal(binary, &dir) else {
            break;
        };
        assert_eq!(
            printed,
            format!("{name}: no input: name a FILE, or send puzzles to standard input\n{usage}\n")
        );
        assert_eq!(status, Some(2));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pictures_of_unsolved_puzzles() {
    let out = slink(&["--format", "svg", "--unsolved"], PAIR.as_bytes());
    let svg = text(&out.stdout);
    assert!(svg.starts_with("<svg "), "{svg}");
    assert_eq!(svg.matches("<path ").count(), 0, "no loop drawn");
    assert_eq!(svg.matches("<circle ").count(), 6, "a dot at every corner");
    // Each number centred in its cell: the cells' centres are 40 apart, 20
    // in from the grid's first dot, 20 from the picture's edge.
    assert!(svg.contains("<text x=\"40\" y=\"48\">3</text>"), "{svg}");
    assert!(svg.contains("<text x=\"80\" y=\"48\">3</text>"), "{svg}");
    assert_eq!(out.status.code(), Some(0));
    // The same picture as the generator draws: the answer's picture less its
    // loop.
    let solved = text(&slink(&["--format", "svg"], PAIR.as_bytes()).stdout);
    let loop_line = solved.lines().find(|l| l.starts_with("<path ")).unwrap();
    assert_eq!(solved.replace(&format!("{loop_line}\n"), ""), svg);
    // pzprv3 with --unsolved is the puzzle's file, every edge unknown.
    let out = slink(&["--format", "pzprv3", "--unsolved"], PAIR.as_bytes());
    assert_eq!(
        text(&out.stdout),
        "pzprv3\nslither\n1\n2\n3 3 \n0 0 0 \n0 0 \n0 0 \n"
    );
    let out = slink(&["--format", "judge", "--unsolved"], PAIR.as_bytes());
    assert_eq!(
        text(&out.stderr).lines().next(),
        Some("slink: --unsolved goes with --format svg or pzprv3 (the puzzle formats write puzzles unsolved already)")
    );
}

#[test]
fn out_makes_its_folder_and_two_pictures_need_it() {
    let dir = scratch("out").join("new").join("deeper");
    let two = format!("{SQUARE}{PAIR}");
    let out = slink(
        &["--format", "svg", "--out", dir.to_str().unwrap()],
        two.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(dir.join("1.svg").is_file() && dir.join("2.svg").is_file());
    // Without a folder, two puzzles are refused before anything is written.
    for extra in [&[][..], &["--unsolved"]] {
        let mut args = vec!["--format", "svg"];
        args.extend_from_slice(extra);
        let out = slink(&args, two.as_bytes());
        assert_eq!(text(&out.stdout), "", "{args:?}");
        assert_eq!(out.status.code(), Some(2));
    }
    // A bad second puzzle still lets the first be drawn, then is reported.
    let out = slink(&["--format", "svg"], b"1 2\n3 3\n2 2\n2 x\n");
    assert!(text(&out.stdout).starts_with("<svg "));
    assert!(text(&out.stderr).starts_with("slink: line 4, column 3: "));
    // The generator: every format slink writes, pictures in a folder.
    let pictures = scratch("generated");
    let out = slink(
        &[
            "generate",
            "4x4",
            "--count",
            "2",
            "--format",
            "svg",
            "--out",
            pictures.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let first = std::fs::read_to_string(pictures.join("1.svg")).unwrap();
    assert!(first.starts_with("<svg ") && !first.contains("<path "));
    let _ = std::fs::remove_dir_all(&pictures);
    let _ = std::fs::remove_dir_all(dir.parent().unwrap().parent().unwrap());
}

/// The generator writes each puzzle format `slink` reads, and `slink` reads
/// each back to the same puzzle.
#[test]
fn the_generator_writes_every_puzzle_format() {
    let contest = text(&slink(&["generate", "5x5", "--count", "2", "--seed", "7"], b"").stdout);
    for format in ["url", "loopy", "pzprv3", "janko", "picture"] {
        let out = slink(
            &[
                "generate", "5x5", "--count", "2", "--seed", "7", "--format", format,
            ],
            b"",
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{format}: {}",
            text(&out.stderr)
        );
        let back = slink(&["--format", "contest"], &out.stdout);
        assert_eq!(text(&back.stdout), contest, "{format}");
    }
}
