//! Whether a board has an answer, part by part: the undecided edges fall
//! into parts that share no dot and no cell, and a part whose edges cannot
//! be decided in any consistent way refutes the whole board, whatever the
//! other parts hold. The generator asks this of large puzzles with a
//! clue changed ([`super::has_answer`]).
//!
//! A search of the whole board for an answer that is not there thrashes
//! between parts: each guess in one part that holds leaves the refutation
//! in another to be made again below it. Searched alone, each part costs its
//! own tree, not the product of all of them. The parts are not independent
//! (the loop must be one, through all of them), so a part that can be decided
//! alone proves nothing of the rest; only a refutation, or an answer found,
//! is final.
//!
//! The search of a part probes cheaply and, when that stalls, with the
//! inside/outside sweep in every trial, as the grade's trials do: the
//! refutations the generator needs are mostly global ones (the loop cannot
//! close as one), which cheap probing meets only deep in each branch.

use super::full::verified;
use super::*;
use crate::slink::rules::book::Rule;
use crate::slink::search::try_edge;

/// What the search of one part found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Part {
    /// No way of deciding the part's edges is consistent: no answer.
    Refuted,
    /// The whole board was decided, an answer.
    Answer,
    /// A consistent way of deciding the part, with edges elsewhere open.
    Open,
    /// The budget of trials or of guesses ran out.
    GaveUp,
}

/// What the searches of parts may spend, in all.
pub(super) struct Budget {
    /// Trials, each a propagation (with the sweep, a pass over the board).
    pub(super) trials: u64,
    /// Guesses: each value a branch tries.
    pub(super) guesses: u64,
}

/// The undecided edges of `board` in parts: two edges are in one part when
/// they meet at a dot or are sides of one cell. Each part's edges are in
/// increasing order; the parts are in order of their lowest edge.
pub(super) fn parts(board: &Board) -> Vec<Vec<Edge>> {
    let grid = *board.grid();
    let edges = grid.edge_count();
    // Union-find over edge ids, halving paths as it goes.
    let mut parent: Vec<u32> = (0..edges as u32).collect();
    fn root(parent: &mut [u32], mut e: u32) -> u32 {
        while parent[e as usize] != e {
            let up = parent[parent[e as usize] as usize];
            parent[e as usize] = up;
            e = up;
        }
        e
    }
    for e in (0..edges as u32).map(Edge) {
        if !board.is_unknown(e) {
            continue;
        }
        let (ends, cells) = grid.incidence(e);
        let near = ends
            .iter()
            .flat_map(|&v| grid.vertex_edges(v))
            .chain(cells.iter().flatten().flat_map(|&c| grid.cell_edges(c)));
        for f in near {
            if (f.0 as usize) < edges && board.is_unknown(f) {
                let (a, b) = (root(&mut parent, e.0), root(&mut parent, f.0));
                parent[a.max(b) as usize] = a.min(b);
            }
        }
    }
    let mut index = vec![u32::MAX; edges];
    let mut parts: Vec<Vec<Edge>> = Vec::new();
    for e in (0..edges as u32).map(Edge) {
        if board.is_unknown(e) {
            let r = root(&mut parent, e.0) as usize;
            if index[r] == u32::MAX {
                index[r] = parts.len() as u32;
                parts.push(Vec::new());
            }
            parts[index[r] as usize].push(e);
        }
    }
    parts
}

/// Searches the edges of `part` alone, from `board` (at a fixed point of
/// `propagator`, which sweeps), depth first, trying `prefer`'s value first
/// where given: probing the part's edges, cheaply and, when that stalls,
/// with the sweep, to a fixed point (the search's own rounds,
/// [`Prober::round`], kept to the part); then branching on the edge whose
/// two cheap trials decided most. Each trial spends one of `budget.trials`,
/// each guess one of `budget.guesses`; either gone, it gives up (a trial
/// costs a sweep of the board, so trials bound the time by the board's size;
/// a round under way when they run out may make a few dozen more). Leaves
/// the board as it found it.
pub(super) fn search_part(
    board: &mut Board,
    propagator: &mut Propagator,
    puzzle: &Puzzle,
    part: &[Edge],
    prefer: Option<&[EdgeState]>,
    budget: &mut Budget,
) -> Part {
    let mut in_part = Marks::default();
    in_part.fit(board.grid().edge_count());
    for &e in part {
        in_part.set(e.0 as usize);
    }
    let mut search = PartSearch {
        puzzle,
        part,
        in_part,
        prefer,
        budget,
    };
    board.start_recording();
    let mark = board.mark();
    let found = search.below(board, propagator);
    board.undo_to(mark);
    propagator.reset(board);
    found
}

/// A search of one part: what stays the same down it, and the memory of
/// probing that keeps its rounds to the part and within the trials.
struct PartSearch<'a> {
    puzzle: &'a Puzzle,
    part: &'a [Edge],
    /// The part's edges, by id.
    in_part: Marks,
    prefer: Option<&'a [EdgeState]>,
    budget: &'a mut Budget,
}

