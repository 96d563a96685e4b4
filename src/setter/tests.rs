//! Property tests of the setter's check on drafts made from planted loops
//! (4×4 to 7×7, some clues blanked, then one clue changed or a few more
//! blanked): what it says of a draft with no answer or several is checked
//! against the exact count ([`crate::count`], a frontier dynamic program)
//! and the independent verifier, which share nothing with the solver or
//! the learning search the check asks. Each draft comes from its own seed,
//! printed on failure.

use super::conflict::{conflict, only};
use super::differ::{difference, Region};
use super::with_clue;
use crate::check::slink::verify;
use crate::count::{count, Counted};
use crate::engine::solve::solve;
use crate::generate::{blob, planted};
use crate::shared::restarts::{mix, SplitMix};
use crate::slink::answer::{Outcome, Solution};
use crate::slink::board::EdgeState;
use crate::slink::grid::{Cell, Edge, Grid};
use crate::slink::parse::Puzzle;

/// The number of answers of `puzzle`, by the frontier count
/// ([`crate::count`]): exact, and it shares nothing with the solver, nor
/// with the learning search the setter's check asks. (The solver's own
/// count, a search, took 12 s in release to prove that four clues of a 7×7
/// draft have no loop that the solver refutes at once.)
fn answers(puzzle: &Puzzle) -> u128 {
    match count(
        puzzle.rows,
        puzzle.cols,
        &puzzle.clues,
        None,
        None,
        &mut |_, _| {},
    ) {
        Counted::Exactly(n) => n.parse().unwrap_or_else(|_| panic!("{n} answers")),
        Counted::Undecided(why) => panic!("not counted: {why}"),
    }
}

/// A draft from `seed`: a planted loop on a board of 4 to `most` rows and
/// columns, a share of its clues blanked (20% to 60%), then either one clue
/// changed to another number (most have no answer then) or one to three
/// more blanked (most have several).
fn draft(seed: u64, most: u64) -> Puzzle {
    let mut rng = SplitMix(seed);
    let rows = 4 + rng.below(most - 3) as u32;
    let cols = 4 + rng.below(most - 3) as u32;
    // Both makers: long corridors and rounder blobs meet different clues.
    let (mut puzzle, _) = match rng.below(2) {
        0 => planted(&mut rng, rows, cols),
        _ => blob(&mut rng, rows, cols),
    };
    let share = 2 + rng.below(5);
    for clue in puzzle.clues.iter_mut() {
        if rng.below(10) < share {
            *clue = None;
        }
    }
    let clued: Vec<usize> = (0..puzzle.clues.len())
        .filter(|&c| puzzle.clues[c].is_some())
        .collect();
    if clued.is_empty() {
        return puzzle;
    }
    match rng.below(2) {
        0 => {
            let c = clued[rng.below(clued.len() as u64) as usize];
            puzzle.clues[c] = puzzle.clues[c].map(|n| (n + 1 + rng.below(3) as u8) % 4);
        }
        _ => {
            for _ in 0..1 + rng.below(3) {
                puzzle.clues[clued[rng.below(clued.len() as u64) as usize]] = None;
            }
        }
    }
    puzzle
}

/// What was met over a run of drafts, for the run to show it tested
/// something.
#[derive(Default, Debug)]
struct Tally {
    unique: usize,
    none: usize,
    /// Drafts with no answer whose conflict came with a fix.
    fixed: usize,
    /// Clues in the conflicting sets, over all drafts with no answer.
    conflict_clues: usize,
    multiple: usize,
    /// Regions with a telling clue.
    told: usize,
    /// Blank cells of regions with the same number in both answers.
    alike: usize,
    /// Drafts with several answers with a clue that leaves one.
    unique_with: usize,
}

