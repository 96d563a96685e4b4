//! The full engine's side of one run of its search ([`Full`]): a solve's
//! settings (time limit, trace, known answer, values to try first), random
//! first values from the portfolio's second round on, deep probing and its
//! allowance, and probing's memory (a [`Memory`]), which passes over the
//! values trials which held have implied ([`Implied`]) and recalls trials
//! ([`Recall`]). The loop that asks it is [`super::explore()`]; every
//! answer is checked there by the independent verifier before it counts.

use super::*;
use crate::engine::EngineBoard;

/// The full engine's side of a search: the settings of the solve, and what
/// its probing keeps between trials.
pub(crate) struct Full<'s, 'a> {
    settings: &'s mut Settings<'a>,
    /// The portfolio's round of this search, which seeds its coin (a deep
    /// run's is offset by [`DEEP_DRAWS`]).
    round: u64,
    /// The values a trial that held set since the last decision.
    pub(super) implied: Implied,
    /// The edges with a value passed over since the last decision: their
    /// scores are short.
    pub(super) passed_edges: Marks,
    /// Whether the caller branches on the best edge when probing stalls, so
    /// the scores must count every edge.
    pub(super) scoring: bool,
    /// Whether this round tries every value, implied or not.
    exhaustive: bool,
    /// From which guess on probing that stalls makes one round more with
    /// the inside/outside sweep in every trial, as the grade's trials do;
    /// `None` for never (see [`DEEP_AFTER_GUESSES`]).
    pub(super) deep_from: Option<u64>,
    /// The guesses made so far.
    guesses: u64,
    /// The work of this run's trials so far, in cheap trials: a trial with
    /// the sweep counts as more (see [`DEEP_TRIAL_EDGES`]).
    pub(super) work: u64,
    /// Whether the trials being made now run the sweep.
    sweeping_trials: bool,
    /// For the portfolio's deep run: the work it may do before it gives up
    /// (see [`DeepAllowance`]).
    pub(super) allowance: Option<u64>,
    /// An answer the board is known to lead to: a trial of one of its values
    /// cannot fail (sound deductions from a board it agrees with reach no
    /// contradiction), so it is passed over like an implied one.
    pub(super) answer: Option<Vec<EdgeState>>,
    /// The edges decided, in order, when they are asked for (kept only then:
    /// on the largest boards they would cost memory).
    pub(super) decided: Option<Vec<Edge>>,
    /// The trials that held, kept to be told again while nothing they read
    /// changes.
    recall: Recall,
}

impl<'s, 'a> Full<'s, 'a> {
    /// The policy of a search run by `strategy` with `settings`.
    pub(super) fn new(settings: &'s mut Settings<'a>, strategy: &Strategy) -> Full<'s, 'a> {
        let answer = settings.answer.map(<[EdgeState]>::to_vec);
        Full {
            round: strategy.round + if strategy.deep { DEEP_DRAWS } else { 0 },
            implied: Implied::default(),
            passed_edges: Marks::default(),
            scoring: strategy.branching == Branching::Lookahead && strategy.budget != Some(0),
            exhaustive: false,
            deep_from: strategy.deep.then_some(0),
            guesses: 0,
            work: 0,
            sweeping_trials: false,
            allowance: None,
            answer,
            decided: None,
            recall: Recall::new(settings.recall_on_small_boards),
            settings,
        }
    }

    /// The policy of probing alone, outside a search (the first round, no
    /// scores kept for branching).
    pub(super) fn trials(settings: &'s mut Settings<'a>) -> Full<'s, 'a> {
        let strategy = Strategy {
            probing: true,
            branching: Branching::PathEnd,
            budget: None,
            round: 0,
            detours: false,
            deep: false,
        };
        Full::new(settings, &strategy)
    }

    /// Whether a trial of `value` at `edge` is known to hold, so is passed
    /// over (unless this round tries everything): a trial that held since the
    /// last decision implied it, or the known answer has it.
    pub(super) fn cannot_fail(&self, edge: Edge, value: EdgeState) -> bool {
        let known = |a: &Vec<EdgeState>| a[edge.0 as usize] == value;
        !self.exhaustive
            && (self.implied.has(edge, value) || self.answer.as_ref().is_some_and(known))
    }

