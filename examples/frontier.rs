//! Writes the "loose frontier" set, one puzzle a file, into a folder:
//! `cargo run --release --example frontier -- DIR [SEED_BASE [SEEDS]]`.
//!
//! For each size (40×40, 60×60, 80×80, 100×100), each share of blank clues
//! (60, 70, 80%) and each of SEEDS seeds (default 2), a planted region loop
//! (see `tests/common`) with every cell clued, then that share of the clues
//! blanked: `SIZE-BLANK-sK.in`. Beside it, `SIZE-BLANK-sK-typo.in`: the same
//! puzzle with one clued cell, drawn at random, given another number (0 to 3),
//! as a setter's slip would; it may have no answer, or several.
//!
//! Every puzzle draws from its own generator, seeded with
//! `SEED_BASE * 1_000_000 + SIZE * 1000 + BLANK * 10 + K` (SEED_BASE
//! defaults to 1), so one puzzle can be remade alone, another base gives a
//! set nobody has tuned against, and the same command writes the same bytes.

#[path = "../tests/common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};

/// The grids' sides and the shares of blank clues of the set.
const SIZES: [u64; 4] = [40, 60, 80, 100];
const BLANKS: [u64; 3] = [60, 70, 80];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first().map(PathBuf::from) else {
        usage()
    };
    let number = |i: usize, default: u64| match args.get(i) {
        Some(a) => a.parse().unwrap_or_else(|_| usage()),
        None => default,
    };
    let base = number(1, 1);
    let seeds = number(2, 2);
    if args.len() > 3 {
        usage();
    }
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("frontier: cannot make {}: {}", dir.display(), e);
        std::process::exit(1);
    }
    for size in SIZES {
        for blank in BLANKS {
            for k in 1..=seeds {
                let seed = base * 1_000_000 + size * 1000 + blank * 10 + k;
                write_pair(&dir, size, blank, k, seed);
            }
        }
    }
}

/// Draws the puzzle of `seed` and its typo, and writes both.
fn write_pair(dir: &Path, size: u64, blank: u64, k: u64, seed: u64) {
    let mut rng = common::Rng::new(seed);
    let planted = common::random_loop(&mut rng, size as u32, size as u32);
    let mut puzzle = common::clues_of(&planted);
    for clue in puzzle.clues.iter_mut() {
        if rng.chance(blank) {
            *clue = None;
        }
    }
    let name = format!("{size}x{size}-{blank}-s{k}");
    write(dir, &name, &puzzle);

    // The typo: the clued cells are listed so that the draw is uniform over
    // them; the new number is one of the three others, uniformly too.
    let clued: Vec<usize> = (0..puzzle.clues.len())
        .filter(|&i| puzzle.clues[i].is_some())
        .collect();
    if clued.is_empty() {
        eprintln!("frontier: {name} has no clue to change; no typo written");
        return;
    }
    let cell = clued[rng.below(clued.len() as u64) as usize];
    let old = puzzle.clues[cell].unwrap_or(0);
    let mut new = rng.below(3) as u8;
    if new >= old {
        new += 1;
    }
    puzzle.clues[cell] = Some(new);
    write(dir, &format!("{name}-typo"), &puzzle);
}

fn write(dir: &Path, name: &str, puzzle: &slink::Puzzle) {
    let path = dir.join(format!("{name}.in"));
    let text = common::input_text(std::slice::from_ref(puzzle));
    if let Err(e) = std::fs::write(&path, text) {
        eprintln!("frontier: cannot write {}: {}", path.display(), e);
        std::process::exit(1);
    }
}

fn usage() -> ! {
    eprintln!("usage: frontier DIR [SEED_BASE [SEEDS]]");
    std::process::exit(2)
}
