//! The learning search on any planar graph (conflict-driven, as SAT solvers
//! search since GRASP and Chaff): decide an edge, propagate with the rules
//! and the clauses learnt so far, and when the board breaks, explain the
//! break by the reasons of the steps that led to it, back to the first
//! unique implication point; learn the clause that says so, jump back past
//! the decisions that played no part, and go on. The parts that know
//! nothing of the board are the square engine's ([`crate::learning`]):
//! clauses with watched literals, edges picked by activity with their
//! values saved, restarts on the Luby sequence, the worse half of the
//! learnt clauses dropped when they grow too many.
//!
//! Every step keeps its reason, the decided edges it read, as literals
//! ("edge e is a line", "edge e is a cross"):
//! - **a clue's count**: the rest of a face's sides are crossed because of
//!   its lines, or lined because of its crosses;
//! - **a dot's count**: two lines cross the rest; one line and the crosses
//!   line the last edge; crosses alone cross the last one;
//! - **no early loop**: an edge that would close a path is crossed because
//!   of the path's lines and, when the loop would leave a line out, one line
//!   off it (when it would leave a clue unmet, the path alone: a loop fixes
//!   every edge, so every clue's count);
//! - **the loop is closed**: every other edge is crossed because of the
//!   loop's lines;
//! - **connectivity**: when the crosses round the piece of uncrossed edges
//!   that one line reaches leave another line out, those crosses and the
//!   two lines cannot all hold (checked before each decision; on a 7×7
//!   great-great-dodecagonal puzzle this took the conflicts to the first
//!   answer from 176,314 to 2,840);
//! - **a clause**: its one literal left, because of the others' negations.
//!
//! A break of the board ([`GraphBoard::set`] refuses it) is explained the
//! same way: a face with a line too many (its lines) or too few left (its
//! crosses), a dot with three lines or a dead end, a loop that leaves a line
//! out or a clue unmet. Reasons are copied into one arena, cut back when the
//! search jumps back, so clauses can be dropped at any time.
//!
//! One clause is given at the start: some edge is a line (the empty board
//! breaks no rule, but it is no loop). An answer found is blocked by a
//! clause (one of its lines is crossed) and the search goes on from the
//! root, keeping what it learnt, until it has as many answers as asked or
//! proves there are no more.

mod cuts;
mod steps;

use std::time::Instant;

use crate::graph::board::GraphBoard;
use crate::graph::puzzle::GraphPuzzle;
use crate::graph::Edge;
use crate::learning::luby;
use crate::slink::board::EdgeState;
use cuts::Cuts;

/// An edge of a graph in a state.
type Lit = crate::learning::Lit<Edge>;
type Clauses = crate::learning::clauses::Clauses<Edge>;
type Order = crate::learning::order::Order<Edge>;

/// `edge` a line (`true`) or a cross.
fn lit(edge: Edge, line: bool) -> Lit {
    let state = if line {
        EdgeState::Line
    } else {
        EdgeState::Cross
    };
    Lit::new(edge, state)
}

/// Conflicts before the first restart; the Luby sequence scales it.
const RESTART_UNIT: u64 = 64;
/// Learnt clauses kept before the first reduction; each reduction allows a
/// tenth more.
const FIRST_LEARNT_LIMIT: usize = 2000;

/// Why an edge has its value.
#[derive(Clone, Copy, Debug)]
enum Why {
    /// A decision of the search.
    Decision,
    /// Given, or forced at the root: part of no explanation.
    Root,
    /// A step: its reason, literals true before it, at `reasons[start..end]`.
    Step { start: u32, end: u32 },
}

/// What a search proved: the answers found (up to those asked for), and
/// whether it gave up at the deadline before proving there are no more.
pub(crate) struct Searched {
    pub(crate) answers: Vec<Vec<EdgeState>>,
    pub(crate) gave_up: bool,
    /// How many edges the search decided (each a guess).
    pub(crate) decisions: usize,
}

