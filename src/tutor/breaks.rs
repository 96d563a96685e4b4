//! How a refutation reads ([`crate::tutor::Refutation`]): from an
//! assumption (an edge's value, or the puzzle as given) to the step where the
//! board breaks, said as `--explain` says steps; for `--hint`'s mistakes and
//! its puzzles with no answer, and `--explain`'s puzzles with no answer.

use crate::engine::Failure;
use crate::slink::grid::Grid;
use crate::tutor::names::{edge_name, locus_name, steps_text};
use crate::tutor::{Refutation, Tier};

/// The steps from an assumption to the contradiction: `lead` (say,
/// `with (0,1)-(0,2) a line,`) then what broke. When no tier breaks the
/// board: what the rules decided, and when they leave edges undecided,
/// `otherwise` (what search shows).
pub(crate) fn refutation_text(grid: &Grid, r: &Refutation, lead: &str, otherwise: &str) -> String {
    if r.at_once {
        let broken = match r.broken.as_str() {
            "" => "the board breaks at once",
            broken => broken,
        };
        return format!("{lead} {broken}\n");
    }
    let failure = match r.failure {
        Some(failure) => failure,
        None => {
            return match r.no_loop {
                Some(tier) => format!(
                    "{lead} {} decide every edge and the lines make no single loop round every clue\n",
                    tier.name()
                ),
                None => format!(
                    "{lead} {} reach no contradiction, {} edges undecided; {otherwise}\n",
                    Tier::Pairs.name(),
                    r.undecided
                ),
            };
        }
    };
    let by = r.tier.map_or("the rules", Tier::name);
    let mut text = format!("{lead} {by} break the board:\n");
    // The step that could not be made is the contradiction's own line.
    let chain = match r.chain.split_last() {
        Some((last, before)) if last.edge == failure.edge => before,
        _ => &r.chain[..],
    };
    text.push_str(&steps_text(grid, chain, "  "));
    text.push_str(&format!("  {}\n", contradiction(grid, &failure, &r.broken)));
    text
}

/// The step that breaks the board, as `--explain` would write it had it
/// been made: `contradiction: [TAG] NAME at PLACE cannot set EDGE: BROKEN`
/// (`broken`, what it broke in words, may be empty).
pub(crate) fn contradiction(grid: &Grid, failure: &Failure, broken: &str) -> String {
    let at = locus_name(grid, failure.at).map_or(String::new(), |n| format!(" at {n}"));
    let why = match broken {
        "" => String::new(),
        broken => format!(": {broken}"),
    };
    // A whole-board rule may fail with no edge to name.
    let edge = match failure.edge.0 as usize >= grid.edge_count() {
        true => String::new(),
        false => format!(" cannot set {}", edge_name(grid, failure.edge)),
    };
    format!(
        "contradiction: [{}] {}{at}{edge}{why}",
        failure.reason.tag(),
        failure.reason.name(),
    )
}
