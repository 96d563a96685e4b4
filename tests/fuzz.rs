//! Fuzz-style robustness (seeded, std only): thousands of random and mutated
//! inputs go through the library exactly as the binary uses it. None may panic,
//! and each must end with puzzles solved and then the end or an error. Inputs
//! include CR-only line ends and byte-order marks. Then the three binaries run
//! on such inputs with standard output or standard error full (`/dev/full`) or
//! closed: every run must end with a status of 0, 1 or 2, never a panic.

mod common;

use std::io::Write;
use std::process::Stdio;

use common::Rng;
use slink::{solve, PuzzleReader};

/// Reads and solves every puzzle of `input`; returns how many were solved before
/// the end or the first error.
fn run(input: &[u8]) -> usize {
    // A small cell limit keeps each case quick; the limit itself is exercised.
    let mut reader = PuzzleReader::with_limit(input, 64);
    let mut solved = 0;
    while let Ok(Some(puzzle)) = reader.next_puzzle() {
        solve(&puzzle);
        solved += 1;
    }
    solved
}

const ALPHABET: &[u8] = b"0123 0123\n\n\t\r\r.-?x4-+9\xff\xc3\xa9\xef\xbb\xbf\x00\x1b 0 0 1 2 ";

#[test]
fn random_bytes_and_tokens() {
    let mut rng = Rng::new(99);
    for _ in 0..3000 {
        let len = rng.below(80) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
            .collect();
        run(&bytes);
    }
}

/// The statement's sample with its line ends turned into CR alone, and with a
/// byte-order mark in front: both read as the sample itself.
#[test]
fn cr_only_and_byte_order_mark_read_as_the_sample() {
    let original = include_bytes!("../samples/sample.in");
    let expected = run(original);
    let cr_only: Vec<u8> = original
        .iter()
        .map(|&b| if b == b'\n' { b'\r' } else { b })
        .collect();
    assert_eq!(run(&cr_only), expected);
    let mut marked = b"\xef\xbb\xbf".to_vec();
    marked.extend_from_slice(original);
    assert_eq!(run(&marked), expected);
}

/// How a binary's standard output and standard error are set up in one run.
#[derive(Clone, Copy, Debug)]
enum Streams {
    StdoutFull,
    StderrFull,
    StdoutClosed,
    StderrClosed,
}

fn run_binary_with(binary: &str, args: &[&str], input: &[u8], streams: Streams) -> Option<i32> {
    let full = common::dev_full;
    let (stdout, stderr) = match streams {
        Streams::StdoutFull => (full()?, Stdio::null()),
        Streams::StderrFull => (Stdio::null(), full()?),
        Streams::StdoutClosed | Streams::StderrClosed => (Stdio::piped(), Stdio::piped()),
    };
    let mut child = common::spawn(binary, args, stdout, stderr);
    // A closed stream: its reading end is gone before the program writes.
    match streams {
        Streams::StdoutClosed => drop(child.stdout.take()),
        Streams::StderrClosed => drop(child.stderr.take()),
        _ => {}
    }
    let _ = child.stdin.take().expect("stdin").write_all(input);
    let status = child.wait().expect("the binary ends");
    Some(status.code().unwrap_or(-1))
}

#[test]
fn binaries_survive_full_and_closed_streams() {
    let programs: [(&str, &[u8]); 3] = [
        (
            env!("CARGO_BIN_EXE_slink"),
            include_bytes!("../samples/sample.in"),
        ),
        (
            env!("CARGO_BIN_EXE_sudominoku"),
            include_bytes!("../samples/sudominoku/sample.in"),
        ),
        (
            env!("CARGO_BIN_EXE_akari"),
            include_bytes!("../samples/akari/example-1-puzzle.in"),
        ),
    ];
    let mut rng = Rng::new(13);
    for case in 0..40 {
        for (binary, original) in programs {
            let mut bytes = original.to_vec();
            for _ in 0..rng.below(3) {
                let at = rng.below(bytes.len() as u64) as usize;
                bytes[at] = ALPHABET[rng.below(ALPHABET.len() as u64) as usize];
            }
            for streams in [
                Streams::StdoutFull,
                Streams::StderrFull,
                Streams::StdoutClosed,
                Streams::StderrClosed,
            ] {
                let args: &[&str] = if case % 5 == 0 { &["--help"] } else { &[] };
                if let Some(code) = run_binary_with(binary, args, &bytes, streams) {
                    assert!(
                        (0..=2).contains(&code),
                        "case {case}: {binary} {args:?} with {streams:?} ended with {code}"
                    );
                }
            }
        }
    }
}

