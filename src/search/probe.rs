//! Probing: each value of each undecided edge tried with cheap propagation;
//! a value that fails gives the other, and the edge whose two values both
//! propagate furthest is the one to branch on.

use super::*;

/// What probing found.
pub(super) enum Probe {
    /// Some edge was decided because one of its values fails.
    Decided,
    /// Nothing failed; the edge whose two values both decide the most (the best
    /// edge to branch on), with the value that decides more.
    Stalled(Option<(Edge, EdgeState)>),
    /// The time limit passed in the middle of a round.
    #[cfg(not(judge))]
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
/// Within a round it also passes over the values that trials which held have
/// set since the last decision ([`Implied`]), which cannot fail. That changes
/// no decision, only the scores of the edges passed over; when a branch is to
/// follow, a stalled round is made again over those edges, trying every
/// value of theirs, so the branching edge is the same. (Judge files try every
/// value, for size.)
#[derive(Default)]
pub(super) struct Prober {
    /// The next edge to try.
    pub(super) cursor: u32,
    /// Undecided edges tried in a row, on this board, with nothing failing.
    pub(super) clean: u32,
    /// The best edge to branch on among those: the largest product of the
    /// two propagations' sizes, the lowest edge first among equals.
    pub(super) best: Option<(u64, Edge, EdgeState)>,
    /// When to stop, even in the middle of a round (a round on a large board
    /// makes many trials).
    #[cfg(not(judge))]
    pub(super) deadline: Option<Instant>,
    /// The values a trial that held set since the last decision.
    #[cfg(not(judge))]
    pub(super) implied: Implied,
    /// The edges with a value passed over since the last decision: their
    /// scores are short.
    #[cfg(not(judge))]
    pub(super) passed_edges: Marks,
    /// Whether the caller branches on the best edge when probing stalls, so
    /// the scores must count every edge.
    #[cfg(not(judge))]
    pub(super) scoring: bool,
    /// Whether this round tries every value, implied or not.
    #[cfg(not(judge))]
    pub(super) exhaustive: bool,
    /// An answer the board is known to lead to: a trial of one of its values
    /// cannot fail (sound deductions from a board it agrees with reach no
    /// contradiction), so it is passed over like an implied one.
    #[cfg(not(judge))]
    pub(super) answer: Option<Vec<EdgeState>>,
    /// The edges decided, in order, when they are asked for (kept only then:
    /// on the largest boards they would cost memory).
    #[cfg(not(judge))]
    pub(super) decided: Option<Vec<Edge>>,
}

/// Values of edges set by trials that held, since the set was last emptied.
/// Such a value cannot fail when tried itself: what it implies is a part of
/// what that trial implied, which broke nothing (propagation is monotone).
/// Probing and the tutor's trials pass over them.
#[derive(Default)]
pub(crate) struct Implied(Marks);

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
    pub(super) fn forget(&mut self) {
        self.clean = 0;
        self.best = None;
        #[cfg(not(judge))]
        {
            self.implied.clear();
            self.passed_edges.clear();
        }
    }

    /// Whether a trial of `value` at `edge` is known to hold, so is passed
    /// over (unless this round tries everything): a trial that held since the
    /// last decision implied it, or the known answer has it.
    pub(super) fn cannot_fail(&self, edge: Edge, value: EdgeState) -> bool {
        let known = |a: &Vec<EdgeState>| a[edge.0 as usize] == value;
        !self.exhaustive
            && (self.implied.has(edge, value) || self.answer.as_ref().map_or(false, known))
    }

    /// Keeps `edge` as the best to branch on if it is.
    pub(super) fn consider(&mut self, score: u64, edge: Edge, first: EdgeState) {
        let better = |&(s, e, _): &(u64, Edge, EdgeState)| (score, e) > (s, edge);
        if self.best.as_ref().map_or(true, better) {
            self.best = Some((score, edge, first));
        }
    }

    /// Tries edges until every undecided one has been tried since the last
    /// decision.
    pub(super) fn probe(
        &mut self,
        board: &mut Board,
        propagator: &mut Propagator,
    ) -> Result<Probe, Contradiction> {
        propagator.set_sweeping(false);
        #[cfg(not(judge))]
        let result = {
            self.implied.fit(board);
            self.passed_edges.fit(board.grid().edge_count());
            let result = self.round(board, propagator);
            let stalled = matches!(result, Ok(Probe::Stalled(_)));
            if self.scoring && stalled && self.passed_edges.next(0).is_some() {
                // Values passed over left some edges' scores short: one more
                // round, on the same board, tries every value of those edges
                // (and decides nothing). The other edges' scores, and the best
                // of them, stand: every value of theirs was tried on this
                // board, and a short score is below the true one, which
                // replaces it.
                self.clean = 0;
                self.exhaustive = true;
                let again = self.round(board, propagator);
                self.exhaustive = false;
                again
            } else {
                result
            }
        };
        #[cfg(judge)]
        let result = self.round(board, propagator);
        propagator.set_sweeping(true);
        result
    }

