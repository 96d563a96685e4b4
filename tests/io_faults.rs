//! Faults of the world around a run, in a table: a standard output that is
//! full or open but not for writing, and memory that runs out part way. For
//! each, in every program it applies to: every answer before the fault is
//! written (where anything can be), the message says what happened, and the
//! exit status is 2. (A reader that leaves, `| head`, is in `cli.rs`: there
//! the run goes on quietly.)

mod common;

use std::fs::File;
use std::process::{Command, Output, Stdio};

/// The three programs, each with an input it answers.
fn programs() -> [(&'static str, &'static str, &'static [u8]); 3] {
    [
        (
            "slink",
            env!("CARGO_BIN_EXE_slink"),
            include_bytes!("../samples/sample.in"),
        ),
        (
            "akari",
            env!("CARGO_BIN_EXE_akari"),
            include_bytes!("../samples/akari/example-1-puzzle.in"),
        ),
        (
            "sudominoku",
            env!("CARGO_BIN_EXE_sudominoku"),
            include_bytes!("../samples/sudominoku/sample.in"),
        ),
    ]
}

/// A standard output that fails, and the message each program must give.
fn failing_outputs() -> Vec<(&'static str, Stdio, &'static str)> {
    let read_only =
        File::open(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).expect("Cargo.toml opens");
    let mut outputs = vec![(
        "a file open for reading only",
        Stdio::from(read_only),
        "cannot write output: Bad file descriptor (os error 9)",
    )];
    match common::dev_full() {
        Some(full) => outputs.push((
            "/dev/full",
            full,
            "cannot write output: No space left on device (os error 28)",
        )),
        None => eprintln!("no /dev/full here: that row is not checked"),
    }
    outputs
}

/// Regression: with standard output open for reading only, every write
/// failed with "bad file descriptor", which Rust's `Stdout` takes as done:
/// the run ended 0 with nothing written and nothing said.
#[test]
fn a_failing_stdout_is_said_and_ends_the_run_with_2() {
    for (program, binary, input) in programs() {
        for (what, stdout, message) in failing_outputs() {
            let out = common::run_with(binary, &[], input, stdout, Stdio::piped());
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!("{program}: {message}\n"),
                "{program} with {what}"
            );
            assert_eq!(out.status.code(), Some(2), "{program} with {what}");
        }
    }
}

/// Runs `slink ARGS` on `input` with its address space limited to `kib`
/// KiB (`ulimit -v`, through `sh`).
fn slink_in_little_memory(kib: u32, args: &[&str], input: &[u8]) -> Output {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_slink"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("sh starts");
    let mut stdin = child.stdin.take().expect("stdin");
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let _ = std::io::Write::write_all(&mut stdin, input);
        });
        child.wait_with_output().expect("sh ends")
    })
}

/// The statement's sample without its closing `0 0`, then `extra`.
fn sample_then(extra: &str) -> Vec<u8> {
    let sample = include_str!("../samples/sample.in");
    let open = sample
        .trim_end()
        .strip_suffix("0 0")
        .expect("the sample ends 0 0");
    format!("{open}{extra}").into_bytes()
}

/// Regression: the sample and then a blank grid too big for the memory left
/// (`ulimit -v`) aborted (`memory allocation … failed`, exit 134) with the
/// sample's answers still in the buffer. Now the big grid is an error of its
/// own, after them: once where the solver's memory is asked for, and once
/// where the reader's is (a size line alone, with a raised cell limit).
#[test]
fn a_puzzle_too_big_for_the_memory_is_an_error_after_the_answers_before_it() {
    let expected = include_str!("../samples/sample.out");
    let blank = format!("1500 1500\n{}", ". ".repeat(1500 * 1500));
    for (args, input, grid) in [
        (&[][..], sample_then(&blank), "1500×1500"),
        (
            &["--max-cells", "100000000"][..],
            sample_then("10000 10000\n. . ."),
            "10000×10000",
        ),
    ] {
        let out = slink_in_little_memory(100_000, args, &input);
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("slink: puzzle 5: not enough memory for a {grid} grid\n")
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
        assert_eq!(out.status.code(), Some(2));
    }
}
