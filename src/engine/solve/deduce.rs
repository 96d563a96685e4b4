//! Deduction to its end, short of trials: the full rules and the pair rules
//! ([`crate::engine::rules::pairing`]) in turn, the pair rules a step at a time
//! once the cheaper ones stall, their facts learnt afresh for each call.
//! The search tries it before it starts, and the tutor and the generator
//! use it as the tier of pairs.

use crate::engine::rules::extra::EngineRule;
use crate::engine::rules::pairing::Pairing;
use crate::slink::board::{Board, Contradiction};
use crate::slink::reason::Reason;
use crate::slink::rules::driver::Propagator;

/// Runs `propagator`'s rules and the pair rules in turn until neither
/// decides anything more: a step of the pair rules (up to the first dot or
/// clue where they decide an edge) only once the cheaper rules stall. After
/// a step only the local rules run (the inside/outside sweeps and the
/// connectivity check cost a pass over the board each, and a step decides
/// little); they run in full when the pair rules stall, and the pair rules
/// go on if that decided anything. The pairs' facts are kept between steps:
/// they stay true as the board gains decisions. Returns whether the pair
/// rules decided anything.
pub(crate) fn settle(
    board: &mut Board,
    propagator: &mut Propagator,
) -> Result<bool, Contradiction> {
    let reasons = [EngineRule::CornerPairs, EngineRule::EdgeClasses].map(Reason::from);
    let mut pairing: Option<Pairing> = None;
    let mut decided = false;
    propagator.run(board)?;
    loop {
        if board.unknown_count() == 0 {
            return Ok(decided);
        }
        let pairing = pairing.get_or_insert_with(|| Pairing::new(board, true, reasons));
        if pairing.step(board)? {
            decided = true;
            propagator.set_sweeping(false);
            let ran = propagator.run(board);
            propagator.set_sweeping(true);
            ran?;
            continue;
        }
        // The pair rules stall: the whole-board rules, then the pair rules
        // again if those decided anything.
        let before = board.unknown_count();
        propagator.run(board)?;
        if board.unknown_count() == before {
            return Ok(decided);
        }
    }
}
