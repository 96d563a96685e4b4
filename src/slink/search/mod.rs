//! Search: propagation to a fixed point, then probing (each value of each
//! undecided edge tried with cheap propagation; a value that fails gives the
//! other), then branching with full propagation in each branch, until two
//! answers are found or the tree is exhausted. So the outcome is proved: unique,
//! multiple, or none. Two branching rules, each good where the other is poor,
//! run as a portfolio with growing budgets (see `portfolio` below).
//!
//! The search here is the judge's: every answer it builds is one by the
//! board's invariants, and it has no clock. The full engine runs its own loop
//! ([`crate::engine::solve`]'s `explore`: a time limit, a trace, random first
//! values, detours to a second answer, heading home, deep probing) over the
//! same board, rules and helpers ([`portfolio`], [`try_edge`],
//! [`choose_branch`], [`backtrack`], [`Prober`]); its probing remembers
//! what the judge's does not through [`Memory`].
//!
//! The board is never copied: a branch records its changes on the board's trail
//! and backtracking undoes them to the branch's mark. Decisions live on an
//! explicit stack, so deep searches on large grids cannot overflow the call stack.

mod probe;

use crate::slink::answer::{Outcome, Solution};
use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Edge, Vertex};
use crate::slink::parse::Puzzle;
use crate::slink::reason::Why;
use crate::slink::rules::book::Rule;
use crate::slink::rules::driver::Propagator;
use crate::slink::rules::Mode;
pub(crate) use probe::frontier;
pub(crate) use probe::{trial, Judge, Memory, Probe, Prober};

/// One open branch on the decision stack: the trail's mark before it, the
/// edge guessed, the value tried first, and whether the other has been.
pub(crate) struct Branch {
    pub(crate) mark: usize,
    pub(crate) edge: Edge,
    pub(crate) first: EdgeState,
    pub(crate) second_tried: bool,
}

/// How a search branches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Branching {
    /// On the edge whose two values both propagate furthest (measured while
    /// probing): few guesses to exhaust a tree, so best for proving uniqueness.
    Lookahead,
    /// At an end of the path, extending it: finds loops fast on loose puzzles
    /// with many answers, where lookahead can wander into large empty subtrees.
    PathEnd,
}

/// How one run of the search goes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Strategy {
    pub(crate) probing: bool,
    pub(crate) branching: Branching,
    /// Give up after this many guesses (`None`: never).
    pub(crate) budget: Option<u64>,
    /// The portfolio's round (the full engine draws each guess's first value
    /// at random from the second on, seeded by the round).
    pub(crate) round: u64,
    /// Whether a first answer may be tried for a detour to a second (the
    /// full engine's; not when counting every answer: the search would meet
    /// the second again).
    pub(crate) detours: bool,
    /// Whether probing goes deep from the first guess (the full engine's
    /// third run of a round: see [`portfolio`]).
    pub(crate) deep: bool,
}

/// The first guess budget of the portfolio; each round multiplies it by 4.
const FIRST_BUDGET: u64 = 512;

/// Runs the portfolio: lookahead, then path-end branching, each with a budget of
/// guesses that grows fourfold every round, until one run finishes. Both
/// searches are complete, so whichever finishes gives the proved outcome, and
/// the total cost stays within a small factor of the better one on each puzzle.
/// With `deep` (the full engine's), each round after the first starts with a
/// third run, lookahead whose probing goes deep from the first guess; the
/// engine keeps it to a budget of work as well as of guesses.
/// `run` makes one attempt from scratch and returns `None` when it runs out of
/// budget; the guesses of abandoned attempts are counted too.
pub(crate) fn portfolio<T>(
    deep: bool,
    mut run: impl FnMut(Strategy) -> Option<(u64, T)>,
) -> (u64, T) {
    let mut spent = 0;
    let mut budget = FIRST_BUDGET;
    let mut round = 0;
    let runs = [
        (Branching::Lookahead, true),
        (Branching::Lookahead, false),
        (Branching::PathEnd, false),
    ];
    loop {
        let first = usize::from(!deep || round == 0);
        for &(branching, deep_run) in &runs[first..] {
            let strategy = Strategy {
                probing: true,
                branching,
                budget: Some(budget),
                round,
                detours: true,
                deep: deep_run,
            };
            match run(strategy) {
                Some((guesses, result)) => return (spent + guesses, result),
                None => spent += budget,
            }
        }
        budget = budget.saturating_mul(4);
        round += 1;
    }
}

