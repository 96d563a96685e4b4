//! The solver's side of its log ([`crate::graph::steps`]): what each
//! deduction read, gathered from the solver's state when a step is recorded.
//!
//! A deduction calls [`Ladder::record`] (or [`Ladder::fail`]) after it has
//! fired, with what it read; without a log that is one test of an `Option`,
//! and the reads are never gathered. The reads are gathered after the step's
//! own changes: its own edges are left out by the log, and what a pass over
//! a face read before its first change is found from the log
//! ([`Read::face_bounds`]).

use super::{Ladder, Status, AT_LEAST_ONE, AT_MOST_ONE};
use crate::graph::steps::{Conflict, Fact, Place, Reads, Source, Technique};
use crate::graph::{Dot, Edge, Face};
use crate::slink::board::EdgeState;

/// What the solver tells its log of, as it happens.
#[derive(Clone, Copy)]
pub(super) enum Told {
    /// An edge set from unknown.
    Set(Edge, EdgeState),
    /// A corner pair's bit learnt.
    Bit(usize, u8),
    /// A class (its root) merged into another (its root), and the relation.
    Merge(usize, usize, Fact),
    /// A mistake met.
    Conflict(Conflict),
    /// A mistake that went against a relation of a class (its root).
    Clash(usize),
}

/// What a deduction read, being gathered.
pub(super) struct Read<'a, 'p> {
    ladder: &'a Ladder<'p>,
    reads: Reads,
}

impl<'p> Ladder<'p> {
    /// Records what was done since the last step as a step of `technique`
    /// at `at`, which read what `read` gathers (nothing without a log).
    #[inline(always)]
    pub(super) fn record(
        &mut self,
        technique: Technique,
        at: Place,
        read: impl for<'a> FnOnce(Read<'a, 'p>) -> Read<'a, 'p>,
    ) {
        if self.log.is_some() {
            self.record_now(technique, at, read);
        }
    }

    /// [`Ladder::record`] with a log, kept out of the deductions' loops.
    #[cold]
    #[inline(never)]
    fn record_now(
        &mut self,
        technique: Technique,
        at: Place,
        read: impl for<'a> FnOnce(Read<'a, 'p>) -> Read<'a, 'p>,
    ) {
        let reads = read(Read {
            ladder: self,
            reads: Reads::default(),
        })
        .reads;
        if let Some(log) = self.log.as_deref_mut() {
            log.record(technique, at, reads);
        }
    }

    /// Tells the log, if there is one, of a change or a mistake (kept out
    /// of the deductions' loops).
    #[cold]
    #[inline(never)]
    pub(super) fn tell_log(&mut self, told: Told) {
        let fact = match told {
            Told::Bit(pair, bit) => Some(self.bit_fact(pair, bit)),
            _ => None,
        };
        let Some(log) = self.log.as_deref_mut() else {
            return;
        };
        match (told, fact) {
            (Told::Set(edge, state), _) => log.set(edge, state),
            (Told::Bit(pair, bit), Some(fact)) => log.bit(pair, bit, fact),
            (Told::Merge(root, old, fact), _) => log.merge(root, old, fact),
            (Told::Conflict(conflict), _) => log.conflict(conflict),
            (Told::Clash(root), _) => log.clash(root),
            (Told::Bit(..), None) => {}
        }
    }

    /// A mistake found by `technique` at `at`, which read what `read`
    /// gathers: the run has no answer. Returns the news of it (to Easy,
    /// which stops the run).
    pub(super) fn fail(
        &mut self,
        technique: Technique,
        at: Place,
        conflict: Conflict,
        read: impl for<'a> FnOnce(Read<'a, 'p>) -> Read<'a, 'p>,
    ) -> super::News {
        self.status = Status::Mistake;
        if self.log.is_some() {
            self.tell_log(Told::Conflict(conflict));
        }
        self.record(technique, at, read);
        Some(super::LoopyLevel::Easy)
    }

    /// A corner pair's two edges, clockwise round its dot.
    pub(super) fn pair_edges(&self, pair: usize) -> (Edge, Edge) {
        let starts = &self.corners.starts;
        let dot = starts.partition_point(|&s| s <= pair) - 1;
        let (ring, first) = self.corners.ring(dot);
        let i = pair - first;
        (ring[i], ring[(i + 1) % ring.len()])
    }

    /// The fact a corner pair's bit states.
    pub(super) fn bit_fact(&self, pair: usize, bit: u8) -> Fact {
        let (a, b) = self.pair_edges(pair);
        match bit {
            AT_MOST_ONE => Fact::AtMostOne(a, b),
            _ => Fact::AtLeastOne(a, b),
        }
    }
}

