//! The steps a contradiction depends on: the backward slice a refutation
//! shows (`--hint`'s mistakes and trials), so that a mistake a solver sees
//! in two steps is shown in two, not among every step the propagation
//! happened to make on the way.
//!
//! Walking back from the failure, a step is kept when it set an edge that a
//! kept step (or the failure) needed. What a step needed is found by
//! replaying its rule, once, at its place, on a board that holds nothing but
//! the clues and the edges it might have read: those of its reach (the
//! vertex's four edges; a cell's sides and the edges at its corners), and
//! for a rule at a vertex the lines of the path through it. Of those, each
//! edge whose absence still lets the rule make its decision (or, for the
//! failure, still breaks the board) is not needed. A rule that cannot be
//! replayed so (the whole-board rules: loop closed, connectivity,
//! inside/outside; or one whose decision needs more than those edges) needs
//! what its reach reads, and a whole-board rule everything before it.

use crate::engine::rules::facts::Reach;
use crate::engine::Decision;
use crate::engine::Failure;
use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Edge, Grid, Vertex};
use crate::slink::parse::Puzzle;
use crate::slink::reason::{Locus, Reason};
use crate::slink::rules::{at_vertex, Apply, Site, Trigger};

/// An edge and the state it had.
type Known = (Edge, EdgeState);

/// The most edges a step's premises are minimised among.
const MINIMISED: usize = 256;

/// What a replayed rule must still do without an edge for that edge not to
/// be needed.
#[derive(Clone, Copy)]
enum Goal {
    /// Set this edge to this state.
    Sets(Edge, EdgeState),
    /// Break the board (trying to set this edge, when it is on the grid).
    Breaks(Edge),
}

/// The decisions of `decisions` (made in order from the edges of `start`)
/// that `failure` depends on, in order.
pub(crate) fn slice(
    puzzle: &Puzzle,
    start: &[EdgeState],
    decisions: &[Decision],
    failure: &Failure,
) -> Vec<Decision> {
    // The failing application's own decisions (the log hears each before
    // the board breaks) are the failure itself: they stay last, with the
    // failure's premises.
    let own = own_decisions(decisions, failure);
    let (decisions, own) = decisions.split_at(decisions.len() - own);
    let grid = puzzle.grid();
    let slicer = Slicer::new(puzzle, start, decisions);
    let mut replay = Board::new(grid, &puzzle.clues);
    replay.start_recording();
    let kept = walk_back(&grid, decisions, failure, |step, rule, goal, needed| {
        slicer.premises(&mut replay, rule, step, goal, needed)
    });
    let chain = decisions.iter().zip(kept).filter(|(_, k)| *k);
    chain.map(|(d, _)| *d).chain(own.iter().copied()).collect()
}

/// Which of `decisions` `failure` depends on: walking back from it, a
/// decision is kept when it set an edge a kept step (or the failure)
/// needed. `premises(step, rule, goal, needed)` marks in `needed` what
/// `rule`, at `step`, needed to reach `goal`, and says whether it needed
/// everything before it.
fn walk_back(
    grid: &Grid,
    decisions: &[Decision],
    failure: &Failure,
    mut premises: impl FnMut(usize, (Reason, Locus), Goal, &mut [bool]) -> bool,
) -> Vec<bool> {
    let mut needed = vec![false; grid.edge_count()];
    // A whole-board failure may name no edge of the grid.
    if let Some(n) = needed.get_mut(failure.edge.0 as usize) {
        *n = true;
    }
    let failing = (failure.reason, failure.at);
    let goal = Goal::Breaks(failure.edge);
    let mut everything = premises(decisions.len(), failing, goal, &mut needed);
    let mut kept = vec![false; decisions.len()];
    for (i, d) in decisions.iter().enumerate().rev() {
        if everything || needed[d.edge.0 as usize] {
            kept[i] = true;
            let goal = Goal::Sets(d.edge, d.state);
            everything |= premises(i, (d.why.reason, d.why.at), goal, &mut needed);
        }
    }
    kept
}

/// How many of the last decisions the failing rule made in the
/// application that broke the board (a rule sets all it decides at once).
fn own_decisions(decisions: &[Decision], failure: &Failure) -> usize {
    let failing = |d: &&Decision| d.why.reason == failure.reason && d.why.at == failure.at;
    decisions.iter().rev().take_while(failing).count()
}

