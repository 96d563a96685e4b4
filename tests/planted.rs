//! Planted-loop properties: random single loops on grids from 1×1 to 20×20
//! (square, wide, tall and thin), their Slink clues derived, and then:
//! - every answer the solver prints passes the independent verifier, and a
//!   puzzle reported unique is answered with exactly the planted loop;
//! - no rule ever decides an edge against the planted loop, from an empty board or
//!   from a board where a random part of the planted loop is already drawn.
//!
//! Each case prints its seed on failure, so it can be replayed.

mod common;

use common::{blank, clues_of, random_loop, Rng};
use slink::board::{Board, EdgeState};
use slink::check::slink::verify;
use slink::grid::Edge;
use slink::rules::driver::Propagator;
use slink::rules::Mode;
use slink::{solve, Outcome, Puzzle, Solution};

/// Grid sizes to try: thin ones on purpose, then random ones up to 20×20.
fn sizes(rng: &mut Rng, random: usize) -> Vec<(u32, u32)> {
    let mut out = vec![(1, 1), (1, 2), (2, 1), (2, 2)];
    for n in 1..=20 {
        out.push((1, n));
        out.push((n, 1));
        out.push((2, n));
        out.push((n, 2));
    }
    for _ in 0..random {
        out.push((1 + rng.below(20) as u32, 1 + rng.below(20) as u32));
    }
    out
}

fn agrees(board: &Board, planted: &Solution) -> Option<Edge> {
    let states = board.states();
    (0..states.len())
        .find(|&i| states[i] != EdgeState::Unknown && states[i] != planted.states()[i])
        .map(|i| Edge(i as u32))
}

/// Solves `puzzle` (made from `planted`) and checks the answer; returns whether
/// it was reported unique.
fn check_answer(puzzle: &Puzzle, planted: &Solution, case: &str) -> bool {
    match solve(puzzle).outcome {
        Outcome::Unique(answer) => {
            assert_eq!(
                &answer, planted,
                "{case}: the unique answer is not the planted loop"
            );
            true
        }
        Outcome::Multiple(answer) => {
            assert_eq!(verify(&puzzle.clues, &answer.drawing()), Ok(()), "{case}");
            // "Several" must be true: plain counting finds a second answer too.
            assert_eq!(
                slink::count_solutions(puzzle, 2),
                2,
                "{case}: not several after all"
            );
            false
        }
        Outcome::NoSolution => panic!("{case}: no solution"),
        Outcome::Undecided(_) => unreachable!("no time limit was set"),
    }
}

#[test]
fn solver_answers_planted_slink_puzzles() {
    let mut rng = Rng::new(2007);
    let mut unique = 0;
    let cases = sizes(&mut rng, 300);
    for (i, &(rows, cols)) in cases.iter().enumerate() {
        let seed = rng.next_u64();
        let planted = random_loop(&mut Rng::new(seed), rows, cols);
        let puzzle = clues_of(&planted);
        if check_answer(
            &puzzle,
            &planted,
            &format!("case {i}, {rows}×{cols}, seed {seed}"),
        ) {
            unique += 1;
        }
    }
    // Fully clued puzzles are nearly always unique; a count far below the total
    // would mean the uniqueness proof is broken.
    assert!(
        unique * 10 >= cases.len() * 9,
        "only {unique} of {} unique",
        cases.len()
    );
}

#[test]
fn no_rule_contradicts_the_planted_loop() {
    let mut rng = Rng::new(17);
    for (i, (rows, cols)) in sizes(&mut rng, 200).into_iter().enumerate() {
        let seed = rng.next_u64();
        let mut case_rng = Rng::new(seed);
        let planted = random_loop(&mut case_rng, rows, cols);
        let puzzle = clues_of(&planted);
        for share in [0, 10, 30] {
            let mut board = Board::new(puzzle.grid(), &puzzle.clues);
            for (e, &state) in planted.states().iter().enumerate() {
                if case_rng.chance(share) {
                    board
                        .set(Edge(e as u32), state)
                        .expect("the planted loop is consistent");
                }
            }
            let mut propagator = Propagator::new(*board.grid(), Mode::Full);
            let result = propagator.run(&mut board);
            let wrong = agrees(&board, &planted);
            assert!(
                result.is_ok() && wrong.is_none(),
                "case {i}, {rows}×{cols}, seed {seed}, {share}% given: {result:?}, edge {wrong:?}"
            );
        }
    }
}

#[test]
fn solver_answers_planted_puzzles_with_blank_cells() {
    let mut rng = Rng::new(2026);
    let (mut unique, mut multiple) = (0, 0);
    for i in 0..250 {
        let (rows, cols) = (1 + rng.below(14) as u32, 1 + rng.below(14) as u32);
        let seed = rng.next_u64();
        let mut case_rng = Rng::new(seed);
        let planted = random_loop(&mut case_rng, rows, cols);
        let mut puzzle = clues_of(&planted);
        let share = case_rng.below(90);
        blank(&mut case_rng, &mut puzzle, share);
        if check_answer(
            &puzzle,
            &planted,
            &format!("case {i}, {rows}×{cols}, seed {seed}"),
        ) {
            unique += 1;
        } else {
            multiple += 1;
        }
    }
    assert!(
        unique > 20 && multiple > 20,
        "unique {unique}, multiple {multiple}"
    );
}
