//! Which clues the learning search's deductions rest on, for a setter whose
//! draft has no answer: each step's own clues (a cell rule's clue, a rule of
//! two clues' pair, the clue a premature loop would leave unmet, the clue a
//! conflict breaks), joined along the reasons, so that each learnt clause
//! and each fact of level 0 carries the clues its proof read (as a proof
//! logging SAT solver keeps the original clauses behind a learnt one). The
//! final conflict's set is then clues that cannot all hold: the others
//! blanked, the same proof goes through. It is a start for the caller's
//! shrinking, not the smallest such set.
//!
//! Kept only when asked for ([`Learner::trace_clues`]): the search for
//! answers does not pay.

use super::analysis::Edges;
use super::Learner;
use crate::engine::reasons::premature_unmet;
use crate::engine::rules::extra::EngineRule;
use crate::engine::rules::facts::Reach;
use crate::engine::EngineBoard;
use crate::learning::clauses::NO_CLAUSE;
use crate::slink::grid::{Cell, Edge, Grid};
use crate::slink::reason::{Locus, Reason, Why};
use crate::slink::rules::book::Rule;

/// A set of clues, by cell, and one flag more: every clue (a step on the
/// way had no narrowed reason, so what it read is not known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Clues(Vec<u64>);

impl Clues {
    /// No clue, on a board of `cells` cells.
    fn none(cells: usize) -> Clues {
        Clues(vec![0; (cells + 1) / 64 + 1])
    }

    fn add(&mut self, bit: usize) {
        self.0[bit / 64] |= 1 << (bit % 64);
    }

    fn join(&mut self, other: &Clues) {
        for (word, more) in self.0.iter_mut().zip(&other.0) {
            *word |= more;
        }
    }

    /// The cells, in order; `None` for every clue.
    fn cells(&self, cells: usize) -> Option<Vec<Cell>> {
        let has = |bit: usize| self.0[bit / 64] >> (bit % 64) & 1 == 1;
        match has(cells) {
            true => None,
            false => Some(
                (0..cells)
                    .filter(|&c| has(c))
                    .map(|c| Cell(c as u32))
                    .collect(),
            ),
        }
    }
}

/// What a learner tracing clues keeps.
pub(super) struct Provenance {
    cells: usize,
    /// Per clause id, the clues behind it (every clue for a clause that
    /// blocks an answer: that is no deduction).
    clauses: Vec<Clues>,
    /// Per edge decided at level 0, the clues behind it, once worked out.
    facts: Vec<Option<Clues>>,
    /// The trail entries of level 0 worked out so far, in order.
    done: usize,
    /// The clues of the conflict under analysis, and then of the clause
    /// it gives.
    pub(super) conflict: Clues,
    /// The clues behind the conflict that left no answer.
    pub(super) last: Option<Clues>,
}

impl Provenance {
    pub(super) fn new(cells: usize, edges: usize) -> Provenance {
        Provenance {
            cells,
            clauses: Vec::new(),
            facts: vec![None; edges + 1],
            done: 0,
            conflict: Clues::none(cells),
            last: None,
        }
    }
}

