//! `--explain`: the trace of a solve in the statement's own terms, written to
//! stderr while stdout stays the judge's answer.
//!
//! ```text
//! puzzle 1 (2×2)
//! [case 2-3] clue needs every edge left at cell (0,0): (0,0)-(0,1) line, …
//!   [guess] (1,0)-(1,1) line                 (indented by search depth)
//! summary: 8 by case 2-3, 4 by case 4-5; 0 guesses; unique
//! ```
//!
//! One line per rule application (consecutive decisions with the same reason and
//! place), each edge named by its two dots `(row,column)` and marked `line` or
//! `cross`. Where the statement's cases alone stall, and at the end, the board is
//! drawn in the judge's frame with crosses as `x` and undecided edges blank.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::board::{Decision, EdgeState};
use crate::grid::{Edge, Grid};
use crate::parse::Puzzle;
use crate::reason::{Locus, Reason};
use crate::render::{write_picture, Marks};
use crate::search::{Outcome, Report, Trace};

/// The whole `--explain` text for puzzle `number`.
pub fn explain(number: usize, puzzle: &Puzzle, report: &Report, trace: &Trace) -> String {
    let grid = Grid::new(puzzle.rows, puzzle.cols);
    let mut out = format!("puzzle {number} ({}×{})\n", puzzle.rows, puzzle.cols);
    let stall_at = trace.stall.as_ref().map(|(at, _)| *at);
    let mut i = 0;
    while i <= trace.log.len() {
        if Some(i) == stall_at {
            if let Some((_, states)) = &trace.stall {
                let undecided = states.iter().filter(|&&s| s == EdgeState::Unknown).count();
                let _ = writeln!(
                    out,
                    "the statement's cases stop here, {undecided} edges undecided:"
                );
                draw(&mut out, &grid, puzzle, states);
            }
        }
        let Some(first) = trace.log.get(i) else { break };
        // Group the decisions one rule application made.
        let mut end = i + 1;
        while end < trace.log.len()
            && trace.log[end].why == first.why
            && trace.log[end].depth == first.depth
            && Some(end) != stall_at
        {
            end += 1;
        }
        line(&mut out, &grid, &trace.log[i..end]);
        i = end;
    }
    if let Outcome::Unique(s) | Outcome::Multiple(s) = &report.outcome {
        out.push_str("the answer:\n");
        draw(&mut out, &grid, puzzle, s.states());
    }
    out.push_str(&summary(&trace.log, report));
    out
}

fn line(out: &mut String, grid: &Grid, decisions: &[Decision]) {
    let Some(first) = decisions.first() else {
        return;
    };
    let indent = "  ".repeat(first.depth as usize);
    let reason = first.why.reason;
    let at = locus_name(grid, first.why.at).map_or(String::new(), |name| format!(" at {name}"));
    let edges: Vec<String> = decisions
        .iter()
        .map(|d| format!("{} {}", edge_name(grid, d.edge), state_name(d.state)))
        .collect();
    // A search step's tag says all there is; a rule's name says what it saw.
    let name = match reason {
        Reason::Guess | Reason::Backtrack => String::new(),
        _ => format!(" {}{at}:", reason.name()),
    };
    let _ = writeln!(out, "{indent}[{}]{name} {}", reason.tag(), edges.join(", "));
}

/// `cell (r,c)` or `vertex (r,c)`, counted from 0 at the top left; `None` for
/// the board as a whole.
pub fn locus_name(grid: &Grid, at: Locus) -> Option<String> {
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
pub fn edge_name(grid: &Grid, e: Edge) -> String {
    let [a, b] = grid.edge_vertices(e);
    let ((ar, ac), (br, bc)) = (grid.vertex_pos(a), grid.vertex_pos(b));
    format!("({ar},{ac})-({br},{bc})")
}

fn state_name(state: EdgeState) -> &'static str {
    match state {
        EdgeState::Line => "line",
        EdgeState::Cross => "cross",
        EdgeState::Unknown => "unknown",
    }
}

fn draw(out: &mut String, grid: &Grid, puzzle: &Puzzle, states: &[EdgeState]) {
    let mut bytes = Vec::new();
    write_picture(
        &mut bytes,
        grid,
        |c| puzzle.clues[c.0 as usize],
        states,
        Marks::Crosses,
    );
    out.push_str(&String::from_utf8_lossy(&bytes));
}

fn summary(log: &[Decision], report: &Report) -> String {
    let mut by_rule: BTreeMap<Reason, usize> = BTreeMap::new();
    for d in log {
        *by_rule.entry(d.why.reason).or_default() += 1;
    }
    let counts: Vec<String> = by_rule
        .iter()
        .map(|(reason, n)| format!("{n} by {} ({})", reason.tag(), reason.name()))
        .collect();
    let outcome = match report.outcome {
        Outcome::Unique(_) => "unique",
        Outcome::Multiple(_) => "multiple",
        Outcome::NoSolution => "none",
    };
    format!(
        "summary: {}; {} guesses; {outcome}\n",
        if counts.is_empty() {
            "no decisions".to_string()
        } else {
            counts.join(", ")
        },
        report.guesses
    )
}
