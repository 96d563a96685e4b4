//! Loopy's own solver, level by level, to name the level Loopy would give a
//! puzzle (Easy, Normal, Tricky or Hard).
//!
//! Simon Tatham's Loopy grades a puzzle by running its solver with only the
//! deductions of one level allowed: its generator keeps a puzzle at level D
//! when the solver at D solves it and the solver one level down does not
//! (`new_game_desc` in `loopy.c`). A stronger or weaker solver than Loopy's
//! would grade its puzzles a level off, so this module follows Loopy's
//! solver as written in Debian's sgt-puzzles 20230122 (`loopy.c`), in our
//! own code: the same deductions, tried in the same order over faces, dots
//! and edges in the same order, with the same quirks (they are pointed out
//! where they are kept). It shares nothing with [`crate::graph::solve`],
//! which is the fast solver.
//!
//! The state, as Loopy's `solver_state` has it:
//! - each edge's state, and for every face and dot its counts of lines and
//!   crosses; every change goes through [`Ladder::set`], which keeps them;
//! - a face or dot marked *done* once all its edges are decided (Loopy's
//!   `face_solved`, `dot_solved`): the deductions skip it;
//! - the chains of dots joined by lines (a union-find that knows its sizes);
//! - Normal and up: two bits for each *corner pair*, two edges next to each
//!   other round a dot (Loopy's "dline"): at least one of them is a line, at
//!   most one is;
//! - Hard: the edges in classes known equal or opposite (a union-find with
//!   parity, Loopy's `linedsf`).
//!
//! The outcome is Loopy's: solved, a mistake (no answer), *ambiguous* (the
//! loop was closed by a guess that it is the answer, which Loopy does not
//! count as solving), or stuck.
//!
//! A run may keep a log of its steps ([`logged`], [`crate::graph::steps`]):
//! the one setter and the two ways facts are learnt tell it what changed,
//! and each deduction, once it has fired, what it read ([`record`]). A run
//! without a log does the same work, with one test of an `Option` where a
//! deduction fires.

mod classes;
mod easy;
mod pairs;
mod record;

use classes::Forest;
use pairs::Corners;
use record::Told;

use crate::graph::puzzle::GraphPuzzle;
use crate::graph::steps::{Conflict, Fact, Log, Technique};
use crate::graph::{Edge, Face, Graph};
use crate::slink::board::EdgeState;

/// Loopy's difficulty levels, easiest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) enum LoopyLevel {
    /// A clue's count and a dot's count, and no early loop.
    Easy,
    /// And what pairs of edges next to each other round a dot can hold.
    Normal,
    /// And those pairs carried along chains of faces that meet at corners.
    Tricky,
    /// And edges known equal or opposite, with the parity of faces and dots.
    Hard,
}

impl LoopyLevel {
    /// Every level, easiest first.
    pub(crate) const ALL: [LoopyLevel; 4] = [
        LoopyLevel::Easy,
        LoopyLevel::Normal,
        LoopyLevel::Tricky,
        LoopyLevel::Hard,
    ];

    /// The lowest level that makes a step of `technique` (the log's
    /// techniques are this solver's deductions, and it knows their levels).
    pub(crate) fn of(technique: Technique) -> LoopyLevel {
        match technique {
            Technique::ClueMet
            | Technique::ClueFull
            | Technique::ClueCorner
            | Technique::DotFull
            | Technique::DotOneWay
            | Technique::DotDeadEnd
            | Technique::EarlyLoop
            | Technique::LoopGuess => LoopyLevel::Easy,
            Technique::FaceBounds | Technique::DotPairs => LoopyLevel::Normal,
            Technique::CornerPairs | Technique::DotAcross => LoopyLevel::Tricky,
            Technique::EqualSides
            | Technique::OppositePair
            | Technique::Parity
            | Technique::ClassDecided => LoopyLevel::Hard,
        }
    }

    /// The level's name, as Loopy writes it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            LoopyLevel::Easy => "Easy",
            LoopyLevel::Normal => "Normal",
            LoopyLevel::Tricky => "Tricky",
            LoopyLevel::Hard => "Hard",
        }
    }
}

/// The level Loopy would give the puzzle: the lowest at which its solver,
/// allowed only that level's deductions, solves it. `None` when even Hard
/// does not (harder than Hard, several answers, or none).
pub(crate) fn loopy_level(puzzle: &GraphPuzzle) -> Option<LoopyLevel> {
    let corners = Corners::of(&puzzle.graph);
    LoopyLevel::ALL
        .into_iter()
        .find(|&level| run(puzzle, &corners, level).0 == Status::Solved)
}