    /// Tries the edges `edges`, in order, deciding those that fail (see
    /// [`probing_decides`]), with cheap propagation, as in probing, and the
    /// full sweep after each pass over them; passes again while one decides
    /// something. (The sweep's deductions after a decision are what let
    /// probing's next trial fail: in one pass without them, the edges a
    /// clue more had decided left three quarters of the board to probing.
    /// Each trial is probing's own, [`trial`].)
    pub(super) fn replay(
        &mut self,
        prober: &mut Prober,
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
                    if trial(board, propagator, self, edge, value)?.is_none() {
                        prober.forget(self);
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
                prober.forget(self);
            }
            if !decided {
                return Ok(());
            }
        }
    }
}

/// What the engine's search loop ([`super::explore()`]) asks of its run
/// beside probing's memory.
impl Full<'_, '_> {
    /// The answer a solve gives is the first one found, whatever the
    /// search does after it: from here on probing may go deep (see
    /// [`DEEP_AFTER_GUESSES`]).
    pub(super) fn answered(&mut self) {
        self.deep_from.get_or_insert(DEEP_AFTER_GUESSES);
    }

    /// The search is about to probe or branch: tells the caller, once, and
    /// says whether it may probe with `propagator`'s rules.
    pub(super) fn searching(&mut self, propagator: &Propagator) -> bool {
        self.settings.searching();
        propagator.trials()
    }

    /// The value to try first at the branching `edge`, where the search
    /// would try `first`, at guess number `guesses`: in the first round,
    /// the preferred value if there is one; from the second on, a coin
    /// decides.
    pub(super) fn first_value(&self, edge: Edge, first: EdgeState, guesses: u64) -> EdgeState {
        match (self.round, self.settings.prefer) {
            (0, Some(prefer)) => prefer[edge.0 as usize],
            (0, None) => first,
            (round, _) if coin(round, guesses) => first.opposite(),
            _ => first,
        }
    }

    /// The search is at `depth` guesses, about to guess (`guessing`) or to
    /// backtrack: the trace's depth follows it.
    pub(super) fn at_depth(&mut self, board: &mut Board, depth: usize, guessing: bool) {
        board.set_log_depth(depth as u32);
        if guessing {
            self.guesses += 1;
            // Below a guess the board may disagree with a known answer.
            self.answer = None;
        }
    }

    /// Probes `board` until every undecided edge has been tried since the
    /// last decision, with cheap propagation, as [`Prober::probe`] does;
    /// then, as the engine's search needs, more rounds (see
    /// [`Full::rounds`]).
    pub(crate) fn probe(
        &mut self,
        prober: &mut Prober,
        board: &mut Board,
        propagator: &mut Propagator,
    ) -> Result<Probe, Contradiction> {
        propagator.set_sweeping(false);
        let result = self.rounds(prober, board, propagator);
        propagator.set_sweeping(true);
        result
    }

    /// A round that passes over the values known to hold, then, when a
    /// branch is to follow a stall and values were passed over, a round
    /// again over those edges, trying every value of theirs, so that the
    /// branching edge is the one trying every value picks; and, once the
    /// search goes deep, a round with the sweep when the cheap ones stall.
    fn rounds(
        &mut self,
        prober: &mut Prober,
        board: &mut Board,
        propagator: &mut Propagator,
    ) -> Result<Probe, Contradiction> {
        self.implied.fit(board);
        self.passed_edges.fit(board.grid().edge_count());
        let first = prober.round(board, propagator, self);
        let stalled = matches!(first, Ok(Probe::Stalled(_)));
        let result = if self.scoring && stalled && self.passed_edges.next(0).is_some() {
            // Values passed over left some edges' scores short: one more
            // round, on the same board, tries every value of those edges
            // (and decides nothing). The other edges' scores, and the best
            // of them, stand: every value of theirs was tried on this
            // board, and a short score is below the true one, which
            // replaces it.
            prober.again();
            self.exhaustive = true;
            let again = prober.round(board, propagator, self);
            self.exhaustive = false;
            again
        } else {
            first
        }?;
        let deep = self.deep_from.is_some_and(|from| self.guesses >= from);
        if !(deep && matches!(result, Probe::Stalled(_))) {
            return Ok(result);
        }
        // Stalled: the sweep's trials, which see the loop as a whole, may
        // yet decide an edge. If they do not, the branch is on the edge the
        // cheap round chose. (A value a trial with the sweep implied holds
        // with cheap propagation too, so may be passed over next.)
        prober.forget(self);
        propagator.set_sweeping(true);
        self.sweeping_trials = true;
        let deep = prober.round(board, propagator, self);
        self.sweeping_trials = false;
        propagator.set_sweeping(false);
        match deep? {
            Probe::Stalled(_) => Ok(result),
            decided => Ok(decided),
        }
    }
}

