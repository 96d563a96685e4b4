//! The deduction rules and the table that says when each runs.
//!
//! A rule is a named function applied at one locus, a cell or a vertex, that sets
//! edges through [`Board::set`](crate::slink::board::Board::set). Everything else about
//! it is in a rulebook: [`book`] for the judged core's rules (the statement's
//! cases, the loop rules, the search's steps), [`crate::engine::rules::extra`]
//! for the full engine's.
//! [`RuleSet`] is a mode's table, made from the books' rows: the rules of the
//! tiers the mode reaches, sorted by trigger and by what they fire on.
//!
//! Locality is what lets the driver ([`driver`]) re-run a rule only near a
//! change: a rule at a vertex reads the state of no edge but the vertex's own
//! (and, for the premature loop, its path partner and the board's counts), and
//! one at a cell none but the edges at the cell's four corners: its sides and
//! their exits. A test (`locality`) runs every rule on random boards and checks
//! every edge it reads. The inside/outside rules read classes that can change
//! anywhere, so the full engine's stage sweeps them over the whole board
//! instead, and the whole-board deductions, [`loops::loop_closed`] and the
//! engine's connectivity, run when everything else is idle.
//!
//! Families, one file each: [`clue`] (cases 1–5), [`vertex`] (cases 8–10),
//! [`corner`] (cases 11–14, 16, 17), [`pairs`] (cases 6, 7, 15), and beyond the
//! statement [`loops`] (no premature loop, loop closed); the full engine's
//! are in [`crate::engine::rules`].
//!
//! Each rule's doc draws, in the notation of `picture` (the judge's frame
//! without its border), a board where it fires and what it makes of it, and a
//! board where it holds back. A test reads those pictures out of the sources
//! and runs every rule of the books on them, so a doc cannot drift from its
//! code.

pub mod book;
pub mod clue;
pub mod corner;
pub mod driver;
pub mod loops;
pub mod pairs;
pub mod vertex;

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Cell, Corner, Edge, Grid, Vertex};
use crate::slink::reason::Reason;

/// A counting rule applied at a clued cell: it reads the cell's counts.
pub(crate) type ClueRule = fn(&mut Board, Cell) -> Result<(), Contradiction>;
/// A pattern rule applied at a clued cell: it reads the cell's [`Site`].
pub(crate) type SiteRule = fn(&mut Board, &Site) -> Result<(), Contradiction>;
/// A deduction applied at a vertex.
pub(crate) type VertexRule = fn(&mut Board, Vertex) -> Result<(), Contradiction>;
/// A deduction about the whole board.
pub(crate) type BoardRule = fn(&mut Board) -> Result<(), Contradiction>;

/// A rule's function, by what it is applied to.
#[derive(Clone, Copy)]
pub(crate) enum Apply {
    /// At a vertex.
    Vertex(VertexRule),
    /// At a clued cell, from its counts.
    Clue(ClueRule),
    /// At a clued cell, from its site.
    Site(SiteRule),
    /// On the whole board.
    Board(BoardRule),
    /// Run by the search, not the driver: probing (`search::Prober`).
    Search,
}

/// When the driver runs a rule (see [`driver`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Trigger {
    /// At both ends of every changed edge (and at rejoined path ends).
    Vertex,
    /// At each dirty clued cell (one with a changed edge at a corner), once
    /// the trail is read to its end: counting rules from the cell's counts,
    /// pattern rules from its site.
    Cell,
    /// In sweeps over the whole board when everything local is idle and the
    /// sides classes have grown.
    Sweep,
    /// On the whole board, when the lines have closed a loop.
    Closed,
    /// On the whole board, when everything else is idle, once per new state.
    Idle,
    /// When propagation stalls, before a guess: the search's own step.
    Stall,
}

/// A rule as the driver runs it: its reason and its row of the rulebook.
#[derive(Clone, Copy)]
pub(crate) struct Run {
    /// Which rule it is.
    pub(crate) reason: Reason,
    /// When it runs.
    pub(crate) trigger: Trigger,
    /// For a cell rule, the clues it can fire on: bit n for clue n.
    pub(crate) clues: u8,
    /// For a vertex rule, the counts at the vertex it can fire with.
    pub(crate) counts: u32,
    /// Its function.
    pub(crate) apply: Apply,
}

