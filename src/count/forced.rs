//! Edges the clues force, found before the count by the plainest local
//! reasoning, so that the count branches only where answers can differ: a
//! clue with as many lines as it shows has no more, and one with as many
//! edges left as it lacks takes them all; a dot with two lines has no more,
//! one with a line and one edge left takes it, and one with a single edge
//! left has none. Each is true of every answer, so the count is unchanged;
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
pub(super) struct Edges {
    pub(super) across: Vec<Forced>,
    pub(super) down: Vec<Forced>,
}

/// Where an edge is: across (true) or down, and its index.
type At = (bool, usize);

/// The edges a puzzle's clues force, or `None` when they contradict
/// themselves (the puzzle has no answer).
pub(super) fn forced(rows: usize, cols: usize, clues: &[Option<u8>]) -> Option<Edges> {
    let mut edges = Edges {
        across: vec![Forced::Open; (rows + 1) * cols],
        down: vec![Forced::Open; rows * (cols + 1)],
    };
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