/// Whether Loopy's solver, allowed `level`'s deductions, solves the puzzle
/// (what Loopy's generator asks of a puzzle at that level).
pub(crate) fn solves_at(puzzle: &GraphPuzzle, level: LoopyLevel) -> bool {
    run(puzzle, &Corners::of(&puzzle.graph), level).0 == Status::Solved
}

/// What Loopy's solver at Hard, its strongest, proves of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Deduced {
    /// Its one answer: solved by deduction alone, so no other exists.
    Answer(Vec<EdgeState>),
    /// The edges it decided (each the same in every answer), the rest
    /// unknown.
    Partial(Vec<EdgeState>),
    /// No answer.
    NoAnswer,
}

/// Runs Loopy's solver at Hard on a puzzle: what it proves.
pub(crate) fn deduced(puzzle: &GraphPuzzle) -> Deduced {
    let (status, states) = run(puzzle, &Corners::of(&puzzle.graph), LoopyLevel::Hard);
    match status {
        Status::Solved => Deduced::Answer(states),
        Status::Mistake => Deduced::NoAnswer,
        Status::Stuck => Deduced::Partial(states),
        // A loop closed on a guess is not known to be the only answer, and
        // the run does not say what came before the guess: nothing is kept.
        Status::Ambiguous => Deduced::Partial(vec![EdgeState::Unknown; states.len()]),
    }
}

/// How a run of the solver ended (Loopy's `solver_status`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Status {
    /// One loop holds every line and meets every clue.
    Solved,
    /// A rule is broken: the puzzle has no answer.
    Mistake,
    /// The loop was closed by guessing that the one loop it would make is
    /// the answer; there may be others.
    Ambiguous,
    /// Nothing more to deduce at this level.
    Stuck,
}

/// Runs Loopy's solver at `level` on the puzzle: how it ended and every
/// edge's state then (once solved, every edge left unknown is a cross, as
/// Loopy leaves it).
fn run(puzzle: &GraphPuzzle, corners: &Corners, level: LoopyLevel) -> (Status, Vec<EdgeState>) {
    let (status, states, _) = run_with(puzzle, corners, level, None);
    (status, states)
}

/// [`run`], keeping `log` if one is given (one body for both, so that a
/// run with no log is compiled as it was before there were logs).
fn run_with(
    puzzle: &GraphPuzzle,
    corners: &Corners,
    level: LoopyLevel,
    log: Option<Box<Log>>,
) -> (Status, Vec<EdgeState>, Option<Box<Log>>) {
    let mut ladder = Ladder::new(puzzle, corners, level);
    ladder.log = log;
    ladder.solve();
    let log = ladder.log.take();
    let (status, states) = ladder.end();
    (status, states, log)
}

/// A run of Loopy's solver with its log.
pub(crate) struct Logged {
    /// How it ended.
    pub(crate) status: Status,
    /// Every edge's state then (once solved, every edge left unknown is a
    /// cross, as Loopy leaves it; those are not steps).
    pub(crate) states: Vec<EdgeState>,
    /// Its steps, and where it broke if it did.
    pub(crate) log: Log,
}

/// Runs Loopy's solver at `level` on the puzzle with a log of its steps;
/// it ends as a run without one does, each edge the same.
pub(crate) fn logged(puzzle: &GraphPuzzle, level: LoopyLevel) -> Logged {
    let corners = Corners::of(&puzzle.graph);
    let log = Box::new(Log::new(puzzle.graph.edge_count()));
    let (status, states, log) = run_with(puzzle, &corners, level, Some(log));
    let log = log.map_or_else(|| Log::new(0), |log| *log);
    Logged {
        status,
        states,
        log,
    }
}

/// The deductions, cheapest first, each with the lowest level allowed it:
/// Loopy's `SOLVERLIST`. Tricky has no deduction of its own: it switches on
/// more of Normal's.
const DEDUCTIONS: [(Deduction, LoopyLevel); 4] = [
    (Deduction::Counts, LoopyLevel::Easy),
    (Deduction::Pairs, LoopyLevel::Normal),
    (Deduction::Classes, LoopyLevel::Hard),
    (Deduction::Loops, LoopyLevel::Easy),
];

