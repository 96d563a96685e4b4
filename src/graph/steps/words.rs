//! The words of the steps of Loopy's solver: a face by its number and a
//! point inside it, a dot and an edge by where they are, a step as one line
//! `[tag] name at place: edges` with what it knew and rests on below it.

use super::{Broke, Conflict, Fact, Known, Place, Step, Technique};
use crate::graph::{Dot, Edge, Face, Graph, Point};
use crate::slink::board::EdgeState;

/// The most edges a `because` line names; more are counted.
const BECAUSE_SHOWN: usize = 12;

/// The widest a `because` or `knowing` line grows before it goes on below.
const WIDTH: usize = 72;

/// How the steps name things on a grid: a face by its number and a point
/// inside it, a dot and an edge by where they are (the grid's own integer
/// units, x right and y down).
pub(crate) struct Names<'a> {
    graph: &'a Graph,
    clues: &'a [Option<u8>],
}

impl<'a> Names<'a> {
    pub(crate) fn new(graph: &'a Graph, clues: &'a [Option<u8>]) -> Names<'a> {
        Names { graph, clues }
    }

    /// `(x1,y1)-(x2,y2)`: an edge by its two dots.
    pub(crate) fn edge(&self, edge: Edge) -> String {
        let [a, b] = self.graph.ends(edge).dots;
        format!(
            "{}-{}",
            point(self.graph.point(a)),
            point(self.graph.point(b))
        )
    }

    /// `face 12 at (x,y)`, and `, a 3` when it has a clue: its number in
    /// Loopy's order and its centroid, rounded.
    pub(crate) fn face(&self, face: Face) -> String {
        let at = point(face_point(self.graph, face));
        match self.clues.get(face.0 as usize).copied().flatten() {
            Some(clue) => format!("face {} at {at}, a {clue}", face.0),
            None => format!("face {} at {at}", face.0),
        }
    }

    /// `dot (x,y)`.
    pub(crate) fn dot(&self, dot: Dot) -> String {
        format!("dot {}", point(self.graph.point(dot)))
    }

    /// `X line, Y cross`.
    pub(crate) fn set(&self, set: &[(Edge, EdgeState)]) -> String {
        let words: Vec<String> = set.iter().map(|&(e, s)| self.decided(e, s)).collect();
        words.join(", ")
    }

    /// `X line` or `X cross`.
    pub(crate) fn decided(&self, edge: Edge, state: EdgeState) -> String {
        format!("{} {}", self.edge(edge), state_word(state))
    }

    /// A step as `--explain` writes it: `[tag] name at place: edges`, then
    /// what it knew of pairs and classes, then the edges it rests on.
    pub(crate) fn step(&self, step: &Step, indent: &str) -> String {
        let mut text = format!(
            "{indent}{}: {}\n",
            self.head(step.technique, step.at),
            self.set(&step.set)
        );
        text.push_str(&self.reasons(&step.knowing, &step.because, indent));
        text
    }

    /// Where a run broke: `contradiction: [tag] name at place: what`, and
    /// what it rests on.
    pub(crate) fn broke(&self, broke: &Broke, indent: &str) -> String {
        let mut text = format!(
            "{indent}contradiction: {}: {}\n",
            self.head(broke.technique, broke.at),
            self.conflict(broke.conflict)
        );
        text.push_str(&self.reasons(&broke.knowing, &broke.because, indent));
        text
    }

    /// `[tag] name at place`.
    fn head(&self, technique: Technique, at: Place) -> String {
        let place = match at {
            Place::Face(face) => format!(" at {}", self.face(face)),
            Place::Dot(dot) => format!(" at {}", self.dot(dot)),
            Place::Edges => String::new(),
        };
        format!("[{}] {}{place}", technique.tag(), technique.name())
    }

    /// The `knowing:` and `because` lines under a step.
    fn reasons(&self, knowing: &[Known], because: &[(Edge, EdgeState)], indent: &str) -> String {
        let mut text = String::new();
        if !knowing.is_empty() {
            text.push_str(&wrapped(indent, "knowing:", &self.facts(knowing), ";"));
        }
        if !because.is_empty() {
            let mut words: Vec<String> = because
                .iter()
                .take(BECAUSE_SHOWN)
                .map(|&(e, s)| self.decided(e, s))
                .collect();
            if because.len() > BECAUSE_SHOWN {
                words.push(format!("and {} more", because.len() - BECAUSE_SHOWN));
            }
            text.push_str(&wrapped(indent, "because", &words, ","));
        }
        text
    }

    /// Facts in words; a pair known to hold at most one line and at least
    /// one is said to hold exactly one; a fact a face's bounds taught is
    /// followed by the face.
    fn facts(&self, facts: &[Known]) -> Vec<String> {
        let pair = |f: Fact| match f {
            Fact::AtMostOne(a, b) | Fact::AtLeastOne(a, b) => Some((a.min(b), a.max(b))),
            _ => None,
        };
        let mut words = Vec::new();
        for (i, known) in facts.iter().enumerate() {
            let fact = known.fact;
            let twin = |other: &Known| other.fact != fact && pair(other.fact) == pair(fact);
            let mut by = known.by;
            let said = match fact {
                Fact::AtMostOne(..) | Fact::AtLeastOne(..) if facts[..i].iter().any(twin) => {
                    continue
                }
                Fact::AtMostOne(a, b) | Fact::AtLeastOne(a, b) if facts[i..].iter().any(twin) => {
                    by = by.or(facts[i..].iter().find(|k| twin(k)).and_then(|k| k.by));
                    self.of(a, b, "exactly one")
                }
                Fact::AtMostOne(a, b) => self.of(a, b, "at most one"),
                Fact::AtLeastOne(a, b) => self.of(a, b, "at least one"),
                Fact::Equal(a, b) => format!("{} and {} are equal", self.edge(a), self.edge(b)),
                Fact::Opposite(a, b) => {
                    format!("{} and {} are opposite", self.edge(a), self.edge(b))
                }
            };
            words.push(match by {
                Some(face) => format!("{said} (by {})", self.face(face)),
                None => said,
            });
        }
        words
    }

    /// `of A and B, HOW is a line`.
    fn of(&self, a: Edge, b: Edge, how: &str) -> String {
        format!("of {} and {}, {how} is a line", self.edge(a), self.edge(b))
    }

    /// What was wrong, in words.
    fn conflict(&self, conflict: Conflict) -> String {
        match conflict {
            Conflict::Set(edge, state) => format!(
                "cannot set {}: it is {}",
                self.decided(edge, state),
                article(state.opposite())
            ),
            Conflict::Relation(a, b, opposite) => {
                let (want, known) = match opposite {
                    true => ("opposite", "equal"),
                    false => ("equal", "opposite"),
                };
                format!(
                    "cannot make {} and {} {want}: they are {known}",
                    self.edge(a),
                    self.edge(b)
                )
            }
            Conflict::FaceLines { lines, clue } => format!("{lines} lines round its {clue}"),
            Conflict::FaceCrosses {
                crosses,
                sides,
                clue,
            } => format!("{crosses} of its {sides} sides crossed, too many for its {clue}"),
            Conflict::DotLines(lines) => format!("{lines} lines at the dot"),
            Conflict::DeadEnd => "a line ends there, with no edge left".to_string(),
            Conflict::RestAtLeast(edge, least) => format!(
                "besides {}, its sides hold at least {least} lines, more than its clue",
                self.edge(edge)
            ),
            Conflict::RestAtMost(edge, most) => format!(
                "besides {}, its sides hold at most {most} lines, two short of its clue or more",
                self.edge(edge)
            ),
        }
    }
}

