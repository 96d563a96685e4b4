//! The shape of the source tree, checked: no file of `src/` imports, directly
//! or through others, a file that imports it (a circle makes two concerns
//! one). A file's imports are the `crate::…` and `super::…` paths in its
//! code (use lines and inline paths, test modules and comments left out),
//! each taken to the deepest file that defines a module of the path.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("src/ reads")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The module path a file defines (`rules/mod.rs` is `rules`, `lib.rs` the
/// crate root).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts == ["lib"] || parts == ["main"] {
        parts.clear();
    }
    parts
}

/// A file's code without comments and, unless `tests`, without its test
/// module (which starts at `#[cfg(test)]` before a `mod`, and runs to the
/// end).
fn code(text: &str, tests: bool) -> String {
    let mut code = String::new();
    for line in text.lines() {
        let line = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        code.push_str(line);
        code.push('\n');
    }
    if tests {
        return code;
    }
    let mut cut = code.len();
    let mut from = 0;
    while let Some(i) = code[from..].find("#[cfg(test)]") {
        let at = from + i;
        let rest = code[at + "#[cfg(test)]".len()..].trim_start();
        let rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
        if rest.starts_with("mod ") {
            cut = at;
            break;
        }
        from = at + 1;
    }
    code.truncate(cut);
    code
}

/// The module paths `code` names through `crate::` or `super::` (from the
/// file of `module`), grouped imports (`crate::a::{b, c::d}`) spread out.
fn paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    for root in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(root) {
            let at = from + i;
            from = at + root.len();
            if at > 0 && ident(bytes[at - 1]) {
                continue;
            }
            let mut base: Vec<String> = match root {
                "crate::" => Vec::new(),
                // `super` of `a/b.rs` (module a::b) is a; of `a/b/mod.rs`
                // (module a::b) it is a too.
                _ => module[..module.len().saturating_sub(1)].to_vec(),
            };
            let mut end = from;
            loop {
                let start = end;
                while end < bytes.len() && ident(bytes[end]) {
                    end += 1;
                }
                if end > start {
                    base.push(code[start..end].to_string());
                }
                if code[end..].starts_with("::{") {
                    let close = code[end..].find('}').map_or(code.len(), |c| end + c);
                    for item in code[end + 3..close].split(',') {
                        let mut path = base.clone();
                        path.extend(
                            item.trim()
                                .split("::")
                                .map(|p| p.split_whitespace().next().unwrap_or("").to_string())
                                .filter(|p| !p.is_empty() && p != "self"),
                        );
                        found.push(path);
                    }
                    break;
                }
                if code[end..].starts_with("::") {
                    end += 2;
                    continue;
                }
                found.push(base);
                break;
            }
        }
    }
    found
}

/// A module's path from the crate root (the root itself: empty).
type Module = Vec<String>;

/// Per module, the modules of the files it imports.
type Imports = BTreeMap<Module, BTreeSet<Module>>;

/// Each src file's module and file, and the modules each imports (its test
/// module's imports too with `tests`).
fn imports_of(tests: bool) -> (BTreeMap<Module, PathBuf>, Imports) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .filter(|f| !f.starts_with(src.join("bin")))
        .map(|f| (module_of(&src, f), f.clone()))
        .collect();
    // The deepest module of `path` that is a file.
    let resolve = |path: &[String]| {
        (0..=path.len())
            .rev()
            .map(|k| path[..k].to_vec())
            .find(|m| modules.contains_key(m))
    };
    let mut imports = Imports::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).expect("a source file reads");
        let targets = imports.entry(module.clone()).or_default();
        for path in paths(&code(&text, tests), module) {
            if let Some(target) = resolve(&path) {
                if !target.is_empty() && &target != module {
                    targets.insert(target);
                }
            }
        }
    }
    (modules, imports)
}

/// Each src file's module and file, and the modules its code imports.
fn imports() -> (BTreeMap<Module, PathBuf>, Imports) {
    imports_of(false)
}

/// Every module `start` imports, directly or through others.
fn reach(imports: &Imports, start: &[String]) -> BTreeSet<Module> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<&Vec<String>> = imports.get(start).into_iter().flatten().collect();
    while let Some(next) = todo.pop() {
        if seen.insert(next.clone()) {
            todo.extend(imports.get(next).into_iter().flatten());
        }
    }
    seen
}

