//! Easy's deductions (Loopy's `trivial_deductions` and `loop_deductions`):
//! a clue's count and a dot's count, and no early loop.

use super::{tell, Ladder, LoopyLevel, News, Status};
use crate::graph::steps::{Conflict, Place, Technique};
use crate::graph::{Dot, Edge, Face};
use crate::slink::board::EdgeState;

impl Ladder<'_> {
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
    pub(super) fn counts(&mut self) -> News {
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
            let at = Place::Face(face);
            if clue < lines {
                let conflict = Conflict::FaceLines { lines, clue };
                return self.fail(Technique::ClueMet, at, conflict, |r| {
                    r.face_with(face, EdgeState::Line)
                });
            }
            if clue == lines {
                if self.set_face(face, EdgeState::Cross) {
                    tell(&mut news, LoopyLevel::Easy);
                    self.record(Technique::ClueMet, at, |r| {
                        r.face_with(face, EdgeState::Line)
                    });
                }
                self.face_done[f] = true;
                continue;
            }
            if order - clue < crosses {
                let conflict = Conflict::FaceCrosses {
                    crosses,
                    sides: order,
                    clue,
                };
                return self.fail(Technique::ClueFull, at, conflict, |r| {
                    r.face_with(face, EdgeState::Cross)
                });
            }
            if order - clue == crosses {
                if self.set_face(face, EdgeState::Line) {
                    tell(&mut news, LoopyLevel::Easy);
                    self.record(Technique::ClueFull, at, |r| {
                        r.face_with(face, EdgeState::Cross)
                    });
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
                    // The corner's dot and its lines were read too.
                    let [a, b] = self.graph.ends(e1).dots;
                    let corner = if self.graph.ends(e2).dots.contains(&a) {
                        a
                    } else {
                        b
                    };
                    self.record(Technique::ClueCorner, at, |r| {
                        r.face_with(face, EdgeState::Cross)
                            .edges(&[e1, e2])
                            .dot_with(corner.0 as usize, EdgeState::Line)
                    });
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
            let at = Place::Dot(dot);
            match lines {
                0 => {
                    if unknown == 0 {
                        self.dot_done[d] = true;
                    } else if unknown == 1 {
                        self.set_dot(d, EdgeState::Cross);
                        tell(&mut news, LoopyLevel::Easy);
                        self.record(Technique::DotDeadEnd, at, |r| r.dot(d));
                        self.dot_done[d] = true;
                    }
                }
                1 => {
                    if unknown == 0 {
                        return self
                            .fail(Technique::DotOneWay, at, Conflict::DeadEnd, |r| r.dot(d));
                    } else if unknown == 1 {
                        self.set_dot(d, EdgeState::Line);
                        tell(&mut news, LoopyLevel::Easy);
                        self.record(Technique::DotOneWay, at, |r| r.dot(d));
                    }
                }
                2 => {
                    if unknown > 0 {
                        self.set_dot(d, EdgeState::Cross);
                        tell(&mut news, LoopyLevel::Easy);
                        self.record(Technique::DotFull, at, |r| r.dot_with(d, EdgeState::Line));
                    }
                    self.dot_done[d] = true;
                }
                _ => {
                    let conflict = Conflict::DotLines(lines);
                    return self.fail(Technique::DotFull, at, conflict, |r| {
                        r.dot_with(d, EdgeState::Line)
                    });
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
    pub(super) fn loops(&mut self) -> News {
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
            let dot: Dot = ends.dots[0];
            if state == EdgeState::Line {
                // Every line, and every clue: met, or one short beside it.
                self.record(Technique::LoopGuess, Place::Edges, |r| r.lines());
                self.status = Status::Ambiguous;
                break;
            }
            self.record(Technique::EarlyLoop, Place::Edges, |r| r.chain(dot));
        }
        progress.then_some(LoopyLevel::Easy)
    }
}
