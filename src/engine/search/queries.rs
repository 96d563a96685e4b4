//! The questions the generator and the tutor ask of a puzzle beside
//! solving it: how many answers (up to a limit), whether an answer has given
//! edges, whether rules, trials or probing decide it without a guess, and
//! where the statement's cases alone stop.

use super::deduce::settle;
use super::full::verified;
use super::*;

/// The statement's cases exactly as written, alone, with no search: the board
/// they reach, and the contradiction if they ran into one (`--rules-only`).
pub(crate) fn statement_rules_only(puzzle: &Puzzle) -> (Board, Result<(), Failure>) {
    let mut board = Board::new(puzzle.grid(), &puzzle.clues);
    board.keep_causes();
    let mut propagator = Propagator::full(*board.grid(), Mode::StatementAsWritten);
    let result = propagator
        .run(&mut board)
        .map_err(|c| Failure::of(&board, c));
    (board, result)
}

/// Counts the answers of `puzzle`, stopping at `limit`.
///
/// Counting visits every answer, so most branches succeed and probing would
/// mostly repeat the work of the branches themselves: it is left out here, and
/// the loop is grown from its ends.
pub fn count_solutions(puzzle: &Puzzle, limit: u64) -> u64 {
    let mut count = 0;
    let strategy = Strategy {
        probing: false,
        branching: Branching::PathEnd,
        budget: None,
        round: 0,
        detours: false,
    };
    let mut settings = Settings::default();
    explore(
        &mut Board::new(puzzle.grid(), &puzzle.clues),
        Propagator::full(puzzle.grid(), Mode::Full),
        puzzle,
        limit,
        strategy,
        &mut Full::new(&mut settings, &strategy),
        |_| count += 1,
    );
    count
}

/// Whether `puzzle` has an answer with the edges `given`: the portfolio's
/// search, stopped at the first answer, within runs of at most
/// `most_guesses` guesses (`None` if it gives up). `prefer`: edge states to
/// try first (the generator's checks that a changed clue admits none look
/// near the planted loop).
pub(crate) fn has_answer(
    puzzle: &Puzzle,
    given: &[EdgeState],
    prefer: Option<&[EdgeState]>,
    most_guesses: u64,
) -> Option<bool> {
    let (_, found) = portfolio(|strategy| {
        if strategy.budget.is_some_and(|b| b > most_guesses) {
            return Some((0, None));
        }
        let mut found = false;
        let mut board = Board::new(puzzle.grid(), &puzzle.clues);
        if board.set_given(given).is_err() {
            return Some((0, Some(false)));
        }
        let strategy = Strategy {
            detours: false,
            ..strategy
        };
        let mut settings = Settings {
            prefer,
            ..Default::default()
        };
        let propagator = Propagator::full(puzzle.grid(), Mode::Full);
        explore(
            &mut board,
            propagator,
            puzzle,
            1,
            strategy,
            &mut Full::new(&mut settings, &strategy),
            |_| found = true,
        )
        .map(|guesses| (guesses, Some(found)))
    });
    found
}

/// Whether propagation and probing alone, with no guess, finish `puzzle`
/// from the edges `given` (so it has exactly one answer with them and needs
/// no search). `answer`, the edges of an answer the puzzle is known to have
/// with them (the generator's planted loop), makes it cheaper: only values
/// it does not have can fail a trial, so only those are tried.
pub(crate) fn solved_without_guessing(
    puzzle: &Puzzle,
    given: &[EdgeState],
    answer: Option<&[EdgeState]>,
) -> bool {
    probing_decides(puzzle, given, answer, &[]).is_some()
}

/// [`solved_without_guessing`], trying the edges `first` before any other:
/// when probing finishes the puzzle, the edges its trials decided, in order.
///
/// A trial only adds what the board implies, so the order trials are made in
/// does not change where probing stops, only what it costs: many of the
/// edges that probing decided on a puzzle with one clue more (the
/// generator's last check) fail again when tried in turn (see
/// [`Full::replay`]), and every trial that held on the way to them is
/// saved.
pub(crate) fn probing_decides(
    puzzle: &Puzzle,
    given: &[EdgeState],
    answer: Option<&[EdgeState]>,
    first: &[Edge],
) -> Option<Vec<Edge>> {
    let mut board = Board::new(puzzle.grid(), &puzzle.clues);
    board.set_given(given).ok()?;
    let mut propagator = Propagator::full(*board.grid(), Mode::Full);
    propagator.run(&mut board).ok()?;
    board.start_recording();
    let mut settings = Settings {
        answer,
        ..Settings::default()
    };
    let mut trials = Full::trials(&mut settings);
    trials.decided = Some(Vec::new());
    let mut prober = Prober::default();
    trials
        .replay(&mut prober, &mut board, &mut propagator, first)
        .ok()?;
    // The answer known is an answer: a board that ends as it needs no check.
    let finished = probe_to_the_end(
        &mut board,
        &mut propagator,
        &mut prober,
        &mut trials,
        false,
        false,
    ) && board.closed()
        && board.unmet() == 0
        && (answer == Some(board.states()) || verified(puzzle, &Solution::from_board(&board)));
    finished.then(|| trials.decided.take().unwrap_or_default())
}

/// Whether one-edge trials finish `puzzle` as the grade makes them (see
/// [`crate::tutor::grade`]): with cheap propagation, as probing does, and when none
/// of those fails, with the inside/outside sweep as well; the pair rules
/// before the first and after each. A trial only adds
/// what the board implies, so the order trials are made in does not change
/// where they stop: this answers the grade's "below 6?" without its climb,
/// its fresh drivers and its counts. `answer`, an answer the puzzle has,
/// spares the trials of its values (they cannot fail).
pub(crate) fn solved_by_trials(puzzle: &Puzzle, answer: &[EdgeState]) -> bool {
    let mut board = Board::new(puzzle.grid(), &puzzle.clues);
    let mut propagator = Propagator::full(*board.grid(), Mode::Full);
    if settle(&mut board, &mut propagator).is_err() {
        return false;
    }
    board.start_recording();
    let mut settings = Settings {
        answer: Some(answer),
        ..Settings::default()
    };
    let mut trials = Full::trials(&mut settings);
    probe_to_the_end(
        &mut board,
        &mut propagator,
        &mut Prober::default(),
        &mut trials,
        true,
        true,
    )
}

/// Probes `board` until every edge is decided (true) or nothing more is
/// (false), with the full sweep after each decision, as search does after
/// probing. With `sweeping_round`, probing stuck makes one round of trials
/// with the sweep on (as the grade makes trials) before it gives up; with
/// `pairs`, the pair rules run after each decision too ([`settle`], as the
/// grade climbs through them).
fn probe_to_the_end(
    board: &mut Board,
    propagator: &mut Propagator,
    prober: &mut Prober,
    trials: &mut Full,
    sweeping_round: bool,
    pairs: bool,
) -> bool {
    loop {
        if board.unknown_count() == 0 {
            return true;
        }
        let decided = match prober.probe(board, propagator, trials) {
            Ok(Probe::Decided) => true,
            Ok(Probe::Stalled(_)) if sweeping_round => {
                prober.forget(trials);
                matches!(prober.round(board, propagator, trials), Ok(Probe::Decided))
            }
            _ => false,
        };
        if !decided {
            return false;
        }
        let unknown = board.unknown_count();
        let settled = match pairs {
            true => settle(board, propagator).map(|_| ()),
            false => propagator.run(board),
        };
        if settled.is_err() {
            return false;
        }
        if board.unknown_count() != unknown {
            prober.forget(trials);
        }
    }
}