/// Searches for up to `enough` answers of the puzzle, with the edges
/// `known` given (each the same in every answer); giving up at `deadline`.
pub(crate) fn search(
    puzzle: &GraphPuzzle,
    known: &[EdgeState],
    enough: usize,
    deadline: Option<Instant>,
) -> Searched {
    let mut learner = Learner::new(puzzle);
    learner.deadline = deadline;
    let mut answers = Vec::new();
    let given = known
        .iter()
        .enumerate()
        .filter(|(_, &s)| s != EdgeState::Unknown)
        .all(|(e, &s)| learner.assign(Lit::new(Edge(e as u32), s), Why::Root));
    if given {
        learner.run(&mut answers, enough);
    }
    Searched {
        answers,
        gave_up: learner.gave_up,
        decisions: learner.decisions,
    }
}

/// The search's state: the board, and for each edge its decision level and
/// reason.
struct Learner<'g> {
    board: GraphBoard<'g>,
    level_of: Vec<u32>,
    why: Vec<Why>,
    /// Every step's reason, one after another.
    reasons: Vec<Lit>,
    /// For each decision level above the root: the trail's length and the
    /// arena's when it began.
    levels: Vec<(usize, usize)>,
    /// How far along the trail propagation has looked.
    looked: usize,
    /// A break found while setting an edge, waiting for propagation to
    /// report it.
    broken: Option<Vec<Lit>>,
    clauses: Clauses,
    learnt_limit: usize,
    order: Order,
    /// Scratch marks for analysis and path walks.
    seen: Vec<bool>,
    /// Each dot's mark when the last connectivity walk reached it, the
    /// mark of that walk, and the trail's length when the lines were last
    /// found in one piece.
    reached: Vec<u32>,
    stamp: u32,
    checked: usize,
    /// The cuts that crosses make.
    cuts: Cuts,
    /// The line that closed the loop, while one is closed.
    closer: Option<Edge>,
    deadline: Option<Instant>,
    gave_up: bool,
    decisions: usize,
}

