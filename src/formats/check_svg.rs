//! The picture of a setter's check (`--check --format svg`): what
//! [`crate::setter`] found, drawn on the draft with the parts of
//! [`svg`](super::svg)'s pictures, and said in a few caption lines under it.
//!
//! - No answer: the draft, each clue of the conflicting set on a red cell
//!   (its `<title>` names it as `--check`'s line does, `(r,c)=n`), the
//!   suggested change in green in its cell's corner (a stroke through the
//!   clue to blank it), and the set and the change in words.
//! - Several answers: the two answers side by side, `answer 1` and
//!   `answer 2`, the cells of each region where they differ shaded in both,
//!   and the clues that tell them apart drawn in their cells in green; the
//!   captions name the clue that leaves one answer, if one was found.
//! - Out of time: the draft alone, as `--format svg --unsolved` draws it.
//!
//! Cells keep `svg`'s size whatever the board, so a clue stays as legible
//! at 60×60 as at 5×5: the picture grows with the board instead.

use crate::formats::svg::{
    clues, dots, encode, loop_paths, number_at, numbers_opening, opening, Origin, MARGIN, STEP,
};
use crate::setter::conflict::Conflict;
use crate::setter::differ::Difference;
use crate::setter::text::{cannot_hold, change_name, clue_name};
use crate::setter::Finding;
use crate::slink::grid::{Cell, Grid};
use crate::slink::parse::Puzzle;

/// The captions' font size, in pixels.
const CAPTION_SIZE: u32 = 16;
/// Pixels from one caption line's baseline to the next, and from the
/// grid's bottom dots to the first.
const LINE: u32 = 24;
/// Pixels a caption's character takes at most, about: sans-serif digits and
/// most letters are narrower than 0.56 of the font's size. The picture is
/// made wide enough for its longest line by this count, as SVG cannot wrap
/// text itself.
const CHAR_WIDTH: u32 = 9;
/// The fewest characters a caption line may hold before it is wrapped: on
/// a narrow board the captions, not the grid, set the width.
const MIN_CHARS: u32 = 48;
/// Pixels between the two answers' grids.
const GAP: u32 = 2 * MARGIN;
/// A conflicting clue's mark: its outline and its cell's fill.
const MARK_STROKE: &str = "#c62828";
const MARK_FILL: &str = "#f9d4cf";
/// What the check suggests: a changed clue, or a clue to add.
const SUGGESTED: &str = "#1a7f37";
/// The cells of a region where two answers differ.
const REGION_FILL: &str = "#fde68a";
/// A changed clue's new number, in its cell's top-right corner: its size,
/// and its baseline below the cell's top.
const FIX_SIZE: u32 = 15;
const FIX_BASELINE: u32 = 16;
/// Pixels from a changed clue's new number to its cell's right side.
const FIX_RIGHT: u32 = 4;

/// The picture of what the check found on `puzzle`.
pub(crate) fn check(puzzle: &Puzzle, finding: &Finding) -> String {
    match finding {
        Finding::Conflict(conflict) => conflict_picture(puzzle, conflict),
        Finding::Difference(difference) => difference_picture(puzzle, difference),
        Finding::OutOfTime => encode(puzzle, None),
    }
}

/// Where the grid of one draft stands: `svg`'s place.
fn single_origin() -> Origin {
    Origin {
        x: MARGIN,
        y: MARGIN,
    }
}

/// Where the two answers' grids stand. Each takes at least the width of its
/// label (`answer 1`), so the labels of narrow boards do not run together.
fn pair_origins(puzzle: &Puzzle) -> [Origin; 2] {
    let stride = panel_width(puzzle) + GAP;
    [0, 1].map(|k| Origin {
        x: MARGIN + k * stride,
        y: MARGIN,
    })
}

/// The width one answer's grid takes: the grid, or its label if wider.
fn panel_width(puzzle: &Puzzle) -> u32 {
    (puzzle.cols * STEP).max(text_width("answer 1"))
}

/// About how many pixels `text` takes in the captions' font.
fn text_width(text: &str) -> u32 {
    text.chars().count() as u32 * CHAR_WIDTH
}