/// The changes the fix search tries on `clues`, in its order: for each
/// clue, every other number, then blank.
fn changes(puzzle: &Puzzle, clues: &[Cell]) -> Vec<(Cell, Option<u8>)> {
    let mut all = Vec::new();
    for &cell in clues {
        let now = puzzle.clues[cell.0 as usize];
        for change in (0..4u8).map(Some).chain([None]) {
            if change != now {
                all.push((cell, change));
            }
        }
    }
    all
}

/// Checks the conflict of `puzzle`, a draft with no answer (by the count).
fn check_none(seed: u64, puzzle: &Puzzle, tally: &mut Tally) {
    let found = conflict(puzzle, None);
    let conflict = found.unwrap_or_else(|| panic!("seed {seed}: no conflict found"));
    let set = &conflict.clues;
    assert!(conflict.minimal, "seed {seed}: not shrunk to the end");
    assert!(
        conflict.fix_searched,
        "seed {seed}: a change left undecided"
    );
    assert!(!set.is_empty(), "seed {seed}: an empty set");
    assert!(
        set.windows(2).all(|w| w[0].0 < w[1].0),
        "seed {seed}: {set:?} not in reading order"
    );
    assert!(
        set.iter().all(|c| puzzle.clues[c.0 as usize].is_some()),
        "seed {seed}: {set:?} are not all clues"
    );
    // The set alone has no answer: by the solver and by the count.
    let alone = only(puzzle, set);
    assert_eq!(
        solve(&alone).outcome,
        Outcome::NoSolution,
        "seed {seed}: {set:?} alone"
    );
    assert_eq!(answers(&alone), 0, "seed {seed}: {set:?} alone");
    // Each clue of it is needed: without it, an answer.
    for &dropped in set {
        let rest: Vec<Cell> = set.iter().copied().filter(|&c| c != dropped).collect();
        assert!(
            answers(&only(puzzle, &rest)) >= 1,
            "seed {seed}: {set:?} less {dropped:?} has no answer"
        );
    }
    // The fix is the first change, in the search's order, that leaves
    // exactly one answer; with none, no change does.
    let tried = changes(puzzle, set);
    let first = tried
        .iter()
        .position(|&(cell, clue)| answers(&with_clue(puzzle, cell, clue)) == 1);
    assert_eq!(
        conflict.fix,
        first.map(|k| tried[k]),
        "seed {seed}: the fix of {set:?}"
    );
    tally.none += 1;
    tally.fixed += usize::from(conflict.fix.is_some());
    tally.conflict_clues += set.len();
}

/// The lines of `answer` round `cell`, counted here.
fn lines_round(grid: &Grid, answer: &Solution, cell: Cell) -> u8 {
    let lines = grid.cell_edges(cell);
    let lines = lines
        .iter()
        .filter(|e| answer.states()[e.0 as usize] == EdgeState::Line);
    lines.count() as u8
}

/// Whether `answer` is an answer of `puzzle` with `cell` clued `n`, by the
/// independent verifier.
fn meets(puzzle: &Puzzle, answer: &Solution, cell: Cell, n: u8) -> bool {
    let added = with_clue(puzzle, cell, Some(n));
    verify(&added.clues, &answer.drawing()).is_ok()
}

