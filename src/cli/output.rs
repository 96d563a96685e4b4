//! The one output path of the three command lines: answers to standard output
//! through one buffer, notes and errors to standard error, and what a failed
//! write means.
//!
//! - A closed pipe on standard output (`slink … | head -1`) means the reader has
//!   gone: answers stop, quietly, but the run goes on, so its notes and a bad
//!   puzzle later in the input still reach standard error, and the exit status is
//!   the one the run earned.
//! - Any other failure of standard output (`slink > /dev/full`) ends the run:
//!   `PROGRAM: cannot write output: …` on standard error, exit 2.
//! - Answers are written through a copy of the standard output descriptor,
//!   not through `std::io::Stdout`, which takes a write that fails as a bad
//!   descriptor (`slink … 1<file`: open, but not for writing) as done: here
//!   it is a failure like any other. (A descriptor closed outright, `>&-`,
//!   is not seen: Rust's runtime opens `/dev/null` in its place before
//!   `main`, exactly as a caller's deliberate `/dev/null` looks.)
//! - When standard error fails too, nothing more can be said: the failure is
//!   ignored. Nothing here panics, unlike `print!` and `eprint!`.
//!
//! [`main`] is the three programs' one `main → run → exit code`.

use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// Runs `program`'s command line: `run` gets the arguments (without the
/// program's name) and standard output, and gives the exit status; an error it
/// returns is printed as `PROGRAM: message` after everything already written,
/// exit 2.
pub(crate) fn main<E: Display>(
    program: &str,
    run: impl FnOnce(&[OsString], &mut Output) -> Result<ExitCode, E>,
) -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let mut out = match Output::stdout() {
        Ok(out) => out,
        Err(e) => {
            error(program, &format!("cannot write output: {e}"));
            return ExitCode::from(2);
        }
    };
    match run(&args, &mut out) {
        Ok(code) => code,
        Err(e) => {
            // What is already written goes first; a failing stdout says no more.
            let _ = out.flush();
            error(program, &e);
            ExitCode::from(2)
        }
    }
}

/// Standard output as a file of its own.
mod raw {
    use std::io::{self, Write};

    /// Standard output as a file of its own (a copy of its descriptor),
    /// whose writes report every error.
    #[cfg(unix)]
    pub(super) fn stdout() -> io::Result<Box<dyn Write>> {
        use std::os::fd::AsFd;
        let fd = io::stdout().as_fd().try_clone_to_owned()?;
        Ok(Box::new(std::fs::File::from(fd)))
    }

    /// Elsewhere, standard output itself.
    #[cfg(not(unix))]
    pub(super) fn stdout() -> io::Result<Box<dyn Write>> {
        Ok(Box::new(io::stdout()))
    }
}

/// Standard output for answers, and standard error for notes.
pub(crate) struct Output {
    out: BufWriter<Box<dyn Write>>,
    /// The reader of standard output has gone; answers are dropped.
    closed: bool,
}

impl Output {
    /// Standard output, buffered; an error when it cannot be had.
    pub(crate) fn stdout() -> io::Result<Output> {
        Ok(Output {
            out: BufWriter::with_capacity(1 << 16, raw::stdout()?),
            closed: false,
        })
    }

    /// Writes answer text. Fails only on a write error other than a closed pipe.
    pub(crate) fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let result = self.out.write_all(bytes);
        self.absorb_closed_pipe(result)
    }

    /// Sends everything written so far on its way (at the end, and before a
    /// note, so that a terminal shows each note after its answer).
    pub(crate) fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let result = self.out.flush();
        self.absorb_closed_pipe(result)
    }

    /// Writes `text` to standard error after flushing the answers before it.
    pub(crate) fn note(&mut self, text: &str) -> io::Result<()> {
        self.flush()?;
        note(text);
        Ok(())
    }

    fn absorb_closed_pipe(&mut self, result: io::Result<()>) -> io::Result<()> {
        match result {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

/// Answers can be written with `write!` and the drawing functions too; the
/// same rules hold.
impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        Output::write(self, bytes)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Output::flush(self)
    }
}

/// Writes `text` to standard error, as it is; a failure is ignored.
pub(crate) fn note(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Writes `PROGRAM: message` and a line end to standard error.
pub(crate) fn error(program: &str, message: &dyn std::fmt::Display) {
    note(&format!("{program}: {message}\n"));
}