/// `lines` broken at spaces into lines of at most `chars` characters (a
/// word longer than that stands on a line of its own).
fn wrap(lines: &[String], chars: usize) -> Vec<String> {
    let mut wrapped = Vec::new();
    for line in lines {
        let mut current = String::new();
        for word in line.split(' ') {
            let wanted = current.chars().count() + 1 + word.chars().count();
            if !current.is_empty() && wanted > chars {
                wrapped.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        wrapped.push(current);
    }
    wrapped
}

/// A picture's size and its caption lines: the drawing is `drawn_width`
/// wide (margins included) and its grids end at `bottom`; `lines` are
/// wrapped to that width (or [`MIN_CHARS`]) and the picture widened to the
/// longest.
fn layout(drawn_width: u32, bottom: u32, lines: &[String]) -> (u32, u32, Vec<String>) {
    let room = (drawn_width.saturating_sub(2 * MARGIN) / CHAR_WIDTH).max(MIN_CHARS);
    let lines = wrap(lines, room as usize);
    let widest = lines.iter().map(|l| text_width(l)).max().unwrap_or(0);
    let width = drawn_width.max(widest + 2 * MARGIN);
    let height = bottom + LINE * lines.len() as u32 + MARGIN;
    (width, height, lines)
}

/// The caption lines from `first` (0 for the line just under the grids),
/// each at the left margin.
fn captions(lines: &[String], bottom: u32, first: u32) -> String {
    let mut svg = format!("<g font-family=\"sans-serif\" font-size=\"{CAPTION_SIZE}\">\n");
    for (k, line) in lines.iter().enumerate() {
        let y = bottom + LINE * (first + k as u32 + 1);
        svg.push_str(&format!("<text x=\"{MARGIN}\" y=\"{y}\">{line}</text>\n"));
    }
    svg.push_str("</g>\n");
    svg
}

/// The clue of `cell` in `puzzle`, named.
fn named(puzzle: &Puzzle, grid: &Grid, cell: Cell) -> String {
    clue_name(grid, cell, puzzle.clues[cell.0 as usize])
}

/// A draft with no answer: the set marked, the change shown (see the
/// module).
fn conflict_picture(puzzle: &Puzzle, conflict: &Conflict) -> String {
    let grid = puzzle.grid();
    let origin = single_origin();
    let mut said = format!("no answer: {}", cannot_hold(puzzle, &conflict.clues));
    if !conflict.minimal {
        said.push_str(" (out of time: some of them may not be needed)");
    }
    let mut lines = vec![said];
    match conflict.fix {
        Some((cell, clue)) => lines.push(format!(
            "{} leaves exactly one answer",
            change_name(&grid, cell, clue)
        )),
        None if conflict.fix_searched => {
            lines.push("no other number for one of them leaves exactly one answer".to_string())
        }
        None => {}
    }
    let bottom = MARGIN + puzzle.rows * STEP;
    let (width, height, lines) = layout(puzzle.cols * STEP + 2 * MARGIN, bottom, &lines);
    let mut svg = opening(width, height);
    // The marks go under the dots and the clues, so each clue stays black
    // on its red cell.
    svg.push_str(&format!(
        "<g fill=\"{MARK_FILL}\" stroke=\"{MARK_STROKE}\" stroke-width=\"2\">\n"
    ));
    for &cell in &conflict.clues {
        let name = named(puzzle, &grid, cell);
        let (r, c) = grid.cell_pos(cell);
        let (x, y) = origin.dot(r, c);
        let side = STEP - 6;
        svg.push_str(&format!(
            "<rect class=\"conflict\" x=\"{}\" y=\"{}\" width=\"{side}\" height=\"{side}\"><title>{name}</title></rect>\n",
            x + 3,
            y + 3
        ));
    }
    svg.push_str("</g>\n");
    svg.push_str(&dots(puzzle.rows, puzzle.cols, origin));
    svg.push_str(&clues(puzzle, origin));
    if let Some((cell, clue)) = conflict.fix {
        svg.push_str(&fix_mark(&grid, origin, cell, clue));
    }
    svg.push_str(&captions(&lines, bottom, 0));
    svg.push_str("</svg>\n");
    svg
}

/// The change of clue `cell` to `clue`: the new number in green in the
/// cell's top-right corner, clear of the old one in the middle; or, to
/// blank it, a green stroke through it.
fn fix_mark(grid: &Grid, origin: Origin, cell: Cell, clue: Option<u8>) -> String {
    let (r, c) = grid.cell_pos(cell);
    let (x, y) = origin.dot(r, c);
    let title = change_name(grid, cell, clue);
    match clue {
        Some(n) => format!(
            "<text class=\"fix\" x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{FIX_SIZE}\" font-weight=\"bold\" text-anchor=\"end\" fill=\"{SUGGESTED}\"><title>{title}</title>{n}</text>\n",
            x + STEP - FIX_RIGHT,
            y + FIX_BASELINE
        ),
        None => format!(
            "<line class=\"fix\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{SUGGESTED}\" stroke-width=\"3\"><title>{title}</title></line>\n",
            x + 8,
            y + STEP - 8,
            x + STEP - 8,
            y + 8
        ),
    }
}

/// The clues that tell the two answers apart: each region's, and the one
/// that leaves one answer, once each, in reading order.
fn suggested(difference: &Difference) -> Vec<(Cell, u8)> {
    let mut found: Vec<(Cell, u8)> = difference.regions.iter().filter_map(|r| r.clue).collect();
    found.extend(difference.unique_with);
    found.sort_by_key(|&(cell, _)| cell.0);
    found.dedup_by_key(|&mut (cell, _)| cell.0);
    found
}

/// A draft with several answers: both, side by side (see the module).
fn difference_picture(puzzle: &Puzzle, difference: &Difference) -> String {
    let grid = puzzle.grid();
    let origins = pair_origins(puzzle);
    let told = suggested(difference);
    let count = difference.regions.len();
    let plural = if count == 1 { "" } else { "s" };
    let mut lines = vec![format!(
        "the answers differ in {count} region{plural}, shaded"
    )];
    if !told.is_empty() {
        lines.push("a green clue holds in answer 1, not in answer 2".to_string());
    }
    lines.push(match difference.unique_with {
        Some((cell, n)) => format!(
            "adding {} leaves exactly one answer",
            clue_name(&grid, cell, Some(n))
        ),
        None => "no one added clue tried leaves exactly one answer".to_string(),
    });
    let bottom = MARGIN + puzzle.rows * STEP;
    let drawn = 2 * panel_width(puzzle) + GAP + 2 * MARGIN;
    let (width, height, lines) = layout(drawn, bottom, &lines);
    // One line more under the grids: their labels.
    let height = height + LINE;
    let mut svg = opening(width, height);
    for (k, (origin, answer)) in origins.iter().zip(&difference.answers).enumerate() {
        for (i, region) in difference.regions.iter().enumerate() {
            let edges = region.edges.len();
            svg.push_str(&format!(
                "<g class=\"region\" fill=\"{REGION_FILL}\"><title>region {}: {edges} edges differ</title>\n",
                i + 1
            ));
            for &cell in &region.cells {
                let (r, c) = grid.cell_pos(cell);
                let (x, y) = origin.dot(r, c);
                svg.push_str(&format!(
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{STEP}\" height=\"{STEP}\"/>\n"
                ));
            }
            svg.push_str("</g>\n");
        }
        svg.push_str(&loop_paths(&grid, answer.states(), *origin));
        svg.push_str(&dots(puzzle.rows, puzzle.cols, *origin));
        svg.push_str(&clues(puzzle, *origin));
        if !told.is_empty() {
            svg.push_str(&numbers_opening(&format!(" fill=\"{SUGGESTED}\"")));
            for &(cell, n) in &told {
                let (r, c) = grid.cell_pos(cell);
                let (x, y) = number_at(*origin, r, c);
                let mut title = format!(
                    "{}: holds in answer 1, not in answer 2",
                    clue_name(&grid, cell, Some(n))
                );
                if difference.unique_with == Some((cell, n)) {
                    title.push_str("; added, it leaves exactly one answer");
                }
                svg.push_str(&format!(
                    "<text class=\"suggested\" x=\"{x}\" y=\"{y}\"><title>{title}</title>{n}</text>\n"
                ));
            }
            svg.push_str("</g>\n");
        }
        svg.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{CAPTION_SIZE}\">answer {}</text>\n",
            origin.x,
            bottom + LINE,
            k + 1
        ));
    }
    svg.push_str(&captions(&lines, bottom, 1));
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solve::solve;
    use crate::formats::contest::parse_all;
    use crate::setter::differ::Region;
    use crate::setter::examine;
    use crate::slink::answer::Solution;
    use crate::slink::board::EdgeState;
    use crate::slink::grid::Edge;
    use std::collections::BTreeSet;

    /// A small XML reader, strict enough to say whether a picture is
    /// well-formed: one root element, tags closed in order, attributes
    /// quoted and not repeated, `<` only in tags and `&` only in the five
    /// named entities or a numbered one. (No comments, declarations or
    /// CDATA: the pictures have none.)
    mod xml {
        #[derive(Debug)]
        pub(super) enum Node {
            Element(Element),
            Text(String),
        }

        #[derive(Debug)]
        pub(super) struct Element {
            pub(super) name: String,
            pub(super) attrs: Vec<(String, String)>,
            pub(super) children: Vec<Node>,
        }

        impl Element {
            pub(super) fn attr(&self, name: &str) -> Option<&str> {
                let found = self.attrs.iter().find(|(n, _)| n == name);
                found.map(|(_, v)| v.as_str())
            }

            /// The number an attribute holds.
            pub(super) fn num(&self, name: &str) -> u32 {
                let value = self.attr(name).unwrap_or_else(|| panic!("no {name}"));
                value.parse().unwrap_or_else(|_| panic!("{name}={value}"))
            }

            /// The text directly inside, not in child elements.
            pub(super) fn text(&self) -> String {
                let texts = self.children.iter().filter_map(|n| match n {
                    Node::Text(t) => Some(t.as_str()),
                    Node::Element(_) => None,
                });
                texts.collect()
            }

            /// The text of the `<title>` child, if there is one.
            pub(super) fn title(&self) -> Option<String> {
                self.elements()
                    .find(|e| e.name == "title")
                    .map(|e| e.text())
            }

            /// The child elements.
            pub(super) fn elements(&self) -> impl Iterator<Item = &Element> {
                self.children.iter().filter_map(|n| match n {
                    Node::Element(e) => Some(e),
                    Node::Text(_) => None,
                })
            }

            /// This element and every one inside it, in document order.
            pub(super) fn all(&self) -> Vec<&Element> {
                let mut found = vec![self];
                for child in self.elements() {
                    found.extend(child.all());
                }
                found
            }
        }

        fn is_name_start(b: u8) -> bool {
            b.is_ascii_alphabetic() || b == b'_' || b == b':'
        }

        fn is_name(b: u8) -> bool {
            is_name_start(b) || b.is_ascii_digit() || b == b'-' || b == b'.'
        }

        /// Checks the `&` references of `text`.
        fn references(text: &str, at: usize) -> Result<(), String> {
            let mut rest = text;
            while let Some(i) = rest.find('&') {
                let after = &rest[i + 1..];
                let end = after.find(';').ok_or(format!("byte {at}: & without ;"))?;
                let name = &after[..end];
                let numbered = name
                    .strip_prefix('#')
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
                if !numbered && !["amp", "lt", "gt", "quot", "apos"].contains(&name) {
                    return Err(format!("byte {at}: unknown entity &{name};"));
                }
                rest = &after[end + 1..];
            }
            Ok(())
        }

        struct Reader<'a> {
            bytes: &'a [u8],
            at: usize,
        }

        impl Reader<'_> {
            fn fail<T>(&self, what: &str) -> Result<T, String> {
                Err(format!("byte {}: {what}", self.at))
            }

            fn spaces(&mut self) -> bool {
                let start = self.at;
                while self
                    .bytes
                    .get(self.at)
                    .is_some_and(|b| b.is_ascii_whitespace())
                {
                    self.at += 1;
                }
                self.at > start
            }

            fn name(&mut self) -> Result<String, String> {
                let start = self.at;
                match self.bytes.get(self.at) {
                    Some(&b) if is_name_start(b) => self.at += 1,
                    _ => return self.fail("expected a name"),
                }
                while self.bytes.get(self.at).is_some_and(|&b| is_name(b)) {
                    self.at += 1;
                }
                Ok(String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned())
            }

            fn expect(&mut self, b: u8) -> Result<(), String> {
                match self.bytes.get(self.at) {
                    Some(&found) if found == b => {
                        self.at += 1;
                        Ok(())
                    }
                    _ => self.fail(&format!("expected '{}'", b as char)),
                }
            }

            /// An element, its `<` next.
            fn element(&mut self) -> Result<Element, String> {
                self.expect(b'<')?;
                let name = self.name()?;
                let mut attrs: Vec<(String, String)> = Vec::new();
                loop {
                    let spaced = self.spaces();
                    match self.bytes.get(self.at) {
                        Some(b'/') => {
                            self.at += 1;
                            self.expect(b'>')?;
                            let children = Vec::new();
                            return Ok(Element {
                                name,
                                attrs,
                                children,
                            });
                        }
                        Some(b'>') => {
                            self.at += 1;
                            break;
                        }
                        Some(_) if spaced => {
                            let attr = self.name()?;
                            if attrs.iter().any(|(n, _)| *n == attr) {
                                return self.fail(&format!("{attr} given twice"));
                            }
                            self.spaces();
                            self.expect(b'=')?;
                            self.spaces();
                            self.expect(b'"')?;
                            let start = self.at;
                            while self.bytes.get(self.at).is_some_and(|&b| b != b'"') {
                                if self.bytes[self.at] == b'<' {
                                    return self.fail("< in an attribute");
                                }
                                self.at += 1;
                            }
                            let value = String::from_utf8_lossy(&self.bytes[start..self.at]);
                            references(&value, start)?;
                            self.expect(b'"')?;
                            attrs.push((attr, value.into_owned()));
                        }
                        _ => return self.fail("expected an attribute, '/>' or '>'"),
                    }
                }
                let mut children = Vec::new();
                loop {
                    let start = self.at;
                    while self.bytes.get(self.at).is_some_and(|&b| b != b'<') {
                        self.at += 1;
                    }
                    if self.at > start {
                        let text = String::from_utf8_lossy(&self.bytes[start..self.at]);
                        references(&text, start)?;
                        children.push(Node::Text(text.into_owned()));
                    }
                    match self.bytes.get(self.at + 1) {
                        None if self.at >= self.bytes.len() => {
                            return self.fail(&format!("<{name}> not closed"))
                        }
                        Some(b'/') => {
                            self.at += 2;
                            let closing = self.name()?;
                            if closing != name {
                                return self.fail(&format!("</{closing}> closes <{name}>"));
                            }
                            self.spaces();
                            self.expect(b'>')?;
                            return Ok(Element {
                                name,
                                attrs,
                                children,
                            });
                        }
                        _ => children.push(Node::Element(self.element()?)),
                    }
                }
            }
        }

        /// The root element of `text`, or where it is not well-formed.
        pub(super) fn parse(text: &str) -> Result<Element, String> {
            let mut reader = Reader {
                bytes: text.as_bytes(),
                at: 0,
            };
            reader.spaces();
            let root = reader.element()?;
            reader.spaces();
            match reader.at == text.len() {
                true => Ok(root),
                false => reader.fail("more after the root element"),
            }
        }
    }

    use xml::Element;

    /// The seed-1 6×6 puzzle of `slink generate 6x6 --minimal`, its
    /// (2,4)=1 made 0: no answer.
    const NONE: &str = "6 6
