//! The steps of Loopy's solver ([`crate::graph::ladder`]) as a log, and
//! their words, for `--explain` and `--hint` on Loopy's grids.
//!
//! A step is one deduction that changed something: its technique in Loopy's
//! terms ([`Technique`]), the face or dot it is about, the edges it set and
//! the facts it learnt (about corner pairs, Loopy's "dlines", and classes of
//! equal or opposite edges, Loopy's "linedsf"), the facts it read, and the
//! decided edges it rests on (`because`).
//!
//! What the log holds to:
//! - a step's `because` edges were all decided before it, and none is an
//!   edge it sets. With the clues they force the step: each is an edge the
//!   deduction read, or one that a fact it read was learnt from (a fact's
//!   reasons are the `because` of the step that learnt it; a class's, those
//!   of every merge that made it, which may be more than a relation between
//!   two of its edges needs, never less);
//! - the log changes nothing the solver does: the solver tells it what it
//!   did, and only when a deduction fires;
//! - after a contradiction the log takes nothing more (the solver's pass
//!   runs on to its end, as Loopy's does, but what it does then is moot).

mod words;

use std::collections::HashMap;

use crate::graph::{Dot, Edge, Face};
use crate::slink::board::EdgeState;

/// A deduction of Loopy's solver, named as its players would, cheapest
/// first (the order of the summary).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) enum Technique {
    /// A face with its clue's lines has its other sides crossed.
    ClueMet,
    /// A face with as many crosses as it can take has its other sides lines.
    ClueFull,
    /// One cross short: two unknown sides meeting at a dot with a line
    /// cannot both be lines, so the face's other unknown sides are.
    ClueCorner,
    /// A dot with two lines has its other edges crossed.
    DotFull,
    /// A dot with one line and one unknown edge: the line goes on by it.
    DotOneWay,
    /// A dot with no line and one unknown edge: it is crossed.
    DotDeadEnd,
    /// An edge that would close a chain of lines into a loop too early.
    EarlyLoop,
    /// The edge that closes the one loop that would meet every clue, drawn
    /// on the guess that it is the answer (Loopy calls the result
    /// ambiguous).
    LoopGuess,
    /// Round a clued face, bounds on the lines of its runs of sides.
    FaceBounds,
    /// What a corner pair at a dot holds, and what it decides.
    DotPairs,
    /// A face's bounds tell a corner's pair what it holds (Tricky).
    CornerPairs,
    /// A pair holding a line tells the pairs across its dot (Tricky).
    DotAcross,
    /// Two sides known equal, on a face one line or one cross short.
    EqualSides,
    /// A corner pair holding exactly one line is two opposite edges, and
    /// back.
    OppositePair,
    /// The parity of a face's or a dot's unknown lines.
    Parity,
    /// An edge decided decides its class.
    ClassDecided,
}

impl Technique {
    /// The tag `--explain` writes in brackets.
    pub(crate) fn tag(self) -> &'static str {
        match self {
            Technique::ClueMet | Technique::ClueFull | Technique::ClueCorner => "clue",
            Technique::DotFull | Technique::DotOneWay | Technique::DotDeadEnd => "dot",
            Technique::EarlyLoop => "loop",
            Technique::LoopGuess => "guess",
            Technique::FaceBounds | Technique::DotPairs => "pairs",
            Technique::CornerPairs | Technique::DotAcross => "chains",
            Technique::EqualSides | Technique::OppositePair | Technique::ClassDecided => "classes",
            Technique::Parity => "parity",
        }
    }

    /// What it says, in a few words.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Technique::ClueMet => "clue met",
            Technique::ClueFull => "clue needs every side left",
            Technique::ClueCorner => "one cross short, two sides at a line",
            Technique::DotFull => "dot with two lines",
            Technique::DotOneWay => "line with one way on",
            Technique::DotDeadEnd => "dot with one edge left",
            Technique::EarlyLoop => "no early loop",
            Technique::LoopGuess => "the loop closed on a guess",
            Technique::FaceBounds => "lines round a face",
            Technique::DotPairs => "pairs at a dot",
            Technique::CornerPairs => "a face's corner",
            Technique::DotAcross => "pairs across a dot",
            Technique::EqualSides => "equal sides",
            Technique::OppositePair => "opposite edges at a corner",
            Technique::Parity => "parity",
            Technique::ClassDecided => "an edge's class",
        }
    }
}

/// What a step is about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    Face(Face),
    Dot(Dot),
    /// The edges named in the step say it all (a loop, a class).
    Edges,
}

/// A fact about two edges.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Fact {
    /// A corner pair holds at most one line.
    AtMostOne(Edge, Edge),
    /// A corner pair holds at least one line.
    AtLeastOne(Edge, Edge),
    /// Both lines or both crosses.
    Equal(Edge, Edge),
    /// One line and one cross.
    Opposite(Edge, Edge),
}

/// A fact a step read, and the face whose clue taught it, if a face's
/// bounds did (the clue is a reason no edge names).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Known {
    pub(crate) fact: Fact,
    pub(crate) by: Option<Face>,
}

