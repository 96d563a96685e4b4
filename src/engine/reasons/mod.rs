//! Reasons: for each decision of a traced solve, the decided edges that
//! force it, rebuilt on demand from the decisions before it (lazy
//! explanation, as Chuffed's propagators explain themselves: nothing is kept
//! while solving, so neither [`Board::set`](crate::slink::board::Board::set)
//! nor the judged core pays). [`Reasons`] follows a trace as it comes, with
//! the search's branches and restarts, and gives each decision its
//! [`Because`].
//!
//! Narrowed so far, each to edges that force the decision with the clues:
//! - the rules whose reach is a vertex, a cell or a pair of clues
//!   ([`Reach`]): the edges decided before it at the rule's locus, the very
//!   set the locality test holds each rule to ([`local_edges`]);
//! - no premature loop: the lines of the path the edge would close, and
//!   what makes closing it too early: a line of another path, or else the
//!   lines round a clue closing would leave unmet;
//! - loop closed: the loop's lines;
//! - connectivity (cut off from the lines): the first line, then the
//!   crosses round the piece of the board the crossed edge reaches through
//!   uncrossed edges, the cut that parts it from that line (found by the
//!   rule's own walk, [`reached_from`]).
//!
//! Not narrowed yet, and next: connectivity's contradictions (a clue that
//! needs a line, cut off: the clue's crosses, the cut round its open sides
//! and a line); inside/outside
//! and the sides sweep (the edges along the chain of sides); corner pairs
//! and edge classes (the facts' own provenance); a trial (the reasons of
//! the conflict its other value met) and the other value of a failed guess.
//! Their reason is, for now, every edge decided before them. A guess has
//! none: it is a decision.
//!
//! A reason is data, so it is checked, not trusted: the `soundness` tests
//! set only a reason's edges on a fresh board and ask the rules, and on
//! small boards every answer, whether the decision follows.

#[cfg(test)]
mod soundness;

use crate::engine::rules::extra::EngineRule;
use crate::engine::rules::facts::Reach;
use crate::engine::rules::{boundary, reached_from};
use crate::engine::Decision;
use crate::slink::board::EdgeState;
use crate::slink::grid::{Cell, Edge, Grid, Vertex};
use crate::slink::reason::{Locus, Reason};
use crate::slink::rules::book::Rule;

/// What forces a decision.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Because {
    /// These edges, in these states, with the clues: the decision's own
    /// reason, what its rule read (in the order worth telling first).
    Narrowed(Vec<(Edge, EdgeState)>),
    /// Not narrowed yet: every edge decided before it ([`Reasons::decided`]
    /// lists them).
    Everything,
    /// A guess: a decision, with no reason.
    Guessed,
}

/// The edges a rule at `at` may read: at a vertex its four, at a cell
/// those at its four corners (a pair of clues reads no more: the rules of
/// two clues read their neighbour's clue, not its edges). The locality test
/// (`engine::rules::locality`) holds every vertex and cell rule to this set,
/// which is why a local reason may be drawn from it. The board as a whole:
/// none. Edges may repeat, and the off-grid edge is among them at the
/// border.
pub(crate) fn local_edges(grid: &Grid, at: Locus) -> Vec<Edge> {
    match at {
        Locus::Vertex(v) => grid.vertex_edges(v).to_vec(),
        Locus::Cell(cell) => grid
            .corners(cell)
            .iter()
            .flat_map(|k| grid.vertex_edges(k.vertex))
            .collect(),
        Locus::Board => Vec::new(),
    }
}

/// The board a trace has come to, decision by decision, and the reason of
/// each. It follows the search as the trace tells it: a guess, or the other
/// value of one, at depth `d` first takes back every decision made at depth
/// `d` or deeper (the search undoes to before the guess it replaces); a
/// restart goes back to the given edges.
pub(crate) struct Reasons {
    grid: Grid,
    clues: Vec<Option<u8>>,
    /// The edges given with the puzzle (set before any trace).
    given: Vec<EdgeState>,
    /// Every edge's state now, the off-grid edge's (crossed) last.
    state: Vec<EdgeState>,
    /// The decisions standing, in order, with their depths.
    kept: Vec<(Edge, u32)>,
}

