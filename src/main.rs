//! The `slink` binary: everything happens in [`slink::cli`].
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    slink::cli::main()
}
