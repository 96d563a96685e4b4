//! A solve outside judge files: a time limit, a trace, a partial answer to
//! start from, an answer known already, values to try first, a cap on the
//! portfolio's budgets ([`Settings`]), and [`solve_with`], which runs them.

use super::deduce::settle;
use super::full::{verified, DeepAllowance};
use super::*;
use crate::engine::learn::{facts, Learner, Stop};
use crate::engine::EngineBoard;

/// How a solve runs outside judge files: a time limit, a trace, and a word to
/// the caller when search begins.
#[derive(Default)]
pub struct Settings<'a> {
    /// Give up at this instant: the outcome is then [`Outcome::Undecided`].
    pub deadline: Option<Instant>,
    /// Where every step goes as it is made (`--explain`): first the
    /// statement's cases alone (case 6 with its exception), where the log hears
    /// that they stall, then everything else. A search run that gives up for its
    /// budget is reported too, and the next one reports its steps from the
    /// beginning.
    pub log: Option<Box<dyn Log>>,
    /// Called once, when propagation stalls and the search proper (probing,
    /// branching) begins: the command line then flushes the answers before it,
    /// so they do not wait on a long search.
    pub on_search: Option<&'a mut dyn FnMut()>,
    /// Edges decided before the solve starts (a partial answer, in the grid's
    /// edge order; `Unknown` for the others): the answers found are those
    /// that have them.
    pub given: Option<&'a [EdgeState]>,
    /// The edges of an answer the puzzle is known to have (with `given`):
    /// then, until the first guess, only the values it does not have can
    /// fail, and trials try only those (see [`solved_without_guessing`]).
    pub answer: Option<&'a [EdgeState]>,
    /// Edge states to try first when guessing (in the first round of the
    /// portfolio): a search for an answer near these finds it sooner.
    pub prefer: Option<&'a [EdgeState]>,
    /// Give up, as at the deadline, rather than start a run with a larger
    /// budget of guesses than this (the first run has 512): a limit that,
    /// unlike time, gives the same outcome on every machine.
    pub most_guesses: Option<u64>,
    /// Search from the rules' board, without the pair rules first (see
    /// [`solved_by_deduction`]): the generator's last proof keeps the
    /// searches it always made, so a seed gives the puzzles it gave.
    pub no_pairs: bool,
    /// Keep probing's trials for recall on boards of any size, not only
    /// from the size where recall pays ([`super::Recall`]). The answers are
    /// the same either way; tests set it so that a debug build, which makes
    /// every recalled trial again and compares, checks recall on boards
    /// small enough to solve quickly. The default is the same in every
    /// build, tests included.
    pub recall_on_small_boards: bool,
}

impl Settings<'_> {
    /// Whether the time limit has passed.
    pub(super) fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Tells the caller, once, that search begins.
    pub(super) fn searching(&mut self) {
        if let Some(call) = self.on_search.take() {
            call();
        }
    }
}

/// Solves `puzzle` and proves whether its answer is unique, with the full
/// engine.
pub fn solve(puzzle: &Puzzle) -> Report {
    solve_with(puzzle, Settings::default())
}

