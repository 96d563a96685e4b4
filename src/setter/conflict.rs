//! A draft with no answer: a set of clues that has none by itself (every
//! other clue blanked), shrunk by deletion until dropping any one of them
//! leaves an answer, as the minimal unsatisfiable subsets of SAT are found.
//! The solver is the oracle (the rules, a short search for an answer, and
//! the learning search), and each time the learning search proves a set
//! has no answer, it names the clues its proof read
//! ([`conflicting_clues`]): the set shrinks to those at once, so most clues
//! go without a call of their own. Then one change to one of the clues
//! that leaves the draft with exactly one answer, if there is one.

use std::time::{Duration, Instant};

use super::{is_unique, out_of_time, with_clue};
use crate::engine::learn::{conflicting_clues, facts, Draft};
use crate::engine::solve::has_answer;
use crate::slink::board::EdgeState;
use crate::slink::grid::Cell;
use crate::slink::parse::Puzzle;

/// Clues of a draft that cannot all hold.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Conflict {
    /// The cells of the clues, in reading order.
    pub(crate) clues: Vec<Cell>,
    /// Whether dropping any one of them was proved to leave an answer;
    /// `false` when the time ran out first (the set still has no answer).
    pub(crate) minimal: bool,
    /// A change to one of the clues (a new number, or `None` to blank it)
    /// that leaves the draft exactly one answer, if one was found.
    pub(crate) fix: Option<(Cell, Option<u8>)>,
    /// Whether every change was tried and decided: when not (the time ran
    /// out, a change needed a longer search, or the set was not shrunk to
    /// the end), no `fix` says nothing of the changes left open.
    pub(crate) fix_searched: bool,
}

/// The conflict of `puzzle`, a draft with no answer; `None` if it has one
/// after all, or the time ran out before the first proof.
pub(crate) fn conflict(puzzle: &Puzzle, deadline: Option<Instant>) -> Option<Conflict> {
    let (clues, minimal) = minimal_conflict(puzzle, deadline)?;
    // The change is looked for within a time of its own too.
    let own = Instant::now() + Duration::from_secs(SHRINK_SECONDS);
    let (fix, fix_searched) = match minimal {
        true => fix(puzzle, &clues, Some(deadline.map_or(own, |d| d.min(own)))),
        false => (None, false),
    };
    Some(Conflict {
        clues,
        minimal,
        fix,
        fix_searched,
    })
}

/// `puzzle` with only the clues of `keep`.
pub(crate) fn only(puzzle: &Puzzle, keep: &[Cell]) -> Puzzle {
    let mut clues = vec![None; puzzle.clues.len()];
    for &cell in keep {
        clues[cell.0 as usize] = puzzle.clues[cell.0 as usize];
    }
    Puzzle { clues, ..*puzzle }
}

/// What the oracle says of a set of clues alone.
enum Said {
    /// It has an answer.
    Answer,
    /// It has none; the clues the proof read, a subset.
    Nothing(Vec<Cell>),
    OutOfTime,
}

/// The seconds the shrinking may take after the first proof, at most, and
/// the search for a change after it: a
/// typo in a minimal 30×30 draft can have a proof that reads nearly every
/// clue, and each clue dropped then costs a proof of seconds. Past it, the
/// set so far is given (it has no answer), said not to be shrunk to the
/// end. The only limit that is time, not work: it only cuts short.
const SHRINK_SECONDS: u64 = 5;

/// The guesses a quick look for an answer may make (see [`ask`]).
const QUICK_GUESSES: u64 = 512;