. . 3 2 . .
1 . . . 3 .
. 3 . . 0 .
1 . . . . 2
2 . 3 . 3 .
2 . 3 . . 2
";
    /// The same puzzle without its (1,4)=3 and (5,0)=2: two regions, and a
    /// clue that leaves one answer.
    const TWO_REGIONS: &str = "6 6
. . 3 2 . .
1 . . . . .
. 3 . . 1 .
1 . . . . 2
2 . 3 . 3 .
. . 3 . . 2
";
    /// The seed-2 puzzle without its (2,0)=2 and (4,2)=3, and (5,0) a 1
    /// (with the 3 it had, the answers the search now finds differ in one
    /// region): two regions that share a cell, and no one clue tried
    /// leaves one answer.
    const NO_ONE_CLUE: &str = "6 6
. 2 . 3 . 3
. 3 . . . .
. . 1 3 . .
. . . . 2 2
1 1 . . 3 .
1 . . 1 2 .
";

    fn puzzle(text: &str) -> Puzzle {
        parse_all(text).expect("a puzzle").remove(0)
    }

    /// The picture of `text`'s check, checked well-formed, and its root.
    fn drawn(puzzle: &Puzzle, finding: &Finding) -> (String, Element) {
        let svg = check(puzzle, finding);
        let root = xml::parse(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
        assert_eq!(root.name, "svg");
        size(&root);
        (svg, root)
    }

    fn conflict_of(puzzle: &Puzzle) -> Conflict {
        match examine(puzzle, &solve(puzzle).outcome, None) {
            Some(Finding::Conflict(conflict)) => conflict,
            other => panic!("{other:?}"),
        }
    }

    fn difference_of(puzzle: &Puzzle) -> Difference {
        match examine(puzzle, &solve(puzzle).outcome, None) {
            Some(Finding::Difference(difference)) => difference,
            other => panic!("{other:?}"),
        }
    }

    /// The cell whose top-left dot is at `(x, y)` of the grid at `origin`.
    fn cell_at(grid: &Grid, origin: Origin, x: u32, y: u32) -> Cell {
        assert_eq!((x - origin.x) % STEP, 0, "x {x} is on no column");
        assert_eq!((y - origin.y) % STEP, 0, "y {y} is on no row");
        grid.cell((y - origin.y) / STEP, (x - origin.x) / STEP)
    }

    /// The lines of every `<path>` in `root` whose grid is at `origin`, as
    /// pairs of dots `(r, c)`.
    fn drawn_lines(root: &Element, origin: Origin, width: u32) -> BTreeSet<[(u32, u32); 2]> {
        let mut lines = BTreeSet::new();
        for path in root.all().into_iter().filter(|e| e.name == "path") {
            let d = path.attr("d").expect("a path has d");
            let numbers: Vec<u32> = d
                .split_whitespace()
                .filter(|t| *t != "Z")
                .map(|t| t.trim_start_matches(['M', 'L']).parse().expect("a number"))
                .collect();
            assert!(d.starts_with('M') && d.ends_with('Z'), "{d}");
            let dots: Vec<(u32, u32)> = numbers
                .chunks(2)
                .map(|p| ((p[1] - origin.y) / STEP, p[0].wrapping_sub(origin.x) / STEP))
                .collect();
            // Only the paths of this grid.
            if numbers[0] < origin.x || numbers[0] > origin.x + width {
                continue;
            }
            for k in 0..dots.len() {
                let mut pair = [dots[k], dots[(k + 1) % dots.len()]];
                pair.sort_unstable();
                assert!(lines.insert(pair), "{pair:?} drawn twice");
            }
        }
        lines
    }

    /// The lines of `answer`, as [`drawn_lines`] gives them.
    fn answer_lines(answer: &Solution) -> BTreeSet<[(u32, u32); 2]> {
        let grid = answer.grid();
        (0..grid.edge_count() as u32)
            .map(Edge)
            .filter(|e| answer.states()[e.0 as usize] == EdgeState::Line)
            .map(|e| {
                let [a, b] = grid.edge_vertices(e);
                let mut pair = [grid.vertex_pos(a), grid.vertex_pos(b)];
                pair.sort_unstable();
                pair
            })
            .collect()
    }

    /// The width and height of a picture, checked to be its viewBox's.
    fn size(root: &Element) -> (u32, u32) {
        let (width, height) = (root.num("width"), root.num("height"));
        let view = format!("0 0 {width} {height}");
        assert_eq!(root.attr("viewBox"), Some(view.as_str()));
        (width, height)
    }

    fn with_class<'a>(root: &'a Element, class: &str) -> Vec<&'a Element> {
        let all = root.all().into_iter();
        all.filter(|e| e.attr("class") == Some(class)).collect()
    }

    /// The caption lines, in order: the texts of the group in the
    /// captions' font.
    fn caption_texts(root: &Element) -> Vec<String> {
        let size = CAPTION_SIZE.to_string();
        let group = root.elements().filter(|e| e.name == "g");
        let mut captions = group.filter(|e| e.attr("font-size") == Some(&*size));
        let lines = captions.next().expect("captions").elements();
        assert!(captions.next().is_none(), "one group of captions");
        lines.map(|e| e.text()).collect()
    }

    #[test]
    fn no_answer_marks_each_conflicting_clue_and_shows_the_fix() {
        let puzzle = puzzle(NONE);
        let grid = puzzle.grid();
        let conflict = conflict_of(&puzzle);
        assert!(conflict.minimal);
        let (_, root) = drawn(&puzzle, &Finding::Conflict(conflict.clone()));
        // One mark a clue, named as --check names it, in the clue's cell.
        let marks = with_class(&root, "conflict");
        assert_eq!(marks.len(), conflict.clues.len());
        assert_eq!(marks.len(), 4, "the set --check names on this draft");
        for (mark, &cell) in marks.iter().zip(&conflict.clues) {
            assert_eq!(mark.title(), Some(named(&puzzle, &grid, cell)));
            let (x, y) = (mark.num("x") - 3, mark.num("y") - 3);
            assert_eq!(cell_at(&grid, single_origin(), x, y), cell);
        }
        // The fix: the new number in its cell's corner, and in words.
        let (cell, clue) = conflict.fix.expect("a fix");
        let fix = with_class(&root, "fix");
        assert_eq!(fix.len(), 1);
        let n = clue.expect("a number");
        assert_eq!(fix[0].text(), n.to_string());
        let name = change_name(&grid, cell, clue);
        assert_eq!(fix[0].title(), Some(name.clone()));
        let (x, y) = (
            fix[0].num("x") + FIX_RIGHT - STEP,
            fix[0].num("y") - FIX_BASELINE,
        );
        assert_eq!(cell_at(&grid, single_origin(), x, y), cell);
        assert_eq!(
            caption_texts(&root),
            [
                "no answer: clues (0,3)=2 (1,4)=3 (2,4)=0 (3,5)=2".to_string(),
                "cannot all hold".to_string(),
                format!("{name} leaves exactly one answer"),
            ]
        );
        // Every clue drawn, no loop.
        let clues = puzzle.clues.iter().flatten().count();
        let texts = root.all().into_iter().filter(|e| e.name == "text").count();
        assert_eq!(texts, clues + 1 + 3, "the clues, the fix and the captions");
        assert!(root.all().iter().all(|e| e.name != "path"));
    }

    #[test]
    fn a_clue_to_blank_is_struck_through() {
        // 1×1 with a 0: no loop; blank, the one loop round the cell.
        let puzzle = puzzle("1 1\n0\n");
        let conflict = conflict_of(&puzzle);
        assert_eq!(conflict.fix, Some((Cell(0), None)));
        let (_, root) = drawn(&puzzle, &Finding::Conflict(conflict));
        let fix = with_class(&root, "fix");
        assert_eq!(fix.len(), 1);
        assert_eq!(fix[0].name, "line");
        assert_eq!(fix[0].title().as_deref(), Some("blanking (0,0)"));
        assert_eq!(with_class(&root, "conflict").len(), 1);
        // The captions, wrapped at the fewest characters, set the width.
        let width = root.num("width");
        assert!(width > STEP + 2 * MARGIN, "{width}");
        let captions = caption_texts(&root);
        let widest = captions.iter().map(|c| text_width(c)).max();
        assert_eq!(Some(width - 2 * MARGIN), widest, "{captions:?}");
        assert!(captions.iter().all(|c| c.len() <= MIN_CHARS as usize));
    }

    /// Checks the picture of a draft with several answers against the
    /// difference it draws.
    fn check_difference(puzzle: &Puzzle, difference: &Difference) -> Element {
        let grid = puzzle.grid();
        let (_, root) = drawn(puzzle, &Finding::Difference(difference.clone()));
        let origins = pair_origins(puzzle);
        let width = puzzle.cols * STEP;
        let label = text_width("answer 1");
        assert!(origins[1].x >= origins[0].x + width.max(label) + GAP);
        assert!(root.num("width") >= origins[1].x + width + MARGIN);
        let union: BTreeSet<u32> = difference
            .regions
            .iter()
            .flat_map(|r| r.cells.iter().map(|c| c.0))
            .collect();
        let told = suggested(difference);
        for (k, origin) in origins.into_iter().enumerate() {
            // Each answer's loop, drawn on its own grid.
            let answer = &difference.answers[k];
            assert_eq!(drawn_lines(&root, origin, width), answer_lines(answer));
            // The shaded cells are the regions' cells.
            let mut shaded = BTreeSet::new();
            for group in with_class(&root, "region") {
                for rect in group.elements().filter(|e| e.name == "rect") {
                    let x = rect.num("x");
                    if (origin.x..origin.x + width).contains(&x) {
                        shaded.insert(cell_at(&grid, origin, x, rect.num("y")).0);
                    }
                }
            }
            assert_eq!(shaded, union);
            // The suggested clues, in their cells.
            let mut greens = Vec::new();
            for text in with_class(&root, "suggested") {
                let x = text.num("x") - STEP / 2;
                if (origin.x..origin.x + width).contains(&x) {
                    let y = text.num("y") - STEP / 2 - crate::formats::svg::BASELINE;
                    let n: u8 = text.text().parse().expect("a number");
                    greens.push((cell_at(&grid, origin, x, y), n));
                }
            }
            assert_eq!(greens, told);
        }
        let labels = root
            .all()
            .into_iter()
            .filter(|e| e.text().starts_with("answer "));
        let labels: Vec<String> = labels.map(|e| e.text()).collect();
        assert_eq!(labels, ["answer 1", "answer 2"]);
        root
    }

    #[test]
    fn several_answers_side_by_side_with_their_regions_and_clues() {
        let puzzle = puzzle(TWO_REGIONS);
        let difference = difference_of(&puzzle);
        assert_eq!(difference.regions.len(), 2);
        assert_ne!(
            answer_lines(&difference.answers[0]),
            answer_lines(&difference.answers[1])
        );
        let root = check_difference(&puzzle, &difference);
        let unique = difference.unique_with.expect("a clue that leaves one");
        assert_eq!(unique.1, 3);
        assert_eq!(
            caption_texts(&root),
            [
                "the answers differ in 2 regions, shaded",
                "a green clue holds in answer 1, not in answer 2",
                "adding (2,2)=3 leaves exactly one answer",
            ]
        );
        let titled = with_class(&root, "suggested")
            .into_iter()
            .filter_map(|e| e.title());
        let leaves = titled.filter(|t| t.ends_with("; added, it leaves exactly one answer"));
        assert_eq!(
            leaves.count(),
            2,
            "the clue that leaves one, in each answer"
        );
    }

    #[test]
    fn regions_that_share_a_cell_shade_it_and_no_one_clue_is_said() {
        let puzzle = puzzle(NO_ONE_CLUE);
        let difference = difference_of(&puzzle);
        let [a, b] = [&difference.regions[0].cells, &difference.regions[1].cells];
        assert!(a.iter().any(|c| b.contains(c)), "the regions share a cell");
        assert_eq!(difference.unique_with, None);
        let root = check_difference(&puzzle, &difference);
        let captions = caption_texts(&root);
        assert_eq!(
            captions.last().map(String::as_str),
            Some("no one added clue tried leaves exactly one answer")
        );
    }

    #[test]
    fn a_narrow_board_keeps_its_labels_apart() {
        // A blank 1×2: the loop round either cell, or round both.
        let puzzle = puzzle("1 2\n. .\n");
        let difference = difference_of(&puzzle);
        check_difference(&puzzle, &difference);
    }

    #[test]
    fn out_of_time_draws_the_draft_alone() {
        let puzzle = puzzle(NONE);
        let (svg, _) = drawn(&puzzle, &Finding::OutOfTime);
        assert_eq!(svg, encode(&puzzle, None));
    }

    /// The border of a `rows`×`cols` grid as an answer.
    fn border(rows: u32, cols: u32) -> Solution {
        let grid = Grid::new(rows, cols);
        let mut states = vec![EdgeState::Cross; grid.edge_count()];
        for c in 0..cols {
            states[grid.horizontal(0, c).0 as usize] = EdgeState::Line;
            states[grid.horizontal(rows, c).0 as usize] = EdgeState::Line;
        }
        for r in 0..rows {
            states[grid.vertical(r, 0).0 as usize] = EdgeState::Line;
            states[grid.vertical(r, cols).0 as usize] = EdgeState::Line;
        }
        Solution { grid, states }
    }

    #[test]
    fn a_60_by_60_board_keeps_its_cells_legible() {
        let mut puzzle = puzzle(NONE);
        puzzle.rows = 60;
        puzzle.cols = 60;
        puzzle.clues = vec![Some(2); 3600];
        let grid = puzzle.grid();
        let far = grid.cell(59, 59);
        let conflict = Conflict {
            clues: vec![Cell(0), far],
            minimal: false,
            fix: Some((far, Some(3))),
            fix_searched: false,
        };
        let (_, root) = drawn(&puzzle, &Finding::Conflict(conflict));
        // Two caption lines: the set and the fix.
        let height = 60 * STEP + 2 * MARGIN + 2 * LINE;
        assert_eq!(size(&root), (60 * STEP + 2 * MARGIN, height));
        let marks = with_class(&root, "conflict");
        let last = (marks[1].num("x") - 3, marks[1].num("y") - 3);
        assert_eq!(cell_at(&grid, single_origin(), last.0, last.1), far);
        // Both answers: the border loop of each, a region at the far corner.
        let region = Region {
            edges: grid.cell_edges(far).to_vec(),
            cells: vec![far],
            clue: None,
        };
        let difference = Difference {
            answers: [border(60, 60), border(60, 60)],
            regions: vec![region],
            unique_with: None,
        };
        let root = check_difference(&puzzle, &difference);
        // The labels, then two caption lines: the regions, no one clue.
        let height = 60 * STEP + 2 * MARGIN + 3 * LINE;
        assert_eq!(size(&root), (2 * 60 * STEP + GAP + 2 * MARGIN, height));
        // The clues keep svg's 24 pixels in 40-pixel cells.
        let fonts = root.all().into_iter().filter_map(|e| e.attr("font-size"));
        assert!(fonts.clone().any(|f| f == "24"));
        assert!(fonts
            .map(|f| f.parse::<u32>().unwrap())
            .all(|f| f >= FIX_SIZE));
    }

    #[test]
    fn the_reader_finds_what_is_not_well_formed() {
        let good = "<svg a=\"1\" b=\"&amp;&#60;\">x<g/><t>y</t>\n</svg>\n";
        assert!(xml::parse(good).is_ok());
        for bad in [
            "<svg><g></svg>",
            "<svg></g>",
            "<svg a=\"1\" a=\"2\"/>",
            "<svg a=1/>",
            "<svg a=\"<\"/>",
            "<svg>&</svg>",
            "<svg>&nbsp;</svg>",
            "<svg/><svg/>",
            "<svg>",
            "<svg a=\"1\"b=\"2\"/>",
            "text",
        ] {
            assert!(xml::parse(bad).is_err(), "{bad}");
        }
        // svg's own pictures, solved and not, pass it.
        let puzzle = puzzle("2 3 3 2 3 . . .");
        let answer = match crate::engine::solve::solve(&puzzle).outcome {
            crate::Outcome::Unique(s) | crate::Outcome::Multiple(s) => s,
            other => panic!("{other:?}"),
        };
        for svg in [
            encode(&puzzle, Some(answer.states())),
            encode(&puzzle, None),
        ] {
            xml::parse(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
        }
    }
}
