//! `--explain`: the trace of a solve in the statement's own terms, written to
//! stderr while stdout stays the judge's answer.
//!
//! ```text
//! puzzle 1 (2×2)
//! [case 2-3] clue needs every edge left at cell (0,0): (0,0)-(0,1) line, …
//!   [guess] (1,0)-(1,1) line                 (indented by search depth)
//! summary: 8 by case 2-3, 4 by case 4-5; 0 guesses; unique
//! ```
//!
//! One line per rule application (consecutive decisions with the same reason and
//! place), each edge named by its two dots `(row,column)` and marked `line` or
//! `cross`. Under a step whose reason is narrowed
//! ([`crate::engine::reasons`]: the rules of a dot, a clue or two clues,
//! the loop rules, connectivity and inside/outside), a `because` line
//! names the edges decided before it that force it, the first
//! [`BECAUSE_SHOWN`] of them; the other steps rest on the whole board so
//! far, which is not repeated. Where
//! the statement's cases alone stall, and at the end, the board is drawn in
//! the judge's frame with crosses as `x` and undecided edges blank.
//! When a search run gives up for its budget, a `[restart]` line says so and the
//! next run's steps follow from the beginning; the summary counts the run that
//! finished. The trace is written as the solve goes, never held whole.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, BufWriter, Stderr, Write};
use std::rc::Rc;

use crate::engine::answer::Report;
use crate::engine::reasons::{Because, Reasons};
use crate::engine::solve::{solve_with, Settings};
use crate::engine::EngineBoard;
use crate::engine::Failure;
use crate::engine::{Decision, Log};
use crate::slink::answer::Outcome;
use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Edge, Grid};
use crate::slink::parse::Puzzle;
use crate::slink::reason::Reason;
use crate::slink::render::{write_picture, Marks};
use crate::slink::rules::book::{Rule, Tier};
use crate::tutor::breaks::{contradiction, refutation_text};
pub(crate) use crate::tutor::names::{edge_name, locus_name, state_name};
use crate::tutor::{broken, propagate, refute_board};

/// Solves puzzle `number`, writing its trace to standard error as the solve
/// goes: each line as soon as its rule application is over, through a small
/// buffer, so a long trace costs no memory and a slow solve shows its progress.
/// A failing standard error is ignored. `settings` give the time limit and what
/// to do when search begins; the trace is the log.
pub(crate) fn explain(number: usize, puzzle: &Puzzle, settings: Settings) -> Report {
    let grid = Grid::new(puzzle.rows, puzzle.cols);
    let given = match settings.given {
        Some(given) => given.to_vec(),
        None => vec![EdgeState::Unknown; grid.edge_count()],
    };
    let stream = Rc::new(RefCell::new(Stream {
        grid,
        clues: puzzle.clues.clone(),
        puzzle: puzzle.clone(),
        reasons: Reasons::new(grid, &puzzle.clues, &given),
        because: None,
        given,
        broke: false,
        path: Vec::new(),
        out: BufWriter::new(io::stderr()),
        line: None,
        counts: BTreeMap::new(),
        stall_shown: false,
    }));
    stream.borrow_mut().write(&format!(
        "puzzle {number} ({}×{})\n",
        puzzle.rows, puzzle.cols
    ));
    let settings = Settings {
        log: Some(Box::new(Shared(Rc::clone(&stream)))),
        ..settings
    };
    let report = solve_with(puzzle, settings);
    stream.borrow_mut().finish(&report);
    report
}

/// The trace being written.
struct Stream {
    grid: Grid,
    clues: Vec<Option<u8>>,
    /// The puzzle and the edges given with it: where a puzzle with no answer
    /// breaks is found again from them.
    puzzle: Puzzle,
    given: Vec<EdgeState>,
    /// Whether the step where the board breaks has been written.
    broke: bool,
    /// The decisions of the search's current branch, below its first guess,
    /// in order: when every branch fails, the last one's break is shown.
    path: Vec<Decision>,
    out: BufWriter<Stderr>,
    /// The rule application whose line is open: its reason, place and depth.
    line: Option<Decision>,
    /// The board the trace has come to, for the reasons of its steps.
    reasons: Reasons,
    /// The `because` line of the open line's step, written when it ends.
    because: Option<String>,
    /// Decisions of the current search run, by reason, for the summary.
    counts: BTreeMap<Reason, usize>,
    /// Whether the statement's stall has been drawn (a restarted search run
    /// stalls there again, and says nothing new).
    stall_shown: bool,
}

/// Whether `d` is a guess or its other value: the start of a branch.
fn branching(d: &Decision) -> bool {
    [Rule::Guess, Rule::Backtrack]
        .map(Reason::from)
        .contains(&d.why.reason)
}