impl PartSearch<'_> {
    /// [`search_part`] from here, leaving the board with what probing
    /// decided. Each level of its recursion is a guess that decided an edge
    /// of the part, so it goes no deeper than the part has edges
    /// (`has_answer` searches parts only when at most half the board's edges
    /// are undecided: 3,660 on a 60×60 board) or the budget allows guesses.
    fn below(&mut self, board: &mut Board, propagator: &mut Propagator) -> Part {
        // Probing, cheap first, then with the sweep once cheap probing
        // stalls; the branch is on the cheap round's best edge.
        let branch = loop {
            let best = match self.round(board, propagator, false) {
                Ok(Probe::Stalled(best)) => best,
                Ok(Probe::Decided) => continue,
                Ok(Probe::OutOfTime) => return Part::GaveUp,
                Err(_) => return Part::Refuted,
            };
            match self.round(board, propagator, true) {
                Ok(Probe::Stalled(_)) => break best,
                Ok(Probe::Decided) => continue,
                Ok(Probe::OutOfTime) => return Part::GaveUp,
                Err(_) => return Part::Refuted,
            }
        };
        // Off the frontier, where probing tries nothing, an undecided edge
        // of the part is branched on when nothing on it is (no line touches
        // the part yet).
        let branch = branch.or_else(|| {
            let e = *self.part.iter().find(|&&e| board.is_unknown(e))?;
            Some((e, EdgeState::Line))
        });
        let Some((edge, first)) = branch else {
            // The part is decided, and holds.
            if board.unknown_count() > 0 {
                return Part::Open;
            }
            let answer = board.closed()
                && board.unmet() == 0
                && verified(self.puzzle, &Solution::from_board(board));
            return if answer { Part::Answer } else { Part::Refuted };
        };
        let first = self
            .prefer
            .map(|p| p[edge.0 as usize])
            .filter(|&v| v != EdgeState::Unknown)
            .unwrap_or(first);
        let mut gave_up = false;
        for value in [first, first.opposite()] {
            if self.budget.guesses == 0 {
                return Part::GaveUp;
            }
            self.budget.guesses -= 1;
            let mark = board.mark();
            let below = match try_edge(board, propagator, edge, value, Rule::Guess) {
                Ok(()) => self.below(board, propagator),
                Err(_) => Part::Refuted,
            };
            board.undo_to(mark);
            propagator.reset(board);
            match below {
                Part::Refuted => {}
                Part::GaveUp => gave_up = true,
                found => return found,
            }
        }
        if gave_up {
            Part::GaveUp
        } else {
            Part::Refuted
        }
    }

    /// Probing's rounds over the part's undecided edges until one passes
    /// with no decision, with the sweep in each trial if `sweeping`; out of
    /// time when the trials have run out.
    fn round(
        &mut self,
        board: &mut Board,
        propagator: &mut Propagator,
        sweeping: bool,
    ) -> Result<Probe, Contradiction> {
        propagator.set_sweeping(sweeping);
        let probed = Prober::default().round(board, propagator, self);
        propagator.set_sweeping(true);
        match probed {
            // The round checks the time only now and then: past the trials,
            // whatever it found, the search stops.
            Ok(_) if self.budget.trials == 0 => Ok(Probe::OutOfTime),
            probed => probed,
        }
    }
}

