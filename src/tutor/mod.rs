//! The tutor: the next step of a half-solved board, its first mistake, and
//! how hard a puzzle is, all in the statement's terms (`--hint`, `--grade`).
//!
//! Deductions come in tiers, cheapest first ([`Tier`]): the statement's
//! seventeen cases; then the loop rules (no premature loop, loop closed,
//! connectivity); then inside/outside; then a one-edge trial (one value of an
//! edge, followed by the rules, breaks the board, so the edge takes the other);
//! then search. A hint is the first deduction of the cheapest tier that has
//! one. A grade is the highest tier a solve needs when each tier is used only
//! once the ones below it are stuck.
//!
//! A mistake is an edge the user set that no answer has. It is shown with its
//! refutation: assume it (with the user's other edges, all right), propagate
//! the cheapest tier that breaks the board, and keep only the steps the break
//! depends on ([`slice()`](crate::tutor::slice::slice)): a chain from the mistake to the contradiction.
//!
//! Its parts: [`hint`] words a next step or a mistake, [`grade`] grades a
//! puzzle, [`explain`] writes a solve's `--explain` trace ([`grids`] both
//! on Loopy's other grids), [`mod@slice`]
//! keeps the steps a refutation needs, [`breaks`] words a refutation, and
//! [`names`] names edges, places and steps.

pub(crate) mod breaks;
pub mod explain;
pub(crate) mod grade;
pub(crate) mod grids;
pub(crate) mod hint;
pub(crate) mod names;
pub(crate) mod slice;

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::solve::{settle, Implied};
use crate::engine::EngineBoard;
use crate::engine::Failure;
use crate::engine::{Decision, Log};
use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Edge, Grid};
use crate::slink::parse::Puzzle;
use crate::slink::reason::Why;
use crate::slink::rules::book::Rule;
pub(crate) use crate::slink::rules::book::Tier;
use crate::slink::rules::driver::Propagator;
use crate::slink::rules::Mode;
use crate::slink::search::frontier;
use crate::tutor::slice::slice;

/// The tiers that propagate (the others try or guess).
pub(crate) const PROPAGATING: [Tier; 4] = [Tier::Statement, Tier::Loops, Tier::Sides, Tier::Pairs];

impl Tier {
    /// The rules a propagating tier runs.
    pub(crate) fn mode(self) -> Mode {
        match self {
            Tier::Statement => Mode::Statement,
            Tier::Loops => Mode::Loops,
            Tier::Sides | Tier::Pairs | Tier::Trial | Tier::Search => Mode::Full,
        }
    }

    /// The name `--grade` gives a puzzle of this level: what the hardest
    /// step it needs is.
    pub(crate) fn level_name(self) -> &'static str {
        match self {
            Tier::Statement => "statement",
            Tier::Loops => "loop",
            Tier::Sides => "inside/outside",
            Tier::Pairs => "pairs",
            Tier::Trial => "trial",
            Tier::Search => "search",
        }
    }

    /// What the tier's rules are called.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Tier::Statement => "the statement's cases",
            Tier::Loops => "the statement's cases and the loop rules",
            Tier::Sides => "the rules with inside/outside",
            Tier::Pairs => "the rules with pairs of edges",
            Tier::Trial => "one-edge trials",
            Tier::Search => "search",
        }
    }
}

/// A log that keeps every decision it hears.
#[derive(Clone, Default)]
struct Recorder(Rc<RefCell<Vec<Decision>>>);

impl Log for Recorder {
    fn decided(&mut self, decision: &Decision) {
        self.0.borrow_mut().push(*decision);
    }

    fn stalled(&mut self, _board: &Board) {}

    fn restarted(&mut self, _why: &str) {}
}

/// A board of `puzzle` with the decided edges of `given` set, or `None` when
/// they break it at once.
pub(crate) fn board_with(puzzle: &Puzzle, given: &[EdgeState]) -> Option<Board> {
    let mut board = Board::new(puzzle.grid(), &puzzle.clues);
    board.set_given(given).ok()?;
    Some(board)
}

