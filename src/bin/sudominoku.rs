//! The `sudominoku` binary: everything happens in [`slink::cli::sudominoku`].
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    slink::cli::sudominoku::main()
}