/// Solves `puzzle` with the judged core alone and proves whether its answer
/// is unique: what a judge file runs.
pub(crate) fn prove(puzzle: &Puzzle) -> Outcome {
    let (_, found) = portfolio(false, |strategy| {
        let mut found = Found::default();
        let mut board = Board::new(puzzle.grid(), &puzzle.clues);
        let propagator = Propagator::new(puzzle.grid(), Mode::Full);
        explore(&mut board, propagator, 2, strategy, |s| found.add(s))
            .map(|guesses| (guesses, found))
    });
    outcome_of(found)
}

/// The answers a search found: the first, and how many (a second is only
/// counted, not kept: on a huge grid it is as big as the first).
#[derive(Default)]
pub(crate) struct Found {
    pub(crate) first: Option<Solution>,
    pub(crate) count: u64,
}

impl Found {
    pub(crate) fn add(&mut self, solution: Solution) {
        if self.first.is_none() {
            self.first = Some(solution);
        }
        self.count += 1;
    }
}

pub(crate) fn outcome_of(found: Found) -> Outcome {
    match (found.first, found.count) {
        (Some(first), 1) => Outcome::Unique(first),
        (Some(first), _) => Outcome::Multiple(first),
        (None, _) => Outcome::NoSolution,
    }
}

/// Depth-first search from `board` that hands each answer to `found`, stops
/// after `limit` of them, and returns the number of guesses made — or `None`
/// if the strategy's guess budget ran out. With probing, each node first
/// probes every undecided edge (see [`Prober::probe`]). A finished board
/// whose lines close one loop with every clue met is an answer, by the
/// board's invariants.
fn explore(
    board: &mut Board,
    mut propagator: Propagator,
    limit: u64,
    strategy: Strategy,
    mut found: impl FnMut(Solution),
) -> Option<u64> {
    let mut stack: Vec<Branch> = Vec::new();
    let mut guesses = 0;
    let mut count = 0;
    let mut alive = propagator.run(board).is_ok();
    let mut prober = Prober::default();
    loop {
        if alive && board.unknown_count() == 0 {
            if board.closed() && board.unmet() == 0 {
                found(Solution::from_board(board));
                count += 1;
            }
            if count >= limit {
                return Some(guesses);
            }
            alive = false;
        }
        if alive {
            board.start_recording();
            let probed = match strategy.probing {
                true => prober.probe(board, &mut propagator, &mut Judge),
                false => Ok(Probe::Stalled(None)),
            };
            let best = match probed {
                Ok(Probe::Decided) => {
                    // Probing propagates cheaply; finish with the full sweep.
                    let unknown = board.unknown_count();
                    alive = propagator.run(board).is_ok();
                    if board.unknown_count() != unknown {
                        prober.forget(&mut Judge);
                    }
                    continue;
                }
                Ok(Probe::Stalled(best)) => best,
                Ok(Probe::OutOfTime) => continue,
                Err(_) => {
                    alive = false;
                    continue;
                }
            };
            if strategy.budget.map_or(false, |b| guesses >= b) {
                return None;
            }
            let (edge, first) = match (strategy.branching, best) {
                (Branching::Lookahead, Some(best)) => best,
                _ => choose_branch(board, |_| None),
            };
            guesses += 1;
            stack.push(Branch {
                mark: board.mark(),
                edge,
                first,
                second_tried: false,
            });
            alive = try_edge(board, &mut propagator, edge, first, Rule::Guess).is_ok();
            prober.forget(&mut Judge);
            continue;
        }
        match backtrack(board, &mut propagator, &mut stack, |_, _| {}) {
            Some(holds) => alive = holds,
            None => return Some(guesses),
        }
        prober.forget(&mut Judge);
    }
}

/// Backtracks to the newest branch on `stack` whose second value is
/// untried, and tries it: whether the board holds after it, or `None` when
/// every branch has been tried both ways. `at_depth` hears the depth of the
/// stack before each branch is undone.
pub(crate) fn backtrack(
    board: &mut Board,
    propagator: &mut Propagator,
    stack: &mut Vec<Branch>,
    mut at_depth: impl FnMut(&mut Board, usize),
) -> Option<bool> {
    loop {
        at_depth(board, stack.len());
        let branch = stack.last_mut()?;
        board.undo_to(branch.mark);
        propagator.reset(board);
        if branch.second_tried {
            stack.pop();
            continue;
        }
        branch.second_tried = true;
        let (edge, value) = (branch.edge, branch.first.opposite());
        return Some(try_edge(board, propagator, edge, value, Rule::Backtrack).is_ok());
    }
}

