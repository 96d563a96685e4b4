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

use crate::graph::puzzle::GraphPuzzle;
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

/// How a run of the solver ended (Loopy's `solver_status`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Status {
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
    let mut ladder = Ladder::new(puzzle, corners, level);
    ladder.solve();
    if matches!(ladder.status, Status::Solved | Status::Ambiguous) {
        for state in &mut ladder.lines {
            if *state == EdgeState::Unknown {
                *state = EdgeState::Cross;
            }
        }
    }
    (ladder.status, ladder.lines)
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

/// Each dot's edges in Loopy's order, and the corner pairs they make.
///
/// Loopy goes round a dot clockwise on screen (the opposite way to
/// [`Graph::dot_edges`]), starting at the side by which the highest-numbered
/// face at the dot arrives at it (`grid.c`, `grid_make_consistent`, stage 3:
/// the last face met is the seed, and the turn starts at its side before the
/// dot). Edge `i` and edge `i + 1` round the dot, cyclically, make pair `i`
/// of the dot: at a face's corner the face lies between them, and on the
/// border one pair spans the outside. So a dot of `n` edges has `n` pairs
/// (a border dot of two edges has two pairs of the same edges, the face's
/// and the outside's, which Loopy keeps apart), and there are twice as many
/// pairs as edges. Where the turn starts matters only as Loopy's order of
/// work (starting elsewhere changed no level of the 5,440 puzzles measured
/// in `docs/grids.md`), but it is Loopy's, kept.
struct Corners {
    /// Dot `d`'s edges are `edges[starts[d]..starts[d + 1]]`, and its pair
    /// `i` is numbered `starts[d] + i`.
    starts: Vec<usize>,
    edges: Vec<Edge>,
    /// Face `f`'s corner `k` (the pair of its sides `k - 1` and `k`, at its
    /// corner `k`) is pair `face_pairs[face_starts[f] + k]`.
    face_starts: Vec<usize>,
    face_pairs: Vec<usize>,
}

impl Corners {
    /// The dots' turns and the faces' corner pairs of a graph.
    fn of(graph: &Graph) -> Corners {
        // The last face to name a dot, and at which of its corners.
        let mut seed: Vec<Option<(Face, usize)>> = vec![None; graph.dot_count()];
        for face in graph.faces() {
            for (k, dot) in graph.corners(face).iter().enumerate() {
                seed[dot.0 as usize] = Some((face, k));
            }
        }
        let mut starts = vec![0];
        let mut edges = Vec::with_capacity(2 * graph.edge_count());
        for dot in graph.dots() {
            let ours = graph.dot_edges(dot);
            let n = ours.len();
            let first = seed[dot.0 as usize].map(|(face, k)| {
                let sides = graph.sides(face);
                sides[(k + sides.len() - 1) % sides.len()]
            });
            let at = first
                .and_then(|first| ours.iter().position(|&e| e == first))
                .unwrap_or(0);
            // Clockwise is backwards through our anticlockwise turn.
            edges.extend((0..n).map(|i| ours[(at + n - i) % n]));
            starts.push(edges.len());
        }
        let mut face_starts = vec![0];
        let mut face_pairs = Vec::new();
        for face in graph.faces() {
            for (k, dot) in graph.corners(face).iter().enumerate() {
                let d = dot.0 as usize;
                let ring = &edges[starts[d]..starts[d + 1]];
                // Clockwise round the dot, the side leaving the corner comes
                // just before the side arriving (Loopy's
                // `dline_index_from_face` names the pair by the first).
                let leaving = graph.sides(face)[k];
                let i = ring.iter().position(|&e| e == leaving).unwrap_or(0);
                face_pairs.push(starts[d] + i);
            }
            face_starts.push(face_pairs.len());
        }
        Corners {
            starts,
            edges,
            face_starts,
            face_pairs,
        }
    }

    /// A dot's edges, clockwise from Loopy's first, and its first pair's
    /// number.
    fn ring(&self, dot: usize) -> (&[Edge], usize) {
        let (from, to) = (self.starts[dot], self.starts[dot + 1]);
        (&self.edges[from..to], from)
    }

    /// The pair at a face's corner `k`.
    fn face_pair(&self, face: usize, k: usize) -> usize {
        self.face_pairs[self.face_starts[face] + k]
    }
}

/// Whether pair `other` round a dot of `n` edges shares an edge with pair
/// `pair` (is it, or one either side of it).
fn touching(pair: usize, other: usize, n: usize) -> bool {
    other == pair || other == (pair + 1) % n || (other + 1) % n == pair
}

/// A union-find over `0..n` whose root is always the least member (as
/// Loopy's `dsf.c` makes it), with each member's parity to its root and
/// each class's size.
#[derive(Clone, Debug)]
struct Forest {
    parent: Vec<u32>,
    /// Whether a member is opposite to its parent.
    flip: Vec<bool>,
    /// At a root: the class's size.
    size: Vec<u32>,
}

impl Forest {
    /// `n` members, each alone.
    fn new(n: usize) -> Forest {
        Forest {
            parent: (0..n as u32).collect(),
            flip: vec![false; n],
            size: vec![1; n],
        }
    }

