//! The memory of trials ([`Recall`]): each trial of probing that held is
//! kept, so that a later round, on a board grown since, is told its changes
//! without making it again when nothing it read can have changed. Probing's
//! rounds after a decision, and after each guess of the search, then make
//! again only the trials near what changed.
//!
//! What a trial reads, and how each is known to be unchanged:
//!
//! - **Edges near its changes.** The rules a change sets off read edges at
//!   most three dots from an end of the changed edge (a clue's rules read
//!   the edges at its corners, and those of a neighbouring clue). Each
//!   change the board makes stamps the dots up to [`NEAR`] dots round its
//!   edge with its trail entry; a trial kept at mark `m` is stale when a
//!   dot at an end of one of its changes bears a stamp from `m` on.
//! - **Path ends.** A line that extends a path sets off the vertex rules at
//!   the path's other end, however far: those ends are the trial's dots
//!   too. (The other end of a path changes only by a change there.)
//! - **The whole board.** Whether closing a loop would finish the answer
//!   ([`Board::closing_too_soon`]) reads the open paths and the unmet
//!   clues. A trial that found it would (or closed a loop) is not kept; one
//!   that found it would come too soon is recalled only while so many
//!   clues are unmet that its changes cannot meet them all (each meets or
//!   unmeets at most two). Nor is a trial kept that decided every edge
//!   left, or recalled where it would.
//! - **Inside/outside classes.** Each change joins the classes of the
//!   cells on its two sides, and a join can fail however far the classes
//!   reach; nothing else of a trial reads them. So a trial is recalled
//!   only when its joins agree with the classes as they are now (checked
//!   then, on the roots of its cells).
//! - **Undos.** Its marks mean what they did only while the board has not
//!   gone back below it ([`Undos::lowest_since`]).
//!
//! Debug builds make every recalled trial too and compare (see
//! [`crate::slink::search::Prober`]): every debug test on a board of 2,000
//! dots or more checks this file's reasoning, and so do the tests that keep
//! trials on smaller boards too
//! ([`crate::engine::solve::Settings::recall_on_small_boards`]).

use crate::engine::classes::Classes;
use crate::engine::extras::Undos;
use crate::engine::solve::Implied;
use crate::engine::EngineBoard;
use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::Edge;

/// How many dots round a changed edge its stamp reaches: as far as a rule
/// reads from either end of a change (a trial's dots are both ends of each
/// of its changes).
const NEAR: usize = 3;

/// The boards whose trials are kept: from this many dots (a 44×44 grid)
/// to this many edges (a 180×180 grid). On a smaller board the stamps of a
/// decision's changes cover most of it, and few trials are recalled: on the
/// janko.at set (none over 1,426 dots), keeping them cost 1.9% more
/// instructions, where on planted 60×60 loops with most clues blank it
/// saves half the time. On a larger one the memory would count against the
/// engine's budget a cell. Up to the largest its limits hold it under 9 MB
/// in all, a fixed cost beside the process's own: slots 0.5 MB, kept
/// trials 32 bytes each and two an edge at most (4 MB), their words 4 MB
/// (then all are forgotten), stamps a quarter of a megabyte.
/// (A solve's settings may keep them on every board,
/// [`crate::engine::solve::Settings::recall_on_small_boards`]: the tests
/// that do check recall in debug builds on boards small enough to test.)
const FEWEST_DOTS: usize = 2_000;
const MOST_EDGES: usize = 1 << 16;

/// When the kept trials' words pass this many, all are forgotten.
const MOST_WORDS: usize = 1 << 20;

