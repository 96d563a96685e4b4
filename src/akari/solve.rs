//! Search: propagate, then branch on a candidate light for the dark cell with
//! the fewest ways to be lit, copying the (small) state per branch, counting
//! answers up to two. Every answer is checked by the independent validator.

use std::time::Instant;

use crate::akari::puzzle::{Puzzle, Square};
use crate::akari::rules::{initial_state, propagate, Geometry, Mark, State};
use crate::akari::validate::{validate, Verdict};
use crate::random::SplitMix;

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

/// Solves `p`, keeping its lights, and proves whether the answer is unique.
pub fn solve(p: &Puzzle) -> Outcome {
    solve_within(p, None)
}

/// [`solve`], giving up at `deadline` ([`Outcome::Undecided`]).
pub fn solve_within(p: &Puzzle, deadline: Option<Instant>) -> Outcome {
    let g = Geometry::new(p);
    let mut found = Vec::new();
    let mut run = Run {
        nodes: 0,
        budget: FIRST_BUDGET,
        random: None,
        deadline,
        out_of_time: false,
    };
    let mut restarts = 0;
    loop {
        search(p, &g, initial_state(p), &mut found, &mut run);
        if run.out_of_time {
            return Outcome::Undecided(found.into_iter().next());
        }
        if run.nodes <= run.budget || found.len() >= 2 {
            break;
        }
        restarts += 1;
        run.nodes = 0;
        run.budget = run.budget.saturating_mul(2);
        run.random = Some(SplitMix(restarts));
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

/// One run of the search: its budget of nodes, whether it tries a light or
/// no light first at each node, and when to give up altogether (never in
/// judge files).
///
/// A search can wander into a large subtree with no answer; so it restarts
/// with a budget that doubles each time and, from the second run on, the
/// first value of each branch drawn at random (randomised restarts, Gomes,
/// Selman and Kautz 1998). Answers found by any run are kept; only a run
/// that finishes proves there are no more.
struct Run {
    nodes: u64,
    budget: u64,
    /// The coin's source; `None`: light first.
    random: Option<SplitMix>,
    deadline: Option<Instant>,
    out_of_time: bool,
}

impl Run {
    /// Counts a node; false once the budget or the time is spent (the clock
    /// is read every 64 nodes).
    fn step(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % 64 == 0 && self.deadline.map_or(false, |d| Instant::now() >= d) {
            self.out_of_time = true;
        }
        !self.out_of_time && self.nodes <= self.budget
    }

    /// Whether this node tries no light first.
    fn coin(&mut self) -> bool {
        self.random
            .as_mut()
            .map_or(false, |rng| rng.next() & 1 == 1)
    }
}

fn search(p: &Puzzle, g: &Geometry, mut s: State, found: &mut Vec<Puzzle>, run: &mut Run) {
    if found.len() >= 2 || !run.step() || propagate(g, &mut s).is_err() {
        return;
    }
    match branch_cell(g, &s) {
        Some(cell) => {
            let (first, second) = if run.coin() {
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
