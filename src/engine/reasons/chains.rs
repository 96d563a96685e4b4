//! The reasons of the inside/outside rules
//! ([`crate::engine::rules::sides`], `VertexSides` and `ClueSides`): for
//! each side relation the rule used between two of the cells it reads, the
//! chain of decided edges along a path of cells joining them.
//!
//! Those rules read nothing but the sides classes, and the classes are made
//! of decided edges alone: each joins the two cells beside it, on equal
//! sides across a cross and on different sides across a line, and nothing
//! else joins them ([`crate::engine::extras`]; the pair rules' edge classes
//! are another structure). So two nodes (cells, or a cell and the outside of
//! the grid, one more node reached through the border edges) are related
//! exactly when a path of cells through decided edges joins them, and the
//! number of lines it crosses says whether they differ; on a board that is
//! not broken, every such path says the same. The chains are found again on
//! the view, by a breadth-first walk from each node read (so each is a
//! shortest one). A decided edge at the locus is the chain of one edge
//! between the two cells beside it.
//!
//! Of the relations found, the reason keeps the set, of least edges in all,
//! that still forces the decision: every colouring the vertex or the clue
//! allows that gives the edge its other state must break a relation kept.
//! At most five nodes make ten relations, so every set is tried. A decision
//! these relations do not force (not one of the rule's) has no narrowed
//! reason.
//!
//! The rules' conflicts, for the learning search, are told the same way: a
//! vertex or a clue left no colouring ([`stuck`]: the relations every
//! colouring breaks), and an edge against the relation the other decided
//! edges make between its two cells ([`across`]). The walks keep what they
//! reach in maps, not arrays of the board's size: the learning search
//! narrows reasons at every conflict, and most walks are short.

use std::collections::{HashMap, VecDeque};

use super::View;
use crate::slink::board::EdgeState;
use crate::slink::grid::{Cell, Edge, Grid, Vertex};
use crate::slink::reason::Locus;

/// The nodes a sides rule reads round its locus (a cell's index, or the
/// outside's, which is the number of cells), the locus's four edges, each
/// between two of them, and what the locus allows.
struct Around {
    nodes: Vec<u32>,
    pairs: [(usize, usize, Edge); 4],
    /// The clue, for a clue; `None` round a vertex.
    clue: Option<u8>,
}

impl Around {
    /// Round vertex `v`: its four cells from the upper left, clockwise;
    /// each of its edges lies between the two cells it parts.
    fn vertex(grid: &Grid, v: Vertex) -> Around {
        let cells = grid.vertex_cells(v);
        let edges = grid.vertex_edges(v);
        Around {
            nodes: cells.iter().map(|&c| node(grid, c)).collect(),
            pairs: [
                (0, 1, edges[0]),
                (1, 2, edges[1]),
                (2, 3, edges[2]),
                (3, 0, edges[3]),
            ],
            clue: None,
        }
    }

    /// Round the clue `clue` of `cell`: the cell, then its neighbour across
    /// each side in the order of [`Grid::cell_edges`].
    fn clue(grid: &Grid, cell: Cell, clue: u8) -> Around {
        let sides = grid.cell_edges(cell);
        let mut nodes = vec![cell.0];
        nodes.extend(
            sides
                .iter()
                .map(|&e| node(grid, beyond(grid, e, Some(cell)))),
        );
        Around {
            nodes,
            pairs: [
                (0, 1, sides[0]),
                (0, 2, sides[1]),
                (0, 3, sides[2]),
                (0, 4, sides[3]),
            ],
            clue: Some(clue),
        }
    }

    /// Whether the locus allows `changes` of its edges to part their two
    /// nodes: a vertex none or two, a clue as many as it says.
    fn allows(&self, changes: u32) -> bool {
        match self.clue {
            None => changes == 0 || changes == 2,
            Some(clue) => changes == u32::from(clue),
        }
    }

    /// Of its edges, those a colouring of the nodes (bit `i` the side of
    /// node `i`) makes lines, as bits.
    fn lines_of(&self, colouring: u32) -> u32 {
        let side = |i: usize| colouring >> i & 1;
        let parted = self.pairs.iter().map(|&(a, b, _)| side(a) != side(b));
        parted
            .enumerate()
            .fold(0, |bits, (k, line)| bits | u32::from(line) << k)
    }
}

/// Two nodes read, on different sides or not, and a chain of decided edges
/// that says so (empty when they are one node: the outside twice).
struct Relation {
    a: usize,
    b: usize,
    differ: bool,
    chain: Vec<Edge>,
}

