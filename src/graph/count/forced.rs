//! Edges the clues force on any graph, found before the count so that it
//! branches only where answers can differ.
//!
//! The plainest reasoning: a face with as many lines as its clue has no
//! more, and one with as many sides left as its clue lacks takes them all;
//! a dot with two lines has no more, one with a line and a single edge left
//! takes it, and one with no line and a single edge left has none; a line
//! that would close a loop while other lines lie outside it cannot be, and
//! once the loop is closed no other edge is a line. Then trials: an edge
//! that, drawn as a line (or left empty), makes that reasoning contradict
//! itself is the other way in every answer. Each deduction is true of every
//! answer, so the count is unchanged; on a well-clued puzzle they decide
//! most edges, and the count's states stay few. (The count's own
//! reasoning, sharing nothing with the solver.)

use crate::graph::{Dot, Edge, Face, Graph};

/// An edge's state, as far as this reasoning goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Forced {
    /// Either way.
    Open,
    /// A line in every answer.
    Line,
    /// Empty in every answer.
    Empty,
}

/// The forced state of every edge of `graph` with `clues` (face by face),
/// or `None` when the clues contradict themselves (no answer).
pub(super) fn forced(graph: &Graph, clues: &[Option<u8>]) -> Option<Vec<Forced>> {
    reason(graph, clues, true)
}

/// [`forced`], with trials or without.
pub(super) fn reason(graph: &Graph, clues: &[Option<u8>], trials: bool) -> Option<Vec<Forced>> {
    let mut edges = Edges::new(graph, clues);
    // Every face and dot looked at once; then those an edge set touches.
    edges.queue.extend(graph.faces().map(Item::Face));
    edges.queue.extend(graph.dots().map(Item::Dot));
    edges.settle()?;
    // Trials until none decides anything more.
    let mut changed = trials;
    while changed {
        changed = false;
        for edge in graph.edges() {
            for state in [Forced::Line, Forced::Empty] {
                if edges.states[edge.0 as usize] != Forced::Open {
                    break;
                }
                // A trial keeps a trail of what it changes, to undo it.
                edges.trail = Some(Vec::new());
                let holds = edges.set(edge, state).is_some() && edges.settle().is_some();
                edges.undo();
                if holds {
                    continue;
                }
                let other = match state {
                    Forced::Line => Forced::Empty,
                    _ => Forced::Line,
                };
                edges.set(edge, other)?;
                edges.settle()?;
                changed = true;
            }
        }
    }
    Some(edges.states)
}

/// A face or dot to look at again, or every edge once the loop is closed.
#[derive(Clone, Copy, Debug)]
enum Item {
    Face(Face),
    Dot(Dot),
    Closed,
}

/// A change a trial undoes.
#[derive(Clone, Copy, Debug)]
enum Change {
    /// An edge set (it was open).
    Edge(Edge),
    /// A path's end, with what it held before: its far end and length.
    End(Dot, Dot, u32),
    /// The loop closed.
    Closed,
}

/// The edges' states as the reasoning goes: the paths the lines make, what
/// it has still to look at and, in a trial, what it has changed.
struct Edges<'a> {
    graph: &'a Graph,
    clues: &'a [Option<u8>],
    states: Vec<Forced>,
    /// For a dot at an end of a path of lines (one line), the dot at its
    /// other end; for a dot with no line, itself.
    far: Vec<Dot>,
    /// For a dot at an end of a path, the path's number of lines.
    length: Vec<u32>,
    /// How many lines in all.
    lines: u32,
    /// Whether the lines have closed into a loop.
    closed: bool,
    queue: Vec<Item>,
    trail: Option<Vec<Change>>,
}

