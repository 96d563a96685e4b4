//! Solving a puzzle on any planar graph: the rules run to a fixed point,
//! then a complete search that branches on an edge, to the second answer.
//!
//! The rules, each true on every graph:
//! - **a clue's count**: a face with as many lines as its clue has its other
//!   sides crossed; one with as many lines and unknown sides as its clue has
//!   them all lines;
//! - **a dot's count**: a dot with two lines has its other edges crossed; one
//!   with one line and one unknown edge has it a line; one with no line and
//!   one unknown edge has it crossed;
//! - **no early loop**: an edge that would close a path into a loop is
//!   crossed unless that loop would hold every line and meet every clue;
//!   once the loop is closed every other edge is crossed.
//!
//! The board ([`GraphBoard::set`]) refuses what breaks them, so the search
//! needs the rules for speed only; an answer is a closed loop meeting every
//! clue.

use crate::graph::board::{Broken, GraphBoard};
use crate::graph::ladder::{deduced, Deduced};
use crate::graph::puzzle::GraphPuzzle;
use crate::graph::sides::Sides;
use crate::graph::{Dot, Edge, Face};
use crate::slink::board::EdgeState;
use std::time::Instant;

/// How many guesses deep the search still runs trials.
const PROBE_DEPTH: usize = 3;

/// What a search proved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum GraphOutcome {
    /// Exactly one answer: the state of every edge.
    Unique(Vec<EdgeState>),
    /// At least two answers; the first found.
    Multiple(Vec<EdgeState>),
    /// No answer.
    NoSolution,
    /// The search gave up at its time limit, with the answer found if any.
    Undecided(Option<Vec<EdgeState>>),
}

/// A board with its inside/outside classes, and how far along its trail the
/// rules have looked.
pub(crate) struct Solver<'g> {
    board: GraphBoard<'g>,
    sides: Sides,
    looked: usize,
    decided: Vec<(Edge, bool)>,
    /// When to give up, if ever; and whether it has.
    deadline: Option<Instant>,
    gave_up: bool,
    /// How many guesses the search is into.
    depth: usize,
    /// How many times the search has branched.
    guesses: usize,
}

