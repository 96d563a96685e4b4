//! The edge-state board of a puzzle on any planar graph: every edge unknown,
//! line or cross, every change through [`GraphBoard::set`], which keeps the
//! counts right and reports a broken rule as a value.
//!
//! Invariants kept by `set` and `undo_to`:
//! - `face_lines`/`face_open` and `dot_lines`/`dot_open` count the lines and
//!   the unknown edges round each face and dot;
//! - `unmet` counts clued faces whose lines differ from the clue;
//! - the lines form paths and at most one closed loop; a dot at the end of a
//!   path (one line) has `partner` = the dot at the path's other end, and
//!   `length` = the path's number of lines (Loopy's "path ends");
//! - `closed` is the length of the loop once one is closed: then every line
//!   is on it;
//! - every change goes on the trail (the propagation's queue), and
//!   `undo_to(mark)` restores the board as it was at `mark`.
//!
//! A `set` that breaks a rule still makes the change and returns `Err`; the
//! caller undoes to a mark or drops the board.

use crate::graph::{Dot, Edge, Face, Graph};
use crate::slink::board::EdgeState;

/// The board cannot be completed: the last change broke a rule at this edge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Broken(pub(crate) Edge);

/// A clue-less face in `clues`.
const NO_CLUE: u8 = u8::MAX;

/// What a line changed beyond counts, to be put back on undo: the two path
/// ends it joined, with their partners and lengths before.
#[derive(Clone, Copy, Debug)]
struct Join {
    ends: [Dot; 2],
    partners: [Dot; 2],
    lengths: [u32; 2],
    closed: Option<u32>,
}

/// A board over a graph.
#[derive(Clone, Debug)]
pub(crate) struct GraphBoard<'g> {
    graph: &'g Graph,
    clues: Vec<u8>,
    states: Vec<EdgeState>,
    face_lines: Vec<u8>,
    face_open: Vec<u8>,
    dot_lines: Vec<u8>,
    dot_open: Vec<u8>,
    partner: Vec<Dot>,
    length: Vec<u32>,
    unmet: usize,
    lines: u32,
    closed: Option<u32>,
    trail: Vec<Edge>,
    joins: Vec<Join>,
    /// For a line: its join's place in `joins`.
    join_of: Vec<u32>,
}

impl<'g> GraphBoard<'g> {
    /// A board with every edge unknown.
    pub(crate) fn new(graph: &'g Graph, clues: &[Option<u8>]) -> GraphBoard<'g> {
        let face_open: Vec<u8> = graph.faces().map(|f| graph.sides(f).len() as u8).collect();
        let dot_open: Vec<u8> = graph
            .dots()
            .map(|d| graph.dot_edges(d).len() as u8)
            .collect();
        let clues: Vec<u8> = clues.iter().map(|c| c.unwrap_or(NO_CLUE)).collect();
        GraphBoard {
            graph,
            unmet: clues.iter().filter(|&&c| c != NO_CLUE && c != 0).count(),
            clues,
            states: vec![EdgeState::Unknown; graph.edge_count()],
            face_lines: vec![0; graph.face_count()],
            face_open,
            dot_lines: vec![0; graph.dot_count()],
            dot_open,
            partner: graph.dots().collect(),
            length: vec![0; graph.dot_count()],
            lines: 0,
            closed: None,
            trail: Vec::new(),
            joins: Vec::new(),
            join_of: vec![0; graph.edge_count()],
        }
    }

    /// The graph.
    pub(crate) fn graph(&self) -> &'g Graph {
        self.graph
    }

    /// An edge's state.
    pub(crate) fn state(&self, edge: Edge) -> EdgeState {
        self.states[edge.0 as usize]
    }

    /// Every edge's state.
    pub(crate) fn states(&self) -> &[EdgeState] {
        &self.states
    }

    /// A face's clue.
    pub(crate) fn clue(&self, face: Face) -> Option<u8> {
        Some(self.clues[face.0 as usize]).filter(|&c| c != NO_CLUE)
    }

    /// Lines round a face.
    pub(crate) fn face_lines(&self, face: Face) -> u8 {
        self.face_lines[face.0 as usize]
    }