impl<'a> Edges<'a> {
    /// Every edge open.
    fn new(graph: &'a Graph, clues: &'a [Option<u8>]) -> Edges<'a> {
        Edges {
            graph,
            clues,
            states: vec![Forced::Open; graph.edge_count()],
            far: graph.dots().collect(),
            length: vec![0; graph.dot_count()],
            lines: 0,
            closed: false,
            queue: Vec::new(),
            trail: None,
        }
    }

    /// Ends a trial: what it changed undone, nothing left to look at.
    fn undo(&mut self) {
        for change in self.trail.take().unwrap_or_default().into_iter().rev() {
            match change {
                Change::Edge(edge) => {
                    if self.states[edge.0 as usize] == Forced::Line {
                        self.lines -= 1;
                    }
                    self.states[edge.0 as usize] = Forced::Open;
                }
                Change::End(dot, far, length) => {
                    self.far[dot.0 as usize] = far;
                    self.length[dot.0 as usize] = length;
                }
                Change::Closed => self.closed = false,
            }
        }
        self.queue.clear();
    }

    fn log(&mut self, change: Change) {
        if let Some(trail) = &mut self.trail {
            trail.push(change);
        }
    }

    /// Sets `edge` to `state` (the faces and dots round it to be looked at
    /// again); `None` when it is the other way already, or when the line
    /// closes a loop with other lines outside it.
    fn set(&mut self, edge: Edge, state: Forced) -> Option<()> {
        let now = self.states[edge.0 as usize];
        if now == state {
            return Some(());
        }
        if now != Forced::Open {
            return None;
        }
        self.states[edge.0 as usize] = state;
        self.log(Change::Edge(edge));
        let ends = self.graph.ends(edge);
        self.queue
            .extend(ends.faces.iter().flatten().map(|&f| Item::Face(f)));
        self.queue.extend(ends.dots.iter().map(|&d| Item::Dot(d)));
        if state == Forced::Line {
            self.lines += 1;
            self.join(ends.dots[0], ends.dots[1])?;
        }
        Some(())
    }

    /// A line from `u` to `v`: their paths become one, or the loop closes.
    fn join(&mut self, u: Dot, v: Dot) -> Option<()> {
        // A dot with two lines already is no end: its own rule refuses a
        // third line, and no line comes after the loop.
        if self.closed || self.lines_at(u) > 2 || self.lines_at(v) > 2 {
            return None;
        }
        let (a, b) = (self.far[u.0 as usize], self.far[v.0 as usize]);
        if a == v {
            // The loop closes: every line must be on it, and every other
            // edge is empty.
            if self.lines != self.length[u.0 as usize] + 1 {
                return None;
            }
            self.closed = true;
            self.log(Change::Closed);
            self.queue.push(Item::Closed);
            return Some(());
        }
        let length = self.length[u.0 as usize] + self.length[v.0 as usize] + 1;
        for end in [a, b] {
            let (far, was) = (self.far[end.0 as usize], self.length[end.0 as usize]);
            self.log(Change::End(end, far, was));
        }
        self.far[a.0 as usize] = b;
        self.far[b.0 as usize] = a;
        self.length[a.0 as usize] = length;
        self.length[b.0 as usize] = length;
        // The edge that would close this path is empty while other lines
        // lie outside it.
        if self.lines > length {
            let closing = self.graph.dot_edges(a).iter().copied();
            for e in closing.filter(|&e| self.graph.other_dot(e, a) == b) {
                if self.states[e.0 as usize] == Forced::Open {
                    self.set(e, Forced::Empty)?;
                }
            }
        }
        Some(())
    }

    /// How many lines meet at `dot`.
    fn lines_at(&self, dot: Dot) -> usize {
        self.count(self.graph.dot_edges(dot), Forced::Line)
    }

    /// Looks at every face and dot queued until none forces anything;
    /// `None` at a contradiction.
    fn settle(&mut self) -> Option<()> {
        while let Some(item) = self.queue.pop() {
            match item {
                Item::Face(f) => {
                    if let Some(clue) = self.clues[f.0 as usize] {
                        self.between(self.graph.sides(f), clue, clue)?;
                    }
                }
                Item::Dot(d) => {
                    let around = self.graph.dot_edges(d);
                    // A dot has no line or two: with a line, exactly two;
                    // without, a single edge left cannot be one.
                    if self.count(around, Forced::Line) > 0 {
                        self.between(around, 2, 2)?;
                    } else if self.count(around, Forced::Open) == 1 {
                        self.between(around, 0, 0)?;
                    }
                }
                Item::Closed => {
                    for e in self.graph.edges() {
                        if self.states[e.0 as usize] == Forced::Open {
                            self.set(e, Forced::Empty)?;
                        }
                    }
                }
            }
        }
        Some(())
    }

    /// How many of `edges` are in `state`.
    fn count(&self, edges: &[Edge], state: Forced) -> usize {
        let states = &self.states;
        edges
            .iter()
            .filter(|e| states[e.0 as usize] == state)
            .count()
    }

    /// Makes `edges` hold between `least` and `most` lines where that
    /// forces them: with `most` lines the rest are empty, with `least` lines
    /// less than the lines and open edges the open ones are lines. `None`
    /// when they cannot.
    fn between(&mut self, edges: &[Edge], least: u8, most: u8) -> Option<()> {
        let lines = self.count(edges, Forced::Line);
        let open = self.count(edges, Forced::Open);
        let (least, most) = (usize::from(least), usize::from(most));
        if lines > most || lines + open < least {
            return None;
        }
        let to = if lines == most {
            Forced::Empty
        } else if lines + open == least {
            Forced::Line
        } else {
            return Some(());
        };
        for &e in edges {
            if self.states[e.0 as usize] == Forced::Open {
                self.set(e, to)?;
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{Builder, Face};
    use Forced::{Empty, Line, Open};

    /// A row of three unit squares.
    fn row() -> Graph {
        let mut b = Builder::new();
        for x in 0..3 {
            b.face(&[(x, 0), (x + 1, 0), (x + 1, 1), (x, 1)]);
        }
        b.finish()
    }

    /// Face `f`'s sides in turn (top, right, bottom, left) as forced.
    fn sides(g: &Graph, forced: &[Forced], f: u32) -> Vec<Forced> {
        g.sides(Face(f))
            .iter()
            .map(|e| forced[e.0 as usize])
            .collect()
    }

    /// A 0 empties its sides, and dots then empty the edges that would
    /// only lead into it; a 4 takes its four; a lone 2 forces nothing.
    #[test]
    fn clues_and_dots_force_edges() {
        let g = row();
        let forced = forced(&g, &[Some(0), None, Some(4)]).expect("no contradiction");
        assert_eq!(sides(&g, &forced, 0), [Empty; 4]);
        assert_eq!(sides(&g, &forced, 1), [Empty, Line, Empty, Empty]);
        assert_eq!(sides(&g, &forced, 2), [Line; 4]);
        let forced = super::forced(&g, &[None, Some(2), None]).expect("no contradiction");
        assert_eq!(sides(&g, &forced, 1), [Open; 4]);
    }

    /// A 2×2 grid of squares.
    fn block() -> Graph {
        let mut b = Builder::new();
        for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            b.face(&[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]);
        }
        b.finish()
    }

    /// A 3 in a corner: without its two outer sides the corner dot would
    /// leave it two sides at most, so a trial finds both lines, which the
    /// plain reasoning alone does not.
    #[test]
    fn trials_force_what_the_plain_reasoning_does_not() {
        let g = block();
        let clues = [Some(3), None, None, None];
        let plain = reason(&g, &clues, false).expect("no contradiction");
        assert!(plain.iter().all(|&s| s == Open));
        let tried = forced(&g, &clues).expect("no contradiction");
        assert_eq!(sides(&g, &tried, 0), [Line, Open, Open, Line]);
    }

    /// The loop rule: three sides of a square drawn make a path whose
    /// ends the fourth would join; with a line elsewhere it is empty, and
    /// without, it may close the answer. Once closed, every other edge is
    /// empty.
    #[test]
    fn a_line_closing_a_loop_short_is_empty() {
        let g = block();
        let clues = [None; 4];
        let side = |f: u32, k: usize| g.sides(Face(f))[k];
        let mut edges = Edges::new(&g, &clues);
        // Face 3's right side, then three sides of face 0.
        for edge in [side(3, 1), side(0, 0), side(0, 1), side(0, 2)] {
            edges.set(edge, Line).expect("a line");
        }
        assert_eq!(edges.states[side(0, 3).0 as usize], Empty);
        let mut edges = Edges::new(&g, &clues);
        for edge in [side(0, 0), side(0, 1), side(0, 2)] {
            edges.set(edge, Line).expect("a line");
        }
        assert_eq!(edges.states[side(0, 3).0 as usize], Open);
        edges.set(side(0, 3), Line).expect("the loop closes");
        edges.settle().expect("no contradiction");
        assert_eq!(edges.states.iter().filter(|&&s| s == Line).count(), 4);
        assert_eq!(edges.states.iter().filter(|&&s| s == Empty).count(), 8);
        // A line after the loop: none.
        let mut edges = Edges::new(&g, &clues);
        for edge in [side(0, 0), side(0, 1), side(0, 2), side(0, 3)] {
            edges.set(edge, Line).expect("a line");
        }
        assert_eq!(edges.set(side(3, 1), Line), None);
    }

    /// Clues that cannot hold together: none.
    #[test]
    fn contradictions_are_found() {
        let g = row();
        assert_eq!(forced(&g, &[Some(4), Some(4), None]), None);
        assert_eq!(forced(&g, &[Some(4), Some(0), None]), None);
        // A 3 at the end of the row beside a 0: its lines would meet a dot
        // with no other way on.
        assert_eq!(forced(&g, &[Some(3), Some(0), None]), None);
        assert!(forced(&g, &[None, None, None]).is_some());
    }
}
