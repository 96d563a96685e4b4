//! The board's log: what `--explain`, the tutor and the generator hear of
//! each change (its edge, state, cause and search depth). Judge files keep
//! no log. The board keeps one among the engine's state attached to it
//! ([`crate::engine::extras`]), whose [`crate::engine::EngineBoard`] verbs
//! start, pause and take it: this file knows nothing of them, so the two do
//! not lean on each other.

use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::Edge;
use crate::slink::reason::Why;

/// One decision of a traced solve, as `--explain` shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Decision {
    /// The edge decided.
    pub edge: Edge,
    /// Its new state.
    pub state: EdgeState,
    /// Why.
    pub why: Why,
    /// How many guesses were open when it was made (0: a pure deduction).
    pub depth: u32,
}

/// Where a traced solve reports what happens, as it happens (`--explain`):
/// nothing is kept, so a trace of any length costs no memory.
pub trait Log {
    /// A decision, just made.
    fn decided(&mut self, decision: &Decision);
    /// The statement's cases alone can do no more: `board` is as they left it.
    fn stalled(&mut self, board: &Board);
    /// A search run gave up (`why`) and the next one starts from the beginning.
    fn restarted(&mut self, why: &str);
}

/// A log being kept: where to, at what search depth, and whether paused.
pub(super) struct Logging {
    pub(super) sink: Box<dyn Log>,
    pub(super) depth: u32,
    pub(super) paused: bool,
}

impl Logging {
    /// Reports a decision, unless paused. (Whoever keeps a log tells the
    /// causes, the driver and the search: a change without one is a given
    /// edge, set before any log began, and is not reported.)
    pub(super) fn report(&mut self, edge: Edge, state: EdgeState, cause: Option<Why>) {
        if let (false, Some(why)) = (self.paused, cause) {
            let depth = self.depth;
            self.sink.decided(&Decision {
                edge,
                state,
                why,
                depth,
            });
        }
    }
}
