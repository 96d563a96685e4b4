//! Counting every answer of a puzzle exactly (`slink --count`), by a method
//! that shares nothing with the solver: no board, no rules, no search, and a
//! geometry of its own. It is the second opinion on what the solver proves.
//!
//! The method is a frontier ("transfer-matrix") dynamic program over the
//! grid's dots, taken row by row, each row left to right, across a side of
//! at most [`MAX_WIDTH`] cells (the grid is turned and flipped as needed;
//! [`count`] says which ways it tries). After each dot, a
//! *state* says what the rest of the grid needs to know of the edges decided
//! so far:
//! - for each dot column, whether the edge going down from the frontier
//!   carries a line, and which of these carry the same path (a label per
//!   path, renumbered in order of first appearance so that equal situations
//!   meet as one state); the same for the edge going right from the dot just
//!   done;
//! - for each cell whose sides are not all decided yet (one row of them), how
//!   many lines its clue still needs;
//! - whether the loop has closed (then no further line may come).
//!
//! Each state carries how many ways of deciding the edges so far lead to it.
//! At a dot, its edge to the right and its edge down are decided, so that the
//! dot has 0 or 2 lines: two paths meeting there join (or close the loop,
//! which is allowed only when no other path is open), one path goes on, or a
//! new path starts. A cell's clue is checked as each of its sides is decided,
//! and settled when its last one is. The count is the sum over the states
//! with a closed loop after the last dot.
//!
//! Before it, the edges drawn on the board (lines and crosses, as a
//! picture or a pzprv3 file gives them) are fixed, and the edges the clues
//! force by the plainest local reasoning with them ([`forced()`]), so that
//! the count is that of the answers keeping what is drawn, and on a
//! well-clued puzzle the states stay few.
//!
//! The cost grows with the number of states, which depends on the width and
//! on how loosely the rows are clued; it is bounded in memory
//! ([`bound::MAX_BYTES`]), and the count gives up early where the states
//! grow past it: past the bound, or past the time limit, a count is
//! [`Counted::Undecided`], never an abort.
//!
//! The count on Loopy's other grids ([`crate::graph::count`]) takes its
//! numbers ([`number`]), its bounds ([`bound`]) and its hash from here.

pub(crate) mod bound;
mod forced;
pub(crate) mod number;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use bound::{frontier, may_grow, state_limit, Growth, Stop, Watch};
use forced::{forced, Edges, Forced};
use number::{Big, Number};

pub use bound::MAX_BYTES;

/// The widest narrower side counted, in cells.
pub const MAX_WIDTH: u32 = 20;

/// An edge drawn on the board: `Some(true)` a line, `Some(false)` a cross,
/// `None` undecided.
pub type Drawn = Option<bool>;

/// What counting found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Counted {
    /// The number of answers, in decimal.
    Exactly(String),
    /// Not counted, and why.
    Undecided(String),
}

