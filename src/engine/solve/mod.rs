//! The full engine's solve: its searches beside the judged core's
//! ([`crate::slink::search`], the one folder named `search`): its own search
//! loop over the core's board, rules and helpers ([`mod@explore`]: detours, a
//! time limit, a trace, heading home), its side of each run ([`full`]:
//! random first values, deep probing, probing's memory, which passes over
//! implied values), the solve with settings and deduction before search
//! ([`settings`], [`deduce`]), and the questions the generator and the
//! tutor ask ([`queries`]).

#[clippy::msrv = "1.70"]
mod deduce;
#[clippy::msrv = "1.70"]
mod explore;
#[clippy::msrv = "1.70"]
mod full;
#[clippy::msrv = "1.70"]
mod parts;
mod queries;
#[clippy::msrv = "1.70"]
mod recall;
mod settings;

pub(crate) use deduce::settle;
pub(crate) use full::{Full, Implied};
pub use queries::count_solutions;
pub(crate) use queries::{
    has_answer, probing_decides, solved_by_trials, solved_without_guessing, statement_rules_only,
};
pub(crate) use recall::Recall;
pub use settings::{solve, solve_with, Settings};

use std::time::Instant;

use crate::engine::answer::Report;
use crate::engine::marks::Marks;
use crate::engine::{Failure, Log};
use crate::slink::answer::{Outcome, Solution, Undecided};
use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Edge, Vertex};
use crate::slink::parse::Puzzle;
use crate::slink::rules::driver::Propagator;
use crate::slink::rules::Mode;
use crate::slink::search::{
    frontier, outcome_of, portfolio, trial, Branching, Found, Memory, Probe, Prober, Strategy,
};
use explore::explore;

impl Strategy {
    /// How a run of this strategy that ran out of guesses is reported.
    pub(super) fn gave_up(&self) -> String {
        let branching = match self.branching {
            Branching::Lookahead => "branching on the edge that decides most",
            Branching::PathEnd => "branching at path ends",
        };
        let budget = self.budget.unwrap_or(u64::MAX);
        match self.deep {
            true => format!("{branching}, probing deep, gave up within {budget} guesses"),
            false => format!("{branching} gave up after {budget} guesses"),
        }
    }
}

