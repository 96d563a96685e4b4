//! The learning search checked: its outcomes against an exhaustive count,
//! and every clause it learns by reverse unit propagation (with the
//! clause's literals all false, the rules and the clauses before it break
//! the board), on planted puzzles and one-clue typos of them.

use super::*;
use crate::engine::reasons::soundness::answers;
use crate::engine::solve::count_solutions;
use crate::generate::planted;
use crate::shared::restarts::SplitMix;

impl Learner<'_> {
    /// How `lit` stands now.
    fn value(&self, lit: Lit) -> Value {
        match self.board.state(lit.edge()) {
            EdgeState::Unknown => Value::Open,
            s if s == lit.state() => Value::True,
            _ => Value::False,
        }
    }

    /// Whether the rules and the clauses so far break the board once every
    /// literal of `clause` is false: then the clause follows from them.
    fn refutes(&mut self, clause: &[Lit]) -> bool {
        self.backjump(0);
        let mut refuted = false;
        for &l in clause {
            match self.value(l) {
                // True with no decision: the clause holds at once.
                Value::True => refuted = true,
                Value::False => continue,
                Value::Open => {
                    self.starts.push(self.board.mark());
                    self.board.tell_cause(Why::board(Rule::Guess));
                    let _ = self.board.set(l.edge(), l.state().opposite());
                    refuted = self.propagate().is_err();
                }
            }
            if refuted {
                break;
            }
        }
        if !refuted {
            refuted = self.propagate().is_err();
        }
        self.backjump(0);
        refuted
    }

    /// Takes `clause` among its clauses, as a fact; false if the board
    /// then breaks with no decision.
    fn take(&mut self, mut clause: Vec<Lit>) -> bool {
        clause.sort_by_key(|&l| self.value(l) == Value::False);
        match clause
            .iter()
            .filter(|&&l| self.value(l) != Value::False)
            .count()
        {
            0 => false,
            1 => {
                let l = clause[0];
                self.board.tell_cause(Why::board(Rule::Backtrack));
                let _ = self.board.set(l.edge(), l.state());
                self.propagate().is_ok()
            }
            _ => {
                self.clauses.add(clause, false, 0);
                true
            }
        }
    }
}

/// Small planted puzzles with some clues blanked, and a one-clue typo of
/// every third: unique, multiple and none.
fn puzzles(seed: u64, count: usize, most: u64) -> Vec<Puzzle> {
    let mut rng = SplitMix(seed);
    (0..count)
        .map(|i| {
            let (rows, cols) = (
                3 + rng.below(most - 2) as u32,
                3 + rng.below(most - 2) as u32,
            );
            let (mut puzzle, _) = planted(&mut rng, rows, cols);
            for clue in puzzle.clues.iter_mut() {
                if rng.below(10) < 3 + i as u64 % 5 {
                    *clue = None;
                }
            }
            if i % 3 == 0 {
                let clued: Vec<usize> = (0..puzzle.clues.len())
                    .filter(|&c| puzzle.clues[c].is_some())
                    .collect();
                if !clued.is_empty() {
                    let c = clued[rng.below(clued.len() as u64) as usize];
                    puzzle.clues[c] = puzzle.clues[c].map(|n| (n + 1 + rng.below(3) as u8) % 4);
                }
            }
            puzzle
        })
        .collect()
}

/// A finished learning search of `puzzle` from the rules' board (no pair
/// rules, which leave more to search), keeping its clauses; `None` if the
/// rules alone break the board.
fn learned(puzzle: &Puzzle) -> Option<Learner<'_>> {
    let board = facts(puzzle, &[], false)?;
    let mut learner = Learner::new(puzzle, board, None, None);
    learner.kept = Some(Vec::new());
    assert_eq!(learner.run_for(u64::MAX), Stop::Finished);
    Some(learner)
}

#[test]
fn the_learning_search_finds_what_a_count_finds() {
    let mut kinds = [0; 3];
    let mut conflicts = 0;
    for puzzle in puzzles(7, 150, 7) {
        let count = count_solutions(&puzzle, 2);
        let found = learned(&puzzle).map_or(0, |learner| {
            conflicts += learner.conflicts;
            learner.found.count
        });
        assert_eq!(found, count, "{:?}", puzzle.clues);
        kinds[count as usize] += 1;
    }
    // Each outcome was met, and the search learnt on the way.
    assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
    assert!(conflicts > 100, "{conflicts} conflicts");
}