/// `(x,y)`.
fn point((x, y): Point) -> String {
    format!("({x},{y})")
}

/// `line`, `cross` or `unknown`.
fn state_word(state: EdgeState) -> &'static str {
    match state {
        EdgeState::Line => "line",
        EdgeState::Cross => "cross",
        EdgeState::Unknown => "unknown",
    }
}

/// `a line` or `a cross`.
fn article(state: EdgeState) -> &'static str {
    match state {
        EdgeState::Line => "a line",
        _ => "a cross",
    }
}

/// A face's centroid (of its area, not its corners), rounded to the grid's
/// units: inside the face on every grid of Loopy's, the Penrose darts too
/// (the test below holds it to that).
pub(crate) fn face_point(graph: &Graph, face: Face) -> Point {
    let corners: Vec<(f64, f64)> = graph
        .corners(face)
        .iter()
        .map(|&d| {
            let (x, y) = graph.point(d);
            (x as f64, y as f64)
        })
        .collect();
    let n = corners.len();
    let (mut area, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for k in 0..n {
        let ((x0, y0), (x1, y1)) = (corners[k], corners[(k + 1) % n]);
        let cross = x0 * y1 - x1 * y0;
        area += cross;
        cx += (x0 + x1) * cross;
        cy += (y0 + y1) * cross;
    }
    if area == 0.0 {
        // No area (never on a grid): the mean of the corners.
        let (sx, sy) = corners
            .iter()
            .fold((0.0, 0.0), |(sx, sy), &(x, y)| (sx + x, sy + y));
        return (
            (sx / n as f64).round() as i64,
            (sy / n as f64).round() as i64,
        );
    }
    (
        (cx / (3.0 * area)).round() as i64,
        (cy / (3.0 * area)).round() as i64,
    )
}

/// `{indent}  LEAD word, word, …` over as many lines as keep each under
/// [`WIDTH`], the words after the first line lined up under the first.
fn wrapped(indent: &str, lead: &str, words: &[String], separator: &str) -> String {
    let mut text = format!("{indent}  {lead}");
    let hang = indent.len() + 3 + lead.len();
    let mut width = text.chars().count();
    for (i, word) in words.iter().enumerate() {
        let sep = if i + 1 < words.len() { separator } else { "" };
        let len = word.chars().count() + sep.len();
        if width + 1 + len > WIDTH && i > 0 {
            text.push('\n');
            text.push_str(&" ".repeat(hang));
            width = hang;
        } else {
            text.push(' ');
            width += 1;
        }
        text.push_str(word);
        text.push_str(sep);
        width += len;
    }
    text.push('\n');
    text
}
