//! Golden files: `samples/NAME.in` solved by the real binary must print exactly
//! `samples/NAME.out`, byte for byte.
//!
//! - `sample`: the statement's sample (the first four data sets of the judge data).
//! - `judge`: the official judge input and output of MCPC 2007 Problem C, from
//!   `shared/mcpc2007-slink/unix/` (see `samples/SOURCE.md`).
//! - `judge-crlf`: the judges' CRLF input, which must give the same LF output.
//! - `small-loops`: hand-made edge cases (1×1, thin grids, the loop around two 3s).

use std::process::Command;

fn run_golden(input: &str, expected: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/");
    let output = Command::new(env!("CARGO_BIN_EXE_slink"))
        .arg(format!("{dir}{input}"))
        .output()
        .expect("the binary runs");
    let want = std::fs::read(format!("{dir}{expected}")).expect("golden file exists");
    if output.stdout != want {
        panic!(
            "{input}: output differs from {expected}\n--- expected\n{}\n--- got\n{}\n--- stderr\n{}",
            String::from_utf8_lossy(&want),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
        );
    }
    assert!(
        output.status.success(),
        "{input}: exit status {:?}",
        output.status
    );
    assert!(
        output.stderr.is_empty(),
        "{input}: stderr {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn statement_sample() {
    run_golden("sample.in", "sample.out");
}

#[test]
fn official_judge_data() {
    run_golden("judge.in", "judge.out");
}

#[test]
fn official_judge_data_with_crlf_line_ends() {
    run_golden("judge-crlf.in", "judge.out");
}

#[test]
fn small_and_thin_grids() {
    run_golden("small-loops.in", "small-loops.out");
}