/// The board as it stood before each step, without keeping a copy a step.
struct Slicer<'a> {
    grid: Grid,
    start: &'a [EdgeState],
    decisions: &'a [Decision],
    /// The step that set each edge (`usize::MAX`: none did).
    set_by: Vec<usize>,
}

impl<'a> Slicer<'a> {
    fn new(puzzle: &Puzzle, start: &'a [EdgeState], decisions: &'a [Decision]) -> Slicer<'a> {
        let grid = puzzle.grid();
        let mut set_by = vec![usize::MAX; grid.edge_count()];
        for (i, d) in decisions.iter().enumerate() {
            set_by[d.edge.0 as usize] = i;
        }
        Slicer {
            grid,
            start,
            decisions,
            set_by,
        }
    }

    /// Edge `e`'s state before step `step` (off the grid: a cross, as the
    /// board holds it).
    fn before(&self, e: Edge, step: usize) -> EdgeState {
        let i = e.0 as usize;
        match self.start.get(i) {
            None => EdgeState::Cross,
            Some(&EdgeState::Unknown) if self.set_by[i] < step => {
                self.decisions[self.set_by[i]].state
            }
            Some(&state) => state,
        }
    }

    /// Marks in `needed` the edges that `rule` (a reason and its place),
    /// made at step `step`, needed to reach `goal`; returns whether it needed
    /// the whole board before it.
    fn premises(
        &self,
        replay: &mut Board,
        rule: (Reason, Locus),
        step: usize,
        goal: Goal,
        needed: &mut [bool],
    ) -> bool {
        let (reason, at) = rule;
        let (path, mut read) = self.candidates(rule, step, goal);
        if !self.reaches(replay, rule, &path, &read, goal) {
            // What breaks the board may lie anywhere: everything before.
            return matches!(goal, Goal::Breaks(_)) || note(&self.grid, reason, at, needed);
        }
        // The latest decided are tried first, the edges of the start last:
        // what is kept then costs the fewest steps before it.
        read.sort_by_key(|&(e, _)| match self.start[e.0 as usize] {
            EdgeState::Unknown => std::cmp::Reverse(self.set_by[e.0 as usize] as i64),
            _ => std::cmp::Reverse(-1),
        });
        // Each edge in turn is left out for good when the rule does without
        // (on a long path, edges by the hundred, the trying would cost more
        // than it saves: they are all kept).
        let mut i = 0;
        while i < read.len() && read.len() <= MINIMISED {
            let left_out = read.remove(i);
            if !self.reaches(replay, rule, &path, &read, goal) {
                read.insert(i, left_out);
                i += 1;
            }
        }
        for (e, _) in path.iter().chain(&read) {
            needed[e.0 as usize] = true;
        }
        false
    }

    /// The edges decided before step `step` that `rule` may have read, in
    /// two lists: the lines of the path through its vertex, for a loop rule
    /// (all needed: a path cut short is another path), and the others
    /// (those of its reach; for the failure, also the edges of the dots and
    /// cells the edge it could not set meets, and the paths through its
    /// ends).
    fn candidates(
        &self,
        rule: (Reason, Locus),
        step: usize,
        goal: Goal,
    ) -> (Vec<Known>, Vec<Known>) {
        let grid = &self.grid;
        let (reason, at) = rule;
        let mut vertices: Vec<Vertex> = match at {
            Locus::Vertex(v) => vec![v],
            Locus::Cell(cell) => grid.corners(cell).iter().map(|k| k.vertex).collect(),
            Locus::Board => Vec::new(),
        };
        let mut path = Vec::new();
        if let (Locus::Vertex(v), Reach::Board) = (at, reason.reach()) {
            self.walk(v, step, &mut path);
        }
        let mut read: Vec<Known> = Vec::new();
        let mut near: Vec<Edge> = Vec::new();
        if let Goal::Breaks(e) = goal {
            if (e.0 as usize) < grid.edge_count() {
                for end in grid.edge_vertices(e) {
                    vertices.push(end);
                    self.walk(end, step, &mut read);
                }
                for cell in grid.edge_cells(e).into_iter().flatten() {
                    near.extend(grid.cell_edges(cell));
                }
            }
        }
        let reach = vertices.iter().flat_map(|&v| grid.vertex_edges(v));
        for e in reach.chain(near) {
            let state = self.before(e, step);
            let known = (e.0 as usize) < grid.edge_count() && state != EdgeState::Unknown;
            if known && !read.iter().chain(&path).any(|&(f, _)| f == e) {
                read.push((e, state));
            }
        }
        (path, read)
    }

    /// Adds to `path` the lines of the paths that leave `v`, before step
    /// `step`, each followed to its other end.
    fn walk(&self, v: Vertex, step: usize, path: &mut Vec<Known>) {
        let grid = &self.grid;
        let is_line =
            |e: Edge| (e.0 as usize) < grid.edge_count() && self.before(e, step) == EdgeState::Line;
        for first in grid.vertex_edges(v) {
            if !is_line(first) || path.iter().any(|&(f, _)| f == first) {
                continue;
            }
            let (mut at, mut through) = (v, first);
            loop {
                path.push((through, EdgeState::Line));
                let [a, b] = grid.edge_vertices(through);
                at = if a == at { b } else { a };
                let next = grid
                    .vertex_edges(at)
                    .into_iter()
                    .find(|&e| e != through && is_line(e));
                match next {
                    // Round a closed loop, back where it began.
                    Some(e) if path.iter().any(|&(f, _)| f == e) => break,
                    Some(e) => through = e,
                    None => break,
                }
            }
        }
    }

    /// Whether `rule`, replayed once on a board holding only the clues and
    /// the edges of `path` and `read`, reaches `goal`.
    fn reaches(
        &self,
        replay: &mut Board,
        rule: (Reason, Locus),
        path: &[Known],
        read: &[Known],
        goal: Goal,
    ) -> bool {
        let mark = replay.mark();
        let set = path
            .iter()
            .chain(read)
            .try_for_each(|&(e, state)| replay.set(e, state).map(|_| ()));
        let reached = match set.map(|_| apply_once(replay, rule.0, rule.1)) {
            // Edges this few cannot replay it: the rule needs more.
            Ok(None) => false,
            Ok(Some(Ok(()))) => match goal {
                Goal::Sets(e, state) => replay.state(e) == state,
                Goal::Breaks(_) => false,
            },
            Ok(Some(Err(_))) => matches!(goal, Goal::Breaks(_)),
            // The edges alone break the board: for a step, another proof.
            Err(_) => matches!(goal, Goal::Breaks(_)),
        };
        replay.undo_to(mark);
        reached
    }
}

