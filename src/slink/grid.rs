//! Pure geometry of an R×C Slitherlink grid: typed ids for cells, vertices and
//! edges, and which of them touch. Nothing here holds puzzle state.
//!
//! Layout (R rows, C columns of cells):
//! - cell `(r, c)` for `r < R`, `c < C`, id `r*C + c`;
//! - vertex `(r, c)` for `r <= R`, `c <= C`, id `r*(C+1) + c`;
//! - horizontal edge `(r, c)` joins vertices `(r, c)`–`(r, c+1)`, id `r*C + c`;
//! - vertical edge `(r, c)` joins vertices `(r, c)`–`(r+1, c)`, id `H + r*(C+1) + c`
//!   where `H = (R+1)*C` is the number of horizontal edges;
//! - one extra id, [`Grid::off_grid`], stands for every edge beyond the border, so a
//!   vertex always has four edge slots. The board keeps that edge crossed forever.

/// A cell of the grid (a square that may hold a clue).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(pub u32);

/// A vertex of the grid (a dot where edges meet).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Vertex(pub u32);

/// An edge of the grid (a segment between two neighbouring dots).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Edge(pub u32);

/// One corner of a cell, as seen from that cell.
///
/// ```text
///        exits[0]            (for the top-left corner:
///           |                  exits = [up, left],
/// exits[1] -+--- sides[0]      sides = [top, left])
///           |  cell
///        sides[1]
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Corner {
    /// The vertex at this corner.
    pub(crate) vertex: Vertex,
    /// The cell's two sides that meet at the corner.
    pub(crate) sides: [Edge; 2],
    /// The vertex's two other edges, leading away from the cell (maybe off grid).
    pub(crate) exits: [Edge; 2],
}

/// Corner numbers: top-left, top-right, bottom-right, bottom-left (clockwise), so
/// the opposite corner of `k` is `(k + 2) % 4` and its neighbours `k ± 1`.
pub(crate) const CORNERS: [usize; 4] = [0, 1, 2, 3];

/// Pure geometry of one grid size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grid {
    rows: u32,
    cols: u32,
}

impl Grid {
    /// A grid of `rows × cols` cells. Both must be at least 1 and the number of
    /// edges must fit in a `u32` (the parser enforces a much smaller limit).
    pub fn new(rows: u32, cols: u32) -> Grid {
        debug_assert!(rows >= 1 && cols >= 1);
        Grid { rows, cols }
    }

    /// Number of cell rows.
    pub(crate) fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of cell columns.
    pub(crate) fn cols(&self) -> u32 {
        self.cols
    }

