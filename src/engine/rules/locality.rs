//! The core's cell rules checked where the engine relies on what they do
//! not read: each reads only the edges at its locus; none finds anything at
//! a settled cell (what lets the driver run only the rules of two clues
//! there, `driver::settled`); none finds anything far from an undecided
//! edge (what lets a fresh driver visit only the cells
//! [`crate::engine::sweep::undecided_near`] lists). They run the engine's
//! table of rules ([`RuleSet::full`]) on boards of planted loops, so they
//! are the engine's tests, not the core's. Compiled for tests only.

use crate::engine::reasons::local_edges;
use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Cell, Edge, Grid, Vertex};
use crate::slink::reason::Locus;
use crate::slink::rules::{driver, Apply, Mode, RuleSet, Run, Site, Trigger};

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
                    // The set a local rule's reason is drawn from.
                    let at = match rule.apply {
                        Apply::Vertex(_) => Locus::Vertex(Vertex(locus)),
                        _ => Locus::Cell(Cell(locus)),
                    };
                    let allowed = local_edges(&grid, at);
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
