//! The deduction rules and the registry that orders them.
//!
//! A rule is a named function applied at one locus, a cell or a vertex, that sets
//! edges through [`Board::set`](crate::board::Board::set). The rules of tier 0 (the
//! statement's cases and the premature-loop rule) read only the edges of that cell
//! or vertex, the exits at the cell's corners and, for the premature loop, the
//! vertex's path partner: that locality is what lets the driver ([`driver`])
//! re-examine only the loci near a changed edge. The inside/outside rules of tier 1
//! read classes that can change anywhere, and the driver sweeps them instead. Two
//! whole-board deductions, [`loops::loop_closed`] and [`loops::connectivity`], are
//! run by the driver itself when everything else is idle.
//!
//! Families, one file each: [`clue`] (cases 1–5), [`vertex`] (cases 8–10),
//! [`corner`] (cases 11–14, 16, 17), [`pairs`] (cases 6, 7, 15), and beyond the
//! statement [`loops`] (no premature loop, loop closed, connectivity) and
//! [`sides`] (inside/outside).
//!
//! Each statement rule's doc draws, in the notation of `picture` (the judge's
//! frame without its border), a board where it fires and what it makes of it,
//! and a board where it holds back. A test reads those pictures out of the
//! sources and runs the rule on them, so a doc cannot drift from its code.

pub mod clue;
pub mod corner;
pub mod driver;
pub mod loops;
pub mod pairs;
pub mod sides;
pub mod vertex;

#[cfg(test)]
pub mod picture;

use crate::board::{Board, Contradiction, EdgeState};
use crate::grid::{Cell, Corner, Edge, Vertex};
use crate::reason::{Reason, Why};

/// A counting rule applied at a clued cell: it reads the cell's counts.
pub type ClueRule = fn(&mut Board, Cell) -> Result<(), Contradiction>;
/// A pattern rule applied at a clued cell: it reads the cell's [`Site`].
pub type SiteRule = fn(&mut Board, &Site) -> Result<(), Contradiction>;
/// A deduction applied at a vertex.
pub type VertexRule = fn(&mut Board, Vertex) -> Result<(), Contradiction>;

/// A rule's function, by what it is applied to.
#[derive(Clone, Copy)]
pub enum Apply {
    /// At a vertex.
    Vertex(VertexRule),
    /// At a clued cell, from its counts.
    Clue(ClueRule),
    /// At a clued cell, from its site.
    Site(SiteRule),
}

/// When the driver runs a rule (see [`driver`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Trigger {
    /// At both ends of every changed edge (and at rejoined path ends).
    Vertex,
    /// At the clued cells beside every changed edge.
    Count,
    /// At each dirty clued cell, once counting is idle.
    Pattern,
    /// In sweeps over the whole board when everything local is idle and the
    /// sides classes have grown.
    Sweep,
}

/// One row of the rule table.
#[derive(Clone, Copy)]
pub struct Rule {
    /// What the rule is called, and which case it is.
    pub reason: Reason,
    /// When it runs.
    pub trigger: Trigger,
    /// For a cell rule, the clues it can fire on: bit n for clue n.
    pub clues: u8,
    /// For a vertex rule, the numbers of lines at the vertex it can fire
    /// with: bit n for n lines. The driver calls it only then.
    pub lines: u8,
    /// Its function.
    pub apply: Apply,
}

/// Bit for each clue 0–3, as in [`Rule::clues`].
pub const ON_0: u8 = 1;
/// See [`ON_0`].
pub const ON_1: u8 = 1 << 1;
/// See [`ON_0`].
pub const ON_2: u8 = 1 << 2;
/// See [`ON_0`].
pub const ON_3: u8 = 1 << 3;
/// Every clue.
pub const ON_CLUES: u8 = ON_0 | ON_1 | ON_2 | ON_3;

/// Bit for 0, 1 or 2 lines at a vertex, as in [`Rule::lines`].
const WITH_0: u8 = 1;
/// See [`WITH_0`].
const WITH_1: u8 = 1 << 1;
/// See [`WITH_0`].
const WITH_2: u8 = 1 << 2;
/// Any number of lines.
const ANY_LINES: u8 = 0xFF;

/// One view of a clued cell, made once for all its pattern rules: where it is,
/// its clue, and its four corners (each with the cell's two sides there and
/// the vertex's two exits away from it).
pub struct Site {
    /// The cell.
    pub cell: Cell,
    /// Its clue.
    pub clue: u8,
    /// Its corners, clockwise from the top left ([`Grid::corners`]).
    pub corners: [Corner; 4],
}

impl Site {
    /// The site of a clued cell (a blank cell reads as clue 4, which no rule
    /// fires on).
    pub fn new(board: &Board, cell: Cell) -> Site {
        Site {
            cell,
            clue: board.clue(cell).unwrap_or(4),
            corners: board.grid().corners(cell),
        }
    }
}

/// Which rules to use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Every sound rule; case 6 only where its exception cannot apply.
    Full,
    /// The statement's seventeen cases only, case 6 only where its exception
    /// cannot apply (sound; `--explain` shows where these stall). Judge files,
    /// with neither `--explain` nor `--rules-only`, have only `Full`.
    #[cfg(not(judge))]
    Statement,
    /// The statement's seventeen cases exactly as stated (`--rules-only`).
    #[cfg(not(judge))]
    StatementAsWritten,
}

