//! The `akari` binary: everything happens in [`slink::akari::cli`].
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    slink::cli::akari::main()
}
