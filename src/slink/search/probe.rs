//! Probing: each value of each undecided edge tried with cheap propagation;
//! a value that fails gives the other, and the edge whose two values both
//! propagate furthest is the one to branch on.

use super::*;

/// What probing found.
pub(crate) enum Probe {
    /// Some edge was decided because one of its values fails.
    Decided,
    /// Nothing failed; the edge whose two values both decide the most (the best
    /// edge to branch on), with the value that decides more.
    Stalled(Option<(Edge, EdgeState)>),
    /// The time limit passed in the middle of a round.
    OutOfTime,
}

/// Probing ("trial"): tries each value of each undecided edge on the frontier
/// (see [`frontier`]) with cheap propagation (no sweep); when one value fails,
/// the edge takes the other.
///
/// This is the failed-literal rule of SAT solvers, and what a human calls "if
/// this were a line, that would go wrong". It makes most real puzzles solve
/// without guessing, and when nothing fails, the sizes of the two propagations
/// pick the branching edge: the one whose weaker value still decides the most.
///
/// Probing remembers: it goes round the edges from where it stopped, and the
/// board is at a fixed point of probing once every undecided edge has been
/// tried (or passed over, off the frontier) since the last decision. After a
/// decision it needs only one more round, not a pass from the first edge, and
/// when the propagation after it changes nothing, the round already made is
/// the answer.
///
/// What to pass over is its [`Memory`]'s: the full engine's passes over the
/// values that trials which held have set since the last decision
/// ([`crate::engine::solve::Implied`]), which cannot fail (see
/// [`crate::engine::solve::Full`]), and recalls a trial made before when
/// nothing it read has changed since ([`crate::engine::solve::Recall`]).
/// Judge files try every value ([`Judge`]).
#[derive(Default)]
pub(crate) struct Prober {
    /// The next edge to try.
    cursor: u32,
    /// Undecided edges tried in a row, on this board, with nothing failing.
    clean: u32,
    /// The best edge to branch on among those: the largest product of the
    /// two propagations' sizes, the lowest edge first among equals.
    best: Option<(u64, Edge, EdgeState)>,
}