    /// Unknown edges round a face.
    pub(crate) fn face_open(&self, face: Face) -> u8 {
        self.face_open[face.0 as usize]
    }

    /// Lines at a dot.
    pub(crate) fn dot_lines(&self, dot: Dot) -> u8 {
        self.dot_lines[dot.0 as usize]
    }

    /// Unknown edges at a dot.
    pub(crate) fn dot_open(&self, dot: Dot) -> u8 {
        self.dot_open[dot.0 as usize]
    }

    /// For a dot at a path's end, the path's other end and its length.
    pub(crate) fn path_end(&self, dot: Dot) -> (Dot, u32) {
        (self.partner[dot.0 as usize], self.length[dot.0 as usize])
    }

    /// The two path ends a line joined when it was set (each maybe joined on
    /// since).
    pub(crate) fn ends_joined_by(&self, line: Edge) -> [Dot; 2] {
        self.joins[self.join_of[line.0 as usize] as usize].ends
    }

    /// How many lines.
    pub(crate) fn lines(&self) -> u32 {
        self.lines
    }

    /// How many clues are not met.
    pub(crate) fn unmet(&self) -> usize {
        self.unmet
    }

    /// The closed loop's length, once a loop is closed.
    pub(crate) fn closed(&self) -> Option<u32> {
        self.closed
    }

    /// Every change so far, in order.
    pub(crate) fn trail(&self) -> &[Edge] {
        &self.trail
    }

    /// Where the trail is now, to undo back to.
    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Whether the loop is done: closed, with every clue met.
    pub(crate) fn is_solved(&self) -> bool {
        self.closed.is_some() && self.unmet == 0
    }

    /// Sets an unknown edge (a decided one stays as it is: `Ok(false)`, or
    /// `Err` when the other value was asked).
    pub(crate) fn set(&mut self, edge: Edge, to: EdgeState) -> Result<bool, Broken> {
        let now = self.states[edge.0 as usize];
        if now == to {
            return Ok(false);
        }
        if now != EdgeState::Unknown {
            return Err(Broken(edge));
        }
        self.states[edge.0 as usize] = to;
        self.trail.push(edge);
        let ends = self.graph.ends(edge);
        let mut ok = true;
        let line = to == EdgeState::Line;
        for face in ends.faces.iter().flatten() {
            let f = face.0 as usize;
            self.face_open[f] -= 1;
            let clue = self.clues[f];
            if line {
                if clue != NO_CLUE {
                    let was_met = self.face_lines[f] == clue;
                    self.face_lines[f] += 1;
                    let met = self.face_lines[f] == clue;
                    self.unmet = self.unmet + usize::from(was_met) - usize::from(met);
                } else {
                    self.face_lines[f] += 1;
                }
            }
            if clue != NO_CLUE
                && (self.face_lines[f] > clue || self.face_lines[f] + self.face_open[f] < clue)
            {
                ok = false;
            }
        }
        for dot in ends.dots {
            let d = dot.0 as usize;
            self.dot_open[d] -= 1;
            if line {
                self.dot_lines[d] += 1;
            }
            if self.dot_lines[d] > 2 || (self.dot_lines[d] == 1 && self.dot_open[d] == 0) {
                ok = false;
            }
        }
        if line {
            self.lines += 1;
            self.join_of[edge.0 as usize] = self.joins.len() as u32;
            if !self.join(ends.dots) {
                ok = false;
            }
        }
        // Once a loop is closed, it must hold every line and meet every clue.
        if self
            .closed
            .is_some_and(|length| length != self.lines || self.unmet > 0)
        {
            ok = false;
        }
        if ok {
            Ok(true)
        } else {
            Err(Broken(edge))
        }
    }