/// Sets `edge` to `value` as the search's `step` and propagates.
pub(crate) fn try_edge(
    board: &mut Board,
    propagator: &mut Propagator,
    edge: Edge,
    value: EdgeState,
    step: Rule,
) -> Result<(), Contradiction> {
    board.tell_cause(Why::board(step));
    board.set(edge, value)?;
    propagator.run(board)
}

/// The most constrained undecided edge, and which value to try first.
///
/// A path end with two undecided edges is a binary choice that the rules follow
/// far; failing that, any path end (extended along the edge `toward` names
/// for it, if any, else its first undecided one); failing that (no line
/// yet), a side of the clue needing the most lines, tried as a line first.
pub(crate) fn choose_branch(
    board: &Board,
    toward: impl FnOnce(Vertex) -> Option<Edge>,
) -> (Edge, EdgeState) {
    let grid = board.grid();
    let mut best: Option<(u8, Vertex)> = None;
    for v in 0..grid.vertex_count() as u32 {
        let v = Vertex(v);
        if board.vertex_lines(v) == 1 {
            let open = board.vertex_unknown(v);
            if open >= 2 && best.map_or(true, |(o, _)| open < o) {
                best = Some((open, v));
                if open == 2 {
                    break;
                }
            }
        }
    }
    if let Some((_, v)) = best {
        if let Some(e) = toward(v) {
            return (e, EdgeState::Line);
        }
        if let Some(&e) = grid.vertex_edges(v).iter().find(|&&e| board.is_unknown(e)) {
            return (e, EdgeState::Line);
        }
    }
    let mut choice: Option<(i32, Edge)> = None;
    for c in 0..grid.cell_count() as u32 {
        let cell = crate::slink::grid::Cell(c);
        let unknown = board.cell_unknown(cell);
        if unknown == 0 {
            continue;
        }
        let need = board
            .clue(cell)
            .map_or(0, |n| i32::from(n) - i32::from(board.cell_lines(cell)));
        if choice.map_or(true, |(n, _)| need > n) {
            if let Some(&e) = grid.cell_edges(cell).iter().find(|&&e| board.is_unknown(e)) {
                choice = Some((need, e));
            }
        }
    }
    match choice {
        Some((_, e)) => (e, EdgeState::Line),
        // Unreachable on a board with undecided edges (every edge borders a cell).
        None => (Edge(0), EdgeState::Line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The portfolio's runs, in order: lookahead and path-end branching in
    /// each round, budgets growing fourfold; with `deep`, from the second
    /// round on, a deep lookahead run first. The guesses it reports are the
    /// budgets of the runs that gave up and the guesses of the one that
    /// finished.
    #[test]
    fn the_portfolio_runs_deep_first_from_its_second_round() {
        for deep in [false, true] {
            let mut runs = Vec::new();
            let (guesses, last) = portfolio(deep, |strategy| {
                runs.push((strategy.round, strategy.branching, strategy.deep));
                assert_eq!(strategy.budget, Some(FIRST_BUDGET << (2 * strategy.round)));
                (runs.len() == 7).then(|| (5, runs.len()))
            });
            use Branching::{Lookahead as L, PathEnd as P};
            let expected = match deep {
                false => vec![
                    (0, L, false),
                    (0, P, false),
                    (1, L, false),
                    (1, P, false),
                    (2, L, false),
                    (2, P, false),
                    (3, L, false),
                ],
                true => vec![
                    (0, L, false),
                    (0, P, false),
                    (1, L, true),
                    (1, L, false),
                    (1, P, false),
                    (2, L, true),
                    (2, L, false),
                ],
            };
            assert_eq!(runs, expected, "deep {deep}");
            let budgets: u64 = runs[..6]
                .iter()
                .map(|run| FIRST_BUDGET << (2 * run.0))
                .sum();
            assert_eq!((guesses, last), (budgets + 5, 7), "deep {deep}");
        }
    }
}