impl Reasons {
    /// Follows a trace of `puzzle`'s clues, on `grid`, from the edges
    /// `given` (empty: none).
    pub(crate) fn new(grid: Grid, clues: &[Option<u8>], given: &[EdgeState]) -> Reasons {
        let mut given = given.to_vec();
        given.resize(grid.edge_count(), EdgeState::Unknown);
        let mut reasons = Reasons {
            grid,
            clues: clues.to_vec(),
            given,
            state: Vec::new(),
            kept: Vec::new(),
        };
        reasons.restart();
        reasons
    }

    /// A search run starts again from the given edges.
    pub(crate) fn restart(&mut self) {
        self.state.clear();
        self.state.extend_from_slice(&self.given);
        self.state.push(EdgeState::Cross);
        self.kept.clear();
    }

    /// The reason of `d`, the next decision of the trace, from the
    /// decisions before it; then takes `d` on.
    pub(crate) fn next(&mut self, d: &Decision) -> Because {
        let reason = d.why.reason;
        let branching = [Rule::Guess, Rule::Backtrack].map(Reason::from);
        if branching.contains(&reason) {
            while self.kept.last().is_some_and(|&(_, depth)| depth >= d.depth) {
                if let Some((e, _)) = self.kept.pop() {
                    self.state[e.0 as usize] = EdgeState::Unknown;
                }
            }
        }
        let because = self.because(d);
        self.state[d.edge.0 as usize] = d.state;
        self.kept.push((d.edge, d.depth));
        because
    }

    /// Every edge decided now, given or not, in edge order.
    pub(crate) fn decided(&self) -> Vec<(Edge, EdgeState)> {
        let real = &self.state[..self.grid.edge_count()];
        let decided = real.iter().enumerate();
        decided
            .filter(|(_, &s)| s != EdgeState::Unknown)
            .map(|(e, &s)| (Edge(e as u32), s))
            .collect()
    }

    fn because(&self, d: &Decision) -> Because {
        let reason = d.why.reason;
        if reason == Reason::from(Rule::Guess) {
            return Because::Guessed;
        }
        let narrowed = if reason == Reason::from(Rule::PrematureLoop) {
            match d.why.at {
                Locus::Vertex(v) => self.premature_loop(v, d.edge),
                _ => None,
            }
        } else if reason == Reason::from(Rule::LoopClosed) {
            Some(self.lines())
        } else if reason == Reason::from(EngineRule::Connectivity) {
            self.cut_off(d.edge)
        } else {
            match reason.reach() {
                Reach::Vertex | Reach::Cell | Reach::Pair => self.local(d.why.at, d.edge),
                Reach::Board => None,
            }
        };
        narrowed.map_or(Because::Everything, Because::Narrowed)
    }

    fn is(&self, e: Edge, state: EdgeState) -> bool {
        self.state[e.0 as usize] == state
    }

    /// The edges decided at the locus `at`, but `edge` (`None` at the board
    /// as a whole, where a local rule never fires).
    fn local(&self, at: Locus, edge: Edge) -> Option<Vec<(Edge, EdgeState)>> {
        let mut edges = local_edges(&self.grid, at);
        if edges.is_empty() {
            return None;
        }
        edges.sort_unstable();
        edges.dedup();
        let off = self.grid.off_grid();
        let decided = edges.into_iter().filter(|&e| {
            // The border is the puzzle's, as the clues are.
            e != edge && e != off && !self.is(e, EdgeState::Unknown)
        });
        Some(decided.map(|e| (e, self.state[e.0 as usize])).collect())
    }

    /// Every line, in edge order.
    fn lines(&self) -> Vec<(Edge, EdgeState)> {
        let mut lines = self.decided();
        lines.retain(|&(_, s)| s == EdgeState::Line);
        lines
    }

