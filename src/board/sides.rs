//! The board's inside/outside classes ([`Classes`]), made when a rule first
//! needs them and kept right by every change: the two cells beside a decided
//! edge are joined, on equal sides across a cross and on different sides
//! across a line. Judge files leave them out, with the rules that read them.

use super::{Board, Contradiction, EdgeState};
use crate::classes::{Classes, Joined};
use crate::grid::{Cell, Edge};

/// In [`Board::sides_at_once`]: a node its walks have not reached yet.
const UNREACHED: u32 = u32::MAX;

/// One step of [`Board::sides_at_once`]'s walk from `node`, of the class
/// started at `start`, across edge `e` to `other`: reaches `other` if the
/// edge is decided, and says whether its side agrees if it was reached.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn reach_across(
    state: &[EdgeState],
    e: Edge,
    node: u32,
    other: u32,
    start: u32,
    root: &mut [u32],
    side: &mut [u8],
    stack: &mut Vec<u32>,
) -> bool {
    let differ = match state[e.0 as usize] {
        EdgeState::Unknown => return true,
        state => u8::from(state == EdgeState::Line),
    };
    let other_side = side[node as usize] ^ differ;
    if root[other as usize] == UNREACHED {
        root[other as usize] = start;
        side[other as usize] = other_side;
        stack.push(other);
        true
    } else {
        side[other as usize] == other_side
    }
}

impl Board {
    /// The root of a sides node's class, and the node's parity relative to it (1
    /// when they are on different sides of the loop).
    /// (Only after [`Board::enable_sides`].)
    pub(crate) fn side_class(&self, node: u32) -> (u32, u8) {
        match &self.sides {
            Some(sides) => sides.find(node),
            None => (node, 0),
        }
    }

    /// Makes the sides classes, if not made yet, from every decided edge; from
    /// then on [`Board::set`] keeps them. Returns whether they exist: not when
    /// asked while recording (a union must belong to a change on the trail, to
    /// be undone with it), which search never does: its first propagation,
    /// before any guess, makes them. `Err` if the decided edges already put a
    /// cell on both sides of the loop.
    pub(crate) fn enable_sides(&mut self) -> Result<bool, Contradiction> {
        if self.sides.is_some() || self.recording {
            return Ok(self.sides.is_some());
        }
        self.sides = self.sides_at_once();
        if self.sides.is_some() {
            return Ok(true);
        }
        // The decided edges put a node on both sides: one union an edge, in
        // order, names the first edge that does.
        self.sides = Some(Classes::new(self.grid.cell_count()));
        for e in 0..self.grid.edge_count() as u32 {
            let e = Edge(e);
            let to = self.state(e);
            if to != EdgeState::Unknown && !self.join_sides(self.grid.edge_cells(e), to) {
                return Err(Contradiction { edge: e });
            }
        }
        Ok(true)
    }

    /// The sides classes of the decided edges, made at once: a walk from
    /// each node not yet reached, across decided edges, finds its class and
    /// each member's side, and hangs every member straight below the node it
    /// started from. A union an edge, as [`Board::set`] makes them, searches
    /// up two trees, and a window of the generator on a 30×30 board, with
    /// all but a few edges decided, took about 1,700 of them; flat trees also
    /// keep the searches of the unions after them short (30×30 grade 5, seed
    /// 6: 1.2% fewer instructions in all; the janko set within 0.3%). `None`
    /// if the decided edges put a node on both sides of the loop.
    pub(super) fn sides_at_once(&self) -> Option<Classes> {
        let grid = self.grid;
        let (rows, cols) = (grid.rows(), grid.cols());
        let outside = grid.cell_count() as u32;
        let mut root = vec![UNREACHED; outside as usize + 1];
        let mut side = vec![0u8; outside as usize + 1];
        let mut stack = Vec::new();
        for start in 0..=outside {
            if root[start as usize] != UNREACHED {
                continue;
            }
            root[start as usize] = start;
            stack.push(start);
            while let Some(node) = stack.pop() {
                let mut reach = |e: Edge, other: u32| {
                    reach_across(
                        &self.state,
                        e,
                        node,
                        other,
                        start,
                        &mut root,
                        &mut side,
                        &mut stack,
                    )
                };
                let agreed = if node == outside {
                    (0..cols).all(|c| {
                        reach(grid.horizontal(0, c), c)
                            && reach(grid.horizontal(rows, c), (rows - 1) * cols + c)
                    }) && (0..rows).all(|r| {
                        reach(grid.vertical(r, 0), r * cols)
                            && reach(grid.vertical(r, cols), r * cols + cols - 1)
                    })
                } else {
                    let (r, c) = grid.cell_pos(Cell(node));
                    let [top, right, bottom, left] = grid.cell_edges(Cell(node));
                    let or_outside =
                        |inside: bool, other: u32| if inside { other } else { outside };
                    reach(top, or_outside(r > 0, node.wrapping_sub(cols)))
                        && reach(right, or_outside(c + 1 < cols, node + 1))
                        && reach(bottom, or_outside(r + 1 < rows, node + cols))
                        && reach(left, or_outside(c > 0, node.wrapping_sub(1)))
                };
                if !agreed {
                    return None;
                }
            }
        }
        Some(Classes::flat(root, side))
    }

    /// The sides classes, once made ([`Board::enable_sides`]).
    pub(crate) fn sides(&self) -> Option<&Classes> {
        self.sides.as_ref()
    }

    /// How many sides unions the trail holds while recording (each attached
    /// a class's root below another's).
    pub(crate) fn joins(&self) -> usize {
        self.unions.len()
    }

    /// The roots attached by the unions the trail holds, from the `first`th on.
    pub(crate) fn joins_since(&self, first: usize) -> &[u32] {
        &self.unions[first.min(self.unions.len())..]
    }

    /// How many unions of sides classes have happened so far (never decreases;
    /// tells the driver whether a sweep of the sides rules can find anything new).
    pub(crate) fn side_unions(&self) -> u64 {
        self.sides.as_ref().map_or(0, Classes::unions)
    }

    /// Records that the two sides of a decided edge are equal (cross) or differ
    /// (line); false if the classes already say otherwise.
    pub(super) fn join_sides(&mut self, cells: [Option<Cell>; 2], to: EdgeState) -> bool {
        let (a, b) = (self.side_node(cells[0]), self.side_node(cells[1]));
        let sides = match &mut self.sides {
            Some(sides) => sides,
            None => return true,
        };
        match sides.join(a, b, to == EdgeState::Line) {
            Joined::Agreed => true,
            Joined::Contradicted => false,
            Joined::Attached(child) => {
                if self.recording {
                    // The union belongs to the change just put on the trail.
                    let i = self.trail.len() - 1;
                    self.made_union[i / 64] |= 1 << (i % 64);
                    self.unions.push(child);
                }
                true
            }
        }
    }
}
