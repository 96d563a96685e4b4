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

use std::time::Instant;

use crate::shared::restarts::Run;
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
    /// The time limit passed first; a grid found by then, if any.
    Undecided(Option<Answer>),
}

/// The 27 units of sudoku: nine rows, nine columns, nine boxes.
const UNITS: [[u8; 9]; 27] = units();

const fn units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = (i * 9 + j) as u8;
            units[9 + i][j] = (j * 9 + i) as u8;
            units[18 + i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    units
}

/// Each cell's 20 peers: the other cells of its row, column and box.
const PEERS: [[u8; 20]; 81] = peers();

const fn peers() -> [[u8; 20]; 81] {
    let mut peers = [[0u8; 20]; 81];
    let mut p = 0;
    while p < 81 {
        let mut n = 0;
        let mut q = 0;
        while q < 81 {
            let same_box = p / 27 == q / 27 && p % 9 / 3 == q % 9 / 3;
            if q != p && (p / 9 == q / 9 || p % 9 == q % 9 || same_box) {
                peers[p][n] = q as u8;
                n += 1;
            }
            q += 1;
        }
        p += 1;
    }
    peers
}

/// The cells beside cell `p` (above, below, left, right).
fn neighbours_of(p: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (p / 9, p % 9);
    let near = [
        (r > 0, p.wrapping_sub(9)),
        (r < 8, p + 9),
        (c > 0, p.wrapping_sub(1)),
        (c < 8, p + 1),
    ];
    near.into_iter()
        .filter(|&(inside, _)| inside)
        .map(|(_, q)| q)
}

/// [`domino`] as a table, for the search's inner loops.
const DOMINO: [[u8; 10]; 10] = domino_table();

