//! The costlier tier's sweeps: inside/outside reads classes a union can
//! change anywhere, so no local queue reaches its fixed point, and the
//! driver sweeps it over the whole board whenever everything local is idle
//! and the classes have grown (a sweep is a cursor over every vertex, then
//! every cell). Under search, a sweep from a point where every rule was idle
//! visits only the loci round the classes attached since ([`Base`],
//! [`Scope`]). Judge files have no such tier.

use super::*;
use crate::marks::Marks;

/// A sweep of the costlier tier over the whole board: every vertex from
/// `vertex` on, then every cell from `cell` on. Judge files have no such tier.
pub(super) struct Sweep {
    pub(super) vertex: u32,
    pub(super) cell: u32,
}

/// A point on the board's trail where every rule was idle, the sweep's too,
/// and how many sides unions the trail held there.
#[derive(Clone, Copy)]
pub(super) struct Base {
    pub(super) mark: usize,
    pub(super) joins: usize,
}

/// The most bases kept: past it, the newest is replaced (an older base is
/// still a true one, only further back).
const MOST_BASES: usize = 256;

/// The loci a sweep visits: every one, or the vertices and cells marked,
/// with room to mark the sides nodes that find them.
#[derive(Default)]
pub(super) struct Scope {
    pub(super) whole: bool,
    pub(super) vertices: Marks,
    pub(super) cells: Marks,
    pub(super) nodes: Marks,
}

/// Marks the loci whose sides rules read sides node `node`: round a cell,
/// its four corners, itself and its neighbours; for the outside, every
/// locus on the border.
fn mark_loci_of(grid: Grid, node: u32, vertices: &mut Marks, cells: &mut Marks) {
    let mark = |marks: &mut Marks, i: u32| marks.set(i as usize);
    let (rows, cols) = (grid.rows(), grid.cols());
    if node as usize == grid.cell_count() {
        for c in 0..=cols {
            mark(vertices, grid.vertex(0, c).0);
            mark(vertices, grid.vertex(rows, c).0);
        }
        for r in 0..=rows {
            mark(vertices, grid.vertex(r, 0).0);
            mark(vertices, grid.vertex(r, cols).0);
        }
        for c in 0..cols {
            mark(cells, grid.cell(0, c).0);
            mark(cells, grid.cell(rows - 1, c).0);
        }
        for r in 0..rows {
            mark(cells, grid.cell(r, 0).0);
            mark(cells, grid.cell(r, cols - 1).0);
        }
        return;
    }
    let (r, c) = grid.cell_pos(Cell(node));
    for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        mark(vertices, grid.vertex(r + dr, c + dc).0);
    }
    mark(cells, node);
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        if let Some(n) = grid.neighbour(Cell(node), dr, dc) {
            mark(cells, n.0);
        }
    }
}

