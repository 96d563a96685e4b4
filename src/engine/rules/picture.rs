//! The picture notation of the rule docs ([`crate::slink::testkit`]) for the
//! engine's tests: the board with its inside/outside classes made, which the
//! engine's rules read; and the test that runs every rule's doc pictures.

use crate::engine::EngineBoard;
use crate::slink::board::Board;
use crate::slink::testkit;

/// The board drawn by `picture` ([`testkit::board`]), its inside/outside
/// classes made.
pub(crate) fn board(picture: &str) -> Board {
    let mut b = testkit::board(picture);
    b.enable_sides().expect("the picture is consistent");
    b
}

/// The rules' doc pictures, run: each rule of the statement turns the "before"
/// board of its doc into the "after" board, and leaves each board of a picture
/// without an arrow (the "does not fire" cases) as it is.
mod doc_pictures {
    use super::board;
    use crate::slink::grid::{Cell, Vertex};
    use crate::slink::rules::book::Row;
    use crate::slink::rules::{Apply, Site};
    use crate::slink::testkit::{draw, normal};

    /// The doc comment of every `pub fn` in `source`, by name.
    fn docs(source: &str) -> Vec<(String, Vec<String>)> {
        let mut found = Vec::new();
        let mut doc = Vec::new();
        for line in source.lines() {
            let line = line.trim_start();
            if let Some(text) = line.strip_prefix("///") {
                doc.push(text.strip_prefix(' ').unwrap_or(text).to_string());
            } else if let Some(rest) = line
                .strip_prefix("pub(crate) fn ")
                .or_else(|| line.strip_prefix("pub fn "))
            {
                let name = rest.split('(').next().unwrap_or("").to_string();
                found.push((name, std::mem::take(&mut doc)));
            } else if !line.starts_with("#[") {
                doc.clear();
            }
        }
        found
    }

    /// The ` ```text ` blocks of a doc, as (before, after) pictures; `after` is
    /// `None` for a picture without an arrow.
    fn pictures(doc: &[String]) -> Vec<(String, Option<String>)> {
        let mut blocks = Vec::new();
        let mut block: Option<Vec<&str>> = None;
        for line in doc {
            match (&mut block, line.trim()) {
                (None, "```text") => block = Some(Vec::new()),
                (Some(lines), "```") => {
                    blocks.push(std::mem::take(lines));
                    block = None;
                }
                (Some(lines), _) => lines.push(line),
                (None, _) => {}
            }
        }
        blocks
            .into_iter()
            .map(|lines| match lines.iter().find_map(|l| l.find("=>")) {
                Some(arrow) => {
                    let half = |l: &str, first: bool| {
                        let cut = arrow.min(l.len());
                        if first {
                            l[..cut].to_string()
                        } else {
                            l.get(arrow + 2..).unwrap_or("").to_string()
                        }
                    };
                    let before: Vec<String> = lines.iter().map(|l| half(l, true)).collect();
                    let after: Vec<String> = lines.iter().map(|l| half(l, false)).collect();
                    (before.join("\n"), Some(after.join("\n")))
                }
                None => (lines.join("\n"), None),
            })
            .collect()
    }

    /// Applies the rule of `row` once at every vertex, or at every cell whose
    /// clue it fires on, in order (as the driver would, given the chance).
    fn apply_everywhere(row: Row, picture: &str) -> String {
        let mut b = board(picture);
        let g = *b.grid();
        let clued: Vec<Cell> = (0..g.cell_count() as u32)
            .map(Cell)
            .filter(|&c| b.clue(c).is_some_and(|n| row.clues & 1 << n != 0))
            .collect();
        match row.apply {
            Apply::Clue(f) => {
                for &c in &clued {
                    f(&mut b, c).expect("the rule finds no contradiction");
                }
            }
            Apply::Site(f) => {
                for &c in &clued {
                    let site = Site::new(&b, c);
                    f(&mut b, &site).expect("the rule finds no contradiction");
                }
            }
            Apply::Vertex(f) => {
                for v in 0..g.vertex_count() as u32 {
                    f(&mut b, Vertex(v)).expect("the rule finds no contradiction");
                }
            }
            Apply::Board(f) => f(&mut b).expect("the rule finds no contradiction"),
            Apply::Search => {}
        }
        draw(&b)
    }

    #[test]
    fn every_rule_does_what_its_pictures_show() {
        // Every rule of both books with a function of its own (the search's
        // steps have none), run on the pictures of its doc.
        let sources = [
            include_str!("../../slink/rules/clue.rs"),
            include_str!("../../slink/rules/corner.rs"),
            include_str!("../../slink/rules/pairs.rs"),
            include_str!("../../slink/rules/vertex.rs"),
            include_str!("../../slink/rules/loops.rs"),
            include_str!("connectivity.rs"),
            include_str!("sides.rs"),
            include_str!("pairing/mod.rs"),
        ];
        let rules: Vec<(&str, String, Row)> = crate::engine::rules::extra::entries()
            .into_iter()
            .filter_map(|(_, function, entry)| {
                let how = entry.row.filter(|h| !matches!(h.apply, Apply::Search))?;
                let documented =
                    |(name, doc): &(String, Vec<String>)| *name == function && !doc.is_empty();
                let source = sources
                    .iter()
                    .find(|s| docs(s).iter().any(documented))
                    .copied()
                    .unwrap_or("");
                Some((source, function, how))
            })
            .collect();
        // No count of the rules is kept here: each rule found must have
        // pictures of both kinds (below), and one whose doc is missing has
        // none. That some are found at all is checked, so the test cannot
        // pass by running nothing.
        assert!(!rules.is_empty(), "the books have rules with functions");
        let mut failures = Vec::new();
        for (source, name, rule) in rules {
            let doc = docs(source)
                .into_iter()
                .find(|(n, _)| *n == name)
                .map(|(_, doc)| doc)
                .unwrap_or_default();
            let pictures = pictures(&doc);
            let fires = pictures.iter().filter(|(_, a)| a.is_some()).count();
            let holds = pictures.len() - fires;
            if fires == 0 || holds == 0 {
                failures.push(format!(
                    "{name}: {fires} before/after and {holds} does-not-fire pictures"
                ));
            }
            for (before, after) in &pictures {
                let expected = normal(after.as_deref().unwrap_or(before));
                let got = apply_everywhere(rule, before);
                if got != expected {
                    failures.push(format!(
                        "{name} on\n{}\ngives\n{got}but the doc says\n{expected}",
                        normal(before)
                    ));
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
