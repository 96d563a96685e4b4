//! Where propagation found a board impossible, said by rule and place: what
//! the tutor and `--rules-only` tell of a contradiction.

use crate::engine::EngineBoard;
use crate::slink::board::{Board, Contradiction};
use crate::slink::grid::Edge;
use crate::slink::reason::{Locus, Reason, Why};
use crate::slink::rules::book::Rule;

/// Where propagation found the board impossible: what the tutor and
/// `--rules-only` tell of a contradiction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Failure {
    /// The rule that made the impossible change.
    pub(crate) reason: Reason,
    /// Where it fired.
    pub(crate) at: Locus,
    /// The edge it could not set.
    pub(crate) edge: Edge,
}

impl Failure {
    /// The failure `c`, just found on `board`: by the rule or step the board
    /// was told of last ([`Board::tell_cause`]).
    pub(crate) fn of(board: &Board, c: Contradiction) -> Failure {
        // The driver and the search tell the cause before each rule and
        // step, so a contradiction always has one; a board that never
        // changed is taken as broken by its givens.
        let why = board.cause().unwrap_or(Why::board(Rule::Guess));
        Failure {
            reason: why.reason,
            at: why.at,
            edge: c.edge,
        }
    }
}
