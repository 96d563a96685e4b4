//! Search: propagate, then branch on a candidate light for the dark cell with
//! the fewest ways to be lit, copying the (small) state per branch, counting
//! answers up to two. Every answer is checked by the independent validator.

use crate::akari::puzzle::{Puzzle, Square};
use crate::akari::rules::{initial_state, propagate, Geometry, Mark, State};
use crate::akari::validate::{validate, Verdict};

/// What the search proved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Exactly one answer.
    Unique(Puzzle),
    /// Several; the first found.
    Multiple(Puzzle),
    /// None (the given lights or numbers make it impossible).
    NoSolution,
}

/// Solves `p`, keeping its lights, and proves whether the answer is unique.
pub fn solve(p: &Puzzle) -> Outcome {
    let g = Geometry::new(p);
    let mut found = Vec::new();
    search(p, &g, initial_state(p), &mut found);
    let mut found = found.into_iter();
    match (found.next(), found.next()) {
        (Some(first), None) => Outcome::Unique(first),
        (Some(first), Some(_)) => Outcome::Multiple(first),
        _ => Outcome::NoSolution,
    }
}

fn search(p: &Puzzle, g: &Geometry, mut s: State, found: &mut Vec<Puzzle>) {
    if found.len() >= 2 || propagate(g, &mut s).is_err() {
        return;
    }
    match branch_cell(g, &s) {
        Some(cell) => {
            let mut light = s.clone();
            light[cell] = Mark::Light;
            search(p, g, light, found);
            s[cell] = Mark::NoLight;
            search(p, g, s, found);
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
        size: p.size,
        squares,
    }
}