/// Counts the answers of a `rows × cols` puzzle with `clues` (row by row,
/// `None` a blank cell; 0 to 4) that keep the edges `drawn` (when given: in
/// the grid's order, the horizontal edges dot row by dot row, then the
/// vertical ones cell row by cell row), giving up past `deadline`;
/// `progress` is told `(rows done, rows)` as the count goes.
pub fn count(
    rows: u32,
    cols: u32,
    clues: &[Option<u8>],
    drawn: Option<&[Drawn]>,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(usize, usize),
) -> Counted {
    let (r, c) = (rows as usize, cols as usize);
    let edges = (r + 1) * c + r * (c + 1);
    if rows == 0 || cols == 0 || clues.len() != r * c || drawn.is_some_and(|d| d.len() != edges) {
        return Counted::Exactly("0".to_string());
    }
    let narrow = rows.min(cols);
    if narrow > MAX_WIDTH {
        return Counted::Undecided(format!(
            "the narrower side has {narrow} cells, more than {MAX_WIDTH} ('slink --count' counts only grids at most {MAX_WIDTH} wide)"
        ));
    }
    let undecided = vec![None; edges];
    let drawn = drawn.unwrap_or(&undecided);
    // The count is the same from any corner, but the states are not: many
    // where the first rows are loosely clued. Each way the grid may lie (at
    // most 20 wide) is tried in turn: the narrower first, and of those the
    // most tightly clued first rows first. A way that lays the same puzzle
    // as one tried (every way, on a blank square) is not tried again.
    let mut ways: Vec<Clues> = Vec::new();
    for turned in [false, true] {
        // A way is as wide as the side that runs across it.
        let width = if turned { rows } else { cols };
        if width > MAX_WIDTH {
            continue;
        }
        for flip_rows in [false, true] {
            for flip_cols in [false, true] {
                let way = Clues::laid(r, c, clues, drawn, [turned, flip_rows, flip_cols]);
                if !ways.contains(&way) {
                    ways.push(way);
                }
            }
        }
    }
    ways.sort_by_key(|way| (way.cols, std::cmp::Reverse(way.clues_near_start())));
    let mut why = String::new();
    for grid in &ways {
        // Clues that contradict themselves, or what is drawn, at once leave
        // no answer.
        let Some(edges) = forced(grid.rows, grid.cols, &grid.clues, grid.drawn.clone()) else {
            return Counted::Exactly("0".to_string());
        };
        let mut watch = Watch::new(deadline, progress);
        let counted = match run::<u128>(grid, &edges, &mut watch) {
            Ok(Some(n)) => Ok(n.decimal()),
            // A count past 2^128 - 1: again, in numbers of any size.
            Ok(None) => match run::<Big>(grid, &edges, &mut watch) {
                Ok(Some(n)) => Ok(n.decimal()),
                Ok(None) => Err("a count that does not fit".to_string()),
                Err(stop) => Err(stop.reason()),
            },
            Err(stop) => Err(stop.reason()),
        };
        match counted {
            Ok(n) => return Counted::Exactly(n),
            Err(reason) => why = reason,
        }
        if watch.late() {
            break;
        }
    }
    Counted::Undecided(why)
}

/// A puzzle as the count reads it: the clues row by row, at most
/// [`MAX_WIDTH`] columns, and the edges drawn.
#[derive(PartialEq, Eq)]
struct Clues {
    rows: usize,
    cols: usize,
    clues: Vec<Option<u8>>,
    drawn: Edges,
}

impl Clues {
    /// The `rows × cols` puzzle `clues` with edges `drawn`, turned (rows
    /// become columns) and flipped (the last row first, the last column
    /// first) as `[turned, flip_rows, flip_cols]` asks.
    fn laid(
        rows: usize,
        cols: usize,
        clues: &[Option<u8>],
        drawn: &[Drawn],
        [turned, flip_rows, flip_cols]: [bool; 3],
    ) -> Clues {
        let (out_rows, out_cols) = if turned { (cols, rows) } else { (rows, cols) };
        // The dot of the given grid that a laid dot is.
        let dot = |r: usize, c: usize| {
            let r = if flip_rows { out_rows - r } else { r };
            let c = if flip_cols { out_cols - c } else { c };
            if turned {
                (c, r)
            } else {
                (r, c)
            }
        };
        // The given edge between two of its neighbouring dots.
        let between = |(r1, c1): (usize, usize), (r2, c2): (usize, usize)| {
            let state = if r1 == r2 {
                drawn[r1 * cols + c1.min(c2)]
            } else {
                drawn[(rows + 1) * cols + r1.min(r2) * (cols + 1) + c1]
            };
            match state {
                None => Forced::Open,
                Some(true) => Forced::Line,
                Some(false) => Forced::Empty,
            }
        };
        let across = (0..=out_rows)
            .flat_map(|r| (0..out_cols).map(move |c| (r, c)))
            .map(|(r, c)| between(dot(r, c), dot(r, c + 1)))
            .collect();
        let down = (0..out_rows)
            .flat_map(|r| (0..=out_cols).map(move |c| (r, c)))
            .map(|(r, c)| between(dot(r, c), dot(r + 1, c)))
            .collect();
        let clues = (0..out_rows)
            .flat_map(|r| (0..out_cols).map(move |c| (r, c)))
            .map(|(r, c)| {
                let r = if flip_rows { out_rows - 1 - r } else { r };
                let c = if flip_cols { out_cols - 1 - c } else { c };
                let (r, c) = if turned { (c, r) } else { (r, c) };
                clues[r * cols + c]
            })
            .collect();
        Clues {
            rows: out_rows,
            cols: out_cols,
            clues,
            drawn: Edges { across, down },
        }
    }

