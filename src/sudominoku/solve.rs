//! The exact-cover search. Constraints: each of the 81 cells filled once, each
//! digit once in each row, column and box (243), each of the 36 dominoes used
//! once. Choices: a domino's two digits on two free neighbouring cells, in either
//! orientation. At every node all legal choices are listed and counted against
//! every open constraint (bitsets make each test a mask); a constraint with no
//! choice left fails the node (that is the propagation), and the search branches
//! on the constraint with the fewest choices — Knuth's Algorithm X, with counts
//! recomputed from bitsets instead of dancing links.
//!
//! Uniqueness is of the digit grid: sample puzzle 2 has two tilings of one grid,
//! so answers are compared by grid and the search goes on until a second,
//! different grid is found or none can be.

use crate::sudominoku::puzzle::{Placed, Puzzle};

/// A solved board: the grid and the tiling that fills it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Answer {
    /// Row-major digits 1–9.
    pub grid: [u8; 81],
    /// Every domino on the board, the given ones first.
    pub tiling: Vec<Placed>,
}

impl Answer {
    /// The nine rows of nine digits, one per line.
    pub(crate) fn render(&self) -> String {
        let mut out = String::with_capacity(90);
        for row in self.grid.chunks(9) {
            for d in row {
                out.push((b'0' + d) as char);
            }
            out.push('\n');
        }
        out
    }
}

/// What the search proved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Exactly one grid.
    Unique(Answer),
    /// At least two different grids: the first two found.
    Multiple(Answer, Answer),
    /// No grid.
    NoSolution,
}

/// Index of the domino {a, b}, a ≠ b, in 0..36.
fn domino(a: u8, b: u8) -> usize {
    let (lo, hi) = (usize::from(a.min(b)), usize::from(a.max(b)));
    // Dominoes with a smaller low digit come first: 8 with 1, 7 with 2, ...
    (lo - 1) * (18 - lo) / 2 + (hi - lo - 1)
}

fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

/// One choice: digit `digits[k]` on cell `cells[k]`.
#[derive(Clone, Copy, Debug)]
struct Choice {
    cells: [usize; 2],
    digits: [u8; 2],
}

struct Board {
    grid: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    used: u64,
    tiling: Vec<Placed>,
}

impl Board {
    fn free(&self, cell: usize) -> u16 {
        !(self.rows[cell / 9] | self.cols[cell % 9] | self.boxes[box_of(cell)]) & 0x3FE
    }

    /// Writes a digit; false if the cell is taken or the digit repeats.
    fn put(&mut self, cell: usize, digit: u8) -> bool {
        if self.grid[cell] != 0 || self.free(cell) & (1 << digit) == 0 {
            return false;
        }
        self.grid[cell] = digit;
        self.rows[cell / 9] |= 1 << digit;
        self.cols[cell % 9] |= 1 << digit;
        self.boxes[box_of(cell)] |= 1 << digit;
        true
    }

    fn take(&mut self, cell: usize) {
        let digit = self.grid[cell];
        self.grid[cell] = 0;
        self.rows[cell / 9] &= !(1 << digit);
        self.cols[cell % 9] &= !(1 << digit);
        self.boxes[box_of(cell)] &= !(1 << digit);
    }

