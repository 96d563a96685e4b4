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
//!   rule's own walk, [`reached_from`]);
//! - inside/outside round a vertex or a clue: for each side relation the
//!   rule needs between two of the cells it reads (or a cell and the
//!   outside), the chain of decided edges along a shortest path of cells
//!   joining them, which says the relation (crossing a line flips the
//!   side, a cross keeps it). The classes the rule reads are made of
//!   decided edges and nothing else, so every relation has such a chain;
//!   a decided edge at the locus is the chain between the cells beside it
//!   ([`chains`]).
//!
//! Inside/outside's conflicts are narrowed too, for the learning search
//! ([`sides_broken`], [`sides_stuck`]): an edge against the relation a
//! chain of other decided edges makes between its two cells, or a vertex
//! or a clue whose cells' relations leave it no colouring.
//!
//! A one-edge trial's step is narrowed to the decided edges its other value
//! breaks the board with, traced back from the break through each
//! deduction's reason ([`crate::engine::learn::refuted`]); a step of the
//! pair rules likewise when the rules refute its other value, and
//! otherwise to the decided edges of the smallest square round it from
//! which the rules and the pair rules refute it (their facts keep no record
//! of the edges they came from, so a near set is found and checked).
//!
//! Not narrowed yet: connectivity's contradictions here (the learning
//! search narrows its own: the clue's crosses, the cut round its open sides
//! and a line), the classes that cannot be made at all (before any search),
//! and the other value of a failed guess (the search's own step). Their
//! reason is, for now, every edge decided before them. A guess has none: it
//! is a decision.
//!
//! A reason is data, so it is checked, not trusted: the `soundness` tests
//! set only a reason's edges on a fresh board and ask the rules, and on
//! small boards every answer, whether the decision follows.

mod chains;
#[cfg(test)]
pub(crate) mod soundness;

use crate::engine::learn::refuted;
use crate::engine::rules::extra::EngineRule;
use crate::engine::rules::facts::Reach;
use crate::engine::rules::{boundary, reached_from};
use crate::engine::solve::settle;
use crate::engine::{Decision, EngineBoard};
use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Cell, Edge, Grid, Vertex};
use crate::slink::parse::Puzzle;
use crate::slink::reason::{Locus, Reason, Why};
use crate::slink::rules::book::Rule;
use crate::slink::rules::driver::Propagator;
use crate::slink::rules::Mode;

/// What forces a decision.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Because {
    /// These edges, in these states, with the clues: the decision's own
    /// reason, what its rule read (in the order worth telling first).
    Narrowed(Vec<(Edge, EdgeState)>),
    /// Not narrowed yet: every edge decided before it.
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

    fn because(&self, d: &Decision) -> Because {
        if d.why.reason == Reason::from(Rule::Guess) {
            return Because::Guessed;
        }
        if refutable(d.why) {
            let paired = d.why.reason != Reason::from(Rule::Trial);
            let (tried, puzzle) = (d.state.opposite(), puzzle_of(self));
            let refutes = |pairs: bool| {
                let puzzle = &puzzle;
                move |edges: &[(Edge, EdgeState)]| rules_refute(puzzle, edges, d.edge, tried, pairs)
            };
            let why = match trial(self, d.edge, d.state) {
                Some(why) => Some(shortened(why, refutes(false))),
                None if paired => {
                    near_pairs(self, d.edge, d.state).map(|w| shortened(w, refutes(true)))
                }
                None => None,
            };
            return why.map_or(Because::Everything, Because::Narrowed);
        }
        narrowed(self, d.edge, d.why).map_or(Because::Everything, Because::Narrowed)
    }
}

/// A board at one moment, as a reason is narrowed on it: the trace's as
/// [`Reasons`] follows it, or the learning search's trail up to a decision
/// ([`crate::engine::learn`]).
pub(crate) trait View {
    /// The geometry.
    fn grid(&self) -> Grid;
    /// The clue of `cell`, if it has one.
    fn clue(&self, cell: Cell) -> Option<u8>;
    /// The state of `e` at this moment.
    fn state(&self, e: Edge) -> EdgeState;
    /// The edges decided under search at this moment, newest first (a
    /// reason that may name any of several lines names a near one).
    fn newest(&self) -> Box<dyn Iterator<Item = Edge> + '_>;
    /// Every edge's state at this moment, the off-grid edge's last.
    fn snapshot(&self) -> Vec<EdgeState> {
        let edges = (0..=self.grid().edge_count() as u32).map(Edge);
        edges.map(|e| self.state(e)).collect()
    }
}