    /// Whether cell row `r` is loosely clued: at most a quarter of its cells
    /// clued, and at most a quarter of its edges down drawn.
    fn loose(&self, r: usize) -> bool {
        if r >= self.rows {
            return false;
        }
        let cells = &self.clues[r * self.cols..(r + 1) * self.cols];
        let clued = cells.iter().filter(|c| c.is_some()).count();
        let down = &self.drawn.down[r * (self.cols + 1)..(r + 1) * (self.cols + 1)];
        let drawn = down.iter().filter(|&&e| e != Forced::Open).count();
        4 * clued <= self.cols && 4 * drawn <= self.cols + 1
    }

    /// How many cells of cell row `r` are clued (none past the last row).
    fn clued(&self, r: usize) -> usize {
        if r >= self.rows {
            return 0;
        }
        let cells = &self.clues[r * self.cols..(r + 1) * self.cols];
        cells.iter().filter(|c| c.is_some()).count()
    }

    /// How many clues the first three rows hold: where the count starts, the
    /// more the fewer its states.
    fn clues_near_start(&self) -> usize {
        let end = (3 * self.cols).min(self.clues.len());
        self.clues[..end].iter().filter(|c| c.is_some()).count()
    }
}

/// A state's bytes (see [`Layout`]), zero past its layout's length: kept
/// in place in the map, so that no state costs an allocation.
type Key = [u8; KEY];

/// Room for the longest layout, of a grid [`MAX_WIDTH`] cells wide.
const KEY: usize = 2 * MAX_WIDTH as usize + 3;

/// The states after one dot, each packed into 128 bits ([`Layout::pack`]),
/// with the ways to reach each.
type States<N> = HashMap<u128, N, BuildHasherDefault<Quick>>;

/// A hash for states, quicker than the standard one (which guards against
/// keys chosen to collide, and states are not chosen): eight bytes at a
/// time, rotated, mixed in and multiplied by a large odd constant.
#[derive(Default)]
pub(crate) struct Quick(u64);