/// What probing remembers between trials, beyond the prober's own cursor
/// and scores, and when it stops: every hook's default is the judge's
/// ([`Judge`]: remember nothing, try every value, never stop). The full
/// engine's ([`crate::engine::solve::Full`]) passes over values known to
/// hold, recalls trials made before, keeps probing's conclusions out of
/// the trace and stops at the time limit.
pub(crate) trait Memory {
    /// Whether probing stops now, in the middle of a round (asked every 64
    /// edges): the time is up.
    fn out_of_time(&mut self) -> bool {
        false
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

/// The judged core's probing: every default of [`Memory`].
pub(crate) struct Judge;

impl Memory for Judge {}

/// Whether trying `edge` can decide anything, as far as one can tell cheaply:
/// it touches a line, or it is beside a clue not yet met.
pub(crate) fn frontier(board: &Board, edge: Edge) -> bool {
    let (ends, cells) = board.grid().incidence(edge);
    ends.iter().any(|&v| board.vertex_lines(v) > 0)
        || cells
            .iter()
            .flatten()
            .any(|&c| board.clue(c).map_or(false, |n| n > board.cell_lines(c)))
}

impl Prober {
    /// Forgets the edges tried: the board has changed.
    pub(crate) fn forget<M: Memory>(&mut self, memory: &mut M) {
        self.again();
        self.best = None;
        memory.forget();
    }

    /// Makes the next round try every undecided edge again, on the same
    /// board: the best edge found so far stands, and a score the round
    /// finds better replaces it.
    pub(crate) fn again(&mut self) {
        self.clean = 0;
    }

    /// Keeps `edge` as the best to branch on if it is.
    pub(crate) fn consider(&mut self, score: u64, edge: Edge, first: EdgeState) {
        let better = |&(s, e, _): &(u64, Edge, EdgeState)| (score, e) > (s, edge);
        if self.best.as_ref().map_or(true, better) {
            self.best = Some((score, edge, first));
        }
    }

    /// Tries edges until every undecided one has been tried since the last
    /// decision: a [`Prober::round`] with cheap propagation.
    pub(crate) fn probe<M: Memory>(
        &mut self,
        board: &mut Board,
        propagator: &mut Propagator,
        memory: &mut M,
    ) -> Result<Probe, Contradiction> {
        propagator.set_sweeping(false);
        let result = self.round(board, propagator, memory);
        propagator.set_sweeping(true);
        result
    }

    /// One round: tries the undecided edges on the frontier from the
    /// cursor on, until every one has been tried since the last decision.
    pub(crate) fn round<M: Memory>(
        &mut self,
        board: &mut Board,
        propagator: &mut Propagator,
        memory: &mut M,
    ) -> Result<Probe, Contradiction> {
        let edges = board.grid().edge_count() as u32;
        let mut decided = false;

        'edges: while self.clean < board.unknown_count() {
            let edge = Edge(self.cursor);
            self.cursor = if self.cursor + 1 == edges {
                0
            } else {
                self.cursor + 1
            };
            if !board.is_unknown(edge) {
                continue;
            }
            if !frontier(board, edge) {
                self.clean += 1;
                continue;
            }
            if memory.passes_edge(edge) {
                self.clean += 1;
                continue;
            }
            if self.clean % 64 == 0 && memory.out_of_time() {
                return Ok(Probe::OutOfTime);
            }
            let mut reach = [0u64; 2];
            for (i, value) in [EdgeState::Line, EdgeState::Cross].into_iter().enumerate() {
                if memory.passes(edge, value) {
                    continue;
                }
                // Only a trial with cheap propagation may be recalled: a
                // full one reads the whole board.
                let recalled = match propagator.sweeping() {
                    false => memory.recall(board, edge, value),
                    true => None,
                };
                if let Some(changes) = recalled {
                    // (Debug builds make the trial too, and compare.)
                    debug_assert_eq!(
                        trial(board, propagator, memory, edge, value).ok(),
                        Some(Some(changes)),
                        "a trial recalled is not the trial made"
                    );
                    reach[i] = changes;
                    continue;
                }
                match trial(board, propagator, memory, edge, value)? {
                    Some(changes) => reach[i] = changes,
                    None => {
                        decided = true;
                        self.forget(memory);
                        continue 'edges;
                    }
                }
            }
            self.clean += 1;
            let score = (reach[0] + 1) * (reach[1] + 1);
            let first = if reach[0] >= reach[1] {
                EdgeState::Line
            } else {
                EdgeState::Cross
            };
            self.consider(score, edge, first);
        }
        Ok(if decided {
            Probe::Decided
        } else {
            Probe::Stalled(self.best.map(|(_, e, v)| (e, v)))
        })
    }
}

/// One trial: `value` at `edge`, followed by the propagation `propagator`
/// runs (cheap, while probing), then taken back. A value that fails gives
/// the other for good, as a trial's step: `Ok(None)`. One that holds gives
/// `Ok(Some(n))`, the `n` changes it made.
pub(crate) fn trial<M: Memory>(
    board: &mut Board,
    propagator: &mut Propagator,
    memory: &mut M,
    edge: Edge,
    value: EdgeState,
) -> Result<Option<u64>, Contradiction> {
    let mark = board.mark();
    memory.trying(board);
    let fails = try_edge(board, propagator, edge, value, Rule::Guess).is_err();
    let changes = (board.mark() - mark) as u64;
    memory.tried(board, mark, !fails);
    board.undo_to(mark);
    propagator.reset(board);
    memory.undone(board, !propagator.sweeping());
    if !fails {
        return Ok(Some(changes));
    }
    try_edge(board, propagator, edge, value.opposite(), Rule::Trial)?;
    memory.decided(edge);
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slink::testkit::board;

    /// Counts the trials made, and passes over every edge when told to.
    #[derive(Default)]
    struct Counting {
        trials: u32,
        pass_all: bool,
    }

    impl Memory for Counting {
        fn passes_edge(&self, _: Edge) -> bool {
            self.pass_all
        }
        fn trying(&mut self, _: &mut Board) {
            self.trials += 1;
        }
    }

    /// A round on a board probing has finished tries nothing; after
    /// `again`, every edge once more, the best edge standing even when
    /// every edge is passed over (as the engine's round over short scores
    /// needs); after `forget`, the best edge is gone.
    #[test]
    fn a_round_again_keeps_the_best_edge_which_forgetting_drops() {
        let mut b = board("+ ? + ? + ? +\n? . ? . ? . ?\n+ ? + ? + ? +\n? . ? 2 ? . ?\n+ ? + ? + ? +\n? . ? . ? . ?\n+ ? + ? + ? +");
        let mut propagator = Propagator::new(*b.grid(), Mode::Full);
        propagator.run(&mut b).unwrap();
        b.start_recording();
        let mut prober = Prober::default();
        let mut memory = Counting::default();
        let mut round = |prober: &mut Prober, memory: &mut Counting| match prober.probe(
            &mut b,
            &mut propagator,
            memory,
        ) {
            Ok(Probe::Stalled(best)) => best,
            _ => panic!("probing a blank board with one 2 decided something"),
        };
        let best = round(&mut prober, &mut memory);
        let trials = memory.trials;
        assert!(best.is_some() && trials > 0, "{trials} trials");
        assert_eq!(round(&mut prober, &mut memory), best);
        assert_eq!(memory.trials, trials);
        prober.again();
        assert_eq!(round(&mut prober, &mut memory), best);
        assert_eq!(memory.trials, 2 * trials);
        memory.pass_all = true;
        prober.again();
        assert_eq!(round(&mut prober, &mut memory), best);
        prober.forget(&mut memory);
        assert_eq!(round(&mut prober, &mut memory), None);
        assert_eq!(memory.trials, 2 * trials);
    }
}