/// The stream as the board's log: the board owns the log while it solves, the
/// explanation writes the summary after.
struct Shared(Rc<RefCell<Stream>>);

impl Log for Shared {
    fn decided(&mut self, decision: &Decision) {
        self.0.borrow_mut().decided(decision);
    }

    fn stalled(&mut self, board: &Board) {
        self.0.borrow_mut().stalled(board);
    }

    fn restarted(&mut self, why: &str) {
        self.0.borrow_mut().restarted(why);
    }
}

impl Stream {
    fn write(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
    }

    /// Ends the open line, if any, and writes its step's reason.
    fn end_line(&mut self) {
        if self.line.take().is_some() {
            self.write("\n");
        }
        if let Some(because) = self.because.take() {
            self.write(&because);
        }
    }

    /// One line per rule application (consecutive decisions with the same
    /// reason, place and depth): the first decision opens it, the others add to it.
    fn decided(&mut self, d: &Decision) {
        // Every decision moves the board on; only a line's first tells
        // what forced the step (the others would add the line's own edges).
        let because = self.reasons.next(d);
        *self.counts.entry(d.why.reason).or_default() += 1;
        if d.depth > 0 {
            // A guess or its other value starts a branch at its depth: the
            // steps of the branches it replaces are dropped (a branch's steps
            // come in order of depth).
            if branching(d) {
                let keep = self.path.partition_point(|p| p.depth < d.depth);
                self.path.truncate(keep);
            }
            self.path.push(*d);
        }
        let same = self
            .line
            .is_some_and(|open| open.why == d.why && open.depth == d.depth);
        let step = format!("{} {}", edge_name(&self.grid, d.edge), state_name(d.state));
        if same {
            self.write(&format!(", {step}"));
            return;
        }
        self.end_line();
        let indent = "  ".repeat(d.depth as usize);
        let reason = d.why.reason;
        // A search step's tag says all there is; a rule's name says what it saw.
        let name = match reason.tier() {
            Tier::Search => String::new(),
            Tier::Statement | Tier::Loops | Tier::Sides | Tier::Pairs | Tier::Trial => {
                let at = locus_name(&self.grid, d.why.at)
                    .map_or(String::new(), |name| format!(" at {name}"));
                format!(" {}{at}:", reason.name())
            }
        };
        self.write(&format!("{indent}[{}]{name} {step}", reason.tag()));
        self.line = Some(*d);
        if let Because::Narrowed(edges) = because {
            self.because = because_text(&self.grid, &edges, &indent);
        }
    }

    fn stalled(&mut self, board: &Board) {
        self.end_line();
        if self.stall_shown {
            return;
        }
        self.stall_shown = true;
        let undecided = board.unknown_count();
        // The cases may have stopped because they broke the board: they are
        // run again, as the solve ran them, to say where.
        if let Some(words) = self.statement_break() {
            self.broke = true;
            self.write(&format!(
                "{words}\nthe statement's cases break the board here, {undecided} edges undecided:\n"
            ));
            self.draw(board.states());
            return;
        }
        self.write(&format!(
            "the statement's cases stop here, {undecided} edges undecided:\n"
        ));
        self.draw(board.states());
    }

    /// Where the statement's cases break the board of the puzzle and its
    /// given edges (as the solve's first run of them did), if they do: the
    /// contradiction's line.
    fn statement_break(&self) -> Option<String> {
        let mut board = Board::new(self.grid, &self.clues);
        if let Err(at) = board.set_given(&self.given) {
            return Some(format!(
                "contradiction: the edges given break the board: {}",
                broken(&board, at)
            ));
        }
        let failure = propagate(&mut board, Tier::Statement).failure?;
        Some(contradiction(
            &self.grid,
            &failure,
            &broken(&board, failure.edge),
        ))
    }

    /// Why a puzzle with no answer has none, when the statement's cases did
    /// not show it: the cheapest rules that break the board, with the steps
    /// they need; or else what deduction leaves, and where the search's last
    /// branch broke.
    fn no_answer(&mut self) {
        let refutation = refute_board(&self.puzzle, &self.given);
        let found = refutation.at_once || refutation.failure.is_some();
        if found || refutation.no_loop.is_some() {
            let text = refutation_text(&self.grid, &refutation, "no answer:", "");
            self.write(&text);
            return;
        }
        let guesses: Vec<String> = self
            .path
            .iter()
            .filter(|d| branching(d))
            .map(|d| format!("{} {}", edge_name(&self.grid, d.edge), state_name(d.state)))
            .collect();
        let last = match guesses.is_empty() {
            true => "the search's one-edge trials break the board before any guess".to_string(),
            false => format!(
                "every branch of the search fails; the last, with {} guessed, {}",
                guesses.join(", "),
                self.last_branch_break()
            ),
        };
        self.write(&format!(
            "no answer: {} reach no contradiction, {} edges undecided;\n{last}\n",
            Tier::Pairs.name(),
            refutation.undecided
        ));
    }