/// Probing's memory in the full engine: the values known to hold are passed
/// over, trials that held are recalled, probing's trials stay out of the
/// trace, and the time limit and a deep run's allowance stop it.
impl Memory for Full<'_, '_> {
    /// Out of time at the deadline, and a deep run past its allowance.
    fn out_of_time(&mut self) -> bool {
        self.allowance.is_some_and(|most| self.work > most) || self.settings.out_of_time()
    }

    fn passes_edge(&self, edge: Edge) -> bool {
        self.exhaustive && !self.passed_edges.get(edge.0 as usize)
    }

    fn passes(&mut self, edge: Edge, value: EdgeState) -> bool {
        let passes = self.cannot_fail(edge, value);
        if passes {
            self.passed_edges.set(edge.0 as usize);
        }
        passes
    }

    fn recall(&mut self, board: &Board, edge: Edge, value: EdgeState) -> Option<u64> {
        let changes = self.recall.recall(board, edge, value)?;
        self.implied.note_changes(changes);
        Some(changes.len() as u64)
    }

    /// Probing tries values it then undoes: only its conclusions belong in
    /// the trace.
    fn trying(&mut self, board: &mut Board) {
        self.work += match self.sweeping_trials {
            true => 1 + u64::from(board.unknown_count()) / DEEP_TRIAL_EDGES,
            false => 1,
        };
        board.pause_log(true);
        self.recall.trying(board);
    }

    fn tried(&mut self, board: &mut Board, mark: usize, held: bool) {
        if held {
            self.implied.note(board, mark);
        }
        self.recall.tried(board, mark, held);
        board.pause_log(false);
    }

    fn undone(&mut self, board: &Board, cheap: bool) {
        self.recall.undone(board, cheap);
    }

    /// Notes that a trial decided `edge`, if decisions are asked for.
    fn decided(&mut self, edge: Edge) {
        if let Some(decided) = &mut self.decided {
            decided.push(edge);
        }
    }

    fn forget(&mut self) {
        self.implied.clear();
        self.passed_edges.clear();
    }
}

/// The guesses a search makes before its probing may go deep: when cheap
/// probing stalls, a round more with the inside/outside sweep in every
/// trial, which sees the loop as a whole. That round costs a sweep of the
/// board a trial, so it pays only where search is dear: a proof that a
/// large puzzle has no second answer, where the sweep refutes at once a
/// loop that cannot close, and cheap probing only deep in each branch. A
/// solve goes deep only after its first answer, which is then the one it
/// gave before.
///
/// Measured on the last proofs of `generate 60x60 --minimal` (seeds 1 and
/// 3): 31.8 s to 0.39 s and 2.95 s to 2.87 s of CPU, the same with 4, 16
/// or 64. The janko.at puzzles that reach search make at most 11 guesses
/// a run, and going deep after their first answer cost up to 60% more
/// instructions (the worst, 87.6 million, 140 million); with 64 they are
/// untouched. The loose 60×60 puzzles (`samples/regression/loose-*`) find
/// their second answer at once: the same times.
pub(crate) const DEEP_AFTER_GUESSES: u64 = 64;

