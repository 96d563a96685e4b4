//! `--explain` and `--hint` on Loopy's other grids, in the words of Loopy's
//! own solver ([`crate::graph::ladder`], its steps logged and worded by
//! [`crate::graph::steps`]).
//!
//! `--explain` runs Loopy's solver at Hard, as solving does, and writes
//! each step that set edges, one a line, then where it ended: solved by
//! deduction, stopped (the rest by search), broken (no answer, and the
//! contradiction), or closed on a guess (the search starts again); then a
//! summary like the square's:
//!
//! ```text
//! puzzle 1 (Loopy's honeycomb grid, 7×7)
//! [clue] clue met at face 3 at (90,52), a 0: (75,26)-(105,26) cross, …
//! [dot] dot with one edge left at dot (0,26): (0,26)-(15,52) cross
//!   because (0,26)-(15,0) cross
//! …
//! solved by deduction: Loopy's solver at Hard finishes it in 97 steps …
//! summary: 30 by clue (clue met), …; 0 guesses; unique
//! ```
//!
//! `--hint` on a bare game ID (nothing is drawn on one) gives the first
//! step of the lowest of Loopy's levels that decides an edge, in
//! `--explain`'s words, and the level it needs; `K no answer` when that
//! level's run breaks, with the steps the contradiction rests on; and when
//! no level decides an edge, the search's answer's value of one edge, as
//! the square's `[search]` step.

use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

use crate::graph::ladder::{logged, LoopyLevel, Status};
use crate::graph::puzzle::GraphPuzzle;
use crate::graph::solve::{search_counted, GraphOutcome};
use crate::graph::steps::{Broke, Names, Step, Technique};
use crate::graph::Edge;
use crate::slink::board::EdgeState;

/// Solves puzzle `number` as solving does, and gives its `--explain`
/// trace with the outcome.
pub(crate) fn explain(
    number: usize,
    puzzle: &GraphPuzzle,
    deadline: Option<Instant>,
) -> (GraphOutcome, String) {
    let names = Names::new(&puzzle.graph, &puzzle.clues);
    let layout = &puzzle.layout;
    let mut text = format!(
        "puzzle {number} (Loopy's {} grid, {}×{})\n",
        layout.kind.name, layout.width, layout.height
    );
    let run = logged(puzzle, LoopyLevel::Hard);
    let shown: Vec<&Step> = run.log.steps.iter().filter(|s| !s.set.is_empty()).collect();
    for step in &shown {
        text.push_str(&names.step(step, ""));
    }
    let learnt: usize = run.log.steps.iter().map(|s| s.learnt.len()).sum();
    // The hardest deduction, of every step (one that only learnt facts,
    // such as Tricky's, is not shown but counts).
    let hardest = run
        .log
        .steps
        .iter()
        .map(|s| LoopyLevel::of(s.technique))
        .max();
    let facts = match (learnt, hardest) {
        (0, Some(level)) => format!(" (the hardest of them {}'s)", level.name()),
        (_, Some(level)) => format!(
            " (and learns {learnt} facts about pairs of edges and their classes; the hardest deduction {}'s)",
            level.name()
        ),
        (_, None) => String::new(),
    };
    let count = shown.len();
    let edges = puzzle.graph.edge_count();
    let undecided = run
        .states
        .iter()
        .filter(|&&s| s == EdgeState::Unknown)
        .count();
    let (outcome, guesses) = match run.status {
        Status::Solved => {
            let left = match edges - decided_by(&shown) {
                0 => String::new(),
                1 => ", so the one edge left is a cross".to_string(),
                crossed => format!(", so the {crossed} edges left are crosses"),
            };
            text.push_str(&format!(
                "solved by deduction: Loopy's solver at Hard finishes it in {count} steps{facts}; the loop is closed and meets every clue{left}\n"
            ));
            (GraphOutcome::Unique(run.states), 0)
        }
        Status::Mistake => {
            text.push_str(&format!(
                "no answer: Loopy's solver at Hard breaks the board after {count} steps{facts}:\n"
            ));
            if let Some(broke) = &run.log.broke {
                text.push_str(&names.broke(broke, "  "));
            }
            (GraphOutcome::NoSolution, 0)
        }
        Status::Stuck => {
            text.push_str(&format!(
                "Loopy's solver at Hard stops after {count} steps{facts}, {undecided} of {edges} edges undecided; the rest by search\n"
            ));
            let (outcome, guesses) = search_counted(puzzle, &run.states, deadline);
            text.push_str(&search_words(&outcome, guesses));
            (outcome, guesses)
        }
        Status::Ambiguous => {
            text.push_str(&format!(
                "Loopy's solver at Hard closes the loop on a guess after {count} steps{facts}, which does not show it is the only answer (Loopy calls it ambiguous); the search starts again from nothing\n"
            ));
            let unknown = vec![EdgeState::Unknown; edges];
            let (outcome, guesses) = search_counted(puzzle, &unknown, deadline);
            text.push_str(&search_words(&outcome, guesses));
            (outcome, guesses)
        }
    };
    text.push_str(&summary(&shown, guesses, &outcome));
    (outcome, text)
}

