//! The board's inside/outside classes ([`Classes`]), made when a rule first
//! needs them and kept right by every change: the two cells beside a decided
//! edge are joined, on equal sides across a cross and on different sides
//! across a line (by [`super::extras::Extras`], which the board tells of
//! every change). Judge files leave them out, with the rules that read them.

use crate::engine::classes::Classes;
use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Cell, Edge};

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
    /// Makes the sides classes, if not made yet, from every decided edge; from
    /// then on [`Board::set`] keeps them. Returns whether they exist: not when
    /// asked while recording (a union must belong to a change on the trail, to
    /// be undone with it), which search never does: its first propagation,
    /// before any guess, makes them. `Err` if the decided edges already put a
    /// cell on both sides of the loop.
    pub(crate) fn enable_sides(&mut self) -> Result<bool, Contradiction> {
        let made = self.sides().is_some();
        // A board that records before its first full run would go without
        // them, and its search without the inside/outside rules: many
        // times slower (see `solve::settings::solve_with`).
        debug_assert!(made || !self.recording, "sides asked for while recording");
        if made || self.recording {
            return Ok(made);
        }
        let at_once = self.sides_at_once();
        let failed = at_once.is_none();
        self.attach_extras().sides = at_once;
        if !failed {
            return Ok(true);
        }
        // The decided edges put a node on both sides: one union an edge, in
        // order, names the first edge that does.
        let grid = self.grid;
        self.attach_extras().sides = Some(Classes::new(grid.cell_count()));
        for e in 0..grid.edge_count() as u32 {
            let e = Edge(e);
            let to = self.state(e);
            let joined = |x: &mut super::extras::Extras| x.join_sides(grid.edge_cells(e), to, None);
            if to != EdgeState::Unknown && !joined(self.attach_extras()) {
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
        self.extras()?.sides.as_ref()
    }

    /// How many sides unions the trail holds while recording (each attached
    /// a class's root below another's).
    pub(crate) fn joins(&self) -> usize {
        self.extras().map_or(0, |x| x.unions.len())
    }

    /// The roots attached by the unions the trail holds, from the `first`th on.
    pub(crate) fn joins_since(&self, first: usize) -> &[u32] {
        match self.extras() {
            Some(x) => &x.unions[first.min(x.unions.len())..],
            None => &[],
        }
    }

    /// How many unions of sides classes have happened so far (never decreases;
    /// tells the driver whether a sweep of the sides rules can find anything new).
    pub(crate) fn side_unions(&self) -> u64 {
        self.sides().map_or(0, Classes::unions)
    }

    /// The sides node of a cell, or of the outside for `None`.
    pub(crate) fn side_node(&self, cell: Option<Cell>) -> u32 {
        match cell {
            Some(c) => c.0,
            None => self.grid.cell_count() as u32,
        }
    }
}