/// Bit for each clue 0–4, as in [`book::Row::clues`].
pub(crate) const ON_0: u8 = 1;
/// See [`ON_0`].
pub(crate) const ON_1: u8 = 1 << 1;
/// See [`ON_0`].
pub(crate) const ON_2: u8 = 1 << 2;
/// See [`ON_0`].
pub(crate) const ON_3: u8 = 1 << 3;
/// See [`ON_0`]: a 4, which only the command line takes.
pub(crate) const ON_4: u8 = 1 << 4;
/// Every clue of the statement.
pub(crate) const ON_CLUES: u8 = ON_0 | ON_1 | ON_2 | ON_3;

/// The bit of [`book::Row::counts`] for a vertex with `lines` lines and
/// `undecided` undecided edges.
pub(crate) const fn at_vertex(lines: u8, undecided: u8) -> u32 {
    1 << (5 * lines as u32 + undecided as u32)
}

/// Every count of a vertex with `lines` lines and at least one undecided edge.
pub(crate) const fn with_lines(lines: u8) -> u32 {
    at_vertex(lines, 1) | at_vertex(lines, 2) | at_vertex(lines, 3) | at_vertex(lines, 4)
}

/// Any counts.
pub(crate) const ANY_COUNTS: u32 = u32::MAX;

/// One view of a clued cell, made once for all its pattern rules: where it is,
/// its clue, and its four corners (each with the cell's two sides there and
/// the vertex's two exits away from it).
pub(crate) struct Site {
    /// The cell.
    pub(crate) cell: Cell,
    /// Its clue.
    pub(crate) clue: u8,
    /// Its corners, clockwise from the top left ([`Grid::corners`](crate::slink::grid::Grid::corners)).
    pub(crate) corners: [Corner; 4],
}

impl Site {
    /// The site of a clued cell (a blank cell reads as clue 4, which no rule
    /// fires on).
    pub(crate) fn new(board: &Board, cell: Cell) -> Site {
        Site {
            cell,
            clue: board.clue(cell).unwrap_or(4),
            corners: board.grid().corners(cell),
        }
    }

    /// The cell diagonally beyond corner `k`, if on the grid: where neither
    /// exit there leads off it (found without a division).
    pub(crate) fn diagonal(&self, grid: &Grid, k: usize) -> Option<Cell> {
        if self.corners[k].exits.contains(&grid.off_grid()) {
            return None;
        }
        let (dr, dc) = Grid::corner_step(k);
        Some(Cell(
            (i64::from(self.cell.0) + dr * i64::from(grid.cols()) + dc) as u32,
        ))
    }
}

/// Which rules to use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Every sound rule; case 6 only where its exception cannot apply.
    Full,
    /// The statement's seventeen cases only, case 6 only where its exception
    /// cannot apply (sound; `--explain` shows where these stall). Judge files,
    /// with neither `--explain` nor `--rules-only`, use only `Full`.
    Statement,
    /// The statement's seventeen cases exactly as stated (`--rules-only`).
    StatementAsWritten,
    /// The statement's cases (as in [`Mode::Statement`]) and the loop rules:
    /// no premature loop, loop closed, connectivity; no inside/outside and no
    /// trials (the tutor's second tier: `--hint`, `--grade`).
    Loops,
}

impl Mode {
    /// The costliest tier whose rules the mode runs.
    pub(crate) fn top_tier(self) -> book::Tier {
        match self {
            Mode::Full => book::Tier::Trial,
            Mode::Statement | Mode::StatementAsWritten => book::Tier::Statement,
            Mode::Loops => book::Tier::Loops,
        }
    }
}

/// The rule table of a mode: every rule in one row, in the order the driver
/// applies the rules of one trigger (the statement's order, then the rules
/// beyond it). Whole-board deductions ([`loops::loop_closed`], the engine's
/// connectivity) and probing's trial are run by the driver and the
/// search themselves, and have only their [`Reason`].
pub(crate) struct RuleSet {
    pub(crate) rows: Vec<Run>,
    /// The rows by trigger: the vertex rules per counts at the vertex (index
    /// `5 * lines + undecided`: the rules that can fire with them), and per
    /// clue the cell rules (for a 4, which only judge files refuse, case 2-3
    /// alone), so the driver filters nothing.
    vertex: [Vec<Run>; 25],
    cell: [Vec<Run>; 5],
    /// For the full engine's sound rules, per clue, the cell rules of two
    /// clues (cases 6, 7 and 15), which set edges beyond the cell's corners:
    /// at a settled cell the driver runs only those (see
    /// [`driver::settled`]).
    pub(crate) beyond: Option<[Vec<Run>; 5]>,
}