impl<'g> Solver<'g> {
    /// A solver on the puzzle's board, nothing decided.
    pub(crate) fn new(puzzle: &'g GraphPuzzle) -> Solver<'g> {
        Solver {
            board: GraphBoard::new(&puzzle.graph, &puzzle.clues),
            sides: Sides::new(&puzzle.graph),
            looked: 0,
            decided: Vec::new(),
            deadline: None,
            gave_up: false,
            depth: 0,
            guesses: 0,
        }
    }

    /// Runs the rules until none changes anything.
    pub(crate) fn propagate(&mut self) -> Result<(), Broken> {
        if self.looked == 0 {
            // Clues of 0, and faces whose clue takes every side, act at once.
            for face in self.board.graph().faces() {
                self.face_rule(face)?;
            }
        }
        while self.looked < self.board.trail().len() {
            let edge = self.board.trail()[self.looked];
            self.looked += 1;
            let graph = self.board.graph();
            let ends = graph.ends(edge);
            if self.board.closed().is_some() {
                for e in graph.edges() {
                    if self.board.state(e) == EdgeState::Unknown {
                        self.board.set(e, EdgeState::Cross)?;
                    }
                }
                continue;
            }
            let board = &self.board;
            let line = board.state(edge) == EdgeState::Line;
            let unknown = |e: Edge| board.state(e) == EdgeState::Unknown;
            let tied = self.sides.tie(
                graph,
                edge,
                line,
                self.looked - 1,
                unknown,
                &mut self.decided,
            );
            if tied.is_err() {
                return Err(Broken(edge));
            }
            while let Some((e, line)) = self.decided.pop() {
                let to = if line {
                    EdgeState::Line
                } else {
                    EdgeState::Cross
                };
                if let Err(broken) = self.board.set(e, to) {
                    self.decided.clear();
                    return Err(broken);
                }
            }
            for face in ends.faces.iter().flatten() {
                self.face_rule(*face)?;
            }
            for dot in ends.dots {
                self.dot_rule(dot)?;
            }
            if self.board.state(edge) == EdgeState::Line {
                // The path's ends then; an end joined on since is checked at
                // the later line.
                for end in self.board.ends_joined_by(edge) {
                    self.loop_rule(end)?;
                }
            }
        }
        Ok(())
    }

    /// A clue's count.
    fn face_rule(&mut self, face: Face) -> Result<(), Broken> {
        let clue = match self.board.clue(face) {
            Some(clue) => clue,
            None => return Ok(()),
        };
        let (lines, open) = (self.board.face_lines(face), self.board.face_open(face));
        if open == 0 {
            return Ok(());
        }
        let to = if lines == clue {
            EdgeState::Cross
        } else if lines + open == clue {
            EdgeState::Line
        } else {
            return Ok(());
        };
        for &side in self.board.graph().sides(face) {
            if self.board.state(side) == EdgeState::Unknown {
                self.board.set(side, to)?;
            }
        }
        Ok(())
    }

    /// A dot's count.
    fn dot_rule(&mut self, dot: Dot) -> Result<(), Broken> {
        let (lines, open) = (self.board.dot_lines(dot), self.board.dot_open(dot));
        let to = match (lines, open) {
            (_, 0) => return Ok(()),
            (2, _) | (0, 1) => EdgeState::Cross,
            (1, 1) => EdgeState::Line,
            _ => return Ok(()),
        };
        for &edge in self.board.graph().dot_edges(dot) {
            if self.board.state(edge) == EdgeState::Unknown {
                self.board.set(edge, to)?;
            }
        }
        Ok(())
    }

    /// No early loop, at the path ending at `end` (a dot with one line): an
    /// unknown edge to the path's other end is crossed unless closing it
    /// would hold every line and meet every clue.
    fn loop_rule(&mut self, end: Dot) -> Result<(), Broken> {
        if self.board.dot_lines(end) != 1 {
            return Ok(());
        }
        let (other, length) = self.board.path_end(end);
        let graph = self.board.graph();
        for &edge in graph.dot_edges(end) {
            if self.board.state(edge) != EdgeState::Unknown || graph.other_dot(edge, end) != other {
                continue;
            }
            if length < self.board.lines() || !self.closing_meets_every_clue(edge) {
                self.board.set(edge, EdgeState::Cross)?;
            }
        }
        Ok(())
    }

    /// Whether a line at `edge` would leave no clue unmet.
    fn closing_meets_every_clue(&self, edge: Edge) -> bool {
        let mut unmet = self.board.unmet() as i64;
        for face in self.board.graph().ends(edge).faces.iter().flatten() {
            if let Some(clue) = self.board.clue(*face) {
                let lines = self.board.face_lines(*face);
                unmet += i64::from(lines == clue) - i64::from(lines + 1 == clue);
            }
        }
        unmet == 0
    }

    /// The edge to branch on: an unknown edge at a path's end with the fewest
    /// choices, else one at the clued face nearest to full.
    fn branch(&self) -> Option<Edge> {
        let board = &self.board;
        let graph = board.graph();
        let end = graph
            .dots()
            .filter(|&d| board.dot_lines(d) == 1 && board.dot_open(d) > 0)
            .min_by_key(|&d| board.dot_open(d));
        if let Some(dot) = end {
            return graph
                .dot_edges(dot)
                .iter()
                .copied()
                .find(|&e| board.state(e) == EdgeState::Unknown);
        }
        let face = graph
            .faces()
            .filter(|&f| board.face_open(f) > 0 && board.clue(f).is_some())
            .min_by_key(|&f| {
                let need = board.clue(f).unwrap_or(0) - board.face_lines(f);
                (board.face_open(f) - need).min(need)
            });
        let unknown = |e: &Edge| board.state(*e) == EdgeState::Unknown;
        match face {
            Some(f) => graph.sides(f).iter().copied().find(unknown),
            None => graph.edges().find(|e| unknown(e)),
        }
    }

    /// Sets `edge` to `to` and runs the rules: whether that holds. The board
    /// is put back as it was either way.
    fn holds(&mut self, edge: Edge, to: EdgeState) -> bool {
        let (mark, looked) = (self.board.mark(), self.looked);
        let holds = self.board.set(edge, to).is_ok() && self.propagate().is_ok();
        self.undo_to(mark, looked);
        holds
    }

    /// Undoes the board and the classes to `mark`, the rules to `looked`.
    fn undo_to(&mut self, mark: usize, looked: usize) {
        self.board.undo_to(mark);
        self.sides.undo_to(mark);
        self.looked = looked;
    }

    /// Trials: each unknown edge is tried both ways; when one way breaks the
    /// rules, the edge takes the other. Repeated until no trial decides
    /// anything.
    fn probe(&mut self) -> Result<(), Broken> {
        self.propagate()?;
        loop {
            let mut progress = false;
            for edge in self.board.graph().edges() {
                if self.board.state(edge) != EdgeState::Unknown {
                    continue;
                }
                if self.time_is_up() {
                    return Ok(());
                }
                for to in [EdgeState::Line, EdgeState::Cross] {
                    if !self.holds(edge, to) {
                        self.board.set(edge, to.opposite())?;
                        self.propagate()?;
                        progress = true;
                        break;
                    }
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }

    /// Whether the time is up (and from then on, that it was).
    fn time_is_up(&mut self) -> bool {
        self.gave_up |= self.deadline.is_some_and(|d| Instant::now() >= d);
        self.gave_up
    }

    /// Searches on from here for answers until `found` holds `enough`.
    fn search(&mut self, found: &mut Vec<Vec<EdgeState>>, enough: usize) {
        // Trials near the root, where what they find prunes the most; deeper
        // down the rules alone (on Loopy's 10×10 fixtures this takes a
        // quarter of the time that trials at every depth take, and half of
        // that of trials at the root alone).
        let ok = if self.depth <= PROBE_DEPTH {
            self.probe()
        } else {
            self.propagate()
        };
        if self.time_is_up() || ok.is_err() {
            return;
        }
        let edge = match self.branch() {
            Some(edge) => edge,
            None => {
                if self.board.is_solved() {
                    found.push(self.board.states().to_vec());
                }
                return;
            }
        };
        self.guesses += 1;
        for to in [EdgeState::Line, EdgeState::Cross] {
            let (mark, looked) = (self.board.mark(), self.looked);
            if self.board.set(edge, to).is_ok() {
                self.depth += 1;
                self.search(found, enough);
                self.depth -= 1;
            }
            self.undo_to(mark, looked);
            if found.len() >= enough || self.gave_up {
                return;
            }
        }
    }
}

/// Solves a puzzle: its answer, and whether it is the only one; giving up
/// at `deadline`, if there is one.
///
/// Loopy's solver at Hard ([`crate::graph::ladder`]) goes first: its
/// deductions are sound, so when it solves the puzzle that is the one
/// answer, when it breaks there is none, and otherwise what it decided is
/// where the search starts (on Loopy's own puzzles, which it finishes, no
/// search is left).
pub(crate) fn solve(puzzle: &GraphPuzzle, deadline: Option<Instant>) -> GraphOutcome {
    match deduced(puzzle) {
        Deduced::Answer(answer) => GraphOutcome::Unique(answer),
        Deduced::NoAnswer => GraphOutcome::NoSolution,
        Deduced::Partial(known) => search_from(puzzle, &known, deadline),
    }
}

/// The search's answers (up to two), from the edges `known` on.
fn search_from(
    puzzle: &GraphPuzzle,
    known: &[EdgeState],
    deadline: Option<Instant>,
) -> GraphOutcome {
    search_counted(puzzle, known, deadline).0
}

/// The search's answers (up to two), from the edges `known` on, and how
/// many times it branched on an edge.
pub(crate) fn search_counted(
    puzzle: &GraphPuzzle,
    known: &[EdgeState],
    deadline: Option<Instant>,
) -> (GraphOutcome, usize) {
    let mut solver = Solver::new(puzzle);
    solver.deadline = deadline;
    let mut found = Vec::new();
    let given = known
        .iter()
        .enumerate()
        .filter(|(_, &s)| s != EdgeState::Unknown)
        .all(|(e, &s)| solver.board.set(Edge(e as u32), s).is_ok());
    if !given {
        return (GraphOutcome::NoSolution, 0);
    }
    solver.search(&mut found, 2);
    let mut found = found.into_iter();
    let outcome = match (found.next(), found.next(), solver.gave_up) {
        (Some(answer), Some(_), _) => GraphOutcome::Multiple(answer),
        (answer, _, true) => GraphOutcome::Undecided(answer),
        (Some(answer), None, false) => GraphOutcome::Unique(answer),
        (None, _, false) => GraphOutcome::NoSolution,
    };
    (outcome, solver.guesses)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Solves the fixtures of one size, each to Loopy's own answer, proved
    /// the only one.
    fn solves_as_loopy_does(size: &str) {
        let fixtures = crate::graph::fixtures::fixtures();
        let mut solved = 0;
        for fixture in fixtures.iter().filter(|f| f.made_by.starts_with(size)) {
            let puzzle = crate::graph::fixtures::graph_of(&fixture.id);
            let want: Vec<EdgeState> = fixture
                .answer
                .iter()
                .map(|&on| {
                    if on {
                        EdgeState::Line
                    } else {
                        EdgeState::Cross
                    }
                })
                .collect();
            let got = solve(&puzzle, None);
            assert_eq!(
                got,
                GraphOutcome::Unique(want.clone()),
                "{}",
                fixture.made_by
            );
            // The search alone, from nothing known, agrees.
            let unknown = vec![EdgeState::Unknown; want.len()];
            let searched = search_from(&puzzle, &unknown, None);
            assert_eq!(
                searched,
                GraphOutcome::Unique(want),
                "{} searched",
                fixture.made_by
            );
            solved += 1;
        }
        assert_eq!(solved, 64 * (1 + usize::from(size == "7x7")), "{size}");
    }

    #[test]
    fn solves_loopy_s_7x7_puzzles_as_loopy_does() {
        solves_as_loopy_does("7x7");
    }

    /// The larger ones: a second in a release build, a minute in a debug
    /// one, so with the long sweeps.
    #[test]
    #[ignore]
    fn solves_loopy_s_10x10_puzzles_as_loopy_does() {
        solves_as_loopy_does("10x10");
    }
}

#[cfg(test)]
mod planted {
    use super::*;

    /// Loopy's answers, set edge by edge, break no rule of the board, and the
    /// rules, run after every step, never go against them.
    #[test]
    fn loopy_s_answers_break_no_rule() {
        for fixture in crate::graph::fixtures::fixtures() {
            let puzzle = crate::graph::fixtures::graph_of(&fixture.id);
            let mut solver = Solver::new(&puzzle);
            let want = |e: Edge| {
                if fixture.answer[e.0 as usize] {
                    EdgeState::Line
                } else {
                    EdgeState::Cross
                }
            };
            let mut checked = 0;
            for edge in puzzle.graph.edges() {
                assert_eq!(
                    solver.propagate(),
                    Ok(()),
                    "{} before edge {}",
                    fixture.made_by,
                    edge.0
                );
                // Every edge the rules decided is on the trail.
                for &e in &solver.board.trail()[checked..] {
                    assert_eq!(
                        solver.board.state(e),
                        want(e),
                        "{}: edge {}",
                        fixture.made_by,
                        e.0
                    );
                }
                checked = solver.board.trail().len();
                assert_eq!(
                    solver.board.set(edge, want(edge)).map(|_| ()),
                    Ok(()),
                    "{}: edge {}",
                    fixture.made_by,
                    edge.0
                );
            }
            assert!(solver.board.is_solved());
        }
    }
}
