//! What stops a run of `slink` (or `slink generate`) early, and how it is
//! said: the one error type of the command line.

use std::fmt;
use std::io;

use crate::slink::parse::ParseError;

/// Everything that stops a run early.
#[derive(Debug)]
pub(crate) enum CliError {
    /// Bad options: the message, and the usage line of the program or
    /// subcommand.
    Usage(String, &'static str),
    /// The input cannot be opened (the message says which).
    Input(String),
    /// Malformed input.
    Parse(ParseError),
    /// Standard output failed (other than a closed pipe, which ends output
    /// quietly: see [`crate::cli::output`]).
    Write(io::Error),
    /// Puzzle K, of R×C cells, needs more memory than can be had.
    Memory(usize, u32, u32),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(message, usage) => write!(f, "{message}\n{usage}"),
            CliError::Input(message) => write!(f, "{message}"),
            CliError::Parse(e) => write!(f, "{e}"),
            CliError::Write(e) => write!(f, "cannot write output: {e}"),
            CliError::Memory(number, rows, cols) => {
                write!(
                    f,
                    "puzzle {number}: not enough memory for a {rows}×{cols} grid"
                )
            }
        }
    }
}