/// Checks that `regions` are the parts of the edges where `a` and `b`
/// differ that are joined at dots: together exactly those edges, each
/// joined, no dot shared by two; each with the cells beside its edges.
fn check_regions(seed: u64, grid: &Grid, regions: &[Region], a: &Solution, b: &Solution) {
    let differ: Vec<Edge> = (0..grid.edge_count() as u32)
        .map(Edge)
        .filter(|e| a.states()[e.0 as usize] != b.states()[e.0 as usize])
        .collect();
    let mut all: Vec<Edge> = regions.iter().flat_map(|r| r.edges.clone()).collect();
    all.sort_unstable();
    assert_eq!(all, differ, "seed {seed}: the regions' edges");
    // A dot belongs to the one region whose edges meet it.
    let mut owner = vec![usize::MAX; grid.vertex_count()];
    for (k, region) in regions.iter().enumerate() {
        assert!(!region.edges.is_empty(), "seed {seed}: region {k} is empty");
        for &e in &region.edges {
            for v in grid.edge_vertices(e) {
                let was = owner[v.0 as usize];
                assert!(
                    was == usize::MAX || was == k,
                    "seed {seed}: regions {was} and {k} meet"
                );
                owner[v.0 as usize] = k;
            }
        }
        // Joined: from its first edge, every edge is reached through
        // shared dots.
        let mut reached = vec![region.edges[0]];
        let mut next = 0;
        while next < reached.len() {
            let ends = grid.edge_vertices(reached[next]);
            next += 1;
            for &e in &region.edges {
                let meets = grid.edge_vertices(e).iter().any(|v| ends.contains(v));
                if meets && !reached.contains(&e) {
                    reached.push(e);
                }
            }
        }
        assert_eq!(
            reached.len(),
            region.edges.len(),
            "seed {seed}: region {k} is not joined"
        );
        let mut cells: Vec<Cell> = region
            .edges
            .iter()
            .flat_map(|&e| grid.edge_cells(e).into_iter().flatten())
            .collect();
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(region.cells, cells, "seed {seed}: region {k}'s cells");
    }
    let firsts: Vec<u32> = regions.iter().map(|r| r.cells[0].0).collect();
    assert!(
        firsts.windows(2).all(|w| w[0] <= w[1]),
        "seed {seed}: regions out of order"
    );
}

/// Checks the difference of `puzzle`, a draft with several answers (by the
/// count).
fn check_multiple(seed: u64, puzzle: &Puzzle, tally: &mut Tally) {
    // The command line's way, from the solve's answer (a detour from it
    // first), and the learning search's pair alone.
    let solved = match solve(puzzle).outcome {
        Outcome::Multiple(answer) => answer,
        other => panic!("seed {seed}: {other:?}"),
    };
    let known = (seed % 2 == 0).then_some(&solved);
    let found = difference(puzzle, known, None);
    let difference = found.unwrap_or_else(|| panic!("seed {seed}: no two answers found"));
    let [a, b] = &difference.answers;
    for answer in [a, b] {
        let drawing = answer.drawing();
        assert_eq!(
            verify(&puzzle.clues, &drawing),
            Ok(()),
            "seed {seed}: not an answer"
        );
    }
    assert_ne!(a.states(), b.states(), "seed {seed}: the same answer twice");
    let grid = puzzle.grid();
    check_regions(seed, &grid, &difference.regions, a, b);
    let draft_count = answers(puzzle);
    for (k, region) in difference.regions.iter().enumerate() {
        let blank = |c: &&Cell| puzzle.clues[c.0 as usize].is_none();
        // Blank cells the setter must pass over: the same in both.
        tally.alike += region
            .cells
            .iter()
            .filter(blank)
            .filter(|&&c| lines_round(&grid, a, c) == lines_round(&grid, b, c))
            .count();
        let (cell, n) = match region.clue {
            Some(clue) => clue,
            None => {
                // None only when no blank cell there tells them apart.
                for &cell in region.cells.iter().filter(blank) {
                    let n = lines_round(&grid, a, cell);
                    assert!(
                        meets(puzzle, b, cell, n),
                        "seed {seed}: region {k}'s {cell:?} tells them apart"
                    );
                }
                continue;
            }
        };
        assert!(region.cells.contains(&cell), "seed {seed}: region {k}");
        assert_eq!(puzzle.clues[cell.0 as usize], None, "seed {seed}: clued");
        assert!(meets(puzzle, a, cell, n), "seed {seed}: {cell:?}={n}");
        assert!(!meets(puzzle, b, cell, n), "seed {seed}: {cell:?}={n}");
        // Added, it keeps the first answer and drops the second: fewer.
        let added = answers(&with_clue(puzzle, cell, Some(n)));
        assert!(
            1 <= added && added < draft_count,
            "seed {seed}: {cell:?}={n} leaves {added} of {draft_count}"
        );
        tally.told += 1;
    }
    if let Some((cell, n)) = difference.unique_with {
        assert_eq!(puzzle.clues[cell.0 as usize], None, "seed {seed}: clued");
        assert!(meets(puzzle, a, cell, n), "seed {seed}: {cell:?}={n}");
        assert_eq!(
            answers(&with_clue(puzzle, cell, Some(n))),
            1,
            "seed {seed}: {cell:?}={n} is said to leave one answer"
        );
        // The region it is in, if any, names it (a cell near a region
        // may serve as well).
        for region in difference
            .regions
            .iter()
            .filter(|r| r.cells.contains(&cell))
        {
            assert_eq!(region.clue, Some((cell, n)), "seed {seed}");
        }
        tally.unique_with += 1;
    }
    tally.multiple += 1;
}

