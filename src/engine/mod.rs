//! The full engine around the judged core, attached through its seams: on
//! the board's ([`crate::slink::board::Attached`]), [`extras`] with the
//! inside/outside classes of [`sides`] and the `--explain` [`log`]; on the
//! driver's ([`crate::slink::rules::driver::Stage`]), the [`sweep`]s of the costlier
//! tier and the whole-board rules, over the full rule table ([`rules`]).
//! What the engine does with a board beyond the core's verbs is one trait,
//! [`EngineBoard`] (in [`extras`]): the classes and the log above, the
//! loading of given edges ([`given`]) and the debug check of the board's
//! caches ([`audit`]). Beside them: the [`Failure`] a contradiction is told
//! as. Judge files hold none of it.

pub mod answer;
mod audit;
pub mod classes;
mod crossings;
pub(crate) mod detour;
pub(crate) mod extras;
mod failure;
mod geometry;
pub(crate) mod given;
pub(crate) mod learn;
pub mod log;
pub(crate) mod marks;
pub(crate) mod reasons;
pub mod rules;
mod sides;
pub mod solve;
pub(crate) mod sweep;

pub(crate) use extras::EngineBoard;
pub(crate) use failure::Failure;
pub use log::{Decision, Log};

#[cfg(test)]
mod tests {
    use super::{extras, given, sides, EngineBoard};
    use crate::slink::board::{Board, Contradiction, EdgeState};
    use crate::slink::grid::{Edge, Vertex};
    use crate::slink::parse::Puzzle;

    fn puzzle(rows: u32, cols: u32, clues: &[Option<u8>]) -> Puzzle {
        Puzzle {
            rows,
            cols,
            clues: clues.to_vec(),
        }
    }

    /// The planted answer of a random loop on a grid of 1×1 to 6×6.
    fn random_answer(
        rng: &mut crate::shared::restarts::SplitMix,
    ) -> crate::slink::answer::Solution {
        let (rows, cols) = (1 + rng.below(6) as u32, 1 + rng.below(6) as u32);
        crate::generate::planted(rng, rows, cols).1
    }

    /// Everything a rule or the search can observe of a board.
    fn observed(b: &Board) -> String {
        let g = *b.grid();
        let partners: Vec<Option<Vertex>> = (0..g.vertex_count() as u32)
            .map(|v| b.partner(Vertex(v)))
            .collect();
        // The sides classes as relations: which nodes share a class, and on
        // which side of the first node of their class each lies (the roots
        // themselves may differ between two boards).
        let nodes = g.cell_count() as u32 + 1;
        let classes: Vec<(u32, u8)> = (0..nodes)
            .map(|n| {
                let class = |n: u32| b.sides().map_or((n, 0), |c| c.find(n));
                let (root, parity) = class(n);
                let first = (0..nodes).find(|&m| class(m).0 == root).unwrap_or(n);
                (first, parity ^ class(first).1)
            })
            .collect();
        format!(
            "{:?} {:?} {} {} {} {} {:?}",
            b.states(),
            partners,
            b.segments,
            b.closed(),
            b.unmet(),
            b.unknown_count(),
            classes
        )
    }

    /// Undo works out a line's path bookkeeping again instead of storing it,
    /// and takes back the sides unions each change made:
    /// after a random run of changes (each one that breaks the board undone at
    /// once, as search does) and an undo to a mark, the board is what replaying
    /// the changes kept before the mark makes.
    #[test]
    fn undo_restores_exactly_what_a_replay_builds() {
        let mut rng = crate::shared::restarts::SplitMix(0x2545_F491_4F6C_DD1D);
        let mut next = |n: u64| rng.below(n);
        for _ in 0..300 {
            let (rows, cols) = (1 + next(4) as u32, 1 + next(4) as u32);
            let clues: Vec<Option<u8>> = (0..rows * cols)
                .map(|_| [None, Some(0), Some(1), Some(2), Some(3)][next(5) as usize])
                .collect();
            let p = puzzle(rows, cols, &clues);
            let mut b = Board::new(p.grid(), &p.clues);
            assert_eq!(b.enable_sides(), Ok(true));
            b.start_recording();
            let edges = b.grid().edge_count() as u64;
            let mut before = Vec::new();
            let mut mark = None;
            for step in 0..edges {
                if step == edges / 3 {
                    mark = Some((b.mark(), before.clone()));
                }
                let e = Edge(next(edges) as u32);
                let to = if next(2) == 0 {
                    EdgeState::Line
                } else {
                    EdgeState::Cross
                };
                // As search does: a change that breaks the board is undone.
                let at = b.mark();
                match b.set(e, to) {
                    Ok(true) => before.push((e, to)),
                    Ok(false) => {}
                    Err(_) => b.undo_to(at),
                }
            }
            let (mark, kept) = mark.unwrap_or((0, Vec::new()));
            b.undo_to(mark);
            let mut replay = Board::new(p.grid(), &p.clues);
            assert_eq!(replay.enable_sides(), Ok(true));
            for &(e, to) in &kept {
                assert_eq!(replay.set(e, to), Ok(true));
            }
            assert_eq!(observed(&b), observed(&replay), "{rows}x{cols} {clues:?}");
        }
    }

