//! The learning search's propagation and its analysis of a conflict: the
//! rules and the clauses in turn to a fixed point; a break told as the
//! edges that cannot all stand (a conflict); each deduction's reason,
//! narrowed on the trail as it stood when the deduction was made
//! ([`crate::engine::reasons::narrowed`] on a [`TrailView`]); and the
//! resolution of the conflict with those reasons back to the first unique
//! implication point, which gives the clause learnt.

use super::{Learner, Lit, Value};
use crate::engine::reasons::{
    cut_between, is_sides, local_edges, narrowed, sides_broken, sides_forced, sides_stuck, View,
};
use crate::engine::rules::extra::EngineRule;
use crate::engine::EngineBoard;
use crate::learning::clauses::NO_CLAUSE;
use crate::slink::board::{Contradiction, EdgeState};
use crate::slink::grid::{Cell, Edge, Grid};
use crate::slink::reason::{Reason, Why};
use crate::slink::rules::book::Rule;

/// Edges in their states (now true) that cannot all stand, or that force
/// an edge.
pub(super) type Edges = Vec<(Edge, EdgeState)>;

/// The board as it stood just before trail entry `entry` was made.
pub(super) struct TrailView<'a, 'p> {
    learner: &'a Learner<'p>,
    entry: usize,
}

impl View for TrailView<'_, '_> {
    fn grid(&self) -> Grid {
        *self.learner.board.grid()
    }

    fn clue(&self, cell: Cell) -> Option<u8> {
        self.learner.board.clue(cell)
    }

    fn state(&self, e: Edge) -> EdgeState {
        // Decided before the search (position 0) or by an earlier entry.
        match self.learner.pos[e.0 as usize] as usize <= self.entry {
            true => self.learner.board.state(e),
            false => EdgeState::Unknown,
        }
    }

    fn newest(&self) -> Box<dyn Iterator<Item = Edge> + '_> {
        let board = &self.learner.board;
        let before = self.entry.min(board.mark());
        Box::new((0..before).rev().map(|i| board.changed_edge(i)))
    }
}

impl<'p> Learner<'p> {
    /// The board as it stood just before trail entry `entry` (all of it:
    /// `usize::MAX`).
    pub(super) fn trail_view(&self, entry: usize) -> TrailView<'_, 'p> {
        TrailView {
            learner: self,
            entry,
        }
    }

    /// The rules, then the clauses on what the rules decided, until neither
    /// decides anything more; or the conflict met.
    pub(super) fn propagate(&mut self) -> Result<(), Edges> {
        if let Some(e) = self.pending.take() {
            self.note_positions();
            return Err(self.broken_by_set(e));
        }
        loop {
            if let Err(broken) = self.propagator.run(&mut self.board) {
                self.note_positions();
                let conflict = self.conflict_of(broken);
                return Err(conflict);
            }
            let mut decided = false;
            while self.head < self.board.mark() {
                let i = self.head;
                self.head += 1;
                let e = self.board.changed_edge(i);
                self.pos[e.0 as usize] = i as u32 + 1;
                let falsified = Lit::new(e, self.board.state(e)).negated();
                match self.visit_watchers(falsified) {
                    Ok(any) => decided |= any,
                    Err(conflict) => {
                        self.note_positions();
                        return Err(conflict);
                    }
                }
            }
            if !decided {
                return Ok(());
            }
        }
    }

    /// Records the trail position of every entry not yet read (before an
    /// analysis, which reads them all).
    fn note_positions(&mut self) {
        for i in self.head..self.board.mark() {
            let e = self.board.changed_edge(i);
            self.pos[e.0 as usize] = i as u32 + 1;
        }
    }

