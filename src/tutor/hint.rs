//! `--hint`: for a board the user has begun (a puzzle with a partial answer),
//! the first mistake, or else the next step, in the statement's terms.
//!
//! The first line says which, for puzzle K:
//!
//! ```text
//! K mistake (r,c)-(r,c) line|cross     an edge set that no answer has
//! K step [TAG] (r,c)-(r,c) line|cross, …  the next deduction and what it sets
//! K solved                             the lines are an answer
//! K no answer                          no loop has the edges set (or none at all)
//! ```
//!
//! then the detail: for a mistake, the chain that refutes it and the board
//! around it; for a step, the `--explain` line of the rule, the refutation of
//! the other value for a trial, and the board around it before and after.
//!
//! With nothing drawn, a step of the rules is given without solving the
//! puzzle. With edges drawn, a search from them comes first: an answer that
//! has them all shows there is no mistake. Only when there is none is the
//! puzzle solved: a mistake is judged against its one answer; with several,
//! each edge is tried alone, in reading order, and when each is in some
//! answer, the first edge the rules refute with the edges before it is
//! named (a slip such as three lines at a dot). A puzzle with no answer is
//! shown where it breaks, and with the clues that cannot all hold; a step
//! on a puzzle with several answers names the first region where two of
//! them differ; both as `--check` names them ([`crate::setter`]).

use std::time::Instant;

use crate::check::slink::verify;
use crate::engine::rules::pairing::{facts_deciding, Fact};
use crate::engine::solve::{solve_with, Settings};
use crate::engine::Decision;
use crate::setter::conflict::minimal_conflict;
use crate::setter::differ::two_and_regions;
use crate::setter::text::{cannot_hold, region_text};
use crate::slink::answer::{Outcome, Solution};
use crate::slink::board::EdgeState;
use crate::slink::grid::{Edge, Grid};
use crate::slink::parse::Puzzle;
use crate::slink::reason::Locus;
use crate::slink::render::{write_picture, Marks};
use crate::slink::rules::book::Rule;
use crate::tutor::breaks::refutation_text;
use crate::tutor::names::{article, edge_name, locus_name, state_name, steps_text};
use crate::tutor::{
    board_with, find_trial, propagate, reading_order, refute, refute_board, Tier, PROPAGATING,
};