/// What propagating one tier did: its decisions in order, and where the board
/// broke, if it did.
pub(crate) struct Run {
    pub(crate) decisions: Vec<Decision>,
    pub(crate) failure: Option<Failure>,
}

/// Propagates `tier`'s rules on `board` to their fixed point, recording
/// (for the pairs' tier, the full rules and the pair rules in turn:
/// [`settle`]).
pub(crate) fn propagate(board: &mut Board, tier: Tier) -> Run {
    let recorder = Recorder::default();
    board.start_log(Box::new(recorder.clone()));
    let mut propagator = Propagator::full(*board.grid(), tier.mode());
    let ran = match tier {
        Tier::Pairs => settle(board, &mut propagator).map(|_| ()),
        _ => propagator.run(board),
    };
    let failure = ran.err().map(|c| Failure::of(board, c));
    board.take_log();
    let decisions = recorder.0.take();
    Run { decisions, failure }
}

/// One-edge trials on `board` (at a fixed point of the full rules): the first
/// frontier edge of `order` (the grid's [`reading_order`]), from place `from`
/// of it and round to the start, one of whose values breaks the board under the full rules, with
/// that value and its place in the reading order. The tries first propagate
/// without the inside/outside sweep, as the search's probing does (a sweep a
/// try costs a pass over the board); only if none fails so are they made
/// again with it.
pub(crate) fn find_trial(
    board: &mut Board,
    order: &[Edge],
    from: usize,
) -> Option<(Edge, EdgeState, usize)> {
    // The first run before recording: it makes the inside/outside
    // classes, which a board that records does not make, and without which
    // the trials with the sweep would have no inside/outside rules.
    let mut propagator = Propagator::full(*board.grid(), Mode::Full);
    if propagator.run(board).is_err() {
        return None;
    }
    board.start_recording();
    propagator.reset(board);
    board.pause_log(true);
    let from = from.min(order.len());
    // From `from` to the end, then from the start.
    let places: Vec<usize> = (from..order.len()).chain(0..from).collect();
    let mut found = None;
    for sweeping in [false, true] {
        propagator.set_sweeping(sweeping);
        found = first_failing(board, &mut propagator, order, &places);
        if found.is_some() {
            break;
        }
    }
    propagator.set_sweeping(true);
    board.pause_log(false);
    found
}

/// The first frontier edge at `places` of `order` one of whose values fails
/// under `propagator`, with that value and its place; the board is left as
/// it was.
///
/// A value that a trial which held has already set is passed over (see
/// [`Implied`]): the first that fails is the same, found with fewer trials.
fn first_failing(
    board: &mut Board,
    propagator: &mut Propagator,
    order: &[Edge],
    places: &[usize],
) -> Option<(Edge, EdgeState, usize)> {
    let mut implied = Implied::default();
    implied.fit(board);
    for &place in places {
        let e = order[place];
        if !board.is_unknown(e) || !frontier(board, e) {
            continue;
        }
        for value in [EdgeState::Line, EdgeState::Cross] {
            if implied.has(e, value) {
                continue;
            }
            let mark = board.mark();
            board.tell_cause(Why::board(Rule::Guess));
            let fails = board.set(e, value).is_err() || propagator.run(board).is_err();
            if !fails {
                implied.note(board, mark);
            }
            board.undo_to(mark);
            propagator.reset(board);
            if fails {
                return Some((e, value, place));
            }
        }
    }
    None
}

/// Every edge in reading order: by the row, then the column, of its top or
/// left dot, the horizontal edge before the vertical one.
pub(crate) fn reading_order(grid: &Grid) -> Vec<Edge> {
    let mut edges: Vec<Edge> = (0..grid.edge_count() as u32).map(Edge).collect();
    edges.sort_by_key(|&e| {
        let (horizontal, r, c) = grid.edge_pos(e);
        (r, c, !horizontal)
    });
    edges
}