/// Checks the drafts of seeds `first..first + count` of at most `most` rows
/// and columns, and what was met.
fn sweep(first: u64, count: u64, most: u64) -> Tally {
    let mut tally = Tally::default();
    for seed in (first..first + count).map(mix) {
        let puzzle = draft(seed, most);
        // The verdict `--check` starts from, which the count confirms.
        let outcome = solve(&puzzle).outcome;
        match (answers(&puzzle), &outcome) {
            (0, Outcome::NoSolution) => check_none(seed, &puzzle, &mut tally),
            (1, Outcome::Unique(_)) => tally.unique += 1,
            (2.., Outcome::Multiple(_)) => check_multiple(seed, &puzzle, &mut tally),
            (n, _) => panic!("seed {seed}: {n} answers counted, but {outcome:?}"),
        }
    }
    tally
}

/// Asserts that a sweep of `count` drafts met both kinds often, and what
/// the check says of them often enough for the properties to be tested.
fn assert_meaningful(tally: &Tally, count: usize) {
    assert!(5 * tally.none >= count, "{tally:?}");
    assert!(5 * tally.multiple >= count, "{tally:?}");
    assert!(3 * tally.fixed >= tally.none, "{tally:?}");
    // Sets of more than one clue, on average: shrinking was tested.
    assert!(tally.conflict_clues >= 2 * tally.none, "{tally:?}");
    assert!(tally.told >= tally.multiple, "{tally:?}");
    // Cells a region's clue must pass over were met.
    assert!(4 * tally.alike >= tally.multiple, "{tally:?}");
    assert!(4 * tally.unique_with >= tally.multiple, "{tally:?}");
}

#[test]
fn the_setters_check_holds_on_planted_drafts() {
    let tally = sweep(200, 200, 7);
    assert_meaningful(&tally, 200);
}

/// The same on more and larger drafts (CI runs it, in release).
#[test]
#[ignore = "long sweep: .ci/run runs it with --ignored"]
fn the_setters_check_holds_on_many_planted_drafts() {
    let tally = sweep(1_000_000, 2000, 9);
    assert_meaningful(&tally, 2000);
}

/// A search for a change that was cut short, or left a change undecided,
/// proves nothing of the changes left open: helper-17 saw `--check` say
/// that no other number would do on a 30×30 draft given a second, where
/// one does.
#[test]
fn a_change_search_left_open_does_not_say_no_change_would_do() {
    // A 0 beside a 3: no answer.
    let puzzle = Puzzle {
        rows: 1,
        cols: 2,
        clues: vec![Some(0), Some(3)],
    };
    let last_line = |fix_searched| {
        let conflict = super::conflict::Conflict {
            clues: vec![Cell(0), Cell(1)],
            minimal: true,
            fix: None,
            fix_searched,
        };
        let text = super::text::finding_text(&puzzle, &super::Finding::Conflict(conflict));
        text.lines().last().map(str::to_string)
    };
    assert_eq!(
        last_line(false).as_deref(),
        Some("  no change decided leaves exactly one answer (not every one was decided in time)")
    );
    assert_eq!(
        last_line(true).as_deref(),
        Some("  no other number for one of them leaves exactly one answer")
    );
}
