//! The learning search (conflict-driven, as SAT solvers since Chaff and
//! GRASP search, and as lazy clause generation does with propagators that
//! are not clauses): decide an edge, propagate with the rules and the
//! clauses learnt so far, and when that breaks, explain the break by the
//! reasons of the deductions that led to it ([`crate::engine::reasons`],
//! rebuilt from the trail on demand), back to the first unique implication
//! point; learn the clause that says so, jump back past the decisions that
//! did not matter, and go on. Restarts follow the Luby sequence, values are
//! saved across them (phase saving), edges are picked by activity, and the
//! worse half of the learnt clauses is dropped when they grow too many.
//!
//! The rules it propagates with are the statement's cases, the loop rules,
//! connectivity and inside/outside ([`Mode::Full`]), whose steps and
//! contradictions all have narrowed reasons (the search that traces the
//! clues behind its proof, for a setter, goes without inside/outside,
//! whose classes read no clue); the board it starts from is the one every
//! rule (inside/outside, pairs) left, its facts given. A second answer is
//! searched for with the first blocked by a clause (one of its lines is
//! crossed), keeping what was learnt, so the outcome is proved: unique,
//! multiple or none.
//!
//! [`refuted`] lends the same machinery to the reasons of one-edge trials
//! ([`crate::engine::reasons`]): the decided edges a value's refutation
//! rests on.

mod analysis;
mod provenance;
mod refute;
#[cfg(test)]
mod tests;

use std::time::Instant;

use crate::learning::clauses::NO_CLAUSE;
use crate::learning::luby;
pub(crate) use refute::refuted;

use crate::engine::solve::settle;
use crate::engine::EngineBoard;
use crate::slink::answer::Solution;
use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Cell, Edge};
use crate::slink::parse::Puzzle;
use crate::slink::reason::Why;
use crate::slink::rules::book::Rule;
use crate::slink::rules::driver::Propagator;
use crate::slink::rules::Mode;
use crate::slink::search::Found;

/// An edge of the square grid in a state: a literal of a clause.
pub(crate) type Lit = crate::learning::Lit<Edge>;
/// The clauses over the square grid's edges.
type Clauses = crate::learning::clauses::Clauses<Edge>;
/// The order of the square grid's edges.
type Order = crate::learning::order::Order<Edge>;

/// How a literal stands on the board now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Value {
    True,
    False,
    Open,
}

/// The restarts' unit: a run of the Luby sequence's length times this many
/// conflicts.
const RESTART_UNIT: u64 = 64;
/// The learnt clauses kept before the first reduction; each reduction
/// raises it by a tenth.
const FIRST_MOST_LEARNT: usize = 4000;

/// Why a learning search stopped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stop {
    /// Every answer is among those found, or two were found.
    Finished,
    /// The time ran out.
    OutOfTime,
    /// It spent the conflicts it was given; it may go on.
    Spent,
}

/// The board the learning search starts from: `puzzle`'s clues with the
/// edges `given`, every rule run to its fixed point, and then the pair rules
/// if `pairs`; `None` if that breaks.
pub(crate) fn facts(puzzle: &Puzzle, given: &[EdgeState], pairs: bool) -> Option<Board> {
    let mut board = Board::new(puzzle.grid(), &puzzle.clues);
    board.set_given(given).ok()?;
    let mut propagator = Propagator::full(puzzle.grid(), Mode::Full);
    propagator.run(&mut board).ok()?;
    if pairs {
        board.start_recording();
        settle(&mut board, &mut propagator).ok()?;
    }
    Some(board)
}

/// What a learning search that keeps the clues behind its deductions says
/// of a setter's draft.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Draft {
    /// It has an answer.
    Answered,
    /// It has none, and these clues (cells in order) cannot all hold: with
    /// every other clue blanked there is still none. A start for shrinking,
    /// not the smallest such set.
    Conflicting(Vec<Cell>),
    /// The time ran out first.
    OutOfTime,
}

