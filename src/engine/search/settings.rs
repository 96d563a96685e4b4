//! A solve outside judge files: a time limit, a trace, a partial answer to
//! start from, an answer known already, values to try first, a cap on the
//! portfolio's budgets ([`Settings`]), and [`solve_with`], which runs them.

use super::deduce::settle;
use super::full::{verified, DeepAllowance};
use super::*;

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
    /// Search without first trying whether the pair rules finish the puzzle
    /// (see [`solved_by_deduction`]): the generator's last proof keeps the
    /// searches it always made, so a seed gives the puzzles it gave.
    pub no_pairs: bool,
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
    // The board the rules left and its driver, when deduction stalls and
    // the search may start from them: its first run does, the others from
    // fresh boards.
    let mut stalled = match solved_by_deduction(puzzle, &mut settings) {
        Deduced::Solved(report) => return report,
        Deduced::Stalled(board) => board,
    };
    // The first answer of any run is an answer, kept should the time run out;
    // each run counts its own.
    let mut found = Found::default();
    let mut known = Vec::new();
    let mut allowance = DeepAllowance::default();
    let (guesses, timed_out) = portfolio(true, |strategy| {
        found.count = 0;
        let (mut board, propagator, mut consistent) = match stalled.take() {
            Some(stalled) => (stalled.0, stalled.1, true),
            None => {
                let mut board = Board::new(puzzle.grid(), &puzzle.clues);
                let consistent = board.set_given(settings.given.unwrap_or(&[])).is_ok();
                (
                    board,
                    Propagator::full(puzzle.grid(), Mode::Full),
                    consistent,
                )
            }
        };
        let most = settings.most_guesses;
        if most.is_some_and(|most| strategy.budget.is_some_and(|b| b > most)) {
            known = board.states().to_vec();
            return Some((0, true));
        }
        if let Some(sink) = settings.log.take() {
            consistent = start_trace(&mut board, sink, consistent);
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
/// When deduction stalls, the search starts where the rules alone
/// left the board, as it always did: the pair rules' decisions are undone,
/// and the board is handed on with its driver (which has seen it to its
/// fixed point, so the search need not propagate it again) when the search
/// can take it as it is (with no trace to start and no limit on guesses to
/// report from a fresh board); otherwise the search makes its own. So a puzzle the pair rules do not
/// finish is solved (and, with several answers, answered) exactly as before
/// them.
fn solved_by_deduction(puzzle: &Puzzle, settings: &mut Settings) -> Deduced {
    let fresh = || {
        let mut board = Board::new(puzzle.grid(), &puzzle.clues);
        board.set_given(settings.given.unwrap_or(&[])).ok()?;
        Some(board)
    };
    let Some(mut board) = fresh() else {
        return Deduced::Stalled(None);
    };
    let mut propagator = Propagator::full(*board.grid(), Mode::Full);
    if propagator.run(&mut board).is_err() {
        return Deduced::Stalled(None);
    }
    if board.unknown_count() > 0 {
        if settings.no_pairs {
            return Deduced::Stalled(None);
        }
        board.start_recording();
        let mark = board.mark();
        let finished =
            matches!(settle(&mut board, &mut propagator), Ok(true)) && board.unknown_count() == 0;
        if !finished {
            board.undo_to(mark);
            propagator.reset(&mut board);
            let reusable = settings.log.is_none() && settings.most_guesses.is_none();
            return Deduced::Stalled(if reusable {
                Some(Box::new((board, propagator)))
            } else {
                None
            });
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
        return Deduced::Stalled(None);
    }
    // Every edge decided: an answer when the lines close one loop round
    // every clue, and then the only one. (A board of crosses alone, say, is
    // none: the search reports that, as it always has.)
    if !(board.closed() && board.unmet() == 0) {
        return Deduced::Stalled(None);
    }
    let solution = Solution::from_board(&board);
    match verified(puzzle, &solution) {
        true => Deduced::Solved(Report {
            outcome: Outcome::Unique(solution),
            guesses: 0,
        }),
        false => Deduced::Stalled(None),
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
    /// Not every edge: the board the rules left, and the driver that left
    /// it there, when the search may start from them.
    Stalled(Option<Box<(Board, Propagator)>>),
}
