//! The picture of a setter's check through the real binary: `slink --check
//! --format svg` on the drafts of `samples/setter/` prints exactly
//! `NAME.svg`, byte for byte, with `--check`'s lines on standard error and
//! exit status 1; with `--out DIR` it writes the same picture to `DIR/1.svg`
//! and the lines to standard output.
//!
//! - `none.in`: a draft with no answer (four clues that cannot all hold,
//!   and a clue to change).
//! - `multiple.in`: a draft with several answers (two regions, and a clue
//!   that leaves one).

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

fn slink(args: &[&str]) -> Output {
    common::run_binary(env!("CARGO_BIN_EXE_slink"), args, b"")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/setter")
}

/// `--check`'s lines for `input`, without the picture.
fn check_lines(input: &str) -> String {
    let out = slink(&["--check", input]);
    assert_eq!(out.status.code(), Some(1), "{input}: --check alone");
    text(&out.stdout)
}

fn assert_same(name: &str, want: &[u8], got: &[u8]) {
    if want != got {
        panic!(
            "{name} differs\n--- expected\n{}\n--- got\n{}",
            text(want),
            text(got)
        );
    }
}

fn golden(name: &str) {
    let input = samples().join(format!("{name}.in"));
    let input = input.to_str().expect("a UTF-8 path");
    let want = std::fs::read(samples().join(format!("{name}.svg"))).expect("golden file exists");
    let out = slink(&["--check", "--format", "svg", input]);
    assert_same(&format!("{name}.svg"), &want, &out.stdout);
    let lines = check_lines(input);
    assert_eq!(text(&out.stderr), lines, "{name}: stderr");
    assert_eq!(out.status.code(), Some(1), "{name}: exit status");
    // The draft is what its name says.
    let verdict = lines.split(':').next().unwrap_or_default();
    assert_eq!(verdict, format!("1 {name}"));
}

#[test]
fn a_draft_with_no_answer_is_drawn_with_its_conflict() {
    golden("none");
}

#[test]
fn a_draft_with_several_answers_is_drawn_with_two() {
    golden("multiple");
}

#[test]
fn out_writes_the_same_picture_and_the_lines_to_stdout() {
    let dir = std::env::temp_dir().join(format!("slink-check-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for name in ["none", "multiple"] {
        let input = samples().join(format!("{name}.in"));
        let input = input.to_str().expect("a UTF-8 path");
        let folder = dir.join(name);
        let folder = folder.to_str().expect("a UTF-8 path");
        let out = slink(&["--check", "--format", "svg", "--out", folder, input]);
        assert_eq!(text(&out.stdout), check_lines(input), "{name}: stdout");
        assert_eq!(text(&out.stderr), "", "{name}: stderr");
        assert_eq!(out.status.code(), Some(1), "{name}: exit status");
        let want = std::fs::read(samples().join(format!("{name}.svg"))).expect("golden");
        let got = std::fs::read(dir.join(name).join("1.svg")).expect("1.svg written");
        assert_same(&format!("{name}/1.svg"), &want, &got);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