impl View for Reasons {
    fn grid(&self) -> Grid {
        self.grid
    }

    fn clue(&self, cell: Cell) -> Option<u8> {
        self.clues.get(cell.0 as usize).copied().flatten()
    }

    fn state(&self, e: Edge) -> EdgeState {
        self.state[e.0 as usize]
    }

    fn newest(&self) -> Box<dyn Iterator<Item = Edge> + '_> {
        Box::new(self.kept.iter().rev().map(|&(e, _)| e))
    }

    fn snapshot(&self) -> Vec<EdgeState> {
        self.state.clone()
    }
}

/// The edges, in their states on `view`, that force `edge` for `why`, a
/// deduction: `None` where the reason is not narrowed (every edge decided
/// before it is then its reason).
pub(crate) fn narrowed(view: &impl View, edge: Edge, why: Why) -> Option<Vec<(Edge, EdgeState)>> {
    let reason = why.reason;
    if reason == Reason::from(Rule::PrematureLoop) {
        match why.at {
            Locus::Vertex(v) => premature_loop(view, v, edge),
            _ => None,
        }
    } else if reason == Reason::from(Rule::LoopClosed) {
        Some(lines(view))
    } else if reason == Reason::from(EngineRule::Connectivity) {
        cut_off(view, edge)
    } else if is_sides(why) {
        sides_forced(view, edge, why).map(|(_, chains)| chains)
    } else {
        match reason.reach() {
            Reach::Vertex | Reach::Cell | Reach::Pair => local(view, why.at, edge),
            Reach::Board => None,
        }
    }
}

/// Whether `why` is one of the inside/outside rules, whose reasons are
/// chains of decided edges ([`chains`]).
pub(crate) fn is_sides(why: Why) -> bool {
    let sides = [EngineRule::VertexSides, EngineRule::ClueSides].map(Reason::from);
    sides.contains(&why.reason)
}

/// The state an inside/outside rule at `why`'s locus forces on `edge` from
/// the relations the view's decided edges make, and the chains that force
/// it; `None` if they force none.
pub(crate) fn sides_forced(
    view: &impl View,
    edge: Edge,
    why: Why,
) -> Option<(EdgeState, Vec<(Edge, EdgeState)>)> {
    match (why.at, why.reason) {
        (Locus::Vertex(v), r) if r == Reason::from(EngineRule::VertexSides) => {
            chains::round_vertex(view, v, edge)
        }
        (Locus::Cell(cell), r) if r == Reason::from(EngineRule::ClueSides) => {
            chains::round_clue(view, cell, edge)
        }
        _ => None,
    }
}

/// Why the inside/outside rule at `why`'s locus finds no colouring of the
/// cells it reads: the chains of relations every colouring it allows
/// breaks (a conflict); `None` if some colouring keeps them all.
pub(crate) fn sides_stuck(view: &impl View, why: Why) -> Option<Vec<(Edge, EdgeState)>> {
    match is_sides(why) {
        true => chains::stuck(view, why.at),
        false => None,
    }
}

/// When the decided edge `e` parts (a line) or joins (a cross) two cells
/// that other decided edges put the other way (the sides classes refuse
/// it): `e` and a chain of those edges, a conflict. `None` if they do not.
pub(crate) fn sides_broken(view: &impl View, e: Edge) -> Option<Vec<(Edge, EdgeState)>> {
    let state = view.state(e);
    if state == EdgeState::Unknown || e == view.grid().off_grid() {
        return None;
    }
    let (differ, mut chain) = chains::across(view, e)?;
    if differ == (state == EdgeState::Line) {
        return None;
    }
    chain.push((e, state));
    Some(chain)
}

