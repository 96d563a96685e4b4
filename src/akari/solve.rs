//! Search: propagate, then branch on a candidate light for the dark cell with
//! the fewest ways to be lit, copying the (small) state per branch, counting
//! answers up to two. Every answer is checked by the independent validator.

use std::time::Instant;

use crate::akari::puzzle::{Puzzle, Square};
use crate::akari::rules::{initial_state, propagate, Geometry, Mark, State};
use crate::akari::validate::{validate, Verdict};
use crate::shared::restarts::Run;

/// What the search proved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Exactly one answer.
    Unique(Puzzle),
    /// Several; the first found.
    Multiple(Puzzle),
    /// None (the given lights or numbers make it impossible).
    NoSolution,
    /// The time limit passed first; an answer found by then, if any.
    Undecided(Option<Puzzle>),
}

/// Solves `p`, keeping its lights, and proves whether the answer is unique,
/// giving up at `deadline`, if any ([`Outcome::Undecided`]).
pub fn solve_within(p: &Puzzle, deadline: Option<Instant>) -> Outcome {
    let g = Geometry::new(p);
    let mut found = Vec::new();
    let mut run = Run::new(FIRST_BUDGET, deadline);
    loop {
        search(p, &g, initial_state(p), &mut found, &mut run);
        if run.out_of_time() {
            return Outcome::Undecided(found.into_iter().next());
        }
        if !run.ran_out() || found.len() >= 2 {
            break;
        }
        run.restart();
    }
    let mut found = found.into_iter();
    match (found.next(), found.next()) {
        (Some(first), None) => Outcome::Unique(first),
        (Some(first), Some(_)) => Outcome::Multiple(first),
        _ => Outcome::NoSolution,
    }
}

/// The first run's budget of nodes; each restart doubles it.
const FIRST_BUDGET: u64 = 1000;

/// Whether this node tries no light first: a coin from the second run on
/// (see [`crate::shared::restarts`]), light first in the first.
fn no_light_first(run: &mut Run) -> bool {
    run.random().map_or(false, |rng| rng.next() & 1 == 1)
}

fn search(p: &Puzzle, g: &Geometry, mut s: State, found: &mut Vec<Puzzle>, run: &mut Run) {
    if found.len() >= 2 || !run.step() || propagate(g, &mut s).is_err() {
        return;
    }
    match branch_cell(g, &s) {
        Some(cell) => {
            let (first, second) = if no_light_first(run) {
                (Mark::NoLight, Mark::Light)
            } else {
                (Mark::Light, Mark::NoLight)
            };
            let mut tried = s.clone();
            tried[cell] = first;
            search(p, g, tried, found, run);
            s[cell] = second;
            search(p, g, s, found, run);
        }
        None => {
            // Nothing undecided is left that could matter: undecided cells hold
            // no light. The validator has the last word.
            let answer = with_lights(p, &s);
            if validate(&answer) == Verdict::Solved {
                found.push(answer);
            }
        }
    }
}

/// An undecided cell to branch on: a candidate of the dark cell with the fewest
/// candidates; `None` when every cell is lit (or no candidate is left).
fn branch_cell(g: &Geometry, s: &State) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (i, seen) in g.sees.iter().enumerate() {
        if s[i] == Mark::Grey || s[i] == Mark::Light || seen.iter().any(|&j| s[j] == Mark::Light) {
            continue;
        }
        let candidates: Vec<usize> = seen
            .iter()
            .copied()
            .chain(std::iter::once(i))
            .filter(|&j| s[j] == Mark::Unknown)
            .collect();
        if let Some(&first) = candidates.first() {
            if best.map_or(true, |(n, _)| candidates.len() < n) {
                best = Some((candidates.len(), first));
            }
        }
    }
    best.map(|(_, cell)| cell).or_else(|| {
        // Every cell is lit; a clue may still want a light among undecided cells.
        g.clues
            .iter()
            .flat_map(|(_, _, around)| around.iter().copied())
            .find(|&j| s[j] == Mark::Unknown)
    })
}

fn with_lights(p: &Puzzle, s: &State) -> Puzzle {
    let squares = p
        .squares
        .iter()
        .zip(s)
        .map(|(sq, m)| match (sq, m) {
            (Square::Grey(n), _) => Square::Grey(*n),
            (_, Mark::Light) => Square::Light,
            _ => Square::Empty,
        })
        .collect();
    Puzzle {
        rows: p.rows,
        cols: p.cols,
        squares,
    }
}
