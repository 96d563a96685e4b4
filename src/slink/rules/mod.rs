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
mod locality {
    use super::*;
    use crate::slink::grid::Grid;

    /// Random boards: random clues, and random edges decided (each change
    /// that breaks the board at once is taken back, as search does; otherwise
    /// whatever the puzzle's rules say of it: a rule must keep to its edges on
    /// any board).
    fn random_board(seed: &mut u64, rows: u32, cols: u32) -> Board {
        let mut next = |n: u64| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed % n
        };
        let clues: Vec<Option<u8>> = (0..rows * cols)
            .map(|_| [None, Some(0), Some(1), Some(2), Some(3), Some(3)][next(6) as usize])
            .collect();
        let mut board = Board::new(Grid::new(rows, cols), &clues);
        board.start_recording();
        let edges = board.grid().edge_count() as u64;
        for _ in 0..next(edges) {
            let e = Edge(next(edges) as u32);
            let to = [EdgeState::Line, EdgeState::Cross][next(2) as usize];
            let mark = board.mark();
            if board.set(e, to).is_err() {
                board.undo_to(mark);
            }
        }
        board
    }

    #[test]
    fn rules_read_only_the_edges_at_their_locus() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let modes = [Mode::Full, Mode::StatementAsWritten];
        let mut checked = 0;
        for _ in 0..150 {
            let (rows, cols) = (4, 5);
            // Each rule runs on a fresh copy of this trial's board.
            let start = seed;
            let grid = *random_board(&mut seed, rows, cols).grid();
            for mode in modes {
                for rule in RuleSet::full(mode).table() {
                    // Sweeps and whole-board rules may read anything.
                    if !matches!(rule.trigger, Trigger::Vertex | Trigger::Cell) {
                        continue;
                    }
                    let loci: u32 = match rule.apply {
                        Apply::Vertex(_) => grid.vertex_count() as u32,
                        _ => grid.cell_count() as u32,
                    };
                    for locus in 0..loci {
                        let mut board = random_board(&mut start.clone(), rows, cols);
                        let allowed: Vec<Edge> = match rule.apply {
                            Apply::Vertex(_) => grid.vertex_edges(Vertex(locus)).to_vec(),
                            _ => grid
                                .corners(Cell(locus))
                                .iter()
                                .flat_map(|k| grid.vertex_edges(k.vertex))
                                .collect(),
                        };
                        board.record_reads(true);
                        let _ = match rule.apply {
                            Apply::Vertex(f) => f(&mut board, Vertex(locus)),
                            Apply::Clue(f) => f(&mut board, Cell(locus)),
                            Apply::Site(f) => {
                                let site = Site::new(&board, Cell(locus));
                                f(&mut board, &site)
                            }
                            Apply::Board(_) | Apply::Search => Ok(()),
                        };
                        for e in board.record_reads(false) {
                            assert!(
                                allowed.contains(&e),
                                "{:?} at locus {locus} read edge {e:?}",
                                rule.reason
                            );
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "only {checked} rule applications");
    }

    /// A board of a random planted loop, with most cells clued by it and
    /// most edges decided, nearly all as the loop has them: each edge in turn
    /// takes its answer's state, or one time in eight the other, which is
    /// taken back if `Board::set` refuses it at once.
    fn near_answer(rng: &mut crate::shared::restarts::SplitMix, rows: u32, cols: u32) -> Board {
        let (puzzle, answer) = crate::generate::planted(rng, rows, cols);
        let mut clues = puzzle.clues;
        for clue in clues.iter_mut() {
            if rng.below(4) == 0 {
                *clue = None;
            }
        }
        let mut board = Board::new(Grid::new(rows, cols), &clues);
        board.start_recording();
        for (e, &state) in answer.states().iter().enumerate() {
            let to = match rng.below(8) {
                0 => state.opposite(),
                1 => continue,
                _ => state,
            };
            let mark = board.mark();
            if board.set(Edge(e as u32), to).is_err() {
                board.undo_to(mark);
            }
        }
        board
    }

    /// Runs the cell rule `rule` at `cell` and checks that it neither
    /// decides nor refutes anything there.
    fn assert_finds_nothing(board: &mut Board, rule: &Run, cell: Cell) {
        let mark = board.mark();
        let site = Site::new(board, cell);
        let result = match rule.apply {
            Apply::Clue(f) => f(board, cell),
            Apply::Site(f) => f(board, &site),
            _ => Ok(()),
        };
        assert_eq!(result, Ok(()), "{:?} at cell {}", rule.reason, cell.0);
        assert_eq!(board.mark(), mark, "{:?} at cell {}", rule.reason, cell.0);
    }

    /// What lets the driver run only the rules of two clues at a settled cell
    /// (`driver::settled`): where every edge at its corners is decided and
    /// `Board::set` found nothing wrong, no other sound cell rule decides or
    /// refutes anything.
    #[test]
    fn cell_rules_find_nothing_at_settled_cells() {
        let mut rng = crate::shared::restarts::SplitMix(7);
        let rules = RuleSet::full(Mode::Full);
        let mut checked = 0;
        for _ in 0..1000 {
            // A rule that changes anything fails the test, so one board
            // serves every rule.
            let mut board = near_answer(&mut rng, 4, 5);
            let grid = *board.grid();
            for cell in (0..grid.cell_count() as u32).map(Cell) {
                if board.clue(cell).is_none() || !driver::settled(&board, cell) {
                    continue;
                }
                let clue = board.clue(cell).unwrap_or(4);
                for rule in rules.cell(clue) {
                    if rules
                        .beyond(clue)
                        .unwrap_or(&[])
                        .iter()
                        .any(|r| r.reason == rule.reason)
                    {
                        continue;
                    }
                    assert_finds_nothing(&mut board, rule, cell);
                    checked += 1;
                }
            }
        }
        assert!(checked > 2_000, "only {checked} rule applications");
    }

    /// What lets a fresh driver visit only the cells near an undecided edge
    /// (`Propagator::undecided_near`): on boards of a planted loop given but
    /// in a window, now and then with a wrong edge that `Board::set` let
    /// pass, no cell rule, of one clue or two, decides or refutes anything at
    /// a cell it leaves out.
    #[test]
    fn cell_rules_find_nothing_far_from_undecided_edges() {
        let mut rng = crate::shared::restarts::SplitMix(13);
        let rules = RuleSet::full(Mode::Full);
        let (rows, cols) = (9, 10);
        let (mut checked, mut wrong) = (0, 0);
        for _ in 0..600 {
            let (puzzle, answer) = crate::generate::planted(&mut rng, rows, cols);
            let mut clues = puzzle.clues;
            for clue in clues.iter_mut() {
                if rng.below(3) == 0 {
                    *clue = None;
                }
            }
            let grid = *answer.grid();
            let (top, left) = (rng.below(rows as u64) as u32, rng.below(cols as u64) as u32);
            let (height, width) = (1 + rng.below(3) as u32, 1 + rng.below(3) as u32);
            let in_window = |e: Edge| {
                grid.edge_cells(e).into_iter().flatten().any(|cell| {
                    let (r, c) = grid.cell_pos(cell);
                    (top..top + height).contains(&r) && (left..left + width).contains(&c)
                })
            };
            let mut board = Board::new(grid, &clues);
            board.start_recording();
            for (e, &state) in answer.states().iter().enumerate() {
                let e = Edge(e as u32);
                if in_window(e) {
                    continue;
                }
                let to = if rng.below(30) == 0 {
                    state.opposite()
                } else {
                    state
                };
                let mark = board.mark();
                match board.set(e, to) {
                    Err(_) => board.undo_to(mark),
                    Ok(_) => wrong += usize::from(to != state),
                }
            }
            let near = crate::engine::sweep::undecided_near(&board);
            let near = near.expect("some edge is decided");
            for cell in (0..grid.cell_count() as u32).map(Cell) {
                let clue = match board.clue(cell) {
                    Some(clue) if !near[cell.0 as usize] => clue,
                    _ => continue,
                };
                for rule in rules.cell(clue) {
                    assert_finds_nothing(&mut board, rule, cell);
                    checked += 1;
                }
            }
        }
        assert!(
            checked > 15_000 && wrong > 1_000,
            "{checked} rule applications, {wrong} wrong edges"
        );
    }
}

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
