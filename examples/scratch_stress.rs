#[path = "../tests/common/mod.rs"]
mod common;
use common::*;
use std::time::Instant;
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let size: u32 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let blank: u64 = std::env::args()
        .nth(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut rng = Rng::new(5);
    let mut worst = (0f64, 0u64, 0u64);
    let t = Instant::now();
    let mut guesses = 0;
    let mut counts = [0; 3];
    for _ in 0..n {
        let seed = rng.next_u64();
        let mut r = Rng::new(seed);
        let planted = random_loop(&mut r, size, size);
        let mut p = clues_of(&planted);
        for c in p.clues.iter_mut() {
            if r.chance(blank) {
                *c = None;
            }
        }
        let t0 = Instant::now();
        let rep = slink::solve(&p);
        let dt = t0.elapsed().as_secs_f64();
        guesses += rep.guesses;
        match &rep.outcome {
            slink::Outcome::Unique(s) => {
                counts[0] += 1;
                assert_eq!(*s, planted, "seed {seed}");
            }
            slink::Outcome::Multiple(_) => counts[1] += 1,
            _ => panic!("none {seed}"),
        }
        if dt > worst.0 {
            worst = (dt, seed, rep.guesses);
        }
    }
    println!("{n} puzzles {size}x{size} blank {blank}%: {:.3}s total, {:.1} us/puzzle, guesses {guesses}, worst {:?}, unique/multi {:?}", t.elapsed().as_secs_f64(), t.elapsed().as_secs_f64()*1e6/n as f64, worst, counts);
}
