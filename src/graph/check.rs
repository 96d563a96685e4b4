//! The setter's check on Loopy's grids: for a draft with no answer, a
//! smallest set of clues that cannot all hold (drop any one and an answer
//! comes back) and a change of one of them that leaves exactly one answer;
//! for a draft with several, where two answers differ (regions of edges
//! joined at dots) and a clue to add that leaves exactly one.
//!
//! Each question is a whole solve of the draft changed
//! ([`crate::graph::solve::solve`]: Loopy's solver, then the learning
//! search), which on Loopy's sizes takes milliseconds. Shrinking the set
//! and looking for a change have [`BUDGET`] each (within the deadline);
//! past it, what was found so far is said, and that it is not final.
//! Faces are named by number and position (`face 12 at (45,26)`, its
//! centroid in the grid's own units, as `--explain` names it), as on Loopy's grids there are no
//! rows and columns.

use std::time::{Duration, Instant};

use crate::graph::puzzle::GraphPuzzle;
use crate::graph::solve::{answers, solve, GraphOutcome};
use crate::graph::steps::Names;
use crate::graph::{Edge, Face, Graph};
use crate::slink::board::EdgeState;

/// The time shrinking a set of clues, or looking for a change, may take.
const BUDGET: Duration = Duration::from_secs(5);

/// What the check found beyond the verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Finding {
    /// No answer: clues that cannot all hold (each needed for that, unless
    /// the time ran out first: `shrunk` false), and a change of one of
    /// them that leaves exactly one answer, if one was found.
    Clash {
        clues: Vec<Face>,
        shrunk: bool,
        change: Change,
    },
    /// Several answers: the regions where two differ (their edges), and a
    /// clue to add that leaves exactly one answer, if one was found.
    Regions {
        regions: Vec<Vec<Edge>>,
        first: Vec<EdgeState>,
        addition: Option<(Face, u8)>,
    },
}

/// A change of one clue of a clash that leaves exactly one answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// This face's clue to this number.
    To(Face, u8),
    /// None does: every change was decided.
    None,
    /// None found, but not every change was decided in time (or the set
    /// was not shrunk, and none was looked for).
    Undecided,
}

/// The verdict of a check.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Verdict {
    Unique,
    Multiple,
    NoAnswer,
    Undecided,
}

impl Verdict {
    /// The word `--check` prints.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::NoAnswer => "none",
            Verdict::Undecided => "undecided",
        }
    }
}

/// How many answers a draft has, up to two; `None` if the time ran out.
fn count(puzzle: &GraphPuzzle, deadline: Option<Instant>) -> Option<usize> {
    match solve(puzzle, deadline) {
        GraphOutcome::NoSolution => Some(0),
        GraphOutcome::Unique(_) => Some(1),
        GraphOutcome::Multiple(_) => Some(2),
        GraphOutcome::Undecided(_) => None,
    }
}

/// The sooner of `deadline` and [`BUDGET`] from now.
fn budget(deadline: Option<Instant>) -> Option<Instant> {
    let end = Instant::now() + BUDGET;
    Some(deadline.map_or(end, |d| d.min(end)))
}

/// Checks a draft: its verdict and, unless `brief`, what to change.
pub(crate) fn check(
    puzzle: &GraphPuzzle,
    brief: bool,
    deadline: Option<Instant>,
) -> (Verdict, Option<Finding>) {
    let found = answers(puzzle, deadline);
    match (found.answers.len(), found.gave_up) {
        (2, _) => {
            let finding = if brief {
                None
            } else {
                let (first, second) = (&found.answers[0], &found.answers[1]);
                Some(several(puzzle, first, second, deadline))
            };
            (Verdict::Multiple, finding)
        }
        (_, true) => (Verdict::Undecided, None),
        (1, false) => (Verdict::Unique, None),
        _ => {
            let finding = if brief {
                None
            } else {
                Some(clash(puzzle, deadline))
            };
            (Verdict::NoAnswer, finding)
        }
    }
}

/// A smallest set of clues with no answer (each dropped in turn, kept out
/// when the rest still has none: a deletion filter with the solver as the
/// oracle), and a change of one of them that leaves exactly one answer.
fn clash(puzzle: &GraphPuzzle, deadline: Option<Instant>) -> Finding {
    let mut draft = puzzle.clone();
    let shrinking = budget(deadline);
    // Blocks of clues first, halved down to single clues: most clues of a
    // large draft play no part, and go many at a time (a 10×10 kites typo:
    // 190 clues left after 5 s one at a time, 4 in 0.1 s by blocks).
    let mut block = (draft.clues.len() + 1) / 2;
    let mut shrunk = true;
    'blocks: while block > 0 {
        let clued: Vec<usize> = (0..draft.clues.len())
            .filter(|&f| draft.clues[f].is_some())
            .collect();
        for chunk in clued.chunks(block) {
            let kept: Vec<Option<u8>> = chunk.iter().map(|&f| draft.clues[f].take()).collect();
            match count(&draft, shrinking) {
                Some(0) => {}
                answer => {
                    for (&f, &clue) in chunk.iter().zip(&kept) {
                        draft.clues[f] = clue;
                    }
                    if answer.is_none() {
                        shrunk = false;
                        break 'blocks;
                    }
                }
            }
        }
        block /= 2;
    }
    let clues: Vec<Face> = (0..draft.clues.len())
        .filter(|&f| draft.clues[f].is_some())
        .map(|f| Face(f as u32))
        .collect();
    let change = if shrunk {
        a_change(puzzle, &clues, budget(deadline))
    } else {
        Change::Undecided
    };
    Finding::Clash {
        clues,
        shrunk,
        change,
    }
}

