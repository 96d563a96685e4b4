//! `slink generate`: puzzles with exactly one answer, for setters, of a chosen
//! grade or kind.
//!
//! Each puzzle starts from a random loop ([`loops`]) with every cell clued by
//! its number of lines (a Slink puzzle, as the contest's), which must have one
//! answer. Unless every clue is to stay (`--slink`), clues then go, in a
//! random order, while the puzzle keeps exactly one answer and whatever was
//! asked of it (`--rules-only`: the statement's cases as written still finish
//! it; `--grade L`: it still needs no tier above L; by default grade 5 at
//! most, no search). The checks get dearer by the pass:
//!
//! 1. propagation alone (the grade's tier up to 4; tier 2, without the
//!    inside/outside sweeps, for orders that climb to trials or search:
//!    grades 5 and 6, minimal, the default), on batches of clues while whole
//!    batches may go ([`remove_in_batches`]); after a check that lets clues
//!    go, the clues still to come that none of its decisions read go
//!    together, checked once; a clue tried alone is refused first, more
//!    cheaply, when propagation falls short even with the rest of the loop
//!    given outside a window round it (deductions only grow with what is
//!    given), and the clues the window lets through go in runs of up to
//!    four, checked together;
//! 2. propagation and trials on the clues left, each refused first in the
//!    same way, in a small window and then a larger one; the edges trials
//!    decided at the last check of the whole board are tried first;
//! 3. for grade 6 or `--minimal`, each clue left, alone, with uniqueness
//!    proved by search: without clue k at a cell, a puzzle keeps its one
//!    answer exactly when none of the other three numbers there has one,
//!    searched for first near the clue, with the rest of the loop held.
//!
//! One pass over the clues is enough for `--minimal`: a clue whose removal
//! left several answers leaves several from any subset of the other clues
//! too, so no clue of the result can go. (`--minimal` with a grade removes
//! every clue it can and checks the grade at the end; grade 6 alone takes
//! only a clue whose going makes search needed, and stops there.) A puzzle
//! that misses what was asked (a grade exactly L, a Slink puzzle finished by
//! the cases as written), or whose last proof, by the solver, needs more
//! search than [`PROOF_GUESSES`] allows, is dropped and a new loop drawn;
//! so is a loop whose third pass needs more for one clue.
//!
//! Puzzle K of a run depends only on the seed and K, through SplitMix64, so
//! the same command gives the same puzzles on every machine.
//!
//! The time is not linear in the cells: each clue tried alone builds a board
//! of the whole grid for its window, and the checks of the whole board come
//! about once for every few clues, so a grid of twice the cells takes three
//! to four times as long (grade 1: 100×100 5 s of CPU, 141×141 19 s). The
//! command line holds the size to what comes in seconds (10,000 cells).

mod batches;
use batches::remove_in_batches;
pub(crate) mod loops;
#[cfg(test)]
mod planted;
#[cfg(test)]
pub(crate) use planted::{blob, planted};

use crate::check::slink::verify;
use crate::engine::solve::{
    has_answer, probing_decides, settle, solve, solved_by_trials, solved_without_guessing,
    statement_rules_only,
};
use crate::engine::EngineBoard;
use crate::shared::restarts::{mix, SplitMix};
use crate::slink::answer::{Outcome, Solution};
use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Cell, Edge, Grid};
use crate::slink::parse::Puzzle;
use crate::slink::rules::driver::Propagator;
use crate::slink::rules::Mode;
use crate::tutor::Tier;

/// What the puzzles must be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Order {
    pub(crate) rows: u32,
    pub(crate) cols: u32,
    pub(crate) seed: u64,
    /// Exactly this grade (by default at most 4).
    pub(crate) grade: Option<Tier>,
    /// Every cell clued.
    pub(crate) slink: bool,
    /// No clue can go without losing uniqueness.
    pub(crate) minimal: bool,
    /// The statement's cases as written finish it.
    pub(crate) rules_only: bool,
}

/// The most loops drawn for one puzzle before giving up (a grade that a grid
/// this size hardly ever has).
pub(crate) const MAX_LOOPS: u32 = 1000;

