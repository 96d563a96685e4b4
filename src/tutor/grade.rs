//! `--grade`: how hard a puzzle is, by the hardest tier of deduction its solve
//! needs (see [`crate::tutor`]): 1 the statement's cases alone (the 2007
//! statement's promise for its data), 2 with the loop rules, 3 with
//! inside/outside, 4 with pairs of edges (corner pairs, edge classes), 5
//! with one-edge trials, 6 with search.
//!
//! The solve climbs: each tier propagates only once the tiers below it are
//! stuck, and after any progress the climb starts again from the bottom; a
//! trial is tried only when all four propagating tiers are stuck. The counts
//! behind a grade are the edges each tier decided.

use crate::graph::ladder::LoopyLevel;
use crate::slink::board::Board;
use crate::slink::parse::Puzzle;
use crate::slink::reason::Why;
use crate::slink::rules::book::Rule;
use crate::tutor::{find_trial, propagate, reading_order, Tier, PROPAGATING};

/// A puzzle's grade and what it took.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Grade {
    /// The hardest tier needed.
    pub(crate) level: Tier,
    /// Edges decided by the statement's cases, the loop rules, inside/outside,
    /// pairs of edges and trials.
    pub(crate) by: [u64; 5],
    /// For level 6, the guesses the search made (its own count, for the
    /// whole puzzle).
    pub(crate) guesses: u64,
}

/// The grade of a puzzle with exactly one answer, whose search made `guesses`
/// guesses; `None` if its rules break the board (which a puzzle with an
/// answer never does).
pub(crate) fn grade(puzzle: &Puzzle, guesses: u64) -> Option<Grade> {
    let mut board = Board::new(puzzle.grid(), &puzzle.clues);
    let mut grade = Grade {
        level: Tier::Statement,
        by: [0; 5],
        guesses: 0,
    };
    let order = reading_order(board.grid());
    let mut cursor = 0;
    loop {
        let mut climbed = false;
        for tier in PROPAGATING {
            let run = propagate(&mut board, tier);
            if run.failure.is_some() {
                return None;
            }
            for d in &run.decisions {
                grade.by[d.why.reason.tier() as usize - 1] += 1;
            }
            if !run.decisions.is_empty() {
                grade.level = grade.level.max(tier);
            }
            if board.unknown_count() == 0 {
                return Some(grade);
            }
            // Progress above the bottom tier: the cheaper ones go first again.
            if !run.decisions.is_empty() && tier != Tier::Statement {
                climbed = true;
                break;
            }
        }
        if climbed {
            continue;
        }
        // Trials go on round the board from the last one, so a solve with
        // many of them does not try the same settled edges again each time.
        match find_trial(&mut board, &order, cursor) {
            Some((edge, fails, place)) => {
                cursor = place;
                board.tell_cause(Why::board(Rule::Trial));
                board.set(edge, fails.opposite()).ok()?;
                grade.by[4] += 1;
                grade.level = Tier::Trial;
            }
            None => {
                grade.level = Tier::Search;
                grade.guesses = guesses;
                return Some(grade);
            }
        }
    }
}

/// The line `--grade` prints for puzzle `number`.
pub(crate) fn line(number: usize, grade: &Grade, loopy: Option<LoopyLevel>) -> String {
    let [cases, loops, sides, pairs, trials] = grade.by;
    let plural = if trials == 1 { "" } else { "s" };
    let mut text = format!(
        "{number} level {} ({}): {cases} by the statement's cases, {loops} by the loop rules, {sides} by inside/outside, {pairs} by pairs of edges, {trials} trial{plural}",
        grade.level as u8,
        grade.level.level_name()
    );
    if grade.level == Tier::Search {
        let plural = if grade.guesses == 1 { "" } else { "es" };
        text.push_str(&format!(", then search ({} guess{plural})", grade.guesses));
    }
    text.push_str(&format!("; Loopy's level: {}\n", loopy_name(loopy)));
    text
}

/// A level of Loopy's as `--grade` names it, past Hard included.
pub(crate) fn loopy_name(level: Option<LoopyLevel>) -> &'static str {
    level.map_or("beyond Hard", LoopyLevel::name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::contest::parse_all;

    fn grade_of(text: &str) -> Grade {
        let puzzle = parse_all(text).unwrap().remove(0);
        grade(&puzzle, 0).unwrap()
    }

    #[test]
    fn the_statements_example_needs_its_cases_alone() {
        let g = grade_of("2 2 2 2 2 2");
        assert_eq!(g.level, Tier::Statement);
        assert_eq!(g.by, [12, 0, 0, 0, 0]);
    }

    #[test]
    fn a_clue_of_four_is_case_two_three() {
        let g = grade_of("1 1 4");
        assert_eq!((g.level, g.by), (Tier::Statement, [4, 0, 0, 0, 0]));
    }

    /// `solve::solved_by_trials`, which the generator asks instead of
    /// climbing, finishes exactly the puzzles graded 5 or below: on random
    /// loops with clues taken away at random, many of them needing trials
    /// and many search.
    #[test]
    fn trials_alone_finish_exactly_the_puzzles_below_search() {
        let mut rng = crate::shared::restarts::SplitMix(17);
        let mut levels = [0; 6];
        for trial in 0..400 {
            let (rows, cols) = (5 + rng.below(4) as u32, 5 + rng.below(4) as u32);
            let (mut puzzle, answer) = crate::generate::planted(&mut rng, rows, cols);
            let keep = 5 + trial % 4;
            for clue in puzzle.clues.iter_mut() {
                if rng.below(10) >= keep {
                    *clue = None;
                }
            }
            let level = grade(&puzzle, 0).map(|g| g.level);
            let finish = crate::engine::solve::solved_by_trials(&puzzle, answer.states());
            assert_eq!(
                finish,
                level.is_some_and(|l| l <= Tier::Trial),
                "{puzzle:?}"
            );
            levels[level.map_or(Tier::Search, |l| l) as usize - 1] += 1;
        }
        // Many need pairs or trials, many search.
        assert!(
            levels[3] + levels[4] > 30 && levels[4] > 5 && levels[5] > 30,
            "levels 1 to 6: {levels:?}"
        );
    }

    /// The trials with the inside/outside sweep that `solved_by_trials` makes
    /// once probing is stuck are needed: `samples/tutor/sweep-trial.in`, a
    /// 30×30 puzzle of level 4 that probing alone does not finish (random
    /// boards this small never need them).
    #[test]
    fn trials_with_the_sweep_finish_what_probing_does_not() {
        let text = include_str!("../../samples/tutor/sweep-trial.in");
        let puzzle = parse_all(text).unwrap().remove(0);
        let answer = match crate::engine::solve::solve(&puzzle).outcome {
            crate::slink::answer::Outcome::Unique(answer) => answer,
            other => panic!("{other:?}"),
        };
        let states = Some(answer.states());
        assert!(!crate::engine::solve::solved_without_guessing(
            &puzzle,
            &[],
            states
        ));
        assert!(crate::engine::solve::solved_by_trials(
            &puzzle,
            answer.states()
        ));
        assert_eq!(grade(&puzzle, 0).map(|g| g.level), Some(Tier::Trial));
    }

    #[test]
    fn a_blank_corner_needs_more_than_the_cases() {
        // Two 3s in a 2×5 strip with 2s and a 1 between: the statement's
        // cases stop (see `samples/explain/small.err`, puzzle 2).
        let g = grade_of("2 5 3 2 1 2 3 2 2 2 2 2");
        assert!(g.level > Tier::Statement, "{g:?}");
        assert_eq!(g.by.iter().sum::<u64>(), 27);
    }
}