    /// Sides classes made at once relate every node as joining the decided
    /// edges one by one, in edge order, does, with as many unions, and break
    /// exactly when that does, at the same edge: on parts of random loops,
    /// now and then with an edge flipped, and on edges decided at random.
    #[test]
    fn sides_made_at_once_are_the_joins_one_by_one() {
        let mut rng = crate::shared::restarts::SplitMix(11);
        let (mut whole, mut broken) = (0, 0);
        for trial in 0..400 {
            let answer = random_answer(&mut rng);
            let grid = *answer.grid();
            let keep = 1 + rng.below(4);
            let states: Vec<EdgeState> = answer
                .states()
                .iter()
                .map(|&s| match rng.below(20) {
                    0 if trial % 2 == 0 => s.opposite(),
                    _ if trial % 5 == 0 => {
                        [EdgeState::Line, EdgeState::Cross][rng.below(2) as usize]
                    }
                    n if n % 4 < keep => s,
                    _ => EdgeState::Unknown,
                })
                .collect();
            let mut board = Board::new(grid, &vec![None; grid.cell_count()]);
            board.state[..states.len()].copy_from_slice(&states);
            let mut joined = crate::engine::classes::Classes::new(grid.cell_count());
            let broken_at = (0..grid.edge_count() as u32).map(Edge).find(|&e| {
                let [a, b] = grid.edge_cells(e);
                let (a, b) = (board.side_node(a), board.side_node(b));
                board.state(e) != EdgeState::Unknown
                    && joined.join(a, b, board.state(e) == EdgeState::Line)
                        == crate::engine::classes::Joined::Contradicted
            });
            match sides::at_once(&board) {
                None => assert!(broken_at.is_some(), "{states:?}"),
                Some(at_once) => {
                    assert_eq!(broken_at, None, "{states:?}");
                    assert_eq!(at_once.unions(), joined.unions());
                    // The same relations, on two boards alike but for them.
                    let mut other = Board::new(grid, &vec![None; grid.cell_count()]);
                    other.state.clone_from(&board.state);
                    extras::put_sides(&mut board, Some(at_once));
                    extras::put_sides(&mut other, Some(joined));
                    assert_eq!(observed(&board), observed(&other), "{states:?}");
                    extras::put_sides(&mut board, None);
                    whole += usize::from(states.iter().all(|&s| s != EdgeState::Unknown));
                }
            }
            let expected = broken_at.map_or(Ok(true), |edge| Err(Contradiction { edge }));
            assert_eq!(board.enable_sides(), expected);
            broken += usize::from(broken_at.is_some());
        }
        assert!(whole > 10 && broken > 50, "{whole} whole, {broken} broken");
    }

    /// Giving edges at once, by counting, leaves the board as giving them
    /// one by one does, and takes exactly what that takes (the rest goes
    /// one by one, to find the edge that breaks the board): on parts of
    /// random loops (the whole loop among them, closed), with clues true,
    /// false or missing and now and then an edge flipped, on grids of 1×1
    /// to 6×6.
    #[test]
    fn edges_given_at_once_make_the_board_set_makes() {
        let mut rng = crate::shared::restarts::SplitMix(5);
        let (mut closed, mut broken) = (0, 0);
        for trial in 0..400 {
            let answer = random_answer(&mut rng);
            let grid = *answer.grid();
            let (rows, cols) = (grid.rows(), grid.cols());
            let clues: Vec<Option<u8>> = crate::generate::clues_of(&answer)
                .clues
                .iter()
                .map(|&c| match rng.below(4) {
                    0 => None,
                    1 if trial % 3 == 0 => Some(rng.below(4) as u8),
                    _ => c,
                })
                .collect();
            let keep = rng.below(5);
            let given: Vec<EdgeState> = answer
                .states()
                .iter()
                .map(|&s| match rng.below(40) {
                    0 if trial % 2 == 0 => s.opposite(),
                    n if n % 5 < keep || trial % 7 == 0 => s,
                    _ => EdgeState::Unknown,
                })
                .collect();
            let mut at_once = Board::new(grid, &clues);
            let mut one_by_one = Board::new(grid, &clues);
            let result = given::one_by_one(&mut one_by_one, &given);
            let fast = given::at_once(&mut at_once, &given);
            assert_eq!(fast, result.is_ok(), "{rows}x{cols} {clues:?} {given:?}");
            if fast {
                assert_eq!(observed(&at_once), observed(&one_by_one));
                assert_eq!(at_once.check_caches(), Ok(()));
            }
            closed += usize::from(at_once.closed());
            broken += usize::from(result.is_err());
        }
        // Both kinds of board the shortcut must get right were met.
        assert!(
            closed > 10 && broken > 50,
            "{closed} closed, {broken} broken"
        );
    }
}