/// [`solve`] with a time limit, a trace and a word when search begins (see
/// [`Settings`]).
pub fn solve_with(puzzle: &Puzzle, mut settings: Settings) -> Report {
    // Every run of the search starts where deduction left the board: its
    // first from the board itself, with the driver that took it there, the
    // others from fresh boards on which deduction runs again.
    let (mut stalled, paired) = match solved_by_deduction(puzzle, &mut settings) {
        Deduced::Solved(report) => return report,
        Deduced::Stalled { board, paired } => (board, paired),
    };
    // The first answer of any run is an answer, kept should the time run out;
    // each run counts its own.
    let mut found = Found::default();
    let mut known = Vec::new();
    let mut allowance = DeepAllowance::default();
    let mut learner = None;
    let (guesses, timed_out) = portfolio(true, |strategy| {
        found.count = 0;
        let (mut board, mut propagator, mut consistent, fresh) = match stalled.take() {
            Some(stalled) => (stalled.0, stalled.1, true, false),
            None => {
                let mut board = Board::new(puzzle.grid(), &puzzle.clues);
                let consistent = board.set_given(settings.given.unwrap_or(&[])).is_ok();
                (
                    board,
                    Propagator::full(puzzle.grid(), Mode::Full),
                    consistent,
                    true,
                )
            }
        };
        if let Some(sink) = settings.log.take() {
            consistent = start_trace(&mut board, sink, consistent);
        }
        // Deduction again, the pair rules' steps traced, on a board not
        // handed over: the rules to their fixed point, then the pair rules
        // on a board that keeps its trail, as for the first run. (Keeping
        // the edges deduction decided instead would cost a byte an edge
        // through the whole search, over the budget on a blank 1×4,000,000
        // strip. And the board must not record before its driver's first
        // full run, in which the inside/outside classes are made: they are
        // not made on a board that records (`EngineBoard::enable_sides`), and
        // without them every later run on `samples/regression/typo-16x16.in`
        // gave up.)
        if consistent && paired && fresh {
            consistent = propagator.run(&mut board).is_ok();
            board.start_recording();
            consistent = consistent && settle(&mut board, &mut propagator).is_ok();
        }
        let most = settings.most_guesses;
        if most.is_some_and(|most| strategy.budget.is_some_and(|b| b > most)) {
            known = board.states().to_vec();
            settings.log = board.take_log();
            return Some((0, true));
        }
        let result = if consistent {
            let mut policy = Full::new(&mut settings, &strategy);
            allowance.give(&mut policy, &strategy);
            let result = explore(
                &mut board,
                propagator,
                puzzle,
                2,
                strategy,
                &mut policy,
                |s| found.add(s),
            );
            allowance.ran(&strategy, policy.work);
            result
        } else {
            Some(0)
        };
        settings.log = board.take_log();
        if result.is_none() && settings.out_of_time() {
            // What is proved: the board below the first guess.
            known = board.states().to_vec();
            return Some((0, true));
        }
        if let (None, Some(sink)) = (result, &mut settings.log) {
            sink.restarted(&strategy.gave_up());
        }
        // From the second round on, where luck has not served, each round
        // ends with the learning search, on from where it stopped with what
        // it learnt (a trace and a cap on guesses keep the portfolio's
        // searches alone: their steps and budgets are told).
        let learns = settings.log.is_none() && settings.most_guesses.is_none();
        let last = strategy.branching == Branching::PathEnd;
        if result.is_none() && learns && last && strategy.round >= 1 {
            let learner = learner.get_or_insert_with(|| {
                let given = settings.given.unwrap_or(&[]);
                let facts = facts(puzzle, given, !settings.no_pairs);
                facts.map(|board| Learner::new(puzzle, board, settings.prefer, settings.deadline))
            });
            let learner = match learner {
                Some(learner) => learner,
                // The facts break: no answer.
                None => return Some((0, false)),
            };
            // As many conflicts as four times the round's guesses: about
            // the time of the round's other runs on loose boards, so each
            // kind of search has its share.
            let conflicts = strategy.budget.unwrap_or(u64::MAX).saturating_mul(4);
            let stop = learner.run_for(conflicts);
            if stop != Stop::Spent {
                let learnt = learner.found();
                if learnt.first.is_some() || stop == Stop::Finished {
                    found.first = learnt.first.clone();
                }
                found.count = learnt.count;
            }
            match stop {
                Stop::Finished => return Some((learner.decisions(), false)),
                Stop::OutOfTime => {
                    known = learner.known();
                    return Some((0, true));
                }
                Stop::Spent => {}
            }
        }
        result.map(|guesses| (guesses, false))
    });
    let outcome = if timed_out {
        Outcome::Undecided(Undecided {
            answer: found.first,
            known,
        })
    } else {
        outcome_of(found)
    };
    Report { outcome, guesses }
}

