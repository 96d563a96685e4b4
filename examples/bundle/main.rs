//! Writes a judge file: one self-contained Rust source for an online judge, built
//! from the crate's sources for one of its programs:
//! `cargo run --release --example bundle -- [slink | sudominoku | akari] [OUT]`
//! (default `slink`, written to `target/BIN_submit.rs`), then what a judge does
//! with it: `rustc -O --edition 2021 OUT`.
//!
//! A judge file is the program's judged core, whole: its own folder of `src/`
//! (`slink/`, `sudominoku/`, `akari/`) and the folder the three share
//! (`shared/`), which import nothing from outside them (a test checks it).
//! Its judge path (the `judge` module's `main`: read, solve, draw) must reach
//! every item of its own folder. How it is made:
//!
//! 1. **Assemble.** A root of `mod shared; mod slink;` (or the program's
//!    folder), every `mod x;` replaced by `mod x { … }` holding `x.rs` or
//!    `x/mod.rs`, recursively.
//! 2. **Squeeze.** Comments, blank lines and indentation go; string and character
//!    literals are kept exactly.
//! 3. **Configure.** Items and statements under `#[cfg(test)]` go, as do
//!    clippy's `#[clippy::…]` settings, and `Debug` goes from every `derive`
//!    (a judge file prints nothing with `{:?}`); any other `cfg` (a
//!    platform's) stays for rustc. There is no judge configuration: what
//!    the judge path does without lives outside the judged core, attached
//!    through its seams.
//! 4. **Check.** What the judge path reaches is marked, from its `main`:
//!    names are resolved as Rust does it, simplified: through `use` items,
//!    `crate::`/`self::`/`super::` paths and child modules; `Type::name`
//!    reaches that type's associated items, `.name` any method so named on a
//!    kept type, and a trait impl goes with its type. An item of the
//!    program's own folder left unmarked stops the bundler: the core holds
//!    something its judge never runs. Of the shared folder, what this
//!    program does not reach is left out (another program's may).
//! 5. **Emit.** The items flattened into one module: the crate's module
//!    wrappers and its own `use` items go, paths lose their module segments
//!    (`crate::grid::Cell` is `Cell`), the standard library's imports still
//!    used are gathered at the top, and the entry point's `main` is the
//!    file's. Two kept items of one name stop the bundler. The file allows
//!    dead code: the core declares seams (a trait's methods, an enum's
//!    variants) whose other side only the full engine uses.
//! 6. **Tighten.** Spaces Rust does not need go: a space stays only between two
//!    words, or two punctuation marks that could read as one operator; the
//!    code is one line.
//! 7. **Shorten.** The crate's type names (structs, enums, traits, variants)
//!    become one or two letters, the most used first; functions, fields and
//!    locals keep their names.

mod shake;
mod source;

use std::fs;
use std::path::{Path, PathBuf};

use shake::Crate;
use source::{attribute_text, end_of_attribute, end_of_governed, shorten_types};
pub use source::{inline_format_argument, lex, squeeze, tighten};

/// A program a judge file can be made for.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The binary's name (`slink`, `sudominoku`, `akari`).
    pub name: &'static str,
    /// Its judged core: the folders of `src/` the judge file is made of,
    /// whole (each a module of the crate's root), every item of which its
    /// judge path must reach.
    pub core: &'static [&'static str],
    /// The judged folders it shares with the other programs: taken whole
    /// too, each program leaves out what its own judge path does not reach
    /// (see [`unreached_shared`]).
    pub shared: &'static [&'static str],
    /// The module path of its judge entry point, a `pub fn main()`.
    pub judge: &'static [&'static str],
    /// What the file's first line says it is.
    pub title: &'static str,
}

/// Every program with a judge path.
pub const TARGETS: [Target; 3] = [
    Target {
        name: "slink",
        core: &["slink"],
        shared: &["shared"],
        judge: &["slink", "judge"],
        title: "Slink (ICPC Mid-Central USA 2007 C; POJ 3651, SPOJ SLINK, Baekjoon 4607)",
    },
    Target {
        name: "sudominoku",
        core: &["sudominoku"],
        shared: &["shared"],
        judge: &["sudominoku", "judge"],
        title: "Su-domino-ku (ICPC Mid-Central USA 2011 D; Baekjoon 4574)",
    },
    Target {
        name: "akari",
        core: &["akari"],
        shared: &["shared"],
        judge: &["akari", "judge"],
        title: "Akari / Light Up (validate or solve)",
    },
];

/// The judge file of `target`, built from the crate at `root`.
pub fn bundle(root: &Path, target: &Target) -> Result<String, String> {
    let (text, tokens, crate_) = shaken(root, target)?;
    let unreached: Vec<String> = crate_
        .unreached()
        .into_iter()
        .filter(|path| {
            !target
                .shared
                .iter()
                .any(|m| path.starts_with(&format!("{m}::")))
        })
        .collect();
    if !unreached.is_empty() {
        return Err(format!(
            "the judge path never reaches these items of its core: {}",
            unreached.join(", ")
        ));
    }
    let emitted = crate_.emit(&text, &tokens)?;
    let body = shorten_types(&tighten(&emitted, &lex(&emitted)?))?;
    if let Some((line, argument)) = inline_format_argument(&body) {
        return Err(format!(
            "line {line} of the judge file: the inline format argument {argument} needs \
             Rust 1.58; judge files keep to 1.56 (write \"{{}}\" and pass it)"
        ));
    }
    Ok(format!(
        "// {}: {}. Made by `cargo run --example bundle -- {}` in the slink crate.\n\
         #![forbid(unsafe_code)]\n\
         #![allow(dead_code)]\n\
         {body}",
        target.name, target.title, target.name,
    ))
}