    fn choices(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        for p in 0..81 {
            if self.grid[p] != 0 {
                continue;
            }
            let right = if p % 9 < 8 { Some(p + 1) } else { None };
            let down = if p < 72 { Some(p + 9) } else { None };
            for q in [right, down].into_iter().flatten() {
                if self.grid[q] != 0 {
                    continue;
                }
                let (fp, fq) = (self.free(p), self.free(q));
                for a in 1..=9u8 {
                    if fp & (1 << a) == 0 {
                        continue;
                    }
                    for b in 1..=9u8 {
                        if b != a && fq & (1 << b) != 0 && self.used & (1 << domino(a, b)) == 0 {
                            out.push(Choice {
                                cells: [p, q],
                                digits: [a, b],
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// The choices that cover the most constrained open constraint; empty when
    /// some constraint has none (a dead end).
    fn branch(&self, choices: &[Choice]) -> Vec<Choice> {
        let mut cell = [0u16; 81];
        let mut unit = [[[0u16; 10]; 9]; 3];
        let mut dominoes = [0u16; 36];
        for c in choices {
            for k in 0..2 {
                let (p, d) = (c.cells[k], usize::from(c.digits[k]));
                cell[p] += 1;
                unit[0][p / 9][d] += 1;
                unit[1][p % 9][d] += 1;
                unit[2][box_of(p)][d] += 1;
            }
            dominoes[domino(c.digits[0], c.digits[1])] += 1;
        }
        // (count, constraint): 0..81 cells, 81.. units, 324.. dominoes.
        let mut best = (u16::MAX, usize::MAX);
        for (p, (&digit, &n)) in self.grid.iter().zip(&cell).enumerate() {
            if digit == 0 && n < best.0 {
                best = (n, p);
            }
        }
        let masks = [&self.rows, &self.cols, &self.boxes];
        for (kind, (mask, counts)) in masks.iter().zip(&unit).enumerate() {
            for (u, (&present, per_digit)) in mask.iter().zip(counts).enumerate() {
                for (d, &n) in per_digit.iter().enumerate().skip(1) {
                    if present & (1 << d) == 0 && n < best.0 {
                        best = (n, 81 + kind * 81 + u * 9 + d - 1);
                    }
                }
            }
        }
        for (i, &n) in dominoes.iter().enumerate() {
            if self.used & (1 << i) == 0 && n < best.0 {
                best = (n, 324 + i);
            }
        }
        if best.0 == 0 {
            return Vec::new();
        }
        let covers = |c: &Choice| match best.1 {
            p @ 0..=80 => c.cells.contains(&p),
            u @ 81..=323 => {
                let (kind, u, d) = ((u - 81) / 81, (u - 81) % 81 / 9, ((u - 81) % 9 + 1) as u8);
                (0..2).any(|k| {
                    let p = c.cells[k];
                    let at = [p / 9, p % 9, box_of(p)][kind];
                    at == u && c.digits[k] == d
                })
            }
            i => domino(c.digits[0], c.digits[1]) == i - 324,
        };
        choices.iter().copied().filter(covers).collect()
    }

    fn search(&mut self, limit: usize, found: &mut Vec<Answer>) {
        if found.len() >= limit {
            return;
        }
        if self.grid.iter().all(|&d| d != 0) {
            if !found.iter().any(|a| a.grid == self.grid) {
                found.push(Answer {
                    grid: self.grid,
                    tiling: self.tiling.clone(),
                });
            }
            return;
        }
        for c in self.branch(&self.choices()) {
            let [p, q] = c.cells;
            if self.put(p, c.digits[0]) {
                if self.put(q, c.digits[1]) {
                    let bit = 1 << domino(c.digits[0], c.digits[1]);
                    self.used |= bit;
                    self.tiling.push(Placed {
                        digits: c.digits,
                        cells: c.cells,
                    });
                    self.search(limit, found);
                    self.tiling.pop();
                    self.used &= !bit;
                    self.take(q);
                }
                self.take(p);
            }
            if found.len() >= limit {
                return;
            }
        }
    }
}

/// The board with the puzzle's dominoes and singles, or `None` if they already
/// break a rule of sudoku.
fn start(p: &Puzzle) -> Option<Board> {
    let mut b = Board {
        grid: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        used: 0,
        tiling: Vec::new(),
    };
    for d in &p.dominoes {
        if !(b.put(d.cells[0], d.digits[0]) && b.put(d.cells[1], d.digits[1])) {
            return None;
        }
        b.used |= 1 << domino(d.digits[0], d.digits[1]);
        b.tiling.push(*d);
    }
    for (i, &cell) in p.singles.iter().enumerate() {
        if !b.put(cell, i as u8 + 1) {
            return None;
        }
    }
    Some(b)
}

/// Solves `p` and proves whether its grid is unique.
pub fn solve(p: &Puzzle) -> Outcome {
    let mut found = Vec::new();
    if let Some(mut board) = start(p) {
        board.search(2, &mut found);
    }
    let mut found = found.into_iter();
    match (found.next(), found.next()) {
        (Some(a), None) => Outcome::Unique(a),
        (Some(a), Some(b)) => Outcome::Multiple(a, b),
        _ => Outcome::NoSolution,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominoes_are_numbered_0_to_35_without_gaps() {
        let mut seen = [false; 36];
        for a in 1..=9 {
            for b in a + 1..=9 {
                assert_eq!(domino(a, b), domino(b, a));
                assert!(!seen[domino(a, b)]);
                seen[domino(a, b)] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