impl RuleSet {
    /// The judged core's rules for a mode: every row of its rulebook whose
    /// tier the mode reaches, in the book's order.
    pub(crate) fn new(mode: Mode) -> RuleSet {
        let rows = book::Rule::ALL.iter().map(|&r| (Reason::from(r), r.row()));
        RuleSet::of(rows, mode.top_tier())
    }

    /// The table of the `rows` (their rules and rows, in order) whose tier
    /// is at most `top`.
    pub(crate) fn of(
        rows: impl Iterator<Item = (Reason, Option<book::Row>)>,
        top: book::Tier,
    ) -> RuleSet {
        use Trigger::{Cell as AtCell, Vertex as AtVertex};
        let rows: Vec<Run> = rows
            .filter_map(|(reason, row)| {
                let row = row.filter(|row| row.tier <= top)?;
                Some(Run {
                    reason,
                    trigger: row.trigger,
                    clues: row.clues,
                    counts: row.counts,
                    apply: row.apply,
                })
            })
            .collect();
        let pick = |trigger: Trigger, clue: u8| -> Vec<Run> {
            rows.iter()
                .filter(|r| r.trigger == trigger && r.clues & (1 << clue) != 0)
                .copied()
                .collect()
        };
        // Collected, so that the lists of counts no rule fires with (most)
        // allocate nothing.
        let (all, mut vertex) = (pick(AtVertex, 0), <[Vec<Run>; 25]>::default());
        for (bit, rules) in vertex.iter_mut().enumerate() {
            *rules = all
                .iter()
                .filter(|r| r.counts >> bit & 1 != 0)
                .copied()
                .collect();
        }
        RuleSet {
            vertex,
            cell: [0, 1, 2, 3, 4].map(|n| pick(AtCell, n)),
            beyond: None,
            rows,
        }
    }

    /// The rules run at the ends of a changed edge, for a vertex with
    /// `lines` lines and `undecided` undecided edges.
    pub(crate) fn vertex(&self, lines: u8, undecided: u8) -> &[Run] {
        &self.vertex[usize::from(5 * lines + undecided)]
    }

    /// Whether the table lists no vertex rule for a dot with no line and
    /// two or more undecided edges, as every dot of a board with nothing
    /// decided is.
    pub(crate) fn idle_at_blank_dots(&self) -> bool {
        (2..=4).all(|undecided| self.vertex(0, undecided).is_empty())
    }

    /// The rules run at a dirty cell with this clue, in order.
    pub(crate) fn cell(&self, clue: u8) -> &[Run] {
        &self.cell[clue as usize]
    }

    /// For the full engine's sound rules, the rules of a dirty cell with
    /// this clue that set edges beyond its corners, in order.
    pub(crate) fn beyond(&self, clue: u8) -> Option<&[Run]> {
        Some(&self.beyond.as_ref()?[clue as usize])
    }

    /// The rows of `trigger`, in order.
    pub(crate) fn triggered(&self, trigger: Trigger) -> impl Iterator<Item = &Run> {
        self.rows.iter().filter(move |r| r.trigger == trigger)
    }
}

/// Sets every edge in `edges` to `state`, stopping at a contradiction.
pub(crate) fn set_all(
    board: &mut Board,
    edges: &[Edge],
    state: EdgeState,
) -> Result<(), Contradiction> {
    for &e in edges {
        board.set(e, state)?;
    }
    Ok(())
}

/// The locality the driver relies on, checked: a rule run at a vertex reads the
/// state of no edge but the vertex's own, and one run at a cell none but the
/// edges at the cell's four corners (its sides and their exits). The driver
/// re-runs a rule only when one of those changes, so a rule that read farther
/// could miss a deduction.
#[cfg(test)]
mod site {
    use super::*;
    use crate::slink::grid::CORNERS;

    #[test]
    fn diagonal_is_the_neighbour_through_the_corner() {
        // Grids one cell wide and high too: there every corner is on the border.
        for (rows, cols) in [(1, 1), (1, 4), (4, 1), (3, 5)] {
            let grid = Grid::new(rows, cols);
            let board = Board::new(grid, &vec![Some(1); grid.cell_count()]);
            for cell in (0..grid.cell_count() as u32).map(Cell) {
                let site = Site::new(&board, cell);
                for k in CORNERS {
                    let (dr, dc) = Grid::corner_step(k);
                    assert_eq!(
                        site.diagonal(&grid, k),
                        grid.neighbour(cell, dr, dc),
                        "{rows}x{cols}, cell {cell:?}, corner {k}"
                    );
                }
            }
        }
    }
}