impl Relation {
    /// Whether a colouring of the nodes keeps this relation.
    fn kept_by(&self, colouring: u32) -> bool {
        let side = |i: usize| colouring >> i & 1;
        (side(self.a) != side(self.b)) == self.differ
    }
}

/// Why vertex `v`'s sides decide `edge`: the chains of the relations among
/// its four cells that force it. `None` if they do not.
pub(super) fn round_vertex(view: &impl View, v: Vertex, edge: Edge) -> Option<Forced> {
    let grid = view.grid();
    forced_by_chains(view, &Around::vertex(&grid, v), edge)
}

/// Why the sides round the clue of `cell` decide `edge`: the chains of the
/// relations among the cell and its neighbours that force it. `None` if
/// they do not (or `cell` has no clue).
pub(super) fn round_clue(view: &impl View, cell: Cell, edge: Edge) -> Option<Forced> {
    let grid = view.grid();
    let clue = view.clue(cell)?;
    forced_by_chains(view, &Around::clue(&grid, cell, clue), edge)
}

/// Why the vertex or the clue at `at` has no colouring of its nodes left:
/// the chains of the cheapest set of relations every colouring it allows
/// breaks. `None` if some colouring keeps them all (or `at` is the board).
pub(super) fn stuck(view: &impl View, at: Locus) -> Option<Vec<(Edge, EdgeState)>> {
    let grid = view.grid();
    let around = match at {
        Locus::Vertex(v) => Around::vertex(&grid, v),
        Locus::Cell(cell) => Around::clue(&grid, cell, view.clue(cell)?),
        Locus::Board => return None,
    };
    let relations = relations(view, &around.nodes);
    let every = (1u32 << relations.len()) - 1;
    let colourings = 0..1u32 << around.nodes.len();
    let broken: Vec<u32> = colourings
        .filter(|&c| around.allows(around.lines_of(c).count_ones()))
        .map(|c| {
            let kept = relations.iter().enumerate().filter(|(_, r)| r.kept_by(c));
            every & !kept.fold(0u32, |bits, (i, _)| bits | 1 << i)
        })
        .collect();
    if broken.contains(&0) {
        return None;
    }
    Some(cheapest(view, &relations, &broken))
}

/// How the relation of the two cells beside `edge` (or a cell and the
/// outside) stands on the view without `edge`: whether they differ, and
/// a chain of other decided edges that says so; `None` if none does.
pub(super) fn across(view: &impl View, edge: Edge) -> Option<(bool, Vec<(Edge, EdgeState)>)> {
    let grid = view.grid();
    let without = Without { view, edge };
    let nodes = grid.edge_cells(edge).map(|c| node(&grid, c));
    let relation = relations(&without, &nodes).pop()?;
    let chain = relation.chain.iter().map(|&e| (e, view.state(e)));
    Some((relation.differ, chain.collect()))
}

/// A view with one edge undecided.
struct Without<'v, V> {
    view: &'v V,
    edge: Edge,
}

impl<V: View> View for Without<'_, V> {
    fn grid(&self) -> Grid {
        self.view.grid()
    }

    fn clue(&self, cell: Cell) -> Option<u8> {
        self.view.clue(cell)
    }

    fn state(&self, e: Edge) -> EdgeState {
        match e == self.edge {
            true => EdgeState::Unknown,
            false => self.view.state(e),
        }
    }

    fn newest(&self) -> Box<dyn Iterator<Item = Edge> + '_> {
        Box::new(self.view.newest().filter(move |&e| e != self.edge))
    }
}

/// The state the sides rules force on an edge, and the chains that force
/// it.
pub(super) type Forced = (EdgeState, Vec<(Edge, EdgeState)>);