/// The level-6 puzzle of `samples/tutor/grades.in` (its sixth): one
/// answer, which only search finds. Tests of the search and of the tutor
/// start from it.
#[cfg(test)]
pub(crate) fn searched_puzzle() -> Puzzle {
    let text = include_str!("../../../samples/tutor/grades.in");
    let mut reader = crate::formats::read::PuzzleReader::new(text.as_bytes());
    let mut puzzles = std::iter::from_fn(|| reader.next_puzzle().ok().flatten());
    puzzles.nth(5).expect("grades.in has six puzzles")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::contest::parse_all;
    use crate::slink::rules::book::Rule;
    use crate::slink::search::try_edge;

    fn one(text: &str) -> Puzzle {
        parse_all(text).unwrap().remove(0)
    }

    #[test]
    fn blank_square_grids_have_the_known_number_of_loops() {
        // Loops on an n×n grid of dots minus one (OEIS A140517: 1, 13, 213, 9349).
        for (n, loops) in [(1, 1), (2, 13), (3, 213), (4, 9349)] {
            let text = format!("{n} {n} {}", ". ".repeat(n * n));
            assert_eq!(count_solutions(&one(&text), u64::MAX), loops, "{n}×{n}");
        }
    }

    #[test]
    fn loop_around_two_threes_is_found_unique() {
        let report = solve(&one("1 4 3 3 1 0"));
        assert!(matches!(report.outcome, Outcome::Unique(_)));
    }

    #[test]
    fn the_caller_hears_once_when_search_begins_and_never_without_search() {
        for (text, searches) in [("2 2 . . . .", 1), ("2 2 2 2 2 2", 0)] {
            let mut calls = 0;
            let mut count = || calls += 1;
            let settings = Settings {
                on_search: Some(&mut count),
                ..Settings::default()
            };
            solve_with(&one(text), settings);
            assert_eq!(calls, searches, "{text}");
        }
    }

    /// A lookahead run of round `round`, deep or not, with no budget.
    fn lookahead(round: u64, deep: bool) -> Strategy {
        Strategy {
            probing: true,
            branching: Branching::Lookahead,
            budget: None,
            round,
            detours: true,
            deep,
        }
    }

    /// One run of `strategy` on `puzzle` proving its answer unique (it
    /// stops at a second), its policy set up by `setup`: the outcome, the
    /// guesses (`None` if it gave up) and the work of its trials.
    fn one_run(
        puzzle: &Puzzle,
        strategy: Strategy,
        setup: impl FnOnce(&mut Full),
    ) -> (Outcome, Option<u64>, u64) {
        let mut settings = Settings::default();
        let mut policy = Full::new(&mut settings, &strategy);
        setup(&mut policy);
        let mut found = Found::default();
        let guesses = explore(
            &mut Board::new(puzzle.grid(), &puzzle.clues),
            Propagator::full(puzzle.grid(), Mode::Full),
            puzzle,
            2,
            strategy,
            &mut policy,
            |s| found.add(s),
        );
        (outcome_of(found), guesses, policy.work)
    }

    /// A search after its first answer goes deep once it has made
    /// [`full::DEEP_AFTER_GUESSES`] guesses: on a minimal 30×30 puzzle
    /// (`generate 30x30 --minimal --seed 4`, before the portfolio's deep
    /// run) whose proof of uniqueness takes 93 guesses without, it stops
    /// sooner, with the same answer. Going deep
    /// from the first guess, too, the answer is the same (the puzzle has one).
    #[test]
    #[ignore = "long sweep: .ci/run runs it with --ignored"]
    fn deep_probing_after_the_first_answer_shortens_a_proof() {
        let text = include_str!("../../../samples/regression/minimal-30x30.in");
        let puzzle = one(text);
        // One run of search (limit 2, lookahead, no budget), deep from
        // `deep_from` guesses on, or from the first answer as a solve goes.
        let proof = |deep_from: Option<u64>| {
            let strategy = lookahead(0, false);
            let (outcome, guesses, _) = one_run(&puzzle, strategy, |policy| {
                policy.deep_from = deep_from;
            });
            (outcome, guesses.expect("no budget"))
        };
        let (plain, plain_guesses) = proof(Some(u64::MAX));
        let (deep, deep_guesses) = proof(None);
        let (deepest, _) = proof(Some(0));
        assert!(matches!(plain, Outcome::Unique(_)), "{plain:?}");
        assert_eq!(plain, deep);
        assert_eq!(plain, deepest);
        assert!(
            plain_guesses > full::DEEP_AFTER_GUESSES && deep_guesses < plain_guesses,
            "{plain_guesses} guesses, deep {deep_guesses}"
        );
    }

    /// The portfolio's deep run keeps to its allowance of work: a deep run
    /// of a proof that cheap probing makes in 93 guesses (the minimal 30×30
    /// sample) gives up with none, and without an allowance gives the
    /// answer a plain run gives. Its allowance is [`full::DEEP_WORK_FACTOR`]
    /// times the work of the last lookahead run that was not deep.
    #[test]
    fn a_deep_run_keeps_to_its_allowance_of_work() {
        let text = include_str!("../../../samples/regression/minimal-30x30.in");
        let puzzle = one(text);
        let mut allowance = full::DeepAllowance::default();
        let run = |deep: bool, allowance: &mut full::DeepAllowance| {
            let strategy = lookahead(1, deep);
            let mut given = None;
            let (outcome, guesses, work) = one_run(&puzzle, strategy, |policy| {
                allowance.give(policy, &strategy);
                given = policy.allowance;
            });
            allowance.ran(&strategy, work);
            (guesses.map(|_| outcome), given, work)
        };
        // No lookahead run yet: no work allowed.
        let (gave_up, given, _) = run(true, &mut allowance);
        assert_eq!((gave_up, given), (None, Some(0)));
        let (plain, given, work) = run(false, &mut allowance);
        assert!(matches!(plain, Some(Outcome::Unique(_))), "{plain:?}");
        assert_eq!(given, None);
        let (deep, given, _) = run(true, &mut allowance);
        assert_eq!(given, Some(full::DEEP_WORK_FACTOR * work));
        assert_eq!(deep, plain);
    }

    /// How a trace tells of a run that gave up: a deep run gives up within
    /// its guesses, as its allowance of work may end it sooner.
    #[test]
    fn a_trace_says_which_run_gave_up() {
        let run = |branching, deep| Strategy {
            branching,
            budget: Some(2048),
            ..lookahead(1, deep)
        };
        assert_eq!(
            run(Branching::Lookahead, false).gave_up(),
            "branching on the edge that decides most gave up after 2048 guesses"
        );
        assert_eq!(
            run(Branching::PathEnd, false).gave_up(),
            "branching at path ends gave up after 2048 guesses"
        );
        assert_eq!(
            run(Branching::Lookahead, true).gave_up(),
            "branching on the edge that decides most, probing deep, gave up within 2048 guesses"
        );
    }

    /// A limit on guesses gives up, as a deadline does, before a run with a
    /// larger budget: the portfolio's first has 512 guesses.
    #[test]
    fn a_limit_on_guesses_leaves_a_search_undecided() {
        let blank = one(&format!("4 4\n{}", ". . . .\n".repeat(4)));
        // One answer, which only search finds.
        let searched = searched_puzzle();
        for (puzzle, most, decided) in [
            (&blank, 511, false),
            (&blank, 512, true),
            (&searched, 511, false),
            (&searched, 512, true),
        ] {
            let settings = Settings {
                most_guesses: Some(most),
                ..Settings::default()
            };
            let outcome = solve_with(puzzle, settings).outcome;
            assert_eq!(!matches!(outcome, Outcome::Undecided(_)), decided, "{most}");
        }
    }

    /// The search starts where deduction stopped, the pair rules'
    /// decisions kept: a solve allowed no run of guesses reports as proved
    /// the board the rules and the pair rules leave, which on this puzzle
    /// is more than the rules alone leave.
    #[test]
    fn the_search_starts_where_the_pair_rules_stop() {
        let puzzle = searched_puzzle();
        let settings = Settings {
            most_guesses: Some(0),
            ..Settings::default()
        };
        let Outcome::Undecided(undecided) = solve_with(&puzzle, settings).outcome else {
            panic!("a solve with no guesses decided the puzzle");
        };
        let mut board = Board::new(puzzle.grid(), &puzzle.clues);
        let mut propagator = Propagator::full(puzzle.grid(), Mode::Full);
        propagator.run(&mut board).unwrap();
        let by_rules = board.states().to_vec();
        assert_eq!(settle(&mut board, &mut propagator), Ok(true));
        assert_eq!(undecided.known, board.states());
        assert_ne!(undecided.known, by_rules);
    }

    /// Trials that try only the values a known answer has not decide as
    /// trials of both values do, on planted puzzles with some clues gone; so
    /// does a search told the answer, or told to prefer its values.
    #[test]
    fn a_known_answer_changes_no_outcome_of_probing() {
        let mut rng = crate::shared::restarts::SplitMix(11);
        let mut solved = [0, 0];
        for _ in 0..60 {
            let (rows, cols) = (2 + rng.below(6) as u32, 2 + rng.below(6) as u32);
            let (mut puzzle, answer) = crate::generate::planted(&mut rng, rows, cols);
            for clue in puzzle.clues.iter_mut() {
                if rng.below(2) == 0 {
                    *clue = None;
                }
            }
            let plain = solved_without_guessing(&puzzle, &[], None);
            let known = solved_without_guessing(&puzzle, &[], Some(answer.states()));
            assert_eq!(plain, known, "{rows}x{cols} {:?}", puzzle.clues);
            solved[usize::from(plain)] += 1;
            // A search that knows it: the answer is known only until its
            // first guess, and the outcome is the same.
            let searched = |answer| {
                let settings = Settings {
                    answer,
                    ..Default::default()
                };
                matches!(solve_with(&puzzle, settings).outcome, Outcome::Unique(_))
            };
            assert_eq!(searched(None), searched(Some(answer.states())));
            // Guesses that prefer the planted answer's values find an answer
            // where there is one: the same outcome with a clue changed.
            if let Some(cell) = puzzle.clues.iter().position(Option::is_some) {
                let mut changed = puzzle.clone();
                changed.clues[cell] = changed.clues[cell].map(|n| (n + 1) % 4);
                let prefer = Some(answer.states());
                let found = |prefer| has_answer(&changed, &[], prefer, u64::MAX);
                assert_eq!(found(None), found(prefer));
                // As the solver says, and with edges given: the planted loop
                // is an answer of the puzzle, and none of the changed one
                // (its clue there is wrong); with the edges round that cell
                // left open, an answer exactly when one has those edges.
                let any = !matches!(solve(&changed).outcome, Outcome::NoSolution);
                assert_eq!(found(None), Some(any));
                let given = answer.states();
                assert_eq!(has_answer(&puzzle, given, None, 512), Some(true));
                assert_eq!(has_answer(&changed, given, None, 512), Some(false));
                let mut open = given.to_vec();
                for e in puzzle
                    .grid()
                    .cell_edges(crate::slink::grid::Cell(cell as u32))
                {
                    open[e.0 as usize] = EdgeState::Unknown;
                }
                let with_open = Settings {
                    given: Some(&open),
                    ..Default::default()
                };
                let any = !matches!(solve_with(&changed, with_open).outcome, Outcome::NoSolution);
                assert_eq!(has_answer(&changed, &open, prefer, 512), Some(any));
            }
        }
        // Both outcomes met.
        assert!(solved[0] > 0 && solved[1] > 0, "{solved:?}");
    }

    /// Probing that first tries the edges it decided on the puzzle with one
    /// clue more (as the generator's checks do) stops where probing from
    /// scratch does: the puzzle without the clue is finished by both or by
    /// neither, with the planted answer known or not. The puzzles are the
    /// generator's of grade 4 with some clues back, near the edge of what
    /// trials finish, where the order of trials would show.
    #[test]
    #[ignore = "long sweep: .ci/run runs it with --ignored"]
    fn a_script_of_trials_changes_no_outcome_of_probing() {
        let mut outcomes = [0, 0];
        for seed in 1..=6 {
            let order = crate::generate::Order {
                rows: 10,
                cols: 10,
                seed,
                grade: Some(crate::tutor::Tier::Trial),
                slink: false,
                minimal: false,
                rules_only: false,
            };
            let (mut puzzle, answer) = crate::generate::puzzle(&order, 0).expect("a puzzle");
            // A clue back in every third cell, so that some clues can go.
            let full = crate::generate::clues_of(&answer);
            for cell in (0..puzzle.clues.len()).step_by(3) {
                puzzle.clues[cell] = full.clues[cell];
            }
            for known in [None, Some(answer.states())] {
                let script = probing_decides(&puzzle, &[], known, &[]).expect("grade 4");
                for cell in (0..puzzle.clues.len()).filter(|&c| puzzle.clues[c].is_some()) {
                    let mut fewer = puzzle.clone();
                    fewer.clues[cell] = None;
                    let fresh = solved_without_guessing(&fewer, &[], known);
                    let replayed = probing_decides(&fewer, &[], known, &script).is_some();
                    assert_eq!(fresh, replayed, "seed {seed}, without the clue at {cell}");
                    outcomes[usize::from(fresh)] += 1;
                }
            }
        }
        // Both outcomes met.
        assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
    }

    /// When probing stalls with values passed over, the round made again over
    /// the edges with such a value picks the branching edge that trying every
    /// value of every edge picks (worked out here on its own, by the rule
    /// the prober keeps: the largest product of the two propagations' sizes,
    /// the lowest edge among equals, first the value that decides more).
    #[test]
    fn a_stall_picks_the_edge_that_trying_every_value_picks() {
        let mut rng = crate::shared::restarts::SplitMix(5);
        let mut passed_over = 0;
        for _ in 0..60 {
            let (rows, cols) = (4 + rng.below(5) as u32, 4 + rng.below(5) as u32);
            let (mut puzzle, _) = crate::generate::planted(&mut rng, rows, cols);
            for clue in puzzle.clues.iter_mut() {
                if rng.below(3) > 0 {
                    *clue = None;
                }
            }
            let mut board = Board::new(puzzle.grid(), &puzzle.clues);
            let mut propagator = Propagator::full(*board.grid(), Mode::Full);
            if propagator.run(&mut board).is_err() {
                continue;
            }
            board.start_recording();
            let mut prober = Prober::default();
            let mut settings = Settings::default();
            let mut trials = Full::trials(&mut settings);
            trials.scoring = true;
            let best = match trials.probe(&mut prober, &mut board, &mut propagator) {
                Ok(Probe::Stalled(best)) => best,
                _ => continue,
            };
            passed_over += usize::from(trials.passed_edges.next(0).is_some());
            propagator.set_sweeping(false);
            let mut every: Option<(u64, Edge, EdgeState)> = None;
            for e in 0..board.grid().edge_count() as u32 {
                let edge = Edge(e);
                if !board.is_unknown(edge) || !frontier(&board, edge) {
                    continue;
                }
                let mut reach = [0u64; 2];
                for (i, value) in [EdgeState::Line, EdgeState::Cross].into_iter().enumerate() {
                    let mark = board.mark();
                    let held = try_edge(&mut board, &mut propagator, edge, value, Rule::Guess);
                    assert!(
                        held.is_ok(),
                        "probing stalled, yet {edge:?} {value:?} fails"
                    );
                    reach[i] = (board.mark() - mark) as u64;
                    board.undo_to(mark);
                    propagator.reset(&mut board);
                }
                let score = (reach[0] + 1) * (reach[1] + 1);
                let first = match reach[0] >= reach[1] {
                    true => EdgeState::Line,
                    false => EdgeState::Cross,
                };
                if every.map_or(true, |(s, _, _)| score > s) {
                    every = Some((score, edge, first));
                }
            }
            assert_eq!(
                best,
                every.map(|(_, e, v)| (e, v)),
                "{rows}x{cols} {:?}",
                puzzle.clues
            );
        }
        // Stalls with values passed over met.
        assert!(passed_over > 0);
    }

    #[test]
    fn outcomes_none_and_multiple() {
        assert_eq!(solve(&one("1 1 0")).outcome, Outcome::NoSolution);
        assert_eq!(solve(&one("1 2 0 0")).outcome, Outcome::NoSolution);
        assert!(matches!(
            solve(&one("2 2 . . . .")).outcome,
            Outcome::Multiple(_)
        ));
    }

    /// The judged core alone proves what the full engine proves: on planted
    /// puzzles, some of their clues blanked (unique, several answers or
    /// none after a clue changed), the same outcome and, when unique, the
    /// same answer.
    #[test]
    fn the_core_proves_what_the_full_engine_proves() {
        let mut rng = crate::shared::restarts::SplitMix(3);
        let mut kinds = [0; 3];
        for trial in 0..200 {
            let (rows, cols) = (2 + rng.below(5) as u32, 2 + rng.below(5) as u32);
            let (mut puzzle, _) = crate::generate::planted(&mut rng, rows, cols);
            for clue in puzzle.clues.iter_mut() {
                match rng.below(6) {
                    0 | 1 => *clue = None,
                    2 if trial % 4 == 0 => *clue = Some(rng.below(4) as u8),
                    _ => {}
                }
            }
            let core = crate::slink::search::prove(&puzzle);
            let full = solve(&puzzle).outcome;
            let kind = match (&core, &full) {
                (Outcome::Unique(a), Outcome::Unique(b)) => {
                    assert_eq!(a, b, "{rows}x{cols} {:?}", puzzle.clues);
                    0
                }
                (Outcome::Multiple(_), Outcome::Multiple(_)) => 1,
                (Outcome::NoSolution, Outcome::NoSolution) => 2,
                _ => panic!(
                    "{rows}x{cols} {:?}: {core:?} against {full:?}",
                    puzzle.clues
                ),
            };
            kinds[kind] += 1;
        }
        assert!(kinds.iter().all(|&n| n > 10), "{kinds:?}");
    }
}
