//! Search: propagation to a fixed point, then probing (each value of each
//! undecided edge tried with cheap propagation; a value that fails gives the
//! other), then branching with full propagation in each branch, until two
//! answers are found or the tree is exhausted. So the outcome is proved: unique,
//! multiple, or none. Two branching rules, each good where the other is poor,
//! run as a portfolio with growing budgets (see `portfolio` below).
//!
//! Outside judge files, three things make loose puzzles quick: from the
//! portfolio's second round on, each guess's first value is drawn at random
//! (seeded), so a round that wandered into a subtree with no loop goes another
//! way in the next; with every clue met, the path end branched on heads for
//! the path's other end ([`homeward`]); and a first answer reached under a guess
//! is tried for a one-cell detour to a second ([`crate::detour`]). A solve may
//! also have a time limit and a trace ([`Settings`]).
//!
//! The board is never copied: a branch records its changes on the board's trail
//! and backtracking undoes them to the branch's mark. Decisions live on an
//! explicit stack, so deep searches on large grids cannot overflow the call stack.
//! Every answer is checked by [`crate::verify`] (which shares no code with the
//! solver) before it counts; judge files alone leave that check out.

#[clippy::msrv = "1.70"]
mod deduce;
#[clippy::msrv = "1.70"]
mod full;
mod probe;
mod queries;
mod settings;

use std::time::Instant;

use crate::answer::Undecided;
use crate::answer::{Outcome, Report, Solution};
use crate::board::{Board, Contradiction, EdgeState};
use crate::engine::Failure;
use crate::engine::Log;
use crate::grid::{Edge, Vertex};
use crate::marks::Marks;
use crate::parse::Puzzle;
use crate::reason::Why;
use crate::rules::book::Rule;
use crate::rules::driver::Propagator;
use crate::rules::Mode;
pub(crate) use deduce::settle;
pub(crate) use full::{Full, Implied};
pub(crate) use probe::frontier;
use probe::{Probe, Prober};
pub use queries::count_solutions;
pub(crate) use queries::{
    has_answer, probing_decides, solved_by_trials, solved_without_guessing, statement_rules_only,
};
pub use settings::{solve_with, Settings};

/// One open branch on the decision stack.
struct Branch {
    mark: usize,
    edge: Edge,
    first: EdgeState,
    second_tried: bool,
}

/// How a search branches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Branching {
    /// On the edge whose two values both propagate furthest (measured while
    /// probing): few guesses to exhaust a tree, so best for proving uniqueness.
    Lookahead,
    /// At an end of the path, extending it: finds loops fast on loose puzzles
    /// with many answers, where lookahead can wander into large empty subtrees.
    PathEnd,
}

/// How one run of the search goes.
#[derive(Clone, Copy, Debug)]
struct Strategy {
    probing: bool,
    branching: Branching,
    /// Give up after this many guesses (`None`: never).
    budget: Option<u64>,
    /// The portfolio's round (the full engine draws each guess's first value
    /// at random from the second on, seeded by the round).
    round: u64,
    /// Whether a first answer may be tried for a detour to a second (the
    /// full engine's; not when counting every answer: the search would meet
    /// the second again).
    detours: bool,
}

impl Strategy {
    /// How a run of this strategy that ran out of guesses is reported.
    fn gave_up(&self) -> String {
        let branching = match self.branching {
            Branching::Lookahead => "branching on the edge that decides most",
            Branching::PathEnd => "branching at path ends",
        };
        let budget = self.budget.unwrap_or(u64::MAX);
        format!("{branching} gave up after {budget} guesses")
    }
}

/// The first guess budget of the portfolio; each round multiplies it by 4.
const FIRST_BUDGET: u64 = 512;