/// The rule table of a mode: every rule in one row, in the order the driver
/// applies the rules of one trigger (the statement's order, then the rules
/// beyond it). Whole-board deductions ([`loops::loop_closed`],
/// [`loops::connectivity`]) and probing's trial are run by the driver and the
/// search themselves, and have only their [`Reason`].
pub struct RuleSet {
    mode: Mode,
    rows: Vec<Rule>,
    /// The rows by trigger: the vertex rules, and per clue the counting and
    /// the pattern rules (none for a 4, the loop round a 1×1 grid, which the
    /// board accepts but the parser does not), so the driver filters nothing.
    vertex: Vec<Rule>,
    count: [Vec<Rule>; 5],
    pattern: [Vec<Rule>; 5],
}

impl RuleSet {
    /// The rules for a mode.
    pub fn new(mode: Mode) -> RuleSet {
        use Reason::*;
        use Trigger::{Count, Pattern, Vertex as AtVertex};
        let adjacent_threes: SiteRule = match mode {
            #[cfg(not(judge))]
            Mode::StatementAsWritten => pairs::adjacent_threes_as_stated,
            _ => pairs::adjacent_threes,
        };
        let clue = |reason, f: ClueRule, clues| Rule {
            reason,
            trigger: Count,
            clues,
            lines: ANY_LINES,
            apply: Apply::Clue(f),
        };
        let site = |reason, f: SiteRule, clues| Rule {
            reason,
            trigger: Pattern,
            clues,
            lines: ANY_LINES,
            apply: Apply::Site(f),
        };
        let vertex = |reason, f: VertexRule, lines| Rule {
            reason,
            trigger: AtVertex,
            clues: ON_CLUES,
            lines,
            apply: Apply::Vertex(f),
        };
        let mut rows = vec![
            clue(ZeroClue, clue::zero_clue, ON_0),
            clue(ClueNeedsAllLeft, clue::clue_needs_all_left, ON_CLUES),
            clue(ClueSaturated, clue::clue_saturated, ON_CLUES),
            site(AdjacentThrees, adjacent_threes, ON_3),
            site(DiagonalThrees, pairs::diagonal_threes, ON_3),
            vertex(OnlyExit, vertex::only_exit, WITH_1),
            vertex(VertexFull, vertex::vertex_full, WITH_2),
            vertex(DeadEnd, vertex::dead_end, WITH_0),
            site(ThreeBlockedCorner, corner::three_blocked_corner, ON_3),
            site(TwoBlockedCorner, corner::two_blocked_corner, ON_2),
            site(OneBlockedCorner, corner::one_blocked_corner, ON_1),
            site(ThreeEnteredCorner, corner::three_entered_corner, ON_3),
            site(ThreeOneDiagonal, pairs::three_one_diagonal, ON_1 | ON_3),
            site(TwoEnteredCorner, corner::two_entered_corner, ON_2),
            site(OneEnteredCorner, corner::one_entered_corner, ON_1),
        ];
        if mode == Mode::Full {
            rows.push(vertex(PrematureLoop, loops::premature_loop, WITH_1));
            // Inside/outside, which costs a few finds and up to 32 colourings
            // per locus, in sweeps. Judge files leave it out, for size.
            #[cfg(not(judge))]
            rows.extend([
                Rule {
                    trigger: Trigger::Sweep,
                    ..vertex(SidesAtVertex, sides::vertex_sides, ANY_LINES)
                },
                Rule {
                    trigger: Trigger::Sweep,
                    ..site(SidesAtClue, sides::clue_sides, ON_CLUES)
                },
            ]);
        }
        let pick = |trigger: Trigger, clue: u8| -> Vec<Rule> {
            rows.iter()
                .filter(|r| r.trigger == trigger && r.clues & (1 << clue) != 0)
                .copied()
                .collect()
        };
        RuleSet {
            mode,
            vertex: pick(AtVertex, 0),
            count: [0, 1, 2, 3, 4].map(|n| pick(Count, n)),
            pattern: [0, 1, 2, 3, 4].map(|n| pick(Pattern, n)),
            rows,
        }
    }

    /// The mode the set was made for.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Every row, in order.
    pub fn rows(&self) -> &[Rule] {
        &self.rows
    }

    /// The rules run at the ends of a changed edge.
    pub fn vertex(&self) -> &[Rule] {
        &self.vertex
    }

    /// The counting rules of a clue.
    pub fn count(&self, clue: u8) -> &[Rule] {
        &self.count[clue as usize]
    }

    /// The pattern rules of a clue.
    pub fn pattern(&self, clue: u8) -> &[Rule] {
        &self.pattern[clue as usize]
    }
}

/// Sets every edge in `edges` to `state` for `why`, stopping at a contradiction.
pub fn set_all(
    board: &mut Board,
    edges: &[Edge],
    state: EdgeState,
    why: Why,
) -> Result<(), Contradiction> {
    for &e in edges {
        board.set(e, state, why)?;
    }
    Ok(())
}
