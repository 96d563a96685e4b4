//! The rules of the learning search, each step with its reason (see the
//! parent module's doc), and the explanations of a broken board.

use super::{lit, Learner, Lit};
use crate::graph::{Dot, Edge, Face};
use crate::slink::board::EdgeState;

impl<'g> Learner<'g> {
    /// Once the loop is closed, every other edge is crossed, because of the
    /// loop.
    pub(super) fn loop_closed(&mut self) -> Result<(), ()> {
        let graph = self.board.graph();
        // Every edge decided: nothing to look for (the first call crossed
        // them all; the later ones, one per edge it crossed, stop here).
        if self.board.mark() == graph.edge_count() {
            return Ok(());
        }
        let open: Vec<Edge> = graph
            .edges()
            .filter(|&e| self.board.state(e) == EdgeState::Unknown)
            .collect();
        if open.is_empty() {
            return Ok(());
        }
        let closer = self
            .closer
            .expect("a closed loop has the line that closed it");
        let lines = self.walk(closer);
        let why = self.keep(lines.into_iter().map(|e| lit(e, true)));
        for edge in open {
            self.imply(lit(edge, false), why)?;
        }
        Ok(())
    }

    /// Connectivity: every line must be reachable from every other along
    /// edges not crossed. When some line is not, the crosses round the
    /// piece that one line reaches part the lines: they, with a line inside
    /// and one outside, are the nogood.
    pub(super) fn one_piece(&mut self) -> Result<(), Vec<Lit>> {
        let board = &self.board;
        let graph = board.graph();
        let first = match board
            .trail()
            .iter()
            .find(|&&e| board.state(e) == EdgeState::Line)
        {
            Some(&line) if board.closed().is_none() => line,
            _ => return Ok(()),
        };
        // The dots the last walk reached are still in one piece unless a
        // cut came since the last walk that passed; only a line off them
        // can then be parted from the others.
        let now = board.mark();
        let cut = self.cuts.newest().is_some_and(|at| at >= self.checked);
        let stray = |e: &Edge| {
            board.state(*e) == EdgeState::Line
                && self.reached[graph.ends(*e).dots[0].0 as usize] != self.stamp
        };
        if !cut && !board.trail()[self.checked.min(now)..].iter().any(stray) {
            self.checked = now;
            return Ok(());
        }
        self.stamp += 1;
        let stamp = self.stamp;
        let mut stack = vec![graph.ends(first).dots[0]];
        self.reached[graph.ends(first).dots[0].0 as usize] = stamp;
        let mut boundary = Vec::new();
        let mut lines = 0;
        while let Some(dot) = stack.pop() {
            for &edge in graph.dot_edges(dot) {
                let other = graph.other_dot(edge, dot);
                match board.state(edge) {
                    EdgeState::Cross => {
                        if self.reached[other.0 as usize] != stamp {
                            boundary.push(lit(edge, false));
                        }
                    }
                    state => {
                        // Each line is met from both its dots.
                        lines += u32::from(state == EdgeState::Line);
                        if self.reached[other.0 as usize] != stamp {
                            self.reached[other.0 as usize] = stamp;
                            stack.push(other);
                        }
                    }
                }
            }
        }
        if lines / 2 == board.lines() {
            self.checked = now;
            return Ok(());
        }
        let reached = &self.reached;
        let outside = board
            .trail()
            .iter()
            .copied()
            .find(|&e| {
                board.state(e) == EdgeState::Line
                    && reached[graph.ends(e).dots[0].0 as usize] != stamp
            })
            .expect("a line the piece does not reach");
        // A cross met from the piece before its far dot was reached is no
        // boundary; keep only those with one dot outside.
        boundary.retain(|&l| {
            let ends = graph.ends(l.edge()).dots;
            (reached[ends[0].0 as usize] == stamp) != (reached[ends[1].0 as usize] == stamp)
        });
        boundary.push(lit(first, true));
        boundary.push(lit(outside, true));
        Err(boundary)
    }

    /// A clue's count.
    pub(super) fn face_rule(&mut self, face: Face) -> Result<(), ()> {
        let clue = match self.board.clue(face) {
            Some(clue) => clue,
            None => return Ok(()),
        };
        let (lines, open) = (self.board.face_lines(face), self.board.face_open(face));
        if open == 0 {
            return Ok(());
        }
        let (to, because) = if lines == clue {
            (false, EdgeState::Line)
        } else if lines + open == clue {
            (true, EdgeState::Cross)
        } else {
            return Ok(());
        };
        let sides = self.board.graph().sides(face);
        let board = &self.board;
        let reason: Vec<Lit> = sides
            .iter()
            .filter(|&&e| board.state(e) == because)
            .map(|&e| lit(e, because == EdgeState::Line))
            .collect();
        let why = self.keep(reason);
        for &side in sides {
            if self.board.state(side) == EdgeState::Unknown {
                self.imply(lit(side, to), why)?;
            }
        }
        Ok(())
    }