    /// The clauses watching `falsified`, which has just become false: each
    /// watches another literal not false, or is unit and decides its
    /// first, or is a conflict. Whether any decided an edge.
    fn visit_watchers(&mut self, falsified: Lit) -> Result<bool, Edges> {
        let mut list = std::mem::take(&mut self.clauses.watch[falsified.index()]);
        let mut decided = false;
        let mut i = 0;
        let mut result = Ok(());
        while i < list.len() {
            let id = list[i];
            let lits = &mut self.clauses.all[id as usize].lits;
            if lits[0] == falsified {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let board = &self.board;
            let value = |l: Lit| match board.state(l.edge()) {
                EdgeState::Unknown => Value::Open,
                s if s == l.state() => Value::True,
                _ => Value::False,
            };
            if value(first) == Value::True {
                i += 1;
                continue;
            }
            if let Some(k) = (2..lits.len()).find(|&k| value(lits[k]) != Value::False) {
                lits.swap(1, k);
                let watched = lits[1];
                self.clauses.watch[watched.index()].push(id);
                list.swap_remove(i);
                continue;
            }
            i += 1;
            if value(first) == Value::False {
                let lits = &self.clauses.all[id as usize].lits;
                result = Err(lits
                    .iter()
                    .map(|l| (l.edge(), l.state().opposite()))
                    .collect());
                self.blame_clause(id);
                break;
            }
            decided = true;
            self.board.tell_cause(Why::board(Rule::Backtrack));
            let set = self.board.set(first.edge(), first.state());
            let entry = self.board.mark() - 1;
            if self.by_clause.len() <= entry {
                self.by_clause.resize(entry + 1, NO_CLAUSE);
            }
            self.by_clause[entry] = id;
            if let Err(broken) = set {
                self.pos[first.edge().0 as usize] = entry as u32 + 1;
                self.blame_clause(id);
                result = Err(self.broken_by_set(broken.edge));
                break;
            }
        }
        let watch = &mut self.clauses.watch[falsified.index()];
        list.append(watch);
        *watch = list;
        result.map(|()| decided)
    }

    /// The conflict a contradiction of the rules stands for.
    fn conflict_of(&mut self, broken: Contradiction) -> Edges {
        let e = broken.edge;
        let cause = self.board.cause();
        if cause.map(|c| c.reason) == Some(Reason::from(EngineRule::Connectivity)) {
            return match self.cut_off_conflict(e) {
                Some(conflict) => conflict,
                None => {
                    self.blame_everything();
                    self.decisions_made(u32::MAX)
                }
            };
        }
        if let Some(why) = cause.filter(|&why| is_sides(why)) {
            return match self.sides_conflict(e, why) {
                Some(conflict) => conflict,
                // Not told by chains: the decisions, as a clause that
                // holds all the same.
                None => {
                    self.blame_everything();
                    self.decisions_made(u32::MAX)
                }
            };
        }
        let mut conflict = self.broken_by_set(e);
        // A rule that found `e` must take the other value: the edges it
        // read.
        if let Some(why) = cause {
            let mut read = self.decided_of(local_edges(self.board.grid(), why.at));
            let now = TrailView {
                learner: self,
                entry: usize::MAX,
            };
            if why.reason == Reason::from(Rule::PrematureLoop) {
                read.extend(narrowed(&now, e, why).unwrap_or_default());
            }
            self.blame_step(why, e, usize::MAX);
            conflict.extend(read);
        }
        conflict
    }

    /// The conflict when `e`, just decided (or found to need the value it
    /// does not have), broke a clue or a dot round it, or closed a loop too
    /// soon: `e`, the edges decided round its cells and ends, and when the
    /// loop is closed, its lines (its clues: those of `e`'s cells, and one
    /// the closed loop leaves unmet).
    fn broken_by_set(&mut self, e: Edge) -> Edges {
        let grid = *self.board.grid();
        if self.board.sides().is_some() {
            let now = self.trail_view(usize::MAX);
            if let Some(chain) = sides_broken(&now, e) {
                return chain;
            }
        }
        let mut edges = vec![e];
        if e == grid.off_grid() {
            // A rule at the border that found the edge beyond it must be a
            // line: what it read (the caller adds) is the conflict.
            return Vec::new();
        }
        let cells = grid.edge_cells(e).into_iter().flatten();
        if self.provenance.is_some() {
            let board = &self.board;
            let broken = cells.clone().filter(|&c| {
                let sides = grid.cell_edges(c);
                let crosses = sides.iter().filter(|&&s| board.is_cross(s)).count() as u8;
                board
                    .clue(c)
                    .is_some_and(|n| board.cell_lines(c) > n || crosses > 4 - n)
            });
            self.blame(broken.collect::<Vec<_>>());
        }
        for cell in cells {
            edges.extend(grid.cell_edges(cell));
        }
        for v in grid.edge_vertices(e) {
            edges.extend(grid.vertex_edges(v));
        }
        if self.board.closed() {
            let all = (0..grid.edge_count() as u32).map(Edge);
            edges.extend(all.filter(|&x| self.board.is_line(x)));
            if self.provenance.is_some() {
                let mut cells = (0..grid.cell_count() as u32).map(Cell);
                let board = &self.board;
                let unmet =
                    cells.find(|&c| board.clue(c).is_some_and(|n| n != board.cell_lines(c)));
                self.blame(unmet);
            }
        }
        self.decided_of(edges)
    }

    /// Inside/outside's conflicts, when the rule at `why` broke the board
    /// at `e`: if it had just set `e` and so broke a clue or a dot round it,
    /// what `broken_by_set` finds there and the chains that forced `e`; if
    /// not, the locus has no colouring of its cells left: the chains of the
    /// relations every colouring breaks. `None` for a break no chains
    /// explain.
    fn sides_conflict(&mut self, e: Edge, why: Why) -> Option<Edges> {
        self.board.sides()?;
        let last = self.board.mark().checked_sub(1);
        let just_set = last
            .filter(|&i| self.board.changed_edge(i) == e && self.board.trail_cause(i) == Some(why));
        let mut conflict = match just_set {
            Some(i) => {
                let (_, forced) = sides_forced(&self.trail_view(i), e, why)?;
                let mut conflict = self.broken_by_set(e);
                conflict.extend(forced);
                conflict
            }
            None => sides_stuck(&self.trail_view(usize::MAX), why)?,
        };
        self.blame_step(why, e, usize::MAX);
        conflict.sort_unstable_by_key(|&(x, _)| x);
        conflict.dedup();
        Some(conflict)
    }

    /// The edges of `edges` decided now, with their states, each once.
    fn decided_of(&self, mut edges: Vec<Edge>) -> Edges {
        edges.sort_unstable();
        edges.dedup();
        let off = self.board.grid().off_grid();
        let decided = edges
            .into_iter()
            .filter(|&x| x != off && !self.board.is_unknown(x));
        decided.map(|x| (x, self.board.state(x))).collect()
    }

    /// Connectivity's contradictions: a line `e` cut off from the first
    /// line, or a clue that needs a line cut off from it (whose top side
    /// `e` is): the first line, the cut, and the clue's crosses.
    fn cut_off_conflict(&mut self, e: Edge) -> Option<Edges> {
        let now = TrailView {
            learner: self,
            entry: usize::MAX,
        };
        let grid = *self.board.grid();
        if self.board.is_line(e) {
            let ends = grid.edge_vertices(e).map(|v| v.0);
            let mut cut = cut_between(&now, &ends)?;
            cut.push((e, EdgeState::Line));
            return Some(cut);
        }
        let cell = grid
            .edge_cells(e)
            .into_iter()
            .flatten()
            .find(|&c| grid.cell_edges(c)[0] == e)?;
        let sides = grid.cell_edges(cell);
        let open = sides.iter().filter(|&&s| !self.board.is_cross(s));
        let ends: Vec<u32> = open
            .flat_map(|&s| grid.edge_vertices(s).map(|v| v.0))
            .collect();
        let mut cut = cut_between(&now, &ends)?;
        cut.extend(self.decided_of(sides.to_vec()));
        self.blame([cell]);
        Some(cut)
    }

    /// What forces trail entry `i`: its clause's other literals, or its
    /// rule's narrowed reason, or (not narrowed) the decisions up to its
    /// level. Empty for a decision.
    pub(super) fn reason_of(&self, i: usize) -> Edges {
        let e = self.board.changed_edge(i);
        self.narrowed_at(i)
            .unwrap_or_else(|| self.decisions_made(self.level(e)))
    }

    /// What forces trail entry `i`, if known: its clause's other literals,
    /// or its rule's narrowed reason. Empty for a decision.
    pub(super) fn narrowed_at(&self, i: usize) -> Option<Edges> {
        let e = self.board.changed_edge(i);
        if let Some(&id) = self.by_clause.get(i).filter(|&&id| id != NO_CLAUSE) {
            let lits = &self.clauses.all[id as usize].lits;
            let others = lits.iter().filter(|l| l.edge() != e);
            return Some(others.map(|l| (l.edge(), l.state().opposite())).collect());
        }
        let why = match self.board.trail_cause(i) {
            Some(why) if why.reason == Reason::from(Rule::Guess) => return Some(Vec::new()),
            Some(why) => why,
            None => return None,
        };
        let view = TrailView {
            learner: self,
            entry: i,
        };
        narrowed(&view, e, why)
    }

    /// Analyses `conflict` to its first unique implication point, learns
    /// the clause, jumps back to where it asserts, and asserts it. False
    /// when the conflict holds with no decision: no answer is left.
    pub(super) fn learn(&mut self, conflict: Edges) -> bool {
        let level = conflict
            .iter()
            .map(|&(e, _)| self.level(e))
            .max()
            .unwrap_or(0);
        if level == 0 {
            self.no_answer_left(&conflict);
            return false;
        }
        // A conflict of edges all decided below this level broke there.
        self.backjump(level);
        let learnt = self.analyse(conflict, level);
        let back = learnt[1..]
            .iter()
            .map(|l| self.level(l.edge()))
            .max()
            .unwrap_or(0);
        let mut levels: Vec<u32> = learnt.iter().map(|l| self.level(l.edge())).collect();
        levels.sort_unstable();
        levels.dedup();
        self.backjump(back);
        if let Some(kept) = &mut self.kept {
            kept.push((learnt.clone(), true));
        }
        let asserted = learnt[0];
        let id = match learnt.len() {
            1 => NO_CLAUSE,
            _ => self.clauses.add(learnt, true, levels.len() as u32),
        };
        self.clause_learnt(id, asserted.edge());
        self.order.decay();
        self.clauses.decay();
        self.board.tell_cause(Why::board(Rule::Backtrack));
        self.set_or_pend(asserted.edge(), asserted.state());
        let entry = self.board.mark() - 1;
        if self.by_clause.len() <= entry {
            self.by_clause.resize(entry + 1, NO_CLAUSE);
        }
        self.by_clause[entry] = id;
        true
    }

    /// The clause learnt from `conflict` at `level`, its asserting literal
    /// (the negation of the first unique implication point) first and one
    /// of the highest level among the others second.
    fn analyse(&mut self, conflict: Edges, level: u32) -> Vec<Lit> {
        let mut learnt = vec![Lit::new(Edge(0), EdgeState::Cross)];
        let mut open = 0;
        let mut edges = conflict;
        let mut i = self.board.mark();
        let floor = self.starts[level as usize - 1];
        let off = self.board.grid().off_grid();
        loop {
            for &(e, s) in &edges {
                let at = self.level(e);
                if at == 0 && e != off {
                    self.blame_fact(e);
                }
                if e == off || at == 0 || self.seen[e.0 as usize] {
                    continue;
                }
                self.seen[e.0 as usize] = true;
                self.order.bump(e);
                if at == level {
                    open += 1;
                } else {
                    learnt.push(Lit::new(e, s).negated());
                }
            }
            // The newest entry of this level the analysis has met.
            while i > floor {
                i -= 1;
                if self.seen[self.board.changed_edge(i).0 as usize] {
                    break;
                }
            }
            let e = self.board.changed_edge(i);
            if !self.seen[e.0 as usize] || (i == floor && open != 1) {
                // A reason named an edge decided after what it explains:
                // never so, as the tests hold; the decisions are a clause
                // that holds all the same.
                debug_assert!(false, "a reason named an edge decided after its deduction");
                self.clear_seen(&learnt, floor);
                self.blame_everything();
                return self.decision_clause(level);
            }
            self.seen[e.0 as usize] = false;
            open -= 1;
            if open == 0 {
                learnt[0] = Lit::new(e, self.board.state(e)).negated();
                break;
            }
            if let Some(&id) = self.by_clause.get(i).filter(|&&id| id != NO_CLAUSE) {
                self.clauses.bump(id);
            }
            self.blame_entry(i);
            edges = self.reason_of(i);
        }
        self.clear_seen(&learnt, floor);
        let second = (1..learnt.len()).max_by_key(|&k| self.level(learnt[k].edge()));
        if let Some(k) = second {
            learnt.swap(1, k);
        }
        learnt
    }

    /// Forgets what an analysis met: the literals learnt, and the trail
    /// from the conflict's level on.
    fn clear_seen(&mut self, learnt: &[Lit], floor: usize) {
        for l in learnt {
            self.seen[l.edge().0 as usize] = false;
        }
        for j in floor..self.board.mark() {
            self.seen[self.board.changed_edge(j).0 as usize] = false;
        }
    }

    /// The clause that the decisions up to `level` cannot all stand, the
    /// newest first: what any conflict at that level gives at worst.
    fn decision_clause(&self, level: u32) -> Vec<Lit> {
        let decisions = self.decisions_made(level).into_iter().rev();
        decisions.map(|(e, s)| Lit::new(e, s).negated()).collect()
    }
}
