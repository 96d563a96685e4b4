//! The real binary (`CARGO_BIN_EXE_slink`): stdout, stderr and exit status for
//! every outcome, option and kind of bad input.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn slink(args: &[&str], stdin: &[u8]) -> Output {
    common::run_binary(env!("CARGO_BIN_EXE_slink"), args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The picture of a 2×2 grid of 2s (the statement's third sample).
const SQUARE: &str = "#############
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
fn unique_answer_prints_the_picture_and_exits_0() {
    let out = slink(&[], b"2 2\n2 2\n2 2\n0 0\n");
    assert_eq!(text(&out.stdout), format!("1\n{SQUARE}"));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn no_solution_is_reported_and_the_next_puzzle_still_solved() {
    let out = slink(&[], b"1 1\n0\n2 2 2 2 2 2\n0 0\n");
    assert_eq!(text(&out.stdout), format!("1\nno solution\n2\n{SQUARE}"));
    assert_eq!(text(&out.stderr), "slink: puzzle 1 has no solution\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn several_answers_print_one_and_warn() {
    // A blank 1×2 grid: the loop round either cell, or round both.
    let out = slink(&[], b"1 2\n. .\n0 0\n");
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("1\n#############\n"), "{stdout}");
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 1 has more than one solution; printed one\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// `--check`'s verdicts, `K word`, without what the setter's check says
/// after them (its own tests are in `setter.rs`).
fn verdicts(stdout: &[u8]) -> Vec<String> {
    let lines = text(stdout);
    let verdicts = lines.lines().filter(|l| !l.starts_with(' '));
    verdicts
        .map(|l| l.split(':').next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn check_prints_one_line_per_puzzle() {
    let out = slink(&["--check"], b"2 2 2 2 2 2\n1 2 . .\n1 1 0\n0 0");
    assert_eq!(
        text(&out.stdout),
        "1 unique\n\
         2 multiple: the answers differ in 1 region; adding (0,1)=1 leaves exactly one answer\n  \
         region 1, cells (0,0) to (0,1): 4 edges differ; (0,1)=1 holds in the first answer, not in the second\n\
         3 none: clue (0,0)=0 cannot hold\n  \
         alone, the statement's cases decide every edge and the lines make no single loop round every clue\n  \
         blanking (0,0) leaves exactly one answer\n"
    );
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn blank_cells_in_all_three_spellings_are_drawn_as_spaces() {
    let out = slink(&[], b"1 5\n3 . - ? 3\n");
    assert_eq!(
        text(&out.stdout),
        "1\n#########################\n#                       #\n# +-------------------+ #\n\
         # | 3               3 | #\n# +-------------------+ #\n#                       #\n\
         #########################\n"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn reads_a_file_argument_and_dash_for_stdin() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sample.in");
    let expected = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/sample.out"))
        .expect("golden file");
    assert_eq!(slink(&[path], b"").stdout, expected);
    let input = std::fs::read(path).expect("sample input");
    assert_eq!(slink(&["-"], &input).stdout, expected);
}

#[test]
fn missing_file_is_a_usage_error() {
    let out = slink(&["/nonexistent/slink.in"], b"");
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).starts_with("slink: cannot open '/nonexistent/slink.in': "),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn unknown_option_prints_usage_and_exits_2() {
    let out = slink(&["--frobnicate"], b"");
    assert_eq!(
        text(&out.stderr),
        "slink: unknown option '--frobnicate' (see 'slink --help')\nusage: slink [OPTIONS] [FILE | URL | ID]...\n"
    );
    assert_eq!(out.status.code(), Some(2));
    let out = slink(&["--chekc"], b"");
    assert_eq!(
        text(&out.stderr),
        "slink: unknown option '--chekc'; did you mean '--check'? (see 'slink --help')\nusage: slink [OPTIONS] [FILE | URL | ID]...\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn help_and_version() {
    let out = slink(&["--help"], b"");
    let help = text(&out.stdout);
    assert!(help.starts_with("usage: slink [OPTIONS] [FILE | URL | ID]...\n"));
    for option in [
        "--check",
        "--max-cells",
        "-h, --help",
        "-V, --version",
        "Exit status",
    ] {
        assert!(help.contains(option), "help lacks {option}");
    }
    assert_eq!(out.status.code(), Some(0));
    let out = slink(&["-V"], b"");
    assert_eq!(
        text(&out.stdout),
        format!("slink {}\n", env!("CARGO_PKG_VERSION"))
    );
}

/// Bad input: everything before the bad puzzle is printed, then one line on
/// stderr, exit 2.
fn bad(input: &[u8], printed: &str, message: &str) {
    let out = slink(&[], input);
    assert_eq!(text(&out.stdout), printed, "stdout for {:?}", text(input));
    assert_eq!(
        text(&out.stderr),
        format!("slink: {message}\n"),
        "stderr for {:?}",
        text(input)
    );
    assert_eq!(out.status.code(), Some(2), "status for {:?}", text(input));
}

const FIRST: &str = "2 2\n2 2\n2 2\n";

#[test]
fn non_numeric_token() {
    bad(
        format!("{FIRST}2 two\n").as_bytes(),
        &format!("1\n{SQUARE}"),
        "line 4, column 3: expected the number of columns (a whole number of at least 0), found 'two'",
    );
    bad(
        b"2 2\n2 2\n2 x\n",
        "",
        "line 3, column 3: expected a clue 0-4 or a blank ('.', '-' or '?'), found 'x'",
    );
}

#[test]
fn clue_out_of_range() {
    for clue in ["5", "12", "-1"] {
        bad(
            format!("{FIRST}1 2\n3 {clue}\n").as_bytes(),
            &format!("1\n{SQUARE}"),
            &format!("line 5, column 3: expected a clue 0-4 or a blank ('.', '-' or '?'), found '{clue}'"),
        );
    }
}

#[test]
fn bad_dimensions() {
    bad(
        b"-2 3\n",
        "",
        "line 1, column 1: expected the number of rows (a whole number of at least 0), found '-2'",
    );
    bad(
        b"3 0\n",
        "",
        "line 1, column 3: expected at least 1 column beside a non-zero number of rows, found '0'",
    );
    bad(
        b"0 3\n",
        "",
        "line 1, column 1: expected at least 1 row beside a non-zero number of columns, found '0'",
    );
    bad(
        b"2.5 3\n",
        "",
        "line 1, column 1: expected the number of rows (a whole number of at least 0), found '2.5'",
    );
}

#[test]
fn input_ending_inside_a_puzzle() {
    bad(
        format!("{FIRST}3 3\n1 2 3\n0 1\n").as_bytes(),
        &format!("1\n{SQUARE}"),
        "line 6, column 4: expected 4 more clues for puzzle 2 (5 of 9 read), found end of input",
    );
    bad(
        b"4",
        "",
        "line 1, column 2: expected the number of columns, found end of input",
    );
}

#[test]
fn puzzle_too_large_for_the_limit() {
    let out = slink(&["--max-cells", "8"], b"2 2 2 2 2 2\n3 3\n");
    assert_eq!(text(&out.stdout), format!("1\n{SQUARE}"));
    assert_eq!(
        text(&out.stderr),
        "slink: line 2, column 3: expected a puzzle of at most 8 cells (3 × 3 is 9), found '3'\n"
    );
    assert_eq!(out.status.code(), Some(2));
    bad(
        b"3000 3000\n",
        "",
        "line 1, column 6: expected a puzzle of at most 4000000 cells (3000 × 3000 is 9000000), found '3000'",
    );
}

#[test]
fn huge_dimensions_fail_at_once() {
    let out = slink(&["--max-cells", "1000000000"], b"30000 30000\n1 2 3\n");
    assert_eq!(
        text(&out.stderr),
        "slink: line 2, column 6: expected 899999997 more clues for puzzle 1 (3 of 900000000 read), found end of input\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bytes_that_are_not_utf8() {
    bad(
        b"2 2\n2 2\n2 2\n1 1\n\xff\n",
        &format!("1\n{SQUARE}"),
        "line 5, column 1: expected UTF-8 text, found byte 0xFF",
    );
}

#[test]
fn empty_input_says_so() {
    for input in [&b""[..], b"0 0\n", b"  \n\n"] {
        let out = slink(&[], input);
        assert_eq!(
            (text(&out.stdout), text(&out.stderr), out.status.code()),
            (
                String::new(),
                "slink: no puzzles read\n".to_string(),
                Some(0)
            )
        );
    }
}

#[test]
fn data_after_the_end_marker_is_ignored() {
    let out = slink(&[], b"2 2 2 2 2 2\n0 0\nthis is not a puzzle \xff\n");
    assert_eq!(text(&out.stdout), format!("1\n{SQUARE}"));
    assert_eq!(out.status.code(), Some(0));
}

/// Puzzles whose answers fill far more than a pipe and a buffer hold.
fn many_squares(count: usize) -> Vec<u8> {
    FIRST.repeat(count).into_bytes()
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let out = common::run_until_stdout_closes(env!("CARGO_BIN_EXE_slink"), &[], many_squares(3000));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}

/// Regression: with stdout a pipe whose reader had gone, a puzzle with no
/// answer or a bad puzzle later in the input ended with exit 0 and nothing said.
#[test]
fn after_a_closed_pipe_notes_errors_and_the_exit_status_still_count() {
    let mut input = many_squares(3000);
    input.extend_from_slice(b"1 1\n0\n");
    let out = common::run_until_stdout_closes(env!("CARGO_BIN_EXE_slink"), &[], input.clone());
    assert_eq!(text(&out.stderr), "slink: puzzle 3001 has no solution\n");
    assert_eq!(out.status.code(), Some(1));
    input.extend_from_slice(b"2 2\n1 x\n");
    let out = common::run_until_stdout_closes(env!("CARGO_BIN_EXE_slink"), &[], input);
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 3001 has no solution\n\
         slink: line 9004, column 3: expected a clue 0-4 or a blank ('.', '-' or '?'), found 'x'\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// Regression: `slink --help > /dev/full` panicked (exit 101).
#[test]
fn a_full_stdout_is_an_error_not_a_panic() {
    let full_message = "slink: cannot write output: No space left on device (os error 28)\n";
    for (args, input) in [
        (&["--help"][..], &b""[..]),
        (&["-V"][..], &b""[..]),
        (&[][..], FIRST.as_bytes()),
        (&["--check"][..], FIRST.as_bytes()),
    ] {
        let Some(full) = common::dev_full() else {
            eprintln!("no /dev/full here: not checked");
            return;
        };
        let out = common::run_with(
            env!("CARGO_BIN_EXE_slink"),
            args,
            input,
            full,
            Stdio::piped(),
        );
        assert_eq!(text(&out.stderr), full_message, "{args:?}");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// Regression: a note or an error with standard error full panicked.
#[test]
fn a_full_stderr_loses_the_message_but_not_the_run() {
    for (input, status) in [(&b"1 1\n0\n"[..], 1), (&b"1 1\nx\n"[..], 2)] {
        let Some(full) = common::dev_full() else {
            eprintln!("no /dev/full here: not checked");
            return;
        };
        let out = common::run_with(
            env!("CARGO_BIN_EXE_slink"),
            &[],
            input,
            Stdio::piped(),
            full,
        );
        assert_eq!(out.status.code(), Some(status), "{}", text(input));
    }
    let out = common::run_with(
        env!("CARGO_BIN_EXE_slink"),
        &[],
        b"1 1\n0\n",
        Stdio::piped(),
        Stdio::null(),
    );
    assert_eq!(text(&out.stdout), "1\nno solution\n");
}

/// Regression: `slink /dev/zero` (or one endless token) grew without bound and
/// echoed the whole token.
/// Regression: a 20 MiB puzz.link URL was refused with its first 16 MiB in
/// the message and the short tokens' limit ("at most 32 bytes"). Now the
/// message shows its head and the limit of URLs.
#[test]
fn an_overlong_url_is_shown_by_its_head_with_the_limit_of_urls() {
    let mut url = b"https://puzz.link/p?slither/3/3/".to_vec();
    url.resize(20 << 20, b'g');
    let out = slink(&[], &url);
    assert_eq!(
        text(&out.stderr),
        "slink: line 1, column 1: expected a token of at most 16777216 bytes, found 'https://puzz.link/p?slither/3/3/…'\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_endless_token_is_an_error_at_once() {
    let zeros = vec![0u8; 10_000_000];
    let out = slink(&[], &zeros);
    assert_eq!(
        text(&out.stderr),
        format!(
            "slink: line 1, column 1: expected a token of at most 32 bytes, found '{}…'\n",
            "\\0".repeat(32)
        )
    );
    assert_eq!(out.status.code(), Some(2));
    bad(
        format!("2 2\n2 2\n2 {}\n", "2".repeat(40)).as_bytes(),
        "",
        &format!(
            "line 3, column 3: expected a token of at most 32 bytes, found '{}…'",
            "2".repeat(32)
        ),
    );
}

/// Regression: CR-only line ends counted as one line, and a byte-order mark
/// became part of the first token.
#[test]
fn cr_crlf_and_lf_all_end_lines_and_a_byte_order_mark_is_skipped() {
    for ends in ["\r", "\r\n", "\n"] {
        let input = format!("2 2{ends}2 2{ends}2 2{ends}2 2{ends}1 x{ends}").into_bytes();
        bad(
            &input,
            &format!("1\n{SQUARE}"),
            "line 5, column 3: expected a clue 0-4 or a blank ('.', '-' or '?'), found 'x'",
        );
    }
    let out = slink(&[], b"\xef\xbb\xbf2 2\n2 2\n2 2\n");
    assert_eq!(text(&out.stdout), format!("1\n{SQUARE}"));
    assert_eq!(out.status.code(), Some(0));
    // Anywhere else it is an invisible character, and shown as one.
    bad(
        b"2 2\n2 2\n2 \xef\xbb\xbf2\n",
        "",
        "line 3, column 3: expected a clue 0-4 or a blank ('.', '-' or '?'), found '\\u{feff}2'",
    );
}

/// Regression: NUL and escape sequences were copied raw into messages.
#[test]
fn control_characters_are_escaped_in_messages() {
    bad(
        b"1 1\n\x1b[31m\x00\n",
        "",
        "line 2, column 1: expected a clue 0-4 or a blank ('.', '-' or '?'), found '\\x1b[31m\\0'",
    );
}

/// Regression: `18446744073709551616 1` was reported as `18446744073709551615 × 1`.
#[test]
fn sizes_are_echoed_as_given() {
    bad(
        b"18446744073709551616 1\n",
        "",
        "line 1, column 22: expected a puzzle of at most 4000000 cells (18446744073709551616 × 1 is 18446744073709551616), found '1'",
    );
    bad(
        b"0000 3\n",
        "",
        "line 1, column 1: expected at least 1 row beside a non-zero number of columns, found '0000'",
    );
}

#[test]
fn max_cells_is_bounded() {
    let out = slink(&["--max-cells", "1000000001"], b"");
    assert_eq!(
        text(&out.stderr),
        "slink: --max-cells needs a whole number from 1 to 1000000000, found '1000000001'\nusage: slink [OPTIONS] [FILE | URL | ID]...\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// At a terminal with no FILE, `slink` reads `./slink.in`, as the contest did.
/// `script` (util-linux) gives the binary a terminal for standard input; where it
/// is missing the test says so and checks nothing else.
#[test]
fn reads_slink_in_when_standard_input_is_a_terminal() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("slink-tty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    std::fs::write(dir.join("slink.in"), "2 2\n2 2\n2 2\n").expect("slink.in written");
    let ran = common::at_a_terminal(env!("CARGO_BIN_EXE_slink"), &dir);
    let _ = std::fs::remove_dir_all(&dir);
    if let Some((printed, status)) = ran {
        assert_eq!(printed, format!("1\n{SQUARE}"));
        assert_eq!(status, Some(0));
    }
}

/// Runs `slink ARGS` in a fresh folder holding `slink.in` (with `in_file`), with
/// standard input from /dev/null or, when `stdin` is given, from a pipe.
fn slink_beside_slink_in(args: &[&str], in_file: &str, stdin: Option<&[u8]>) -> Output {
    // Tests run in parallel: each call gets a folder of its own.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("slink-contest-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    std::fs::write(dir.join("slink.in"), in_file).expect("slink.in written");
    let mut command = Command::new(env!("CARGO_BIN_EXE_slink"));
    command.args(args).current_dir(&dir);
    let out = match stdin {
        None => command.stdin(Stdio::null()).output().expect("slink runs"),
        Some(bytes) => {
            let mut child = command
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("slink starts");
            let _ = child.stdin.take().expect("stdin").write_all(bytes);
            child.wait_with_output().expect("slink ends")
        }
    };
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// Regression: run as the 2007 contest ran it, `slink < /dev/null` in a folder
/// holding `slink.in`, `slink` printed nothing and exited 0.
#[test]
fn contest_style_reads_slink_in_when_standard_input_is_empty() {
    let out = slink_beside_slink_in(&[], "2 2\n2 2\n2 2\n", None);
    assert_eq!(text(&out.stdout), format!("1\n{SQUARE}"));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    // An empty pipe is empty standard input too.
    let out = slink_beside_slink_in(&[], "2 2\n2 2\n2 2\n", Some(b""));
    assert_eq!(text(&out.stdout), format!("1\n{SQUARE}"));
}

#[test]
fn standard_input_with_data_wins_over_slink_in() {
    let out = slink_beside_slink_in(&[], "1 1\n0\n", Some(b"2 2\n2 2\n2 2\n"));
    assert_eq!(text(&out.stdout), format!("1\n{SQUARE}"));
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn dash_means_standard_input_even_when_it_is_empty() {
    let out = slink_beside_slink_in(&["-"], "2 2\n2 2\n2 2\n", None);
    assert_eq!(text(&out.stdout), "");
    assert_eq!(out.status.code(), Some(0));
}

/// Regression: a 20×20 puzzle with clues in one corner and 86% blank cells, which
/// has many answers. Branching by lookahead alone wandered for minutes through
/// subtrees with no answer; the portfolio with path-end branching answers it at
/// once.
#[test]
fn near_blank_puzzle_with_many_answers_is_answered_quickly() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/regression/near-blank-20x20.in"
    );
    let out = slink(&["--check", path], b"");
    assert_eq!(verdicts(&out.stdout), ["1 multiple"]);
    assert_eq!(out.status.code(), Some(1));
}

/// `--max-seconds`: a limit too short for any search makes a puzzle that needs
/// search undecided (no answer found: `undecided` is printed, exit 1), while a
/// puzzle that propagation finishes is never out of time, and the run goes on
/// to the next puzzle.
#[test]
fn a_puzzle_past_its_time_limit_is_undecided_and_the_next_goes_on() {
    let input = b"2 2 . . . .\n2 2 2 2 2 2\n0 0\n";
    let out = slink(&["--max-seconds", "0.000000001"], input);
    assert_eq!(
        text(&out.stdout),
        "1\nundecided\n2\n#############\n#           #\n# +-------+ #\n# | 2   2 | #\n# |       | #\n# | 2   2 | #\n# +-------+ #\n#           #\n#############\n"
    );
    assert_eq!(
        text(&out.stderr),
        "slink: puzzle 1 is undecided at the time limit, with no answer found\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = slink(&["--check", "--max-seconds", "1e-9"], input);
    assert_eq!(text(&out.stdout), "1 undecided\n2 unique\n");
    assert_eq!(out.status.code(), Some(1));
    // A generous limit changes nothing.
    let out = slink(&["--check", "--max-seconds", "100"], input);
    assert_eq!(
        text(&out.stdout),
        "1 multiple: the answers differ in 1 region; adding (0,0)=4 leaves exactly one answer\n  \
         region 1, cells (0,0) to (1,1): 4 edges differ; (0,0)=4 holds in the first answer, not in the second\n\
         2 unique\n"
    );
}

/// Under `--explain`, an undecided puzzle's trace ends with what was proved.
#[test]
fn explain_shows_what_was_proved_when_time_runs_out() {
    let out = slink(&["--explain", "--max-seconds", "1e-9"], b"1 3 . 3 .\n");
    let trace = text(&out.stderr);
    assert!(
        trace.contains(
            "out of time: proved so far, 8 edges undecided:\n#################\n#               #\n#     +---+     #\n#       3       #\n#     +---+     #\n#               #\n#################\n"
        ),
        "{trace}"
    );
    assert!(
        trace.ends_with(
            "; 0 guesses; undecided\nslink: puzzle 1 is undecided at the time limit, with no answer found\n"
        ),
        "{trace}"
    );
}

#[test]
fn max_seconds_is_a_positive_number() {
    for value in ["0", "-1", "x", "NaN", "inf", "1e99"] {
        let out = slink(&["--max-seconds", value], b"");
        assert_eq!(
            text(&out.stderr),
            format!("slink: --max-seconds needs a number of seconds above 0 and at most 31536000, found '{value}'\nusage: slink [OPTIONS] [FILE | URL | ID]...\n"),
            "{value}"
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

/// Regression: a 20×20 puzzle with 70% of its clues blank and many answers,
/// where the search wandered through a subtree with no loop for minutes; the
/// portfolio's later rounds, drawing first values at random, decide it at once.
#[test]
#[ignore = "long sweep: .ci/run runs it with --ignored"]
fn lightly_clued_puzzle_that_once_took_minutes_is_decided() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/regression/restart-20x20-70.in"
    );
    let out = slink(&["--check", path], b"");
    assert_eq!(verdicts(&out.stdout), ["1 multiple"]);
}

/// A blank grid has many loops: one found, a detour round a cell proves a
/// second (large blank grids once took minutes).
#[test]
fn a_large_blank_grid_is_multiple() {
    let mut input = b"200 200\n".to_vec();
    input.extend(b". ".repeat(200 * 200));
    let out = slink(&["--check"], &input);
    assert_eq!(verdicts(&out.stdout), ["1 multiple"]);
}

/// The typo class: a setter's unique 16×16 puzzle (clues removed while the
/// answer stayed unique) with one clue then changed, as a user's typo would;
/// it has several answers, found at once.
#[test]
#[ignore = "long sweep: .ci/run runs it with --ignored"]
fn a_puzzle_with_a_typo_is_decided() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/samples/regression/typo-16x16.in"
    );
    let out = slink(&["--check", path], b"");
    assert_eq!(verdicts(&out.stdout), ["1 multiple"]);
}
