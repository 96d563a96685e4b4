//! Edges the clues force, found before the count by the plainest local
//! reasoning, so that the count branches only where answers can differ: a
//! clue with as many lines as it shows has no more, and one with as many
//! edges left as it lacks takes them all; a dot with two lines has no more,
//! one with a line and one edge left takes it, and one with a single edge
//! left has none; a dot with no line and two edges left takes both or
//! neither, so where those are two sides of one clue, the clue says which
//! when it cannot have exactly one more there (a 1 in a grid's corner has
//! neither). The edges drawn on the board are where it starts. Each is
//! true of every answer that keeps them, so the count is unchanged;
//! on a heavily clued puzzle they decide most edges, and the count's states
//! stay few. (This is the count's own, sharing nothing with the solver.)

/// An edge's state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Forced {
    /// Either way, as far as this reasoning goes.
    Open,
    /// A line in every answer.
    Line,
    /// Empty in every answer.
    Empty,
}

/// The forced states of a grid's edges: `across[r * cols + c]` from dot
/// `(r, c)` to `(r, c+1)`, `down[r * (cols + 1) + c]` from dot `(r, c)` to
/// `(r+1, c)`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Edges {
    pub(super) across: Vec<Forced>,
    pub(super) down: Vec<Forced>,
}

/// Where an edge is: across (true) or down, and its index.
type At = (bool, usize);

/// The edges a puzzle's clues force with the edges `drawn` (the lines and
/// crosses an answer must keep), or `None` when they contradict themselves
/// (no answer keeps them).
pub(super) fn forced(
    rows: usize,
    cols: usize,
    clues: &[Option<u8>],
    drawn: Edges,
) -> Option<Edges> {
    let mut edges = drawn;
    let cell_sides = |r: usize, c: usize| -> [At; 4] {
        [
            (true, r * cols + c),
            (true, (r + 1) * cols + c),
            (false, r * (cols + 1) + c),
            (false, r * (cols + 1) + c + 1),
        ]
    };
    let dot_edges = |r: usize, c: usize| -> Vec<At> {
        let mut at = Vec::with_capacity(4);
        if c > 0 {
            at.push((true, r * cols + c - 1));
        }
        if c < cols {
            at.push((true, r * cols + c));
        }
        if r > 0 {
            at.push((false, (r - 1) * (cols + 1) + c));
        }
        if r < rows {
            at.push((false, r * (cols + 1) + c));
        }
        at
    };
    // Sweeps until nothing changes: each sweep is cheap, and few are needed.
    loop {
        let mut changed = false;
        for r in 0..rows {
            for c in 0..cols {
                if let Some(clue) = clues[r * cols + c] {
                    changed |= edges.settle(&cell_sides(r, c), clue, clue)?;
                }
            }
        }
        for r in 0..=rows {
            for c in 0..=cols {
                let at = dot_edges(r, c);
                let lines = edges.count(&at, Forced::Line);
                // A dot has no line or two: with a line, exactly two.
                changed |= if lines > 0 {
                    edges.settle(&at, 2, 2)?
                } else {
                    edges.settle_dot_without_line(&at)?
                };
                changed |= edges.settle_corner(r, c, rows, cols, clues)?;
            }
        }
        if !changed {
            return Some(edges);
        }
    }
}

impl Edges {
    fn get(&self, (across, i): At) -> Forced {
        if across {
            self.across[i]
        } else {
            self.down[i]
        }
    }

    fn put(&mut self, (across, i): At, state: Forced) {
        if across {
            self.across[i] = state;
        } else {
            self.down[i] = state;
        }
    }

    fn count(&self, at: &[At], state: Forced) -> usize {
        at.iter().filter(|&&e| self.get(e) == state).count()
    }

    /// Edges `at` hold between `least` and `most` lines: decides the open
    /// ones when that leaves one way; `None` when it leaves none. Returns
    /// whether anything was decided.
    fn settle(&mut self, at: &[At], least: u8, most: u8) -> Option<bool> {
        let lines = self.count(at, Forced::Line) as u8;
        let open = self.count(at, Forced::Open) as u8;
        if lines > most || lines + open < least {
            return None;
        }
        let fill = if lines == most {
            Forced::Empty
        } else if lines + open == least {
            Forced::Line
        } else {
            return Some(false);
        };
        let mut changed = false;
        for &e in at {
            if self.get(e) == Forced::Open {
                self.put(e, fill);
                changed = true;
            }
        }
        Some(changed)
    }

    /// At dot `(r, c)` with no line and exactly two open edges, which are
    /// two sides of one clued cell (they turn there): the two are both lines
    /// or both empty, and when the clue cannot take exactly that many more
    /// one way, they go the other.
    fn settle_corner(
        &mut self,
        r: usize,
        c: usize,
        rows: usize,
        cols: usize,
        clues: &[Option<u8>],
    ) -> Option<bool> {
        // The dot's edges: left, right, up, down (off the grid: none).
        let left = (c > 0).then(|| (true, r * cols + c - 1));
        let right = (c < cols).then(|| (true, r * cols + c));
        let up = (r > 0).then(|| (false, (r - 1) * (cols + 1) + c));
        let down = (r < rows).then(|| (false, r * (cols + 1) + c));
        let all: Vec<At> = [left, right, up, down].into_iter().flatten().collect();
        if self.count(&all, Forced::Line) > 0 || self.count(&all, Forced::Open) != 2 {
            return Some(false);
        }
        let open = |e: Option<At>| e.is_some_and(|e| self.get(e) == Forced::Open);
        // The cell the two open edges bound, when they turn at the dot.
        let cell = match (open(left), open(right), open(up), open(down)) {
            // (Two open edges there mean those cells are on the grid.)
            (true, false, true, false) => Some((r - 1, c - 1)),
            (false, true, true, false) => Some((r - 1, c)),
            (false, true, false, true) => Some((r, c)),
            (true, false, false, true) => Some((r, c - 1)),
            _ => None,
        };
        let Some((cr, cc)) = cell else {
            return Some(false);
        };
        let Some(clue) = clues[cr * cols + cc] else {
            return Some(false);
        };
        let sides = [
            (true, cr * cols + cc),
            (true, (cr + 1) * cols + cc),
            (false, cr * (cols + 1) + cc),
            (false, cr * (cols + 1) + cc + 1),
        ];
        let lines = self.count(&sides, Forced::Line) as u8;
        let open_sides = self.count(&sides, Forced::Open) as u8;
        let need = clue.checked_sub(lines)?;
        // Both: the clue needs two more at least; neither: the other open
        // sides can give what it needs.
        let both = need >= 2;
        let neither = open_sides - 2 >= need;
        let fill = match (both, neither) {
            (true, true) => return Some(false),
            (true, false) => Forced::Line,
            (false, true) => Forced::Empty,
            (false, false) => return None,
        };
        for e in all {
            if self.get(e) == Forced::Open {
                self.put(e, fill);
            }
        }
        Some(true)
    }

    /// A dot with no line yet: with one open edge, that edge is empty (a
    /// line there would be a dead end).
    fn settle_dot_without_line(&mut self, at: &[At]) -> Option<bool> {
        let open: Vec<At> = at
            .iter()
            .copied()
            .filter(|&e| self.get(e) == Forced::Open)
            .collect();
        if let [only] = open[..] {
            self.put(only, Forced::Empty);
            return Some(true);
        }
        Some(false)
    }
}