    /// How the search's last branch broke: its steps replayed on the board
    /// deduction leaves, then the full rules.
    fn last_branch_break(&self) -> String {
        let mut board = Board::new(self.grid, &self.clues);
        if board.set_given(&self.given).is_err()
            || propagate(&mut board, Tier::Pairs).failure.is_some()
        {
            return "breaks".to_string();
        }
        for d in &self.path {
            if board.state(d.edge) == d.state {
                continue;
            }
            // The log hears a step before the board takes it: the last step
            // of a branch may be the one that broke it.
            board.tell_cause(d.why);
            if board.set(d.edge, d.state).is_err() {
                let failure = Failure {
                    reason: d.why.reason,
                    at: d.why.at,
                    edge: d.edge,
                };
                let words = contradiction(&self.grid, &failure, &broken(&board, d.edge));
                return format!("breaks so:\n  {words}");
            }
        }
        match propagate(&mut board, Tier::Sides).failure {
            Some(failure) => {
                let words = contradiction(&self.grid, &failure, &broken(&board, failure.edge));
                format!("breaks so:\n  {words}")
            }
            None => "breaks in the search's one-edge trials".to_string(),
        }
    }

    fn restarted(&mut self, why: &str) {
        self.end_line();
        self.reasons.restart();
        self.path.clear();
        self.counts.clear();
        self.write(&format!("[restart] {why}: the search starts again\n"));
    }

    /// The answer, drawn with its crosses, and the summary.
    fn finish(&mut self, report: &Report) {
        self.end_line();
        match &report.outcome {
            Outcome::Unique(s) | Outcome::Multiple(s) => {
                self.write("the answer:\n");
                self.draw(s.states());
            }
            Outcome::NoSolution if !self.broke => self.no_answer(),
            Outcome::NoSolution => {}
            Outcome::Undecided(u) => {
                let undecided = u.known.iter().filter(|&&s| s == EdgeState::Unknown);
                self.write(&format!(
                    "out of time: proved so far, {} edges undecided:\n",
                    undecided.count()
                ));
                self.draw(&u.known);
                if let Some(s) = &u.answer {
                    self.write("an answer found, not proved the only one:\n");
                    self.draw(s.states());
                }
            }
        }
        let summary = summary(&self.counts, report);
        self.write(&summary);
        let _ = self.out.flush();
    }

    fn draw(&mut self, states: &[EdgeState]) {
        // Standard error failing is ignored, as for every line of the trace.
        let _ = write_picture(
            &mut self.out,
            &self.grid,
            &self.clues,
            states,
            Marks::Crosses,
        );
    }
}

/// The most edges a `because` line names; more are counted.
const BECAUSE_SHOWN: usize = 12;

/// The widest a `because` line grows before it goes on below.
const BECAUSE_WIDTH: usize = 72;

/// `  because (0,1)-(0,2) line, (1,1)-(1,2) cross`, under a step at
/// `indent`, over as many lines as keep each short; `None` when nothing
/// decided before forces the step (the clues and the border do).
fn because_text(grid: &Grid, edges: &[(Edge, EdgeState)], indent: &str) -> Option<String> {
    if edges.is_empty() {
        return None;
    }
    let mut words: Vec<String> = edges
        .iter()
        .take(BECAUSE_SHOWN)
        .map(|&(e, s)| format!("{} {}", edge_name(grid, e), state_name(s)))
        .collect();
    if edges.len() > BECAUSE_SHOWN {
        words.push(format!("and {} more", edges.len() - BECAUSE_SHOWN));
    }
    let mut text = format!("{indent}  because");
    let mut width = text.len();
    for (i, word) in words.iter().enumerate() {
        let comma = if i + 1 < words.len() { "," } else { "" };
        if width + 1 + word.len() + comma.len() > BECAUSE_WIDTH && i > 0 {
            text.push('\n');
            text.push_str(indent);
            text.push_str("          ");
            width = indent.len() + 10;
        } else {
            text.push(' ');
            width += 1;
        }
        text.push_str(word);
        text.push_str(comma);
        width += word.len() + comma.len();
    }
    text.push('\n');
    Some(text)
}