/// Applies the rule of `reason` once at `at`, as the driver would (only
/// when the clue or the counts there let it fire); `None` for a rule the
/// driver runs on the whole board or in sweeps, or a search step.
pub(crate) fn apply_once(
    board: &mut Board,
    reason: Reason,
    at: Locus,
) -> Option<Result<(), Contradiction>> {
    let row = reason.entry().row?;
    // The sweeps' rules read the inside/outside classes, which a board of
    // a few edges does not keep.
    if !matches!(row.trigger, Trigger::Vertex | Trigger::Cell) {
        return None;
    }
    match (row.apply, at) {
        (Apply::Vertex(f), Locus::Vertex(v)) => {
            let (lines, unknown) = (board.vertex_lines(v), board.vertex_unknown(v));
            let fires = unknown > 0 && row.counts & at_vertex(lines, unknown) != 0;
            Some(if fires { f(board, v) } else { Ok(()) })
        }
        (Apply::Clue(_) | Apply::Site(_), Locus::Cell(cell)) => {
            let clue = board.clue(cell);
            let fires = clue.is_some_and(|n| row.clues & 1 << n != 0);
            Some(match row.apply {
                _ if !fires => Ok(()),
                Apply::Clue(f) => f(board, cell),
                // The driver runs no pattern rule on a 0.
                Apply::Site(f) if clue != Some(0) => {
                    let site = Site::new(board, cell);
                    f(board, &site)
                }
                _ => Ok(()),
            })
        }
        _ => None,
    }
}