/// Why an edge cannot have a value, or a board has no answer: the cheapest
/// tier whose rules break the board, and the steps that lead there.
pub(crate) struct Refutation {
    /// The tier that breaks the board; `None` when the value breaks it as soon
    /// as it is set, or when no tier does (only search shows it: see `chain`).
    pub(crate) tier: Option<Tier>,
    /// The steps the contradiction depends on, in order.
    pub(crate) chain: Vec<Decision>,
    /// Where the board broke; `None` when it broke as the edges were set, or
    /// when propagation alone never breaks it.
    pub(crate) failure: Option<Failure>,
    /// Whether setting the value broke the board at once.
    pub(crate) at_once: bool,
    /// What broke, in words (empty when nothing did, or nothing local).
    pub(crate) broken: String,
    /// When no tier breaks the board: the cheapest that decides every edge
    /// (the lines then make no single loop round every clue, or the board
    /// would be solved), if any.
    pub(crate) no_loop: Option<Tier>,
    /// When no tier breaks the board: how many edges all of them leave
    /// undecided.
    pub(crate) undecided: usize,
}

/// Refutes `edge` = `state` on `puzzle` with the (right) edges of `given`.
pub(crate) fn refute(
    puzzle: &Puzzle,
    given: &[EdgeState],
    edge: Edge,
    state: EdgeState,
) -> Refutation {
    let mut assumed = given.to_vec();
    assumed[edge.0 as usize] = state;
    refute_board(puzzle, &assumed)
}

/// Why `puzzle` with the edges `assumed` has no answer, as far as the
/// propagating tiers show it: the cheapest that breaks the board, or else the
/// cheapest that decides every edge, or else how many edges they leave.
pub(crate) fn refute_board(puzzle: &Puzzle, assumed: &[EdgeState]) -> Refutation {
    let mut refutation = Refutation {
        tier: None,
        chain: Vec::new(),
        failure: None,
        at_once: false,
        broken: String::new(),
        no_loop: None,
        undecided: 0,
    };
    for tier in PROPAGATING {
        let mut board = Board::new(puzzle.grid(), &puzzle.clues);
        if let Err(at) = board.set_given(assumed) {
            refutation.at_once = true;
            refutation.broken = broken(&board, at);
            return refutation;
        }
        let run = propagate(&mut board, tier);
        if let Some(failure) = run.failure {
            refutation.tier = Some(tier);
            refutation.chain = slice(puzzle, assumed, &run.decisions, &failure);
            refutation.failure = Some(failure);
            refutation.broken = broken(&board, failure.edge);
            return refutation;
        }
        refutation.undecided = board.unknown_count() as usize;
        if refutation.undecided == 0 && refutation.no_loop.is_none() {
            refutation.no_loop = Some(tier);
        }
    }
    refutation
}

/// What a change to `edge` broke on `board` (the change is on it), in
/// words: a clue with too many lines or too few sides left, a dot with a
/// branch or a dead end; empty when it is nothing local (a loop closed too
/// early, a region cut off).
pub(crate) fn broken(board: &Board, edge: Edge) -> String {
    let grid = board.grid();
    if edge.0 as usize >= grid.edge_count() {
        return String::new();
    }
    let (ends, cells) = grid.incidence(edge);
    for cell in cells.iter().flatten() {
        if let Some(clue) = board.clue(*cell) {
            let (r, c) = grid.cell_pos(*cell);
            let lines = board.cell_lines(*cell);
            if lines > clue {
                return format!("cell ({r},{c}) would have {lines} lines round its {clue}");
            }
            let open = 4 - board.cell_crosses(*cell);
            if open < clue {
                return format!("cell ({r},{c}) would have {open} sides left for its {clue}");
            }
        }
    }
    for v in ends {
        let (r, c) = grid.vertex_pos(v);
        let lines = board.vertex_lines(v);
        if lines > 2 {
            return format!("vertex ({r},{c}) would have {lines} lines");
        }
        if lines == 1 && board.vertex_unknown(v) == 0 {
            return format!("the path would end at vertex ({r},{c})");
        }
    }
    String::new()
}