/// The largest budget of guesses a run of the solver's search may have in the
/// last proof of a generated puzzle: the portfolio's first two rounds, runs
/// of 512 and 2048 guesses, the second round's deep run first (see
/// [`crate::slink::search::portfolio`]). Puzzles of grade 6 from 30×30 loops
/// take from one guess to about two thousand; one met while measuring
/// another order of removal took the search 125 s, and would be dropped.
/// Before the deep run the budget was 8192 (a third round); with the deep
/// run, 2048 gives the same puzzles on every order measured (13 orders from
/// 20×20 to 45×45, grade 6 and minimal, and minimal 60×60 seeds 1 to 3) and
/// drops sooner the loops whose proof fails anyway: minimal 60×60 seed 3
/// 166 s against 98, minimal 45×45 seed 2 15.9 s against 11.2.
const PROOF_GUESSES: u64 = 2048;

/// The largest budget of guesses a run of a search for another answer near
/// a clue may have (the portfolio's first round: two runs of 512). A
/// window nearly as large as the grid can take that search longer than the
/// whole-board checks that follow (a 20×20 puzzle's window of radius 16 took
/// 0.4 s, the checks 12 ms).
const WINDOW_GUESSES: u64 = 512;

/// The radius of the last window round a clue, searched before the whole
/// board only on grids at least as wide and tall as the window (41 cells):
/// there most clues that cannot go are refused in it, more cheaply than on
/// the whole board. Measured, with the same puzzles: minimal 60×60 seed 1
/// takes 9.3 s instead of 12.1 (seed 3 97.5 s instead of 99; seed 2, whose
/// clues mostly go at once, 1.9 s instead of 1.2), minimal 45×45 seed 2
/// 10.3 s instead of 11.3; on grids narrower than the window, where
/// it covers most of the grid, it cost more than it saved (minimal 30×30
/// seed 4 6.3 s instead of 4.1, minimal 40×40 seed 1 1.74 s instead of
/// 1.44).
const WIDE_WINDOW: u32 = 20;

/// Puzzle `index` of an order, with its answer, or `None` after
/// [`MAX_LOOPS`] loops that gave no puzzle of the kind asked for.
pub(crate) fn puzzle(order: &Order, index: u64) -> Option<(Puzzle, Solution)> {
    let mut rng = SplitMix(mix(order.seed ^ mix(index)));
    (0..MAX_LOOPS).find_map(|_| attempt(order, &mut rng))
}