/// The answer, when deduction decides every edge: the rules, or once they
/// stall the rules and the pair rules ([`settle`]). Then it is the only one,
/// proved with no trial and no guess, and no search need start. Made quietly;
/// when the pair rules were needed and there is a trace, it is made again,
/// traced, as a solve would (a trace of the rules alone is the search's own,
/// as before the pair rules).
///
/// When deduction stalls, the search starts where it stopped: the board is
/// handed on with its driver (which has seen it to its fixed point, so the
/// search need not propagate it again) unless there is a trace to start,
/// with whether the pair rules decided anything, for the search's later
/// runs to run them again. (Before the engine issue's fifth round the pair
/// rules' decisions were undone here and the search started from the
/// rules' board: on the janko set that cost 16% of the instructions,
/// 3.174 billion against 2.674, most of them in trials that found again
/// what the pair rules had.) The pair rules leave no answer out, so the answers found are the
/// same; with several, which one is printed first may not be. Without the
/// pair rules (`no_pairs`, or when they find the board has no answer) the
/// search starts from the rules' board.
fn solved_by_deduction(puzzle: &Puzzle, settings: &mut Settings) -> Deduced {
    let stalled = |board| Deduced::Stalled {
        board,
        paired: false,
    };
    let fresh = || {
        let mut board = Board::new(puzzle.grid(), &puzzle.clues);
        board.set_given(settings.given.unwrap_or(&[])).ok()?;
        Some(board)
    };
    let Some(mut board) = fresh() else {
        return stalled(None);
    };
    let mut propagator = Propagator::full(*board.grid(), Mode::Full);
    if propagator.run(&mut board).is_err() {
        return stalled(None);
    }
    if board.unknown_count() > 0 {
        if settings.no_pairs {
            return stalled(None);
        }
        board.start_recording();
        let mark = board.mark();
        let paired = settle(&mut board, &mut propagator).unwrap_or_else(|_| {
            // No answer: the search, from the rules' board, says so, as it
            // always has.
            board.undo_to(mark);
            false
        });
        if board.unknown_count() > 0 {
            propagator.reset(&mut board);
            let board = settings
                .log
                .is_none()
                .then(|| Box::new((board, propagator)));
            return Deduced::Stalled { board, paired };
        }
        if let Some(sink) = settings.log.take() {
            if let Some(mut traced) = fresh() {
                start_trace(&mut traced, sink, true);
                let mut propagator = Propagator::full(*traced.grid(), Mode::Full);
                let _ = settle(&mut traced, &mut propagator);
                settings.log = traced.take_log();
            }
        }
    } else if settings.log.is_some() {
        return stalled(None);
    }
    // Every edge decided: an answer when the lines close one loop round
    // every clue, and then the only one. (A board of crosses alone, say, is
    // none: the search reports that, as it always has.)
    if !(board.closed() && board.unmet() == 0) {
        return stalled(None);
    }
    let solution = Solution::from_board(&board);
    match verified(puzzle, &solution) {
        true => Deduced::Solved(Report {
            outcome: Outcome::Unique(solution),
            guesses: 0,
        }),
        false => stalled(None),
    }
}

/// Starts a trace on `board` as every solve begins one: the statement's
/// cases alone (on a board still `consistent` with its given edges), then
/// the word that they stall, unless they finish the puzzle. Returns whether
/// the board is still consistent.
fn start_trace(board: &mut Board, sink: Box<dyn Log>, consistent: bool) -> bool {
    board.start_log(sink);
    let mut statement = Propagator::full(*board.grid(), Mode::Statement);
    let consistent = consistent && statement.run(board).is_ok();
    if board.unknown_count() > 0 || !consistent {
        board.log_stall();
    }
    consistent
}

/// What deduction before search came to.
enum Deduced {
    /// The answer, proved unique.
    Solved(Report),
    /// Not every edge: the board deduction left, and the driver that left
    /// it there, when the search may start from them; and whether the pair
    /// rules decided anything, for the search's other runs to run them.
    Stalled {
        board: Option<Box<(Board, Propagator)>>,
        paired: bool,
    },
}