impl Learner<'_> {
    /// Keeps, from now, the clues behind every deduction (see the module):
    /// before the first propagation, on a board of no deduction yet, so
    /// that every fact has its reason.
    pub(crate) fn trace_clues(&mut self) {
        let grid = *self.board.grid();
        let mut provenance = Provenance::new(grid.cell_count(), grid.edge_count());
        // The edges decided before the search were given with the draft:
        // they rest on no clue.
        provenance.done = self.board.mark();
        self.provenance = Some(provenance);
        // The inside/outside rules read classes, not clues: their steps
        // would rest on every clue. The search that traces clues goes
        // without them.
        self.board.forget_sides();
        self.propagator = super::Propagator::full(grid, super::Mode::Loops);
    }

    /// The clues that the proof of no answer read, when the search finished
    /// with none: `None` if it found an answer, did not finish, or did not
    /// trace clues. Every clue, if a step of the proof had no narrowed
    /// reason.
    pub(crate) fn conflicting_clues(&self) -> Option<Vec<Cell>> {
        let provenance = self.provenance.as_ref()?;
        let last = provenance.last.as_ref()?;
        let grid = *self.board.grid();
        let clued = |c: &Cell| self.board.clue(*c).is_some();
        let every = || {
            (0..grid.cell_count() as u32)
                .map(Cell)
                .filter(clued)
                .collect()
        };
        Some(last.cells(provenance.cells).unwrap_or_else(every))
    }

    /// Adds the clues of `cells` (those with one) to the conflict's.
    pub(super) fn blame(&mut self, cells: impl IntoIterator<Item = Cell>) {
        let board = &self.board;
        if let Some(provenance) = &mut self.provenance {
            for cell in cells.into_iter().filter(|&c| board.clue(c).is_some()) {
                provenance.conflict.add(cell.0 as usize);
            }
        }
    }

    /// The conflict rests on what is not known: every clue.
    pub(super) fn blame_everything(&mut self) {
        if let Some(provenance) = &mut self.provenance {
            let cells = provenance.cells;
            provenance.conflict.add(cells);
        }
    }

    /// The conflict rests on clause `id`.
    pub(super) fn blame_clause(&mut self, id: u32) {
        if let Some(provenance) = &mut self.provenance {
            if let Some(clues) = provenance.clauses.get(id as usize) {
                provenance.conflict.join(&clues.clone());
            }
        }
    }

    /// The conflict rests on the rule step `why` deciding `edge` at trail
    /// entry `entry` (or now: `usize::MAX`).
    pub(super) fn blame_step(&mut self, why: Why, edge: Edge, entry: usize) {
        if self.provenance.is_some() {
            let cells = self.clues_read(why, edge, entry);
            match cells {
                Some(cells) => self.blame(cells),
                None => self.blame_everything(),
            }
        }
    }

    /// The conflict rests on `e`, decided at level 0.
    pub(super) fn blame_fact(&mut self, e: Edge) {
        if self.provenance.is_none() {
            return;
        }
        let clues = self.fact_clues(e);
        if let Some(provenance) = &mut self.provenance {
            provenance.conflict.join(&clues);
        }
    }

    /// The conflict rests on trail entry `i`'s own step (not on its
    /// reason's edges, which the analysis meets itself).
    pub(super) fn blame_entry(&mut self, i: usize) {
        if self.provenance.is_none() {
            return;
        }
        match self.by_clause.get(i).filter(|&&id| id != NO_CLAUSE) {
            Some(&id) => self.blame_clause(id),
            None => match (self.board.trail_cause(i), self.narrowed_at(i)) {
                (Some(why), Some(_)) => self.blame_step(why, self.board.changed_edge(i), i),
                _ => self.blame_everything(),
            },
        }
    }

    /// The clues of the conflict just analysed go with the clause learnt
    /// from it (`id`, or none for a unit, which is then the fact of
    /// `unit`); the next conflict starts with none.
    pub(super) fn clause_learnt(&mut self, id: u32, unit: Edge) {
        if let Some(provenance) = &mut self.provenance {
            let clues = std::mem::replace(&mut provenance.conflict, Clues::none(provenance.cells));
            if id == NO_CLAUSE {
                provenance.facts[unit.0 as usize] = Some(clues);
            } else {
                let at = id as usize;
                if provenance.clauses.len() <= at {
                    provenance
                        .clauses
                        .resize(at + 1, Clues::none(provenance.cells));
                }
                provenance.clauses[at] = clues;
            }
        }
    }

    /// A clause added to block an answer: no deduction, every clue.
    pub(super) fn clause_added(&mut self, id: u32) {
        if let Some(provenance) = &mut self.provenance {
            let mut every = Clues::none(provenance.cells);
            every.add(provenance.cells);
            let at = id as usize;
            if provenance.clauses.len() <= at {
                provenance
                    .clauses
                    .resize(at + 1, Clues::none(provenance.cells));
            }
            provenance.clauses[at] = every;
        }
    }

    /// The conflict holds with no decision: its clues are the answer's.
    pub(super) fn no_answer_left(&mut self, conflict: &Edges) {
        if self.provenance.is_none() {
            return;
        }
        for &(e, _) in conflict {
            self.blame_fact(e);
        }
        if let Some(provenance) = &mut self.provenance {
            provenance.last = Some(provenance.conflict.clone());
        }
    }

    /// The clues behind `e`, decided at level 0 (before the search, it was
    /// given: none). Works out the level-0 trail up to `e` in order, each
    /// entry's reason naming only earlier ones.
    fn fact_clues(&mut self, e: Edge) -> Clues {
        let provenance = self.provenance.as_ref().expect("tracing clues");
        if let Some(clues) = &provenance.facts[e.0 as usize] {
            return clues.clone();
        }
        let (cells, upto) = (provenance.cells, self.pos[e.0 as usize] as usize);
        let mut done = provenance.done;
        while done < upto {
            let edge = self.board.changed_edge(done);
            let known = self
                .provenance
                .as_ref()
                .and_then(|p| p.facts[edge.0 as usize].as_ref());
            if known.is_none() {
                let clues = self.entry_clues(done, cells);
                if let Some(provenance) = &mut self.provenance {
                    provenance.facts[edge.0 as usize] = Some(clues);
                }
            }
            done += 1;
        }
        let provenance = self.provenance.as_mut().expect("tracing clues");
        provenance.done = done;
        let clues = &mut provenance.facts[e.0 as usize];
        clues.get_or_insert_with(|| Clues::none(cells)).clone()
    }

    /// Trail entry `i` of level 0: its step's clues and those of the facts
    /// its reason names (worked out already: they come before it).
    fn entry_clues(&self, i: usize, cells: usize) -> Clues {
        let provenance = self.provenance.as_ref().expect("tracing clues");
        let mut clues = Clues::none(cells);
        let reason = match self.by_clause.get(i).filter(|&&id| id != NO_CLAUSE) {
            Some(&id) => {
                clues.join(&provenance.clauses[id as usize]);
                self.reason_of(i)
            }
            None => {
                let why = self.board.trail_cause(i);
                match (why, self.narrowed_at(i)) {
                    (Some(why), Some(reason)) => {
                        match self.clues_read(why, self.board.changed_edge(i), i) {
                            Some(read) => read.into_iter().for_each(|c| clues.add(c.0 as usize)),
                            None => clues.add(cells),
                        }
                        reason
                    }
                    _ => {
                        clues.add(cells);
                        Vec::new()
                    }
                }
            }
        };
        for (e, _) in reason {
            if let Some(fact) = &provenance.facts[e.0 as usize] {
                clues.join(fact);
            }
        }
        clues
    }

    /// The clued cells the rule step `why`, deciding `edge` at trail entry
    /// `entry` (or now: `usize::MAX`), read beyond its reason's edges, by
    /// the rule's reach; `None` if not known.
    fn clues_read(&self, why: Why, edge: Edge, entry: usize) -> Option<Vec<Cell>> {
        let grid = *self.board.grid();
        let rule = why.reason;
        let mut cells = match (rule.reach(), why.at) {
            (Reach::Vertex, _) => Vec::new(),
            (Reach::Cell, Locus::Cell(cell)) => vec![cell],
            (Reach::Pair, Locus::Cell(cell)) => {
                let mut cells = partners(grid, cell, rule);
                if rule == Reason::from(Rule::AdjacentThrees) {
                    // The rule holds back when the six-edge loop round the
                    // pair is an answer: a clue it leaves unmet is read too.
                    let threes = cells
                        .iter()
                        .filter(|&&c| c != cell && self.board.clue(c) == Some(3));
                    let unmet = threes.filter_map(|&other| self.unmet_by_pair_loop(cell, other));
                    cells.extend(unmet.collect::<Vec<_>>());
                }
                cells
            }
            (Reach::Board, _) if rule == Reason::from(Rule::LoopClosed) => Vec::new(),
            (Reach::Board, _) if rule == Reason::from(EngineRule::Connectivity) => Vec::new(),
            (Reach::Board, _) if rule == Reason::from(Rule::PrematureLoop) => {
                let view = self.trail_view(entry);
                premature_unmet(&view, edge, why)?.into_iter().collect()
            }
            _ => return None,
        };
        cells.retain(|&c| self.board.clue(c).is_some());
        Some(cells)
    }

    /// The first clue that the six-edge loop round the side-by-side cells
    /// `a` and `b` leaves unmet.
    fn unmet_by_pair_loop(&self, a: Cell, b: Cell) -> Option<Cell> {
        let grid = *self.board.grid();
        let (sides_a, sides_b) = (grid.cell_edges(a), grid.cell_edges(b));
        let shared = |e: &Edge| sides_a.contains(e) && sides_b.contains(e);
        let mut around: Vec<Edge> = sides_a.iter().chain(&sides_b).copied().collect();
        around.retain(|e| !shared(e));
        let cells = (0..grid.cell_count() as u32).map(Cell);
        cells.into_iter().find(|&c| {
            let on_loop = grid
                .cell_edges(c)
                .iter()
                .filter(|e| around.contains(e))
                .count();
            self.board
                .clue(c)
                .is_some_and(|n| usize::from(n) != on_loop)
        })
    }
}

/// `cell` and the cells a rule of two clues at it may have read as its
/// partner: beside it for adjacent 3s, across a corner for the diagonal
/// rules (the caller keeps those with clues).
fn partners(grid: Grid, cell: Cell, rule: Reason) -> Vec<Cell> {
    let beside = rule == Reason::from(Rule::AdjacentThrees);
    let (r, c) = grid.cell_pos(cell);
    let mut cells = vec![cell];
    for dr in -1i64..=1 {
        for dc in -1i64..=1 {
            if (dr == 0 && dc == 0) || (dr * dc == 0) != beside {
                continue;
            }
            let (r, c) = (i64::from(r) + dr, i64::from(c) + dc);
            if r >= 0 && c >= 0 && r < i64::from(grid.rows()) && c < i64::from(grid.cols()) {
                cells.push(grid.cell(r as u32, c as u32));
            }
        }
    }
    cells
}