impl<'g> Learner<'g> {
    fn new(puzzle: &'g GraphPuzzle) -> Learner<'g> {
        let graph = &puzzle.graph;
        let edges = graph.edge_count();
        let mut learner = Learner {
            board: GraphBoard::new(graph, &puzzle.clues),
            level_of: vec![0; edges],
            why: vec![Why::Root; edges],
            reasons: Vec::new(),
            levels: Vec::new(),
            looked: 0,
            broken: None,
            clauses: Clauses::new(edges),
            learnt_limit: FIRST_LEARNT_LIMIT,
            // Most edges are crosses in an answer: try that first.
            order: Order::new(vec![0.0; edges], vec![EdgeState::Cross; edges]),
            seen: vec![false; edges],
            reached: vec![0; graph.dot_count()],
            stamp: 1,
            checked: 0,
            cuts: Cuts::new(graph),
            closer: None,
            deadline: None,
            gave_up: false,
            decisions: 0,
        };
        // Some edge is a line (a graph has three edges or more).
        let some_line: Vec<Lit> = graph.edges().map(|e| lit(e, true)).collect();
        learner.clauses.add(some_line, false, 0);
        learner
    }

    /// The search proper: see the module doc.
    fn run(&mut self, answers: &mut Vec<Vec<EdgeState>>, enough: usize) {
        // The clues' first steps (a 0, a clue as large as its face) need no
        // change to start them.
        let graph = self.board.graph();
        for face in graph.faces() {
            if self.face_rule(face).is_err() {
                return;
            }
        }
        let mut conflicts: u64 = 0;
        let mut restarts: u64 = 0;
        let mut next_restart = RESTART_UNIT * luby(restarts);
        loop {
            let broken = self.propagate().and_then(|()| self.one_piece());
            if let Err(nogood) = broken {
                conflicts += 1;
                if !self.learn(nogood) {
                    return;
                }
                if conflicts >= next_restart {
                    restarts += 1;
                    next_restart = conflicts + RESTART_UNIT * luby(restarts);
                    self.jump_back(0);
                }
                if self.time_is_up() {
                    return;
                }
                continue;
            }
            let board = &self.board;
            match self.order.next(|e| board.state(e) == EdgeState::Unknown) {
                Some(edge) => {
                    self.decisions += 1;
                    self.levels.push((self.board.mark(), self.reasons.len()));
                    let phase = self.order.phase[edge.0 as usize];
                    // The edge is unknown, so setting it cannot clash; a
                    // break it makes shows at the next propagation.
                    self.assign(Lit::new(edge, phase), Why::Decision);
                }
                None => {
                    debug_assert!(self.board.is_solved(), "every edge decided, no rule broken");
                    let answer = self.board.states().to_vec();
                    answers.push(answer.clone());
                    if answers.len() >= enough || !self.block(&answer) {
                        return;
                    }
                }
            }
        }
    }

    /// Whether the time is up (and from then on, that it was).
    fn time_is_up(&mut self) -> bool {
        self.gave_up |= self.deadline.is_some_and(|d| Instant::now() >= d);
        self.gave_up
    }

    /// The current decision level.
    fn level(&self) -> u32 {
        self.levels.len() as u32
    }

    /// A literal's value: `None` while its edge is unknown.
    fn value(&self, lit: Lit) -> Option<bool> {
        match self.board.state(lit.edge()) {
            EdgeState::Unknown => None,
            state => Some(state == lit.state()),
        }
    }

    /// The literal that holds of a decided edge.
    fn holding(&self, edge: Edge) -> Lit {
        Lit::new(edge, self.board.state(edge))
    }

    /// Makes `lit` hold for the reason `why`: false when it cannot (its edge
    /// has the other value, or the board breaks), the nogood then waiting in
    /// `broken`.
    fn assign(&mut self, lit: Lit, why: Why) -> bool {
        let edge = lit.edge();
        match self.value(lit) {
            Some(true) => return true,
            Some(false) => {
                let mut nogood = self.reason(why).to_vec();
                nogood.push(lit.negated());
                self.broken = Some(nogood);
                return false;
            }
            None => {}
        }
        let e = edge.0 as usize;
        self.level_of[e] = if matches!(why, Why::Root) {
            0
        } else {
            self.level()
        };
        self.why[e] = why;
        self.order.phase[e] = lit.state();
        let set = self.board.set(edge, lit.state());
        let crossed = lit.state() == EdgeState::Cross;
        let board = &self.board;
        let lone = crossed
            && board
                .graph()
                .ends(edge)
                .dots
                .iter()
                .any(|&d| board.dot_open(d) == 0 && board.dot_lines(d) == 0);
        self.cuts.record(board.graph(), edge, crossed, lone);
        if self.closer.is_none() && self.board.closed().is_some() {
            self.closer = Some(edge);
        }
        if set.is_err() {
            self.broken = Some(self.explain_break(edge));
            return false;
        }
        true
    }

    /// A step's reason.
    fn reason(&self, why: Why) -> &[Lit] {
        match why {
            Why::Step { start, end } => &self.reasons[start as usize..end as usize],
            _ => &[],
        }
    }

    /// Puts a reason in the arena.
    fn keep(&mut self, lits: impl IntoIterator<Item = Lit>) -> Why {
        let start = self.reasons.len() as u32;
        self.reasons.extend(lits);
        Why::Step {
            start,
            end: self.reasons.len() as u32,
        }
    }

    /// Sets `lit` for the reason `why`; `Err` when that breaks the board
    /// (the nogood waits in `broken`).
    fn imply(&mut self, lit: Lit, why: Why) -> Result<(), ()> {
        if self.assign(lit, why) {
            Ok(())
        } else {
            Err(())
        }
    }

    /// Runs the rules and the clauses on every change not yet looked at, to
    /// a fixed point or a break (its nogood: literals that cannot all hold).
    fn propagate(&mut self) -> Result<(), Vec<Lit>> {
        if let Some(nogood) = self.broken.take() {
            return Err(nogood);
        }
        let graph = self.board.graph();
        while self.looked < self.board.trail().len() {
            let edge = self.board.trail()[self.looked];
            self.looked += 1;
            let ends = graph.ends(edge);
            let held = self.holding(edge);
            let step = self.watched(held.negated()).and_then(|()| {
                if self.board.closed().is_some() {
                    return self.loop_closed();
                }
                for face in ends.faces.iter().flatten() {
                    self.face_rule(*face)?;
                }
                for dot in ends.dots {
                    self.dot_rule(dot)?;
                }
                if self.board.state(edge) == EdgeState::Line {
                    for end in self.board.ends_joined_by(edge) {
                        self.loop_rule(end)?;
                    }
                }
                Ok(())
            });
            if step.is_err() {
                return Err(self.broken.take().unwrap_or_default());
            }
        }
        Ok(())
    }

    /// The clauses watching `lit`, which has just become false: each finds
    /// another literal to watch, or sets its last one, or breaks.
    fn watched(&mut self, lit: Lit) -> Result<(), ()> {
        let mut watching = std::mem::take(&mut self.clauses.watch[lit.index()]);
        let mut kept = 0;
        let mut result = Ok(());
        let mut at = 0;
        while at < watching.len() {
            let id = watching[at];
            at += 1;
            let clause = &mut self.clauses.all[id as usize].lits;
            if clause[0] == lit {
                clause.swap(0, 1);
            }
            let first = clause[0];
            let board = &self.board;
            if board.state(first.edge()) == first.state() {
                watching[kept] = id;
                kept += 1;
                continue;
            }
            let free = (2..clause.len()).find(|&k| {
                let other = clause[k];
                board.state(other.edge()) != other.negated().state()
            });
            if let Some(k) = free {
                clause.swap(1, k);
                let watch = clause[1];
                self.clauses.watch[watch.index()].push(id);
                continue;
            }
            watching[kept] = id;
            kept += 1;
            let rest: Vec<Lit> = clause[1..].iter().map(|&l| l.negated()).collect();
            let why = self.keep(rest);
            if self.imply(first, why).is_err() {
                result = Err(());
                break;
            }
        }
        while at < watching.len() {
            watching[kept] = watching[at];
            kept += 1;
            at += 1;
        }
        watching.truncate(kept);
        // No clause moved its watch to this literal meanwhile (it is false),
        // but keep any that did.
        watching.append(&mut self.clauses.watch[lit.index()]);
        self.clauses.watch[lit.index()] = watching;
        result
    }

    /// Learns from a nogood: the clause of its first unique implication
    /// point, the jump back, and the clause's literal set there. False when
    /// the nogood holds at the root (no answer is left).
    fn learn(&mut self, nogood: Vec<Lit>) -> bool {
        let top = nogood
            .iter()
            .map(|&l| self.level_of[l.edge().0 as usize])
            .max()
            .unwrap_or(0);
        if top == 0 {
            return false;
        }
        if top < self.level() {
            self.jump_back(top);
        }
        let (clause, back) = self.analyse(nogood, top);
        self.jump_back(back);
        self.order.decay();
        self.clauses.decay();
        if clause.len() == 1 {
            // A break at the root shows at the next propagation, and ends
            // the search there.
            self.assign(clause[0], Why::Root);
            return true;
        }
        let levels = self.levels_of(&clause);
        let rest: Vec<Lit> = clause[1..].iter().map(|&l| l.negated()).collect();
        let first = clause[0];
        self.clauses.add(clause, true, levels);
        let why = self.keep(rest);
        self.assign(first, why);
        if self.clauses.learnt > self.learnt_limit {
            // Reasons live in the arena, so any clause may go.
            self.clauses.reduce(|_| false);
            self.learnt_limit += self.learnt_limit / 10;
        }
        true
    }

    /// Walks the trail back from a nogood whose latest literals are at
    /// level `top` (now the current level), to the first unique implication
    /// point: the clause learnt (the point's negation first, then the
    /// literal of the highest level left) and the level to jump back to.
    fn analyse(&mut self, nogood: Vec<Lit>, top: u32) -> (Vec<Lit>, u32) {
        let mut clause: Vec<Lit> = vec![lit(Edge(0), false)];
        let mut open = 0;
        let mut marked = Vec::new();
        let mut take = |learner: &mut Learner, l: Lit, open: &mut usize, clause: &mut Vec<Lit>| {
            let e = l.edge().0 as usize;
            if learner.seen[e] || learner.level_of[e] == 0 {
                return;
            }
            learner.seen[e] = true;
            marked.push(e);
            learner.order.bump(l.edge());
            if learner.level_of[e] == top {
                *open += 1;
            } else {
                clause.push(l.negated());
            }
        };
        for &l in &nogood {
            take(self, l, &mut open, &mut clause);
        }
        let mut at = self.board.trail().len();
        loop {
            at -= 1;
            let edge = self.board.trail()[at];
            let e = edge.0 as usize;
            if !self.seen[e] || self.level_of[e] != top {
                continue;
            }
            open -= 1;
            if open == 0 {
                clause[0] = self.holding(edge).negated();
                break;
            }
            let reason = self.reason(self.why[e]).to_vec();
            for l in reason {
                take(self, l, &mut open, &mut clause);
            }
        }
        for e in marked {
            self.seen[e] = false;
        }
        // The literal of the highest level after the first is watched too.
        let mut back = 0;
        for k in 1..clause.len() {
            let level = self.level_of[clause[k].edge().0 as usize];
            if level > back {
                back = level;
                clause.swap(1, k);
            }
        }
        (clause, back)
    }

    /// How many decision levels a clause's literals span.
    fn levels_of(&self, clause: &[Lit]) -> u32 {
        let mut levels: Vec<u32> = clause
            .iter()
            .map(|&l| self.level_of[l.edge().0 as usize])
            .collect();
        levels.sort_unstable();
        levels.dedup();
        levels.len() as u32
    }

    /// Undoes every decision above `level`.
    fn jump_back(&mut self, level: u32) {
        if level >= self.level() {
            return;
        }
        let (mark, reasons) = self.levels[level as usize];
        self.levels.truncate(level as usize);
        for &edge in &self.board.trail()[mark..] {
            self.order.insert(edge);
        }
        self.board.undo_to(mark);
        self.cuts.undo_to(mark);
        self.checked = self.checked.min(mark);
        self.reasons.truncate(reasons);
        self.looked = self.looked.min(mark);
        self.broken = None;
        if self.board.closed().is_none() {
            self.closer = None;
        }
    }

    /// Blocks an answer (one of its lines is crossed) and goes back to the
    /// root: false when that leaves no answer.
    fn block(&mut self, answer: &[EdgeState]) -> bool {
        self.jump_back(0);
        let mut lits: Vec<Lit> = answer
            .iter()
            .enumerate()
            .filter(|(_, &s)| s == EdgeState::Line)
            .map(|(e, _)| lit(Edge(e as u32), false))
            .collect();
        // Watch literals that the root has not made false.
        lits.sort_by_key(|&l| self.value(l) == Some(false));
        let open = lits
            .iter()
            .filter(|&&l| self.value(l) != Some(false))
            .count();
        match open {
            0 => false,
            1 => self.assign(lits[0], Why::Root),
            _ => {
                self.clauses.add(lits, false, 0);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests;