#[test]
fn mutated_judge_data() {
    let original = include_bytes!("../samples/sample.in");
    let mut rng = Rng::new(7);
    let mut solved_somewhere = 0;
    for _ in 0..1000 {
        let mut bytes = original.to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len() as u64) as usize;
            let byte = ALPHABET[rng.below(ALPHABET.len() as u64) as usize];
            match rng.below(3) {
                0 => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                _ => {
                    bytes.remove(at);
                }
            }
        }
        solved_somewhere += run(&bytes);
    }
    // Most mutations leave the first puzzles readable; if nothing was ever
    // solved, the harness itself would be broken.
    assert!(solved_somewhere > 500, "{solved_somewhere}");
}

#[test]
fn random_small_puzzles_of_any_clues() {
    let mut rng = Rng::new(3);
    for _ in 0..2000 {
        let (r, c) = (1 + rng.below(5), 1 + rng.below(5));
        let mut text = format!("{r} {c}\n");
        for _ in 0..r * c {
            text.push_str(["0 ", "1 ", "2 ", "3 ", ". "][rng.below(5) as usize]);
        }
        assert_eq!(run(text.as_bytes()), 1, "{text}");
    }
}

/// Every way to move one line of `lines` elsewhere: the lines after the
/// move, with the line's old and new places.
fn moved(lines: &[&'static str]) -> Vec<(usize, usize, Vec<&'static str>)> {
    let mut all = Vec::new();
    for from in 0..lines.len() {
        for to in 0..lines.len() {
            if to != from {
                let mut after = lines.to_vec();
                let line = after.remove(from);
                after.insert(to, line);
                all.push((from, to, after));
            }
        }
    }
    all
}

/// The puzzles `text` reads as, or the first error, which must lie inside
/// the text: its line one of the text's, its column at most one past that
/// line's end.
fn read_all(text: &str) -> Result<Vec<slink::Puzzle>, String> {
    let mut reader = PuzzleReader::with_limit(text.as_bytes(), 1000);
    let mut puzzles = Vec::new();
    loop {
        match reader.next_puzzle() {
            Ok(Some(puzzle)) => puzzles.push(puzzle),
            Ok(None) => return Ok(puzzles),
            Err(e) => {
                let message = e.to_string();
                let place = message
                    .strip_prefix("line ")
                    .and_then(|rest| rest.split_once(", column "))
                    .and_then(|(line, rest)| Some((line, rest.split_once(':')?.0)));
                if let Some((line, column)) = place {
                    let (line, column): (usize, usize) =
                        (line.parse().unwrap(), column.parse().unwrap());
                    let lines: Vec<&str> = text.lines().collect();
                    let length = lines.get(line - 1).map_or(0, |l| l.chars().count());
                    assert!(
                        line <= lines.len() + 1 && column <= length + 1,
                        "{message}\nfor\n{text}"
                    );
                }
                return Err(message);
            }
        }
    }
}

/// The 2×3 puzzle whose clue rows are `rows`, as the contest writes it.
fn two_by_three(rows: &[&str]) -> slink::Puzzle {
    let text = format!("2 3 {}", rows.join(" ").replace('-', "."));
    slink::parse_all(&text).expect("a contest puzzle").remove(0)
}

/// Whether a block's line kinds (`B`egin, skipped `S`ettings, si`Z`e
/// settings, `P`roblem and its rows `p`, `Q` solution and its rows `q`,
/// `E`nd) are in order: `B`, settings with both size lines, `Ppp`, skipped
/// settings, maybe `Qqq` and skipped settings, `E`.
fn janko_in_order(shape: &str) -> bool {
    let skip = |s: &str| s.trim_start_matches('S').to_string();
    let Some(body) = shape.strip_prefix('B').and_then(|s| s.strip_suffix('E')) else {
        return false;
    };
    let Some((settings, rest)) = body.split_once('P') else {
        return false;
    };
    let sized =
        settings.chars().all(|k| k == 'S' || k == 'Z') && settings.matches('Z').count() == 2;
    let Some(rest) = rest.strip_prefix("pp") else {
        return false;
    };
    let rest = skip(rest);
    let rest = rest.strip_prefix("Qqq").map_or(rest.clone(), skip);
    sized && rest.is_empty()
}

/// A janko.at block with one line moved is read as the same puzzle exactly
/// when the parts are still in their order: settings (the size's two lines
/// among them), `problem` and its rows (in any order), then maybe
/// `solution` and its rows, with skipped settings between parts, and `end`.
/// Anything else is an error inside the text. (The attack found sizes read
/// after the cells: a panic, or the block silently read another way.)
#[test]
fn janko_blocks_with_a_line_moved_read_right_or_fail_in_place() {
    let lines = [
        "begin",
        "puzzle slitherlink",
        "author Ann",
        "rows 2",
        "cols 3",
        "problem",
        "3 - 1",
        "- 2 0",
        "solution",
        "x x -",
        "x - -",
        "end",
    ];
    let mut read = 0;
    for (from, to, after) in moved(&lines) {
        let text = after.join("\n") + "\n";
        let kind = |line: &str| match line {
            "begin" => 'B',
            "puzzle slitherlink" | "author Ann" => 'S',
            "rows 2" | "cols 3" => 'Z',
            "problem" => 'P',
            "3 - 1" | "- 2 0" => 'p',
            "solution" => 'Q',
            "x x -" | "x - -" => 'q',
            _ => 'E',
        };
        let shape: String = after.iter().map(|l| kind(l)).collect();
        let in_order = janko_in_order(&shape);
        let problem: Vec<&str> = after.iter().copied().filter(|l| kind(l) == 'p').collect();
        match read_all(&text) {
            Ok(puzzles) => {
                read += 1;
                assert!(in_order, "{from} -> {to} read, but out of order:\n{text}");
                assert_eq!(puzzles, vec![two_by_three(&problem)], "{from} -> {to}");
            }
            Err(e) => assert!(!in_order, "{from} -> {to}: {e}\n{text}"),
        }
    }
    // Settings moved among settings, rows swapped: some moves are harmless.
    assert!(read > 10, "{read}");
}

/// A pzprv3 file with one line moved is read when its header is in order and
/// each block of rows (clues, vertical edges, horizontal edges) is whole, in
/// any order within, and then as the puzzle its clue rows give. Otherwise it
/// is an error in place, unless the move was into the tail after the rows,
/// which is skipped (pzprjs's history): no row here could stand in another
/// block.
#[test]
fn pzprv3_files_with_a_line_moved_read_right_or_fail_in_place() {
    let lines = [
        "pzprv3",
        "slither",
        "2",
        "3",
        "3 . 1 ",
        ". 2 0 ",
        "1 1 1 1 ",
        "1 -1 -1 1 ",
        "1 -1 1 ",
        "-1 1 -1 ",
        "1 -1 1 ",
        "history:{}",
    ];
    let mut read = 0;
    for (from, to, after) in moved(&lines) {
        let text = after.join("\n") + "\n";
        let block = |range: std::ops::Range<usize>| {
            let mut mine: Vec<&str> = after[range.clone()].to_vec();
            let mut theirs: Vec<&str> = lines[range].to_vec();
            mine.sort_unstable();
            theirs.sort_unstable();
            mine == theirs
        };
        let clues_in_order = after[..4] == lines[..4] && block(4..6);
        let in_order = clues_in_order && block(6..8) && block(8..11) && after[11] == lines[11];
        match read_all(&text) {
            Ok(puzzles) => {
                // A line moved into the tail (after the history) goes with
                // it: the puzzle is still the one the clue rows give.
                assert!(
                    clues_in_order,
                    "{from} -> {to} read, but out of order:\n{text}"
                );
                read += 1;
                let clues: Vec<&str> = after[4..6].iter().map(|row| row.trim()).collect();
                assert_eq!(puzzles, vec![two_by_three(&clues)], "{from} -> {to}");
            }
            Err(e) => assert!(!in_order, "{from} -> {to}: {e}\n{text}"),
        }
    }
    assert!(read > 5, "{read}");
}

/// A picture with one line moved is either read as a puzzle whose own
/// picture is exactly the text, or an error inside the text: never a puzzle
/// read from lines out of their places.
#[test]
fn pictures_with_a_line_moved_read_right_or_fail_in_place() {
    let lines = [
        "#################",
        "#               #",
        "#               #",
        "#   3       1   #",
        "#               #",
        "#       2   0   #",
        "#               #",
        "#               #",
        "#################",
    ];
    let original = lines.join("\n") + "\n";
    // `slink` draws a blank board with its dots, 9 lines a picture.
    let dotted = |text: &str| {
        let lines = text.lines().enumerate().map(|(i, line)| match i % 9 {
            2 | 4 | 6 => "# +   +   +   + #\n".to_string(),
            _ => format!("{line}\n"),
        });
        lines.collect::<String>()
    };
    let drawn = common::run_binary(
        env!("CARGO_BIN_EXE_slink"),
        &["--format", "picture"],
        original.as_bytes(),
    );
    assert_eq!(String::from_utf8_lossy(&drawn.stdout), dotted(&original));
    let mut read = String::new();
    let mut count = 0;
    for (_, _, after) in moved(&lines) {
        let text = after.join("\n") + "\n";
        if let Ok(puzzles) = read_all(&text) {
            assert_eq!(puzzles.len(), 1, "{text}");
            read.push_str(&text);
            count += 1;
        }
    }
    // Rows swapped, blank lines moved among blank lines: some moves are the
    // same picture or another good one.
    assert!(count > 0);
    let drawn = common::run_binary(
        env!("CARGO_BIN_EXE_slink"),
        &["--format", "picture"],
        read.as_bytes(),
    );
    assert_eq!(String::from_utf8_lossy(&drawn.stdout), dotted(&read));
}
