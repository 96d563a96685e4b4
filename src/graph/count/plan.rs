//! The order the count decides a graph's edges in, and what each step of it
//! needs to know: which dots and clued faces are on the *frontier* (some of
//! their edges decided, some not), in which slot of a state each is kept,
//! and when each comes and goes.
//!
//! The order is a sweep: the dots sorted by where they lie along a
//! direction, and the edges by their later dot, then their earlier one. A
//! dot is on the frontier from its first edge to its last, so the frontier
//! is the dots near the sweep's line, and the states grow with its length.
//! [`Plan::sweeps`] makes one plan for each of 24 directions, every 15°,
//! the narrowest first ([`Plan::cost`]); the count races them
//! ([`super::race`]), since where the clues leave edges open matters as
//! much as the frontier's length.

use crate::graph::count::forced::Forced;
use crate::graph::{Dot, Edge, Graph};

/// Where a dot of a step's edge is kept, whether the step is its last
/// edge, and what its edges after the step may still bring. (A dot's first
/// edge finds its slot clear: see [`super::state`].)
#[derive(Clone, Copy, Debug)]
pub(super) struct DotAt {
    pub(super) slot: usize,
    pub(super) leaves: bool,
    pub(super) later: Later,
}

/// Where a clued face of a step's edge is kept: its clue, whether the step
/// is its first side or its last, and what its sides after the step may
/// still bring.
#[derive(Clone, Copy, Debug)]
pub(super) struct FaceAt {
    pub(super) slot: usize,
    pub(super) clue: u8,
    pub(super) enters: bool,
    pub(super) leaves: bool,
    pub(super) later: Later,
}

/// Of a dot's or face's edges decided after a step: how many may be lines
/// (all but those forced empty) and how many must be (those forced lines).
/// A state whose dot or face needs more lines than the first, or has room
/// for fewer than the second, leads to no answer.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct Later {
    pub(super) may: u8,
    pub(super) must: u8,
}

impl Later {
    /// What `edges` still to come may bring.
    fn of(edges: impl Iterator<Item = Forced>) -> Later {
        let mut later = Later::default();
        for forced in edges {
            later.may += u8::from(forced != Forced::Empty);
            later.must += u8::from(forced == Forced::Line);
        }
        later
    }
}

/// One edge decided.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub(super) dots: [DotAt; 2],
    /// Its clued faces (an unclued face needs nothing kept).
    pub(super) faces: [Option<FaceAt>; 2],
    /// What the clues force of it.
    pub(super) forced: Forced,
    /// Whether a loop closed here may be an answer as far as the edges
    /// after it go: none of them is forced to be a line, and no clued face
    /// whose sides all come after it needs a line.
    pub(super) may_close: bool,
}

/// The steps of one order, and the room a state needs.
pub(super) struct Plan {
    pub(super) steps: Vec<Step>,
    /// The most dots on the frontier at once: a state's dot slots.
    pub(super) dot_slots: usize,
    /// The most clued faces on the frontier at once: its face slots.
    pub(super) face_slots: usize,
    /// The largest clue: what a face slot holds.
    pub(super) most_clue: u8,
    /// After each step, how many dots are on the frontier.
    widths: Vec<usize>,
}

impl Plan {
    /// One plan for each of 24 sweeping directions, least [`Plan::cost`]
    /// first.
    pub(super) fn sweeps(graph: &Graph, clues: &[Option<u8>], forced: &[Forced]) -> Vec<Plan> {
        let mut plans: Vec<Plan> = (0..24)
            .map(|k| {
                let angle = f64::from(k) * std::f64::consts::PI / 12.0;
                Plan::new(graph, clues, forced, &sweep(graph, angle))
            })
            .collect();
        plans.sort_by_key(Plan::cost);
        plans
    }