impl Memory for PartSearch<'_> {
    fn out_of_time(&mut self) -> bool {
        self.budget.trials == 0
    }

    fn passes_edge(&self, edge: Edge) -> bool {
        !self.in_part.get(edge.0 as usize)
    }

    fn trying(&mut self, _: &mut Board) {
        self.budget.trials = self.budget.trials.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::restarts::SplitMix;
    use crate::slink::grid::Grid;

    /// Planted puzzles of 4×4 to 11×11, each with up to 40% of its clues
    /// blank and, for one in two, one clue changed (often leaving no
    /// answer), on the board propagation leaves.
    fn boards(seed: u64, count: usize) -> Vec<(Puzzle, Board)> {
        let mut rng = SplitMix(seed);
        let mut boards = Vec::new();
        while boards.len() < count {
            let (rows, cols) = (4 + rng.below(8) as u32, 4 + rng.below(8) as u32);
            let (mut puzzle, _) = crate::generate::planted(&mut rng, rows, cols);
            let blank = rng.below(40);
            for clue in puzzle.clues.iter_mut() {
                if rng.below(100) < blank {
                    *clue = None;
                }
            }
            if rng.below(2) == 0 {
                let cell = rng.below(puzzle.clues.len() as u64) as usize;
                puzzle.clues[cell] = Some(puzzle.clues[cell].map_or(1, |n| (n + 1) % 4));
            }
            let mut board = Board::new(puzzle.grid(), &puzzle.clues);
            let mut propagator = Propagator::full(puzzle.grid(), Mode::Full);
            if propagator.run(&mut board).is_ok() && board.unknown_count() > 0 {
                boards.push((puzzle, board));
            }
        }
        boards
    }

    /// The edges and cells an edge touches, to tell whether two edges meet.
    fn touches(grid: &Grid, e: Edge) -> (Vec<u32>, Vec<u32>) {
        let (ends, cells) = grid.incidence(e);
        let ends = ends.iter().map(|v| v.0).collect();
        let cells = cells.iter().flatten().map(|c| c.0).collect();
        (ends, cells)
    }

    /// Every undecided edge is in exactly one part, and edges of two parts
    /// share no dot and no cell.
    #[test]
    fn parts_split_the_undecided_edges_where_nothing_joins_them() {
        let mut split = 0;
        for (puzzle, board) in boards(5, 200) {
            let grid = puzzle.grid();
            let parts = parts(&board);
            let mut part_of = vec![usize::MAX; grid.edge_count()];
            for (i, part) in parts.iter().enumerate() {
                for &e in part {
                    assert!(board.is_unknown(e));
                    assert_eq!(part_of[e.0 as usize], usize::MAX, "{e:?} twice");
                    part_of[e.0 as usize] = i;
                }
            }
            let unknown: Vec<Edge> = (0..grid.edge_count() as u32)
                .map(Edge)
                .filter(|&e| board.is_unknown(e))
                .collect();
            assert!(unknown.iter().all(|e| part_of[e.0 as usize] != usize::MAX));
            for &a in &unknown {
                for &b in &unknown {
                    let (pa, pb) = (part_of[a.0 as usize], part_of[b.0 as usize]);
                    if pa != pb {
                        let ((ea, ca), (eb, cb)) = (touches(&grid, a), touches(&grid, b));
                        assert!(!ea.iter().any(|v| eb.contains(v)), "{a:?} {b:?} meet");
                        assert!(
                            !ca.iter().any(|c| cb.contains(c)),
                            "{a:?} {b:?} share a cell"
                        );
                    }
                }
            }
            split += usize::from(parts.len() > 1);
        }
        assert!(split > 10, "only {split} boards in several parts");
    }

    /// `has_answer` keeps to its guesses, the searches of parts too: on
    /// planted 12×12 puzzles with a 5×5 block of clues blank and one clue
    /// in it changed, with no guess it gives up on some that a search
    /// decides, and with enough it decides each as the solver does.
    #[test]
    fn has_answer_keeps_to_its_guesses_in_the_parts_too() {
        let mut rng = SplitMix(21);
        let mut gave_up = 0;
        for _ in 0..40 {
            let (mut puzzle, _) = crate::generate::planted(&mut rng, 12, 12);
            let (top, left) = (rng.below(8) as usize, rng.below(8) as usize);
            for r in top..top + 5 {
                for c in left..left + 5 {
                    puzzle.clues[r * 12 + c] = None;
                }
            }
            let cell = (top + 2) * 12 + left + 2;
            puzzle.clues[cell] = Some(rng.below(4) as u8);
            let any = !matches!(
                crate::engine::solve::solve(&puzzle).outcome,
                Outcome::NoSolution
            );
            assert_eq!(super::super::has_answer(&puzzle, &[], None, 512), Some(any));
            match super::super::has_answer(&puzzle, &[], None, 0) {
                None => gave_up += 1,
                found => assert_eq!(found, Some(any)),
            }
        }
        assert!(gave_up > 0, "every puzzle decided without a guess");
    }

    /// A part refuted means no answer, and an answer found is one, as the
    /// solver says; the board is left as it was.
    #[test]
    #[ignore = "long sweep: .ci/run runs it with --ignored"]
    fn a_part_refuted_or_answered_agrees_with_the_solver() {
        let mut outcomes = [0; 4];
        for (puzzle, mut board) in boards(9, 300) {
            let mut propagator = Propagator::full(puzzle.grid(), Mode::Full);
            propagator.run(&mut board).unwrap();
            let before = board.states().to_vec();
            let solved = crate::engine::solve::solve(&puzzle).outcome;
            let none = matches!(solved, Outcome::NoSolution);
            for part in parts(&board) {
                let mut budget = Budget {
                    trials: u64::MAX,
                    guesses: u64::MAX,
                };
                let found = search_part(
                    &mut board,
                    &mut propagator,
                    &puzzle,
                    &part,
                    None,
                    &mut budget,
                );
                assert_eq!(board.states(), &before[..], "the board changed");
                match found {
                    Part::Refuted => assert!(none, "refuted, but {solved:?}"),
                    Part::Answer => assert!(!none, "an answer, but none"),
                    Part::Open | Part::GaveUp => {}
                }
                outcomes[found as usize] += 1;
                if found != Part::Open {
                    break;
                }
            }
        }
        // Refuted, answered and left open all met; never given up.
        assert!(
            outcomes[0] > 0 && outcomes[1] > 0 && outcomes[2] > 0,
            "{outcomes:?}"
        );
        assert_eq!(outcomes[3], 0);
    }
}