/// Checks every clause kept from a search of each puzzle: a learnt one
/// must follow from the rules and the clauses before it by unit
/// propagation (what `narrow` leaves of it, to see the check can fail);
/// a blocking one is taken as given. Returns (checked, failed).
fn check_clauses(puzzles: &[Puzzle], narrow: impl Fn(&mut Vec<Lit>)) -> (usize, usize) {
    let (mut checked, mut failed) = (0, 0);
    for puzzle in puzzles {
        let kept = match learned(puzzle) {
            Some(mut learner) => learner.kept.take().unwrap_or_default(),
            None => continue,
        };
        let board = facts(puzzle, &[], false).expect("the same facts again");
        let mut checker = Learner::new(puzzle, board, None, None);
        let mut consistent = checker.propagate().is_ok();
        for (mut clause, learnt) in kept {
            if learnt && consistent {
                narrow(&mut clause);
                checked += 1;
                failed += usize::from(!checker.refutes(&clause));
            }
            consistent = consistent && checker.take(clause);
        }
    }
    (checked, failed)
}

#[test]
fn every_learnt_clause_follows_by_unit_propagation() {
    let puzzles = puzzles(11, 240, 10);
    let (checked, failed) = check_clauses(&puzzles, |_| {});
    assert_eq!(
        failed, 0,
        "{failed} of {checked} learnt clauses do not follow"
    );
    assert!(checked > 300, "only {checked} clauses checked");
}

#[test]
fn a_learnt_clause_less_a_literal_is_caught() {
    let puzzles = puzzles(11, 240, 10);
    let (checked, failed) = check_clauses(&puzzles, |clause| {
        if clause.len() >= 3 {
            clause.remove(0);
        }
    });
    // Dropping the asserting literal leaves a clause no propagation
    // proves, most of the time.
    assert!(failed * 4 > checked, "{failed} of {checked} caught");
}

/// On boards of at most 4×4, by brute force: every answer not yet blocked
/// when a clause was learnt keeps it (a blocked answer is one the search
/// found, and no clause after may need to keep it).
#[test]
fn every_learnt_clause_keeps_every_answer_not_yet_found() {
    let mut loops = std::collections::HashMap::new();
    let (mut checked, mut kept) = (0, 0);
    let small = puzzles(13, 200, 4);
    for puzzle in small.iter().filter(|p| p.grid().edge_count() <= 40) {
        let clauses = match learned(puzzle) {
            Some(mut learner) => learner.kept.take().unwrap_or_default(),
            None => continue,
        };
        let mut open = answers(puzzle, &mut loops);
        for (clause, learnt) in clauses {
            let holds = |lines: &u64| {
                clause.iter().any(|l| {
                    let line = lines >> l.edge().0 & 1 == 1;
                    line == (l.state() == EdgeState::Line)
                })
            };
            if learnt {
                checked += open.len();
                kept += open.iter().filter(|a| holds(a)).count();
            } else {
                // The answer blocked: every line of it crossed, one at least.
                open.retain(holds);
            }
        }
    }
    assert_eq!(
        kept,
        checked,
        "{} of {checked} clauses broken by an answer",
        checked - kept
    );
    assert!(
        checked > 100,
        "only {checked} (clause, answer) pairs checked"
    );
}

#[test]
fn the_luby_sequence_starts_as_it_should() {
    let terms: Vec<u64> = (1..=15).map(luby).collect();
    assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}

/// A draft with no answer: the clues its proof read have none by
/// themselves (every other clue blanked, by the count), and they are fewer
/// than the draft's; a draft with an answer is said to have one. (Before
/// the rule of adjacent 3s read the clue that the small loop round them
/// leaves unmet, a draft's 3, 3 and 0 passed for a conflicting set.)
#[test]
fn the_clues_behind_no_answer_have_none_alone() {
    let (mut drafts, mut read, mut clued) = (0, 0, 0);
    for puzzle in puzzles(13, 400, 7) {
        let count = count_solutions(&puzzle, 1);
        let cells = match conflicting_clues(&puzzle, &[], None) {
            Draft::Answered => {
                assert_eq!(count, 1, "{:?}", puzzle.clues);
                continue;
            }
            Draft::Conflicting(cells) => cells,
            Draft::OutOfTime => panic!("no deadline was set"),
        };
        assert_eq!(count, 0, "{:?}", puzzle.clues);
        let mut alone = puzzle.clone();
        for (c, clue) in alone.clues.iter_mut().enumerate() {
            if !cells.contains(&Cell(c as u32)) {
                *clue = None;
            }
        }
        assert!(
            cells.iter().all(|&c| puzzle.clues[c.0 as usize].is_some()),
            "{cells:?} are not all clues"
        );
        assert_eq!(
            count_solutions(&alone, 1),
            0,
            "{:?} of {:?}",
            cells,
            puzzle.clues
        );
        drafts += 1;
        read += cells.len();
        clued += puzzle.clues.iter().flatten().count();
    }
    assert!(drafts >= 20, "only {drafts} drafts with no answer");
    // Far fewer than all: what the proof read, not the draft (about half,
    // for the shrinking to start from).
    assert!(3 * read < 2 * clued, "{read} clues read of {clued}");
}