/// One of the solver's deductions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Deduction {
    /// [`Ladder::counts`].
    Counts,
    /// [`Ladder::pairs`].
    Pairs,
    /// [`Ladder::classes`].
    Classes,
    /// [`Ladder::loops`].
    Loops,
}

/// What a deduction found: `None` if nothing, else the lowest level whose
/// deductions could use what it found (a new edge state is news to Easy, a
/// pair's bit to Normal, a class to Hard). Loopy's `DIFF_MAX` is `None`.
type News = Option<LoopyLevel>;

/// Records news for `level` (the lowest level so far wins).
fn tell(news: &mut News, level: LoopyLevel) {
    *news = Some(news.map_or(level, |old| old.min(level)));
}

/// A pair's bit: at least one of its edges is a line.
const AT_LEAST_ONE: u8 = 1;
/// A pair's bit: at most one of its edges is a line.
const AT_MOST_ONE: u8 = 2;

/// Loopy's solver state at one level (see the module doc).
struct Ladder<'p> {
    graph: &'p Graph,
    clues: &'p [Option<u8>],
    corners: &'p Corners,
    level: LoopyLevel,
    status: Status,
    lines: Vec<EdgeState>,
    face_lines: Vec<i32>,
    face_crosses: Vec<i32>,
    dot_lines: Vec<i32>,
    dot_crosses: Vec<i32>,
    face_done: Vec<bool>,
    dot_done: Vec<bool>,
    /// The chains of dots joined by lines.
    chains: Forest,
    /// Each corner pair's bits, [`AT_LEAST_ONE`] and [`AT_MOST_ONE`].
    pairs: Vec<u8>,
    /// The edges in classes known equal or opposite.
    classes: Forest,
    /// The log of the steps, if one is kept.
    log: Option<Box<Log>>,
}

