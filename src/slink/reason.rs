//! Why an edge was decided: the id of the rule (or the search step) that
//! decided it, and where it fired. The board records the reason of every edge
//! it sets; what a reason is called, and the rest about its rule, is in the
//! rulebook of the core ([`crate::slink::rules::book`]) or of the full engine
//! ([`crate::engine::rules::extra`]).

use crate::slink::grid::{Cell, Vertex};

/// The id of a rule or search step: a [`crate::slink::rules::book::Rule`] (below
/// 64) or a rule of the full engine's book (64 on).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Reason(pub(crate) u8);

/// Where a deduction was made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Locus {
    /// At a cell (clue rules).
    Cell(Cell),
    /// At a vertex (path rules).
    Vertex(Vertex),
    /// About the board as a whole (search, loop closure).
    Board,
}

/// A reason and its place: what the board records for a decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Why {
    /// The deduction or search step.
    pub(crate) reason: Reason,
    /// Where it was made.
    pub(crate) at: Locus,
}

impl Why {
    /// A deduction made at a cell.
    pub(crate) fn cell(reason: impl Into<Reason>, cell: Cell) -> Why {
        Why {
            reason: reason.into(),
            at: Locus::Cell(cell),
        }
    }

    /// A deduction made at a vertex.
    pub(crate) fn vertex(reason: impl Into<Reason>, vertex: Vertex) -> Why {
        Why {
            reason: reason.into(),
            at: Locus::Vertex(vertex),
        }
    }

    /// A decision about the board as a whole.
    pub fn board(reason: impl Into<Reason>) -> Why {
        Why {
            reason: reason.into(),
            at: Locus::Board,
        }
    }
}
