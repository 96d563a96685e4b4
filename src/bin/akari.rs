//! The `akari` binary: everything happens in [`slink::cli::akari`].
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    slink::cli::akari::main()
}