/// Where a fact's reasons are kept: a corner pair's bit (Loopy's dline
/// number and the bit), or the class of edges it is a relation in (its
/// root).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Source {
    Bit(usize, u8),
    Class(usize),
}

/// What a deduction read: edges (those decided count) and facts.
#[derive(Default)]
pub(crate) struct Reads {
    pub(crate) edges: Vec<Edge>,
    pub(crate) facts: Vec<(Fact, Source)>,
}

/// What was wrong where the solver found a mistake.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Conflict {
    /// An edge the step would set is decided the other way.
    Set(Edge, EdgeState),
    /// Two edges the step would make opposite (if `true`) or equal are
    /// known to be the other.
    Relation(Edge, Edge, bool),
    /// More lines round a face than its clue.
    FaceLines { lines: i32, clue: i32 },
    /// More crosses round a face than its sides less its clue.
    FaceCrosses { crosses: i32, sides: i32, clue: i32 },
    /// More than two lines at a dot.
    DotLines(i32),
    /// A line that ends at a dot with no edge left.
    DeadEnd,
    /// Besides this side, a face must hold at least this many lines, more
    /// than its clue.
    RestAtLeast(Edge, i32),
    /// Besides this side, a face can hold at most this many lines, two or
    /// more fewer than its clue.
    RestAtMost(Edge, i32),
}

/// One deduction that changed something.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    pub(crate) technique: Technique,
    pub(crate) at: Place,
    /// The edges it set, in order.
    pub(crate) set: Vec<(Edge, EdgeState)>,
    /// The facts it learnt.
    pub(crate) learnt: Vec<Fact>,
    /// The facts it read.
    pub(crate) knowing: Vec<Known>,
    /// The decided edges it rests on, in the order they were decided.
    pub(crate) because: Vec<(Edge, EdgeState)>,
}

/// Where the solver found a mistake, and what it rests on.
#[derive(Clone, Debug)]
pub(crate) struct Broke {
    pub(crate) technique: Technique,
    pub(crate) at: Place,
    pub(crate) conflict: Conflict,
    pub(crate) knowing: Vec<Known>,
    pub(crate) because: Vec<(Edge, EdgeState)>,
}

/// What the solver has done since the last step was recorded.
#[derive(Default)]
struct Pending {
    set: Vec<(Edge, EdgeState)>,
    bits: Vec<(usize, u8, Fact)>,
    /// Classes merged: the new root, the old root merged into it, and the
    /// relation.
    merges: Vec<(usize, usize, Fact)>,
    conflict: Option<Conflict>,
    /// The class whose relation a mistake went against.
    clash: Option<usize>,
}

/// The log of one run of the solver.
pub(crate) struct Log {
    /// Every step, in order.
    pub(crate) steps: Vec<Step>,
    /// The mistake, if the run found one.
    pub(crate) broke: Option<Broke>,
    /// Each edge's state, as the steps left it.
    states: Vec<EdgeState>,
    /// Each edge's place in the order edges were decided, and how many are.
    order: Vec<u32>,
    decided: u32,
    /// Which step set each edge (`usize::MAX`: none).
    set_by: Vec<usize>,
    pending: Pending,
    /// The reasons of each bit of a corner pair, and the step that learnt it.
    bits: HashMap<(usize, u8), (Vec<Edge>, usize)>,
    /// The reasons of each class of edges, by its root.
    classes: HashMap<usize, Vec<Edge>>,
}

impl Log {
    /// An empty log for a graph of `edges` edges.
    pub(crate) fn new(edges: usize) -> Log {
        Log {
            steps: Vec::new(),
            broke: None,
            states: vec![EdgeState::Unknown; edges],
            order: vec![u32::MAX; edges],
            decided: 0,
            set_by: vec![usize::MAX; edges],
            pending: Pending::default(),
            bits: HashMap::new(),
            classes: HashMap::new(),
        }
    }

    /// An edge was set (from unknown).
    pub(crate) fn set(&mut self, edge: Edge, state: EdgeState) {
        let e = edge.0 as usize;
        self.states[e] = state;
        self.order[e] = self.decided;
        self.decided += 1;
        self.set_by[e] = self.steps.len();
        self.pending.set.push((edge, state));
    }

    /// A corner pair learnt a bit.
    pub(crate) fn bit(&mut self, pair: usize, bit: u8, fact: Fact) {
        self.pending.bits.push((pair, bit, fact));
    }

    /// The class rooted at `old` was merged into the one rooted at `root`.
    pub(crate) fn merge(&mut self, root: usize, old: usize, fact: Fact) {
        self.pending.merges.push((root, old, fact));
    }

    /// The solver met a mistake while making a step.
    pub(crate) fn conflict(&mut self, conflict: Conflict) {
        self.pending.conflict.get_or_insert(conflict);
    }

    /// The mistake went against a relation of the class rooted at `root`.
    pub(crate) fn clash(&mut self, root: usize) {
        self.pending.clash.get_or_insert(root);
    }