fn summary(by_rule: &BTreeMap<Reason, usize>, report: &Report) -> String {
    let mut by_rule: Vec<(&Reason, &usize)> = by_rule.iter().collect();
    by_rule.sort_by_key(|(reason, _)| reason.rank());
    let counts: Vec<String> = by_rule
        .iter()
        .map(|(reason, n)| format!("{n} by {} ({})", reason.tag(), reason.name()))
        .collect();
    let outcome = match report.outcome {
        Outcome::Unique(_) => "unique",
        Outcome::Multiple(_) => "multiple",
        Outcome::NoSolution => "none",
        Outcome::Undecided(_) => "undecided",
    };
    format!(
        "summary: {}; {} guesses; {outcome}\n",
        if counts.is_empty() {
            "no decisions".to_string()
        } else {
            counts.join(", ")
        },
        report.guesses
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Decision, Log};
    use crate::generate::blob as planted;
    use crate::shared::restarts::SplitMix;
    use crate::slink::board::Board;
    use crate::slink::reason::Locus;
    use crate::slink::rules::driver::Propagator;
    use crate::slink::rules::{Apply, Mode, Site, Trigger};
    use crate::tutor::slice::apply_once;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A log that keeps every decision.
    struct Collect(Rc<RefCell<Vec<Decision>>>);

    impl Log for Collect {
        fn decided(&mut self, d: &Decision) {
            self.0.borrow_mut().push(*d);
        }
        fn stalled(&mut self, _: &Board) {}
        fn restarted(&mut self, _: &str) {}
    }

    /// Whether the rule `step` names, applied to a board with the edges
    /// `states`, makes the step's decision: a rule at a dot or clue there
    /// (the inside/outside rules with the board's classes), a whole-board
    /// rule on the whole board, a trial by the other value breaking the
    /// board under the full rules.
    fn makes(puzzle: &Puzzle, states: &[EdgeState], step: &Decision) -> bool {
        let mut board = Board::new(puzzle.grid(), &puzzle.clues);
        if board.set_given(states).is_err() {
            return false;
        }
        let Some(row) = step.why.reason.entry().row else {
            return false;
        };
        board.tell_cause(step.why);
        let applied = match (row.trigger, row.apply, step.why.at) {
            (Trigger::Sweep, Apply::Vertex(f), Locus::Vertex(v)) => {
                board.enable_sides().is_ok() && f(&mut board, v).is_ok()
            }
            (Trigger::Sweep, Apply::Site(f), Locus::Cell(cell)) => {
                let ok = board.enable_sides().is_ok();
                let site = Site::new(&board, cell);
                ok && f(&mut board, &site).is_ok()
            }
            (_, Apply::Board(f), _) => f(&mut board).is_ok(),
            (_, Apply::Search, _) => {
                let _ = board.set(step.edge, step.state.opposite());
                let broke = Propagator::full(*board.grid(), Mode::Full)
                    .run(&mut board)
                    .is_err();
                return broke;
            }
            _ => matches!(
                apply_once(&mut board, step.why.reason, step.why.at),
                Some(Ok(()))
            ),
        };
        applied && board.state(step.edge) == step.state
    }

    /// Every step of a trace before the first guess, replayed in order, is
    /// what the rule it names makes on the board the steps before it left:
    /// on Loopy's puzzles and on planted puzzles with clues taken away,
    /// where every tier is met.
    #[test]
    fn every_step_is_its_rules_application() {
        let mut rng = SplitMix(23);
        let mut tags = std::collections::BTreeSet::new();
        // Loopy's own puzzles, which its solver finishes by deduction, so
        // this solver by the pair rules, edge classes too.
        let loopy = include_str!("../../samples/formats/loopy-10x10.txt");
        let mut reader = crate::formats::read::PuzzleReader::new(loopy.as_bytes());
        let mut puzzles = Vec::new();
        while let Ok(Some(puzzle)) = reader.next_puzzle() {
            puzzles.push(puzzle);
        }
        assert_eq!(puzzles.len(), 20);
        for trial in 0..300 {
            let (rows, cols) = (3 + rng.below(8) as u32, 3 + rng.below(8) as u32);
            let (mut puzzle, _) = planted(&mut rng, rows, cols);
            let keep = 3 + trial % 6;
            for clue in puzzle.clues.iter_mut() {
                if rng.below(10) >= keep {
                    *clue = None;
                }
            }
            puzzles.push(puzzle);
        }
        for puzzle in puzzles {
            let trace = Rc::new(RefCell::new(Vec::new()));
            let settings = Settings {
                log: Some(Box::new(Collect(Rc::clone(&trace)))),
                ..Settings::default()
            };
            solve_with(&puzzle, settings);
            let mut states = vec![EdgeState::Unknown; puzzle.grid().edge_count()];
            for step in trace.borrow().iter().take_while(|d| d.depth == 0) {
                if step.why.reason.tier() == Tier::Search {
                    break;
                }
                assert!(
                    makes(&puzzle, &states, step),
                    "{step:?} is not what its rule makes on\n{puzzle:?}"
                );
                tags.insert(step.why.reason.tag());
                states[step.edge.0 as usize] = step.state;
            }
        }
        for tag in ["pairs", "parity", "loop", "sides", "trial"] {
            assert!(tags.contains(tag), "no [{tag}] step met: {tags:?}");
        }
    }
}