impl Read<'_, '_> {
    /// These edges (those decided count).
    pub(super) fn edges(mut self, edges: &[Edge]) -> Self {
        self.reads.edges.extend_from_slice(edges);
        self
    }

    /// A face's sides.
    pub(super) fn face(self, face: Face) -> Self {
        let sides = self.ladder.graph.sides(face);
        self.edges(sides)
    }

    /// A face's sides in one state.
    pub(super) fn face_with(mut self, face: Face, state: EdgeState) -> Self {
        let ladder = self.ladder;
        let sides = ladder.graph.sides(face).iter().copied();
        self.reads
            .edges
            .extend(sides.filter(|&e| ladder.line(e) == state));
        self
    }

    /// A dot's edges.
    pub(super) fn dot(self, dot: usize) -> Self {
        let (ring, _) = self.ladder.corners.ring(dot);
        self.edges(ring)
    }

    /// A dot's edges in one state.
    pub(super) fn dot_with(mut self, dot: usize, state: EdgeState) -> Self {
        let ladder = self.ladder;
        let (ring, _) = ladder.corners.ring(dot);
        let ring = ring.iter().copied();
        self.reads
            .edges
            .extend(ring.filter(|&e| ladder.line(e) == state));
        self
    }

    /// The lines of the chain of lines through a dot.
    pub(super) fn chain(mut self, dot: Dot) -> Self {
        let ladder = self.ladder;
        let (root, _) = ladder.chains.root(dot.0 as usize);
        let graph = ladder.graph;
        let lines = graph.edges().filter(|&e| {
            let [a, _] = graph.ends(e).dots;
            ladder.line(e) == EdgeState::Line && ladder.chains.root(a.0 as usize).0 == root
        });
        self.reads.edges.extend(lines);
        self
    }

    /// Every line.
    pub(super) fn lines(mut self) -> Self {
        let ladder = self.ladder;
        let lines = ladder
            .graph
            .edges()
            .filter(|&e| ladder.line(e) == EdgeState::Line);
        self.reads.edges.extend(lines);
        self
    }

    /// A corner pair's bit.
    pub(super) fn pair(mut self, pair: usize, bit: u8) -> Self {
        let fact = self.ladder.bit_fact(pair, bit);
        self.reads.facts.push((fact, Source::Bit(pair, bit)));
        self
    }

    /// Both a corner pair's bits: it holds exactly one line.
    pub(super) fn exactly_one(self, pair: usize) -> Self {
        self.pair(pair, AT_MOST_ONE).pair(pair, AT_LEAST_ONE)
    }

    /// How two edges of one class are related.
    pub(super) fn relation(mut self, a: Edge, b: Edge) -> Self {
        let classes = &self.ladder.classes;
        let (root, flip_a) = classes.root(a.0 as usize);
        let (_, flip_b) = classes.root(b.0 as usize);
        let fact = match flip_a != flip_b {
            true => Fact::Opposite(a, b),
            false => Fact::Equal(a, b),
        };
        self.reads.facts.push((fact, Source::Class(root)));
        self
    }

    /// What the bounds round a face read when its pass began: its sides,
    /// and the bits of its corner pairs that they used (a pair's at most
    /// one while neither side was crossed, its at least one while neither
    /// was a line). The log tells what the pass has done since: the edges
    /// its steps set, the bits they learnt.
    pub(super) fn face_bounds(self, face: Face) -> Self {
        let ladder = self.ladder;
        let Some(log) = ladder.log.as_deref() else {
            return self;
        };
        let passes = [Technique::FaceBounds, Technique::CornerPairs];
        let start = log.pass_start(Place::Face(face), &passes);
        let since = |by: Option<usize>| by.is_some_and(|step| step >= start);
        let before = |e: Edge| match log.set_by(e) {
            // Set by this pass, or by the step being recorded.
            by if since(by) || by == Some(log.steps.len()) => EdgeState::Unknown,
            _ => ladder.line(e),
        };
        let sides = ladder.graph.sides(face);
        let n = sides.len();
        let mut read = self.face(face);
        for k in 0..n {
            let pair = ladder.corners.face_pair(face.0 as usize, k);
            let pair_sides = [before(sides[(k + n - 1) % n]), before(sides[k])];
            for (bit, moot) in [
                (AT_MOST_ONE, EdgeState::Cross),
                (AT_LEAST_ONE, EdgeState::Line),
            ] {
                let known = ladder.has(pair, bit) && !since(log.bit_learnt_by(pair, bit));
                if known && !pair_sides.contains(&moot) {
                    read = read.pair(pair, bit);
                }
            }
        }
        read
    }
}
