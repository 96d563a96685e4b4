//! What the two learning searches share, the square engine's
//! ([`crate::engine::learn`]) and the one on any planar graph
//! ([`crate::graph::learn`]): literals over edges ([`Lit`]), the clauses
//! with two watched literals each ([`clauses`]), the order in which edges
//! are decided, by activity with saved values ([`order`]), and the Luby
//! sequence of restarts ([`luby`]). Each search keeps its own board, rules
//! and reasons; these parts know an edge only by its number ([`EdgeId`]).

pub(crate) mod clauses;
pub(crate) mod order;

use std::marker::PhantomData;

use crate::slink::board::EdgeState;

/// An edge known by its number.
pub(crate) trait EdgeId: Copy {
    /// The edge's number.
    fn number(self) -> u32;
    /// The edge of a number.
    fn numbered(number: u32) -> Self;
}

impl EdgeId for crate::slink::grid::Edge {
    fn number(self) -> u32 {
        self.0
    }
    fn numbered(number: u32) -> Self {
        crate::slink::grid::Edge(number)
    }
}

impl EdgeId for crate::graph::Edge {
    fn number(self) -> u32 {
        self.0
    }
    fn numbered(number: u32) -> Self {
        crate::graph::Edge(number)
    }
}

/// An edge in a state: a literal of a clause. Its index is twice the
/// edge's number, plus one for a line.
pub(crate) struct Lit<E>(u32, PhantomData<E>);

// By hand, so that they hold whatever the edge type derives.
impl<E> Clone for Lit<E> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E> Copy for Lit<E> {}
impl<E> PartialEq for Lit<E> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl<E> Eq for Lit<E> {}
impl<E> PartialOrd for Lit<E> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Lit<E> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}
impl<E> std::hash::Hash for Lit<E> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}
impl<E> std::fmt::Debug for Lit<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Lit({})", self.0)
    }
}

impl<E: EdgeId> Lit<E> {
    /// `e` in state `s` (a line or a cross).
    pub(crate) fn new(e: E, s: EdgeState) -> Lit<E> {
        Lit(
            2 * e.number() + u32::from(s == EdgeState::Line),
            PhantomData,
        )
    }

    /// The edge.
    pub(crate) fn edge(self) -> E {
        E::numbered(self.0 / 2)
    }

    /// The state it says the edge is in.
    pub(crate) fn state(self) -> EdgeState {
        match self.0 % 2 {
            1 => EdgeState::Line,
            _ => EdgeState::Cross,
        }
    }

    /// The edge in its other state.
    pub(crate) fn negated(self) -> Lit<E> {
        Lit(self.0 ^ 1, PhantomData)
    }

    /// Its place in per-literal tables.
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, … (Luby, Sinclair and
/// Zuckerman, 1993), from place 1 (place 0 reads as 1): the term at place i
/// is 2^(k−1) when i = 2^k − 1, else the term at i − (2^(k−1) − 1) for the
/// k with 2^(k−1) ≤ i < 2^k. Restarts after a run of this many units of
/// conflicts are within a small factor of the best fixed schedule.
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        let bits = 64 - i.leading_zeros();
        if i == (1 << bits) - 1 {
            return 1 << (bits - 1);
        }
        i -= (1 << (bits - 1)) - 1;
    }
}