/// One loop's try at a puzzle.
fn attempt(order: &Order, rng: &mut SplitMix) -> Option<(Puzzle, Solution)> {
    let (rows, cols) = (order.rows, order.cols);
    let inside = loops::region(rng, rows, cols);
    let answer = boundary(rows, cols, &inside);
    let mut puzzle = clues_of(&answer);
    let check = Check {
        order,
        answer: &answer,
        graded: Default::default(),
        script: Default::default(),
        proof_guesses: PROOF_GUESSES,
    };
    // A loop round one cell has a clue of 4 beside it, which the statement
    // has not (the smallest grids); and the fully clued puzzle must have one
    // answer for any of its clues to go (Slink puzzles nearly always have).
    if puzzle.clues.contains(&Some(4)) || !check.unique(&puzzle) {
        return None;
    }
    if !order.slink {
        let mut cells: Vec<usize> = (0..puzzle.clues.len()).collect();
        // Fisher–Yates, from the end.
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.below(i as u64 + 1) as usize);
        }
        // First every clue that deductions short of search can spare, in
        // batches while they can; then, when search may be needed (grade 6,
        // or minimal), each clue left, alone.
        // Propagation alone is the cheapest check, so it goes first; trials
        // then try the clues it kept. Tier 2, without the inside/outside
        // sweeps, is cheaper still: with them the first pass takes more
        // clues, but its checks cost more than they save the trials pass
        // (30×30 grade 6, seeds 1 to 15: 16.5 s in all against 12.1; grade
        // 5, minimal 20×20 and 10×10 grade 6 cheaper too).
        let cheap = check
            .ceiling()
            .filter(|&c| c <= Tier::Trial)
            .unwrap_or(Tier::Trial);
        // Before a check of the whole board, a cheaper one refuses most
        // clues that cannot go: the deductions fall short even with the rest
        // of the loop given, outside a window round the clue's cell (for
        // trials, which are dear, a small window and then a larger one).
        // Measured on 30×30 boards by instructions, a window of radius 8
        // takes 3% to 19% more off than one of 5 (grades 1 to 3, seed 1,
        // two puzzles; grade 5 seed 1; grade 6 seeds 3 and 7), 10 and 12
        // less; minimal 20×20 seed 1 costs 3% more.
        let alone_fails = |p: &Puzzle, cell: usize, tier: Tier| {
            let radii: &[u32] = if tier == Tier::Trial { &[3, 9] } else { &[8] };
            radii.iter().any(|&r| !check.deduced_near(p, cell, r, tier))
        };
        let tiers = if cheap == Tier::Trial {
            &[Tier::Loops, Tier::Trial][..]
        } else {
            &[cheap][..]
        };
        for &tier in tiers {
            let clued: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| puzzle.clues[c].is_some())
                .collect();
            // Runs of single clues pay where most clues that pass the
            // window go: propagation's whole-board checks refuse a fifth of
            // them, trials' a third (30×30, grade 6: runs of up to 4 took
            // 5% off, of 8 less; in the trials pass too, 6% more).
            let most_in_run = if tier == Tier::Trial { 1 } else { 4 };
            remove_in_batches(
                &mut puzzle,
                &clued,
                |p| check.needed(p, tier),
                |p, cell| alone_fails(p, cell, tier),
                most_in_run,
            );
        }
        if check.ceiling().map_or(true, |c| c == Tier::Search) {
            for &cell in &cells {
                let clue = puzzle.clues[cell].take();
                if let Some(clue) = clue {
                    // A proof past its budget drops the loop now (see
                    // `Check::still_unique`).
                    if !check.may_remove(&puzzle, cell, clue)? {
                        puzzle.clues[cell] = Some(clue);
                    } else if check.enough_is_search() {
                        // Grade 6 alone: done once the puzzle needs search.
                        // A clue that can go while trials still finish it
                        // stays: taken, it would leave the puzzle nearer to
                        // minimal, where no clue may be left whose going
                        // needs search (30×30, seed 14: 14.0 billion
                        // instructions taking them, 7.3 keeping them; seed 5
                        // 5.8 and 5.5).
                        if !check.trials_finish(&puzzle) {
                            break;
                        }
                        puzzle.clues[cell] = Some(clue);
                    }
                }
            }
        }
    }
    // The solver proves the result unique once more, on its own terms (the
    // checks above are shortcuts of its parts), within runs of at most
    // `PROOF_GUESSES` guesses: a puzzle its search needs more for is no
    // puzzle to give a contest, whose judges' programs must finish it.
    let settings = crate::engine::solve::Settings {
        most_guesses: Some(PROOF_GUESSES),
        no_pairs: true,
        ..Default::default()
    };
    let proved = || {
        let outcome = crate::engine::solve::solve_with(&puzzle, settings).outcome;
        matches!(outcome, Outcome::Unique(ref found) if *found == answer)
    };
    if check.finished(&puzzle) && proved() {
        Some((puzzle, answer))
    } else {
        None
    }
}

/// A set of clues, and whether trials as the grade makes them finish it.
type Graded = (Vec<Option<u8>>, bool);

/// The checks a puzzle must pass, for one order and one planted answer.
struct Check<'a> {
    order: &'a Order,
    answer: &'a Solution,
    /// Whether trials finish the puzzle, last worked out, and of which clues
    /// (the last removal's is asked for again at the end).
    graded: std::cell::RefCell<Option<Graded>>,
    /// The edges that probing decided, in order, when it last finished the
    /// whole board: the puzzle as it is now, or with one clue more. Probing
    /// tries them first (see [`probing_decides`]).
    script: std::cell::RefCell<Vec<Edge>>,
    /// The budget of a run of a search of the whole board for another
    /// answer ([`PROOF_GUESSES`]; tests give less).
    proof_guesses: u64,
}