impl Hasher for Quick {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word))
                .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u128(&mut self, n: u128) {
        for half in [n as u64, (n >> 64) as u64] {
            self.0 = (self.0.rotate_left(5) ^ half).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// In a state, a cell with no clue (or one already settled).
const FREE: u8 = u8::MAX;

/// The layout of a state's bytes: `cols + 1` down labels (one a dot
/// column), the label of the edge to the right of the last dot, `cols` clue
/// needs (one a cell column), and whether the loop has closed.
struct Layout {
    cols: usize,
}

impl Layout {
    /// `state` in 128 bits: four a down label and four the right label (15
    /// when the loop has closed, when every label is 0), two a clue need (3
    /// for none). Labels are at most 11 (one a pair of the 22 places), needs
    /// at most 2, and a grid at most 20 wide takes 22 × 4 + 20 × 2 = 128.
    fn pack(&self, state: &Key) -> u128 {
        let mut bits = 0u128;
        for &label in &state[..self.right()] {
            bits = bits << 4 | u128::from(label);
        }
        let right = if state[self.closed()] == 1 {
            15
        } else {
            state[self.right()]
        };
        bits = bits << 4 | u128::from(right);
        for c in 0..self.cols {
            let need = state[self.need(c)];
            bits = bits << 2 | u128::from(if need == FREE { 3 } else { need });
        }
        bits
    }

    /// The state packed in `bits` ([`Layout::pack`]).
    fn unpack(&self, mut bits: u128) -> Key {
        let mut state = [0u8; KEY];
        for c in (0..self.cols).rev() {
            let need = (bits & 3) as u8;
            state[self.need(c)] = if need == 3 { FREE } else { need };
            bits >>= 2;
        }
        let right = (bits & 15) as u8;
        bits >>= 4;
        if right == 15 {
            state[self.closed()] = 1;
        } else {
            state[self.right()] = right;
        }
        for i in (0..self.right()).rev() {
            state[i] = (bits & 15) as u8;
            bits >>= 4;
        }
        state
    }

    fn right(&self) -> usize {
        self.cols + 1
    }
    fn need(&self, c: usize) -> usize {
        self.cols + 2 + c
    }
    fn closed(&self) -> usize {
        2 * self.cols + 2
    }
}

/// Runs the program in numbers of kind `N`: `Ok(None)` when a count does not
/// fit `N`, `Err` when it stops before its end.
fn run<N: Number>(grid: &Clues, edges: &Edges, watch: &mut Watch) -> Result<Option<N>, Stop> {
    let (rows, cols) = (grid.rows, grid.cols);
    let layout = Layout { cols };
    let entry = std::mem::size_of::<(u128, N)>();
    let limit = state_limit(entry);
    let mut start = [0u8; KEY];
    for c in 0..cols {
        start[layout.need(c)] = FREE;
    }
    let mut states: States<N> = States::default();
    states.insert(layout.pack(&start), N::one());
    watch.start();
    let mut next: States<N> = States::default();
    // The most bytes a number has held on the heap (none in 128 bits).
    let mut heap = 0;
    for r in 0..=rows {
        // The states ahead may grow past the bound when this row and the
        // next leave them free, and for as many rows as stay so.
        let ahead = match grid.loose(r) {
            true => (r + 1..grid.rows).take_while(|&k| grid.loose(k)).count(),
            false => 0,
        };
        let growth = Growth {
            ahead,
            // The frontier crosses the cells of this row and the row above.
            frontier: frontier(
                cols,
                r.checked_sub(1).map_or(0, |up| grid.clued(up)) + grid.clued(r),
            ),
            limit,
            rows: rows + 1,
        };
        for c in 0..=cols {
            if watch.late() {
                return Err(Stop::Time);
            }
            // The table to fill takes the other's size at once, the old one
            // freed first (see `bound`).
            next.clear();
            if next.capacity() < states.capacity() {
                next = States::default();
                next.try_reserve(states.capacity())
                    .map_err(|_| Stop::NoRoom)?;
            }
            let dot = Dot {
                r,
                c,
                rows,
                cols,
                clue_here: (r < rows && c < cols)
                    .then(|| grid.clues[r * cols + c])
                    .flatten(),
                right: match c < cols {
                    true => edges.across[r * cols + c],
                    false => Forced::Empty,
                },
                down: match r < rows {
                    true => edges.down[r * (cols + 1) + c],
                    false => Forced::Empty,
                },
            };
            for (&packed, ways) in states.iter() {
                watch.state()?;
                let state = layout.unpack(packed);
                let mut stop = None;
                let mut overflow = false;
                dot.step(&layout, &state, |after| {
                    if stop.is_some() || overflow {
                        return;
                    }
                    if next.len() == next.capacity() {
                        if !may_grow(states.capacity(), next.capacity(), entry, heap) {
                            stop = Some(Stop::Memory(next.len()));
                            return;
                        }
                        if next.try_reserve(next.len().max(64)).is_err() {
                            stop = Some(Stop::NoRoom);
                            return;
                        }
                    }
                    let key = layout.pack(after);
                    match next.get_mut(&key) {
                        Some(sum) => {
                            overflow = !sum.add(ways);
                            heap = heap.max(sum.heap_bytes());
                        }
                        None => {
                            heap = heap.max(ways.heap_bytes());
                            next.insert(key, ways.clone());
                        }
                    }
                });
                if overflow {
                    return Ok(None);
                }
                if let Some(stop) = stop {
                    return Err(stop);
                }
                if next.len() > limit {
                    return Err(Stop::Memory(limit));
                }
            }
            std::mem::swap(&mut states, &mut next);
            watch.dot(r, states.len(), &growth)?;
        }
        watch.row(r, rows);
    }
    let mut total = N::zero();
    for (&packed, ways) in states.iter() {
        if layout.unpack(packed)[layout.closed()] == 1 && !total.add(ways) {
            return Ok(None);
        }
    }
    Ok(Some(total))
}

/// The dot being decided, and its place.
struct Dot {
    r: usize,
    c: usize,
    rows: usize,
    cols: usize,
    /// The clue of the cell below and to the right of the dot, whose top and
    /// left sides are decided here.
    clue_here: Option<u8>,
    /// What the clues force of the dot's edge to the right and its edge down
    /// (off the grid: empty).
    right: Forced,
    down: Forced,
}

impl Dot {
    /// Every state `state` leads to once this dot's edges are decided, each
    /// given to `to` (in a scratch buffer: copy what is kept).
    fn step(&self, layout: &Layout, state: &Key, mut to: impl FnMut(&Key)) {
        let (r, c) = (self.r, self.c);
        let closed = state[layout.closed()] == 1;
        let left = if c > 0 { state[layout.right()] } else { 0 };
        let up = if r > 0 { state[c] } else { 0 };
        let allows = |forced: Forced, line: bool| match forced {
            Forced::Open => true,
            Forced::Line => line,
            Forced::Empty => !line,
        };
        for (right, down) in [(false, false), (true, false), (false, true), (true, true)] {
            if !allows(self.right, right) || !allows(self.down, down) || (closed && (right || down))
            {
                continue;
            }
            let degree = u8::from(left > 0) + u8::from(up > 0) + u8::from(right) + u8::from(down);
            if degree != 0 && degree != 2 {
                continue;
            }
            let mut after = *state;
            if !self.clues(layout, &mut after, right, down) {
                continue;
            }
            let (mut right_label, mut down_label) = (0, 0);
            match (left > 0, up > 0) {
                (true, true) => {
                    if left == up {
                        // Closing a loop: the answer, if no other path is
                        // open (then every edge left must stay empty).
                        let open = (0..=layout.right())
                            .filter(|&i| i != c && i != layout.right())
                            .any(|i| state[i] != 0);
                        if open {
                            continue;
                        }
                        after[layout.closed()] = 1;
                    } else {
                        // Two paths join: one label for both.
                        for label in after[..=layout.right()].iter_mut() {
                            if *label == up {
                                *label = left;
                            }
                        }
                    }
                }
                (true, false) | (false, true) => {
                    let path = left.max(up);
                    right_label = if right { path } else { 0 };
                    down_label = if down { path } else { 0 };
                }
                (false, false) => {
                    if right {
                        // A new path: a label no open path has.
                        let fresh = state[..=layout.right()].iter().copied().max().unwrap_or(0) + 1;
                        right_label = fresh;
                        down_label = fresh;
                    }
                }
            }
            after[c] = down_label;
            after[layout.right()] = right_label;
            canonical(&mut after[..=layout.right()]);
            to(&after);
        }
    }

    /// Applies this dot's decisions (`right`, `down`: whether each edge is a
    /// line) to the clue needs of the cells they bound; whether every clue
    /// can still be met.
    fn clues(&self, layout: &Layout, after: &mut [u8], right: bool, down: bool) -> bool {
        let (r, c) = (self.r, self.c);
        let (right, down) = (u8::from(right), u8::from(down));
        // The cell above and to the right: its bottom is this dot's right
        // edge, its last side.
        if r > 0 && c < self.cols {
            let need = after[layout.need(c)];
            if need != FREE && need != right {
                return false;
            }
            after[layout.need(c)] = FREE;
        }
        // The cell to the left: its right side is this dot's down edge.
        if r < self.rows && c > 0 {
            let slot = layout.need(c - 1);
            let need = after[slot];
            if need != FREE {
                if need < down || need - down > 1 {
                    return false;
                }
                after[slot] = need - down;
            }
        }
        // The cell below and to the right: its top and left sides are this
        // dot's edges; right and bottom are still to come.
        if r < self.rows && c < self.cols {
            after[layout.need(c)] = match self.clue_here {
                Some(clue) => {
                    let have = right + down;
                    if clue < have || clue - have > 2 {
                        return false;
                    }
                    clue - have
                }
                None => FREE,
            };
        }
        true
    }
}

/// Renumbers the path labels of `labels` in order of first appearance, so
/// that equal situations are equal states.
fn canonical(labels: &mut [u8]) {
    let mut map = [0u8; 64];
    let mut next = 0u8;
    for label in labels.iter_mut() {
        if *label == 0 {
            continue;
        }
        let slot = &mut map[*label as usize];
        if *slot == 0 {
            next += 1;
            *slot = next;
        }
        *label = *slot;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank(n: u32) -> Counted {
        count(
            n,
            n,
            &vec![None; (n * n) as usize],
            None,
            None,
            &mut |_, _| {},
        )
    }

    /// A blank 2×2 has 13 loops; with its top border drawn, the 4 that keep
    /// it (round the top two cells, round all four, and round the top two and
    /// one below); with the edge under the top left cell crossed too, 2.
    #[test]
    fn drawn_edges_are_kept() {
        let mut drawn = vec![None; 12];
        assert_eq!(
            count(2, 2, &[None; 4], Some(&drawn), None, &mut |_, _| {}),
            Counted::Exactly("13".to_string())
        );
        drawn[0] = Some(true);
        drawn[1] = Some(true);
        assert_eq!(
            count(2, 2, &[None; 4], Some(&drawn), None, &mut |_, _| {}),
            Counted::Exactly("4".to_string())
        );
        // The edge under the top left cell: dot row 1, first across.
        drawn[2] = Some(false);
        assert_eq!(
            count(2, 2, &[None; 4], Some(&drawn), None, &mut |_, _| {}),
            Counted::Exactly("2".to_string())
        );
        // Three lines at a dot (the top middle one): no answer.
        drawn[7] = Some(true);
        assert_eq!(
            count(2, 2, &[None; 4], Some(&drawn), None, &mut |_, _| {}),
            Counted::Exactly("0".to_string())
        );
    }

    /// The number of cycles on an n×n grid of cells (OEIS A140517, "number
    /// of cycles in an n×n grid graph"; the published values).
    #[test]
    fn blank_grids_have_the_published_numbers_of_loops() {
        let published = ["1", "13", "213", "9349", "1222363", "487150371"];
        for (n, expected) in (1..).zip(published) {
            assert_eq!(blank(n), Counted::Exactly(expected.to_string()), "{n}×{n}");
        }
    }

    /// Every answer of a tiny puzzle, by brute force: each set of cells whose
    /// border is one loop meeting every clue (each loop is the border of
    /// exactly one set, the cells inside it).
    fn brute(rows: usize, cols: usize, clues: &[Option<u8>], drawn: &[Drawn]) -> u64 {
        let inside = |mask: u32, r: isize, c: isize| {
            r >= 0
                && c >= 0
                && (r as usize) < rows
                && (c as usize) < cols
                && mask >> (r as usize * cols + c as usize) & 1 == 1
        };
        let mut found = 0;
        for mask in 1u32..1 << (rows * cols) {
            // Lines: across between (r-1, c) and (r, c), down between
            // (r, c-1) and (r, c).
            let across = |r: usize, c: usize| {
                inside(mask, r as isize - 1, c as isize) != inside(mask, r as isize, c as isize)
            };
            let down = |r: usize, c: usize| {
                inside(mask, r as isize, c as isize - 1) != inside(mask, r as isize, c as isize)
            };
            let clued = (0..rows * cols).all(|i| {
                let (r, c) = (i / cols, i % cols);
                let lines = [across(r, c), across(r + 1, c), down(r, c), down(r, c + 1)]
                    .iter()
                    .filter(|&&l| l)
                    .count();
                clues[i].map_or(true, |n| usize::from(n) == lines)
            });
            // Every edge drawn is kept: the horizontal edges first, then
            // the vertical ones.
            let horizontal = (0..=rows).flat_map(|r| (0..cols).map(move |c| (true, r, c)));
            let vertical = (0..rows).flat_map(|r| (0..=cols).map(move |c| (false, r, c)));
            let kept = horizontal.chain(vertical).zip(drawn).all(|((h, r, c), d)| {
                let line = if h { across(r, c) } else { down(r, c) };
                d.map_or(true, |d| d == line)
            });
            if !clued || !kept {
                continue;
            }
            // One loop: every dot has 0 or 2 lines, and the lines are
            // connected (walked from one dot, all are reached).
            let degree = |r: usize, c: usize| {
                let mut d = 0;
                if c > 0 && across(r, c - 1) {
                    d += 1;
                }
                if c < cols && across(r, c) {
                    d += 1;
                }
                if r > 0 && down(r - 1, c) {
                    d += 1;
                }
                if r < rows && down(r, c) {
                    d += 1;
                }
                d
            };
            let dots: Vec<(usize, usize)> = (0..=rows)
                .flat_map(|r| (0..=cols).map(move |c| (r, c)))
                .collect();
            if dots
                .iter()
                .any(|&(r, c)| degree(r, c) != 0 && degree(r, c) != 2)
            {
                continue;
            }
            let on: Vec<&(usize, usize)> =
                dots.iter().filter(|&&(r, c)| degree(r, c) == 2).collect();
            let mut seen = vec![*on[0]];
            let mut todo = vec![*on[0]];
            while let Some((r, c)) = todo.pop() {
                let mut next = Vec::new();
                if c > 0 && across(r, c - 1) {
                    next.push((r, c - 1));
                }
                if c < cols && across(r, c) {
                    next.push((r, c + 1));
                }
                if r > 0 && down(r - 1, c) {
                    next.push((r - 1, c));
                }
                if r < rows && down(r, c) {
                    next.push((r + 1, c));
                }
                for dot in next {
                    if !seen.contains(&dot) {
                        seen.push(dot);
                        todo.push(dot);
                    }
                }
            }
            if seen.len() == on.len() {
                found += 1;
            }
        }
        found
    }

    /// Random clues (blank, 0 to 4, tight or loose) on every grid shape up
    /// to 3×4 and 4×3: the count is the brute-force count.
    #[test]
    fn counts_agree_with_brute_force_on_tiny_puzzles() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let mut nonzero = 0;
        for _ in 0..300 {
            let (rows, cols) = (1 + next(4) as usize, 1 + next(4) as usize);
            if rows * cols > 12 {
                continue;
            }
            let blank = next(100);
            let clues: Vec<Option<u8>> = (0..rows * cols)
                .map(|_| (next(100) >= blank).then(|| next(5) as u8))
                .collect();
            let expected = brute(rows, cols, &clues, &vec![None; edges(rows, cols)]);
            nonzero += usize::from(expected > 0);
            assert_eq!(
                count(rows as u32, cols as u32, &clues, None, None, &mut |_, _| {}),
                Counted::Exactly(expected.to_string()),
                "{rows}×{cols} {clues:?}"
            );
        }
        assert!(nonzero > 50, "{nonzero}");
    }

    /// A small seeded generator for the random boards: `next(n)` is below `n`.
    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }

    fn edges(rows: usize, cols: usize) -> usize {
        (rows + 1) * cols + rows * (cols + 1)
    }

    /// Random drawn edges on tiny puzzles (blank, or with a few clues):
    /// the count keeps them as brute force does (a tenth of the edges drawn
    /// as lines, a fifth as crosses: many boards still have answers).
    #[test]
    fn counts_keep_drawn_edges_as_brute_force_does() {
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut nonzero, mut several) = (0, 0);
        for _ in 0..300 {
            let (rows, cols) = (1 + next(4) as usize, 1 + next(4) as usize);
            if rows * cols > 12 {
                continue;
            }
            let clues: Vec<Option<u8>> = (0..rows * cols)
                .map(|_| (next(100) < 15).then(|| next(4) as u8))
                .collect();
            let drawn: Vec<Drawn> = (0..edges(rows, cols))
                .map(|_| match next(100) {
                    0..=9 => Some(true),
                    10..=29 => Some(false),
                    _ => None,
                })
                .collect();
            let expected = brute(rows, cols, &clues, &drawn);
            nonzero += usize::from(expected > 0);
            several += usize::from(expected > 1);
            let got = count(
                rows as u32,
                cols as u32,
                &clues,
                Some(&drawn),
                None,
                &mut |_, _| {},
            );
            assert_eq!(
                got,
                Counted::Exactly(expected.to_string()),
                "{rows}×{cols} {clues:?} {drawn:?}"
            );
        }
        assert!(nonzero > 30 && several > 10, "{nonzero} {several}");
    }
}