    /// Notes that a trial decided `edge`, if decisions are asked for.
    pub(super) fn note_decided(&mut self, edge: Edge) {
        if let Some(decided) = &mut self.decided {
            decided.push(edge);
        }
    }

    /// Tries the edges `edges`, in order, deciding those that fail (see
    /// [`probing_decides`]), with cheap propagation, as in probing, and the
    /// full sweep after each pass over them; passes again while one decides
    /// something. (The sweep's deductions after a decision are what let
    /// probing's next trial fail: in one pass without them, the edges a
    /// clue more had decided left three quarters of the board to probing.
    /// Each trial is made as in [`Prober::round`]; one function for both
    /// would take the judge file past its size limit, 48,005 bytes of
    /// 48,000, and cost 0.2% more on the janko set.)
    pub(super) fn replay(
        &mut self,
        board: &mut Board,
        propagator: &mut Propagator,
        edges: &[Edge],
    ) -> Result<(), Contradiction> {
        self.implied.fit(board);
        loop {
            propagator.set_sweeping(false);
            let mut decided = false;
            for &edge in edges {
                for value in [EdgeState::Line, EdgeState::Cross] {
                    if !board.is_unknown(edge)
                        || !frontier(board, edge)
                        || self.cannot_fail(edge, value)
                    {
                        continue;
                    }
                    let mark = board.mark();
                    board.pause_log(true);
                    let fails = try_edge(board, propagator, edge, value, Rule::Guess).is_err();
                    if !fails {
                        self.implied.note(board, mark);
                    }
                    board.undo_to(mark);
                    board.pause_log(false);
                    propagator.reset(board);
                    if fails {
                        try_edge(board, propagator, edge, value.opposite(), Rule::Trial)?;
                        self.note_decided(edge);
                        self.forget();
                        decided = true;
                    }
                }
            }
            propagator.set_sweeping(true);
            // Unless the sweep changed the board, what the trials since the
            // last decision implied still holds, and is passed over next.
            let before = board.mark();
            propagator.run(board)?;
            if board.mark() != before {
                self.forget();
            }
            if !decided {
                return Ok(());
            }
        }
    }

    pub(super) fn round(
        &mut self,
        board: &mut Board,
        propagator: &mut Propagator,
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
            #[cfg(not(judge))]
            if self.exhaustive && !self.passed_edges.get(edge.0 as usize) {
                self.clean += 1;
                continue;
            }
            #[cfg(not(judge))]
            if self.clean % 64 == 0 && self.deadline.map_or(false, |d| Instant::now() >= d) {
                return Ok(Probe::OutOfTime);
            }
            let mut reach = [0u64; 2];
            for (i, value) in [EdgeState::Line, EdgeState::Cross].into_iter().enumerate() {
                #[cfg(not(judge))]
                if self.cannot_fail(edge, value) {
                    self.passed_edges.set(edge.0 as usize);
                    continue;
                }
                let mark = board.mark();
                #[cfg(not(judge))]
                board.pause_log(true);
                let fails = try_edge(board, propagator, edge, value, Rule::Guess).is_err();
                reach[i] = (board.mark() - mark) as u64;
                #[cfg(not(judge))]
                if !fails {
                    self.implied.note(board, mark);
                }
                board.undo_to(mark);
                #[cfg(not(judge))]
                board.pause_log(false);
                propagator.reset(board);
                if fails {
                    try_edge(board, propagator, edge, value.opposite(), Rule::Trial)?;
                    #[cfg(not(judge))]
                    self.note_decided(edge);
                    decided = true;
                    self.forget();
                    continue 'edges;
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

impl Implied {
    /// Makes room for the values of `board`'s edges.
    pub(crate) fn fit(&mut self, board: &Board) {
        self.0.fit(2 * board.grid().edge_count());
    }

    /// Empties the set: the board has changed.
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }

    /// Whether a trial that held set `edge` to `value`.
    pub(crate) fn has(&self, edge: Edge, value: EdgeState) -> bool {
        self.0.get(Self::index(edge, value))
    }

    /// Notes the changes on `board`'s trail from entry `from` on: those of a
    /// trial that held, before it is undone.
    pub(crate) fn note(&mut self, board: &Board, from: usize) {
        for entry in from..board.mark() {
            let edge = board.changed_edge(entry);
            self.0.set(Self::index(edge, board.state(edge)));
        }
    }

    pub(super) fn index(edge: Edge, value: EdgeState) -> usize {
        2 * edge.0 as usize + value as usize - 1
    }
}