impl Check<'_> {
    /// Whether one-edge trials, as the grade makes them, finish the puzzle:
    /// its grade is 5 at most (see [`solved_by_trials`]). Worked out once for
    /// each set of clues in a row.
    fn trials_finish(&self, puzzle: &Puzzle) -> bool {
        let mut graded = self.graded.borrow_mut();
        match graded.as_ref() {
            Some((clues, finish)) if *clues == puzzle.clues => *finish,
            _ => {
                let finish = solved_by_trials(puzzle, self.answer.states());
                *graded = Some((puzzle.clues.clone(), finish));
                finish
            }
        }
    }

    /// The highest grade a puzzle may have while clues are removed: the one
    /// asked for; by default 4, so that no puzzle needs search (a person can
    /// solve it by reasoning); none for `--minimal` alone.
    fn ceiling(&self) -> Option<Tier> {
        match (self.order.grade, self.order.minimal) {
            (Some(grade), false) => Some(grade),
            (None, false) => Some(Tier::Trial),
            (_, true) => None,
        }
    }

    /// Whether removal stops once the puzzle needs search: grade 6, not
    /// minimal. (Each clue left after the first passes makes trials fall
    /// short when it goes, so the first that can go usually does it;
    /// proving uniqueness for the rest would cost a search each.)
    fn enough_is_search(&self) -> bool {
        self.order.grade == Some(Tier::Search) && !self.order.minimal
    }

    /// Whether deductions up to `tier` (1 to 4) finish `puzzle`, which proves
    /// it has one answer, and it is still what the order asks (the statement's
    /// cases as written finish it, unless `--minimal` asks only for
    /// uniqueness while removing).
    fn within(&self, puzzle: &Puzzle, tier: Tier) -> bool {
        if self.order.rules_only && !self.order.minimal && !self.rules_finish(puzzle) {
            return false;
        }
        self.deduced(puzzle, &[], tier)
    }

    /// If deductions up to `tier` (1 to 4) finish `puzzle` and it is still
    /// what the order asks ([`Check::within`]), the clues they needed, by
    /// cell: for propagation, those its decisions read (see [`NeededClues`]),
    /// for trials every one. Every one too for grade 6 alone: clues that go
    /// together leave a puzzle nearer to minimal, where the last pass seldom
    /// finds a clue to take for grade 6 (at 20×20, most loops then end at
    /// grade 5 and are drawn again: twice the time).
    fn needed(&self, puzzle: &Puzzle, tier: Tier) -> Option<Vec<bool>> {
        let all = tier == Tier::Trial || (self.order.rules_only && !self.order.minimal);
        if all || self.enough_is_search() {
            return self
                .within(puzzle, tier)
                .then(|| vec![true; puzzle.clues.len()]);
        }
        let needed = std::rc::Rc::new(std::cell::RefCell::new(vec![false; puzzle.clues.len()]));
        let log = NeededClues {
            needed: needed.clone(),
            grid: puzzle.grid(),
        };
        propagates(puzzle, &[], tier, Some(Box::new(log))).then(|| needed.take())
    }

    /// Whether deductions up to `tier` (1 to 4) finish `puzzle` from the
    /// edges `given` (for tiers 1 to 3, the order the tiers climb in does not
    /// change where they stop).
    fn deduced(&self, puzzle: &Puzzle, given: &[EdgeState], tier: Tier) -> bool {
        match tier {
            Tier::Trial => {
                let mut script = self.script.borrow_mut();
                let answer = Some(self.answer.states());
                match probing_decides(puzzle, given, answer, &script) {
                    Some(decided) if given.is_empty() => *script = decided,
                    Some(_) => {}
                    None => return false,
                }
                true
            }
            tier => propagates(puzzle, given, tier, None),
        }
    }

    /// Whether `puzzle`, just without its clue `clue` at `cell`, still has
    /// one answer (by search if need be) and is still what the order asks;
    /// `None` if the search that would tell ran past its budget.
    fn may_remove(&self, puzzle: &Puzzle, cell: usize, clue: u8) -> Option<bool> {
        if self.order.rules_only && !self.order.minimal && !self.rules_finish(puzzle) {
            return Some(false);
        }
        self.still_unique(puzzle, cell, clue)
    }

    /// Whether a puzzle with one answer keeps it when its clue `clue` at
    /// `cell` goes (the clue is already gone from `puzzle`).
    ///
    /// Any other answer would put another number of lines round that cell
    /// (with the clue, the puzzle has one answer), so the puzzle keeps its
    /// answer exactly when none of the other three numbers there gives it
    /// one. Most clues that cannot go have such an answer close by: the same
    /// searches with the rest of the loop held, in windows of 2, 5 and 10
    /// cells round the clue, refuse them at a fraction of the cost of a
    /// search of the whole board (and a window over the whole grid settles
    /// it). (2, 4, 8 and 16 cost 2.7% more on 30×30 grade 6 seeds 1 to 15,
    /// and seed 3 7% more instructions; 3, 6 and 12, or 2, 5, 10 and 20, more
    /// too. One search in each window for a second answer of the puzzle
    /// without the clue, which must find the planted one too, cost 2% more
    /// on seeds 1 to 15, with the same puzzles.) On grids wider and taller
    /// than its 41 cells, a window of 20 follows ([`WIDE_WINDOW`]). A window
    /// whose searches run past [`WINDOW_GUESSES`] guesses is given up, and
    /// so are the larger ones.
    ///
    /// The search of the whole board has the last proof's budget,
    /// [`PROOF_GUESSES`]: past it, the answer is `None`, and the loop is
    /// dropped. Unbounded, one such search had not ended after 6 minutes on
    /// the first 60×60 loop of `--minimal --seed 1`, whose puzzle with the
    /// clue the solver did not prove unique in a minute either: the last
    /// proof, on a puzzle with fewer clues still, would most likely have
    /// dropped the loop after all that work.
    fn still_unique(&self, puzzle: &Puzzle, cell: usize, clue: u8) -> Option<bool> {
        for &radius in window_radii(puzzle.grid()) {
            let near = self.held_but_near(puzzle, cell, radius);
            match self.other_number_fits(puzzle, cell, clue, &near, WINDOW_GUESSES) {
                Some(true) => return Some(false),
                Some(false) if covers_grid(puzzle.grid(), cell, radius) => return Some(true),
                Some(false) => {}
                None => break,
            }
        }
        let fits = self.other_number_fits(puzzle, cell, clue, &[], self.proof_guesses)?;
        Some(!fits)
    }

    /// Whether deductions up to `tier` decide the edges beside the cells
    /// within `radius` of `cell` when every other edge is given as the
    /// planted answer. Deductions only grow with what is given, so when they
    /// fall short here, they fall short on the bare puzzle too: a cheap way
    /// to refuse a clue before the check on the whole board (the board is
    /// given at once, and only the cells near the window are visited: see
    /// `EngineBoard::set_given` and the driver's `undecided_near`).
    /// (True at once when the window covers the grid: the check on the
    /// whole board follows.)
    fn deduced_near(&self, puzzle: &Puzzle, cell: usize, radius: u32, tier: Tier) -> bool {
        if covers_grid(puzzle.grid(), cell, radius) {
            return true;
        }
        self.deduced(puzzle, &self.held_but_near(puzzle, cell, radius), tier)
    }

    /// The planted answer's edges, but those beside the cells within
    /// `radius` of `cell` undecided.
    fn held_but_near(&self, puzzle: &Puzzle, cell: usize, radius: u32) -> Vec<EdgeState> {
        let grid = puzzle.grid();
        let (r, c) = grid.cell_pos(Cell(cell as u32));
        let rows = r.saturating_sub(radius)..=(r + radius).min(grid.rows() - 1);
        let cols = c.saturating_sub(radius)..=(c + radius).min(grid.cols() - 1);
        let mut held = self.answer.states().to_vec();
        for r in rows {
            for c in cols.clone() {
                for e in grid.cell_edges(grid.cell(r, c)) {
                    held[e.0 as usize] = EdgeState::Unknown;
                }
            }
        }
        held
    }

    /// Whether `puzzle`, just without its clue `clue` at `cell`, has an
    /// answer with another number of lines round that cell and the edges
    /// `given`: searches, the numbers nearest the clue first (they fail last
    /// if at all), within runs of at most `most_guesses` guesses; `None` if
    /// none has one and a search gave up.
    fn other_number_fits(
        &self,
        puzzle: &Puzzle,
        cell: usize,
        clue: u8,
        given: &[EdgeState],
        most_guesses: u64,
    ) -> Option<bool> {
        let mut other = puzzle.clone();
        let mut numbers: Vec<u8> = (0..=3).filter(|&n| n != clue).collect();
        numbers.sort_by_key(|&n| (n as i8 - clue as i8).abs());
        let mut gave_up = false;
        for n in numbers {
            other.clues[cell] = Some(n);
            let prefer = Some(self.answer.states());
            match has_answer(&other, given, prefer, most_guesses) {
                Some(true) => return Some(true),
                Some(false) => {}
                None => gave_up = true,
            }
        }
        (!gave_up).then_some(false)
    }

    /// Whether the puzzle's one answer is the planted one: at once when the
    /// rules finish it, else by search.
    fn unique(&self, puzzle: &Puzzle) -> bool {
        let mut board = Board::new(puzzle.grid(), &puzzle.clues);
        let propagated = Propagator::full(*board.grid(), Mode::Full).run(&mut board);
        if propagated.is_ok() && board.unknown_count() == 0 {
            return board.states() == self.answer.states();
        }
        match solve(puzzle).outcome {
            Outcome::Unique(found) => found == *self.answer,
            _ => false,
        }
    }

    /// Whether the finished puzzle is what the order asks: the statement's
    /// cases as written finish it, its grade is the one asked for.
    fn finished(&self, puzzle: &Puzzle) -> bool {
        if self.order.rules_only && !self.rules_finish(puzzle) {
            return false;
        }
        match (self.order.grade, self.order.slink || self.order.minimal) {
            (Some(grade), _) => self.has_grade(puzzle, grade),
            // A Slink or minimal puzzle has no ceiling: any grade will do.
            (None, true) => true,
            (None, false) => solved_without_guessing(puzzle, &[], Some(self.answer.states())),
        }
    }

    /// Whether `puzzle`, which has one answer, has exactly the grade
    /// `grade`. That is where deduction stops, which the order the tiers
    /// climb in does not change: the tiers up to the grade finish the puzzle
    /// and those below do not (for trials and search, trials as the grade
    /// makes them, [`solved_by_trials`]). Much cheaper than the grade's own
    /// climb, which starts fresh drivers after each trial and counts.
    fn has_grade(&self, puzzle: &Puzzle, grade: Tier) -> bool {
        let finishes = |tier| self.deduced(puzzle, &[], tier);
        match grade {
            Tier::Statement => finishes(Tier::Statement),
            Tier::Loops => finishes(Tier::Loops) && !finishes(Tier::Statement),
            Tier::Sides => finishes(Tier::Sides) && !finishes(Tier::Loops),
            Tier::Pairs => finishes(Tier::Pairs) && !finishes(Tier::Sides),
            Tier::Trial => !finishes(Tier::Pairs) && self.trials_finish(puzzle),
            Tier::Search => !self.trials_finish(puzzle),
        }
    }

    /// Whether the statement's cases as written, alone, draw the planted
    /// answer. (Their literal case 6 may throw an answer away, so this alone
    /// does not prove there is one; the rest of the checks do.)
    fn rules_finish(&self, puzzle: &Puzzle) -> bool {
        let (board, result) = statement_rules_only(puzzle);
        result.is_ok() && board.states() == self.answer.states()
    }
}

