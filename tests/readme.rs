//! The README's examples, run. In a fenced block tagged `sh`, each line that
//! starts with `$ ` is a command, and the lines after it, up to the next
//! command or the end of the block, are what it prints (standard output and
//! standard error together). Every such command runs through `sh`, with the
//! crate's binaries first on the PATH, in a scratch folder holding a link to
//! `samples/`, and must print exactly what the README shows. As the README
//! says, `cargo run --release --bin NAME --` stands for NAME and `cargo run
//! --release --` for `slink`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One command of the README and what it must print.
#[derive(Debug, PartialEq)]
struct Example {
    /// The line it is on, from 1.
    line: usize,
    command: String,
    output: String,
}

/// Every command of the `sh` blocks of `text`, or the line of a block that
/// holds text before its first command (a command the test would not run).
fn examples(text: &str) -> Result<Vec<Example>, usize> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_sh = false;
    let mut in_other = false;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if line.starts_with("```") {
            match (in_sh, in_other) {
                (false, false) if line.trim_end() == "```sh" => in_sh = true,
                (false, false) => in_other = true,
                _ => (in_sh, in_other) = (false, false),
            }
            continue;
        }
        if !in_sh {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(command) => examples.push(Example {
                line: number,
                command: command.to_string(),
                output: String::new(),
            }),
            None => match examples.last_mut() {
                // Output belongs to the command above it in the same block.
                Some(last)
                    if last.line < number && !block_starts_between(text, last.line, number) =>
                {
                    last.output.push_str(line);
                    last.output.push('\n');
                }
                _ => return Err(number),
            },
        }
    }
    Ok(examples)
}

/// Whether a fence lies between lines `from` and `to` (numbered from 1).
fn block_starts_between(text: &str, from: usize, to: usize) -> bool {
    text.lines()
        .skip(from)
        .take(to - from - 1)
        .any(|l| l.starts_with("```"))
}

/// `command` as the test runs it: the cargo forms replaced by the names of
/// the binaries they run.
fn as_installed(command: &str) -> String {
    let mut command = command.to_string();
    for name in ["akari", "sudominoku", "slink"] {
        command = command.replace(&format!("cargo run --release --bin {name} --"), name);
    }
    command.replace("cargo run --release --", "slink")
}

/// A fresh scratch folder holding a link to the crate's `samples/`.
fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    std::os::unix::fs::symlink(samples, dir.join("samples")).expect("a link to samples/");
    dir
}

#[test]
fn the_readmes_examples_print_what_they_show() {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let text = std::fs::read_to_string(&readme).expect("README.md");
    let examples = match examples(&text) {
        Ok(examples) => examples,
        Err(line) => {
            panic!("README.md line {line}: an sh block holds text before its first command")
        }
    };
    assert!(examples.len() >= 10, "{} examples", examples.len());
    // A user reads it in five minutes: reference material goes to docs/.
    let lines = text.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines");
    let binaries = Path::new(env!("CARGO_BIN_EXE_slink"))
        .parent()
        .expect("the binaries' folder");
    let path = format!(
        "{}:{}",
        binaries.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = scratch();
    let mut failures = Vec::new();
    for example in &examples {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("{{ {}\n}} 2>&1", as_installed(&example.command)))
            .env("PATH", &path)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        let printed = String::from_utf8_lossy(&out.stdout);
        if printed != example.output {
            failures.push(format!(
                "README.md line {}: $ {}\nshows:\n{}printed:\n{printed}",
                example.line, example.command, example.output
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every relative link of the README and of `docs/` names a file of the
/// repository, so that a reader following one lands somewhere.
#[test]
fn every_link_leads_to_a_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    let mut folders = vec![root.join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("docs/").flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    let mut broken = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).expect("a page");
        for target in text.split("](").skip(1).filter_map(|t| t.split(')').next()) {
            let file = target.split('#').next().unwrap_or("");
            if file.is_empty() || file.contains("://") {
                continue;
            }
            let folder = page.parent().expect("a page's folder");
            if !folder.join(file).exists() {
                broken.push(format!("{}: {target}", page.display()));
            }
        }
    }
    assert!(pages.len() > 10, "{pages:?}");
    assert!(broken.is_empty(), "{broken:#?}");
}

#[test]
fn commands_and_their_output_are_read_from_sh_blocks_only() {
    let text = "intro\n```sh\n$ echo a\na\n$ true\n```\n```text\n$ not run\n```\n```sh\n$ echo b\nb\nc\n```\n";
    assert_eq!(
        examples(text),
        Ok(vec![
            Example {
                line: 3,
                command: "echo a".into(),
                output: "a\n".into()
            },
            Example {
                line: 5,
                command: "true".into(),
                output: String::new()
            },
            Example {
                line: 11,
                command: "echo b".into(),
                output: "b\nc\n".into()
            },
        ])
    );
    // A block whose first line is not a command would show a command that
    // never runs.
    assert_eq!(examples("```sh\ncargo test\n```\n"), Err(2));
    assert_eq!(examples("```sh\n$ a\n```\n```sh\nb\n```\n"), Err(5));
    assert_eq!(
        as_installed("cargo run --release --bin akari -- solve x | cargo run --release -- -"),
        "akari solve x | slink -"
    );
}
