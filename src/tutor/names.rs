//! How the tutor names things: an edge by its two dots, a place by its cell
//! or dot, a state as `line` or `cross`, and decisions as `--explain` writes
//! them, one line per rule application.

use crate::engine::Decision;
use crate::slink::board::EdgeState;
use crate::slink::grid::{Edge, Grid};
use crate::slink::reason::Locus;

/// The longest chain shown whole; longer ones show their first and last
/// halves of this.
const CHAIN_SHOWN: usize = 24;

/// `cell (r,c)` or `vertex (r,c)`, counted from 0 at the top left; `None` for
/// the board as a whole.
pub(crate) fn locus_name(grid: &Grid, at: Locus) -> Option<String> {
    match at {
        Locus::Cell(c) => {
            let (r, c) = grid.cell_pos(c);
            Some(format!("cell ({r},{c})"))
        }
        Locus::Vertex(v) => {
            let (r, c) = grid.vertex_pos(v);
            Some(format!("vertex ({r},{c})"))
        }
        Locus::Board => None,
    }
}

/// An edge named by its two dots, `(r,c)-(r,c+1)` or `(r,c)-(r+1,c)`.
pub(crate) fn edge_name(grid: &Grid, e: Edge) -> String {
    let [a, b] = grid.edge_vertices(e);
    let ((ar, ac), (br, bc)) = (grid.vertex_pos(a), grid.vertex_pos(b));
    format!("({ar},{ac})-({br},{bc})")
}

pub(crate) fn state_name(state: EdgeState) -> &'static str {
    match state {
        EdgeState::Line => "line",
        EdgeState::Cross => "cross",
        EdgeState::Unknown => "unknown",
    }
}

/// `a line` or `a cross`.
pub(crate) fn article(state: EdgeState) -> &'static str {
    match state {
        EdgeState::Line => "a line",
        _ => "a cross",
    }
}

/// Decisions as `--explain` writes them, one line per rule application,
/// the middle left out of a long chain.
pub(crate) fn steps_text(grid: &Grid, decisions: &[Decision], indent: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut open: Option<Decision> = None;
    for d in decisions {
        let step = format!("{} {}", edge_name(grid, d.edge), state_name(d.state));
        match open {
            Some(o) if o.why == d.why => {
                if let Some(last) = lines.last_mut() {
                    last.push_str(&format!(", {step}"));
                }
            }
            _ => {
                let reason = d.why.reason;
                let at = locus_name(grid, d.why.at).map_or(String::new(), |n| format!(" at {n}"));
                lines.push(format!(
                    "{indent}[{}] {}{at}: {step}",
                    reason.tag(),
                    reason.name()
                ));
                open = Some(*d);
            }
        }
    }
    if lines.len() > CHAIN_SHOWN {
        let half = CHAIN_SHOWN / 2;
        let left_out = lines.len() - CHAIN_SHOWN;
        lines.splice(
            half..lines.len() - half,
            [format!("{indent}… {left_out} more steps …")],
        );
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}