/// Whether `puzzle`, with the edges `given`, has an answer, and if not,
/// the clues its proof read ([`Learner::trace_clues`]). The search starts
/// from the clues alone, so that every fact of the proof has its reason.
pub(crate) fn conflicting_clues(
    puzzle: &Puzzle,
    given: &[EdgeState],
    deadline: Option<Instant>,
) -> Draft {
    let grid = puzzle.grid();
    let mut board = Board::new(grid, &puzzle.clues);
    if let Err(broken) = board.set_given(given) {
        // The drawing breaks a clue or a dot by itself.
        let cells = grid.edge_cells(broken).into_iter().flatten();
        return Draft::Conflicting(cells.filter(|&c| board.clue(c).is_some()).collect());
    }
    let mut learner = Learner::new(puzzle, board, None, deadline);
    learner.trace_clues();
    // Whether there is an answer is all that is asked.
    learner.stop_at = 1;
    match learner.run_for(u64::MAX) {
        Stop::Finished => match learner.conflicting_clues() {
            Some(cells) if learner.found().count == 0 => Draft::Conflicting(cells),
            _ => Draft::Answered,
        },
        Stop::OutOfTime | Stop::Spent => Draft::OutOfTime,
    }
}

/// Two answers of `puzzle`, if it has two: `Err` if the time ran out
/// first, or the search spent `conflicts`. For a setter's draft with
/// several answers, to show where they differ.
pub(crate) fn two_answers(
    puzzle: &Puzzle,
    conflicts: u64,
    deadline: Option<Instant>,
) -> Result<Option<(Solution, Solution)>, Stop> {
    let board = match facts(puzzle, &[], true) {
        Some(board) => board,
        None => return Ok(None),
    };
    let mut learner = Learner::new(puzzle, board, None, deadline);
    match learner.run_for(conflicts) {
        Stop::Finished => {}
        stop => return Err(stop),
    }
    Ok(learner.found.first.take().zip(learner.second.take()))
}

/// The learning search on one board.
pub(crate) struct Learner<'p> {
    puzzle: &'p Puzzle,
    board: Board,
    propagator: Propagator,
    /// Per edge decided now: its trail entry plus one, or 0 when it was
    /// decided before the search (then at level 0).
    pos: Vec<u32>,
    /// The trail entry of each level's decision, level 1 first.
    starts: Vec<usize>,
    /// Per trail entry, the clause that implied it, or [`NO_CLAUSE`] (the
    /// rules or a decision did: the board keeps their causes).
    by_clause: Vec<u32>,
    /// The next trail entry whose clauses to visit.
    head: usize,
    clauses: Clauses,
    order: Order,
    /// Per edge, met by the analysis under way.
    seen: Vec<bool>,
    decisions: u64,
    conflicts: u64,
    /// Stop at this many conflicts ([`Learner::run_for`]).
    limit: u64,
    restarts: u64,
    until_restart: u64,
    most_learnt: usize,
    found: Found,
    /// The second answer found, if any (`found` keeps the first).
    second: Option<Solution>,
    /// Finish once this many answers are found: 2 to tell unique from
    /// multiple, 1 when only whether there is one is asked.
    stop_at: u64,
    deadline: Option<Instant>,
    /// Every clause learnt (`true`) or added to block an answer, in order,
    /// when kept: the tests check each.
    pub(crate) kept: Option<Vec<(Vec<Lit>, bool)>>,
    /// The clues behind each deduction, when traced.
    provenance: Option<provenance::Provenance>,
    /// An edge a decision or an asserted clause set against the sides
    /// classes: a conflict for the next propagation to report.
    pending: Option<Edge>,
}