    /// Number of cells.
    pub(crate) fn cell_count(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// Number of vertices.
    pub(crate) fn vertex_count(&self) -> usize {
        (self.rows as usize + 1) * (self.cols as usize + 1)
    }

    fn horizontal_count(&self) -> u32 {
        (self.rows + 1) * self.cols
    }

    /// Number of real edges (the off-grid edge is not counted).
    pub fn edge_count(&self) -> usize {
        self.horizontal_count() as usize + self.rows as usize * (self.cols as usize + 1)
    }

    /// The stand-in for every edge beyond the border.
    pub(crate) fn off_grid(&self) -> Edge {
        Edge(self.edge_count() as u32)
    }

    /// The cell at row `r`, column `c`.
    pub(crate) fn cell(&self, r: u32, c: u32) -> Cell {
        Cell(r * self.cols + c)
    }

    /// Row and column of a cell.
    pub(crate) fn cell_pos(&self, cell: Cell) -> (u32, u32) {
        (cell.0 / self.cols, cell.0 % self.cols)
    }

    /// The vertex at row `r`, column `c` (both counted in dots, from 0).
    pub(crate) fn vertex(&self, r: u32, c: u32) -> Vertex {
        Vertex(r * (self.cols + 1) + c)
    }

    /// Row and column of a vertex.
    pub(crate) fn vertex_pos(&self, v: Vertex) -> (u32, u32) {
        (v.0 / (self.cols + 1), v.0 % (self.cols + 1))
    }

    /// The horizontal edge from vertex `(r, c)` to `(r, c+1)`.
    pub fn horizontal(&self, r: u32, c: u32) -> Edge {
        Edge(r * self.cols + c)
    }

    /// The vertical edge from vertex `(r, c)` to `(r+1, c)`.
    pub fn vertical(&self, r: u32, c: u32) -> Edge {
        Edge(self.horizontal_count() + r * (self.cols + 1) + c)
    }

    /// Whether an edge is horizontal, and its `(r, c)`: the position of its left or
    /// upper vertex.
    pub(crate) fn edge_pos(&self, e: Edge) -> (bool, u32, u32) {
        let h = self.horizontal_count();
        if e.0 < h {
            (true, e.0 / self.cols, e.0 % self.cols)
        } else {
            let i = e.0 - h;
            (false, i / (self.cols + 1), i % (self.cols + 1))
        }
    }

    /// The four sides of a cell: `[top, right, bottom, left]`.
    pub(crate) fn cell_edges(&self, cell: Cell) -> [Edge; 4] {
        let (r, c) = self.cell_pos(cell);
        [
            self.horizontal(r, c),
            self.vertical(r, c + 1),
            self.horizontal(r + 1, c),
            self.vertical(r, c),
        ]
    }

    /// The four edges at a vertex: `[up, right, down, left]`, with
    /// [`Grid::off_grid`] where the vertex is on the border.
    pub(crate) fn vertex_edges(&self, v: Vertex) -> [Edge; 4] {
        let (r, c) = self.vertex_pos(v);
        let off = self.off_grid();
        [
            if r > 0 { self.vertical(r - 1, c) } else { off },
            if c < self.cols {
                self.horizontal(r, c)
            } else {
                off
            },
            if r < self.rows {
                self.vertical(r, c)
            } else {
                off
            },
            if c > 0 {
                self.horizontal(r, c - 1)
            } else {
                off
            },
        ]
    }

    /// The two ends of a real edge: left then right, or top then bottom.
    /// (A horizontal edge's id is its left end's less its row, so one
    /// division finds it; a vertical edge's id is its top end's plus the
    /// number of horizontal edges.)
    pub(crate) fn edge_vertices(&self, e: Edge) -> [Vertex; 2] {
        let h = self.horizontal_count();
        if e.0 < h {
            let left = e.0 + e.0 / self.cols;
            [Vertex(left), Vertex(left + 1)]
        } else {
            let top = e.0 - h;
            [Vertex(top), Vertex(top + self.cols + 1)]
        }
    }

    /// The two ends of a real edge and the cells on either side of it, as
    /// [`Grid::edge_vertices`] and [`Grid::edge_cells`] give them, computed
    /// together (every change of the board needs both).
    pub(crate) fn incidence(&self, e: Edge) -> ([Vertex; 2], [Option<Cell>; 2]) {
        let h = self.horizontal_count();
        if e.0 < h {
            // Edge (r, c), id r*C + c: the cell below has its id, the one
            // above C less, and its left end's id is r more.
            let r = e.0 / self.cols;
            let left = e.0 + r;
            let above = (r > 0).then(|| Cell(e.0 - self.cols));
            let below = (r < self.rows).then(|| Cell(e.0));
            ([Vertex(left), Vertex(left + 1)], [above, below])
        } else {
            // Edge (r, c), id H + r*(C+1) + c: its top end's id is r*(C+1) + c,
            // the cell to its right r*C + c.
            let top = e.0 - h;
            let width = self.cols + 1;
            let r = top / width;
            let c = top - r * width;
            let cell = top - r;
            let left = (c > 0).then(|| Cell(cell - 1));
            let right = (c < self.cols).then(|| Cell(cell));
            ([Vertex(top), Vertex(top + width)], [left, right])
        }
    }

    /// The cells on either side of a real edge: above then below, or left then
    /// right; `None` beyond the border.
    pub(crate) fn edge_cells(&self, e: Edge) -> [Option<Cell>; 2] {
        self.incidence(e).1
    }

    /// Calls `f` for each cell around either end of a real edge (up to six:
    /// the two beside it and the two beyond each end), row by row; computed
    /// with one division.
    pub(crate) fn cells_near_edge(&self, e: Edge, mut f: impl FnMut(Cell)) {
        let (horizontal, r, c) = self.edge_pos(e);
        let (rows, cols) = (self.rows, self.cols);
        // Rows r-1 and r of a horizontal edge, r-1 to r+1 of a vertical one;
        // a row before the first wraps round to a huge number, past the last.
        let last = if horizontal { r } else { r + 1 };
        let mut row = r.wrapping_sub(1);
        loop {
            if row < rows {
                let at = row * cols + c;
                if horizontal {
                    // Columns c-1, c and c+1.
                    if c > 0 {
                        f(Cell(at - 1));
                    }
                    f(Cell(at));
                    if c + 1 < cols {
                        f(Cell(at + 1));
                    }
                } else {
                    // Columns c-1 and c.
                    if c > 0 {
                        f(Cell(at - 1));
                    }
                    if c < cols {
                        f(Cell(at));
                    }
                }
            }
            if row == last {
                break;
            }
            row = row.wrapping_add(1);
        }
    }

    /// Corner `k` of a cell (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left).
    pub(crate) fn corner(&self, cell: Cell, k: usize) -> Corner {
        self.corners(cell)[k]
    }

    /// All four corners of a cell, computed together (rules look at every corner,
    /// and this costs one division instead of a dozen). Every edge and dot is
    /// an offset from the cell's sides and top-left dot: a row holds `cols + 1`
    /// dots and as many vertical edges, so the exits above and below a corner
    /// are its side's vertical edge a row up or down, and those beside it its
    /// horizontal side one column over.
    pub(crate) fn corners(&self, cell: Cell) -> [Corner; 4] {
        let (r, c) = self.cell_pos(cell);
        let (rows, cols, w) = (self.rows, self.cols, self.cols + 1);
        let (top, left) = (self.horizontal(r, c), self.vertical(r, c));
        let (bottom, right) = (Edge(top.0 + cols), Edge(left.0 + 1));
        let (v, off) = (self.vertex(r, c), self.off_grid());
        let up = |e: Edge| if r > 0 { Edge(e.0 - w) } else { off };
        let down = |e: Edge| if r + 1 < rows { Edge(e.0 + w) } else { off };
        let west = |e: Edge| if c > 0 { Edge(e.0 - 1) } else { off };
        let east = |e: Edge| if c + 1 < cols { Edge(e.0 + 1) } else { off };
        let corner = |at: u32, sides, exits| Corner {
            vertex: Vertex(v.0 + at),
            sides,
            exits,
        };
        [
            corner(0, [top, left], [up(left), west(top)]),
            corner(1, [top, right], [up(right), east(top)]),
            corner(w + 1, [bottom, right], [down(right), east(bottom)]),
            corner(w, [bottom, left], [down(left), west(bottom)]),
        ]
    }

    /// The diagonal step (rows, columns) from a cell through its corner `k`.
    pub(crate) fn corner_step(k: usize) -> (i64, i64) {
        [(-1, -1), (-1, 1), (1, 1), (1, -1)][k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_edge_is_in_the_slots_of_both_its_vertices() {
        let g = Grid::new(3, 5);
        for e in 0..g.edge_count() as u32 {
            for v in g.edge_vertices(Edge(e)) {
                assert!(g.vertex_edges(v).contains(&Edge(e)), "edge {e}");
            }
        }
    }

    #[test]
    fn every_cell_side_names_the_cell_among_its_cells() {
        let g = Grid::new(4, 2);
        for cell in 0..g.cell_count() as u32 {
            for e in g.cell_edges(Cell(cell)) {
                assert!(g.edge_cells(e).contains(&Some(Cell(cell))));
            }
        }
    }

    #[test]
    fn corners_split_a_vertex_into_sides_and_exits() {
        let g = Grid::new(3, 3);
        let cell = g.cell(1, 1);
        for k in CORNERS {
            let corner = g.corner(cell, k);
            let mut all = g.vertex_edges(corner.vertex).to_vec();
            let mut parts = [corner.sides, corner.exits].concat();
            all.sort();
            parts.sort();
            assert_eq!(all, parts, "corner {k}");
            for side in corner.sides {
                assert!(g.cell_edges(cell).contains(&side));
            }
        }
    }

    #[test]
    fn corner_exits_are_the_vertex_edges_away_from_the_cell() {
        let g = Grid::new(3, 4);
        for cell in 0..g.cell_count() as u32 {
            for (k, corner) in g.corners(Cell(cell)).into_iter().enumerate() {
                let at = g.vertex_edges(corner.vertex);
                // `vertex_edges` gives [up, right, down, left].
                let (up, right, down, left) = (0, 1, 2, 3);
                let away = [[up, left], [up, right], [down, right], [down, left]][k];
                assert_eq!(
                    corner.exits,
                    [at[away[0]], at[away[1]]],
                    "cell {cell} corner {k}"
                );
                let (r, c) = g.cell_pos(Cell(cell));
                let (dr, dc) = [(0, 0), (0, 1), (1, 1), (1, 0)][k];
                assert_eq!(
                    corner.vertex,
                    g.vertex(r + dr, c + dc),
                    "cell {cell} corner {k}"
                );
                for side in corner.sides {
                    assert!(g.cell_edges(Cell(cell)).contains(&side));
                    assert!(at.contains(&side), "cell {cell} corner {k}");
                }
            }
        }
    }

    #[test]
    fn cells_near_an_edge_are_the_cells_around_its_ends() {
        let g = Grid::new(3, 4);
        for e in 0..g.edge_count() as u32 {
            let mut near = Vec::new();
            g.cells_near_edge(Edge(e), |cell| near.push(cell));
            let mut around: Vec<Cell> = g
                .edge_vertices(Edge(e))
                .iter()
                .flat_map(|&v| g.vertex_cells(v))
                .flatten()
                .collect();
            near.sort();
            around.sort();
            around.dedup();
            assert_eq!(near, around, "edge {e}");
        }
    }

    #[test]
    fn incidence_is_the_ends_and_the_cells_beside() {
        let g = Grid::new(3, 4);
        for e in 0..g.edge_count() as u32 {
            let e = Edge(e);
            assert_eq!(g.incidence(e), (g.edge_vertices(e), g.edge_cells(e)));
        }
    }

    #[test]
    fn border_vertices_have_off_grid_slots() {
        let g = Grid::new(1, 1);
        let off = g.off_grid();
        assert_eq!(g.edge_count(), 4);
        assert_eq!(
            g.vertex_edges(g.vertex(0, 0)),
            [off, g.horizontal(0, 0), g.vertical(0, 0), off]
        );
    }
}
