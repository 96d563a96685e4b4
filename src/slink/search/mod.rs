//! Search: propagation to a fixed point, then probing (each value of each
//! undecided edge tried with cheap propagation; a value that fails gives the
//! other), then branching with full propagation in each branch, until two
//! answers are found or the tree is exhausted. So the outcome is proved: unique,
//! multiple, or none. Two branching rules, each good where the other is poor,
//! run as a portfolio with growing budgets (see `portfolio` below).
//!
//! Whoever runs the search answers its questions ([`Policy`]). The full
//! engine's policy ([`crate::engine::solve::Full`]) makes loose puzzles
//! quick: from the portfolio's second round on, each guess's first value is
//! drawn at random (seeded), so a round that wandered into a subtree with no
//! loop goes another way in the next; with every clue met, the path end
//! branched on heads for the path's other end; and a first answer reached
//! under a guess is tried for a one-cell detour to a second
//! ([`crate::engine::detour`]). A solve may also have a time limit and a trace
//! ([`crate::engine::solve::Settings`]).
//!
//! The board is never copied: a branch records its changes on the board's trail
//! and backtracking undoes them to the branch's mark. Decisions live on an
//! explicit stack, so deep searches on large grids cannot overflow the call stack.
//! Every answer is checked by [`crate::check::slink`] (which shares no code with the
//! solver) before it counts in the full engine; the judge path trusts the
//! board's invariants.

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
pub(crate) use probe::{trial, Probe, Prober};

/// One open branch on the decision stack.
struct Branch {
    mark: usize,
    edge: Edge,
    first: EdgeState,
    second_tried: bool,
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
/// third run, lookahead whose probing goes deep from the first guess; its
/// policy keeps it to a budget of work as well as of guesses.
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
        explore(
            &mut board,
            propagator,
            puzzle,
            2,
            strategy,
            &mut Judge,
            |s| found.add(s),
        )
        .map(|guesses| (guesses, found))
    });
    outcome_of(found)
}

/// What the search asks of whoever runs it, beyond the board: the judged
/// core's answers are the defaults ([`Judge`]); the full engine's
/// ([`crate::engine::solve::Full`]) add a time limit, a trace, detours to a second answer, random
/// first values after the first round, and probing that passes over values
/// known to hold.
pub(crate) trait Policy {
    /// Whether an answer the search built is one: a finished board whose
    /// lines close one loop with every clue met is, by the board's
    /// invariants (the full engine checks it independently).
    fn verified(&self, _: &Puzzle, _: &Solution) -> bool {
        true
    }
    /// A second answer found from the first without search, if any:
    /// `guessed` says whether the first was reached under a guess (one
    /// reached without is the only one).
    fn second(&mut self, _: &Puzzle, _: &Solution, _: bool) -> Option<Solution> {
        None
    }
    /// An answer was found, and counted.
    fn answered(&mut self) {}
    /// Whether the time is up.
    fn out_of_time(&mut self) -> bool {
        false
    }
    /// The search is about to probe or branch; whether it may probe with
    /// `propagator`'s rules.
    fn searching(&mut self, _: &Propagator) -> bool {
        true
    }
    /// The value to try first at the branching `edge`, where the search
    /// would try `first`, at guess number `guesses`.
    fn first_value(&self, _: Edge, first: EdgeState, _: u64) -> EdgeState {
        first
    }
    /// The search is at `depth` guesses, about to guess (`guessing`) or
    /// to backtrack.
    fn at_depth(&mut self, _: &mut Board, _: usize, _: bool) {}
    /// Whether the search heads home: branches where [`Policy::toward`]
    /// says rather than on probing's best edge.
    fn heads_home(&self, _: &Board) -> bool {
        false
    }
    /// Heading home, the edge at path end `v` to branch on, or `None` for
    /// the search's own choice.
    fn toward(&self, _: &Board, _: Vertex) -> Option<Edge> {
        None
    }
    /// One round of probing by `prober` (see [`Prober::round`]).
    fn probe(
        &mut self,
        prober: &mut Prober,
        board: &mut Board,
        propagator: &mut Propagator,
    ) -> Result<Probe, Contradiction>
    where
        Self: Sized,
    {
        prober.round(board, propagator, self)
    }
    /// Whether probing passes over `edge` in this round.
    fn passes_edge(&self, _: Edge) -> bool {
        false
    }
    /// Whether probing passes over the trial of `value` at `edge`, known
    /// to hold.
    fn passes(&mut self, _: Edge, _: EdgeState) -> bool {
        false
    }
    /// The changes the trial of `value` at `edge` would make with cheap
    /// propagation, if known without making it: an earlier trial's, which
    /// held and which nothing since can have changed.
    fn recall(&mut self, _: &Board, _: Edge, _: EdgeState) -> Option<u64> {
        None
    }
    /// A trial is about to be made on `board`.
    fn trying(&mut self, _: &mut Board) {}
    /// The trial from trail entry `mark` on has been made (and `held`),
    /// and is about to be undone.
    fn tried(&mut self, _: &mut Board, _: usize, _: bool) {}
    /// The trial just made, with `cheap` propagation or not, has been
    /// undone.
    fn undone(&mut self, _: &Board, _cheap: bool) {}
    /// A trial decided `edge`.
    fn decided(&mut self, _: Edge) {}
    /// The board changed: what trials found of it is stale.
    fn forget(&mut self) {}
}