/// Whether a step's reason is found by refuting its other value: a
/// one-edge trial's, by definition; and the pair rules', whose corner pairs
/// and edge classes keep no record of the edges they came from, but whose
/// steps the rules mostly refute the other value of, from a few edges
/// near them (when they do not, the step rests on every edge before it).
fn refutable(why: Why) -> bool {
    let rules = [
        Reason::from(Rule::Trial),
        Reason::from(EngineRule::CornerPairs),
        Reason::from(EngineRule::EdgeClasses),
    ];
    rules.contains(&why.reason)
}

/// Why a one-edge trial decided `edge` as `decided`: the decided edges
/// with which the rules break the board when `edge` has the other value
/// ([`crate::engine::learn::refuted`]); `None` if they do not.
fn trial(view: &impl View, edge: Edge, decided: EdgeState) -> Option<Vec<(Edge, EdgeState)>> {
    refuted(&puzzle_of(view), &view.snapshot(), edge, decided.opposite())
}

/// The puzzle a view is of: its grid and clues.
fn puzzle_of(view: &impl View) -> Puzzle {
    let grid = view.grid();
    Puzzle {
        rows: grid.rows(),
        cols: grid.cols(),
        clues: (0..grid.cell_count() as u32)
            .map(|c| view.clue(Cell(c)))
            .collect(),
    }
}

/// Why a step of the pair rules decided `edge` as `decided` when the
/// rules alone do not refute the other value: the decided edges in the
/// smallest square round `edge` (2, 4, 8, … cells each way) from which the
/// rules and the pair rules refute it on a fresh board ([`rules_refute`]).
/// Their facts keep no record of the edges they came from; this finds a
/// near set that serves, checked as it is found. `None` if not even every
/// decided edge does.
fn near_pairs(view: &impl View, edge: Edge, decided: EdgeState) -> Option<Vec<(Edge, EdgeState)>> {
    let grid = view.grid();
    let puzzle = puzzle_of(view);
    // An edge's middle, in half cells.
    let middle = |e: Edge| match grid.edge_pos(e) {
        (true, r, c) => (2 * r, 2 * c + 1),
        (false, r, c) => (2 * r + 1, 2 * c),
    };
    let (row, col) = middle(edge);
    let states = view.snapshot();
    let edges = (0..grid.edge_count() as u32).map(Edge);
    let decided_edges: Vec<Edge> = edges
        .filter(|&e| e != edge && states[e.0 as usize] != EdgeState::Unknown)
        .collect();
    let whole = grid.rows().max(grid.cols());
    let mut cells = 2;
    loop {
        let near = decided_edges.iter().filter(|&&e| {
            let (r, c) = middle(e);
            r.abs_diff(row) <= 2 * cells && c.abs_diff(col) <= 2 * cells
        });
        let near: Vec<(Edge, EdgeState)> = near.map(|&e| (e, states[e.0 as usize])).collect();
        if rules_refute(&puzzle, &near, edge, decided.opposite(), true) {
            return Some(near);
        }
        if cells >= whole {
            return None;
        }
        cells *= 2;
    }
}

/// The most edges a refuted step's reason may have to be shortened: each
/// edge left out costs a fresh board's propagation.
const MOST_SHORTENED: usize = 24;

/// `reason`, which `refutes` holds of, with each edge left out (the last
/// first) that `refutes` still holds without: a reason no edge of which can
/// go, when it has at most [`MOST_SHORTENED`] (a longer one is kept whole).
fn shortened(
    mut reason: Vec<(Edge, EdgeState)>,
    refutes: impl Fn(&[(Edge, EdgeState)]) -> bool,
) -> Vec<(Edge, EdgeState)> {
    if reason.len() > MOST_SHORTENED {
        return reason;
    }
    for i in (0..reason.len()).rev() {
        let left_out = reason.remove(i);
        if !refutes(&reason) {
            reason.insert(i, left_out);
        }
    }
    reason
}