/// Trials that held, on one board: the policy of one search keeps them, and
/// every mark and undo count in them is that board's.
#[derive(Default)]
pub(crate) struct Recall {
    /// Per edge and value ([`crate::engine::solve::Implied::index`]), one
    /// more than the index in `kept` of its trial, or 0.
    slots: Vec<u32>,
    kept: Vec<Kept>,
    /// The kept trials' changes (edge ids doubled, plus 1 for a line), each
    /// followed by the other ends of the paths its lines extended.
    words: Vec<u32>,
    /// Per dot, one more than the newest trail entry stamped on it.
    stamps: Vec<u32>,
    /// The trail entries stamped so far, and the board's undos then.
    stamped: usize,
    stamped_undos: u64,
    /// The trial being made: its mark and the board's loop reads before
    /// it; then, once it has held, what is kept of it so far.
    pending: Option<(usize, u32)>,
    making: Option<Kept>,
    /// Scratch for checking a trial's joins: a small union-find over the
    /// class roots of its cells, each (root, parent's index, parity to it).
    forest: Vec<(u32, u32, u8)>,
    /// Whether trials are kept on boards of any size, not only from
    /// [`FEWEST_DOTS`].
    small_boards: bool,
}

/// One trial kept: 32 bytes.
struct Kept {
    /// The board's undos when it was made, or last recalled: none before
    /// went below its mark.
    undos: u64,
    /// The sides classes' unions then, or [`NO_SIDES`]: with none since,
    /// the trial's joins still agree with them.
    unions: u64,
    /// The trail's length when it was made (trail entries number edges,
    /// which fit 32 bits).
    mark: u32,
    /// Its words: `changes` changes from `start`, then `ends` path ends.
    start: u32,
    changes: u32,
    ends: u32,
}

/// In `Kept::unions`: the board kept no sides classes.
const NO_SIDES: u64 = u64::MAX;

impl Recall {
    /// Keeps no trial yet; keeps them on boards of any size when
    /// `small_boards`, else from [`FEWEST_DOTS`] dots.
    pub(crate) fn new(small_boards: bool) -> Recall {
        Recall {
            small_boards,
            ..Recall::default()
        }
    }

    /// A trial is about to be made on `board`. (The engine's state beside
    /// the board is attached for the undos it counts.)
    pub(crate) fn trying(&mut self, board: &mut Board) {
        let grid = board.grid();
        let keeps = board.recording
            && (self.small_boards || grid.vertex_count() >= FEWEST_DOTS)
            && grid.edge_count() <= MOST_EDGES;
        if keeps {
            board.count_undos();
        }
        self.pending = keeps.then(|| (board.mark(), board.loop_reads));
    }

    /// The trial from trail entry `mark` on has been made, and `held`:
    /// keeps its changes, to finish keeping it once it is undone.
    pub(crate) fn tried(&mut self, board: &Board, mark: usize, held: bool) {
        let Some((from, loop_reads)) = self.pending else {
            return;
        };
        if !held || from != mark || board.loop_reads != loop_reads || board.unknown_count() == 0 {
            self.pending = None;
            return;
        }
        if self.words.len() > MOST_WORDS {
            self.forget_all();
        }
        let grid = board.grid();
        if self.slots.len() != 2 * grid.edge_count() {
            self.slots = vec![0; 2 * grid.edge_count()];
            self.stamps = vec![0; grid.vertex_count()];
        }
        self.making = Some(Kept {
            undos: 0,
            unions: NO_SIDES,
            mark: mark as u32,
            start: self.words.len() as u32,
            changes: (board.mark() - mark) as u32,
            ends: 0,
        });
        for entry in mark..board.mark() {
            let e = board.changed_edge(entry);
            self.words.push(2 * e.0 + u32::from(board.is_line(e)));
        }
    }

    /// The trial just made has been undone: keeps it, with the other ends
    /// of the paths its lines extend on the board as it is again, if its
    /// propagation was `cheap` (a full one reads the whole board).
    pub(crate) fn undone(&mut self, board: &Board, cheap: bool) {
        self.pending = None;
        let (Some(mut kept), Some((undos, sides)), true) =
            (self.making.take(), board.undos_and_sides(), cheap)
        else {
            return;
        };
        let grid = *board.grid();
        let (start, changes) = (kept.start as usize, kept.changes as usize);
        for i in start..start + changes {
            let change = self.words[i];
            if change % 2 == 1 {
                for v in grid.edge_vertices(Edge(change / 2)) {
                    if let Some(other) = board.partner(v) {
                        self.words.push(other.0);
                    }
                }
            }
        }
        kept.ends = (self.words.len() - start - changes) as u32;
        kept.undos = undos.count();
        kept.unions = sides.map_or(NO_SIDES, Classes::unions);
        // The first change is the value tried: its slot's trial is this
        // one now (the words of the one before are left till all go).
        let slot = &mut self.slots[Implied::index_of_change(self.words[start])];
        match *slot {
            0 => {
                self.kept.push(kept);
                *slot = self.kept.len() as u32;
            }
            i => self.kept[i as usize - 1] = kept,
        }
    }