/// The judged core's policy: every default.
pub(crate) struct Judge;

impl Policy for Judge {}

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

/// Depth-first search from `board` that hands each verified answer to `found`,
/// stops after `limit` of them, and returns the number of guesses made — or
/// `None` if the strategy's guess budget ran out. With probing, each node first
/// probes every undecided edge (see [`Prober::probe`]).
pub(crate) fn explore<P: Policy>(
    board: &mut Board,
    mut propagator: Propagator,
    puzzle: &Puzzle,
    limit: u64,
    strategy: Strategy,
    policy: &mut P,
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
                let solution = Solution::from_board(board);
                if policy.verified(puzzle, &solution) {
                    // A second answer may come with no search for it.
                    let second = match strategy.detours && count == 0 {
                        true => policy.second(puzzle, &solution, !stack.is_empty()),
                        false => None,
                    };
                    found(solution);
                    count += 1;
                    policy.answered();
                    if let Some(second) = second.filter(|s| policy.verified(puzzle, s)) {
                        found(second);
                        count += 1;
                    }
                }
            }
            if count >= limit {
                return Some(guesses);
            }
            alive = false;
        }
        // About to search or to backtrack: the time limit is checked here, so a
        // board that propagation finishes is never out of time.
        if (alive || !stack.is_empty()) && policy.out_of_time() {
            // Leave the board as far as it is proved: below the first guess.
            if let Some(first) = stack.first() {
                board.undo_to(first.mark);
            }
            return None;
        }
        if alive {
            let probing = policy.searching(&propagator) && strategy.probing;
            board.start_recording();
            let probed = if probing {
                prober.probe(board, &mut propagator, policy)
            } else {
                Ok(Probe::Stalled(None))
            };
            let best = match probed {
                Ok(Probe::Decided) => {
                    // Probing propagates cheaply; finish with the full sweep.
                    let unknown = board.unknown_count();
                    alive = propagator.run(board).is_ok();
                    if board.unknown_count() != unknown {
                        prober.forget(policy);
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
            let best = best.filter(|_| !policy.heads_home(board));
            let (edge, first) = match (strategy.branching, best) {
                (Branching::Lookahead, Some(best)) => best,
                _ => choose_branch(board, policy),
            };
            let first = policy.first_value(edge, first, guesses);
            guesses += 1;
            stack.push(Branch {
                mark: board.mark(),
                edge,
                first,
                second_tried: false,
            });
            policy.at_depth(board, stack.len(), true);
            alive = try_edge(board, &mut propagator, edge, first, Rule::Guess).is_ok();
            prober.forget(policy);
            continue;
        }
        // Backtrack to the newest branch whose second value is untried.
        loop {
            policy.at_depth(board, stack.len(), false);
            let branch = match stack.last_mut() {
                Some(branch) => branch,
                None => return Some(guesses),
            };
            board.undo_to(branch.mark);
            propagator.reset(board);
            if branch.second_tried {
                stack.pop();
                continue;
            }
            branch.second_tried = true;
            let (edge, value) = (branch.edge, branch.first.opposite());
            alive = try_edge(board, &mut propagator, edge, value, Rule::Backtrack).is_ok();
            prober.forget(policy);
            break;
        }
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
/// far; failing that, any path end; failing that (no line yet), a side of the
/// clue needing the most lines, tried as a line first.
fn choose_branch<P: Policy>(board: &Board, policy: &P) -> (Edge, EdgeState) {
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
        if policy.heads_home(board) {
            if let Some(e) = policy.toward(board, v) {
                return (e, EdgeState::Line);
            }
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
