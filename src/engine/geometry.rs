//! Geometry the full engine needs beyond the judged core's: the cells
//! round a vertex and a cell's neighbours, by rows and columns.

use crate::slink::grid::{Cell, Grid, Vertex};

impl Grid {
    /// The up to four cells around a vertex, in corner order as seen from the
    /// vertex: up-left, up-right, down-right, down-left.
    pub(crate) fn vertex_cells(&self, v: Vertex) -> [Option<Cell>; 4] {
        let (r, c) = self.vertex_pos(v);
        let at = |dr: i64, dc: i64| self.offset_cell(r as i64 + dr, c as i64 + dc);
        [at(-1, -1), at(-1, 0), at(0, 0), at(0, -1)]
    }

    /// The cell `(r, c)` if it lies inside the grid.
    pub(crate) fn offset_cell(&self, r: i64, c: i64) -> Option<Cell> {
        let inside = r >= 0 && c >= 0 && r < self.rows() as i64 && c < self.cols() as i64;
        inside.then(|| self.cell(r as u32, c as u32))
    }

    /// The cell `dr` rows and `dc` columns away from `cell`, if inside the grid.
    pub(crate) fn neighbour(&self, cell: Cell, dr: i64, dc: i64) -> Option<Cell> {
        let (r, c) = self.cell_pos(cell);
        self.offset_cell(r as i64 + dr, c as i64 + dc)
    }
}