/// Runs the portfolio: lookahead, then path-end branching, each with a budget of
/// guesses that grows fourfold every round, until one run finishes. Both
/// searches are complete, so whichever finishes gives the proved outcome, and
/// the total cost stays within a small factor of the better one on each puzzle.
/// `run` makes one attempt from scratch and returns `None` when it runs out of
/// budget; the guesses of abandoned attempts are counted too.
fn portfolio<T>(mut run: impl FnMut(Strategy) -> Option<(u64, T)>) -> (u64, T) {
    let mut spent = 0;
    let mut budget = FIRST_BUDGET;
    let mut round = 0;
    loop {
        for branching in [Branching::Lookahead, Branching::PathEnd] {
            let strategy = Strategy {
                probing: true,
                branching,
                budget: Some(budget),
                round,
                detours: true,
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
    let (_, found) = portfolio(|strategy| {
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

/// Solves `puzzle` and proves whether its answer is unique, with the full
/// engine.
pub fn solve(puzzle: &Puzzle) -> Report {
    solve_with(puzzle, Settings::default())
}

/// What the search asks of whoever runs it, beyond the board: the judged
/// core's answers are the defaults ([`Judge`]); the full engine's
/// ([`Full`]) add a time limit, a trace, detours to a second answer, random
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
    /// With every clue met the loop need only close: the edge at path end
    /// `v` to branch on, heading for the path's other end, or `None` for
    /// the search's own choice (then also the best edge probing found).
    fn toward(&self, _: &Board, _: Vertex) -> Option<Edge> {
        None
    }
    /// Whether the search branches where [`Policy::toward`] says rather
    /// than on probing's best edge.
    fn heads_home(&self, _: &Board) -> bool {
        false
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
    /// A trial is about to be made on `board`.
    fn trying(&mut self, _: &mut Board) {}
    /// The trial from trail entry `mark` on has been made (and `held`),
    /// and is about to be undone.
    fn tried(&mut self, _: &mut Board, _: usize, _: bool) {}
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
struct Found {
    first: Option<Solution>,
    count: u64,
}

impl Found {
    fn add(&mut self, solution: Solution) {
        if self.first.is_none() {
            self.first = Some(solution);
        }
        self.count += 1;
    }
}

fn outcome_of(found: Found) -> Outcome {
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
fn explore<P: Policy>(
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
fn try_edge(
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
        if let Some(e) = policy.toward(board, v) {
            return (e, EdgeState::Line);
        }
        if let Some(&e) = grid.vertex_edges(v).iter().find(|&&e| board.is_unknown(e)) {
            return (e, EdgeState::Line);
        }
    }
    let mut choice: Option<(i32, Edge)> = None;
    for c in 0..grid.cell_count() as u32 {
        let cell = crate::grid::Cell(c);
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
    use crate::formats::contest::parse_all;

    fn one(text: &str) -> Puzzle {
        parse_all(text).unwrap().remove(0)
    }

    #[test]
    fn blank_square_grids_have_the_known_number_of_loops() {
        // Loops on an n×n grid of dots minus one (OEIS A140517: 1, 13, 213, 9349).
        for (n, loops) in [(1, 1), (2, 13), (3, 213), (4, 9349)] {
            let text = format!("{n} {n} {}", ". ".repeat(n * n));
            assert_eq!(count_solutions(&one(&text), u64::MAX), loops, "{n}×{n}");
        }
    }

    #[test]
    fn loop_around_two_threes_is_found_unique() {
        let report = solve(&one("1 4 3 3 1 0"));
        assert!(matches!(report.outcome, Outcome::Unique(_)));
    }

    #[test]
    fn the_caller_hears_once_when_search_begins_and_never_without_search() {
        for (text, searches) in [("2 2 . . . .", 1), ("2 2 2 2 2 2", 0)] {
            let mut calls = 0;
            let mut count = || calls += 1;
            let settings = Settings {
                on_search: Some(&mut count),
                ..Settings::default()
            };
            solve_with(&one(text), settings);
            assert_eq!(calls, searches, "{text}");
        }
    }

    /// A limit on guesses gives up, as a deadline does, before a run with a
    /// larger budget: the portfolio's first has 512 guesses.
    #[test]
    fn a_limit_on_guesses_leaves_a_search_undecided() {
        let blank = one(&format!("4 4\n{}", ". . . .\n".repeat(4)));
        // One answer, which only search finds (the level-6 puzzle of
        // `samples/tutor/grades.in`).
        let searched = one(
            "10 10 3 . . 2 . 3 2 . 1 . . 1 . . 2 . . . . . 2 3 . . 2 . . 2 . . 2 . 1 . 2 . . \
             1 1 2 . 3 . . . 2 . 3 . . 2 1 . . 1 1 . . . . . . . . . 3 . . 2 3 . . . 3 2 . 2 \
             . . . 3 . . 2 . . 2 . . . . 3 . 3 3 2 . 3 . 3",
        );
        for (puzzle, most, decided) in [
            (&blank, 511, false),
            (&blank, 512, true),
            (&searched, 511, false),
            (&searched, 512, true),
        ] {
            let settings = Settings {
                most_guesses: Some(most),
                ..Settings::default()
            };
            let outcome = solve_with(puzzle, settings).outcome;
            assert_eq!(!matches!(outcome, Outcome::Undecided(_)), decided, "{most}");
        }
    }

    /// Trials that try only the values a known answer has not decide as
    /// trials of both values do, on planted puzzles with some clues gone; so
    /// does a search told the answer, or told to prefer its values.
    #[test]
    fn a_known_answer_changes_no_outcome_of_probing() {
        let mut rng = crate::restarts::SplitMix(11);
        let mut solved = [0, 0];
        for _ in 0..60 {
            let (rows, cols) = (2 + rng.below(6) as u32, 2 + rng.below(6) as u32);
            let (mut puzzle, answer) = crate::generate::planted(&mut rng, rows, cols);
            for clue in puzzle.clues.iter_mut() {
                if rng.below(2) == 0 {
                    *clue = None;
                }
            }
            let plain = solved_without_guessing(&puzzle, &[], None);
            let known = solved_without_guessing(&puzzle, &[], Some(answer.states()));
            assert_eq!(plain, known, "{rows}x{cols} {:?}", puzzle.clues);
            solved[usize::from(plain)] += 1;
            // A search that knows it: the answer is known only until its
            // first guess, and the outcome is the same.
            let searched = |answer| {
                let settings = Settings {
                    answer,
                    ..Default::default()
                };
                matches!(solve_with(&puzzle, settings).outcome, Outcome::Unique(_))
            };
            assert_eq!(searched(None), searched(Some(answer.states())));
            // Guesses that prefer the planted answer's values find an answer
            // where there is one: the same outcome with a clue changed.
            if let Some(cell) = puzzle.clues.iter().position(Option::is_some) {
                let mut changed = puzzle.clone();
                changed.clues[cell] = changed.clues[cell].map(|n| (n + 1) % 4);
                let prefer = Some(answer.states());
                let found = |prefer| has_answer(&changed, &[], prefer, u64::MAX);
                assert_eq!(found(None), found(prefer));
                // As the solver says, and with edges given: the planted loop
                // is an answer of the puzzle, and none of the changed one
                // (its clue there is wrong); with the edges round that cell
                // left open, an answer exactly when one has those edges.
                let any = !matches!(solve(&changed).outcome, Outcome::NoSolution);
                assert_eq!(found(None), Some(any));
                let given = answer.states();
                assert_eq!(has_answer(&puzzle, given, None, 512), Some(true));
                assert_eq!(has_answer(&changed, given, None, 512), Some(false));
                let mut open = given.to_vec();
                for e in puzzle.grid().cell_edges(crate::grid::Cell(cell as u32)) {
                    open[e.0 as usize] = EdgeState::Unknown;
                }
                let with_open = Settings {
                    given: Some(&open),
                    ..Default::default()
                };
                let any = !matches!(solve_with(&changed, with_open).outcome, Outcome::NoSolution);
                assert_eq!(has_answer(&changed, &open, prefer, 512), Some(any));
            }
        }
        // Both outcomes met.
        assert!(solved[0] > 0 && solved[1] > 0, "{solved:?}");
    }

    /// Probing that first tries the edges it decided on the puzzle with one
    /// clue more (as the generator's checks do) stops where probing from
    /// scratch does: the puzzle without the clue is finished by both or by
    /// neither, with the planted answer known or not. The puzzles are the
    /// generator's of grade 4 with some clues back, near the edge of what
    /// trials finish, where the order of trials would show.
    #[test]
    fn a_script_of_trials_changes_no_outcome_of_probing() {
        let mut outcomes = [0, 0];
        for seed in 1..=6 {
            let order = crate::generate::Order {
                rows: 10,
                cols: 10,
                seed,
                grade: Some(crate::tutor::Tier::Trial),
                slink: false,
                minimal: false,
                rules_only: false,
            };
            let (mut puzzle, answer) = crate::generate::puzzle(&order, 0).expect("a puzzle");
            // A clue back in every third cell, so that some clues can go.
            let full = crate::generate::clues_of(&answer);
            for cell in (0..puzzle.clues.len()).step_by(3) {
                puzzle.clues[cell] = full.clues[cell];
            }
            for known in [None, Some(answer.states())] {
                let script = probing_decides(&puzzle, &[], known, &[]).expect("grade 4");
                for cell in (0..puzzle.clues.len()).filter(|&c| puzzle.clues[c].is_some()) {
                    let mut fewer = puzzle.clone();
                    fewer.clues[cell] = None;
                    let fresh = solved_without_guessing(&fewer, &[], known);
                    let replayed = probing_decides(&fewer, &[], known, &script).is_some();
                    assert_eq!(fresh, replayed, "seed {seed}, without the clue at {cell}");
                    outcomes[usize::from(fresh)] += 1;
                }
            }
        }
        // Both outcomes met.
        assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
    }

    /// When probing stalls with values passed over, the round made again over
    /// the edges with such a value picks the branching edge that trying every
    /// value of every edge picks (worked out here on its own, by the rule
    /// the prober keeps: the largest product of the two propagations' sizes,
    /// the lowest edge among equals, first the value that decides more).
    #[test]
    fn a_stall_picks_the_edge_that_trying_every_value_picks() {
        let mut rng = crate::restarts::SplitMix(5);
        let mut passed_over = 0;
        for _ in 0..60 {
            let (rows, cols) = (4 + rng.below(5) as u32, 4 + rng.below(5) as u32);
            let (mut puzzle, _) = crate::generate::planted(&mut rng, rows, cols);
            for clue in puzzle.clues.iter_mut() {
                if rng.below(3) > 0 {
                    *clue = None;
                }
            }
            let mut board = Board::new(puzzle.grid(), &puzzle.clues);
            let mut propagator = Propagator::full(*board.grid(), Mode::Full);
            if propagator.run(&mut board).is_err() {
                continue;
            }
            board.start_recording();
            let mut prober = Prober::default();
            let mut settings = Settings::default();
            let mut trials = Full::trials(&mut settings);
            trials.scoring = true;
            let best = match prober.probe(&mut board, &mut propagator, &mut trials) {
                Ok(Probe::Stalled(best)) => best,
                _ => continue,
            };
            passed_over += usize::from(trials.passed_edges.next(0).is_some());
            propagator.set_sweeping(false);
            let mut every: Option<(u64, Edge, EdgeState)> = None;
            for e in 0..board.grid().edge_count() as u32 {
                let edge = Edge(e);
                if !board.is_unknown(edge) || !frontier(&board, edge) {
                    continue;
                }
                let mut reach = [0u64; 2];
                for (i, value) in [EdgeState::Line, EdgeState::Cross].into_iter().enumerate() {
                    let mark = board.mark();
                    let held = try_edge(&mut board, &mut propagator, edge, value, Rule::Guess);
                    assert!(
                        held.is_ok(),
                        "probing stalled, yet {edge:?} {value:?} fails"
                    );
                    reach[i] = (board.mark() - mark) as u64;
                    board.undo_to(mark);
                    propagator.reset(&mut board);
                }
                let score = (reach[0] + 1) * (reach[1] + 1);
                let first = match reach[0] >= reach[1] {
                    true => EdgeState::Line,
                    false => EdgeState::Cross,
                };
                if every.map_or(true, |(s, _, _)| score > s) {
                    every = Some((score, edge, first));
                }
            }
            assert_eq!(
                best,
                every.map(|(_, e, v)| (e, v)),
                "{rows}x{cols} {:?}",
                puzzle.clues
            );
        }
        // Stalls with values passed over met.
        assert!(passed_over > 0);
    }

    #[test]
    fn outcomes_none_and_multiple() {
        assert_eq!(solve(&one("1 1 0")).outcome, Outcome::NoSolution);
        assert_eq!(solve(&one("1 2 0 0")).outcome, Outcome::NoSolution);
        assert!(matches!(
            solve(&one("2 2 . . . .")).outcome,
            Outcome::Multiple(_)
        ));
    }
}