/// Whether the rules of propagating tier `tier` finish `puzzle` from the edges
/// `given`, telling `log`, if any, each decision.
fn propagates(
    puzzle: &Puzzle,
    given: &[EdgeState],
    tier: Tier,
    log: Option<Box<dyn crate::engine::Log>>,
) -> bool {
    let mut board = Board::new(puzzle.grid(), &puzzle.clues);
    if board.set_given(given).is_err() {
        return false;
    }
    if let Some(log) = log {
        board.start_log(log);
    }
    let mut propagator = Propagator::full(*board.grid(), tier.mode());
    let ok = match tier {
        Tier::Pairs => settle(&mut board, &mut propagator).map(|_| ()),
        _ => propagator.run(&mut board),
    };
    ok.is_ok() && board.unknown_count() == 0
}

/// The radii of the windows round a clue that [`Check::still_unique`]
/// searches in before the whole board: 2, 5 and 10, and [`WIDE_WINDOW`] on
/// grids at least as wide and tall as its window.
fn window_radii(grid: Grid) -> &'static [u32] {
    const RADII: [u32; 4] = [2, 5, 10, WIDE_WINDOW];
    let wide = 2 * WIDE_WINDOW < grid.rows().min(grid.cols());
    &RADII[..RADII.len() - usize::from(!wide)]
}

