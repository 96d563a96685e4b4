//! The full engine's search loop: the judged core's depth-first search
//! ([`crate::slink::search`]) over the same board, rules and helpers, with
//! what only the engine does written into the loop. Each run of the
//! portfolio is one call, with its side of the run ([`Full`]):
//!
//! - every answer is checked by the independent verifier before it counts;
//! - a first answer reached under a guess is tried for a one-cell detour to
//!   a second ([`crate::engine::detour`]), no search needed;
//! - a time limit, checked before each node and inside probing's rounds, and
//!   a trace whose depth follows the decision stack;
//! - from the portfolio's second round on, each guess's first value is drawn
//!   at random (seeded), so a round that wandered into a subtree with no
//!   loop goes another way in the next; in the first, a preferred value;
//! - with every clue met, the path end branched on heads for the path's
//!   other end ([`homeward`]), not for probing's best edge;
//! - probing that passes over values known to hold, recalls trials, and
//!   goes deep once the search has made enough guesses ([`Full::probe`]).

use super::full::verified;
use super::*;
use crate::slink::rules::book::Rule;
use crate::slink::search::{backtrack, choose_branch, try_edge, Branch};

/// Depth-first search from `board` that hands each verified answer to
/// `found`, stops after `limit` of them, and returns the number of guesses
/// made — or `None` if the strategy's guess budget ran out, the time is up or
/// a deep run's allowance is spent. With probing, each node first probes
/// every undecided edge (see [`Full::probe`]).
pub(crate) fn explore(
    board: &mut Board,
    mut propagator: Propagator,
    puzzle: &Puzzle,
    limit: u64,
    strategy: Strategy,
    policy: &mut Full,
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
                if verified(puzzle, &solution) {
                    // A second answer may come with no search for it; one
                    // reached without a guess is the only one.
                    let second = match strategy.detours && count == 0 && !stack.is_empty() {
                        true => crate::engine::detour::second_answer(puzzle, &solution),
                        false => None,
                    };
                    found(solution);
                    count += 1;
                    policy.answered();
                    if let Some(second) = second.filter(|s| verified(puzzle, s)) {
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
                policy.probe(&mut prober, board, &mut propagator)
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
            if strategy.budget.is_some_and(|b| guesses >= b) {
                return None;
            }
            // With every clue met, the loop need only close: head home.
            let home = board.unmet() == 0;
            let best = best.filter(|_| !home);
            let (edge, first) = match (strategy.branching, best) {
                (Branching::Lookahead, Some(best)) => best,
                _ => choose_branch(board, |v| home.then(|| homeward(board, v)).flatten()),
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
        let at_depth = |board: &mut Board, depth| policy.at_depth(board, depth, false);
        match backtrack(board, &mut propagator, &mut stack, at_depth) {
            Some(holds) => alive = holds,
            None => return Some(guesses),
        }
        prober.forget(policy);
    }
}

/// With every clue met, the loop need only close: of the undecided edges at
/// path end `v`, the one leading nearest to the path's other end (so a blank
/// region gets a small loop in a few guesses, not one round its border).
fn homeward(board: &Board, v: Vertex) -> Option<Edge> {
    let grid = board.grid();
    let home = grid.vertex_pos(board.partner(v)?);
    let distance = |e: Edge| {
        let [a, b] = grid.edge_vertices(e);
        let (r, c) = grid.vertex_pos(if a == v { b } else { a });
        r.max(home.0) - r.min(home.0) + c.max(home.1) - c.min(home.1)
    };
    let open = grid
        .vertex_edges(v)
        .into_iter()
        .filter(|&e| board.is_unknown(e));
    open.min_by_key(|&e| distance(e))
}