/// Whether the rules (and then the pair rules, if `pairs`) break a fresh
/// board of `puzzle` with the edges `edges` and `edge` `tried`.
pub(crate) fn rules_refute(
    puzzle: &Puzzle,
    edges: &[(Edge, EdgeState)],
    edge: Edge,
    tried: EdgeState,
    pairs: bool,
) -> bool {
    let grid = puzzle.grid();
    let mut given = vec![EdgeState::Unknown; grid.edge_count()];
    for &(e, s) in edges {
        given[e.0 as usize] = s;
    }
    given[edge.0 as usize] = tried;
    let mut board = Board::new(grid, &puzzle.clues);
    if board.set_given(&given).is_err() {
        return true;
    }
    let mut propagator = Propagator::full(grid, Mode::Full);
    if propagator.run(&mut board).is_err() {
        return true;
    }
    if !pairs {
        return false;
    }
    board.start_recording();
    settle(&mut board, &mut propagator).is_err()
}

fn is(view: &impl View, e: Edge, state: EdgeState) -> bool {
    view.state(e) == state
}

/// The edges decided at the locus `at`, but `edge` (`None` at the board
/// as a whole, where a local rule never fires).
fn local(view: &impl View, at: Locus, edge: Edge) -> Option<Vec<(Edge, EdgeState)>> {
    let grid = view.grid();
    let mut edges = local_edges(&grid, at);
    if edges.is_empty() {
        return None;
    }
    edges.sort_unstable();
    edges.dedup();
    let off = grid.off_grid();
    let decided = edges.into_iter().filter(|&e| {
        // The border is the puzzle's, as the clues are.
        e != edge && e != off && !is(view, e, EdgeState::Unknown)
    });
    Some(decided.map(|e| (e, view.state(e))).collect())
}

/// Every line, in edge order.
fn lines(view: &impl View) -> Vec<(Edge, EdgeState)> {
    let edges = (0..view.grid().edge_count() as u32).map(Edge);
    let lines = edges.filter(|&e| is(view, e, EdgeState::Line));
    lines.map(|e| (e, EdgeState::Line)).collect()
}

/// Why `edge`, from the path end `v` to its partner, would close the loop
/// too soon: a line of another path or the lines round a clue closing
/// leaves unmet, then the path's lines from `v`. `None` when the view
/// shows no such path (it then has no narrowed reason).
fn premature_loop(view: &impl View, v: Vertex, edge: Edge) -> Option<Vec<(Edge, EdgeState)>> {
    let grid = view.grid();
    let path = closed_by(view, v, edge)?;
    let line = |e: &Edge| is(view, *e, EdgeState::Line);
    let mut why: Vec<Edge> = match too_soon(view, &path, edge)? {
        TooSoon::Line(other) => vec![other],
        TooSoon::Unmet(cell) => grid.cell_edges(cell).into_iter().filter(line).collect(),
    };
    // The path from `v` on, as it is walked.
    let walked = path.iter().map(|&(e, _)| e);
    why.extend(walked.filter(|e| !why.contains(e)).collect::<Vec<_>>());
    Some(why.into_iter().map(|e| (e, EdgeState::Line)).collect())
}

/// The clue a premature loop's reason rests on: `Some(None)` when a line
/// off the path makes closing `edge` too early, `Some(Some(cell))` when
/// the clue at `cell` would be left unmet (the reason holds its lines, none
/// if it has none yet, so the clue itself is part of what was read), and
/// `None` when the view shows no such path.
pub(crate) fn premature_unmet(view: &impl View, edge: Edge, why: Why) -> Option<Option<Cell>> {
    let v = match why.at {
        Locus::Vertex(v) if why.reason == Reason::from(Rule::PrematureLoop) => v,
        _ => return None,
    };
    let path = closed_by(view, v, edge)?;
    match too_soon(view, &path, edge)? {
        TooSoon::Unmet(cell) => Some(Some(cell)),
        TooSoon::Line(_) => Some(None),
    }
}

/// What makes closing a path too early.
enum TooSoon {
    /// A line off the path, which the loop would leave out.
    Line(Edge),
    /// A clue the loop would leave unmet.
    Unmet(Cell),
}

/// The path from the path end `v` that `edge` would close into a loop;
/// `None` if `edge` does not join its ends.
fn closed_by(view: &impl View, v: Vertex, edge: Edge) -> Option<Vec<(Edge, Vertex)>> {
    let [a, b] = view.grid().edge_vertices(edge);
    let partner = if a == v { b } else { a };
    let path = path_from(view, v)?;
    match path.last().map(|&(_, end)| end) == Some(partner) {
        true => Some(path),
        false => None,
    }
}