/// Whether the cells within `radius` of `cell` (rows and columns apart) are
/// the whole grid.
fn covers_grid(grid: Grid, cell: usize, radius: u32) -> bool {
    let (r, c) = grid.cell_pos(Cell(cell as u32));
    let far = r.max(grid.rows() - 1 - r).max(c).max(grid.cols() - 1 - c);
    radius >= far
}

/// The loop round a region, as an answer.
pub(crate) fn boundary(rows: u32, cols: u32, inside: &[bool]) -> Solution {
    let grid = Grid::new(rows, cols);
    let side = |cell: Option<Cell>| cell.is_some_and(|c| inside[c.0 as usize]);
    let states = (0..grid.edge_count() as u32)
        .map(|e| {
            let [a, b] = grid.edge_cells(crate::slink::grid::Edge(e));
            if side(a) != side(b) {
                EdgeState::Line
            } else {
                EdgeState::Cross
            }
        })
        .collect();
    Solution::from_states(grid, states)
}

/// Every cell clued with its number of lines.
pub(crate) fn clues_of(answer: &Solution) -> Puzzle {
    let grid = *answer.grid();
    let clues = (0..grid.cell_count() as u32)
        .map(|c| {
            let sides = grid.cell_edges(Cell(c));
            let lines = sides
                .iter()
                .filter(|e| answer.states()[e.0 as usize] == EdgeState::Line)
                .count();
            Some(lines as u8)
        })
        .collect();
    let puzzle = Puzzle {
        rows: grid.rows(),
        cols: grid.cols(),
        clues,
    };
    debug_assert!(verify(&puzzle.clues, &answer.drawing()).is_ok());
    puzzle
}