/// The hint for puzzle `number`, its board `given` (every edge `Unknown` for
/// a bare puzzle), and whether it is a hint (a step, or solved) rather than a
/// mistake or no answer. The searches give up at `deadline`.
pub(crate) fn hint(
    number: usize,
    puzzle: &Puzzle,
    given: &[EdgeState],
    deadline: Option<Instant>,
) -> (String, bool) {
    let grid = puzzle.grid();
    let lines: Vec<EdgeState> = given
        .iter()
        .map(|&s| match s {
            EdgeState::Line => EdgeState::Line,
            _ => EdgeState::Cross,
        })
        .collect();
    if verify(&puzzle.clues, &Solution::from_states(grid, lines).drawing()).is_ok() {
        return (format!("{number} solved\n"), true);
    }
    // Nothing drawn, nothing to check: a step of the rules needs no answer,
    // and a solve of a large loose puzzle takes seconds.
    if given.iter().all(|&s| s == EdgeState::Unknown) {
        match rule_step(number, puzzle, given) {
            Ok(Some(text)) => return (text, true),
            Ok(None) => {}
            Err(()) => return (no_answer(number, puzzle, deadline), false),
        }
    }
    // Something drawn: an answer that has every edge drawn shows there is no
    // mistake, and is found from the drawing, with no proof that the puzzle
    // itself has one answer. Only when there is none is the puzzle solved.
    else {
        let settings = Settings {
            deadline,
            given: Some(given),
            ..Settings::default()
        };
        match solve_with(puzzle, settings).outcome {
            Outcome::Unique(answer) => return (step(number, puzzle, given, &answer), true),
            Outcome::Multiple(answer) => {
                let mut text = step(number, puzzle, given, &answer);
                text.push_str("(more than one answer has the edges set)\n");
                return (text, true);
            }
            Outcome::Undecided(_) => return undecided(number),
            Outcome::NoSolution => {}
        }
    }
    let settings = Settings {
        deadline,
        ..Settings::default()
    };
    let outcome = solve_with(puzzle, settings).outcome;
    let several = matches!(outcome, Outcome::Multiple(_));
    let answer = match outcome {
        Outcome::Unique(answer) => answer,
        Outcome::Multiple(answer) => {
            if given.iter().any(|&s| s != EdgeState::Unknown) {
                return mistake_among_several(number, puzzle, given, deadline);
            }
            answer
        }
        Outcome::NoSolution => return (no_answer(number, puzzle, deadline), false),
        Outcome::Undecided(_) => return undecided(number),
    };
    let order = reading_order(&grid);
    let wrong = order.iter().copied().find(|&e| {
        let s = given[e.0 as usize];
        s != EdgeState::Unknown && s != answer.states()[e.0 as usize]
    });
    if let Some(edge) = wrong {
        let mut right = given.to_vec();
        for (r, a) in right.iter_mut().zip(answer.states()) {
            if *r != *a {
                *r = EdgeState::Unknown;
            }
        }
        let count = order
            .iter()
            .filter(|e| {
                given[e.0 as usize] != EdgeState::Unknown
                    && right[e.0 as usize] == EdgeState::Unknown
            })
            .count();
        return (mistake(number, puzzle, given, &right, edge, count), false);
    }
    let mut text = step(number, puzzle, given, &answer);
    if several {
        text.push_str(&several_text(puzzle, &answer, deadline));
    }
    (text, true)
}

/// That the puzzle has several answers, and the first region where two
/// differ, as `--check` names it.
fn several_text(puzzle: &Puzzle, answer: &Solution, deadline: Option<Instant>) -> String {
    match two_and_regions(puzzle, Some(answer), deadline) {
        Some((_, _, regions)) if !regions.is_empty() => format!(
            "(the puzzle has more than one answer: two differ first at {})\n",
            region_text(&puzzle.grid(), &regions[0])
        ),
        _ => "(the puzzle has more than one answer)\n".to_string(),
    }
}

/// An answer that has every edge of `given`, if the search finds one.
fn solve_given(
    puzzle: &Puzzle,
    given: &[EdgeState],
    deadline: Option<Instant>,
) -> Option<Solution> {
    let report = solve_with(
        puzzle,
        Settings {
            deadline,
            given: Some(given),
            ..Settings::default()
        },
    );
    match report.outcome {
        Outcome::Unique(s) | Outcome::Multiple(s) => Some(s),
        _ => None,
    }
}

/// With several answers and none that has every edge set: the first edge, in
/// reading order, that no answer has, or `no answer` when each is in some.
fn mistake_among_several(
    number: usize,
    puzzle: &Puzzle,
    given: &[EdgeState],
    deadline: Option<Instant>,
) -> (String, bool) {
    let grid = puzzle.grid();
    let unknown = vec![EdgeState::Unknown; given.len()];
    for e in reading_order(&grid) {
        let state = given[e.0 as usize];
        if state == EdgeState::Unknown {
            continue;
        }
        let mut alone = unknown.clone();
        alone[e.0 as usize] = state;
        if solve_given(puzzle, &alone, deadline).is_none() {
            return (mistake(number, puzzle, given, &unknown, e, 1), false);
        }
    }
    // Each edge is in some answer: the slip is among them, and when the
    // rules show it (three lines at a dot, a clue exceeded), it is named as
    // a mistake is, at the first edge in reading order that the rules
    // cannot take with the edges before it.
    if let Some((edge, before)) = first_breaking(puzzle, given) {
        return (mistake(number, puzzle, given, &before, edge, 0), false);
    }
    let text = format!(
        "{number} no answer\nno answer from here: each edge set is in some answer, but no answer has them all\n"
    );
    (text, false)
}