    /// A dot's count.
    pub(super) fn dot_rule(&mut self, dot: Dot) -> Result<(), ()> {
        let (lines, open) = (self.board.dot_lines(dot), self.board.dot_open(dot));
        let to = match (lines, open) {
            (_, 0) => return Ok(()),
            (2, _) | (0, 1) => false,
            (1, 1) => true,
            _ => return Ok(()),
        };
        let edges = self.board.graph().dot_edges(dot);
        let board = &self.board;
        // Two lines are the reason alone; otherwise every decided edge is.
        let reason: Vec<Lit> = edges
            .iter()
            .filter(|&&e| match board.state(e) {
                EdgeState::Unknown => false,
                EdgeState::Line => true,
                EdgeState::Cross => lines < 2,
            })
            .map(|&e| lit(e, board.state(e) == EdgeState::Line))
            .collect();
        let why = self.keep(reason);
        for &edge in edges {
            if self.board.state(edge) == EdgeState::Unknown {
                self.imply(lit(edge, to), why)?;
            }
        }
        Ok(())
    }

    /// No early loop, at the path ending at `end`.
    pub(super) fn loop_rule(&mut self, end: Dot) -> Result<(), ()> {
        if self.board.dot_lines(end) != 1 {
            return Ok(());
        }
        let (other, length) = self.board.path_end(end);
        let graph = self.board.graph();
        for &edge in graph.dot_edges(end) {
            if self.board.state(edge) != EdgeState::Unknown || graph.other_dot(edge, end) != other {
                continue;
            }
            let leaves_a_line = length < self.board.lines();
            if !leaves_a_line && self.closing_meets_every_clue(edge) {
                continue;
            }
            let path = self.path_from(end);
            let mut reason: Vec<Lit> = path.iter().map(|&e| lit(e, true)).collect();
            if leaves_a_line {
                reason.push(lit(self.line_off(&path), true));
            }
            let why = self.keep(reason);
            self.imply(lit(edge, false), why)?;
        }
        Ok(())
    }

    /// Whether a line at `edge` would leave no clue unmet.
    pub(super) fn closing_meets_every_clue(&self, edge: Edge) -> bool {
        let mut unmet = self.board.unmet() as i64;
        for face in self.board.graph().ends(edge).faces.iter().flatten() {
            if let Some(clue) = self.board.clue(*face) {
                let lines = self.board.face_lines(*face);
                unmet += i64::from(lines == clue) - i64::from(lines + 1 == clue);
            }
        }
        unmet == 0
    }

    /// The lines of the path that ends at `end` (a dot with one line).
    pub(super) fn path_from(&self, end: Dot) -> Vec<Edge> {
        let graph = self.board.graph();
        let mut path = Vec::new();
        let (mut at, mut came) = (end, None);
        loop {
            let next = graph
                .dot_edges(at)
                .iter()
                .copied()
                .find(|&e| Some(e) != came && self.board.state(e) == EdgeState::Line);
            match next {
                Some(edge) => {
                    path.push(edge);
                    at = graph.other_dot(edge, at);
                    came = Some(edge);
                }
                None => return path,
            }
        }
    }

    /// The lines of the closed loop through `line`.
    pub(super) fn walk(&self, line: Edge) -> Vec<Edge> {
        let graph = self.board.graph();
        let start = graph.ends(line).dots[0];
        let mut lines = vec![line];
        let (mut at, mut came) = (graph.ends(line).dots[1], line);
        while at != start {
            let next = graph
                .dot_edges(at)
                .iter()
                .copied()
                .find(|&e| e != came && self.board.state(e) == EdgeState::Line)
                .expect("a closed loop goes on at every dot");
            lines.push(next);
            at = graph.other_dot(next, at);
            came = next;
        }
        lines
    }

    /// A line not on `path`.
    pub(super) fn line_off(&mut self, path: &[Edge]) -> Edge {
        for &e in path {
            self.seen[e.0 as usize] = true;
        }
        let off = self
            .board
            .trail()
            .iter()
            .copied()
            .find(|&e| self.board.state(e) == EdgeState::Line && !self.seen[e.0 as usize]);
        for &e in path {
            self.seen[e.0 as usize] = false;
        }
        off.expect("a path shorter than the lines leaves a line off it")
    }

    /// Why the board broke when `edge` was set: literals that cannot all
    /// hold (see the module doc).
    pub(super) fn explain_break(&mut self, edge: Edge) -> Vec<Lit> {
        let board = &self.board;
        let graph = board.graph();
        let holding = |e: Edge| lit(e, board.state(e) == EdgeState::Line);
        let ends = graph.ends(edge);
        for &face in ends.faces.iter().flatten() {
            if let Some(clue) = board.clue(face) {
                let (lines, open) = (board.face_lines(face), board.face_open(face));
                let because = if lines > clue {
                    EdgeState::Line
                } else if lines + open < clue {
                    EdgeState::Cross
                } else {
                    continue;
                };
                return graph
                    .sides(face)
                    .iter()
                    .filter(|&&e| board.state(e) == because)
                    .map(|&e| holding(e))
                    .collect();
            }
        }
        for dot in ends.dots {
            let (lines, open) = (board.dot_lines(dot), board.dot_open(dot));
            if lines > 2 || (lines == 1 && open == 0) {
                return graph
                    .dot_edges(dot)
                    .iter()
                    .filter(|&&e| board.state(e) == EdgeState::Line || lines == 1)
                    .map(|&e| holding(e))
                    .collect();
            }
        }
        // A loop closed that leaves a line out or a clue unmet.
        let closer = self
            .closer
            .expect("a break that no face or dot shows is a loop's");
        let mut lines = self.walk(closer);
        if (lines.len() as u32) < self.board.lines() {
            let off = self.line_off(&lines);
            lines.push(off);
        }
        lines.into_iter().map(|e| lit(e, true)).collect()
    }
}