/// A log of a propagation that marks the clues its decisions read: the cell
/// of each decision made at a cell, and for the rules of two clues the cells
/// round it. (Not every dependence: the premature-loop rule can rest on any
/// clue being unmet; the caller checks what it removes on this account.)
struct NeededClues {
    needed: std::rc::Rc<std::cell::RefCell<Vec<bool>>>,
    grid: Grid,
}

impl crate::engine::Log for NeededClues {
    fn decided(&mut self, decision: &crate::engine::Decision) {
        use crate::slink::reason::Locus;
        let cell = match decision.why.at {
            Locus::Cell(cell) => cell,
            _ => return,
        };
        let mut needed = self.needed.borrow_mut();
        let pair = decision.why.reason.reach() == crate::engine::rules::facts::Reach::Pair;
        if !pair {
            needed[cell.0 as usize] = true;
            return;
        }
        let (r, c) = self.grid.cell_pos(cell);
        for row in r.saturating_sub(1)..(r + 2).min(self.grid.rows()) {
            for col in c.saturating_sub(1)..(c + 2).min(self.grid.cols()) {
                needed[self.grid.cell(row, col).0 as usize] = true;
            }
        }
    }

    fn stalled(&mut self, _board: &Board) {}

    fn restarted(&mut self, _why: &str) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The third pass's check of the whole board: a clue in the middle of a
    /// 24×24 Slink puzzle can go (the windows round it, which do not reach
    /// the border, find no other answer, so the whole board is checked).
    /// Probing with the sweep proves it with no guess, so even with no
    /// budget the check says so; that a check with too small a budget gives
    /// up rather than guess is `has_answer`'s test
    /// (`has_answer_keeps_to_its_guesses_in_the_parts_too`).
    #[test]
    fn a_whole_board_check_proves_a_clue_can_go() {
        let (puzzle, answer) = planted(&mut SplitMix(11), 24, 24);
        let order = Order {
            rows: 24,
            cols: 24,
            seed: 11,
            grade: None,
            slink: false,
            minimal: true,
            rules_only: false,
        };
        let cell = 12 * 24 + 12;
        let mut without = puzzle.clone();
        let clue = without.clues[cell].take().unwrap();
        for (budget, removable) in [(PROOF_GUESSES, Some(true)), (0, Some(true))] {
            let check = Check {
                order: &order,
                answer: &answer,
                graded: Default::default(),
                script: Default::default(),
                proof_guesses: budget,
            };
            assert_eq!(check.may_remove(&without, cell, clue), removable);
        }
    }

