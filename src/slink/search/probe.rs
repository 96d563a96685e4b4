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
/// What to pass over is the policy's ([`Policy`]): the full engine's passes
/// over the values that trials which held have set since the last decision
/// ([`crate::engine::solve::Implied`]), which cannot fail (see
/// [`crate::engine::solve::Full`]), and recalls a trial made before when
/// nothing it read has changed since ([`crate::engine::solve::Recall`]).
/// Judge files try every value.
#[derive(Default)]
pub(crate) struct Prober {
    /// The next edge to try.
    pub(crate) cursor: u32,
    /// Undecided edges tried in a row, on this board, with nothing failing.
    pub(crate) clean: u32,
    /// The best edge to branch on among those: the largest product of the
    /// two propagations' sizes, the lowest edge first among equals.
    pub(crate) best: Option<(u64, Edge, EdgeState)>,
}

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
    pub(crate) fn forget<P: Policy>(&mut self, policy: &mut P) {
        self.clean = 0;
        self.best = None;
        policy.forget();
    }

    /// Keeps `edge` as the best to branch on if it is.
    pub(crate) fn consider(&mut self, score: u64, edge: Edge, first: EdgeState) {
        let better = |&(s, e, _): &(u64, Edge, EdgeState)| (score, e) > (s, edge);
        if self.best.as_ref().map_or(true, better) {
            self.best = Some((score, edge, first));
        }
    }

    /// Tries edges until every undecided one has been tried since the last
    /// decision: a round of the policy's ([`Policy::probe`]), with cheap
    /// propagation.
    pub(crate) fn probe<P: Policy>(
        &mut self,
        board: &mut Board,
        propagator: &mut Propagator,
        policy: &mut P,
    ) -> Result<Probe, Contradiction> {
        propagator.set_sweeping(false);
        let result = policy.probe(self, board, propagator);
        propagator.set_sweeping(true);
        result
    }

    /// One round: tries the undecided edges on the frontier from the
    /// cursor on, until every one has been tried since the last decision.
    pub(crate) fn round<P: Policy>(
        &mut self,
        board: &mut Board,
        propagator: &mut Propagator,
        policy: &mut P,
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
            if policy.passes_edge(edge) {
                self.clean += 1;
                continue;
            }
            if self.clean % 64 == 0 && policy.out_of_time() {
                return Ok(Probe::OutOfTime);
            }
            let mut reach = [0u64; 2];
            for (i, value) in [EdgeState::Line, EdgeState::Cross].into_iter().enumerate() {
                if policy.passes(edge, value) {
                    continue;
                }
                // Only a trial with cheap propagation may be recalled: a
                // full one reads the whole board.
                let recalled = match propagator.sweeping() {
                    false => policy.recall(board, edge, value),
                    true => None,
                };
                if let Some(changes) = recalled {
                    // (Debug builds make the trial too, and compare.)
                    debug_assert_eq!(
                        trial(board, propagator, policy, edge, value).ok(),
                        Some(Some(changes)),
                        "a trial recalled is not the trial made"
                    );
                    reach[i] = changes;
                    continue;
                }
                match trial(board, propagator, policy, edge, value)? {
                    Some(changes) => reach[i] = changes,
                    None => {
                        decided = true;
                        self.forget(policy);
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
pub(crate) fn trial<P: Policy>(
    board: &mut Board,
    propagator: &mut Propagator,
    policy: &mut P,
    edge: Edge,
    value: EdgeState,
) -> Result<Option<u64>, Contradiction> {
    let mark = board.mark();
    policy.trying(board);
    let fails = try_edge(board, propagator, edge, value, Rule::Guess).is_err();
    let changes = (board.mark() - mark) as u64;
    policy.tried(board, mark, !fails);
    board.undo_to(mark);
    propagator.reset(board);
    policy.undone(board, !propagator.sweeping());
    if !fails {
        return Ok(Some(changes));
    }
    try_edge(board, propagator, edge, value.opposite(), Rule::Trial)?;
    policy.decided(edge);
    Ok(None)
}