/// Whether the rules show that no answer has the edges `assumed`: they
/// break the board, or decide every edge with no loop.
fn rules_refute(puzzle: &Puzzle, assumed: &[EdgeState]) -> bool {
    let r = refute_board(puzzle, assumed);
    r.at_once || r.failure.is_some() || r.no_loop.is_some()
}

/// The first edge set, in reading order, that the rules refute with the
/// edges set before it (and those edges), if the rules refute them all.
/// The first is found by halving: a board the rules refute stays refuted
/// when edges are added.
fn first_breaking(puzzle: &Puzzle, given: &[EdgeState]) -> Option<(Edge, Vec<EdgeState>)> {
    let set: Vec<Edge> = reading_order(&puzzle.grid())
        .into_iter()
        .filter(|e| given[e.0 as usize] != EdgeState::Unknown)
        .collect();
    let prefix = |k: usize| {
        let mut states = vec![EdgeState::Unknown; given.len()];
        for e in &set[..k] {
            states[e.0 as usize] = given[e.0 as usize];
        }
        states
    };
    if set.is_empty() || !rules_refute(puzzle, given) {
        return None;
    }
    // The first `k` edges are refuted, the first `lo` not.
    let (mut lo, mut hi) = (0, set.len());
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        match rules_refute(puzzle, &prefix(mid)) {
            true => hi = mid,
            false => lo = mid,
        }
    }
    Some((set[hi - 1], prefix(hi - 1)))
}