impl Propagator {
    /// Sweeps the costlier tier, if a sweep is under way, up to the first
    /// locus where it changes something. Returns whether it changed anything
    /// (if not, the sweep is over). Loci with every edge decided are passed
    /// over: nothing is left to decide there, and a cell's site is not worth
    /// building.
    pub(super) fn sweep_step(&mut self, board: &mut Board) -> Result<bool, Contradiction> {
        let grid = self.grid;
        let rows = self.rules.table();
        let sweep = |r: &&Run| r.trigger == Trigger::Sweep;
        let start = board.mark();
        let (vertices, cells) = (grid.vertex_count() as u32, grid.cell_count() as u32);
        while self.sweep.vertex < vertices {
            if !self.scope.whole {
                match self.scope.vertices.next(self.sweep.vertex as usize) {
                    Some(v) => self.sweep.vertex = v as u32,
                    None => break,
                }
            }
            let v = Vertex(self.sweep.vertex);
            self.sweep.vertex += 1;
            if board.vertex_unknown(v) == 0 {
                continue;
            }
            for rule in rows.iter().filter(sweep) {
                if let Apply::Vertex(f) = rule.apply {
                    board.tell_cause(Why::vertex(rule.reason, v));
                    f(board, v)?;
                }
            }
            if board.mark() != start {
                return Ok(true);
            }
        }
        while self.sweep.cell < cells {
            if !self.scope.whole {
                match self.scope.cells.next(self.sweep.cell as usize) {
                    Some(c) => self.sweep.cell = c as u32,
                    None => break,
                }
            }
            let cell = Cell(self.sweep.cell);
            self.sweep.cell += 1;
            if board.clue(cell).is_none() || board.cell_unknown(cell) == 0 {
                continue;
            }
            let site = Site::new(board, cell);
            for rule in rows
                .iter()
                .filter(sweep)
                .filter(|r| r.clues & (1 << site.clue) != 0)
            {
                if let Apply::Site(f) = rule.apply {
                    board.tell_cause(Why::cell(rule.reason, cell));
                    f(board, &site)?;
                }
            }
            if board.mark() != start {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Chooses the loci the sweep about to start visits. Those whose cells'
    /// classes no union has changed since a base can find nothing new: they
    /// read only those classes (a decided edge's cells are always joined as
    /// it says), and at the base every one was idle. So with a base, the
    /// loci round the cells of every class a union since attached; with
    /// none, or with a log, whose `--explain` lists the steps in the whole
    /// sweep's order, every locus.
    pub(super) fn scope_sweep(&mut self, board: &Board) {
        let (base, classes) = match (self.bases.last(), board.sides()) {
            (Some(base), Some(classes)) if !board.logging() => (*base, classes),
            _ => {
                self.scope.whole = true;
                return;
            }
        };
        let grid = self.grid;
        let Scope {
            whole,
            vertices,
            cells,
            nodes,
        } = &mut self.scope;
        *whole = false;
        for (marks, len) in [
            (&mut *vertices, grid.vertex_count()),
            (&mut *cells, grid.cell_count()),
        ] {
            marks.fit(len);
            marks.clear();
        }
        classes.below_any(board.joins_since(base.joins), nodes, |node| {
            mark_loci_of(grid, node, vertices, cells)
        });
    }

    /// Notes a base where recording starts, if the last run left every rule
    /// idle there (its board's unions since are all on the trail).
    pub(super) fn base_at_recording(&mut self, board: &Board) {
        if let Some(unions) = self.settled.take() {
            let since = board.side_unions().wrapping_sub(unions);
            if board.recording && self.bases.is_empty() && since == board.joins() as u64 {
                self.bases.push(Base { mark: 0, joins: 0 });
            }
        }
    }

    /// At the end of a run with the sweep on, every rule is idle: while the
    /// board records, that is a base (unless no union has come since the
    /// last, which then serves as well); otherwise it may be the first.
    pub(super) fn settle(&mut self, board: &Board) {
        if !self.sweeping {
            return;
        }
        if !board.recording {
            self.bases.clear();
            self.settled = Some(board.side_unions());
            return;
        }
        let base = Base {
            mark: board.mark(),
            joins: board.joins(),
        };
        let full = self.bases.len() == MOST_BASES;
        match self.bases.last_mut() {
            Some(last) if last.joins == base.joins => {}
            Some(last) if full => *last = base,
            _ => self.bases.push(base),
        }
    }

    /// When every local rule is idle: starts a sweep of the costlier tier if
    /// the sides classes have grown since the last one, or else runs the
    /// connectivity check once per new state. Returns whether there is more to do.
    pub(super) fn whole_board(&mut self, board: &mut Board) -> Result<bool, Contradiction> {
        let unknown = board.unknown_count();
        let sweeps = self.rules.triggered(Trigger::Sweep).next().is_some();
        if !self.sweeping || unknown == 0 {
            return Ok(false);
        }
        if sweeps {
            // Classes that cannot be made break the board: the sides
            // rules found it.
            board.tell_cause(Why::board(EngineRule::VertexSides));
            let sides = board.enable_sides()?;
            let unions = board.side_unions();
            if sides && unions != self.swept_at {
                self.swept_at = unions;
                self.sweep = Sweep { vertex: 0, cell: 0 };
                self.scope_sweep(board);
                return Ok(true);
            }
        }
        if unknown != self.connected_at {
            self.connected_at = unknown;
            return self.on_board(board, Trigger::Idle);
        }
        Ok(false)
    }
}
