//! The fixed-point driver: applies the rules until nothing changes.
//!
//! It keeps a worklist of cells and vertices to examine. At the start every locus
//! is on it; afterwards, when an edge changes, only the loci whose rules can read
//! that edge are queued again: its two end vertices and the cells around them
//! (which include the two cells beside it). Rules read nothing farther away (see
//! [`crate::rules`]), so when the worklist is empty no rule can fire anywhere, and
//! the cost of reaching the fixed point grows linearly with the number of changes.
//! Vertex rules run before cell rules because they are cheaper.

use std::collections::VecDeque;

use crate::board::{Board, Contradiction};
use crate::grid::{Cell, Edge, Grid, Vertex};
use crate::reason::{Locus, Reason};
use crate::rules::{loops, Apply, Mode, RuleSet};

/// Where propagation found the board impossible.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Failure {
    /// The rule that made the impossible change.
    pub reason: Reason,
    /// Where it fired.
    pub at: Locus,
    /// The edge it could not set.
    pub edge: Edge,
}

/// A worklist of one kind of locus, each queued at most once.
struct Queue {
    items: VecDeque<u32>,
    queued: Vec<bool>,
}

impl Queue {
    fn new(size: usize) -> Queue {
        Queue {
            items: VecDeque::new(),
            queued: vec![false; size],
        }
    }

    fn push(&mut self, id: u32) {
        let slot = &mut self.queued[id as usize];
        if !*slot {
            *slot = true;
            self.items.push_back(id);
        }
    }

    fn pop(&mut self) -> Option<u32> {
        let id = self.items.pop_front()?;
        self.queued[id as usize] = false;
        Some(id)
    }

    fn clear(&mut self) {
        while self.pop().is_some() {}
    }
}

/// Runs a rule set to its fixed point on boards of one grid.
pub struct Propagator {
    rules: RuleSet,
    grid: Grid,
    cells: Queue,
    vertices: Queue,
    edges: Vec<Edge>,
    ends: Vec<Vertex>,
}

impl Propagator {
    /// A driver for `grid` with every locus queued.
    pub fn new(grid: Grid, mode: Mode) -> Propagator {
        let mut p = Propagator {
            rules: RuleSet::new(mode),
            grid,
            cells: Queue::new(grid.cell_count()),
            vertices: Queue::new(grid.vertex_count()),
            edges: Vec::new(),
            ends: Vec::new(),
        };
        p.queue_everything();
        p
    }

    /// Queues every cell and vertex (for a fresh board).
    pub fn queue_everything(&mut self) {
        for v in 0..self.grid.vertex_count() as u32 {
            self.vertices.push(v);
        }
        for c in 0..self.grid.cell_count() as u32 {
            self.cells.push(c);
        }
    }

    /// Forgets the worklist and the board's pending changes (after a backtrack the
    /// restored board is a fixed point again).
    pub fn reset(&mut self, board: &mut Board) {
        self.cells.clear();
        self.vertices.clear();
        board.clear_changes();
    }

    /// Applies the rules until none fires, or returns where the board broke.
    pub fn run(&mut self, board: &mut Board) -> Result<(), Failure> {
        loop {
            self.queue_changes(board);
            if let Some(v) = self.vertices.pop() {
                let v = Vertex(v);
                for rule in self.rules.vertex_rules() {
                    if let Apply::Vertex(apply) = rule.apply {
                        apply(board, v).map_err(|c| fail(rule.reason, Locus::Vertex(v), c))?;
                    }
                }
            } else if let Some(c) = self.cells.pop() {
                let c = Cell(c);
                for rule in self.rules.cell_rules() {
                    if let Apply::Cell(apply) = rule.apply {
                        apply(board, c).map_err(|x| fail(rule.reason, Locus::Cell(c), x))?;
                    }
                }
            } else if self.rules.mode() == Mode::Full && board.closed() && board.unknown_count() > 0
            {
                loops::loop_closed(board).map_err(|c| fail(Reason::LoopClosed, Locus::Board, c))?;
            } else {
                return Ok(());
            }
        }
    }

    fn queue_changes(&mut self, board: &mut Board) {
        board.drain_changes(&mut self.edges, &mut self.ends);
        for e in self.edges.drain(..) {
            for v in self.grid.edge_vertices(e) {
                self.vertices.push(v.0);
                for cell in self.grid.vertex_cells(v).into_iter().flatten() {
                    self.cells.push(cell.0);
                }
            }
        }
        for v in self.ends.drain(..) {
            self.vertices.push(v.0);
        }
    }
}

fn fail(reason: Reason, at: Locus, c: Contradiction) -> Failure {
    Failure {
        reason,
        at,
        edge: c.edge,
    }
}
