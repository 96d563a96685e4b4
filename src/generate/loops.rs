//! Random loops that look like real puzzles' loops: the boundary of a region of
//! cells, grown from one cell and then made to meander.
//!
//! A region whose cells are connected, which has no hole and which touches
//! itself at no corner alone has one simple loop for a boundary. A cell may
//! join or leave the region, keeping all three, exactly when (a) no 2×2 block
//! around it becomes a diagonal pair (the loop would touch itself at a dot)
//! and (b) going round its eight neighbours, the cells on the side it joins
//! form one run (so nothing is cut off and no hole opens); cells beyond the
//! border count as outside.
//!
//! Growth alone makes blobs whose loop hugs a convex outline. Real puzzles'
//! loops wind through the whole grid in corridors one or two cells wide, so
//! the region then goes through many random flips, each kept by how it changes
//! the loop's length: always when it lengthens the loop, half the time when it
//! keeps it, one time in sixteen when it shortens it, while the region keeps
//! between 30% and 70% of the cells. The loop ends up long and winding, but
//! never the longest possible, so no two look alike.

use crate::shared::restarts::SplitMix;

/// The eight neighbours of a cell, clockwise from the top left: the corners at
/// even places, the sides at odd ones.
const RING: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
];

/// A region of cells, row by row.
struct Region {
    rows: i64,
    cols: i64,
    inside: Vec<bool>,
    size: usize,
}

impl Region {
    fn at(&self, r: i64, c: i64) -> bool {
        r >= 0
            && c >= 0
            && r < self.rows
            && c < self.cols
            && self.inside[(r * self.cols + c) as usize]
    }

    /// Whether cell `i` may change sides (see the module's doc), and by how
    /// many edges the loop then grows (negative: shrinks).
    fn flip(&self, i: usize) -> Option<i64> {
        let (r, c) = (i as i64 / self.cols, i as i64 % self.cols);
        let to = !self.inside[i];
        let mut ring = [false; 8];
        for (k, &(dr, dc)) in RING.iter().enumerate() {
            ring[k] = self.at(r + dr, c + dc) == to;
        }
        let pinch = [0, 2, 4, 6]
            .iter()
            .any(|&k| ring[k] && !ring[(k + 7) % 8] && !ring[(k + 1) % 8]);
        let runs = (0..8).filter(|&k| ring[k] && !ring[(k + 7) % 8]).count();
        if pinch || runs != 1 {
            return None;
        }
        // The cell's sides on the side it joins stop being loop edges, the
        // others become loop edges.
        let joined = [1, 3, 5, 7].iter().filter(|&&k| ring[k]).count() as i64;
        Some(4 - 2 * joined)
    }

    fn set(&mut self, i: usize, inside: bool) {
        self.inside[i] = inside;
        if inside {
            self.size += 1;
        } else {
            self.size -= 1;
        }
    }
}

/// A random region of a `rows`×`cols` grid (at least two cells) whose
/// boundary is one simple loop, drawn as the module's doc says; cell by cell,
/// row by row, whether it is inside.
pub(crate) fn region(rng: &mut SplitMix, rows: u32, cols: u32) -> Vec<bool> {
    let cells = rows as usize * cols as usize;
    let mut region = Region {
        rows: rows as i64,
        cols: cols as i64,
        inside: vec![false; cells],
        size: 0,
    };
    region.set(rng.below(cells as u64) as usize, true);
    if cells == 1 {
        return region.inside;
    }
    // Growth: a random side of a random cell inside, until a third to a half
    // of the grid is in (at least two cells: a loop round one cell needs a
    // clue of 4 somewhere, which the statement has not).
    let target = (cells / 3 + rng.below(cells as u64 / 6 + 1) as usize).max(2);
    let mut tries = 0;
    while region.size < target && tries < 50 * cells {
        tries += 1;
        let from = rng.below(cells as u64) as usize;
        if !region.inside[from] {
            continue;
        }
        let (dr, dc) = RING[1 + 2 * rng.below(4) as usize];
        let (r, c) = (
            from as i64 / region.cols + dr,
            from as i64 % region.cols + dc,
        );
        if r < 0 || c < 0 || r >= region.rows || c >= region.cols {
            continue;
        }
        let i = (r * region.cols + c) as usize;
        if !region.inside[i] && region.flip(i).is_some() {
            region.set(i, true);
        }
    }
    // Meandering: random flips, kept by what they do to the loop's length.
    let (low, high) = ((cells * 3 / 10).max(2), (cells * 7 / 10).max(2));
    for _ in 0..8 * cells {
        let i = rng.below(cells as u64) as usize;
        let joining = !region.inside[i];
        let size = if joining {
            region.size + 1
        } else {
            region.size - 1
        };
        if size < low || size > high {
            continue;
        }
        let grows = match region.flip(i) {
            Some(grows) => grows,
            None => continue,
        };
        let keep = match grows {
            g if g > 0 => true,
            0 => rng.below(2) == 0,
            _ => rng.below(16) == 0,
        };
        if keep {
            region.set(i, joining);
        }
    }
    region.inside
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::slink::verify;
    use crate::generate::{boundary, clues_of};

    /// On grids of every shape from 2×2 to 12×12, each region's boundary is
    /// one loop (the verifier, which shares no code with this, says so), the
    /// region is a third to seven tenths of the grid once it has room to
    /// meander, and the loop is long: at least as long as the grid's border
    /// on average.
    #[test]
    fn regions_are_bounded_by_one_long_loop() {
        let mut rng = SplitMix(3);
        let (mut loop_length, mut border) = (0, 0);
        for rows in 2..=12 {
            for cols in 2..=12 {
                for _ in 0..3 {
                    let inside = region(&mut rng, rows, cols);
                    let answer = boundary(rows, cols, &inside);
                    let puzzle = clues_of(&answer);
                    assert_eq!(
                        verify(&puzzle.clues, &answer.drawing()),
                        Ok(()),
                        "{rows}×{cols}"
                    );
                    let cells = (rows * cols) as usize;
                    let size = inside.iter().filter(|&&i| i).count();
                    if cells >= 16 {
                        assert!(
                            size * 10 >= cells * 3 && size * 10 <= cells * 7,
                            "{size} of {cells}"
                        );
                    }
                    let lines = answer
                        .states()
                        .iter()
                        .filter(|&&s| s == crate::slink::board::EdgeState::Line);
                    loop_length += lines.count();
                    border += 2 * (rows + cols) as usize;
                }
            }
        }
        assert!(loop_length > border, "{loop_length} against {border}");
    }

    #[test]
    fn the_same_seed_draws_the_same_region() {
        let a = region(&mut SplitMix(9), 15, 11);
        let b = region(&mut SplitMix(9), 15, 11);
        let c = region(&mut SplitMix(10), 15, 11);
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