/// Marks in `needed` the edges a rule applied at `at` reads by its reach;
/// returns whether it reads the whole board.
fn note(grid: &Grid, reason: Reason, at: Locus, needed: &mut [bool]) -> bool {
    let mut mark = |v| {
        for e in grid.vertex_edges(v) {
            // Edges off the grid have ids past the last.
            if let Some(n) = needed.get_mut(e.0 as usize) {
                *n = true;
            }
        }
    };
    match (reason.reach(), at) {
        (Reach::Board, _) | (_, Locus::Board) => return true,
        (Reach::Vertex | Reach::Cell | Reach::Pair, Locus::Vertex(v)) => mark(v),
        (Reach::Vertex | Reach::Cell | Reach::Pair, Locus::Cell(cell)) => {
            grid.corners(cell).iter().for_each(|k| mark(k.vertex))
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineBoard;
    use crate::generate::blob as planted;
    use crate::shared::restarts::SplitMix;
    use crate::tutor::{board_with, propagate, Tier, PROPAGATING};

    /// The number of steps the slice by reach alone keeps (every edge a
    /// step's reach holds is needed), as the tutor sliced before it replayed
    /// rules.
    fn by_reach(grid: &Grid, decisions: &[Decision], failure: &Failure) -> usize {
        let own = own_decisions(decisions, failure);
        let decisions = &decisions[..decisions.len() - own];
        let kept = walk_back(grid, decisions, failure, |_, (reason, at), _, needed| {
            note(grid, reason, at, needed)
        });
        kept.iter().filter(|&&k| k).count() + own
    }

    /// On planted puzzles with one wrong edge assumed, the slice is a chain
    /// that stands alone: from the assumed board, each kept step's rule,
    /// replayed at its place on the board the kept steps before it made,
    /// makes that step's decision, and the failing rule then breaks the
    /// board. (The slice by reach alone was not: a failure at a vertex may
    /// break a clue beyond its reach.) On the whole it is much shorter.
    #[test]
    fn slices_stand_alone_and_are_short() {
        let mut rng = SplitMix(29);
        let (mut refuted, mut by_replay, mut by_reach_total) = (0, 0, 0);
        while refuted < 1000 {
            let (rows, cols) = (4 + rng.below(5) as u32, 4 + rng.below(5) as u32);
            let (mut puzzle, answer) = planted(&mut rng, rows, cols);
            for clue in puzzle.clues.iter_mut() {
                if rng.below(100) < 50 {
                    *clue = None;
                }
            }
            let grid = puzzle.grid();
            let wrong = Edge(rng.below(grid.edge_count() as u64) as u32);
            let mut assumed = vec![EdgeState::Unknown; grid.edge_count()];
            assumed[wrong.0 as usize] = answer.states()[wrong.0 as usize].opposite();
            let Some((tier, run)) = PROPAGATING.iter().find_map(|&tier| {
                let mut board = board_with(&puzzle, &assumed)?;
                let run = propagate(&mut board, tier);
                run.failure.is_some().then_some((tier, run))
            }) else {
                continue;
            };
            let failure = run.failure.expect("a failing run");
            let chain = slice(&puzzle, &assumed, &run.decisions, &failure);
            // A subsequence of the run's decisions.
            let mut rest = run.decisions.iter();
            assert!(chain.iter().all(|d| rest.any(|r| r == d)));
            // It stands alone.
            let mut board = board_with(&puzzle, &assumed).expect("consistent");

            // The failing application's own decisions come last.
            let own = own_decisions(&run.decisions, &failure);
            for d in &chain[..chain.len() - own] {
                match apply_once(&mut board, d.why.reason, d.why.at) {
                    Some(result) => {
                        assert!(result.is_ok(), "{d:?}");
                        assert_eq!(board.state(d.edge), d.state, "{d:?}");
                    }
                    // A whole-board rule: its step is taken as made.
                    None => assert!(board.set(d.edge, d.state).is_ok()),
                }
            }
            // With inside/outside (which the run took up part way), the
            // board may break by the classes alone.
            let classes = tier >= Tier::Sides && board.enable_sides().is_err();
            if let (false, Some(result)) =
                (classes, apply_once(&mut board, failure.reason, failure.at))
            {
                assert!(result.is_err(), "{failure:?}");
            }
            // Where the rules that break the board are local ones (the
            // statement's cases), both slices can replay them.
            if tier == Tier::Statement {
                by_replay += chain.len();
                by_reach_total += by_reach(&grid, &run.decisions, &failure);
            }
            refuted += 1;
        }
        // Replaying rules keeps markedly fewer steps than reach alone.
        assert!(
            by_replay * 4 < by_reach_total * 3,
            "{by_replay} against {by_reach_total}"
        );
        eprintln!("steps kept by the statement's cases' refutations: {by_replay} by replay, {by_reach_total} by reach");
    }
}