    /// The changes the trial of `value` at `edge` would make on `board`,
    /// edge ids doubled plus 1 for a line, if a trial kept shows them.
    pub(crate) fn recall(&mut self, board: &Board, edge: Edge, value: EdgeState) -> Option<&[u32]> {
        let i = *self.slots.get(Implied::index(edge, value))?;
        let (undos, sides) = board.undos_and_sides()?;
        if i == 0 || !board.recording {
            return None;
        }
        self.stamp(board, undos);
        let kept = &self.kept[i as usize - 1];
        let (mark, start, len) = (
            kept.mark as usize,
            kept.start as usize,
            kept.changes as usize,
        );
        let undone_below = undos.lowest_since(kept.undos).is_some_and(|low| low < mark);
        if undone_below
            || board.mark() < mark
            || board.unknown_count() as usize <= len
            || board.unmet() as usize <= 2 * len + 1
        {
            return None;
        }
        let grid = *board.grid();
        let words = &self.words[start..start + len + kept.ends as usize];
        let (changes, ends) = words.split_at(len);
        let stale = |dot: u32| self.stamps[dot as usize] as usize > mark;
        if ends.iter().any(|&dot| stale(dot))
            || changes
                .iter()
                .any(|&c| grid.edge_vertices(Edge(c / 2)).iter().any(|v| stale(v.0)))
        {
            return None;
        }
        if let Some(sides) = sides {
            let unchanged = kept.unions != NO_SIDES && kept.unions == sides.unions();
            if !unchanged && !self.joins_agree(board, sides, start, len) {
                return None;
            }
        }
        // No undo so far went below its mark: later recalls need look only
        // at the undos from now on (a shorter search of them).
        self.kept[i as usize - 1].undos = undos.count();
        #[cfg(test)]
        tests::RECALLED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Some(&self.words[start..start + len])
    }

    /// Whether the sides joins of the `len` changes kept from word `start`
    /// agree with `board`'s classes `sides`.
    fn joins_agree(&mut self, board: &Board, sides: &Classes, start: usize, len: usize) -> bool {
        let grid = *board.grid();
        let changes = &self.words[start..start + len];
        // Each change joins the classes of its two cells: equal for a
        // cross, opposite for a line. Over the roots of those classes (a
        // few: found by a scan), the joins must leave no root opposite to
        // itself: a small union-find, each root's parent and parity to it.
        let forest = &mut self.forest;
        forest.clear();
        let place = |root: u32, forest: &mut Vec<(u32, u32, u8)>| {
            let mut i = match forest.iter().position(|&(r, _, _)| r == root) {
                Some(i) => i,
                None => {
                    forest.push((root, forest.len() as u32, 0));
                    forest.len() - 1
                }
            };
            let mut parity = 0;
            while forest[i].1 as usize != i {
                parity ^= forest[i].2;
                i = forest[i].1 as usize;
            }
            (i, parity)
        };
        for &change in changes {
            let [a, b] = grid
                .edge_cells(Edge(change / 2))
                .map(|cell| sides.find(board.side_node(cell)));
            let (ia, qa) = place(a.0, forest);
            let (ib, qb) = place(b.0, forest);
            let parity = a.1 ^ b.1 ^ qa ^ qb ^ (change % 2) as u8;
            if ia != ib {
                forest[ib].1 = ia as u32;
                forest[ib].2 = parity;
            } else if parity != 0 {
                return false;
            }
        }
        true
    }

