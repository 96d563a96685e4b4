//! The facts about pairs of edges that a decision of the pair rules rested
//! on, as the tutor words them: at most, at least or exactly one of two
//! edges a line, two edges equal or opposite by their classes, or an edge
//! decided by its class.

use super::*;

/// A fact about two edges, as the tutor words it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Fact {
    /// At most one of them is a line.
    AtMostOne(Edge, Edge),
    /// At least one of them is a line.
    AtLeastOne(Edge, Edge),
    /// Exactly one of them is a line.
    ExactlyOne(Edge, Edge),
    /// Both are lines or both crosses.
    Equal(Edge, Edge),
    /// Exactly one of them is a line, by their classes.
    Opposite(Edge, Edge),
    /// Its class holds a decided edge, which decides it.
    Decided(Edge),
}

/// The facts about pairs of edges at the dot or clue where the pair rules
/// decide `edge`, running from the edges of `board` (which the run
/// changes): what the tutor says a step of theirs rested on. `None` when
/// they do not decide it.
pub(crate) fn facts_deciding(board: &mut Board, edge: Edge) -> Option<Vec<Fact>> {
    let told = told(board);
    let mut pairing = Pairing::new(board, true, [told; 2]);
    pairing.watch = Some(edge);
    while let Ok(true) = pairing.step(board) {}
    pairing.told
}

impl Pairing {
    /// The facts about the undecided edges of `locus` that its assignments
    /// were filtered by, beyond its own count: its corner pairs, and, when
    /// `by_classes`, the classes among its edges.
    pub(super) fn facts_here(
        &self,
        locus: &Locus,
        states: &[EdgeState; 4],
        class: &[Option<(u32, bool)>; 4],
        forced: &[Option<bool>; 4],
        by_classes: bool,
    ) -> Vec<Fact> {
        let open = |i: usize| {
            locus.edges[i].filter(|_| states[i] == EdgeState::Unknown && forced[i].is_none())
        };
        // What the locus's own count and states say of its pairs goes
        // without saying.
        let own = locus.allowed(states);
        let mut facts = Vec::new();
        for &((i, j), (v, q)) in &locus.pairs {
            let (Some(a), Some(b)) = (open(i), open(j)) else {
                continue;
            };
            let bits = self.corners[v.0 as usize] >> (2 * q) & 3;
            let mut said = 0;
            if own & LINE[i] & LINE[j] == 0 {
                said |= AT_MOST_ONE;
            }
            if own & !(LINE[i] | LINE[j]) == 0 {
                said |= AT_LEAST_ONE;
            }
            if bits & !said == 0 {
                continue;
            }
            match bits {
                AT_MOST_ONE => facts.push(Fact::AtMostOne(a, b)),
                AT_LEAST_ONE => facts.push(Fact::AtLeastOne(a, b)),
                3 => facts.push(Fact::ExactlyOne(a, b)),
                _ => {}
            }
        }
        if !by_classes {
            return facts;
        }
        for i in 0..4 {
            for j in 0..i {
                let (Some(a), Some(b)) = (open(j), open(i)) else {
                    continue;
                };
                if let (Some((ri, oi)), Some((rj, oj))) = (class[i], class[j]) {
                    if ri == rj {
                        facts.push(if oi == oj {
                            Fact::Equal(a, b)
                        } else {
                            Fact::Opposite(a, b)
                        });
                    }
                }
            }
        }
        for (&edge, forced) in locus.edges.iter().zip(forced) {
            if let (Some(e), Some(_)) = (edge, forced) {
                facts.push(Fact::Decided(e));
            }
        }
        facts
    }
}
