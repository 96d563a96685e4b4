//! The board's caches checked against its edge states: debug builds check
//! them after every full propagation (see the driver's `debug_check`), so
//! the planted tests check them on every board they solve.

use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Cell, Edge, Vertex};

impl Board {
    /// Recomputes every count cache and the path bookkeeping from the edge
    /// states alone and compares: `Err` names the first cache that is wrong.
    /// The propagation driver checks this after every run in debug builds, so
    /// the planted tests check it on every board they solve.
    pub(crate) fn check_caches(&self) -> Result<(), String> {
        let g = self.grid;
        let count = |edges: &[Edge], state: EdgeState| {
            edges.iter().filter(|&&e| self.state(e) == state).count() as u8
        };
        let mut unmet = 0;
        for c in 0..g.cell_count() as u32 {
            let sides = g.cell_edges(Cell(c));
            let lines = count(&sides, EdgeState::Line);
            if (lines, count(&sides, EdgeState::Cross))
                != (self.cell_lines(Cell(c)), self.cell_crosses(Cell(c)))
            {
                return Err(format!("counts of cell {c}"));
            }
            unmet += u32::from(self.clue(Cell(c)).is_some_and(|n| n != lines));
        }
        if unmet != self.unmet {
            return Err(format!("unmet: {} cached, {unmet} counted", self.unmet));
        }
        let mut ends = 0;
        for v in 0..g.vertex_count() as u32 {
            let v = Vertex(v);
            let at = g.vertex_edges(v);
            let lines = count(&at, EdgeState::Line);
            if (lines, count(&at, EdgeState::Cross))
                != (self.vertex_lines(v), self.vertex_crosses(v))
            {
                return Err(format!("counts of vertex {}", v.0));
            }
            if lines == 1 && super::given::walked_path_end(self, v) != self.partner(v) {
                return Err(format!("partner of vertex {}", v.0));
            }
            ends += u32::from(lines == 1);
        }
        let unknown = self.state[..g.edge_count()]
            .iter()
            .filter(|&&s| s == EdgeState::Unknown)
            .count() as u32;
        if unknown != self.unknown {
            return Err(format!(
                "unknown: {} cached, {unknown} counted",
                self.unknown
            ));
        }
        if !self.closed && ends != 2 * self.segments {
            return Err(format!(
                "segments: {} cached, {ends} path ends",
                self.segments
            ));
        }
        Ok(())
    }
}