    /// Joins the paths ending at `a` and `b` by a new line (counts already
    /// made); false if that closes a loop while other lines exist.
    fn join(&mut self, [a, b]: [Dot; 2]) -> bool {
        // A dot that has just got its first line is a path of its own.
        let end = |board: &Self, d: Dot| {
            if board.dot_lines[d.0 as usize] == 1 {
                (d, 0)
            } else {
                (board.partner[d.0 as usize], board.length[d.0 as usize])
            }
        };
        let (ea, la) = end(self, a);
        let (eb, lb) = end(self, b);
        let join = Join {
            ends: [ea, eb],
            partners: [self.partner[ea.0 as usize], self.partner[eb.0 as usize]],
            lengths: [self.length[ea.0 as usize], self.length[eb.0 as usize]],
            closed: self.closed,
        };
        self.joins.push(join);
        if ea == b && eb == a {
            // The line joins a path's two ends: a loop.
            self.closed = Some(la + 1);
            return self.closed == Some(self.lines);
        }
        let length = la + lb + 1;
        self.partner[ea.0 as usize] = eb;
        self.partner[eb.0 as usize] = ea;
        self.length[ea.0 as usize] = length;
        self.length[eb.0 as usize] = length;
        true
    }

    /// Undoes every change after `mark`, last first.
    pub(crate) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let edge = self.trail.pop().expect("the trail is longer than the mark");
            let line = self.states[edge.0 as usize] == EdgeState::Line;
            self.states[edge.0 as usize] = EdgeState::Unknown;
            let ends = self.graph.ends(edge);
            if line {
                let join = self.joins.pop().expect("a join for every line");
                for k in 0..2 {
                    let e = join.ends[k].0 as usize;
                    self.partner[e] = join.partners[k];
                    self.length[e] = join.lengths[k];
                }
                self.closed = join.closed;
                self.lines -= 1;
            }
            for face in ends.faces.iter().flatten() {
                let f = face.0 as usize;
                self.face_open[f] += 1;
                if line {
                    let clue = self.clues[f];
                    let was_met = clue != NO_CLUE && self.face_lines[f] == clue;
                    self.face_lines[f] -= 1;
                    let met = clue != NO_CLUE && self.face_lines[f] == clue;
                    self.unmet = self.unmet + usize::from(was_met) - usize::from(met);
                }
            }
            for dot in ends.dots {
                let d = dot.0 as usize;
                self.dot_open[d] += 1;
                if line {
                    self.dot_lines[d] -= 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::restarts::SplitMix;

    /// What a board knows, to compare two boards by.
    fn summary(board: &GraphBoard) -> String {
        let g = board.graph();
        let ends: Vec<(Dot, u32)> = g
            .dots()
            .filter(|&d| board.dot_lines(d) == 1)
            .map(|d| board.path_end(d))
            .collect();
        format!(
            "{:?} {:?} {:?} {:?} {:?} {ends:?} {} {} {:?}",
            board.states,
            board.face_lines,
            board.face_open,
            board.dot_lines,
            board.dot_open,
            board.unmet,
            board.lines,
            board.closed
        )
    }

    /// Random steps and undos on Loopy's grids leave each board as a fresh
    /// one that made only the steps kept, in order; a broken step is
    /// undone at once.
    #[test]
    fn undo_restores_what_a_replay_makes() {
        let fixtures = crate::graph::fixtures::fixtures();
        let mut rng = SplitMix(54);
        for fixture in fixtures
            .iter()
            .filter(|f| f.made_by.starts_with("7x7"))
            .step_by(3)
        {
            let puzzle = crate::graph::fixtures::graph_of(&fixture.id);
            let g = &puzzle.graph;
            let mut board = GraphBoard::new(g, &puzzle.clues);
            let mut marks = Vec::new();
            for _ in 0..400 {
                if rng.below(5) == 0 {
                    if let Some(mark) = marks.pop() {
                        board.undo_to(mark);
                    }
                } else {
                    let edge = Edge(rng.below(g.edge_count() as u64) as u32);
                    if board.state(edge) != EdgeState::Unknown {
                        continue;
                    }
                    let to = if rng.below(3) == 0 {
                        EdgeState::Line
                    } else {
                        EdgeState::Cross
                    };
                    let mark = board.mark();
                    if board.set(edge, to).is_err() {
                        board.undo_to(mark);
                        continue;
                    }
                    marks.push(mark);
                }
                let mut replay = GraphBoard::new(g, &puzzle.clues);
                for &e in board.trail() {
                    assert!(replay.set(e, board.state(e)).is_ok(), "{}", fixture.made_by);
                }
                assert_eq!(summary(&replay), summary(&board), "{}", fixture.made_by);
            }
        }
    }
}