    /// The plan of deciding `order`'s edges (every edge once) in turn.
    pub(super) fn new(
        graph: &Graph,
        clues: &[Option<u8>],
        forced: &[Forced],
        order: &[Edge],
    ) -> Plan {
        // The step of each edge, and of each dot's and face's first and
        // last edge.
        let mut at = vec![0; graph.edge_count()];
        for (k, e) in order.iter().enumerate() {
            at[e.0 as usize] = k;
        }
        let span = |edges: &[Edge]| {
            let steps = edges.iter().map(|e| at[e.0 as usize]);
            (steps.clone().min().unwrap_or(0), steps.max().unwrap_or(0))
        };
        let dot_spans: Vec<(usize, usize)> =
            graph.dots().map(|d| span(graph.dot_edges(d))).collect();
        let face_spans: Vec<(usize, usize)> = graph.faces().map(|f| span(graph.sides(f))).collect();
        // Whether a loop may close at step k: no forced line and no clued
        // face needing a line wholly after it.
        let mut may_close = vec![true; order.len()];
        let mut later_need = vec![false; order.len() + 1];
        for f in graph.faces() {
            if clues[f.0 as usize].is_some_and(|c| c > 0) {
                let first = face_spans[f.0 as usize].0;
                later_need[first] = true;
            }
        }
        let mut need = false;
        for k in (0..order.len()).rev() {
            may_close[k] = !need;
            need |= later_need[k] || forced[order[k].0 as usize] == Forced::Line;
        }
        let mut dot_slots = Slots::default();
        let mut face_slots = Slots::default();
        let mut dot_slot = vec![usize::MAX; graph.dot_count()];
        let mut face_slot = vec![usize::MAX; graph.face_count()];
        let mut steps = Vec::with_capacity(order.len());
        let mut widths = Vec::with_capacity(order.len());
        for (k, &edge) in order.iter().enumerate() {
            let ends = graph.ends(edge);
            let later = |edges: &[Edge]| {
                let after = edges.iter().filter(|e| at[e.0 as usize] > k);
                Later::of(after.map(|e| forced[e.0 as usize]))
            };
            let dot_at = |d: Dot, slots: &mut Slots, dot_slot: &mut Vec<usize>| {
                let (first, last) = dot_spans[d.0 as usize];
                if first == k {
                    dot_slot[d.0 as usize] = slots.take();
                }
                DotAt {
                    slot: dot_slot[d.0 as usize],
                    leaves: last == k,
                    later: later(graph.dot_edges(d)),
                }
            };
            let dots = [
                dot_at(ends.dots[0], &mut dot_slots, &mut dot_slot),
                dot_at(ends.dots[1], &mut dot_slots, &mut dot_slot),
            ];
            let mut faces = [None, None];
            for (i, face) in ends.faces.iter().enumerate() {
                let Some(face) = *face else { continue };
                let f = face.0 as usize;
                let Some(clue) = clues[f] else { continue };
                let (first, last) = face_spans[f];
                if first == k {
                    face_slot[f] = face_slots.take();
                }
                faces[i] = Some(FaceAt {
                    slot: face_slot[f],
                    clue,
                    enters: first == k,
                    leaves: last == k,
                    later: later(graph.sides(face)),
                });
            }
            // Dots and faces whose last edge this is give their slots back
            // for the steps after.
            for d in dots.iter().filter(|d| d.leaves) {
                dot_slots.give(d.slot);
            }
            for face in faces.iter().flatten().filter(|f| f.leaves) {
                face_slots.give(face.slot);
            }
            steps.push(Step {
                dots,
                faces,
                forced: forced[edge.0 as usize],
                may_close: may_close[k],
            });
            widths.push(dot_slots.used);
        }
        let most_clue = clues.iter().flatten().copied().max().unwrap_or(0);
        Plan {
            steps,
            dot_slots: dot_slots.most,
            face_slots: face_slots.most,
            most_clue,
            widths,
        }
    }

    /// How costly the plan is thought to be: the most dots on its frontier
    /// at once (their paths are what the states hold), then the sum of them
    /// over the steps, then the most clued faces.
    pub(super) fn cost(&self) -> (usize, usize, usize) {
        let most = self.widths.iter().copied().max().unwrap_or(0);
        (most, self.widths.iter().sum(), self.face_slots)
    }
}

/// Slots of a state, taken and given back: the lowest free one is taken, so
/// that a plan is the same on every run.
#[derive(Default)]
struct Slots {
    free: Vec<usize>,
    used: usize,
    most: usize,
}

impl Slots {
    fn take(&mut self) -> usize {
        self.used += 1;
        if self.free.is_empty() {
            self.most += 1;
            return self.most - 1;
        }
        let (i, _) = self
            .free
            .iter()
            .enumerate()
            .min_by_key(|&(_, s)| *s)
            .unwrap_or((0, &0));
        self.free.swap_remove(i)
    }

    fn give(&mut self, slot: usize) {
        self.used -= 1;
        self.free.push(slot);
    }
}

/// The edges of `graph` in the order of a sweep at `angle` (radians; 0 is
/// left to right, on screen): the dots by how far along it they lie (then
/// across it, then by number), the edges by their later dot, and the edges
/// of one later dot by their earlier one.
fn sweep(graph: &Graph, angle: f64) -> Vec<Edge> {
    let (cos, sin) = (angle.cos(), angle.sin());
    let place = |d: Dot| {
        let (x, y) = graph.point(d);
        let (x, y) = (x as f64, y as f64);
        // Rounded, so that dots the sweep meets together tie exactly.
        let along = (x * cos + y * sin) * 1024.0;
        let across = (y * cos - x * sin) * 1024.0;
        (along.round() as i64, across.round() as i64, d.0)
    };
    let mut dots: Vec<Dot> = graph.dots().collect();
    dots.sort_by_key(|&d| place(d));
    let mut rank = vec![0; graph.dot_count()];
    for (i, d) in dots.iter().enumerate() {
        rank[d.0 as usize] = i;
    }
    let mut edges: Vec<Edge> = graph.edges().collect();
    edges.sort_by_key(|&e| {
        let [a, b] = graph.ends(e).dots.map(|d| rank[d.0 as usize]);
        (a.max(b), a.min(b))
    });
    edges
}
