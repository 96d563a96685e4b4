//! The questions the generator and the tutor ask of a puzzle beside
//! solving it: how many answers (up to a limit), whether an answer has given
//! edges, whether rules, trials or probing decide it without a guess, and
//! where the statement's cases alone stop.

use super::deduce::settle;
use super::full::{verified, DEEP_AFTER_GUESSES};
use super::parts::{parts, search_part, Budget, Part};
use super::*;
use crate::engine::EngineBoard;

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
        deep: false,
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

/// Whether `puzzle` has an answer with the edges `given` (`None` if the
/// search gives up), trying `prefer`'s values first where given (the
/// generator's checks that a changed clue admits none look near the planted
/// loop):
/// 1. the first round of the portfolio's search of the whole board (two
///    runs of at most 512 guesses, or `most_guesses` if less), which finds
///    most answers there are;
/// 2. probing to its end; then, if it leaves at most half the edges
///    undecided, each part of the board ([`parts()`]), the smallest first,
///    searched alone with the inside/outside sweep in its trials, within
///    [`PART_TRIALS`] trials and `most_guesses` guesses in all: a part that
///    cannot be decided consistently refutes the board, one that decides
///    the last edges is an answer;
/// 3. if that does not settle it, the portfolio's later rounds, within runs
///    of at most `most_guesses` guesses: from the board probing left, going
///    deep after [`DEEP_AFTER_GUESSES`] guesses, when the parts were
///    searched; as before them otherwise.
///
/// Only whether an answer exists is asked, so what probing decides may be
/// taken as given. The generator asks this of 60×60 puzzles with a clue
/// changed, to prove that the clue can go: the portfolio alone took 25 to
/// 60 s for each of five such proofs on `generate 60x60 --minimal --seed 1`,
/// cheap probing meeting in every branch a refutation the sweep sees at
/// once. Searching the parts takes that run from 194 s to 66 s. Where most
/// of the board is undecided (seed 2's boards), trials with the sweep cost
/// more than they save: with the parts searched on every board, seed 2 took
/// 6.2 s instead of 1.3, and minimal 30×30 seed 6 203 s instead of 53.
pub(crate) fn has_answer(
    puzzle: &Puzzle,
    given: &[EdgeState],
    prefer: Option<&[EdgeState]>,
    most_guesses: u64,
) -> Option<bool> {
    // The portfolio's search of the whole board, from the board `from`,
    // within runs of at most `most` guesses (the first round's two, cut to
    // `most` if that is less), its first round left out if `later`, probing
    // deep after [`DEEP_AFTER_GUESSES`] if `deep`.
    let search = |from: &[EdgeState], later: bool, most: u64, deep: bool| {
        portfolio(false, |strategy| {
            if later && strategy.round == 0 {
                return None;
            }
            if strategy.round > 0 && strategy.budget.is_some_and(|b| b > most) {
                return Some((0, None));
            }
            let mut found = false;
            let mut board = Board::new(puzzle.grid(), &puzzle.clues);
            if board.set_given(from).is_err() {
                return Some((0, Some(false)));
            }
            let strategy = Strategy {
                budget: strategy.budget.map(|b| b.min(most)),
                detours: false,
                ..strategy
            };
            let mut settings = Settings {
                prefer,
                ..Default::default()
            };
            let mut policy = Full::new(&mut settings, &strategy);
            if deep {
                policy.deep_from = Some(DEEP_AFTER_GUESSES);
            }
            explore(
                &mut board,
                Propagator::full(puzzle.grid(), Mode::Full),
                puzzle,
                1,
                strategy,
                &mut policy,
                |_| found = true,
            )
            .map(|guesses| (guesses, Some(found)))
        })
        .1
    };
    if let Some(found) = search(given, false, FIRST_LOOK_GUESSES.min(most_guesses), false) {
        return Some(found);
    }
    let mut board = Board::new(puzzle.grid(), &puzzle.clues);
    if board.set_given(given).is_err() {
        return Some(false);
    }
    let mut propagator = Propagator::full(*board.grid(), Mode::Full);
    if propagator.run(&mut board).is_err() {
        return Some(false);
    }
    board.start_recording();
    let mut settings = Settings::default();
    let probed = probe_to_the_end(
        &mut board,
        &mut propagator,
        &mut Prober::default(),
        &mut Full::trials(&mut settings),
        false,
        false,
    );
    if probed.is_err() {
        return Some(false);
    }
    // Mostly undecided, the board is searched as before the parts.
    if board.unknown_count() as usize * 2 > board.grid().edge_count() {
        return search(given, true, most_guesses, false);
    }
    propagator.reset(&mut board);
    let mut pieces = parts(&board);
    pieces.sort_by_key(Vec::len);
    let mut budget = Budget {
        trials: PART_TRIALS,
        guesses: most_guesses,
    };
    for piece in &pieces {
        let found = search_part(
            &mut board,
            &mut propagator,
            puzzle,
            piece,
            prefer,
            &mut budget,
        );
        match found {
            Part::Refuted => return Some(false),
            Part::Answer => return Some(true),
            Part::Open => {}
            Part::GaveUp => break,
        }
    }
    search(board.states(), true, most_guesses, true)
}

/// The budget of the runs of [`has_answer`]'s first look: the portfolio's
/// first round.
const FIRST_LOOK_GUESSES: u64 = 512;

/// The trials [`has_answer`]'s searches of parts may make in all before the
/// portfolio's later rounds take over (each costs a sweep of the board: on
/// a 60×60 board, some 20,000 take about 6 s).
const PART_TRIALS: u64 = 20_000;

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
    let probed = probe_to_the_end(
        &mut board,
        &mut propagator,
        &mut prober,
        &mut trials,
        false,
        false,
    );
    let finished = matches!(probed, Ok(true))
        && board.closed()
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
    let probed = probe_to_the_end(
        &mut board,
        &mut propagator,
        &mut Prober::default(),
        &mut trials,
        true,
        true,
    );
    matches!(probed, Ok(true))
}

/// Probes `board` until every edge is decided (true) or nothing more is
/// (false), with the full sweep after each decision, as search does after
/// probing; the contradiction if the board has no answer. With `sweeping_round`, probing stuck makes one round of trials
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
) -> Result<bool, Contradiction> {
    loop {
        if board.unknown_count() == 0 {
            return Ok(true);
        }
        let decided = match trials.probe(prober, board, propagator)? {
            Probe::Decided => true,
            Probe::Stalled(_) if sweeping_round => {
                prober.forget(trials);
                matches!(prober.round(board, propagator, trials)?, Probe::Decided)
            }
            Probe::Stalled(_) | Probe::OutOfTime => false,
        };
        if !decided {
            return Ok(false);
        }
        let unknown = board.unknown_count();
        match pairs {
            true => settle(board, propagator).map(|_| ())?,
            false => propagator.run(board)?,
        }
        if board.unknown_count() != unknown {
            prober.forget(trials);
        }
    }
}
