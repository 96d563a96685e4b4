//! The setter's check through the real binary, on `samples/setter/drafts.in`
//! (drafts with no answer and with several, in the contest format, a
//! puzz.link URL, a Loopy game ID and a janko.at block, and one unique):
//!
//! - `drafts.check`: what `slink --check` prints, byte for byte;
//! - `drafts.fix.FORMAT`: what `slink --fix --format FORMAT` writes, for
//!   every puzzle format, and `drafts.fix.err`, what it says on stderr;
//! - each fixed draft has exactly one answer (checked by `--check` on the
//!   fixed file), and the refusals of `--fix` with other output;
//! - `--brief`, the verdicts alone; `--hint`, the same clues and region.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

fn slink(args: &[&str], stdin: &[u8]) -> Output {
    common::run_binary(env!("CARGO_BIN_EXE_slink"), args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples/setter")
        .join(name)
}

fn golden(name: &str) -> String {
    std::fs::read_to_string(sample(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn check_names_what_is_wrong_with_each_draft() {
    let drafts = sample("drafts.in");
    let out = slink(&["--check", drafts.to_str().unwrap()], b"");
    assert_eq!(text(&out.stdout), golden("drafts.check"));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn fix_writes_each_draft_back_in_every_puzzle_format() {
    let drafts = sample("drafts.in");
    for format in ["contest", "url", "loopy", "pzprv3", "janko"] {
        let args = ["--fix", "--format", format, drafts.to_str().unwrap()];
        let out = slink(&args, b"");
        let fixed = text(&out.stdout);
        assert_eq!(fixed, golden(&format!("drafts.fix.{format}")), "{format}");
        assert_eq!(text(&out.stderr), golden("drafts.fix.err"), "{format}");
        assert_eq!(out.status.code(), Some(1), "{format}");
        // Every draft the check could fix has exactly one answer now.
        let again = slink(&["--check", "-"], fixed.as_bytes());
        let verdicts = text(&again.stdout);
        let lines: Vec<&str> = verdicts.lines().collect();
        assert_eq!(lines.len(), 6, "{format}: {verdicts}");
        for line in lines {
            assert!(line.ends_with(" unique"), "{format}: {line}");
        }
        assert_eq!(again.status.code(), Some(0), "{format}");
    }
}

#[test]
fn fix_goes_with_no_other_output() {
    let usage = "usage: slink [OPTIONS] [FILE | URL | ID]...\n";
    for (args, message) in [
        (
            &["--fix", "--format", "svg"][..],
            "--fix writes drafts: give --format contest, url, loopy, pzprv3, janko or picture",
        ),
        (
            &["--fix", "--count"][..],
            "--fix cannot be combined with --count",
        ),
        (
            &["--fix", "--hint"][..],
            "--fix cannot be combined with --hint",
        ),
        (
            &["--fix", "--explain"][..],
            "--fix cannot be combined with --explain",
        ),
        (
            &["--check", "--format", "url"][..],
            "--format url cannot be combined with --check (--fix writes the drafts back)",
        ),
    ] {
        let out = slink(args, b"1 1 .\n");
        assert_eq!(
            text(&out.stderr),
            format!("slink: {message}\n{usage}"),
            "{args:?}"
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
    }
}

/// `--brief` keeps the verdicts alone: `drafts.check`'s lines that do not
/// start with a space, up to the colon.
#[test]
fn brief_checks_give_the_verdicts_alone() {
    let drafts = sample("drafts.in");
    let out = slink(&["--check", "--brief", drafts.to_str().unwrap()], b"");
    let full = golden("drafts.check");
    let verdicts: Vec<&str> = full
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| l.split(':').next().unwrap_or(""))
        .collect();
    assert_eq!(text(&out.stdout), format!("{}\n", verdicts.join("\n")));
    assert_eq!(out.status.code(), Some(1));
}

/// A unique draft is written back as it was read.
#[test]
fn fix_leaves_a_unique_draft_as_it_is() {
    let url = "https://puzz.link/p?slither/5/5/cbcbcddad";
    let written = text(&slink(&["--format", "url", url], b"").stdout);
    let out = slink(&["--fix", "--format", "url", url], b"");
    assert_eq!(text(&out.stdout), written);
    assert_eq!(text(&out.stderr), "1 unique\n");
    assert_eq!(out.status.code(), Some(0));
}

/// `--hint` names the clues `--check` names, on every draft with no
/// answer; and on a draft with several answers where the hint solves (a
/// blank board: only search gives a step), the region `--check` names
/// first.
#[test]
fn the_hint_names_what_the_check_names() {
    let drafts = sample("drafts.in");
    let check = text(&slink(&["--check", drafts.to_str().unwrap()], b"").stdout);
    let hint = text(&slink(&["--hint", drafts.to_str().unwrap()], b"").stdout);
    let sets_in = |text: &str, lead: &str| -> Vec<String> {
        let lines = text.lines().filter_map(|l| l.split_once(lead));
        lines
            .map(|(_, set)| set.split(" cannot").next().unwrap_or("").to_string())
            .collect()
    };
    let checked = sets_in(&check, " none: clues ");
    assert_eq!(checked.len(), 3, "{check}");
    assert_eq!(sets_in(&hint, "the clues "), checked);
    let blank = b"3 3\n. . .\n. . .\n. . .\n";
    let check = text(&slink(&["--check"], blank).stdout);
    let hint = text(&slink(&["--hint"], blank).stdout);
    let region = check
        .lines()
        .find_map(|l| l.strip_prefix("  region 1, "))
        .expect("a region");
    assert!(
        hint.contains(&format!("two differ first at {region})")),
        "{check}\n{hint}"
    );
}