    /// A member's root, and whether the member is opposite to it.
    fn find(&mut self, member: usize) -> (usize, bool) {
        let mut root = member;
        let mut flip = false;
        while self.parent[root] as usize != root {
            flip ^= self.flip[root];
            root = self.parent[root] as usize;
        }
        // Point the path at the root, each with its parity to it.
        let (mut at, mut parity) = (member, flip);
        while at != root {
            let next = self.parent[at] as usize;
            let next_parity = parity ^ self.flip[at];
            self.parent[at] = root as u32;
            self.flip[at] = parity;
            at = next;
            parity = next_parity;
        }
        (root, flip)
    }

    /// Puts `a` and `b` in one class, opposite if `opposite`: `Ok(true)` if
    /// that is new, `Ok(false)` if known, `Err` if they are known the other
    /// way.
    fn merge(&mut self, a: usize, b: usize, opposite: bool) -> Result<bool, ()> {
        let (ra, fa) = self.find(a);
        let (rb, fb) = self.find(b);
        let flip = opposite ^ fa ^ fb;
        if ra == rb {
            return if flip { Err(()) } else { Ok(false) };
        }
        let (low, high) = (ra.min(rb), ra.max(rb));
        self.parent[high] = low as u32;
        self.flip[high] = flip;
        self.size[low] += self.size[high];
        Ok(true)
    }
}

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
        }
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

    /// An edge's state.
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
            return false;
        }
        self.lines[edge.0 as usize] = state;
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
    fn has(&self, pair: usize, bit: u8) -> bool {
        self.pairs[pair] & bit != 0
    }

    /// Gives a corner pair a bit: whether it is new.
    fn give(&mut self, pair: usize, bit: u8) -> bool {
        let new = self.pairs[pair] & bit == 0;
        self.pairs[pair] |= bit;
        new
    }

    /// Puts two edges in one class, opposite if `opposite` (Loopy's
    /// `merge_lines`): whether that is new. Known the other way, it is a
    /// mistake (where Loopy stops on an assertion).
    fn join(&mut self, a: Edge, b: Edge, opposite: bool) -> bool {
        match self.classes.merge(a.0 as usize, b.0 as usize, opposite) {
            Ok(new) => new,
            Err(()) => {
                self.status = Status::Mistake;
                false
            }
        }
    }

    /// An edge's class, and whether the edge is opposite to its root.
    fn class(&mut self, edge: Edge) -> (usize, bool) {
        self.classes.find(edge.0 as usize)
    }

    /// **A clue's count and a dot's count** (Easy; Loopy's
    /// `trivial_deductions`).
    ///
    /// A face with as many lines as its clue has its other sides crossed;
    /// one with as many crosses as it has sides beyond its clue has its
    /// other sides lines; more than that is a mistake. When one more cross
    /// would do that, and two unknown sides meet at a corner whose dot has a
    /// line already, those two cannot both be lines (the dot would have
    /// three), so one of them is the last cross and every other unknown side
    /// is a line. A dot with two lines has the rest crossed; with one line
    /// and one unknown edge, that edge is a line; with no line and one
    /// unknown edge, it is crossed; one line and nothing unknown, or three
    /// lines, is a mistake. Faces first, then dots, each in order.
    fn counts(&mut self) -> News {
        let graph = self.graph;
        let mut news = None;
        for face in graph.faces() {
            let f = face.0 as usize;
            if self.face_done[f] {
                continue;
            }
            let sides = graph.sides(face);
            let order = sides.len() as i32;
            let (lines, crosses) = (self.face_lines[f], self.face_crosses[f]);
            if lines + crosses == order {
                self.face_done[f] = true;
                continue;
            }
            let Some(clue) = self.clues.get(f).copied().flatten() else {
                continue;
            };
            let clue = i32::from(clue);
            if clue < lines {
                self.status = Status::Mistake;
                return Some(LoopyLevel::Easy);
            }
            if clue == lines {
                if self.set_face(face, EdgeState::Cross) {
                    tell(&mut news, LoopyLevel::Easy);
                }
                self.face_done[f] = true;
                continue;
            }
            if order - clue < crosses {
                self.status = Status::Mistake;
                return Some(LoopyLevel::Easy);
            }
            if order - clue == crosses {
                if self.set_face(face, EdgeState::Line) {
                    tell(&mut news, LoopyLevel::Easy);
                }
                self.face_done[f] = true;
                continue;
            }
            if order - clue == crosses + 1 && order - lines - crosses > 2 {
                if let Some((e1, e2)) = self.pair_by_a_line(face) {
                    for &edge in sides {
                        if self.line(edge) == EdgeState::Unknown && edge != e1 && edge != e2 {
                            self.set(edge, EdgeState::Line);
                            tell(&mut news, LoopyLevel::Easy);
                        }
                    }
                }
            }
        }
        for dot in graph.dots() {
            let d = dot.0 as usize;
            if self.dot_done[d] {
                continue;
            }
            let order = graph.dot_edges(dot).len() as i32;
            let lines = self.dot_lines[d];
            let unknown = order - lines - self.dot_crosses[d];
            match lines {
                0 => {
                    if unknown == 0 {
                        self.dot_done[d] = true;
                    } else if unknown == 1 {
                        self.set_dot(d, EdgeState::Cross);
                        tell(&mut news, LoopyLevel::Easy);
                        self.dot_done[d] = true;
                    }
                }
                1 => {
                    if unknown == 0 {
                        self.status = Status::Mistake;
                        return Some(LoopyLevel::Easy);
                    } else if unknown == 1 {
                        self.set_dot(d, EdgeState::Line);
                        tell(&mut news, LoopyLevel::Easy);
                    }
                }
                2 => {
                    if unknown > 0 {
                        self.set_dot(d, EdgeState::Cross);
                        tell(&mut news, LoopyLevel::Easy);
                    }
                    self.dot_done[d] = true;
                }
                _ => {
                    self.status = Status::Mistake;
                    return Some(LoopyLevel::Easy);
                }
            }
        }
        news
    }

    /// The first two unknown sides of a face, next to each other, whose
    /// corner's dot has a line (for [`Ladder::counts`]).
    fn pair_by_a_line(&self, face: Face) -> Option<(Edge, Edge)> {
        let graph = self.graph;
        let (sides, corners) = (graph.sides(face), graph.corners(face));
        let n = sides.len();
        (0..n).find_map(|j| {
            let (e1, e2) = (sides[j], sides[(j + 1) % n]);
            let both_unknown =
                self.line(e1) == EdgeState::Unknown && self.line(e2) == EdgeState::Unknown;
            let dot = corners[(j + 1) % n];
            let (ring, _) = self.corners.ring(dot.0 as usize);
            let by_a_line = ring.iter().any(|&e| self.line(e) == EdgeState::Line);
            (both_unknown && by_a_line).then_some((e1, e2))
        })
    }

    /// **Corner pairs** (Normal, more at Tricky; Loopy's `dline_deductions`).
    ///
    /// *Faces.* Round a clued face, bound the number of lines on every run
    /// of consecutive sides: a side alone from its state; two sides at a
    /// corner from their states and the corner pair's bits; a longer run by
    /// splitting it after its first side or after its first two and adding
    /// the parts' bounds (the tighter of the two). Bounds need not be best
    /// possible; they are the ones Loopy's solver knows. Then for each
    /// unknown side: if the rest of the face must already hold the clue's
    /// lines, it is crossed; if the rest can hold at most one fewer, it is a
    /// line (more or fewer is a mistake). At Tricky, also for each corner of
    /// two unknown sides: if the rest must hold more than the clue less two,
    /// at most one of the two is a line; if the rest can hold fewer than the
    /// clue, at least one is. If any side was set, the dots wait for the
    /// next round.
    ///
    /// *Dots.* For each pair round a dot: a cross in it means at most one
    /// line; a line in it means at least one; at most one with a line
    /// crosses the other, at least one with a cross makes the other a line.
    /// With both unknown: a dot with no line and just these two unknown
    /// edges has them equal, so either bit decides both; a dot with one line
    /// has at most one more, and exactly one if these are its only unknowns.
    /// At Tricky, with both unknown and at least one a line, a dot takes two
    /// lines at most, so every pair sharing no edge with this one has at most
    /// one; if this pair holds exactly one and the dot no line yet, a third
    /// unknown edge (if it is the only other) is a line, and of four, the
    /// other two, if next to each other, hold at least one (Loopy's
    /// `dline_set_opp_atleastone`).
    ///
    /// As in Loopy, a dot's counts are read once before its pairs, and a
    /// face's bounds once before its sides.
    fn pairs(&mut self) -> News {
        let graph = self.graph;
        let tricky = self.level >= LoopyLevel::Tricky;
        let mut news = None;
        for face in graph.faces() {
            let f = face.0 as usize;
            if self.face_done[f] {
                continue;
            }
            let Some(clue) = self.clues.get(f).copied().flatten() else {
                continue;
            };
            let clue = i32::from(clue);
            let sides = graph.sides(face);
            let n = sides.len();
            // maxs[j * n + k], mins[..]: the most and least lines on the
            // run of sides from corner j round to corner k.
            let mut maxs = vec![0i32; n * n];
            let mut mins = vec![0i32; n * n];
            for j in 0..n {
                let line1 = self.line(sides[j]);
                let k = (j + 1) % n;
                maxs[j * n + k] = i32::from(line1 != EdgeState::Cross);
                mins[j * n + k] = i32::from(line1 == EdgeState::Line);
                let pair = self.corners.face_pair(f, k);
                let line2 = self.line(sides[k]);
                let k2 = (k + 1) % n;
                let crosses =
                    i32::from(line1 == EdgeState::Cross) + i32::from(line2 == EdgeState::Cross);
                let mut most = 2 - crosses;
                if most == 2 && self.has(pair, AT_MOST_ONE) {
                    most = 1;
                }
                maxs[j * n + k2] = most;
                let mut least =
                    i32::from(line1 == EdgeState::Line) + i32::from(line2 == EdgeState::Line);
                if least == 0 && self.has(pair, AT_LEAST_ONE) {
                    least = 1;
                }
                mins[j * n + k2] = least;
            }
            for m in 3..n {
                for j in 0..n {
                    let (k, u, v) = ((j + m) % n, (j + 1) % n, (j + 2) % n);
                    maxs[j * n + k] =
                        (maxs[j * n + u] + maxs[u * n + k]).min(maxs[j * n + v] + maxs[v * n + k]);
                    mins[j * n + k] =
                        (mins[j * n + u] + mins[u * n + k]).max(mins[j * n + v] + mins[v * n + k]);
                }
            }
            for j in 0..n {
                let edge = sides[j];
                if self.line(edge) != EdgeState::Unknown {
                    continue;
                }
                let k = (j + 1) % n;
                // The rest of the face: from corner j + 1 round to corner j.
                let (least, most) = (mins[k * n + j], maxs[k * n + j]);
                if least > clue {
                    self.status = Status::Mistake;
                    return Some(LoopyLevel::Easy);
                }
                if least == clue {
                    self.set(edge, EdgeState::Cross);
                    tell(&mut news, LoopyLevel::Easy);
                }
                if most < clue - 1 {
                    self.status = Status::Mistake;
                    return Some(LoopyLevel::Easy);
                }
                if most == clue - 1 {
                    self.set(edge, EdgeState::Line);
                    tell(&mut news, LoopyLevel::Easy);
                }
                // Loopy goes on to side j's corner pair even if side j was
                // just set: its bounds still hold.
                if tricky {
                    if self.line(sides[k]) != EdgeState::Unknown {
                        continue;
                    }
                    let pair = self.corners.face_pair(f, k);
                    let k2 = (k + 1) % n;
                    if mins[k2 * n + j] > clue - 2 && self.give(pair, AT_MOST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                    }
                    if maxs[k2 * n + j] < clue && self.give(pair, AT_LEAST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                    }
                }
            }
        }
        if news == Some(LoopyLevel::Easy) {
            return news;
        }
        for dot in graph.dots() {
            let d = dot.0 as usize;
            if self.dot_done[d] {
                continue;
            }
            let (ring, first_pair) = self.corners.ring(d);
            let n = ring.len();
            let yes = self.dot_lines[d];
            let unknown = n as i32 - yes - self.dot_crosses[d];
            for j in 0..n {
                let k = (j + 1) % n;
                let pair = first_pair + j;
                let (e1, e2) = (ring[j], ring[k]);
                let (line1, line2) = (self.line(e1), self.line(e2));
                if (line1 == EdgeState::Cross || line2 == EdgeState::Cross)
                    && self.give(pair, AT_MOST_ONE)
                {
                    tell(&mut news, LoopyLevel::Normal);
                }
                if (line1 == EdgeState::Line || line2 == EdgeState::Line)
                    && self.give(pair, AT_LEAST_ONE)
                {
                    tell(&mut news, LoopyLevel::Normal);
                }
                if self.has(pair, AT_MOST_ONE) {
                    if line1 == EdgeState::Line && line2 == EdgeState::Unknown {
                        self.set(e2, EdgeState::Cross);
                        tell(&mut news, LoopyLevel::Easy);
                    }
                    if line2 == EdgeState::Line && line1 == EdgeState::Unknown {
                        self.set(e1, EdgeState::Cross);
                        tell(&mut news, LoopyLevel::Easy);
                    }
                }
                if self.has(pair, AT_LEAST_ONE) {
                    if line1 == EdgeState::Cross && line2 == EdgeState::Unknown {
                        self.set(e2, EdgeState::Line);
                        tell(&mut news, LoopyLevel::Easy);
                    }
                    if line2 == EdgeState::Cross && line1 == EdgeState::Unknown {
                        self.set(e1, EdgeState::Line);
                        tell(&mut news, LoopyLevel::Easy);
                    }
                }
                // The rest is for two unknown edges (as they were read
                // above); with one decided, the lines above did the work.
                if line1 != EdgeState::Unknown || line2 != EdgeState::Unknown {
                    continue;
                }
                if yes == 0 && unknown == 2 {
                    if self.has(pair, AT_MOST_ONE) {
                        self.set(e1, EdgeState::Cross);
                        self.set(e2, EdgeState::Cross);
                        tell(&mut news, LoopyLevel::Easy);
                    }
                    if self.has(pair, AT_LEAST_ONE) {
                        self.set(e1, EdgeState::Line);
                        self.set(e2, EdgeState::Line);
                        tell(&mut news, LoopyLevel::Easy);
                    }
                }
                if yes == 1 {
                    if self.give(pair, AT_MOST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                    }
                    if unknown == 2 && self.give(pair, AT_LEAST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                    }
                }
                if tricky && self.has(pair, AT_LEAST_ONE) {
                    for other in (0..n).filter(|&o| !touching(j, o, n)) {
                        if self.give(first_pair + other, AT_MOST_ONE) {
                            tell(&mut news, LoopyLevel::Normal);
                        }
                    }
                    if yes == 0 && self.has(pair, AT_MOST_ONE) {
                        if unknown == 3 {
                            for other in (0..n).filter(|&o| o != j && o != k) {
                                if self.line(ring[other]) == EdgeState::Unknown {
                                    self.set(ring[other], EdgeState::Line);
                                    tell(&mut news, LoopyLevel::Easy);
                                }
                            }
                        } else if unknown == 4 && self.opposite_pair_at_least_one(d, j) {
                            tell(&mut news, LoopyLevel::Normal);
                        }
                    }
                }
            }
        }
        news
    }

    /// At a dot with four unknown edges and no line, whose pair `j` holds
    /// exactly one line: the dot's second line is one of the other two, so
    /// the first pair of them that sits next to each other (sharing no edge
    /// with pair `j`) holds at least one (Loopy's
    /// `dline_set_opp_atleastone`, which stops at the first such pair). Whether
    /// that bit is new.
    fn opposite_pair_at_least_one(&mut self, dot: usize, j: usize) -> bool {
        let (ring, first_pair) = self.corners.ring(dot);
        let n = ring.len();
        for other in (0..n).filter(|&o| !touching(j, o, n)) {
            if self.line(ring[other]) == EdgeState::Unknown
                && self.line(ring[(other + 1) % n]) == EdgeState::Unknown
            {
                return self.give(first_pair + other, AT_LEAST_ONE);
            }
        }
        false
    }

    /// **Equal and opposite edges** (Hard; Loopy's `linedsf_deductions`).
    ///
    /// *Faces.* A clued face one line short of its clue cannot take two more
    /// lines, so two of its unknown sides known equal are both crossed; one
    /// cross short of its crosses, two sides known equal are both lines
    /// (Loopy's `face_setall_identical`). Then the parity of the clue's
    /// lines still missing ties a few unknown sides together
    /// ([`Ladder::parity`]).
    ///
    /// *Dots.* Two unknown edges of a corner pair known opposite hold exactly
    /// one line: both the pair's bits; a pair known to hold exactly one has
    /// its edges opposite. Then a dot's lines are even in number (none or
    /// two), so the parity of its lines so far ties its unknown edges
    /// together the same way.
    ///
    /// *Edges.* An edge decided decides every edge of its class.
    ///
    /// As in Loopy, the sides set by two equal sides are not reported as
    /// news (its `face_setall_identical` never says it set any), so when
    /// nothing else here finds anything the loop deduction runs next, and if
    /// it too finds nothing the solver stops, the clue's and dot's counts not
    /// run again. The parity of a face is read after those sides are set.
    fn classes(&mut self) -> News {
        let graph = self.graph;
        let mut news = None;
        for face in graph.faces() {
            let f = face.0 as usize;
            if self.face_done[f] {
                continue;
            }
            let Some(clue) = self.clues.get(f).copied().flatten() else {
                continue;
            };
            let clue = i32::from(clue);
            let n = graph.sides(face).len() as i32;
            if self.face_lines[f] + 1 == clue {
                self.set_equal_sides(face, EdgeState::Cross);
            }
            let crosses = self.face_crosses[f];
            if crosses + 1 == n - clue {
                self.set_equal_sides(face, EdgeState::Line);
            }
            let lines = self.face_lines[f];
            let unknown = n - crosses - lines;
            // A face over its clue (only on a puzzle with no answer, which
            // no level solves) has its parity taken all the same.
            let odd = (clue - lines).rem_euclid(2) == 1;
            if let Some(level) = self.parity(graph.sides(face), odd, unknown) {
                tell(&mut news, level);
            }
        }
        for dot in graph.dots() {
            let d = dot.0 as usize;
            let (ring, first_pair) = self.corners.ring(d);
            let n = ring.len();
            for j in 0..n {
                let pair = first_pair + j;
                let (e1, e2) = (ring[j], ring[(j + 1) % n]);
                if self.line(e1) != EdgeState::Unknown || self.line(e2) != EdgeState::Unknown {
                    continue;
                }
                let (c1, i1) = self.class(e1);
                let (c2, i2) = self.class(e2);
                if c1 == c2 && i1 != i2 {
                    if self.give(pair, AT_MOST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                    }
                    if self.give(pair, AT_LEAST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                    }
                    continue;
                }
                if self.has(pair, AT_MOST_ONE)
                    && self.has(pair, AT_LEAST_ONE)
                    && self.join(e1, e2, true)
                {
                    tell(&mut news, LoopyLevel::Hard);
                }
            }
            let lines = self.dot_lines[d];
            let unknown = n as i32 - lines - self.dot_crosses[d];
            if let Some(level) = self.parity(ring, lines % 2 == 1, unknown) {
                tell(&mut news, level);
            }
        }
        for edge in graph.edges() {
            let (root, flip) = self.class(edge);
            if root == edge.0 as usize {
                continue;
            }
            let root = Edge(root as u32);
            let flipped = |state: EdgeState| if flip { state.opposite() } else { state };
            let state = self.line(root);
            if state != EdgeState::Unknown {
                if self.set(edge, flipped(state)) {
                    tell(&mut news, LoopyLevel::Easy);
                }
            } else {
                let state = self.line(edge);
                if state != EdgeState::Unknown && self.set(root, flipped(state)) {
                    tell(&mut news, LoopyLevel::Easy);
                }
            }
        }
        news
    }

    /// Sets every two unknown sides of a face that are known equal (Loopy's
    /// `face_setall_identical`; as there, what it sets is not news).
    fn set_equal_sides(&mut self, face: Face, state: EdgeState) {
        let sides = self.graph.sides(face);
        for (i, &a) in sides.iter().enumerate() {
            if self.line(a) != EdgeState::Unknown {
                continue;
            }
            for &b in &sides[i + 1..] {
                if self.line(b) != EdgeState::Unknown {
                    continue;
                }
                let (ca, ia) = self.class(a);
                let (cb, ib) = self.class(b);
                if ca == cb && ia == ib {
                    self.set(a, state);
                    self.set(b, state);
                }
            }
        }
    }

    /// **Parity** (Hard; Loopy's `parity_deductions`), for a face's sides or
    /// a dot's edges, `unknown` of them unknown, whose unknown lines are odd
    /// in number if `odd`. Two unknown: they are opposite if odd, equal if
    /// even. Three, two of them in one class: the two's parity is known, so
    /// the third is decided. Four, two in one class (the first such two in
    /// order): the other two are equal or opposite.
    fn parity(&mut self, edges: &[Edge], odd: bool, unknown: i32) -> News {
        let open: Vec<Edge> = edges
            .iter()
            .copied()
            .filter(|&e| self.line(e) == EdgeState::Unknown)
            .collect();
        if open.len() as i32 != unknown {
            return None;
        }
        let mut news = None;
        let classes: Vec<(usize, bool)> = open.iter().map(|&e| self.class(e)).collect();
        match open.len() {
            2 if self.join(open[0], open[1], odd) => tell(&mut news, LoopyLevel::Hard),
            3 => {
                // (the two known in one class, the third)
                for (a, b, third) in [(0, 1, 2), (0, 2, 1), (1, 2, 0)] {
                    if classes[a].0 == classes[b].0 {
                        let line = odd ^ classes[a].1 ^ classes[b].1;
                        let state = if line {
                            EdgeState::Line
                        } else {
                            EdgeState::Cross
                        };
                        if self.set(open[third], state) {
                            tell(&mut news, LoopyLevel::Easy);
                        }
                    }
                }
            }
            4 => {
                // (the two known in one class, the other two), in Loopy's
                // order of trying.
                let splits = [
                    ((0, 1), (2, 3)),
                    ((0, 2), (1, 3)),
                    ((0, 3), (1, 2)),
                    ((1, 2), (0, 3)),
                    ((1, 3), (0, 2)),
                    ((2, 3), (0, 1)),
                ];
                if let Some(&((a, b), (c, d))) = splits
                    .iter()
                    .find(|((a, b), _)| classes[*a].0 == classes[*b].0)
                {
                    if self.join(open[c], open[d], odd ^ classes[a].1 ^ classes[b].1) {
                        tell(&mut news, LoopyLevel::Hard);
                    }
                }
            }
            _ => {}
        }
        news
    }

    /// **No early loop** (Easy; Loopy's `loop_deductions`).
    ///
    /// The lines join dots into chains. If one chain holds every line, is a
    /// loop, and every clue is met, the puzzle is solved. Otherwise, an
    /// unknown edge whose dots are in one chain would close that chain into
    /// a loop: it is crossed, unless the chain holds every line and the loop
    /// would meet every clue (each met already, or one short and beside this
    /// edge). Then the edge is made a line and the solver stops: it has
    /// found *an* answer but not proved it the only one, so Loopy calls the
    /// outcome ambiguous, not solved. (Had the answer been forced, another
    /// deduction would have drawn this edge first.)
    fn loops(&mut self) -> News {
        let graph = self.graph;
        let mut line_count = 0;
        for edge in graph.edges() {
            if self.line(edge) == EdgeState::Line {
                let [a, b] = graph.ends(edge).dots;
                // A line already in its chain closed a loop: nothing to do.
                let _ = self.chains.merge(a.0 as usize, b.0 as usize, false);
                line_count += 1;
            }
        }
        let (mut clues, mut met, mut one_short) = (0, 0, 0);
        for face in graph.faces() {
            let f = face.0 as usize;
            if let Some(clue) = self.clues.get(f).copied().flatten() {
                let lines = self.face_lines[f];
                if lines == i32::from(clue) {
                    met += 1;
                } else if lines == i32::from(clue) - 1 {
                    one_short += 1;
                }
                clues += 1;
            }
        }
        let mut shortest = graph.dot_count() as u32;
        for dot in 0..graph.dot_count() {
            let (root, _) = self.chains.find(dot);
            let size = self.chains.size[root];
            if size > 1 {
                shortest = shortest.min(size);
            }
        }
        // A chain of as many dots as there are lines is a loop of them all
        // (a path has one dot more than lines).
        if met == clues && shortest == line_count {
            self.status = Status::Solved;
            return Some(LoopyLevel::Easy);
        }
        let mut progress = false;
        for edge in graph.edges() {
            if self.line(edge) != EdgeState::Unknown {
                continue;
            }
            let ends = graph.ends(edge);
            let (root, _) = self.chains.find(ends.dots[0].0 as usize);
            if root != self.chains.find(ends.dots[1].0 as usize).0 {
                continue;
            }
            let mut state = EdgeState::Cross;
            if self.chains.size[root] == line_count + 1 {
                let beside = ends
                    .faces
                    .into_iter()
                    .flatten()
                    .filter(|face| {
                        let f = face.0 as usize;
                        self.clues
                            .get(f)
                            .copied()
                            .flatten()
                            .is_some_and(|clue| self.face_lines[f] == i32::from(clue) - 1)
                    })
                    .count();
                if one_short == beside && one_short + met == clues {
                    state = EdgeState::Line;
                }
            }
            progress = self.set(edge, state);
            if state == EdgeState::Line {
                self.status = Status::Ambiguous;
                break;
            }
        }
        progress.then_some(LoopyLevel::Easy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::fixtures::{fixtures, graph_of};
    use crate::graph::Builder;
    use std::collections::BTreeMap;

    /// The size, grid type and level of a `--generate` argument such as
    /// `7x7t5dt#slink1`; level `x` (no level) stands for a puzzle Loopy's
    /// own grader calls harder than Hard, ambiguous or impossible.
    fn made_by(arg: &str) -> (String, u32, Option<LoopyLevel>) {
        let (size, rest) = arg.split_once('t').expect("a grid type");
        let (kind, rest) = rest.split_once('d').expect("a level");
        let level = match rest.chars().next() {
            Some('e') => Some(LoopyLevel::Easy),
            Some('n') => Some(LoopyLevel::Normal),
            Some('t') => Some(LoopyLevel::Tricky),
            Some('h') => Some(LoopyLevel::Hard),
            Some('x') => None,
            other => panic!("no level {other:?} in {arg}"),
        };
        (size.to_string(), kind.parse().expect("a grid type"), level)
    }

    /// For each size, grid type and level: how many puzzles are graded at
    /// that level, of how many.
    type Table = BTreeMap<(String, u32, Option<LoopyLevel>), (usize, usize)>;

    /// Grades `(made_by, id)` pairs: the table, and the puzzles graded
    /// otherwise.
    fn grade_all<'a>(puzzles: impl Iterator<Item = (&'a str, &'a str)>) -> (Table, Vec<String>) {
        let mut table = Table::new();
        let mut wrong = Vec::new();
        for (arg, id) in puzzles {
            let key = made_by(arg);
            let want = key.2;
            let got = loopy_level(&graph_of(id));
            let cell = table.entry(key).or_default();
            cell.1 += 1;
            if got == want {
                cell.0 += 1;
            } else {
                wrong.push(format!("{arg} {id}: graded {got:?}"));
            }
        }
        (table, wrong)
    }

    /// The table, one line a size and grid type, a cell a level.
    fn print_table(table: &Table) {
        let mut rows: BTreeMap<(usize, &str, u32), Vec<String>> = BTreeMap::new();
        for ((size, kind, level), (agree, all)) in table {
            let name = level.map_or("none", LoopyLevel::name);
            rows.entry((size.len(), size, *kind))
                .or_default()
                .push(format!("{name} {agree}/{all}"));
        }
        for ((_, size, kind), cells) in rows {
            println!("{size:>5} t{kind:<2} {}", cells.join(", "));
        }
    }

    #[test]
    fn a_dot_s_pairs_go_clockwise_from_its_last_face_s_arriving_side() {
        // Two unit squares side by side; dot 1 is (1, 0), where edge 0 goes
        // left, edge 1 down and edge 4 right. Face 1 is the last at it, and
        // arrives at it by edge 1; clockwise on screen from down comes left,
        // then right.
        let mut b = Builder::new();
        b.face(&[(0, 0), (1, 0), (1, 1), (0, 1)]);
        b.face(&[(1, 0), (2, 0), (2, 1), (1, 1)]);
        let graph = b.finish();
        let corners = Corners::of(&graph);
        let (ring, first) = corners.ring(1);
        assert_eq!(ring, [Edge(1), Edge(0), Edge(4)]);
        // Face 0's corner 1 is the pair (1, 0); face 1's corner 0, (4, 1);
        // the pair (0, 4) spans the outside.
        assert_eq!(corners.face_pair(0, 1), first);
        assert_eq!(corners.face_pair(1, 0), first + 2);
        // Dot 0, a corner of the grid, has two pairs of the same two edges:
        // (3, 0) clockwise round the outside, (0, 3) round face 0.
        let (ring, first) = corners.ring(0);
        assert_eq!(ring, [Edge(3), Edge(0)]);
        assert_eq!(corners.face_pair(0, 0), first + 1);
    }

    #[test]
    fn every_face_corner_is_a_pair_of_its_two_sides_on_every_grid() {
        for fixture in fixtures().iter().filter(|f| f.made_by.ends_with("#slink1")) {
            let puzzle = graph_of(&fixture.id);
            let graph = &puzzle.graph;
            let corners = Corners::of(graph);
            assert_eq!(corners.edges.len(), 2 * graph.edge_count());
            for face in graph.faces() {
                let sides = graph.sides(face);
                let n = sides.len();
                for (k, dot) in graph.corners(face).iter().enumerate() {
                    let (ring, first) = corners.ring(dot.0 as usize);
                    let i = corners.face_pair(face.0 as usize, k) - first;
                    let pair = (ring[i], ring[(i + 1) % ring.len()]);
                    assert_eq!(
                        pair,
                        (sides[k], sides[(k + n - 1) % n]),
                        "{}",
                        fixture.made_by
                    );
                }
            }
            for dot in graph.dots() {
                let (ring, _) = corners.ring(dot.0 as usize);
                let mut ours = graph.dot_edges(dot).to_vec();
                let mut theirs = ring.to_vec();
                ours.sort();
                theirs.sort();
                assert_eq!(ours, theirs, "{} dot {}", fixture.made_by, dot.0);
            }
        }
    }

    #[test]
    fn every_edge_set_at_hard_is_loopy_s_answer() {
        let mut solved = 0;
        for fixture in fixtures() {
            let puzzle = graph_of(&fixture.id);
            let corners = Corners::of(&puzzle.graph);
            let (status, lines) = run(&puzzle, &corners, LoopyLevel::Hard);
            assert_ne!(status, Status::Mistake, "{}", fixture.made_by);
            for (e, (&state, &on)) in lines.iter().zip(&fixture.answer).enumerate() {
                let want = if on {
                    EdgeState::Line
                } else {
                    EdgeState::Cross
                };
                assert!(
                    state == EdgeState::Unknown || state == want,
                    "{}: edge {e} set {state:?}, Loopy's answer {want:?}",
                    fixture.made_by
                );
            }
            solved += usize::from(status == Status::Solved);
        }
        assert_eq!(solved, 192, "Loopy's solver solves all its puzzles at Hard");
    }

    #[test]
    fn grades_loopy_s_puzzles_at_loopy_s_levels() {
        let all = fixtures();
        let (table, wrong) = grade_all(all.iter().map(|f| (f.made_by.as_str(), f.id.as_str())));
        print_table(&table);
        assert!(wrong.is_empty(), "graded otherwise:\n{}", wrong.join("\n"));
        assert_eq!(table.values().map(|c| c.1).sum::<usize>(), 192);
    }

    /// The level of a game ID, and how the solver ends at `level`.
    fn ends_at(id: &str, level: LoopyLevel) -> (Option<LoopyLevel>, Status) {
        let puzzle = graph_of(id);
        let corners = Corners::of(&puzzle.graph);
        (loopy_level(&puzzle), run(&puzzle, &corners, level).0)
    }

    // The three puzzles below were made by changing clues of Loopy's
    // puzzles; their levels are those Loopy's own grader gives them
    // (`loopy.c` of Debian's 20230122 built with `STANDALONE_SOLVER`, run
    // with `-g`), and `slink` counts their answers.

    /// One answer, which Easy finds only by closing the loop on the guess
    /// that it is the answer: Loopy calls that ambiguous, and the puzzle
    /// Normal (a solver that took the guess as solving grades it Easy).
    #[test]
    fn a_loop_closed_by_its_guess_is_not_solved() {
        let id = "7x7t11:G-2344,-2182,288_033a23e2331a2a1a2c";
        assert_eq!(
            ends_at(id, LoopyLevel::Easy),
            (Some(LoopyLevel::Normal), Status::Ambiguous)
        );
    }

    /// Several answers: Normal closes one loop by its guess, and no level
    /// solves the puzzle.
    #[test]
    fn a_puzzle_with_several_answers_has_no_level() {
        let id = "7x7t0:a3a3a23a123b21e212a3b22b2a301h23c";
        assert_eq!(ends_at(id, LoopyLevel::Normal), (None, Status::Ambiguous));
        assert_eq!(ends_at(id, LoopyLevel::Hard).1, Status::Ambiguous);
    }

    /// One answer, but Hard stops short of it: sides it sets for being
    /// equal to each other are not news, the loop deduction then finds
    /// nothing, and the solver stops with the counts not run again. Loopy
    /// grades it harder than Hard; a solver that counted those sides as
    /// news, or ran every deduction after every step, would grade it Hard.
    #[test]
    fn sides_set_for_being_equal_are_not_news() {
        let id = "10x10t14:4a1a2c14a0a2c232a32221a3122b2422c2c22a11h023e22f2a2b123a0a1a1c1c4c11c21a2b4c003b3420a1d2b3a0a12a2d3a2d2c20b0a1c2a4b5b2b12224b5c223a12a2b2h22d2a2e23a2a2b1a4b3b4f32a31a22e1a42e122a23a2d322a22321b22b30c2a";
        assert_eq!(ends_at(id, LoopyLevel::Hard), (None, Status::Stuck));
    }

    /// No answer: two 4s side by side give the dot between them three
    /// lines, which Easy finds.
    #[test]
    fn a_puzzle_with_no_answer_has_no_level() {
        assert_eq!(
            ends_at("3x3t0:44g", LoopyLevel::Easy),
            (None, Status::Mistake)
        );
    }

    /// Grades the puzzles in the file named by `SLINK_LADDER_IDS` (lines of
    /// a `--generate` argument and a game ID, as `sgt-loopy --generate`
    /// makes them) and prints the table.
    #[test]
    #[ignore]
    fn grades_the_puzzles_in_slink_ladder_ids() {
        let Ok(path) = std::env::var("SLINK_LADDER_IDS") else {
            println!("SLINK_LADDER_IDS is not set");
            return;
        };
        let text = std::fs::read_to_string(&path).expect("the file of IDs");
        let pairs = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| line.split_once(' '));
        let (table, wrong) = grade_all(pairs);
        print_table(&table);
        for line in &wrong {
            println!("{line}");
        }
        assert!(wrong.is_empty(), "{} graded otherwise", wrong.len());
    }
}
