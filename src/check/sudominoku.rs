//! The independent checker of a Su-domino-ku answer: a valid sudoku grid that
//! keeps the puzzle's digits, tiled by all 36 dominoes once each on neighbouring
//! cells, with the single digits left alone.

use crate::sudominoku::puzzle::{Placed, Puzzle};

/// Why an answer, a grid of digits (row-major, 1 to 9) and its tiling, is
/// wrong, in words.
pub fn verify(p: &Puzzle, grid: &[u8; 81], tiling: &[Placed]) -> Result<(), String> {
    for i in 0..9 {
        let row: Vec<u8> = (0..9).map(|j| grid[i * 9 + j]).collect();
        let col: Vec<u8> = (0..9).map(|j| grid[j * 9 + i]).collect();
        let bx: Vec<u8> = (0..9)
            .map(|j| grid[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3])
            .collect();
        for (what, unit) in [("row", row), ("column", col), ("box", bx)] {
            let mut sorted = unit.clone();
            sorted.sort_unstable();
            if sorted != (1..=9).collect::<Vec<u8>>() {
                return Err(format!("{what} {i} is {unit:?}"));
            }
        }
    }
    for (d, &cell) in p.singles.iter().enumerate() {
        if grid[cell] != d as u8 + 1 {
            return Err(format!("single {} moved", d + 1));
        }
    }
    let mut covered = [false; 81];
    for &cell in &p.singles {
        covered[cell] = true;
    }
    let mut pairs = std::collections::HashSet::new();
    for t in tiling {
        let [p0, p1] = t.cells;
        if (p0 / 9).abs_diff(p1 / 9) + (p0 % 9).abs_diff(p1 % 9) != 1 {
            return Err(format!("domino on {p0} and {p1} is split"));
        }
        for k in 0..2 {
            if covered[t.cells[k]] || grid[t.cells[k]] != t.digits[k] {
                return Err(format!("domino on {p0} and {p1} does not fit"));
            }
            covered[t.cells[k]] = true;
        }
        if !pairs.insert((t.digits[0].min(t.digits[1]), t.digits[0].max(t.digits[1]))) {
            return Err(format!("domino {:?} used twice", t.digits));
        }
    }
    for d in &p.dominoes {
        if d.cells
            .iter()
            .zip(d.digits)
            .any(|(&c, digit)| grid[c] != digit)
        {
            return Err("a given domino moved".to_string());
        }
    }
    if pairs.len() != 36 || covered.iter().any(|&c| !c) {
        return Err("the tiling does not cover the board".to_string());
    }
    Ok(())
}
