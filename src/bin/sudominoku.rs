//! The `sudominoku` binary: everything happens in [`slink::sudominoku::cli`].
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    slink::cli::sudominoku::main()
}