/// The chains, in their states on the view, of the cheapest set of
/// `relations` that meets every set in `broken` (each the relations one
/// colouring breaks): the shortest chains first, each edge once.
fn cheapest(view: &impl View, relations: &[Relation], broken: &[u32]) -> Vec<(Edge, EdgeState)> {
    let every = (1u32 << relations.len()) - 1;
    let cost = |set: u32| -> (usize, u32) {
        let chosen = relations
            .iter()
            .enumerate()
            .filter(|(i, _)| set >> i & 1 == 1);
        (chosen.map(|(_, r)| r.chain.len()).sum(), set.count_ones())
    };
    let meeting = (0..=every).filter(|&set| broken.iter().all(|&b| b & set != 0));
    let best = meeting.min_by_key(|&set| cost(set)).unwrap_or(every);
    // The shortest chains first: the edges at the locus lead.
    let mut chosen: Vec<&Relation> = relations
        .iter()
        .enumerate()
        .filter(|(i, _)| best >> i & 1 == 1)
        .map(|(_, r)| r)
        .collect();
    chosen.sort_by_key(|r| (r.chain.len(), r.a, r.b));
    let mut why: Vec<Edge> = Vec::new();
    for e in chosen.iter().flat_map(|r| &r.chain) {
        if !why.contains(e) {
            why.push(*e);
        }
    }
    why.into_iter().map(|e| (e, view.state(e))).collect()
}

/// The chains, as edges in their states, of the cheapest set of
/// `around`'s relations that forces `edge`, one of its four: the state all
/// its allowed colourings keeping every relation give it.
fn forced_by_chains(view: &impl View, around: &Around, edge: Edge) -> Option<Forced> {
    let target = around.pairs.iter().position(|&(_, _, e)| e == edge)?;
    let relations = relations(view, &around.nodes);
    let colourings = 0..1u32 << around.nodes.len();
    // For each colouring the locus allows, its edge's state (a line or
    // not) and the relations it keeps, as bits.
    let allowed: Vec<(bool, u32)> = colourings
        .filter(|&c| around.allows(around.lines_of(c).count_ones()))
        .map(|c| {
            let kept = relations.iter().enumerate().filter(|(_, r)| r.kept_by(c));
            let kept = kept.fold(0u32, |bits, (i, _)| bits | 1 << i);
            (around.lines_of(c) >> target & 1 == 1, kept)
        })
        .collect();
    let every = (1u32 << relations.len()) - 1;
    let mut standing = allowed.iter().filter(|&&(_, kept)| kept == every);
    let line = standing.next()?.0;
    if standing.any(|&(other, _)| other != line) {
        return None;
    }
    // Each colouring giving the other state breaks some relation: those it
    // breaks, one of which the reason must keep.
    let against: Vec<u32> = allowed
        .iter()
        .filter(|&&(other, _)| other != line)
        .map(|&(_, kept)| every & !kept)
        .collect();
    if against.contains(&0) {
        return None;
    }
    let state = match line {
        true => EdgeState::Line,
        false => EdgeState::Cross,
    };
    Some((state, cheapest(view, &relations, &against)))
}

/// Every relation the view's decided edges make between two of `nodes`,
/// each with a shortest chain.
///
/// One walk from each distinct node, in rounds of twice as many steps as
/// the round before, until every two are known related (one walk reached
/// the other's node) or apart (a walk went through its whole class and
/// reached one of them only). So two nodes of one class cost about the
/// chain between them, and two apart about the smaller class, not the
/// larger, which late in a solve may be most of the board.
fn relations(view: &impl View, nodes: &[u32]) -> Vec<Relation> {
    let grid = view.grid();
    // The distinct nodes, and each read node's place among them.
    let mut distinct: Vec<u32> = Vec::new();
    let mut place = Vec::with_capacity(nodes.len());
    for &n in nodes {
        place.push(match distinct.iter().position(|&d| d == n) {
            Some(i) => i,
            None => {
                distinct.push(n);
                distinct.len() - 1
            }
        });
    }
    let mut walks: Vec<Walk> = distinct.iter().map(|&n| Walk::new(n)).collect();
    let known = |walks: &[Walk], x: usize, y: usize| {
        let (nx, ny) = (distinct[x], distinct[y]);
        walks[x].reached(ny)
            || walks[y].reached(nx)
            || walks
                .iter()
                .any(|w| w.done() && w.reached(nx) != w.reached(ny))
    };
    let mut steps = 16;
    loop {
        let mut open = vec![false; distinct.len()];
        for x in 0..distinct.len() {
            for y in x + 1..distinct.len() {
                if !known(&walks, x, y) {
                    open[x] = true;
                    open[y] = true;
                }
            }
        }
        if !open.contains(&true) {
            break;
        }
        for (walk, _) in walks.iter_mut().zip(&open).filter(|(_, &o)| o) {
            walk.run(view, &grid, steps);
        }
        steps *= 2;
    }
    let mut relations = Vec::new();
    for a in 0..nodes.len() {
        for b in a + 1..nodes.len() {
            let (x, y) = (place[a], place[b]);
            let found = if x == y {
                Some((false, Vec::new()))
            } else if let Some(found) = walks[x].chain_to(nodes[b]) {
                Some(found)
            } else {
                let back = walks[y].chain_to(nodes[a]);
                back.map(|(differ, chain)| (differ, chain.into_iter().rev().collect()))
            };
            if let Some((differ, chain)) = found {
                relations.push(Relation {
                    a,
                    b,
                    differ,
                    chain,
                });
            }
        }
    }
    relations
}