    /// Why `edge`, from the path end `v` to its partner, would close the
    /// loop too soon: a line of another path or the lines round a clue
    /// closing leaves unmet, then the path's lines from `v`. `None` when the trace's
    /// board shows no such path (it then has no narrowed reason).
    fn premature_loop(&self, v: Vertex, edge: Edge) -> Option<Vec<(Edge, EdgeState)>> {
        let [a, b] = self.grid.edge_vertices(edge);
        let partner = if a == v { b } else { a };
        let path = self.path_from(v)?;
        if path.last().map(|&(_, end)| end) != Some(partner) {
            return None;
        }
        let mut on_path: Vec<Edge> = path.iter().map(|&(e, _)| e).collect();
        on_path.sort_unstable();
        let off_path = |e: &Edge| on_path.binary_search(e).is_err();
        let line = |e: &Edge| self.is(*e, EdgeState::Line);
        // The newest line off the path, which is most often near.
        let newest = self.kept.iter().rev().map(|&(e, _)| e);
        let given = (0..self.grid.edge_count() as u32).map(Edge);
        let other = newest.chain(given).find(|e| line(e) && off_path(e));
        let mut why: Vec<Edge> = match other {
            Some(other) => vec![other],
            None => {
                let cells = 0..self.grid.cell_count() as u32;
                let unmet = cells.map(Cell).find(|&cell| self.unmet_after(cell, edge))?;
                let sides = self.grid.cell_edges(unmet);
                sides.into_iter().filter(line).collect()
            }
        };
        // The path from `v` on, as it is walked.
        let walked = path.iter().map(|&(e, _)| e);
        why.extend(walked.filter(|e| !why.contains(e)).collect::<Vec<_>>());
        Some(why.into_iter().map(|e| (e, EdgeState::Line)).collect())
    }

    /// Why `edge` is cut off from the lines: the first line (by edge id),
    /// which the loop goes through, then the crosses round the piece of
    /// the board `edge` reaches through uncrossed edges, which part it from
    /// that line. As the rule reads them: its walk from the first line
    /// reaches neither end of `edge` because this cut stops it. `None`
    /// when the trace's board shows no line, or `edge` reaches it.
    fn cut_off(&self, edge: Edge) -> Option<Vec<(Edge, EdgeState)>> {
        let real = &self.state[..self.grid.edge_count()];
        let line = Edge(real.iter().position(|&s| s == EdgeState::Line)? as u32);
        let ends = self.grid.edge_vertices(edge).map(|v| v.0);
        let piece = reached_from(self.grid, real, &ends);
        let [a, b] = self.grid.edge_vertices(line);
        if piece[a.0 as usize] || piece[b.0 as usize] {
            return None;
        }
        let mut why = vec![(line, EdgeState::Line)];
        let cut = boundary(self.grid, &piece).into_iter();
        why.extend(cut.map(|e| (e, EdgeState::Cross)));
        Some(why)
    }

    /// Whether `cell` has a clue its lines would not meet with `edge` a line
    /// too.
    fn unmet_after(&self, cell: Cell, edge: Edge) -> bool {
        let clue = match self.clues.get(cell.0 as usize).copied().flatten() {
            Some(clue) => clue,
            None => return false,
        };
        let sides = self.grid.cell_edges(cell);
        let lines = sides
            .iter()
            .filter(|&&e| e == edge || self.is(e, EdgeState::Line));
        lines.count() != usize::from(clue)
    }

    /// The lines of the path from the path end `v`, each with the dot it
    /// leads to; `None` if `v` is not a path end or the walk does not end.
    fn path_from(&self, v: Vertex) -> Option<Vec<(Edge, Vertex)>> {
        let off = self.grid.off_grid();
        let lines_at = |w: Vertex| {
            let edges = self.grid.vertex_edges(w);
            edges
                .into_iter()
                .filter(move |&e| e != off && self.is(e, EdgeState::Line))
        };
        if lines_at(v).count() != 1 {
            return None;
        }
        let (mut at, mut came) = (v, off);
        let mut path = Vec::new();
        while path.len() <= self.grid.edge_count() {
            let next = match lines_at(at).find(|&e| e != came) {
                Some(next) => next,
                None => return Some(path),
            };
            let [a, b] = self.grid.edge_vertices(next);
            at = if a == at { b } else { a };
            came = next;
            path.push((next, at));
        }
        None
    }
}