    /// Stamps the dots round each change the board made since the last
    /// stamping (from the lowest undo since, among its `undos`, if it went
    /// lower).
    fn stamp(&mut self, board: &Board, undos: &Undos) {
        if let Some(low) = undos.lowest_since(self.stamped_undos) {
            self.stamped = self.stamped.min(low);
        }
        self.stamped_undos = undos.count();
        let grid = *board.grid();
        let (rows, width) = (grid.rows() as usize, grid.cols() as usize + 1);
        for entry in self.stamped..board.mark() {
            // The edge's first end is its top or left one.
            let [a, b] = grid.edge_vertices(board.changed_edge(entry));
            let (a, b) = (a.0 as usize, b.0 as usize);
            let (r0, c0) = (
                (a / width).saturating_sub(NEAR),
                (a % width).saturating_sub(NEAR),
            );
            let (r1, c1) = (
                (b / width + NEAR).min(rows),
                (b % width + NEAR).min(width - 1),
            );
            // Entries are stamped in order, so a dot keeps its newest. After
            // an undo, stamping again from where it went back may lower a
            // stamp: only one left by an undone entry, which no trial needs
            // (a trial kept from beyond the undo is stale by the undo, and
            // stamps it missed only make others stale).
            let stamp = entry as u32 + 1;
            for r in r0..=r1 {
                self.stamps[r * width + c0..=r * width + c1].fill(stamp);
            }
        }
        self.stamped = board.mark();
    }

    /// Forgets every trial kept.
    fn forget_all(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.kept.clear();
        self.words.clear();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::Recall;
    use crate::engine::solve::{solve_with, Settings};
    use crate::generate::planted;
    use crate::shared::restarts::SplitMix;
    use crate::slink::answer::Outcome;
    use crate::slink::board::Board;
    use crate::slink::grid::Grid;

    /// Trials recalled, by every test.
    pub(super) static RECALLED: AtomicU64 = AtomicU64::new(0);

    /// `boards` planted loops on boards large enough for many clues to stay unmet,
    /// most clues blank: the search recalls trials, and each recall is
    /// checked against the trial made (debug builds make both: see
    /// [`crate::slink::search::Prober`]), so a mistake in what a trial is
    /// said to read fails here. More than `fewest` trials must be recalled.
    fn recalled_trials_are_the_trials_made(boards: usize, fewest: u64) {
        let mut rng = SplitMix(23);
        let before = RECALLED.load(Ordering::Relaxed);
        for _ in 0..boards {
            let (mut puzzle, _) = planted(&mut rng, 30, 30);
            for clue in puzzle.clues.iter_mut() {
                if rng.below(10) < 7 {
                    *clue = None;
                }
            }
            let settings = Settings {
                recall_on_small_boards: true,
                ..Settings::default()
            };
            let report = solve_with(&puzzle, settings);
            let found = match report.outcome {
                Outcome::Unique(s) | Outcome::Multiple(s) => s,
                other => panic!("a planted loop has an answer: {other:?}"),
            };
            assert!(crate::check::slink::verify(&puzzle.clues, &found.drawing()).is_ok());
        }
        let recalled = RECALLED.load(Ordering::Relaxed) - before;
        assert!(recalled > fewest, "only {recalled} trials recalled");
    }

    /// One loose planted loop: recall checked in every `cargo test`.
    #[test]
    fn recalled_trials_are_the_trials_made_on_a_loose_planted_loop() {
        recalled_trials_are_the_trials_made(1, 30);
    }

    /// Three of them.
    #[test]
    #[ignore = "long sweep: .ci/run runs it with --ignored"]
    fn recalled_trials_are_the_trials_made_on_loose_planted_loops() {
        recalled_trials_are_the_trials_made(3, 100);
    }

    /// Whether trials are kept on a board below [`super::FEWEST_DOTS`] is
    /// the solve's setting, the same in unit tests, integration tests and
    /// the program.
    #[test]
    fn small_boards_keep_trials_only_when_the_settings_say_so() {
        for small_boards in [false, true] {
            let mut board = Board::new(Grid::new(5, 5), &[None; 25]);
            board.start_recording();
            let mut recall = Recall::new(small_boards);
            recall.trying(&mut board);
            assert_eq!(recall.pending.is_some(), small_boards, "{small_boards}");
        }
    }
}