/// The judged folders of `target` in the crate at `root`, assembled as one
/// crate, its tokens, and its items with what the judge path reaches marked.
fn shaken(root: &Path, target: &Target) -> Result<(String, Vec<source::Token>, Crate), String> {
    let src = root.join("src");
    let mut assembled = String::new();
    let folders = target.shared.iter().chain(target.core);
    let declarations: String = folders.map(|m| format!("mod {m};\n")).collect();
    inline(&declarations, &src, &mut assembled)?;
    let configured = configure(&squeeze(&assembled))?;
    let text = squeeze(&configured);
    let tokens = lex(&text)?;
    let mut crate_ = Crate::parse(&tokens)?;
    let entry = crate_
        .find(target.judge, "main")
        .ok_or_else(|| format!("no fn main in module {}", target.judge.join("::")))?;
    crate_.shake(&tokens, entry);
    Ok((text, tokens, crate_))
}

/// The items of `target`'s shared folders its judge path does not reach
/// (another program's may).
#[allow(dead_code)] // a test includes this file as a module and calls it
pub fn unreached_shared(root: &Path, target: &Target) -> Result<Vec<String>, String> {
    let (_, _, crate_) = shaken(root, target)?;
    let unreached = crate_.unreached().into_iter();
    Ok(unreached
        .filter(|path| {
            target
                .shared
                .iter()
                .any(|m| path.starts_with(&format!("{m}::")))
        })
        .collect())
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Copies `text` (a module found in directory `dir`) to `out`, replacing each
/// `mod x;` by `mod x { … }` with the module's file inlined, recursively.
fn inline(text: &str, dir: &Path, out: &mut String) -> Result<(), String> {
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(name) = module_declaration(trimmed) {
            let (file, child_dir) = locate(dir, name)?;
            out.push_str(trimmed.trim_end_matches(';'));
            out.push_str(" {\n");
            inline(&read(&file)?, &child_dir, out)?;
            out.push_str("}\n");
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    Ok(())
}

/// `x` for a line `mod x;` or `pub mod x;`.
fn module_declaration(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("pub ").unwrap_or(line);
    let name = rest.strip_prefix("mod ")?.strip_suffix(';')?;
    let plain = name.chars().all(|c| c.is_alphanumeric() || c == '_');
    plain.then_some(name)
}

/// The file of module `name` declared in directory `dir`, and the directory of
/// its own submodules.
fn locate(dir: &Path, name: &str) -> Result<(PathBuf, PathBuf), String> {
    let flat = dir.join(format!("{name}.rs"));
    let nested = dir.join(name).join("mod.rs");
    if nested.is_file() {
        Ok((nested, dir.join(name)))
    } else if flat.is_file() {
        Ok((flat, dir.join(name)))
    } else {
        Err(format!(
            "module {name}: neither {} nor {} exists",
            flat.display(),
            nested.display()
        ))
    }
}

/// Step 3: cuts what `#[cfg(test)]` governs (and clippy's settings, and
/// `Debug`). Works at any depth, so a statement inside a function can be left
/// out as well as an item.
pub fn configure(text: &str) -> Result<String, String> {
    let tokens = lex(text)?;
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if !tokens[i].is('#') {
            i += 1;
            continue;
        }
        let end = end_of_attribute(&tokens, i);
        match attribute_text(text, &tokens, i, end).as_str() {
            "#[cfg(test)]" => {
                let stop = end_of_governed(&tokens, end)?;
                cuts.push((tokens[i].start, tokens[stop - 1].end));
                i = stop;
            }
            // Lint settings for clippy, which no judge runs.
            other if other.starts_with("#[clippy::") => {
                cuts.push((tokens[i].start, tokens[end - 1].end));
                i = end;
            }
            // `Debug`, which a judge file never uses: it prints no value with
            // `{:?}` (and the tests compile every judge file).
            other if other.starts_with("#[derive(") => {
                let names = i + 4..end - 2;
                match names.clone().find(|&j| tokens[j].ident() == Some("Debug")) {
                    Some(_) if names.len() == 1 => {
                        cuts.push((tokens[i].start, tokens[end - 1].end));
                    }
                    // With the comma before it, or after it when it is first.
                    Some(j) if j > names.start => cuts.push((tokens[j - 1].start, tokens[j].end)),
                    Some(j) => cuts.push((tokens[j].start, tokens[j + 1].end)),
                    None => {}
                }
                i = end;
            }
            // Any other `cfg` (a platform's) stays for rustc to evaluate.
            _ => i = end,
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (start, end) in cuts {
        out.push_str(&text[from..start]);
        from = end;
    }
    out.push_str(&text[from..]);
    Ok(out)
}

#[allow(dead_code)] // a test includes this file as a module and calls `bundle`
fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("slink", String::as_str);
    let Some(target) = TARGETS.iter().find(|t| t.name == name) else {
        eprintln!("bundle: unknown program '{name}' (slink, sudominoku or akari)");
        eprintln!("usage: cargo run --example bundle -- [slink | sudominoku | akari] [OUT]");
        std::process::exit(2);
    };
    let out = args
        .get(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join(format!("target/{name}_submit.rs")));
    match bundle(root, target).and_then(|text| {
        fs::write(&out, &text)
            .map_err(|e| format!("{}: {e}", out.display()))
            .map(|_| text)
    }) {
        Ok(text) => println!(
            "wrote {} ({} bytes, {} lines)",
            out.display(),
            text.len(),
            text.lines().count()
        ),
        Err(e) => {
            eprintln!("bundle: {e}");
            std::process::exit(1);
        }
    }
}