const fn domino_table() -> [[u8; 10]; 10] {
    let mut table = [[0u8; 10]; 10];
    let mut a = 1;
    while a <= 9 {
        let mut b = 1;
        while b <= 9 {
            if a != b {
                let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                table[a][b] = ((lo - 1) * (18 - lo) / 2 + (hi - lo - 1)) as u8;
            }
            b += 1;
        }
        a += 1;
    }
    table
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

#[derive(Clone)]
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

    /// The digits each empty cell can still take, narrowed by sudoku's
    /// singles to a fixed point: a cell left with one digit takes it from
    /// the other cells of its row, column and box ("naked single"), and a
    /// digit left with one cell in a unit gives that cell no other digit
    /// ("hidden single"). The exact cover counts choices of two cells at a
    /// time and cannot see either; they cut the search on loosely given
    /// puzzles. `None` when a cell or a unit's digit has no place left.
    fn candidates(&self) -> Option<[u16; 81]> {
        let mut cand = [0u16; 81];
        for (p, c) in cand.iter_mut().enumerate() {
            if self.grid[p] == 0 {
                *c = self.free(p);
                if *c == 0 {
                    return None;
                }
            }
        }
        let mut settled = [false; 81];
        loop {
            let mut changed = false;
            for p in 0..81 {
                let d = cand[p];
                if self.grid[p] != 0 || settled[p] || d.count_ones() != 1 {
                    continue;
                }
                settled[p] = true;
                for &q in PEERS[p].iter() {
                    let q = usize::from(q);
                    if self.grid[q] == 0 && cand[q] & d != 0 {
                        cand[q] &= !d;
                        if cand[q] == 0 {
                            return None;
                        }
                        changed = true;
                    }
                }
            }
            for unit in UNITS.iter() {
                let mut present = 0u16;
                let mut once = 0u16;
                let mut twice = 0u16;
                for &p in unit.iter() {
                    let p = usize::from(p);
                    if self.grid[p] != 0 {
                        present |= 1 << self.grid[p];
                        continue;
                    }
                    twice |= once & cand[p];
                    once |= cand[p];
                }
                if (once | present) & 0x3FE != 0x3FE {
                    return None;
                }
                let single = once & !twice;
                for &p in unit.iter() {
                    let p = usize::from(p);
                    let only = cand[p] & single;
                    if self.grid[p] == 0 && only != 0 && only != cand[p] {
                        if only.count_ones() > 1 {
                            return None;
                        }
                        cand[p] = only;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Some(cand);
            }
        }
    }

    /// Whether the empty cells can still be tiled by dominoes: a domino
    /// covers one light and one dark square of the chessboard colouring, so
    /// the empty light cells must be matched one to one with empty dark
    /// neighbours (a perfect matching, found by augmenting paths).
    fn tileable(&self) -> bool {
        // partner[p]: the dark cell matched with light cell p, or the reverse.
        let mut partner = [usize::MAX; 81];
        let light = |p: usize| (p / 9 + p % 9) % 2 == 0;
        let mut lights = 0;
        let mut darks = 0;
        for p in 0..81 {
            if self.grid[p] == 0 {
                if light(p) {
                    lights += 1;
                } else {
                    darks += 1;
                }
            }
        }
        if lights != darks {
            return false;
        }
        for p in 0..81 {
            if self.grid[p] != 0 || !light(p) {
                continue;
            }
            let mut seen = [false; 81];
            if !self.augment(p, &mut partner, &mut seen) {
                return false;
            }
        }
        true
    }

    /// Tries to match light cell `p`, re-matching others along the way.
    fn augment(&self, p: usize, partner: &mut [usize; 81], seen: &mut [bool; 81]) -> bool {
        for q in neighbours_of(p) {
            if self.grid[q] != 0 || seen[q] {
                continue;
            }
            seen[q] = true;
            if partner[q] == usize::MAX || self.augment(partner[q], partner, seen) {
                partner[q] = p;
                partner[p] = q;
                return true;
            }
        }
        false
    }

    /// `partners[a]`: the digits b ≠ a whose domino with a is still unused.
    fn partners(&self) -> [u16; 10] {
        let mut partners = [0u16; 10];
        for a in 1..=9u8 {
            for b in 1..=9u8 {
                if b != a && self.used & (1 << domino(a, b)) == 0 {
                    partners[usize::from(a)] |= 1 << b;
                }
            }
        }
        partners
    }

    /// Calls `pair` with every two neighbouring empty cells `p`, `q` (`q`
    /// right of or below `p`), in order of `p`, right before down.
    fn each_pair(&self, mut pair: impl FnMut(usize, usize)) {
        for p in 0..81 {
            if self.grid[p] != 0 {
                continue;
            }
            if p % 9 < 8 && self.grid[p + 1] == 0 {
                pair(p, p + 1);
            }
            if p < 72 && self.grid[p + 9] == 0 {
                pair(p, p + 9);
            }
        }
    }

    /// The choices that cover the most constrained open constraint; empty when
    /// some constraint has none (a dead end). A choice is a domino's two
    /// digits on two neighbouring empty cells, each digit a candidate of its
    /// cell, the two different, their domino unused.
    fn branch(&self, candidates: &[u16; 81]) -> Vec<Choice> {
        let partners = self.partners();
        // The choices covering each cell, each cell's digit and each domino;
        // digits are walked bit by bit through the candidate masks, and the
        // choices of one first digit on `p` are counted on `p` at once.
        let mut cell = [0u16; 81];
        let mut digit_at = [[0u16; 10]; 81];
        let mut dominoes = [0u16; 36];
        self.each_pair(|p, q| {
            let mut n = 0;
            let mut first = candidates[p];
            while first != 0 {
                let a = first.trailing_zeros() as usize;
                first &= first - 1;
                let mut second = candidates[q] & partners[a];
                let k = second.count_ones() as u16;
                digit_at[p][a] += k;
                n += k;
                while second != 0 {
                    let b = second.trailing_zeros() as usize;
                    second &= second - 1;
                    digit_at[q][b] += 1;
                    dominoes[usize::from(DOMINO[a][b])] += 1;
                }
            }
            cell[p] += n;
            cell[q] += n;
        });
        // (count, constraint): 0..81 cells, 81.. unit digits (unit i of
        // UNITS, digit d at 81 + 9i + d - 1), 324.. dominoes.
        let mut best = (u16::MAX, usize::MAX);
        for (p, (&digit, &n)) in self.grid.iter().zip(&cell).enumerate() {
            if digit == 0 && n < best.0 {
                best = (n, p);
            }
        }
        let masks = [&self.rows, &self.cols, &self.boxes];
        for (i, unit) in UNITS.iter().enumerate() {
            let mut missing = !masks[i / 9][i % 9] & 0x3FE;
            while missing != 0 {
                let d = missing.trailing_zeros() as usize;
                missing &= missing - 1;
                let n = unit.iter().map(|&p| digit_at[usize::from(p)][d]).sum();
                if n < best.0 {
                    best = (n, 81 + i * 9 + d - 1);
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
        // The choices covering it: on the cell; putting the digit in the
        // unit; or of the domino. Listed in the order of `each_pair`.
        let (cell_at, unit_digit) = match best.1 {
            p @ 0..=80 => (Some(p), None),
            c @ 81..=323 => (None, Some(((c - 81) / 9, (c - 81) % 9 + 1))),
            _ => (None, None),
        };
        let mut chosen = Vec::new();
        self.each_pair(|p, q| {
            if cell_at.map_or(false, |x| x != p && x != q) {
                return;
            }
            let cells = [p, q];
            let mut first = candidates[p];
            while first != 0 {
                let a = first.trailing_zeros() as u8;
                first &= first - 1;
                let mut second = candidates[q] & partners[usize::from(a)];
                while second != 0 {
                    let b = second.trailing_zeros() as u8;
                    second &= second - 1;
                    let digits = [a, b];
                    let covers = match unit_digit {
                        Some((i, d)) => (0..2).any(|k| {
                            usize::from(digits[k]) == d && UNITS[i].contains(&(cells[k] as u8))
                        }),
                        None if cell_at.is_none() => {
                            usize::from(DOMINO[usize::from(a)][usize::from(b)]) == best.1 - 324
                        }
                        None => true,
                    };
                    if covers {
                        chosen.push(Choice { cells, digits });
                    }
                }
            }
        });
        chosen
    }

    /// Depth-first search adding every new grid to `found` until it holds
    /// `limit`; false when `run` ran out of nodes (or time) first.
    fn search(&mut self, limit: usize, found: &mut Vec<Answer>, run: &mut Run) -> bool {
        if found.len() >= limit {
            return true;
        }
        if !run.step() {
            return false;
        }
        if self.grid.iter().all(|&d| d != 0) {
            if !found.iter().any(|a| a.grid == self.grid) {
                found.push(Answer {
                    grid: self.grid,
                    tiling: self.tiling.clone(),
                });
            }
            return true;
        }
        if !self.tileable() {
            return true;
        }
        let candidates = match self.candidates() {
            Some(candidates) => candidates,
            None => return true,
        };
        let mut choices = self.branch(&candidates);
        shuffle(run, &mut choices);
        for c in choices {
            let [p, q] = c.cells;
            let mut finished = true;
            if self.put(p, c.digits[0]) {
                if self.put(q, c.digits[1]) {
                    let bit = 1 << domino(c.digits[0], c.digits[1]);
                    self.used |= bit;
                    self.tiling.push(Placed {
                        digits: c.digits,
                        cells: c.cells,
                    });
                    finished = self.search(limit, found, run);
                    self.tiling.pop();
                    self.used &= !bit;
                    self.take(q);
                }
                self.take(p);
            }
            if !finished {
                return false;
            }
            if found.len() >= limit {
                return true;
            }
        }
        true
    }
}

/// Puts `choices` in the run's random order (as listed in the first run;
/// see [`crate::shared::restarts`]).
fn shuffle(run: &mut Run, choices: &mut [Choice]) {
    if let Some(rng) = run.random() {
        for i in (1..choices.len()).rev() {
            choices.swap(i, rng.below(i as u64 + 1) as usize);
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

/// The first run's budget of nodes; each restart doubles it.
const FIRST_BUDGET: u64 = 10_000;

/// Solves `p` and proves whether its grid is unique.
pub fn solve(p: &Puzzle) -> Outcome {
    solve_within(p, None, &mut || {})
}

/// [`solve`], giving up at `deadline` ([`Outcome::Undecided`]): runs the
/// search with restarts until one run finishes or two grids are found.
/// `long` is called once, when the first run runs out of budget (the command
/// line then flushes the answers before it).
pub fn solve_within(p: &Puzzle, deadline: Option<Instant>, long: &mut dyn FnMut()) -> Outcome {
    let mut found = Vec::new();
    if let Some(board) = start(p) {
        let mut run = Run::new(FIRST_BUDGET, deadline);
        while !board.clone().search(2, &mut found, &mut run) {
            if run.out_of_time() {
                return Outcome::Undecided(found.pop());
            }
            if run.restart() {
                long();
            }
        }
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
        for a in 1..=9u8 {
            for b in (1..=9u8).filter(|&b| b != a) {
                assert_eq!(
                    usize::from(DOMINO[usize::from(a)][usize::from(b)]),
                    domino(a, b)
                );
            }
        }
    }
}
