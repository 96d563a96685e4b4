//! The deduction rules and the registry that orders them.
//!
//! A rule is a named function applied at one locus, a cell or a vertex, that
//! reads only the edges of that cell or vertex and the exits at the cell's corners,
//! and sets edges through [`Board::set`](crate::board::Board::set). That locality is
//! what lets the driver ([`driver`]) re-examine only the loci near a changed edge.
//!
//! Families, one file each: [`clue`] (cases 1–5), [`vertex`] (cases 8–10),
//! [`corner`] (cases 11–14, 16, 17), [`pairs`] (cases 6, 7, 15), and beyond the
//! statement [`loops`] (no premature loop) and [`sides`] (inside/outside).

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
}

/// Which rules to use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Every sound rule; case 6 only where its exception cannot apply.
    Full,
    /// The statement's seventeen cases only, case 6 only where its exception
    /// cannot apply (sound; `--explain` shows where these stall).
    Statement,
    /// The statement's seventeen cases exactly as stated (`--rules-only`).
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
            Mode::Full | Mode::Statement => pairs::adjacent_threes,
            Mode::StatementAsWritten => pairs::adjacent_threes_as_stated,
        };
        // Tier 0: the statement's cases, in its order, and the premature-loop rule.
        let mut statement = vec![
            rule(ZeroClue, Apply::Cell(clue::zero_clue)),
            rule(ClueNeedsAllLeft, Apply::Cell(clue::clue_needs_all_left)),
            rule(ClueSaturated, Apply::Cell(clue::clue_saturated)),
            rule(AdjacentThrees, Apply::Cell(adjacent_threes)),
            rule(DiagonalThrees, Apply::Cell(pairs::diagonal_threes)),
            rule(OnlyExit, Apply::Vertex(vertex::only_exit)),
            rule(VertexFull, Apply::Vertex(vertex::vertex_full)),
            rule(DeadEnd, Apply::Vertex(vertex::dead_end)),
            rule(
                ThreeBlockedCorner,
                Apply::Cell(corner::three_blocked_corner),
            ),
            rule(TwoBlockedCorner, Apply::Cell(corner::two_blocked_corner)),
            rule(OneBlockedCorner, Apply::Cell(corner::one_blocked_corner)),
            rule(
                ThreeEnteredCorner,
                Apply::Cell(corner::three_entered_corner),
            ),
            rule(ThreeOneDiagonal, Apply::Cell(pairs::three_one_diagonal)),
            rule(TwoEnteredCorner, Apply::Cell(corner::two_entered_corner)),
            rule(OneEnteredCorner, Apply::Cell(corner::one_entered_corner)),
        ];
        let mut tiers = Vec::new();
        if mode == Mode::Full {
            statement.push(rule(PrematureLoop, Apply::Vertex(loops::premature_loop)));
            tiers.push(split(statement));
            // Tier 1: inside/outside, which costs a few finds and up to 32
            // colourings per locus.
            tiers.push(split(vec![
                rule(SidesAtVertex, Apply::Vertex(sides::vertex_sides)),
                rule(SidesAtClue, Apply::Cell(sides::clue_sides)),
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

fn rule(reason: Reason, apply: Apply) -> Rule {
    Rule { reason, apply }
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