impl<'p> Ladder<'p> {
    /// A solver at `level` on the puzzle, every edge unknown.
    fn new(puzzle: &'p GraphPuzzle, corners: &'p Corners, level: LoopyLevel) -> Ladder<'p> {
        let graph = &puzzle.graph;
        Ladder {
            graph,
            clues: &puzzle.clues,
            corners,
            level,
            status: Status::Stuck,
            lines: vec![EdgeState::Unknown; graph.edge_count()],
            face_lines: vec![0; graph.face_count()],
            face_crosses: vec![0; graph.face_count()],
            dot_lines: vec![0; graph.dot_count()],
            dot_crosses: vec![0; graph.dot_count()],
            face_done: vec![false; graph.face_count()],
            dot_done: vec![false; graph.dot_count()],
            chains: Forest::new(graph.dot_count()),
            pairs: vec![0; corners.edges.len()],
            classes: Forest::new(graph.edge_count()),
            log: None,
        }
    }

    /// How the run ended, and every edge's state (once solved, or closed
    /// on a guess, every edge left unknown is a cross, as Loopy leaves it).
    fn end(mut self) -> (Status, Vec<EdgeState>) {
        if matches!(self.status, Status::Solved | Status::Ambiguous) {
            for state in &mut self.lines {
                if *state == EdgeState::Unknown {
                    *state = EdgeState::Cross;
                }
            }
        }
        (self.status, self.lines)
    }

    /// Runs the deductions allowed at this level until one solves the
    /// puzzle, finds a mistake, or none finds anything (Loopy's
    /// `solve_game_rec`). After news, the list starts again from the top;
    /// a deduction above the one that found it is skipped when it is of a
    /// lower level than the news, which it could not use. (Loopy's shortcut,
    /// kept because which deduction runs when decides whether the loop is
    /// closed by a deduction or by a guess.)
    fn solve(&mut self) {
        let mut at = 0;
        let mut news_for = LoopyLevel::Easy;
        let mut found_by = 0;
        while at < DEDUCTIONS.len() {
            if self.status != Status::Stuck {
                return;
            }
            let (deduction, level) = DEDUCTIONS[at];
            if (level >= news_for || at >= found_by) && level <= self.level {
                let news = match deduction {
                    Deduction::Counts => self.counts(),
                    Deduction::Pairs => self.pairs(),
                    Deduction::Classes => self.classes(),
                    Deduction::Loops => self.loops(),
                };
                if let Some(level) = news {
                    news_for = level;
                    found_by = at;
                    at = 0;
                    continue;
                }
            }
            at += 1;
        }
    }

    // (`line`, `has` and `class` are marked `#[inline]`: without it, the
    // log's seams changed what LLVM inlines, and a run with no log took
    // 1.1% more instructions on Loopy's 192 puzzles; with it, none more.)

    /// An edge's state.
    #[inline]
    fn line(&self, edge: Edge) -> EdgeState {
        self.lines[edge.0 as usize]
    }

    /// Sets an unknown edge to a line or a cross, keeping the counts of its
    /// dots and faces (Loopy's `solver_set_line`): whether it changed.
    /// Setting a decided edge the other way is a mistake. (Loopy overwrites
    /// it; that happens only on a puzzle with no answer, as every deduction
    /// holds in every answer, and such a puzzle is graded `None` either way.)
    fn set(&mut self, edge: Edge, state: EdgeState) -> bool {
        let old = self.line(edge);
        if old == state || state == EdgeState::Unknown {
            return false;
        }
        if old != EdgeState::Unknown {
            self.status = Status::Mistake;
            if self.log.is_some() {
                self.tell_log(Told::Conflict(Conflict::Set(edge, state)));
            }
            return false;
        }
        self.lines[edge.0 as usize] = state;
        if self.log.is_some() {
            self.tell_log(Told::Set(edge, state));
        }
        let ends = self.graph.ends(edge);
        let (dots, faces) = if state == EdgeState::Line {
            (&mut self.dot_lines, &mut self.face_lines)
        } else {
            (&mut self.dot_crosses, &mut self.face_crosses)
        };
        for dot in ends.dots {
            dots[dot.0 as usize] += 1;
        }
        for face in ends.faces.into_iter().flatten() {
            faces[face.0 as usize] += 1;
        }
        true
    }

    /// Sets every unknown side of a face (Loopy's `face_setall`): whether
    /// any changed.
    fn set_face(&mut self, face: Face, state: EdgeState) -> bool {
        let mut changed = false;
        for &edge in self.graph.sides(face) {
            if self.line(edge) == EdgeState::Unknown {
                changed |= self.set(edge, state);
            }
        }
        changed
    }

    /// Sets every unknown edge at a dot (Loopy's `dot_setall`).
    fn set_dot(&mut self, dot: usize, state: EdgeState) {
        let (ring, _) = self.corners.ring(dot);
        for &edge in ring {
            if self.line(edge) == EdgeState::Unknown {
                self.set(edge, state);
            }
        }
    }

    /// Whether a corner pair has a bit.
    #[inline]
    fn has(&self, pair: usize, bit: u8) -> bool {
        self.pairs[pair] & bit != 0
    }

    /// Gives a corner pair a bit: whether it is new.
    fn give(&mut self, pair: usize, bit: u8) -> bool {
        let new = self.pairs[pair] & bit == 0;
        self.pairs[pair] |= bit;
        if new && self.log.is_some() {
            self.tell_log(Told::Bit(pair, bit));
        }
        new
    }

    /// Puts two edges in one class, opposite if `opposite` (Loopy's
    /// `merge_lines`): whether that is new. Known the other way, it is a
    /// mistake (where Loopy stops on an assertion).
    fn join(&mut self, a: Edge, b: Edge, opposite: bool) -> bool {
        // The classes' roots before, for the log (the root of the two that
        // stays is the lesser).
        let roots = self.log.is_some().then(|| {
            let (ra, rb) = (
                self.classes.root(a.0 as usize),
                self.classes.root(b.0 as usize),
            );
            (ra.0.min(rb.0), ra.0.max(rb.0))
        });
        match self.classes.merge(a.0 as usize, b.0 as usize, opposite) {
            Ok(new) => {
                if let (true, Some((root, old))) = (new, roots) {
                    let fact = match opposite {
                        true => Fact::Opposite(a, b),
                        false => Fact::Equal(a, b),
                    };
                    self.tell_log(Told::Merge(root, old, fact));
                }
                new
            }
            Err(()) => {
                self.status = Status::Mistake;
                if let Some((root, _)) = roots {
                    self.tell_log(Told::Conflict(Conflict::Relation(a, b, opposite)));
                    self.tell_log(Told::Clash(root));
                }
                false
            }
        }
    }

    /// An edge's class, and whether the edge is opposite to its root.
    #[inline]
    fn class(&mut self, edge: Edge) -> (usize, bool) {
        self.classes.find(edge.0 as usize)
    }
}

#[cfg(test)]
mod tests;
