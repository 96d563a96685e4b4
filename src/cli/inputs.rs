//! The inputs a command line names, read in order as one stream of puzzles:
//! files, puzzles given as arguments (a puzz.link URL or a game ID, as users
//! paste them), and standard input (`-`, or no input named at all).
//!
//! An argument that is not an option names a file when a file of that exact
//! name exists; otherwise, when it looks like a puzzle, it is that puzzle;
//! otherwise it is a file again, whose opening then fails with the reason.
//! Each input is opened only when its turn comes, so the answers of the
//! inputs before a missing file are written first.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::Path;

use crate::formats::shown;
use crate::shared::tokens::stdin_or_file;

/// One input of a run.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Input {
    /// Standard input (`-`, or no input named).
    Standard,
    /// A file.
    File(OsString),
    /// A puzzle given as an argument, when no file has its name.
    Argument(String),
}

impl Input {
    /// What the argument `arg` names: see the module's doc. `is_puzzle`
    /// tells, by its first bytes, a puzzle written as one token.
    pub(crate) fn named(arg: &OsStr, is_puzzle: fn(&[u8]) -> bool) -> Input {
        if arg == "-" {
            return Input::Standard;
        }
        match arg.to_str() {
            Some(text) if is_puzzle(text.as_bytes()) && !Path::new(arg).exists() => {
                Input::Argument(text.to_string())
            }
            _ => Input::File(arg.to_os_string()),
        }
    }

    /// How an error inside this input names it, when there is more than one
    /// input or it is an argument (a file alone is not named, as before).
    pub(crate) fn label(&self, several: bool) -> Option<String> {
        match self {
            Input::Argument(text) => Some(format!(
                "the argument '{}' (read as a puzzle: no file has that name)",
                shown(text)
            )),
            Input::File(name) if several => Some(format!("'{}'", name.to_string_lossy())),
            Input::Standard if several => Some("standard input".to_string()),
            _ => None,
        }
    }

    /// Opens this input. Standard input, when no input was named at all
    /// (`named: false`) and it is a terminal or empty, gives way to the file
    /// `fallback` (the contest's `slink.in`) when that exists; at a terminal
    /// with no such file there is nothing to read, and the error says so
    /// with `usage`, the program's usage line.
    pub(crate) fn open(
        &self,
        named: bool,
        fallback: Option<&str>,
        usage: &str,
    ) -> Result<Box<dyn Read>, String> {
        let open = |f: &OsStr| {
            File::open(f)
                .map(|f| Box::new(f) as Box<dyn Read>)
                .map_err(|e| format!("cannot open '{}': {e}", f.to_string_lossy()))
        };
        match self {
            Input::File(name) => open(name),
            Input::Argument(text) => Ok(Box::new(io::Cursor::new(text.clone().into_bytes()))),
            Input::Standard if named => Ok(Box::new(io::stdin().lock())),
            Input::Standard => {
                let fallback = fallback.filter(|name| Path::new(name).is_file());
                match (io::stdin().is_terminal(), fallback) {
                    // At a terminal, nobody is about to type a puzzle in when
                    // the contest's file is here.
                    (true, Some(name)) => open(OsStr::new(name)),
                    (true, None) => Err(format!(
                        "no input: name a FILE, or send puzzles to standard input\n{usage}"
                    )),
                    (false, Some(name)) => stdin_or_file(name),
                    (false, None) => Ok(Box::new(io::stdin().lock())),
                }
            }
        }
    }
}

/// The inputs `args` (the arguments that are not options) name, in order;
/// standard input when there are none.
pub(crate) fn inputs(args: &[OsString], is_puzzle: fn(&[u8]) -> bool) -> Vec<Input> {
    match args {
        [] => vec![Input::Standard],
        _ => args.iter().map(|a| Input::named(a, is_puzzle)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &[u8]) -> bool {
        text.starts_with(b"https://")
    }

    #[test]
    fn an_argument_is_a_file_when_one_has_its_name() {
        assert_eq!(Input::named(OsStr::new("-"), url), Input::Standard);
        assert_eq!(
            Input::named(OsStr::new("https://puzz.link/p?slither/1/1/g"), url),
            Input::Argument("https://puzz.link/p?slither/1/1/g".to_string())
        );
        assert_eq!(
            Input::named(OsStr::new("no-such.in"), url),
            Input::File("no-such.in".into())
        );
        // Cargo.toml exists beside the tests' working folder.
        assert_eq!(
            Input::named(OsStr::new("Cargo.toml"), |_| true),
            Input::File("Cargo.toml".into())
        );
        assert_eq!(inputs(&[], url), vec![Input::Standard]);
    }

    #[test]
    fn labels_name_arguments_always_and_files_among_several() {
        let file = Input::File("a.in".into());
        assert_eq!(file.label(false), None);
        assert_eq!(file.label(true).as_deref(), Some("'a.in'"));
        assert_eq!(Input::Standard.label(false), None);
        assert_eq!(
            Input::Standard.label(true).as_deref(),
            Some("standard input")
        );
        assert_eq!(
            Input::Argument("2x1t0:33".into()).label(false).as_deref(),
            Some("the argument '2x1t0:33' (read as a puzzle: no file has that name)")
        );
    }
}
