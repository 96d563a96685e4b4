//! The board's log: what `--explain`, the tutor and the generator hear of
//! each change (its edge, state, cause and search depth), and the cause the
//! driver and the search tell the board before they change it. Judge files
//! keep no log.

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

impl Board {
    /// Reports every decision from now on to `sink` (`--explain`).
    pub(crate) fn start_log(&mut self, sink: Box<dyn Log>) {
        self.attach_extras().log = Some(Logging {
            sink,
            depth: 0,
            paused: false,
        });
    }

    /// The log, if one is kept.
    fn log_mut(&mut self) -> Option<&mut Logging> {
        self.extras_mut()?.log.as_mut()
    }

    /// Stops reporting decisions, and gives the log back.
    pub(crate) fn take_log(&mut self) -> Option<Box<dyn Log>> {
        self.extras_mut()?.log.take().map(|log| log.sink)
    }

    /// Sets the search depth reported with the next decisions.
    pub(crate) fn set_log_depth(&mut self, depth: u32) {
        if let Some(log) = self.log_mut() {
            log.depth = depth;
        }
    }

    /// Stops or resumes reporting (probing tries values it then undoes; only its
    /// conclusions belong in the trace).
    pub(crate) fn pause_log(&mut self, paused: bool) {
        if let Some(log) = self.log_mut() {
            log.paused = paused;
        }
    }

    /// Tells the log that the statement's cases stop here.
    pub(crate) fn log_stall(&mut self) {
        if let Some(mut log) = self.extras_mut().and_then(|x| x.log.take()) {
            log.sink.stalled(self);
            self.attach_extras().log = Some(log);
        }
    }

    /// Keeps the causes of changes without a log: to say which rule found
    /// a contradiction ([`crate::engine::Failure`]).
    pub(crate) fn keep_causes(&mut self) {
        self.attach_extras().keep_causes = true;
    }

    /// Why the last change was made: after a contradiction, the rule (or
    /// step) that found it. (`None` before any cause is told.)
    pub(crate) fn cause(&self) -> Option<Why> {
        self.cause
    }

    /// Whether decisions are reported to a log (`--explain`).
    pub(crate) fn logging(&self) -> bool {
        self.extras().is_some_and(|x| x.log.is_some())
    }
}
