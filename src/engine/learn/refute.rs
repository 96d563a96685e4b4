//! A one-edge trial's reason: why, on a board, giving an edge one value
//! breaks it, as the decided edges the break rests on. The board's decided
//! edges are taken as decisions, each at a level of its own, then the
//! value tried at one more, and the rules propagate; the break is then
//! traced back through each deduction's reason (the learning search's
//! [`Learner::reason_of`]) to the decisions it rests on. Those decisions
//! are the trial's reason: with them alone, the rules break the board when
//! the edge has the value tried, so the edge has the other (a trial's step
//! then rests on the edges near it, not on the whole board, as `--explain`
//! shows).
//!
//! A deduction without a narrowed reason rests on every decision of its
//! level and below, which is why each decided edge has a level of its own:
//! the reason stays sound, only wider.

use super::Learner;
use crate::engine::EngineBoard;
use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Edge, Grid};
use crate::slink::parse::Puzzle;
use crate::slink::reason::Why;
use crate::slink::rules::book::Rule;

/// The decided edges of `states` (every edge's state, in edge order) that,
/// with the clues of `puzzle`, make the rules break the board when `edge`
/// is `tried`; `None` if the rules, from all of them, do not break it (or
/// break it before `edge` is tried).
pub(crate) fn refuted(
    puzzle: &Puzzle,
    states: &[EdgeState],
    edge: Edge,
    tried: EdgeState,
) -> Option<Vec<(Edge, EdgeState)>> {
    let grid: Grid = puzzle.grid();
    let board = Board::new(grid, &puzzle.clues);
    let mut learner = Learner::new(puzzle, board, None, None);
    // What the clues force alone needs no reason: the level 0 facts.
    learner.propagate().ok()?;
    let decided = (0..grid.edge_count() as u32).map(Edge).filter(|&e| {
        let s = states
            .get(e.0 as usize)
            .copied()
            .unwrap_or(EdgeState::Unknown);
        e != edge && s != EdgeState::Unknown
    });
    for e in decided.collect::<Vec<_>>() {
        let s = states[e.0 as usize];
        if learner.board.state(e) == s {
            continue;
        }
        learner.assume(e, s)?;
    }
    learner.propagate().ok()?;
    learner.assume(edge, tried)?;
    let conflict = match learner.propagate() {
        Ok(()) => return None,
        Err(conflict) => conflict,
    };
    Some(learner.decisions_behind(conflict, edge))
}

impl Learner<'_> {
    /// Sets `e` to `s` as a decision of a new level; `None` if the board
    /// refuses it at once.
    fn assume(&mut self, e: Edge, s: EdgeState) -> Option<()> {
        self.starts.push(self.board.mark());
        self.board.tell_cause(Why::board(Rule::Guess));
        self.board.set(e, s).ok().map(|_| ())
    }

    /// The decisions that `conflict` rests on, through the reasons of the
    /// deductions on the trail, less `tried` (the value tried), each once.
    fn decisions_behind(
        &self,
        conflict: Vec<(Edge, EdgeState)>,
        tried: Edge,
    ) -> Vec<(Edge, EdgeState)> {
        let off = self.board.grid().off_grid();
        let mut seen = vec![false; self.board.grid().edge_count() + 1];
        let mut stack: Vec<Edge> = conflict.into_iter().map(|(e, _)| e).collect();
        let mut behind = Vec::new();
        while let Some(e) = stack.pop() {
            if e == off || std::mem::replace(&mut seen[e.0 as usize], true) {
                continue;
            }
            if self.level(e) == 0 {
                continue;
            }
            let i = self.pos[e.0 as usize] as usize - 1;
            let guess = Why::board(Rule::Guess);
            if self.board.trail_cause(i) == Some(guess) {
                if e != tried {
                    behind.push((e, self.board.state(e)));
                }
                continue;
            }
            stack.extend(self.reason_of(i).into_iter().map(|(x, _)| x));
        }
        behind.sort_unstable_by_key(|&(e, _)| e);
        behind
    }
}
