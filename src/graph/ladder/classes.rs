//! Hard's deductions (Loopy's `linedsf_deductions`): edges known equal or
//! opposite, kept in classes, and the parity of faces and dots.

use super::{tell, Ladder, LoopyLevel, News, AT_LEAST_ONE, AT_MOST_ONE};
use crate::graph::steps::{Place, Technique};
use crate::graph::{Edge, Face};
use crate::slink::board::EdgeState;

/// A union-find over `0..n` whose root is always the least member (as
/// Loopy's `dsf.c` makes it), with each member's parity to its root and
/// each class's size.
#[derive(Clone, Debug)]
pub(super) struct Forest {
    pub(super) parent: Vec<u32>,
    /// Whether a member is opposite to its parent.
    pub(super) flip: Vec<bool>,
    /// At a root: the class's size.
    pub(super) size: Vec<u32>,
}

impl Forest {
    /// `n` members, each alone.
    pub(super) fn new(n: usize) -> Forest {
        Forest {
            parent: (0..n as u32).collect(),
            flip: vec![false; n],
            size: vec![1; n],
        }
    }

    /// A member's root, and whether the member is opposite to it.
    #[inline]
    pub(super) fn find(&mut self, member: usize) -> (usize, bool) {
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

    /// A member's root, and whether the member is opposite to it, without
    /// shortening any path (for the log, which must change nothing).
    pub(super) fn root(&self, member: usize) -> (usize, bool) {
        let (mut at, mut flip) = (member, false);
        while self.parent[at] as usize != at {
            flip ^= self.flip[at];
            at = self.parent[at] as usize;
        }
        (at, flip)
    }

    /// Puts `a` and `b` in one class, opposite if `opposite`: `Ok(true)` if
    /// that is new, `Ok(false)` if known, `Err` if they are known the other
    /// way.
    #[inline]
    pub(super) fn merge(&mut self, a: usize, b: usize, opposite: bool) -> Result<bool, ()> {
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

impl Ladder<'_> {
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
    pub(super) fn classes(&mut self) -> News {
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
            if let Some(level) = self.parity(graph.sides(face), odd, unknown, Place::Face(face)) {
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
                let (at, opposite) = (Place::Dot(dot), Technique::OppositePair);
                if c1 == c2 && i1 != i2 {
                    if self.give(pair, AT_MOST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                        self.record(opposite, at, |r| r.relation(e1, e2));
                    }
                    if self.give(pair, AT_LEAST_ONE) {
                        tell(&mut news, LoopyLevel::Normal);
                        self.record(opposite, at, |r| r.relation(e1, e2));
                    }
                    continue;
                }
                if self.has(pair, AT_MOST_ONE) && self.has(pair, AT_LEAST_ONE) {
                    if self.join(e1, e2, true) {
                        tell(&mut news, LoopyLevel::Hard);
                        self.record(opposite, at, |r| r.exactly_one(pair));
                    } else if self.status == super::Status::Mistake {
                        self.record(opposite, at, |r| r.exactly_one(pair));
                    }
                }
            }
            let lines = self.dot_lines[d];
            let unknown = n as i32 - lines - self.dot_crosses[d];
            if let Some(level) = self.parity(ring, lines % 2 == 1, unknown, Place::Dot(dot)) {
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
            let (at, class) = (Place::Edges, Technique::ClassDecided);
            if state != EdgeState::Unknown {
                // (Set as it is already, the edge changes nothing, and no
                // step fires to be recorded.)
                if self.line(edge) != flipped(state) {
                    if self.set(edge, flipped(state)) {
                        tell(&mut news, LoopyLevel::Easy);
                    }
                    self.record(class, at, |r| r.edges(&[root]).relation(edge, root));
                }
            } else {
                let state = self.line(edge);
                if state != EdgeState::Unknown && self.set(root, flipped(state)) {
                    tell(&mut news, LoopyLevel::Easy);
                    self.record(class, at, |r| r.edges(&[edge]).relation(root, edge));
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
                    // Both set, as Loopy sets them, whether or not the
                    // first was.
                    let changed = self.set(a, state) | self.set(b, state);
                    if changed {
                        // One line short reads the lines, one cross short
                        // the crosses.
                        let read = state.opposite();
                        self.record(Technique::EqualSides, Place::Face(face), |r| {
                            r.face_with(face, read).relation(a, b)
                        });
                    }
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
    fn parity(&mut self, edges: &[Edge], odd: bool, unknown: i32, at: Place) -> News {
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
        let parity = Technique::Parity;
        match open.len() {
            2 => {
                if self.join(open[0], open[1], odd) {
                    tell(&mut news, LoopyLevel::Hard);
                    self.record(parity, at, |r| r.edges(edges));
                } else if self.status == super::Status::Mistake {
                    self.record(parity, at, |r| r.edges(edges));
                }
            }
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
                        let (a, b) = (open[a], open[b]);
                        self.record(parity, at, |r| r.edges(edges).relation(a, b));
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
                    let (ea, eb) = (open[a], open[b]);
                    if self.join(open[c], open[d], odd ^ classes[a].1 ^ classes[b].1) {
                        tell(&mut news, LoopyLevel::Hard);
                        self.record(parity, at, |r| r.edges(edges).relation(ea, eb));
                    } else if self.status == super::Status::Mistake {
                        self.record(parity, at, |r| r.edges(edges).relation(ea, eb));
                    }
                }
            }
            _ => {}
        }
        news
    }
}