/// Added to the round of a deep run to seed its coin: it draws first values
/// of its own, not those of the round's cheap lookahead run, so that the two
/// do not go down the same wrong branches (no cheap run reaches this round:
/// its budget of guesses would have overflowed long before). On the 22 loose
/// 60×60 puzzles of `docs/figures.md` and the four of `samples/regression`,
/// with the deep run drawing as the cheap one, five took 1.1 to 2.2 times
/// as long, two 0.85 times, the rest as long.
const DEEP_DRAWS: u64 = 1000;

/// The undecided edges that make a trial with the inside/outside sweep cost
/// one cheap trial more: the sweep walks the board's classes, and measured
/// on 60×60 boards with 2,000 to 4,000 undecided edges, such a trial took
/// about 4 to 10 times as long as a cheap one (2.7 µs; three puzzles, CPU
/// time over the trials of each kind).
pub(crate) const DEEP_TRIAL_EDGES: u64 = 512;

/// How much work the portfolio's deep run of a round may do
/// ([`crate::slink::search::portfolio`]): [`DEEP_WORK_FACTOR`] times the
/// work of the last lookahead run, the one of the round before, which
/// gave up. The deep run goes first in its round, as its guesses are dear
/// and few: a proof of uniqueness that cheap probing does not finish in
/// the first round, on a minimal 60×60 puzzle, it finishes in a few dozen
/// guesses. One is held across the runs of a solve.
#[derive(Default)]
pub(crate) struct DeepAllowance {
    lookahead_work: u64,
}

/// See [`DeepAllowance`]: measured on the minimal 60×60 puzzle whose proof
/// ran past the generator's budget on seed 1 (over 120 s;
/// `samples/hard/minimal-60x60.in`), the deep run of the second round needs
/// 2.6 times the first round's lookahead work (300,578 against 116,030);
/// with 4 it finishes there (1.5 s in all), with 2 it would give up.
pub(crate) const DEEP_WORK_FACTOR: u64 = 4;

impl DeepAllowance {
    /// Gives `policy`, about to make a run of `strategy`, its allowance if
    /// it is the deep run.
    pub(crate) fn give(&self, policy: &mut Full, strategy: &Strategy) {
        if strategy.deep {
            policy.allowance = Some(DEEP_WORK_FACTOR.saturating_mul(self.lookahead_work));
        }
    }

    /// Notes the `work` of a run of `strategy`, which has ended.
    pub(crate) fn ran(&mut self, strategy: &Strategy, work: u64) {
        if strategy.branching == Branching::Lookahead && !strategy.deep {
            self.lookahead_work = work;
        }
    }
}

/// Values of edges set by trials that held, since the set was last emptied.
/// Such a value cannot fail when tried itself: what it implies is a part of
/// what that trial implied, which broke nothing (propagation is monotone).
/// Probing and the tutor's trials pass over them.
#[derive(Default)]
pub(crate) struct Implied(Marks);

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

    /// Notes `changes`, edge ids doubled plus 1 for a line: those of a
    /// trial that held, recalled ([`Recall`]).
    pub(crate) fn note_changes(&mut self, changes: &[u32]) {
        for &change in changes {
            self.0.set(Implied::index_of_change(change));
        }
    }

    /// [`Implied::index`] of a change written as its edge id doubled plus
    /// 1 for a line (as [`Recall`] keeps changes).
    pub(crate) fn index_of_change(change: u32) -> usize {
        2 * (change / 2) as usize + usize::from(change % 2 == 0)
    }

    pub(super) fn index(edge: Edge, value: EdgeState) -> usize {
        2 * edge.0 as usize + value as usize - 1
    }
}

/// A fair coin for guess `guess` of round `round`: SplitMix64's finaliser
/// (Steele, Lea and Flood, 2014) of the two mixed. Deterministic, so a puzzle
/// is solved the same way on every run.
fn coin(round: u64, guess: u64) -> bool {
    let z = round
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(guess);
    crate::shared::restarts::mix(z) & 1 == 1
}

/// Whether the independent verifier accepts an answer the solver built.
pub(super) fn verified(puzzle: &Puzzle, solution: &Solution) -> bool {
    let ok = crate::check::slink::verify(&puzzle.clues, &solution.drawing()).is_ok();
    debug_assert!(ok, "the solver built a loop the verifier rejects");
    ok
}
