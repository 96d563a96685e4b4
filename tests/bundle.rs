//! The single-file bundle for online judges (`examples/bundle.rs`): built from the
//! crate's sources, compiled with plain `rustc -O --edition 2021`, and run on the
//! statement's sample, the judge data (CRLF input) and hand-made grids, where it
//! must print exactly what the crate's own binary prints. A module left out fails
//! the compile or the module check; any drift fails the comparison.

#[path = "../examples/bundle.rs"]
mod bundler;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every module file of the `slink` library (test-only `picture.rs` and the
/// sibling programs' trees aside).
fn module_names(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("src is readable").flatten() {
        let path = entry.path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if ["akari", "sudominoku", "bin"].contains(&name.as_str()) {
            continue;
        }
        if path.is_dir() {
            out.push(
                path.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
            );
            module_names(&path, out);
        } else {
            let stem = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if !["lib", "main", "mod", "picture"].contains(&stem.as_str()) {
                out.push(stem);
            }
        }
    }
}

fn run_with_stdin(binary: &Path, input: &Path) -> Vec<u8> {
    let output = Command::new(binary)
        .stdin(Stdio::from(
            std::fs::File::open(input).expect("input exists"),
        ))
        .output()
        .expect("the bundle runs");
    output.stdout
}

#[test]
fn bundle_compiles_alone_and_prints_what_the_crate_prints() {
    let text = bundler::bundle(root()).expect("the bundle builds");
    let mut modules = Vec::new();
    module_names(&root().join("src"), &mut modules);
    for name in &modules {
        assert!(
            text.contains(&format!("pub mod {name} {{")),
            "module {name} is missing"
        );
    }
    assert!(
        !text.contains("#[cfg(test)]"),
        "test code leaked into the bundle"
    );

    let dir: PathBuf = std::env::temp_dir().join(format!("slink-bundle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let source = dir.join("slink_submit.rs");
    std::fs::write(&source, &text).expect("bundle written");
    let binary = dir.join("slink_submit");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let compiled = Command::new(rustc)
        .args(["-O", "--edition", "2021", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .expect("rustc runs");
    assert!(
        compiled.status.success(),
        "rustc failed:\n{}",
        String::from_utf8_lossy(&compiled.stderr)
    );

    let samples = root().join("samples");
    for (input, golden) in [
        ("sample.in", "sample.out"),
        ("judge-crlf.in", "judge.out"),
        ("small-loops.in", "small-loops.out"),
    ] {
        let expected = std::fs::read(samples.join(golden)).expect("golden file");
        let got = run_with_stdin(&binary, &samples.join(input));
        assert!(
            got == expected,
            "the bundle's answer to {input} differs from {golden}"
        );
        let crate_binary = Path::new(env!("CARGO_BIN_EXE_slink"));
        assert_eq!(
            got,
            run_with_stdin(crate_binary, &samples.join(input)),
            "{input}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
