//! Normal's and Tricky's deductions (Loopy's `dline_deductions`): the
//! corner pairs, two edges next to each other round a dot, and what each
//! holds.

use super::{tell, Ladder, LoopyLevel, News, AT_LEAST_ONE, AT_MOST_ONE};
use crate::graph::steps::{Conflict, Place, Technique};
use crate::graph::{Edge, Face, Graph};
use crate::slink::board::EdgeState;

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
pub(super) struct Corners {
    /// Dot `d`'s edges are `edges[starts[d]..starts[d + 1]]`, and its pair
    /// `i` is numbered `starts[d] + i`.
    pub(super) starts: Vec<usize>,
    pub(super) edges: Vec<Edge>,
    /// Face `f`'s corner `k` (the pair of its sides `k - 1` and `k`, at its
    /// corner `k`) is pair `face_pairs[face_starts[f] + k]`.
    pub(super) face_starts: Vec<usize>,
    pub(super) face_pairs: Vec<usize>,
}

impl Corners {
    /// The dots' turns and the faces' corner pairs of a graph.
    pub(super) fn of(graph: &Graph) -> Corners {
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
    pub(super) fn ring(&self, dot: usize) -> (&[Edge], usize) {
        let (from, to) = (self.starts[dot], self.starts[dot + 1]);
        (&self.edges[from..to], from)
    }

    /// The pair at a face's corner `k`.
    pub(super) fn face_pair(&self, face: usize, k: usize) -> usize {
        self.face_pairs[self.face_starts[face] + k]
    }
}

/// Whether pair `other` round a dot of `n` edges shares an edge with pair
/// `pair` (is it, or one either side of it).
pub(super) fn touching(pair: usize, other: usize, n: usize) -> bool {
    other == pair || other == (pair + 1) % n || (other + 1) % n == pair
}

impl Ladder<'_> {
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
    pub(super) fn pairs(&mut self) -> News {
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
                let at = Place::Face(face);
                let bounds = Technique::FaceBounds;
                if least > clue {
                    let conflict = Conflict::RestAtLeast(edge, least);
                    return self.fail(bounds, at, conflict, |r| r.face_bounds(face));
                }
                if least == clue {
                    self.set(edge, EdgeState::Cross);
                    tell(&mut news, LoopyLevel::Easy);
                    self.record(bounds, at, |r| r.face_bounds(face));
                }
                if most < clue - 1 {
                    let conflict = Conflict::RestAtMost(edge, most);
                    return self.fail(bounds, at, conflict, |r| r.face_bounds(face));
                }
                if most == clue - 1 {
                    self.set(edge, EdgeState::Line);
                    tell(&mut news, LoopyLevel::Easy);
                    self.record(bounds, at, |r| r.face_bounds(face));
                }
                // Loopy goes on to side j's corner pair even if side j was
                // just set: its bounds still hold.
                if tricky {
                    if self.line(sides[k]) != EdgeState::Unknown {
                        continue;
                    }
                    let pair = self.corners.face_pair(f, k);
                    let k2 = (k + 1) % n;
                    let corner = Technique::CornerPairs;
                    if mins[k2 * n + j] > clue - 2 && self.give(pair, AT_MOST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                        self.record(corner, at, |r| r.face_bounds(face));
                    }
                    if maxs[k2 * n + j] < clue && self.give(pair, AT_LEAST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                        self.record(corner, at, |r| r.face_bounds(face));
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
            let at = Place::Dot(dot);
            let (pairs, across) = (Technique::DotPairs, Technique::DotAcross);
            for j in 0..n {
                let k = (j + 1) % n;
                let pair = first_pair + j;
                let (e1, e2) = (ring[j], ring[k]);
                let (line1, line2) = (self.line(e1), self.line(e2));
                if (line1 == EdgeState::Cross || line2 == EdgeState::Cross)
                    && self.give(pair, AT_MOST_ONE)
                {
                    tell(&mut news, LoopyLevel::Normal);
                    self.record(pairs, at, |r| r.edges(&[e1, e2]));
                }
                if (line1 == EdgeState::Line || line2 == EdgeState::Line)
                    && self.give(pair, AT_LEAST_ONE)
                {
                    tell(&mut news, LoopyLevel::Normal);
                    self.record(pairs, at, |r| r.edges(&[e1, e2]));
                }
                if self.has(pair, AT_MOST_ONE) {
                    if line1 == EdgeState::Line && line2 == EdgeState::Unknown {
                        self.set(e2, EdgeState::Cross);
                        tell(&mut news, LoopyLevel::Easy);
                        self.record(pairs, at, |r| r.edges(&[e1]).pair(pair, AT_MOST_ONE));
                    }
                    if line2 == EdgeState::Line && line1 == EdgeState::Unknown {
                        self.set(e1, EdgeState::Cross);
                        tell(&mut news, LoopyLevel::Easy);
                        self.record(pairs, at, |r| r.edges(&[e2]).pair(pair, AT_MOST_ONE));
                    }
                }
                if self.has(pair, AT_LEAST_ONE) {
                    if line1 == EdgeState::Cross && line2 == EdgeState::Unknown {
                        self.set(e2, EdgeState::Line);
                        tell(&mut news, LoopyLevel::Easy);
                        self.record(pairs, at, |r| r.edges(&[e1]).pair(pair, AT_LEAST_ONE));
                    }
                    if line2 == EdgeState::Cross && line1 == EdgeState::Unknown {
                        self.set(e1, EdgeState::Line);
                        tell(&mut news, LoopyLevel::Easy);
                        self.record(pairs, at, |r| r.edges(&[e2]).pair(pair, AT_LEAST_ONE));
                    }
                }
                // The rest is for two unknown edges (as they were read
                // above); with one decided, the lines above did the work.
                if line1 != EdgeState::Unknown || line2 != EdgeState::Unknown {
                    continue;
                }
                // The dot's count read at its start: its decided edges.
                if yes == 0 && unknown == 2 {
                    if self.has(pair, AT_MOST_ONE) {
                        self.set(e1, EdgeState::Cross);
                        self.set(e2, EdgeState::Cross);
                        tell(&mut news, LoopyLevel::Easy);
                        self.record(pairs, at, |r| r.dot(d).pair(pair, AT_MOST_ONE));
                    }
                    if self.has(pair, AT_LEAST_ONE) {
                        self.set(e1, EdgeState::Line);
                        self.set(e2, EdgeState::Line);
                        tell(&mut news, LoopyLevel::Easy);
                        self.record(pairs, at, |r| r.dot(d).pair(pair, AT_LEAST_ONE));
                    }
                }
                if yes == 1 {
                    if self.give(pair, AT_MOST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                        self.record(pairs, at, |r| r.dot_with(d, EdgeState::Line));
                    }
                    if unknown == 2 && self.give(pair, AT_LEAST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                        self.record(pairs, at, |r| r.dot(d));
                    }
                }
                if tricky && self.has(pair, AT_LEAST_ONE) {
                    let mut learnt = false;
                    for other in (0..n).filter(|&o| !touching(j, o, n)) {
                        if self.give(first_pair + other, AT_MOST_ONE) {
                            tell(&mut news, LoopyLevel::Normal);
                            learnt = true;
                        }
                    }
                    if learnt {
                        self.record(across, at, |r| r.pair(pair, AT_LEAST_ONE));
                    }
                    if yes == 0 && self.has(pair, AT_MOST_ONE) {
                        if unknown == 3 {
                            for other in (0..n).filter(|&o| o != j && o != k) {
                                if self.line(ring[other]) == EdgeState::Unknown {
                                    self.set(ring[other], EdgeState::Line);
                                    tell(&mut news, LoopyLevel::Easy);
                                    self.record(across, at, |r| r.dot(d).exactly_one(pair));
                                }
                            }
                        } else if unknown == 4 && self.opposite_pair_at_least_one(d, j) {
                            tell(&mut news, LoopyLevel::Normal);
                            self.record(across, at, |r| r.dot(d).exactly_one(pair));
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
}