    /// Which step set an edge, if one did.
    pub(crate) fn set_by(&self, edge: Edge) -> Option<usize> {
        let by = self.set_by[edge.0 as usize];
        (by != usize::MAX).then_some(by)
    }

    /// The step that learnt a corner pair's bit, if one did.
    pub(crate) fn bit_learnt_by(&self, pair: usize, bit: u8) -> Option<usize> {
        self.bits.get(&(pair, bit)).map(|(_, step)| *step)
    }

    /// Where the latest run of steps at `at`, each of one of `techniques`,
    /// begins (the steps of one pass of a deduction over a face or dot):
    /// what was decided before it is what the pass read first.
    pub(crate) fn pass_start(&self, at: Place, techniques: &[Technique]) -> usize {
        let run = self
            .steps
            .iter()
            .rev()
            .take_while(|s| s.at == at && techniques.contains(&s.technique))
            .count();
        self.steps.len() - run
    }

    /// Records what the solver did since the last step as one step of
    /// `technique` at `at`, which read `reads`. Nothing done, nothing
    /// recorded; a mistake met is recorded as where the run broke.
    pub(crate) fn record(&mut self, technique: Technique, at: Place, reads: Reads) {
        let pending = std::mem::take(&mut self.pending);
        let nothing = pending.set.is_empty()
            && pending.bits.is_empty()
            && pending.merges.is_empty()
            && pending.conflict.is_none();
        if nothing || self.broke.is_some() {
            return;
        }
        let own = |e: &Edge| pending.set.iter().any(|(s, _)| s == e);
        let mut because: Vec<Edge> = reads
            .edges
            .iter()
            .copied()
            .filter(|e| self.states[e.0 as usize] != EdgeState::Unknown && !own(e))
            .collect();
        let mut knowing = Vec::new();
        for (fact, source) in &reads.facts {
            // A bit learnt by this very step is not one it read.
            let own_bit = |&(p, b, _): &(usize, u8, Fact)| *source == Source::Bit(p, b);
            if pending.bits.iter().any(own_bit) {
                continue;
            }
            let by = match source {
                Source::Bit(pair, bit) => self.bits.get(&(*pair, *bit)).and_then(|b| {
                    match self.steps.get(b.1).map(|step| step.at) {
                        Some(Place::Face(face)) => Some(face),
                        _ => None,
                    }
                }),
                Source::Class(_) => None,
            };
            knowing.push(Known { fact: *fact, by });
            because.extend(self.reasons(*source, &pending.merges));
        }
        // A mistake rests on what it went against as well.
        if let Some(Conflict::Set(edge, _)) = pending.conflict {
            because.push(edge);
        }
        if let Some(root) = pending.clash {
            because.extend(self.reasons(Source::Class(root), &pending.merges));
        }
        because.sort();
        because.dedup();
        if let Some(conflict) = pending.conflict {
            self.broke = Some(Broke {
                technique,
                at,
                conflict,
                knowing,
                because: self.in_order(&because),
            });
            return;
        }
        let step = self.steps.len();
        for &(pair, bit, _) in &pending.bits {
            self.bits.insert((pair, bit), (because.clone(), step));
        }
        for &(root, old, _) in &pending.merges {
            let mut reasons = self.classes.remove(&old).unwrap_or_default();
            reasons.extend(self.classes.remove(&root).unwrap_or_default());
            reasons.extend(because.iter().copied());
            reasons.sort();
            reasons.dedup();
            self.classes.insert(root, reasons);
        }
        let learnt = pending
            .bits
            .iter()
            .map(|b| b.2)
            .chain(pending.merges.iter().map(|m| m.2))
            .collect();
        self.steps.push(Step {
            technique,
            at,
            set: pending.set,
            learnt,
            knowing,
            because: self.in_order(&because),
        });
    }

    /// The reasons of a fact's source (a class being merged in this step
    /// brings the reasons of the class merged into it).
    fn reasons(&self, source: Source, merges: &[(usize, usize, Fact)]) -> Vec<Edge> {
        match source {
            Source::Bit(pair, bit) => self
                .bits
                .get(&(pair, bit))
                .map_or(Vec::new(), |(r, _)| r.clone()),
            Source::Class(root) => {
                let mut reasons = self.classes.get(&root).cloned().unwrap_or_default();
                for &(new, old, _) in merges {
                    if new == root {
                        reasons.extend(self.classes.get(&old).into_iter().flatten());
                    }
                }
                reasons
            }
        }
    }

    /// Edges with their states, in the order they were decided.
    fn in_order(&self, edges: &[Edge]) -> Vec<(Edge, EdgeState)> {
        let mut edges = edges.to_vec();
        edges.sort_by_key(|e| self.order[e.0 as usize]);
        edges
            .into_iter()
            .map(|e| (e, self.states[e.0 as usize]))
            .collect()
    }
}

pub(crate) use words::Names;

#[cfg(test)]
mod tests;