/// A breadth-first walk of the sides nodes through decided edges, run a
/// few steps at a time: the edge each node reached was reached across, and
/// its side against the start's. The nodes reached are kept in a map, not
/// in arrays of the board's size: the learning search narrows reasons at
/// every conflict, and most walks are short.
struct Walk {
    start: u32,
    /// Each node reached: the edge and node it was reached from (none for
    /// the start), and whether it differs from the start.
    reached: HashMap<u32, (Option<(Edge, u32)>, bool)>,
    queue: VecDeque<u32>,
}

impl Walk {
    fn new(start: u32) -> Walk {
        Walk {
            start,
            reached: HashMap::from([(start, (None, false))]),
            queue: VecDeque::from([start]),
        }
    }

    /// Whether the walk has reached `node`.
    fn reached(&self, node: u32) -> bool {
        self.reached.contains_key(&node)
    }

    /// Whether the walk has reached all the class of its start.
    fn done(&self) -> bool {
        self.queue.is_empty()
    }

    /// Goes on from the next `steps` nodes reached, across their decided
    /// edges.
    fn run(&mut self, view: &impl View, grid: &Grid, steps: usize) {
        for _ in 0..steps {
            let at = match self.queue.pop_front() {
                Some(at) => at,
                None => return,
            };
            match cell_of(grid, at) {
                Some(cell) => {
                    for e in grid.cell_edges(cell) {
                        self.cross(view, grid, at, e);
                    }
                }
                None => {
                    for e in border(grid) {
                        self.cross(view, grid, at, e);
                    }
                }
            }
        }
    }

    /// Reaches the node across `e` from `at`, if `e` is decided.
    fn cross(&mut self, view: &impl View, grid: &Grid, at: u32, e: Edge) {
        let state = view.state(e);
        if state == EdgeState::Unknown {
            return;
        }
        let next = node(grid, beyond(grid, e, cell_of(grid, at)));
        if self.reached(next) {
            return;
        }
        let flip = state == EdgeState::Line;
        let differs = self.reached.get(&at).is_some_and(|&(_, d)| d) != flip;
        self.reached.insert(next, (Some((e, at)), differs));
        self.queue.push_back(next);
    }

    /// Whether `to` differs from the start, and the chain from the start to
    /// it, in the order walked; `None` if the walk has not reached it.
    fn chain_to(&self, to: u32) -> Option<(bool, Vec<Edge>)> {
        let &(_, differs) = self.reached.get(&to)?;
        let mut chain = Vec::new();
        let mut at = to;
        while at != self.start {
            let (e, back) = self.reached.get(&at)?.0?;
            chain.push(e);
            at = back;
        }
        chain.reverse();
        Some((differs, chain))
    }
}

/// The border's edges: what parts the outside from the cells beside it.
fn border(grid: &Grid) -> impl Iterator<Item = Edge> + '_ {
    let (rows, cols) = (grid.rows(), grid.cols());
    let across = (0..cols).flat_map(move |c| [grid.horizontal(0, c), grid.horizontal(rows, c)]);
    let down = (0..rows).flat_map(move |r| [grid.vertical(r, 0), grid.vertical(r, cols)]);
    across.chain(down)
}

/// The sides node of a cell, or of the outside for `None`.
fn node(grid: &Grid, cell: Option<Cell>) -> u32 {
    cell.map_or(grid.cell_count() as u32, |c| c.0)
}

/// The cell a sides node is, `None` for the outside.
fn cell_of(grid: &Grid, node: u32) -> Option<Cell> {
    ((node as usize) < grid.cell_count()).then_some(Cell(node))
}

/// The cell across real edge `e` from `from` (a cell beside it, or the
/// outside for `None`), or the outside.
fn beyond(grid: &Grid, e: Edge, from: Option<Cell>) -> Option<Cell> {
    let [a, b] = grid.edge_cells(e);
    if a == from {
        b
    } else {
        a
    }
}