/// What makes closing `path` with `edge` too early: the newest line off the
/// path (most often near), or else the first clue it would leave unmet.
fn too_soon(view: &impl View, path: &[(Edge, Vertex)], edge: Edge) -> Option<TooSoon> {
    let grid = view.grid();
    let mut on_path: Vec<Edge> = path.iter().map(|&(e, _)| e).collect();
    on_path.sort_unstable();
    let off_path = |e: &Edge| on_path.binary_search(e).is_err();
    let line = |e: &Edge| is(view, *e, EdgeState::Line);
    let given = (0..grid.edge_count() as u32).map(Edge);
    let other = view.newest().chain(given).find(|e| line(e) && off_path(e));
    if let Some(other) = other {
        return Some(TooSoon::Line(other));
    }
    let cells = (0..grid.cell_count() as u32).map(Cell);
    let unmet = cells
        .into_iter()
        .find(|&cell| unmet_after(view, cell, edge))?;
    Some(TooSoon::Unmet(unmet))
}

/// Why `edge` is cut off from the lines: the first line (by edge id), which
/// the loop goes through, then the crosses round the piece of the board
/// `edge` reaches through uncrossed edges, which part it from that line. As
/// the rule reads them: its walk from the first line reaches neither end of
/// `edge` because this cut stops it. `None` when the view shows no line,
/// or `edge` reaches it.
fn cut_off(view: &impl View, edge: Edge) -> Option<Vec<(Edge, EdgeState)>> {
    let grid = view.grid();
    let ends = grid.edge_vertices(edge).map(|v| v.0);
    cut_between(view, &ends)
}

/// The first line (by edge id) and the crosses round the piece of the board
/// the dots `from` reach through uncrossed edges, when that piece holds no
/// end of the line: the loop cannot enter it. `None` when the view shows no
/// line, or the piece reaches it.
pub(crate) fn cut_between(view: &impl View, from: &[u32]) -> Option<Vec<(Edge, EdgeState)>> {
    let grid = view.grid();
    let states = view.snapshot();
    let real = &states[..grid.edge_count()];
    let line = Edge(real.iter().position(|&s| s == EdgeState::Line)? as u32);
    let piece = reached_from(grid, real, from);
    let [a, b] = grid.edge_vertices(line);
    if piece[a.0 as usize] || piece[b.0 as usize] {
        return None;
    }
    let mut why = vec![(line, EdgeState::Line)];
    let cut = boundary(grid, &piece).into_iter();
    why.extend(cut.map(|e| (e, EdgeState::Cross)));
    Some(why)
}

/// Whether `cell` has a clue its lines would not meet with `edge` a line
/// too.
fn unmet_after(view: &impl View, cell: Cell, edge: Edge) -> bool {
    let clue = match view.clue(cell) {
        Some(clue) => clue,
        None => return false,
    };
    let sides = view.grid().cell_edges(cell);
    let lines = sides
        .iter()
        .filter(|&&e| e == edge || is(view, e, EdgeState::Line));
    lines.count() != usize::from(clue)
}

/// The lines of the path from the path end `v`, each with the dot it leads
/// to; `None` if `v` is not a path end or the walk does not end.
fn path_from(view: &impl View, v: Vertex) -> Option<Vec<(Edge, Vertex)>> {
    let grid = view.grid();
    let off = grid.off_grid();
    let lines_at = |w: Vertex| {
        let edges = grid.vertex_edges(w);
        edges
            .into_iter()
            .filter(move |&e| e != off && is(view, e, EdgeState::Line))
    };
    if lines_at(v).count() != 1 {
        return None;
    }
    let (mut at, mut came) = (v, off);
    let mut path = Vec::new();
    while path.len() <= grid.edge_count() {
        let next = match lines_at(at).find(|&e| e != came) {
            Some(next) => next,
            None => return Some(path),
        };
        let [a, b] = grid.edge_vertices(next);
        at = if a == at { b } else { a };
        came = next;
        path.push((next, at));
    }
    None
}
