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
