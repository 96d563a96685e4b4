//! Why an edge was decided: the rule (named as the statement's case, or by a short
//! tag for reasoning beyond the statement) or the search step, and where it fired.
//! The board records the reason of every edge it sets; `--explain` prints them.

use crate::grid::{Cell, Vertex};

/// The cause of one edge decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// Case 1: a 0 has no lines.
    ZeroClue,
    /// Cases 2–3: a clue with exactly as many edges left as it needs.
    ClueNeedsAllLeft,
    /// Cases 4–5: a clue already met.
    ClueSaturated,
    /// Case 6: two adjacent 3s.
    AdjacentThrees,
    /// Case 7: two diagonal 3s.
    DiagonalThrees,
    /// Case 8: a path entering a vertex with one exit left.
    OnlyExit,
    /// Case 9: a vertex with two lines.
    VertexFull,
    /// Case 10: a vertex with three crosses.
    DeadEnd,
    /// Case 11: a 3 with a blocked corner.
    ThreeBlockedCorner,
    /// Case 12: a 2 with a blocked corner.
    TwoBlockedCorner,
    /// Case 13: a 1 with a blocked corner.
    OneBlockedCorner,
    /// Case 14: a path entering a 3's corner.
    ThreeEnteredCorner,
    /// Case 15: a 3 and a 1 diagonal.
    ThreeOneDiagonal,
    /// Case 16: a path entering a 2's corner.
    TwoEnteredCorner,
    /// Case 17: a path entering a 1's corner.
    OneEnteredCorner,
    /// Beyond the statement: an edge that would close a loop too early.
    PrematureLoop,
    /// Beyond the statement: the loop is closed, every other edge is crossed.
    LoopClosed,
    /// Beyond the statement: an edge cut off from the lines by crosses.
    Disconnected,
    /// Beyond the statement: inside/outside classes around a vertex.
    SidesAtVertex,
    /// Beyond the statement: inside/outside classes around a clue.
    SidesAtClue,
    /// Beyond the statement: one value of the edge fails under propagation.
    Trial,
    /// Search: a guessed edge.
    Guess,
    /// Search: the other value of a guess whose first value failed.
    Backtrack,
}

impl Reason {
    /// The statement's case numbers for this reason (empty beyond the statement).
    pub(crate) fn cases(self) -> &'static str {
        use Reason::*;
        match self {
            ZeroClue => "1",
            ClueNeedsAllLeft => "2-3",
            ClueSaturated => "4-5",
            AdjacentThrees => "6",
            DiagonalThrees => "7",
            OnlyExit => "8",
            VertexFull => "9",
            DeadEnd => "10",
            ThreeBlockedCorner => "11",
            TwoBlockedCorner => "12",
            OneBlockedCorner => "13",
            ThreeEnteredCorner => "14",
            ThreeOneDiagonal => "15",
            TwoEnteredCorner => "16",
            OneEnteredCorner => "17",
            PrematureLoop | LoopClosed | Disconnected | SidesAtVertex | SidesAtClue | Trial
            | Guess | Backtrack => "",
        }
    }

    /// The bracketed tag `--explain` prints: `case N` or a short name.
    pub(crate) fn tag(self) -> String {
        use Reason::*;
        match self {
            PrematureLoop | LoopClosed | Disconnected => "loop".to_string(),
            SidesAtVertex | SidesAtClue => "sides".to_string(),
            Trial => "trial".to_string(),
            Guess => "guess".to_string(),
            Backtrack => "backtrack".to_string(),
            other => format!("case {}", other.cases()),
        }
    }

    /// A few words naming the deduction.
    pub(crate) fn name(self) -> &'static str {
        use Reason::*;
        match self {
            ZeroClue => "zero",
            ClueNeedsAllLeft => "clue needs every edge left",
            ClueSaturated => "clue already met",
            AdjacentThrees => "adjacent 3s",
            DiagonalThrees => "diagonal 3s",
            OnlyExit => "path with one exit left",
            VertexFull => "vertex with two lines",
            DeadEnd => "vertex with three crosses",
            ThreeBlockedCorner => "3 with a blocked corner",
            TwoBlockedCorner => "2 with a blocked corner",
            OneBlockedCorner => "1 with a blocked corner",
            ThreeEnteredCorner => "path entering a 3's corner",
            ThreeOneDiagonal => "3 and 1 diagonal",
            TwoEnteredCorner => "path entering a 2's corner",
            OneEnteredCorner => "path entering a 1's corner",
            PrematureLoop => "no premature loop",
            LoopClosed => "loop closed",
            Disconnected => "cut off from the lines",
            SidesAtVertex => "sides around a vertex",
            SidesAtClue => "sides around a clue",
            Trial => "the other value fails",
            Guess => "guess",
            Backtrack => "backtrack",
        }
    }
}

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
    pub(crate) fn cell(reason: Reason, cell: Cell) -> Why {
        Why {
            reason,
            at: Locus::Cell(cell),
        }
    }

    /// A deduction made at a vertex.
    pub(crate) fn vertex(reason: Reason, vertex: Vertex) -> Why {
        Why {
            reason,
            at: Locus::Vertex(vertex),
        }
    }

    /// A decision about the board as a whole.
    pub fn board(reason: Reason) -> Why {
        Why {
            reason,
            at: Locus::Board,
        }
    }
}