/// A change of one of `clues` to another number that leaves the draft
/// exactly one answer: each clue in turn, each number in turn.
fn a_change(puzzle: &GraphPuzzle, clues: &[Face], deadline: Option<Instant>) -> Change {
    let mut decided = true;
    for &face in clues {
        let sides = puzzle.graph.sides(face).len() as u8;
        for value in 0..=sides {
            if Some(value) == puzzle.clues[face.0 as usize] {
                continue;
            }
            let mut changed = puzzle.clone();
            changed.clues[face.0 as usize] = Some(value);
            match count(&changed, deadline) {
                Some(1) => return Change::To(face, value),
                Some(_) => {}
                None => decided = false,
            }
        }
    }
    if decided {
        Change::None
    } else {
        Change::Undecided
    }
}

/// Where two answers differ, and a clue to add that leaves one answer.
fn several(
    puzzle: &GraphPuzzle,
    first: &[EdgeState],
    second: &[EdgeState],
    deadline: Option<Instant>,
) -> Finding {
    let g = &puzzle.graph;
    let differ: Vec<bool> = first.iter().zip(second).map(|(a, b)| a != b).collect();
    let regions = regions(g, &differ);
    // Faces by a side that differs: each one's count in the first answer,
    // where it differs from the second's, rules the second out.
    let mut addition = None;
    for face in g.faces() {
        if puzzle.clues[face.0 as usize].is_some() {
            continue;
        }
        let lines = |states: &[EdgeState]| {
            g.sides(face)
                .iter()
                .filter(|e| states[e.0 as usize] == EdgeState::Line)
                .count() as u8
        };
        let (a, b) = (lines(first), lines(second));
        if a == b {
            continue;
        }
        let mut added = puzzle.clone();
        added.clues[face.0 as usize] = Some(a);
        match count(&added, deadline) {
            Some(1) => {
                addition = Some((face, a));
                break;
            }
            Some(_) => {}
            None => break,
        }
    }
    Finding::Regions {
        regions,
        first: first.to_vec(),
        addition,
    }
}

/// The edges marked in `differ`, grouped into regions joined at dots.
fn regions(g: &Graph, differ: &[bool]) -> Vec<Vec<Edge>> {
    let mut seen = vec![false; g.edge_count()];
    let mut regions = Vec::new();
    for start in g.edges() {
        if !differ[start.0 as usize] || seen[start.0 as usize] {
            continue;
        }
        seen[start.0 as usize] = true;
        let mut region = vec![start];
        let mut k = 0;
        while k < region.len() {
            for dot in g.ends(region[k]).dots {
                for &next in g.dot_edges(dot) {
                    if differ[next.0 as usize] && !seen[next.0 as usize] {
                        seen[next.0 as usize] = true;
                        region.push(next);
                    }
                }
            }
            k += 1;
        }
        region.sort();
        regions.push(region);
    }
    regions
}

/// A face as messages name it, as `--explain` does: its number and where
/// it is (`face 12 at (45,26)`).
pub(crate) fn face_name(g: &Graph, face: Face) -> String {
    Names::new(g, &[]).face(face)
}

/// An edge as messages name it: its two dots.
fn edge_name(g: &Graph, edge: Edge) -> String {
    Names::new(g, &[]).edge(edge)
}

/// What `--check` prints after the verdict: the rest of the first line and
/// the lines below it, each ending in a line end.
pub(crate) fn finding_text(puzzle: &GraphPuzzle, finding: &Finding) -> String {
    let g = &puzzle.graph;
    let clue = |face: Face, value: u8| format!("{}={value}", face_name(g, face));
    match finding {
        Finding::Clash {
            clues,
            shrunk,
            change,
        } => {
            let named: Vec<String> = clues
                .iter()
                .map(|&f| clue(f, puzzle.clues[f.0 as usize].unwrap_or(0)))
                .collect();
            let unsure = if *shrunk {
                ""
            } else {
                " (out of time: some of them may not be needed)"
            };
            let mut text = format!(": clues {} cannot all hold{unsure}\n", named.join(", "));
            match change {
                Change::To(face, value) => text.push_str(&format!(
                    "  {} instead leaves exactly one answer\n",
                    clue(*face, *value)
                )),
                Change::None => text.push_str(
                    "  no other number for one of them leaves exactly one answer\n",
                ),
                Change::Undecided if *shrunk => text.push_str(
                    "  no change decided leaves exactly one answer (not every one was decided in time)\n",
                ),
                Change::Undecided => {}
            }
            text
        }
        Finding::Regions {
            regions,
            first,
            addition,
        } => {
            let plural = if regions.len() == 1 { "" } else { "s" };
            let mut text = format!(": the answers differ in {} region{plural}", regions.len());
            match addition {
                Some((face, value)) => text.push_str(&format!(
                    "; adding {} leaves exactly one answer\n",
                    clue(*face, *value)
                )),
                None => text.push('\n'),
            }
            for (k, region) in regions.iter().enumerate() {
                let lines = region
                    .iter()
                    .filter(|e| first[e.0 as usize] == EdgeState::Line)
                    .count();
                text.push_str(&format!(
                    "  region {}: {} edges differ, from {}; {lines} of them lines in the first answer\n",
                    k + 1,
                    region.len(),
                    edge_name(g, region[0])
                ));
            }
            text
        }
    }
}

