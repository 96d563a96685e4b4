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
use crate::grid::{Cell, Edge, Vertex};
use crate::reason::{Reason, Why};

/// A deduction applied at a cell.
pub type CellRule = fn(&mut Board, Cell) -> Result<(), Contradiction>;
/// A deduction applied at a vertex.
pub type VertexRule = fn(&mut Board, Vertex) -> Result<(), Contradiction>;

/// Where a rule applies, and its function.
#[derive(Clone, Copy)]
pub enum Apply {
    /// At every cell.
    Cell(CellRule),
    /// At every vertex.
    Vertex(VertexRule),
}

/// One entry of the registry.
#[derive(Clone, Copy)]
pub struct Rule {
    /// What the rule is called, and which case it is.
    pub reason: Reason,
    /// How to apply it.
    pub apply: Apply,
    /// For a cell rule, the clues it can fire on: bit n for clue n, bit 4 for a
    /// blank cell. The driver runs a cell rule only where it can fire.
    pub clues: u8,
}

/// Bit for each clue 0–3 and for a blank cell, as in [`Rule::clues`].
pub const ON_0: u8 = 1;
/// See [`ON_0`].
pub const ON_1: u8 = 1 << 1;
/// See [`ON_0`].
pub const ON_2: u8 = 1 << 2;
/// See [`ON_0`].
pub const ON_3: u8 = 1 << 3;
/// See [`ON_0`].
pub const ON_BLANK: u8 = 1 << 4;
/// Every clue and blank cells.
pub const ON_ANY: u8 = 0x1F;
/// Every clue, no blank cell.
pub const ON_CLUES: u8 = ON_0 | ON_1 | ON_2 | ON_3;

/// The bit of [`Rule::clues`] for a cell's clue.
pub fn clue_bit(clue: Option<u8>) -> u8 {
    match clue {
        Some(n) => 1 << n,
        None => ON_BLANK,
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

/// The rules of one cost tier, split by locus.
#[derive(Default)]
pub struct Tier {
    /// Rules applied at cells, in order.
    pub cell: Vec<Rule>,
    /// Rules applied at vertices, in order.
    pub vertex: Vec<Rule>,
}

/// The registry: rules in tiers, cheapest first. The driver applies a tier only
/// when every cheaper tier has nothing left to do.
pub struct RuleSet {
    mode: Mode,
    tiers: Vec<Tier>,
}

impl RuleSet {
    /// The rules for a mode.
    pub fn new(mode: Mode) -> RuleSet {
        use Reason::*;
        let adjacent_threes: CellRule = match mode {
            #[cfg(not(judge))]
            Mode::StatementAsWritten => pairs::adjacent_threes_as_stated,
            _ => pairs::adjacent_threes,
        };
        // Tier 0: the statement's cases, in its order, and the premature-loop rule.
        let cell = |reason, f: CellRule, clues| Rule {
            reason,
            apply: Apply::Cell(f),
            clues,
        };
        let vertex = |reason, f: VertexRule| Rule {
            reason,
            apply: Apply::Vertex(f),
            clues: ON_ANY,
        };
        let mut statement = vec![
            cell(ZeroClue, clue::zero_clue, ON_0),
            cell(ClueNeedsAllLeft, clue::clue_needs_all_left, ON_CLUES),
            cell(ClueSaturated, clue::clue_saturated, ON_CLUES),
            cell(AdjacentThrees, adjacent_threes, ON_3),
            cell(DiagonalThrees, pairs::diagonal_threes, ON_3),
            vertex(OnlyExit, vertex::only_exit),
            vertex(VertexFull, vertex::vertex_full),
            vertex(DeadEnd, vertex::dead_end),
            cell(ThreeBlockedCorner, corner::three_blocked_corner, ON_3),
            cell(TwoBlockedCorner, corner::two_blocked_corner, ON_2),
            cell(OneBlockedCorner, corner::one_blocked_corner, ON_1),
            cell(ThreeEnteredCorner, corner::three_entered_corner, ON_3),
            cell(ThreeOneDiagonal, pairs::three_one_diagonal, ON_1 | ON_3),
            cell(TwoEnteredCorner, corner::two_entered_corner, ON_2),
            cell(OneEnteredCorner, corner::one_entered_corner, ON_1),
        ];
        let mut tiers = Vec::new();
        if mode == Mode::Full {
            statement.push(vertex(PrematureLoop, loops::premature_loop));
            tiers.push(split(statement));
            // Tier 1: inside/outside, which costs a few finds and up to 32
            // colourings per locus. Judge files leave it out, for size.
            #[cfg(not(judge))]
            tiers.push(split(vec![
                vertex(SidesAtVertex, sides::vertex_sides),
                cell(SidesAtClue, sides::clue_sides, ON_CLUES),
            ]));
        } else {
            tiers.push(split(statement));
        }
        RuleSet { mode, tiers }
    }

    /// The mode the set was made for.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The tiers, cheapest first.
    pub fn tiers(&self) -> &[Tier] {
        &self.tiers
    }
}

fn split(rules: Vec<Rule>) -> Tier {
    let mut tier = Tier::default();
    for r in rules {
        match r.apply {
            Apply::Cell(_) => tier.cell.push(r),
            Apply::Vertex(_) => tier.vertex.push(r),
        }
    }
    tier
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