/// Whether `set` alone has an answer. With `quick`, the rules first (every
/// rule to its fixed point, the pairs left out: slow on a loose board),
/// which break many sets with none at once but say nothing of the clues
/// they read, and a short search for an answer; then, or else, the
/// learning search, which names the clues its proof of none read.
fn ask(puzzle: &Puzzle, set: &[Cell], quick: bool, deadline: Option<Instant>) -> Said {
    let alone = only(puzzle, set);
    let edges = alone.grid().edge_count();
    let given = vec![EdgeState::Unknown; edges];
    if quick {
        if facts(&alone, &given, false).is_none() {
            return Said::Nothing(set.to_vec());
        }
        // The portfolio's first look finds most answers there are sooner
        // than the learning search, which must route the loop through a
        // gap it does not yet know of.
        // Its refutation, before any guess or within those runs, is often
        // far quicker than the learning search's (0.001 s against 25 s
        // on a 30×30 draft's set, helper-17 measured), but names no clues:
        // the set is then kept whole, and shrunk by deletion alone.
        match has_answer(&alone, &given, None, QUICK_GUESSES) {
            Some(true) => return Said::Answer,
            Some(false) => return Said::Nothing(set.to_vec()),
            None => {}
        }
    }
    match conflicting_clues(&alone, &given, deadline) {
        Draft::Answered => Said::Answer,
        Draft::Conflicting(read) => Said::Nothing(read),
        Draft::OutOfTime => Said::OutOfTime,
    }
}

/// The set, and whether it was shrunk to the end (see the module); `None`
/// if `puzzle` has an answer after all, or the time ran out before the
/// first proof.
///
/// Clues are dropped one at a time; a set proved to have none shrinks at
/// once to the clues its proof read, when that is fewer, proved in turn.
/// (Dropping half of those left at a time, as QuickXplain does, made more
/// calls that find an answer, the dearer kind here: on a 60×60 typo whose
/// set is a ring of 25 zeros round a 1, and a 3, 9.2 s against 6.6.)
pub(crate) fn minimal_conflict(
    puzzle: &Puzzle,
    deadline: Option<Instant>,
) -> Option<(Vec<Cell>, bool)> {
    let every: Vec<Cell> = (0..puzzle.clues.len() as u32)
        .map(Cell)
        .filter(|c| puzzle.clues[c.0 as usize].is_some())
        .collect();
    // `set` has no answer, proved; `read` is what the proof read of it.
    let (mut set, mut read) = match ask(puzzle, &every, false, deadline) {
        Said::Nothing(read) => (every, read),
        Said::Answer | Said::OutOfTime => return None,
    };
    // Shrinking has a time of its own (see [`SHRINK_SECONDS`]).
    let own = Instant::now() + Duration::from_secs(SHRINK_SECONDS);
    let deadline = Some(deadline.map_or(own, |d| d.min(own)));
    // Clues proved to matter: without any one of them, the set has an
    // answer (and so has every smaller set without it).
    let mut needed: Vec<Cell> = Vec::new();
    loop {
        // The clues the last proof read: proved in turn, when fewer.
        if read.len() < set.len() {
            match ask(puzzle, &read, false, deadline) {
                Said::Nothing(again) => {
                    set = read;
                    read = again;
                    continue;
                }
                // The proof's clues should have no answer alone: if they
                // do, the set is shrunk by deletion alone.
                Said::Answer => read = set.clone(),
                Said::OutOfTime => return Some((set, false)),
            }
        }
        let candidate = match set.iter().find(|c| !needed.contains(c)) {
            Some(&c) => c,
            None => return Some((set, true)),
        };
        let without: Vec<Cell> = set.iter().copied().filter(|&c| c != candidate).collect();
        match ask(puzzle, &without, true, deadline) {
            Said::Nothing(again) => {
                set = without;
                read = again;
            }
            Said::Answer => needed.push(candidate),
            Said::OutOfTime => return Some((set, false)),
        }
    }
}

/// The first change to one of `clues` (in order: each other number, then
/// blank) that leaves `puzzle` exactly one answer, and whether every
/// change before it was decided (helper-17 found the check saying no
/// change would do on a 30×30 whose search the time had cut short).
fn fix(
    puzzle: &Puzzle,
    clues: &[Cell],
    deadline: Option<Instant>,
) -> (Option<(Cell, Option<u8>)>, bool) {
    let mut decided = true;
    for &cell in clues {
        let now = puzzle.clues[cell.0 as usize];
        let changes = (0..4u8).map(Some).chain([None]);
        for change in changes.filter(|&c| c != now) {
            match is_unique(&with_clue(puzzle, cell, change), deadline) {
                Some(true) => return (Some((cell, change)), decided),
                Some(false) => {}
                None if out_of_time(deadline) => return (None, false),
                None => decided = false,
            }
        }
    }
    (None, decided)
}