/// The draft with the check's change made, and the clue it sets.
pub(crate) fn fixed(puzzle: &GraphPuzzle, finding: &Finding) -> Option<(GraphPuzzle, Face, u8)> {
    let (face, value) = match finding {
        Finding::Clash {
            change: Change::To(face, value),
            ..
        } => (*face, *value),
        Finding::Clash { .. } => return None,
        Finding::Regions { addition, .. } => (*addition)?,
    };
    let mut draft = puzzle.clone();
    draft.clues[face.0 as usize] = Some(value);
    Some((draft, face, value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::fixtures::{fixtures, graph_of};

    /// Loopy's puzzles are unique; with a clue changed so that none holds,
    /// the clash found has no answer and each of its clues is needed for
    /// that; with clues removed until several answers hold, the clue to add
    /// leaves exactly one.
    fn clashes_and_regions(size: &str, step: usize) -> (usize, usize) {
        let mut clashes = 0;
        let mut several = 0;
        for fixture in fixtures()
            .iter()
            .filter(|f| f.made_by.starts_with(size))
            .step_by(step)
        {
            let puzzle = graph_of(&fixture.id);
            assert_eq!(
                check(&puzzle, false, None).0,
                Verdict::Unique,
                "{}",
                fixture.made_by
            );
            // A clue one too high, where the face allows it.
            let raised = puzzle.graph.faces().find(|&f| {
                puzzle.clues[f.0 as usize]
                    .is_some_and(|c| (c as usize) < puzzle.graph.sides(f).len())
            });
            if let Some(face) = raised {
                let mut draft = puzzle.clone();
                draft.clues[face.0 as usize] = draft.clues[face.0 as usize].map(|c| c + 1);
                if let (
                    Verdict::NoAnswer,
                    Some(Finding::Clash {
                        clues,
                        shrunk: true,
                        change,
                    }),
                ) = check(&draft, false, None)
                {
                    let mut only = draft.clone();
                    for f in 0..only.clues.len() {
                        if !clues.contains(&Face(f as u32)) {
                            only.clues[f] = None;
                        }
                    }
                    assert_eq!(count(&only, None), Some(0), "{}", fixture.made_by);
                    for &f in &clues {
                        let mut less = only.clone();
                        less.clues[f.0 as usize] = None;
                        assert!(
                            count(&less, None).unwrap() > 0,
                            "{}: {f:?} needed",
                            fixture.made_by
                        );
                    }
                    if let Change::To(face, value) = change {
                        let mut fixed = draft.clone();
                        fixed.clues[face.0 as usize] = Some(value);
                        assert_eq!(count(&fixed, None), Some(1));
                    }
                    clashes += 1;
                }
            }
            // Three clues gone.
            let mut sparse = puzzle.clone();
            let clued: Vec<usize> = (0..sparse.clues.len())
                .filter(|&f| sparse.clues[f].is_some())
                .collect();
            for &f in clued.iter().step_by(clued.len() / 3 + 1) {
                sparse.clues[f] = None;
            }
            if let (
                Verdict::Multiple,
                Some(Finding::Regions {
                    regions, addition, ..
                }),
            ) = check(&sparse, false, None)
            {
                assert!(!regions.is_empty());
                if let Some((face, value)) = addition {
                    let mut fixed = sparse.clone();
                    fixed.clues[face.0 as usize] = Some(value);
                    assert_eq!(count(&fixed, None), Some(1));
                }
                several += 1;
            }
        }
        (clashes, several)
    }

    #[test]
    fn clashes_and_regions_on_some_of_loopy_s_puzzles() {
        let (clashes, several) = clashes_and_regions("7x7", 8);
        assert!(
            clashes >= 10 && several >= 10,
            "{clashes} clashes, {several} several"
        );
    }

    /// Every puzzle: a minute in a release build, so with the long sweeps.
    #[test]
    #[ignore]
    fn clashes_and_regions_on_all_of_loopy_s_puzzles() {
        let (clashes, several) = clashes_and_regions("", 1);
        assert!(
            clashes >= 150 && several >= 150,
            "{clashes} clashes, {several} several"
        );
    }
}