/// How many edges the steps set.
fn decided_by(steps: &[&Step]) -> usize {
    steps.iter().map(|s| s.set.len()).sum()
}

/// What the search found, in a line.
fn search_words(outcome: &GraphOutcome, guesses: usize) -> String {
    let found = match outcome {
        GraphOutcome::Unique(_) => "finds one answer, and proves it the only one",
        GraphOutcome::Multiple(_) => "finds two answers",
        GraphOutcome::NoSolution => "finds no answer: every branch fails",
        GraphOutcome::Undecided(_) => "gives up at the time limit",
    };
    format!("the search {found} ({guesses} guesses)\n")
}

/// `summary: N by TAG (NAME), …; G guesses; unique|multiple|none|undecided`.
fn summary(steps: &[&Step], guesses: usize, outcome: &GraphOutcome) -> String {
    let mut by: BTreeMap<Technique, usize> = BTreeMap::new();
    for step in steps {
        *by.entry(step.technique).or_default() += 1;
    }
    let counts: Vec<String> = by
        .iter()
        .map(|(t, n)| format!("{n} by {} ({})", t.tag(), t.name()))
        .collect();
    let counts = match counts.is_empty() {
        true => "no decisions".to_string(),
        false => counts.join(", "),
    };
    let outcome = match outcome {
        GraphOutcome::Unique(_) => "unique",
        GraphOutcome::Multiple(_) => "multiple",
        GraphOutcome::NoSolution => "none",
        GraphOutcome::Undecided(_) => "undecided",
    };
    format!("summary: {counts}; {guesses} guesses; {outcome}\n")
}

/// The hint for puzzle `number` (nothing drawn), and whether it is one (a
/// step) rather than no answer, or undecided at `deadline`.
pub(crate) fn hint(
    number: usize,
    puzzle: &GraphPuzzle,
    deadline: Option<Instant>,
) -> (String, bool) {
    let names = Names::new(&puzzle.graph, &puzzle.clues);
    for level in LoopyLevel::ALL {
        let run = logged(puzzle, level);
        if let (Status::Mistake, Some(broke)) = (run.status, &run.log.broke) {
            let mut text = format!(
                "{number} no answer\nthe puzzle itself has no answer: Loopy's solver at {} breaks the board:\n",
                level.name()
            );
            for step in needed(&run.log.steps, broke) {
                text.push_str(&names.step(step, "  "));
            }
            text.push_str(&names.broke(broke, "  "));
            return (text, false);
        }
        // A loop closed on a guess is no deduction: it comes last, and a
        // level whose first step it is has none.
        let first = run.log.steps.iter().find(|s| !s.set.is_empty());
        if let Some(step) = first.filter(|s| s.technique != Technique::LoopGuess) {
            let text = format!(
                "{number} step [{}] {}\n{}needs Loopy's {}\n",
                step.technique.tag(),
                names.set(&step.set),
                names.step(step, ""),
                level.name()
            );
            return (text, true);
        }
    }
    let unknown = vec![EdgeState::Unknown; puzzle.graph.edge_count()];
    let (answer, several) = match search_counted(puzzle, &unknown, deadline).0 {
        GraphOutcome::Unique(answer) => (answer, false),
        GraphOutcome::Multiple(answer) => (answer, true),
        GraphOutcome::NoSolution => {
            let text = format!(
                "{number} no answer\nthe puzzle itself has no answer: Loopy's solver decides no edge, and every branch of the search fails\n"
            );
            return (text, false);
        }
        GraphOutcome::Undecided(_) => {
            let text = format!("{number} undecided\nno answer found in the time given\n");
            return (text, false);
        }
    };
    // The first side of a clued face (or else the first edge): where a
    // player would start.
    let graph = &puzzle.graph;
    let clued = graph
        .faces()
        .find(|f| puzzle.clues.get(f.0 as usize).copied().flatten().is_some());
    let edge = clued.map_or(Edge(0), |f| graph.sides(f)[0]);
    let state = answer[edge.0 as usize];
    let mut text = format!(
        "{number} step [search] {}\nno deduction of Loopy's solver decides an edge here, at any level; the answer found by search has this one\n",
        names.decided(edge, state)
    );
    if several {
        text.push_str("(the puzzle has more than one answer)\n");
    }
    (text, true)
}

/// The steps a contradiction rests on: walking back from it, each step
/// that set an edge needed, and then the edges it rests on.
fn needed<'s>(steps: &'s [Step], broke: &Broke) -> Vec<&'s Step> {
    let mut wanted: HashSet<Edge> = broke.because.iter().map(|&(e, _)| e).collect();
    let mut kept = Vec::new();
    for step in steps.iter().rev() {
        if step.set.iter().any(|(e, _)| wanted.contains(e)) {
            wanted.extend(step.because.iter().map(|&(e, _)| e));
            kept.push(step);
        }
    }
    kept.reverse();
    kept
}