    /// The window of radius 20 is searched only on grids it fits in, 41
    /// cells each way.
    #[test]
    fn the_widest_window_only_where_it_fits() {
        for (rows, cols, radii) in [
            (40, 40, &[2, 5, 10][..]),
            (41, 60, &[2, 5, 10, 20][..]),
            (60, 40, &[2, 5, 10][..]),
            (60, 60, &[2, 5, 10, 20][..]),
        ] {
            assert_eq!(window_radii(Grid::new(rows, cols)), radii, "{rows}x{cols}");
        }
    }

    /// Each clue `remove_in_batches` keeps is one that cannot go alone at the
    /// end, with single clues tried alone or in runs, and a cheap test that
    /// refuses some. The clues the check did not need, going together, save
    /// checks, and so do runs: on a check that passes while every row keeps
    /// two clues (it only gets harder as clues go), saying it needed each
    /// row's first two, or every clue; the cheap test refuses at once the
    /// clues of even rows that would keep fewer.
    #[test]
    fn batches_keep_only_clues_that_cannot_go_alone() {
        let (rows, cols) = (6, 8);
        let per_row = |p: &Puzzle| {
            p.clues
                .chunks(cols as usize)
                .all(|row| row.iter().flatten().count() >= 2)
        };
        // Checks made: told what was needed or not, by the longest run.
        let mut checks = [[0; 2]; 2];
        for (told, checks) in checks.iter_mut().enumerate() {
            for (runs, checks) in checks.iter_mut().enumerate() {
                let made = std::cell::Cell::new(0);
                let mut rng = SplitMix(23);
                for _ in 0..50 {
                    let mut puzzle = Puzzle {
                        rows,
                        cols,
                        clues: vec![Some(2); (rows * cols) as usize],
                    };
                    let mut cells: Vec<usize> = (0..puzzle.clues.len()).collect();
                    for i in (1..cells.len()).rev() {
                        cells.swap(i, rng.below(i as u64 + 1) as usize);
                    }
                    // What the check read: the first two clues of each row.
                    let first_two = |p: &Puzzle| -> Vec<bool> {
                        let row = |c: usize| c / cols as usize;
                        (0..p.clues.len())
                            .map(|c| {
                                let before =
                                    (row(c) * cols as usize..c).filter(|&b| p.clues[b].is_some());
                                told == 0 || (p.clues[c].is_some() && before.count() < 2)
                            })
                            .collect()
                    };
                    let keeps = |p: &Puzzle| {
                        made.set(made.get() + 1);
                        per_row(p).then(|| first_two(p))
                    };
                    // Sees only the even rows: the odd rows' clues that
                    // cannot go are found by the check.
                    let cheap = |p: &Puzzle, cell: usize| {
                        let row = cell / cols as usize;
                        let left = &p.clues[row * cols as usize..][..cols as usize];
                        row % 2 == 0 && left.iter().flatten().count() < 2
                    };
                    let most_in_run = [1, 4][runs];
                    remove_in_batches(&mut puzzle, &cells, keeps, cheap, most_in_run);
                    assert!(per_row(&puzzle));
                    for c in 0..puzzle.clues.len() {
                        if let Some(clue) = puzzle.clues[c].take() {
                            assert!(!per_row(&puzzle), "clue {c} could go");
                            puzzle.clues[c] = Some(clue);
                        }
                    }
                }
                *checks = made.get();
            }
        }
        // Told what was needed, fewer checks; in runs, fewer too.
        assert!(3 * checks[1][0] < 2 * checks[0][0], "{checks:?}");
        assert!(checks[0][1] < checks[0][0], "{checks:?}");
    }
}