impl<'p> Learner<'p> {
    /// A search of `puzzle` from `board`, whose edges decided so far are its
    /// facts (the rules' fixed point on the clues and what was given), with
    /// `prefer` (if any) as the values to try first.
    pub(crate) fn new(
        puzzle: &'p Puzzle,
        mut board: Board,
        prefer: Option<&[EdgeState]>,
        deadline: Option<Instant>,
    ) -> Learner<'p> {
        let grid = *board.grid();
        let edges = grid.edge_count();
        // The inside/outside rules, when their classes can be made before
        // the trail begins (every step and conflict of theirs has chains
        // of decided edges for its reason).
        let sides =
            board.sides().is_some() || (!board.recording && board.enable_sides() == Ok(true));
        let mode = match sides {
            true => Mode::Full,
            false => {
                board.forget_sides();
                Mode::Loops
            }
        };
        board.start_recording();
        board.keep_trail_causes();
        let phase = (0..edges)
            .map(|e| match prefer.and_then(|p| p.get(e)) {
                Some(&s) if s != EdgeState::Unknown => s,
                _ => EdgeState::Cross,
            })
            .collect();
        // Edges beside a clue or a line first, before any conflict says
        // which matter.
        let activity = (0..edges as u32)
            .map(|e| {
                let e = Edge(e);
                let clued = grid.edge_cells(e).into_iter().flatten();
                let clued = clued.filter(|&c| board.clue(c).is_some_and(|n| n > 0));
                let lined = grid.edge_vertices(e).map(|v| board.vertex_lines(v));
                (clued.count() + lined.iter().filter(|&&l| l > 0).count()) as f64 * 1e-3
            })
            .collect();
        Learner {
            puzzle,
            propagator: Propagator::full(grid, mode),
            pos: vec![0; edges + 1],
            starts: Vec::new(),
            by_clause: Vec::new(),
            head: board.mark(),
            clauses: Clauses::new(edges + 1),
            order: Order::new(activity, phase),
            seen: vec![false; edges + 1],
            decisions: 0,
            conflicts: 0,
            limit: 0,
            restarts: 1,
            until_restart: RESTART_UNIT,
            found: Found::default(),
            second: None,
            stop_at: 2,
            most_learnt: FIRST_MOST_LEARNT,
            deadline,
            kept: None,
            provenance: None,
            pending: None,
            board,
        }
    }

    /// Searches on for up to two answers, for at most `conflicts` more
    /// conflicts (and to the deadline).
    pub(crate) fn run_for(&mut self, conflicts: u64) -> Stop {
        self.limit = self.conflicts.saturating_add(conflicts);
        let stop = self.search();
        if stop == Stop::Finished {
            self.backjump(0);
        }
        stop
    }

    /// The answers found: the first, and how many.
    pub(crate) fn found(&self) -> &Found {
        &self.found
    }

    /// The decisions made so far (the guesses of a report).
    pub(crate) fn decisions(&self) -> u64 {
        self.decisions
    }

    /// The edges decided for good: before the first decision, with the
    /// clauses learnt (what a search that did not finish has proved).
    pub(crate) fn known(&self) -> Vec<EdgeState> {
        let states = self.board.states().iter().enumerate();
        let known = states.map(|(e, &s)| match self.level(Edge(e as u32)) {
            0 => s,
            _ => EdgeState::Unknown,
        });
        known.collect()
    }

    /// The search proper, from where it stopped.
    fn search(&mut self) -> Stop {
        loop {
            let conflict = match self.propagate() {
                Ok(()) if self.board.unknown_count() == 0 => self.answer(),
                Ok(()) => None,
                Err(conflict) => Some(conflict),
            };
            if self.found.count >= self.stop_at {
                return Stop::Finished;
            }
            if let Some(conflict) = conflict {
                self.conflicts += 1;
                if !self.learn(conflict) {
                    return Stop::Finished;
                }
                self.until_restart = self.until_restart.saturating_sub(1);
                if self.until_restart == 0 {
                    self.restarts += 1;
                    self.until_restart = RESTART_UNIT * luby(self.restarts);
                    self.backjump(0);
                }
                if self.clauses.learnt > self.most_learnt {
                    self.reduce();
                }
                if self.conflicts % 64 == 0 && self.out_of_time() {
                    return Stop::OutOfTime;
                }
                if self.conflicts >= self.limit {
                    return Stop::Spent;
                }
                continue;
            }
            self.decide();
            if self.decisions % 256 == 0 && self.out_of_time() {
                return Stop::OutOfTime;
            }
        }
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Every edge is decided with nothing broken: an answer, kept in
    /// `found`, and blocked. The conflict of the blocking clause (one of
    /// its lines must go), or of the decisions if the board is not one
    /// loop meeting every clue.
    fn answer(&mut self) -> Option<Vec<(Edge, EdgeState)>> {
        let board = &self.board;
        if !(board.closed() && board.unmet() == 0) {
            self.blame_everything();
            return Some(self.decisions_made(u32::MAX));
        }
        let solution = Solution::from_board(board);
        let drawing = solution.drawing();
        if crate::check::slink::verify(&self.puzzle.clues, &drawing).is_err() {
            debug_assert!(
                false,
                "the learning search built a loop the verifier rejects"
            );
            self.blame_everything();
            return Some(self.decisions_made(u32::MAX));
        }
        // A loose answer often has a second one a detour away, found
        // without search ([`crate::engine::detour`]).
        let second = match self.found.count {
            0 if self.stop_at > 1 => crate::engine::detour::second_answer(self.puzzle, &solution),
            _ => None,
        };
        keep(&mut self.found, &mut self.second, solution);
        if let Some(second) = second {
            if crate::check::slink::verify(&self.puzzle.clues, &second.drawing()).is_ok() {
                keep(&mut self.found, &mut self.second, second);
                return None;
            }
        }
        let lines: Vec<Edge> = (0..board.grid().edge_count() as u32)
            .map(Edge)
            .filter(|&e| board.is_line(e))
            .collect();
        let block: Vec<Lit> = lines
            .iter()
            .map(|&e| Lit::new(e, EdgeState::Cross))
            .collect();
        self.add_clause(block);
        self.blame_everything();
        Some(lines.into_iter().map(|e| (e, EdgeState::Line)).collect())
    }

    /// Adds a clause that is not learnt (it blocks an answer), its
    /// literals of highest level watched.
    fn add_clause(&mut self, mut lits: Vec<Lit>) {
        lits.sort_by_key(|&l| std::cmp::Reverse(self.level(l.edge())));
        if let Some(kept) = &mut self.kept {
            kept.push((lits.clone(), false));
        }
        if lits.len() >= 2 {
            let id = self.clauses.add(lits, false, 0);
            self.clause_added(id);
        }
    }

    /// Takes the undecided edge of highest activity, in its saved value,
    /// as the decision of a new level.
    fn decide(&mut self) {
        let board = &self.board;
        let edge = match self.order.next(|e| board.is_unknown(e)) {
            Some(edge) => edge,
            // Every edge is decided: `search` sees it at once.
            None => return,
        };
        self.decisions += 1;
        self.starts.push(self.board.mark());
        let value = self.order.phase[edge.0 as usize];
        self.board.tell_cause(Why::board(Rule::Guess));
        self.set_or_pend(edge, value);
    }

    /// Sets `e` to `s` for the cause told. A value that breaks a clue or a
    /// vertex is a conflict the next propagation finds from the board's own
    /// counts; one the sides classes refuse is left to it as pending.
    fn set_or_pend(&mut self, e: Edge, s: EdgeState) {
        if self.board.set(e, s).is_err() && self.board.sides().is_some() {
            self.pending = Some(e);
        }
    }

    /// The level of the decided edge `e`: 0 if it was decided before the
    /// first decision.
    fn level(&self, e: Edge) -> u32 {
        match self.pos[e.0 as usize] {
            0 => 0,
            p => self.starts.partition_point(|&s| s < p as usize) as u32,
        }
    }

    /// The decisions at levels up to `level`, as they stand: a reason (or
    /// a conflict) for anything the rules deduced from them.
    fn decisions_made(&self, level: u32) -> Vec<(Edge, EdgeState)> {
        let levels = self.starts.iter().take(level as usize);
        let edges = levels.map(|&s| self.board.changed_edge(s));
        edges.map(|e| (e, self.board.state(e))).collect()
    }

    /// Goes back to the end of `level`, saving the values undone.
    fn backjump(&mut self, level: u32) {
        let level = level as usize;
        if level >= self.starts.len() {
            return;
        }
        let mark = self.starts[level];
        for i in mark..self.board.mark() {
            let e = self.board.changed_edge(i);
            self.order.phase[e.0 as usize] = self.board.state(e);
            self.order.insert(e);
        }
        self.board.undo_to(mark);
        self.propagator.reset(&mut self.board);
        self.starts.truncate(level);
        self.by_clause.truncate(mark);
        self.head = self.head.min(mark);
    }

    /// Drops the worse half of the learnt clauses (not those standing as
    /// the reason of an edge decided now).
    fn reduce(&mut self) {
        let by_clause = &self.by_clause;
        let mut locked = vec![false; self.clauses.all.len()];
        for &id in by_clause.iter().filter(|&&id| id != NO_CLAUSE) {
            locked[id as usize] = true;
        }
        self.clauses.reduce(|id| locked[id as usize]);
        self.most_learnt += self.most_learnt / 10;
    }
}

/// The Luby sequence (1, 1, 2, 1, 1, 2, 4, 1, …) from its first term, `i`
/// = 1: the lengths of the runs between restarts, in units. Term 2^k − 1 is
/// 2^(k−1); a term between repeats the sequence from its start.
/// Counts an answer in `found`, kept there if it is the first, in
/// `second` if it is the second.
fn keep(found: &mut Found, second: &mut Option<Solution>, solution: Solution) {
    if found.count == 1 {
        *second = Some(solution.clone());
    }
    found.add(solution);
}