/// The text of a mistake at `edge`, refuted with the right edges `right`;
/// `count` edges set are wrong in all (0: each edge set is in some answer,
/// and `right` are the edges set before this one, with which it is in none).
fn mistake(
    number: usize,
    puzzle: &Puzzle,
    given: &[EdgeState],
    right: &[EdgeState],
    edge: Edge,
    count: usize,
) -> String {
    let grid = puzzle.grid();
    let state = given[edge.0 as usize];
    let name = edge_name(&grid, edge);
    let mut text = format!("{number} mistake {name} {}\n", state_name(state));
    if count > 1 {
        text.push_str(&format!(
            "{count} edges set are wrong; the first, in reading order:\n"
        ));
    }
    let none = match count {
        0 => "with the edges set before it in reading order, no answer has it",
        _ => "no answer has it",
    };
    text.push_str(&format!("{name} is {} here; {none}.\n", article(state)));
    let refutation = refute(puzzle, right, edge, state);
    let lead = format!("with {name} {},", article(state));
    text.push_str(&refutation_text(
        &grid,
        &refutation,
        &lead,
        "the search finds no loop with it",
    ));
    let (picture, place) = window(&grid, &puzzle.clues, given, &[edge]);
    text.push_str(&format!("{place}:\n"));
    for line in picture {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The first step of the cheapest propagating tier that has one, found
/// with no answer: `Ok(None)` when none decides anything, `Err` when a
/// tier breaks the board, or decides every edge with no answer.
fn rule_step(number: usize, puzzle: &Puzzle, given: &[EdgeState]) -> Result<Option<String>, ()> {
    for tier in PROPAGATING {
        let mut board = board_with(puzzle, given).ok_or(())?;
        let run = propagate(&mut board, tier);
        let answer = board.closed() && board.unmet() == 0;
        if run.failure.is_some() || (board.unknown_count() == 0 && !answer) {
            return Err(());
        }
        if let Some(first) = run.decisions.first() {
            let applied: Vec<Decision> = run
                .decisions
                .iter()
                .take_while(|d| d.why == first.why)
                .copied()
                .collect();
            let detail = (tier == Tier::Pairs).then(|| pairs_detail(puzzle, given, first));
            return Ok(Some(step_text(
                number, puzzle, given, &applied, None, detail,
            )));
        }
    }
    Ok(None)
}

/// A puzzle with no answer, and where it breaks: the cheapest tier that
/// breaks it, with the steps it needs and the board around the break.
fn no_answer(number: usize, puzzle: &Puzzle, deadline: Option<Instant>) -> String {
    let grid = puzzle.grid();
    let start = vec![EdgeState::Unknown; grid.edge_count()];
    let refutation = refute_board(puzzle, &start);
    let mut text = format!("{number} no answer\n");
    text.push_str(&refutation_text(
        &grid,
        &refutation,
        "the puzzle itself has no answer:",
        "every branch of the search fails",
    ));
    if let Some(failure) = refutation.failure {
        if (failure.edge.0 as usize) < grid.edge_count() {
            // The step that could not be made is not drawn.
            let chain = match refutation.chain.split_last() {
                Some((last, before)) if last.edge == failure.edge => before,
                _ => &refutation.chain[..],
            };
            let mut states = start;
            for d in chain {
                states[d.edge.0 as usize] = d.state;
            }
            let (picture, place) = window(&grid, &puzzle.clues, &states, &[failure.edge]);
            text.push_str(&format!("{place}, the steps above drawn:\n"));
            for line in picture {
                text.push_str(&line);
                text.push('\n');
            }
        }
    }
    // The clues to look at, as `--check` names them.
    if let Some((clues, minimal)) = minimal_conflict(puzzle, deadline) {
        let shrunk = match (minimal, clues.len()) {
            (true, 1) => "blank it and an answer comes back",
            (true, _) => "drop any one and an answer comes back",
            (false, _) => "out of time: some of them may not be needed",
        };
        let said = cannot_hold(puzzle, &clues);
        text.push_str(&format!("the {said} ({shrunk})\n"));
    }
    text
}

fn undecided(number: usize) -> (String, bool) {
    (
        format!("{number} undecided\nno answer found in the time given\n"),
        false,
    )
}

/// The next step from a board with no mistake, whose answer (or one of them)
/// is `answer`.
fn step(number: usize, puzzle: &Puzzle, given: &[EdgeState], answer: &Solution) -> String {
    let grid = puzzle.grid();
    // A board with an answer never breaks.
    if let Ok(Some(text)) = rule_step(number, puzzle, given) {
        return text;
    }
    // Trials, then the search's step; the board is as given after them.
    let order = reading_order(&grid);
    let mut board = board_with(puzzle, given);
    if let Some(board) = board.as_mut() {
        if let Some((edge, fails, _)) = find_trial(board, &order, 0) {
            let decision = Decision {
                edge,
                state: fails.opposite(),
                why: crate::slink::reason::Why::board(Rule::Trial),
                depth: 0,
            };
            let refutation = refute(puzzle, given, edge, fails);
            let lead = format!("with {} {},", edge_name(&grid, edge), article(fails));
            let detail = refutation_text(
                &grid,
                &refutation,
                &lead,
                "the search finds no loop with it",
            );
            return step_text(number, puzzle, given, &[decision], None, Some(detail));
        }
    }
    // Nothing short of search: the answer's value of the first open edge
    // beside a line or an unmet clue, or else of the first open edge. (One is
    // open: a board with every edge of the answer is solved.)
    let open = |e: &Edge| given[e.0 as usize] == EdgeState::Unknown;
    let beside = |e: &Edge| {
        board
            .as_ref()
            .is_some_and(|b| crate::slink::search::frontier(b, *e))
    };
    let edge = match order.iter().copied().find(|e| open(e) && beside(e)) {
        Some(edge) => edge,
        None => order.iter().copied().find(open).unwrap_or(Edge(0)),
    };
    let state = answer.states()[edge.0 as usize];
    let decision = Decision {
        edge,
        state,
        why: crate::slink::reason::Why::board(Rule::Guess),
        depth: 0,
    };
    let detail = "no rule and no one-edge trial decides an edge here; the answer found by search has this one\n".to_string();
    step_text(
        number,
        puzzle,
        given,
        &[decision],
        Some("search"),
        Some(detail),
    )
}

/// What a step of the pair rules rested on, in a solver's words: the facts
/// about pairs of edges at its dot or clue, then what they decide.
fn pairs_detail(puzzle: &Puzzle, given: &[EdgeState], step: &Decision) -> String {
    let grid = puzzle.grid();
    let name = |e: Edge| edge_name(&grid, e);
    let facts = board_with(puzzle, given).and_then(|mut board| {
        board.tell_cause(step.why);
        facts_deciding(&mut board, step.edge)
    });
    let words: Vec<String> = facts
        .unwrap_or_default()
        .into_iter()
        .map(|fact| match fact {
            Fact::AtMostOne(a, b) => {
                format!("of {} and {}, at most one is a line", name(a), name(b))
            }
            Fact::AtLeastOne(a, b) => {
                format!("of {} and {}, at least one is a line", name(a), name(b))
            }
            Fact::ExactlyOne(a, b) => {
                format!("of {} and {}, exactly one is a line", name(a), name(b))
            }
            Fact::Equal(a, b) => {
                format!("{} and {} are both lines or both crosses", name(a), name(b))
            }
            Fact::Opposite(a, b) => {
                format!("{} and {} are one line and one cross", name(a), name(b))
            }
            Fact::Decided(e) => format!(
                "{} is decided with the edges proved equal or opposite to it",
                name(e)
            ),
        })
        .collect();
    // What the dot or clue itself says: a clue's number, a dot's none or two.
    let own = match step.why.at {
        Locus::Cell(cell) => {
            puzzle.clues[cell.0 as usize].map_or(String::new(), |n| format!(", a {n}"))
        }
        Locus::Vertex(_) => ", which has no line or two".to_string(),
        Locus::Board => String::new(),
    };
    let at = locus_name(&grid, step.why.at)
        .map_or("on the board".to_string(), |name| format!("at {name}{own}"));
    let known = match words.is_empty() {
        true => "its count alone".to_string(),
        false => words.join("; "),
    };
    format!(
        "{at}: {known}; so {} is a {}\n",
        name(step.edge),
        state_name(step.state)
    )
}

/// A step's text: the first line (tagged as its rule is, unless `tag` says
/// otherwise), the rule's line, the detail, and the board around it before
/// and after.
fn step_text(
    number: usize,
    puzzle: &Puzzle,
    given: &[EdgeState],
    applied: &[Decision],
    tag: Option<&str>,
    detail: Option<String>,
) -> String {
    let grid = puzzle.grid();
    let first = applied[0];
    let sets: Vec<String> = applied
        .iter()
        .map(|d| format!("{} {}", edge_name(&grid, d.edge), state_name(d.state)))
        .collect();
    let tier = first.why.reason.tier();
    let tag = tag.map_or_else(|| first.why.reason.tag(), str::to_string);
    let mut text = format!("{number} step [{tag}] {}\n", sets.join(", "));
    if tier != Tier::Search {
        text.push_str(&steps_text(&grid, applied, ""));
    }
    if let Some(detail) = detail {
        text.push_str(&detail);
    }
    let mut after = given.to_vec();
    for d in applied {
        after[d.edge.0 as usize] = d.state;
    }
    let edges: Vec<Edge> = applied.iter().map(|d| d.edge).collect();
    let (before, place) = window(&grid, &puzzle.clues, given, &edges);
    let (after, _) = window(&grid, &puzzle.clues, &after, &edges);
    let width = before[0].len();
    text.push_str(&format!("{place}:\n"));
    text.push_str(&format!("{:width$}    after:\n", "before:"));
    for (b, a) in before.iter().zip(&after) {
        text.push_str(&format!("{b}    {a}\n"));
    }
    text
}

/// The most cells a window shows across or down.
const WINDOW: u32 = 8;

/// The judge's picture of the cells around `edges` (one cell beyond the
/// cells they touch, at most [`WINDOW`] each way), crosses drawn as `x`, line
/// by line, and which cells it shows.
fn window(
    grid: &Grid,
    clues: &[Option<u8>],
    states: &[EdgeState],
    edges: &[Edge],
) -> (Vec<String>, String) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let (mut top, mut bottom, mut left, mut right) = (u32::MAX, 0, u32::MAX, 0);
    for &e in edges {
        let (horizontal, r, c) = grid.edge_pos(e);
        // The cells on either side of the edge.
        let (r0, r1, c0, c1) = if horizontal {
            (r.saturating_sub(1), r.min(rows - 1), c, c)
        } else {
            (r, r, c.saturating_sub(1), c.min(cols - 1))
        };
        top = top.min(r0);
        bottom = bottom.max(r1);
        left = left.min(c0);
        right = right.max(c1);
    }
    let top = top.saturating_sub(1);
    let left = left.saturating_sub(1);
    let bottom = (bottom + 1).min(rows - 1).min(top + WINDOW - 1);
    let right = (right + 1).min(cols - 1).min(left + WINDOW - 1);
    let (h, w) = (bottom - top + 1, right - left + 1);
    let sub = Grid::new(h, w);
    let mut sub_states = vec![EdgeState::Unknown; sub.edge_count()];
    for r in 0..=h {
        for c in 0..w {
            sub_states[sub.horizontal(r, c).0 as usize] =
                states[grid.horizontal(top + r, left + c).0 as usize];
        }
    }
    for r in 0..h {
        for c in 0..=w {
            sub_states[sub.vertical(r, c).0 as usize] =
                states[grid.vertical(top + r, left + c).0 as usize];
        }
    }
    let sub_clues: Vec<Option<u8>> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .map(|(r, c)| clues[(top + r) as usize * cols as usize + (left + c) as usize])
        .collect();
    let mut bytes = Vec::new();
    // Writing to memory cannot fail.
    let _ = write_picture(&mut bytes, &sub, &sub_clues, &sub_states, Marks::Crosses);
    let lines = String::from_utf8_lossy(&bytes)
        .lines()
        .map(str::to_string)
        .collect();
    let place = format!("the board around it, cells ({top},{left}) to ({bottom},{right})");
    (lines, place)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Log;
    use crate::generate::blob as planted;
    use crate::shared::restarts::SplitMix;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// The decisions of a solve before its first guess: the trace
    /// `--explain` prints, as far as it is made of deductions.
    struct Trace(Rc<RefCell<Vec<Decision>>>);

    impl Log for Trace {
        fn decided(&mut self, d: &Decision) {
            self.0.borrow_mut().push(*d);
        }
        fn stalled(&mut self, _: &crate::slink::board::Board) {}
        fn restarted(&mut self, _: &str) {}
    }

    /// The edges a hint's first line names, with their states.
    fn named(grid: &Grid, line: &str) -> Vec<(Edge, EdgeState)> {
        let rest = &line[line.find(']').unwrap() + 2..];
        rest.split(", ")
            .map(|step| {
                let (name, state) = step.split_once(' ').unwrap();
                let n: Vec<u32> = name
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().unwrap())
                    .collect();
                let edge = if n[0] == n[2] {
                    grid.horizontal(n[0], n[1].min(n[3]))
                } else {
                    grid.vertical(n[0].min(n[2]), n[1])
                };
                let state = if state == "line" {
                    EdgeState::Line
                } else {
                    EdgeState::Cross
                };
                (edge, state)
            })
            .collect()
    }

    /// From any prefix of a planted puzzle's trace the hint is a step that the
    /// answer agrees with; with one wrong edge added it is exactly that edge.
    #[test]
    fn hints_follow_the_answer_and_find_a_planted_mistake() {
        let mut rng = SplitMix(17);
        let (mut steps, mut mistakes) = (0, 0);
        let mut tags: std::collections::BTreeMap<String, u32> = Default::default();
        // First a puzzle only search finishes (trials with the sweep
        // decide most of the planted ones).
        let mut searched = Some(crate::engine::solve::searched_puzzle());
        while steps < 300 {
            let (puzzle, planted) = match searched.take() {
                Some(puzzle) => match crate::engine::solve::solve(&puzzle).outcome {
                    Outcome::Unique(answer) => (puzzle, answer),
                    _ => panic!("the level-6 puzzle has one answer"),
                },
                None => {
                    let (rows, cols) = (4 + rng.below(6) as u32, 4 + rng.below(6) as u32);
                    let (mut puzzle, planted) = planted(&mut rng, rows, cols);
                    for clue in puzzle.clues.iter_mut() {
                        if rng.below(100) < 65 {
                            *clue = None;
                        }
                    }
                    (puzzle, planted)
                }
            };
            let trace = Rc::new(RefCell::new(Vec::new()));
            let settings = Settings {
                log: Some(Box::new(Trace(Rc::clone(&trace)))),
                ..Settings::default()
            };
            if solve_with(&puzzle, settings).outcome != Outcome::Unique(planted.clone()) {
                continue;
            }
            let trace = trace.borrow();
            let deductions: Vec<&Decision> = trace
                .iter()
                .take_while(|d| d.depth == 0 && d.why.reason.tier() != Tier::Search)
                .collect();
            let grid = puzzle.grid();
            // The start, where the statement's cases stop, and where all
            // deductions stop (so the tiers above are met too).
            let stall = deductions
                .iter()
                .position(|d| d.why.reason.tier() != Tier::Statement)
                .unwrap_or(deductions.len());
            for k in [0, stall, deductions.len()] {
                let mut given = vec![EdgeState::Unknown; grid.edge_count()];
                for d in &deductions[..k] {
                    given[d.edge.0 as usize] = d.state;
                }
                let (text, ok) = hint(1, &puzzle, &given, None);
                let first = text.lines().next().unwrap();
                // The prefix may already hold the whole loop.
                let solved = first == "1 solved";
                assert!(ok && (solved || first.starts_with("1 step [")), "{first}");
                let named = if solved {
                    Vec::new()
                } else {
                    named(&grid, first)
                };
                let tag = first.split(['[', ']']).nth(1).unwrap_or("solved");
                let kind = tag.split(' ').next().unwrap_or_default().to_string();
                *tags.entry(kind).or_insert(0) += 1;
                for (edge, state) in named {
                    assert_eq!(given[edge.0 as usize], EdgeState::Unknown, "{text}");
                    assert_eq!(planted.states()[edge.0 as usize], state, "{text}");
                }
                steps += 1;
                // One wrong edge, anywhere.
                let wrong = Edge(rng.below(grid.edge_count() as u64) as u32);
                let state = planted.states()[wrong.0 as usize].opposite();
                given[wrong.0 as usize] = state;
                let (text, ok) = hint(1, &puzzle, &given, None);
                let expected = format!(
                    "1 mistake {} {}",
                    edge_name(&grid, wrong),
                    state_name(state)
                );
                assert!(!ok && text.starts_with(&format!("{expected}\n")), "{text}");
                mistakes += 1;
            }
        }
        assert!(mistakes >= 300);
        // Every kind of step was met: rules, trials and the search's.
        let kinds: Vec<&str> = tags.keys().map(String::as_str).collect();
        assert_eq!(
            kinds,
            ["case", "loop", "pairs", "parity", "search", "sides", "solved", "trial"],
            "{tags:?}"
        );
    }
}