#[test]
fn no_file_imports_itself_through_others() {
    let (modules, imports) = imports();
    let circles: Vec<String> = imports
        .keys()
        .filter(|start| reach(&imports, start).contains(*start))
        .map(|start| modules[start].display().to_string())
        .collect();
    assert!(
        circles.is_empty(),
        "these files import themselves through others:\n{}",
        circles.join("\n")
    );
}

/// The checkers of answers share nothing with the solvers: Slink's reads an
/// answer's plain rows and nothing else of the crate; Su-domino-ku's the
/// puzzle as read, and the answer as plain digits and dominoes.
#[test]
fn the_checkers_reach_nothing_of_the_solvers() {
    let (_, imports) = imports();
    let module = |path: &str| -> Vec<String> { path.split("::").map(String::from).collect() };
    let reached = reach(&imports, &module("check::slink"));
    assert_eq!(reached, [module("check::drawing")].into_iter().collect());
    let reached = reach(&imports, &module("check::sudominoku"));
    let solvers = ["sudominoku::solve", "sudominoku::judge", "slink", "engine"];
    for solver in solvers {
        assert!(
            !reached.iter().any(|m| m.starts_with(&module(solver))),
            "check::sudominoku reaches {solver}: {reached:?}"
        );
    }
}

/// The judged cores import nothing from outside them: a judge file is made
/// of `src/shared/` and a program's own folder, whole.
#[test]
fn the_judged_cores_import_nothing_from_outside() {
    assert_cores_import_nothing_from_outside(&imports().1);
}

/// Nor do their tests: a core's test support is the core's own, so its
/// tests run the core as the judge file does, not the full engine.
#[test]
fn the_judged_cores_tests_import_nothing_from_outside() {
    assert_cores_import_nothing_from_outside(&imports_of(true).1);
}

/// No module of a judged core imports a module outside it (or `shared`).
fn assert_cores_import_nothing_from_outside(imports: &Imports) {
    for core in ["slink", "akari", "sudominoku", "shared"] {
        for (module, targets) in imports
            .iter()
            .filter(|(m, _)| m.first().is_some_and(|f| f == core))
        {
            for target in targets {
                let first = target.first().map(String::as_str);
                assert!(
                    first == Some(core) || first == Some("shared"),
                    "{} imports {}",
                    module.join("::"),
                    target.join("::")
                );
            }
        }
    }
}

/// No file of `src/` runs past 700 lines before its test module: a longer
/// one holds more than one concern.
#[test]
fn no_file_is_longer_than_700_lines_outside_its_tests() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut long = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file reads");
        let lines: Vec<&str> = text.lines().collect();
        let tests = (0..lines.len()).find(|&i| {
            lines[i].trim() == "#[cfg(test)]"
                && lines.get(i + 1).is_some_and(|next| {
                    let next = next.trim_start();
                    next.starts_with("mod ") || next.starts_with("pub(crate) mod ")
                })
        });
        let length = tests.unwrap_or(lines.len());
        if length > 700 {
            long.push(format!("{}: {length} lines", file.display()));
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The count of answers is a second opinion on the solver: it reaches
/// nothing of the crate outside its own folder.
#[test]
fn the_count_reaches_nothing_of_the_solver() {
    let (_, imports) = imports();
    let count = vec!["count".to_string()];
    let outside: Vec<Module> = reach(&imports, &count)
        .into_iter()
        .filter(|m| !m.starts_with(&count))
        .collect();
    assert!(outside.is_empty(), "{outside:?}");
}

/// So is the count on Loopy's other grids: it reaches its own folder, the
/// graph it counts on (`graph/mod.rs`, dots, faces and edges) and the
/// square count's numbers and bounds, and nothing of either solver.
#[test]
fn the_graph_count_reaches_nothing_of_the_solvers() {
    let (_, imports) = imports();
    let module = |path: &str| -> Vec<String> { path.split("::").map(String::from).collect() };
    let outside: Vec<Module> = reach(&imports, &module("graph::count"))
        .into_iter()
        .filter(|m| {
            !m.starts_with(&module("graph::count"))
                && *m != module("graph")
                && !m.starts_with(&module("count"))
        })
        .collect();
    assert!(outside.is_empty(), "{outside:?}");
    let reached = reach(&imports, &module("graph::count"));
    assert!(reached.contains(&module("count::number")), "{reached:?}");
}
