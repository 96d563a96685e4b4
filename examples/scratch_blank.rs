#[path = "../tests/common/mod.rs"]
mod common;
use common::*;
use std::time::Instant;
fn main() {
    let mut rng = Rng::new(2026);
    for i in 0..250 {
        let (rows, cols) = (1 + rng.below(14) as u32, 1 + rng.below(14) as u32);
        let seed = rng.next_u64();
        let mut case_rng = Rng::new(seed);
        let planted = random_loop(&mut case_rng, rows, cols);
        let mut puzzle = clues_of(&planted);
        let share = case_rng.below(90);
        for clue in puzzle.clues.iter_mut() {
            if case_rng.chance(share) {
                *clue = None;
            }
        }
        let t = Instant::now();
        let r = slink::solve(&puzzle);
        let d1 = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let n = slink::count_solutions(&puzzle, 2);
        let d2 = t.elapsed().as_secs_f64();
        if d1 + d2 > 0.05 {
            println!(
                "{i} {rows}x{cols} share {share} solve {d1:.3}s guesses {} count {d2:.3}s n={n}",
                r.guesses
            );
        }
    }
}
