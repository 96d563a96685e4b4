//! Fuzz-style robustness (seeded, std only): thousands of random and mutated
//! inputs go through the library exactly as the binary uses it. None may panic,
//! and each must end with puzzles solved and then the end or an error.

mod common;

use common::Rng;
use slink::{solve, PuzzleReader};

/// Reads and solves every puzzle of `input`; returns how many were solved before
/// the end or the first error.
fn run(input: &[u8]) -> usize {
    // A small cell limit keeps each case quick; the limit itself is exercised.
    let mut reader = PuzzleReader::with_limit(input, 64);
    let mut solved = 0;
    while let Ok(Some(puzzle)) = reader.next_puzzle() {
        solve(&puzzle);
        solved += 1;
    }
    solved
}

const ALPHABET: &[u8] = b"0123 0123\n\n\t\r.-?x4-+9\xff\xc3\xa9 0 0 1 2 ";

#[test]
fn random_bytes_and_tokens() {
    let mut rng = Rng::new(99);
    for _ in 0..3000 {
        let len = rng.below(80) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
            .collect();
        run(&bytes);
    }
}

#[test]
fn mutated_judge_data() {
    let original = include_bytes!("../samples/sample.in");
    let mut rng = Rng::new(7);
    let mut solved_somewhere = 0;
    for _ in 0..1000 {
        let mut bytes = original.to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len() as u64) as usize;
            let byte = ALPHABET[rng.below(ALPHABET.len() as u64) as usize];
            match rng.below(3) {
                0 => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                _ => {
                    bytes.remove(at);
                }
            }
        }
        solved_somewhere += run(&bytes);
    }
    // Most mutations leave the first puzzles readable; if nothing was ever
    // solved, the harness itself would be broken.
    assert!(solved_somewhere > 500, "{solved_somewhere}");
}

#[test]
fn random_small_puzzles_of_any_clues() {
    let mut rng = Rng::new(3);
    for _ in 0..2000 {
        let (r, c) = (1 + rng.below(5), 1 + rng.below(5));
        let mut text = format!("{r} {c}\n");
        for _ in 0..r * c {
            text.push_str(["0 ", "1 ", "2 ", "3 ", ". "][rng.below(5) as usize]);
        }
        assert_eq!(run(text.as_bytes()), 1, "{text}");
    }
}
