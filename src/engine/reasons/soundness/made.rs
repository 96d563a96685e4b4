//! Reasons checked on boards made to order, where a rule the traces seldom
//! reach decides again and again: connectivity's cuts ([`cut_boards`]) and
//! the inside/outside rules' chains ([`sides_boards`]), on grids small
//! enough that every answer is found too. Each decision is found again
//! from its reason alone, as in the traces' check; leaving edges out of
//! the reasons shows the check can fail.

use std::collections::HashMap;

use super::{answers, answers_agree, rules_agree, Reason};
use crate::engine::reasons::{local_edges, Because, Reasons};
use crate::engine::rules::extra::EngineRule;
use crate::engine::rules::sides::{clue_sides, vertex_sides};
use crate::engine::{Decision, EngineBoard};
use crate::shared::restarts::SplitMix;
use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Cell, Edge, Vertex};
use crate::slink::parse::Puzzle;
use crate::slink::reason::{Locus, Why};
use crate::slink::testkit::apply_at;

/// Boards where connectivity crosses, made to order: random crosses and
/// a few lines on grids of 1×1 to 4×4 with most clues blank (so the clues
/// force little, and a cut's every edge counts), and each edge the rule
/// crosses there, with its reason from the board before.
fn cut_boards() -> Vec<(Puzzle, Decision, Reason)> {
    let mut rng = SplitMix(53);
    let mut out = Vec::new();
    for _ in 0..3_000 {
        let (rows, cols) = (1 + rng.below(4) as u32, 1 + rng.below(4) as u32);
        let clues = (0..rows * cols)
            .map(|_| match rng.below(10) {
                0 => Some(rng.below(4) as u8),
                _ => None,
            })
            .collect();
        let puzzle = Puzzle { rows, cols, clues };
        let grid = puzzle.grid();
        let mut board = Board::new(grid, &puzzle.clues);
        board.start_recording();
        let edges = grid.edge_count() as u64;
        for _ in 0..rng.below(edges) {
            let e = Edge(rng.below(edges) as u32);
            let to = [EdgeState::Line, EdgeState::Cross, EdgeState::Cross][rng.below(3) as usize];
            let mark = board.mark();
            if board.set(e, to).is_err() {
                board.undo_to(mark);
            }
        }
        let before = board.states()[..grid.edge_count()].to_vec();
        if crate::engine::rules::connectivity(&mut board).is_err() {
            continue;
        }
        for e in (0..edges as u32).map(Edge) {
            if before[e.0 as usize] == board.state(e) {
                continue;
            }
            let d = Decision {
                edge: e,
                state: EdgeState::Cross,
                why: Why::board(EngineRule::Connectivity),
                depth: 0,
            };
            let mut reasons = Reasons::new(grid, &puzzle.clues, &before);
            match reasons.next(&d) {
                Because::Narrowed(edges) => out.push((puzzle.clone(), d, edges)),
                other => panic!("{d:?} is {other:?} on {before:?} in\n{puzzle:?}"),
            }
        }
    }
    out
}

/// Checks the reasons of boards made to order ([`cut_boards`],
/// [`sides_boards`]), `narrow` first applied to each: how many were
/// checked, and how many the rules and the answers found wanting.
fn check_made(
    boards: Vec<(Puzzle, Decision, Reason)>,
    narrow: impl Fn(&mut Vec<(Edge, EdgeState)>),
) -> [usize; 3] {
    let mut loops = HashMap::new();
    let mut tally = [0; 3];
    for (puzzle, d, mut edges) in boards {
        narrow(&mut edges);
        tally[0] += 1;
        tally[1] += usize::from(!rules_agree(&puzzle, &edges, &d));
        tally[2] += usize::from(!answers_agree(&answers(&puzzle, &mut loops), &edges, &d));
    }
    tally
}

/// Checks connectivity's reasons on [`cut_boards`] ([`check_made`]).
fn check_cuts(narrow: impl Fn(&mut Vec<(Edge, EdgeState)>)) -> [usize; 3] {
    check_made(cut_boards(), narrow)
}

/// Connectivity's reasons force its crosses on boards made for it, by the
/// rules and by every answer.
#[test]
fn every_cut_forces_its_crosses() {
    let [checked, by_rules, by_answers] = check_cuts(|_| {});
    assert_eq!((by_rules, by_answers), (0, 0), "of {checked}");
    assert!(checked > 500, "only {checked} crosses");
}

/// A cut with one crossed edge left out (the last in edge order) still
/// forces the crosses: a loop crosses a cut an even number of times, so
/// not through one open edge alone, and the rules find it too (the sides
/// rules read that parity). The reason keeps the whole cut all the same:
/// it is what connectivity reads.
#[test]
fn a_cut_with_one_crossed_edge_left_out_still_holds() {
    let [checked, by_rules, by_answers] = check_cuts(|edges| {
        edges.pop();
    });
    assert_eq!((by_rules, by_answers), (0, 0), "of {checked}");
}

/// The check can fail a cut too small: with two crossed edges of each
/// cut left out (the last two in edge order), or its line, the loop may
/// come through the piece the cut parted off, and the rules and the
/// answers find the crosses no longer follow, time and again (not always:
/// on boards this small, the border, the clues and the rest of the cut
/// often force them anyway).
#[test]
fn a_cut_with_two_crossed_edges_or_its_line_left_out_fails() {
    let [checked, by_rules, by_answers] = check_cuts(|edges| {
        edges.truncate(edges.len().saturating_sub(2).max(1));
    });
    assert!(
        by_rules > checked / 3 && by_answers > checked / 3,
        "{by_rules} and {by_answers} of {checked} caught"
    );
    let [checked, by_rules, by_answers] = check_cuts(|edges| {
        edges.remove(0);
    });
    assert!(
        by_rules > checked / 10 && by_answers > checked / 10,
        "{by_rules} and {by_answers} of {checked} caught"
    );
}

/// Boards where the inside/outside rules decide, made to order: random
/// lines and crosses (crosses twice as often) on grids of 1×1 to 4×4, a
/// clue in about half the cells, and each edge the sides rule of a vertex
/// or a clue decides there (each locus on the same board, undone after),
/// with its reason from the board before, the rule's earlier decisions at
/// the locus taken on.
fn sides_boards() -> Vec<(Puzzle, Decision, Reason)> {
    let mut rng = SplitMix(54);
    let mut out = Vec::new();
    for _ in 0..500 {
        let (rows, cols) = (1 + rng.below(4) as u32, 1 + rng.below(4) as u32);
        let clues = (0..rows * cols)
            .map(|_| match rng.below(8) {
                n if n < 4 => Some(n as u8),
                _ => None,
            })
            .collect();
        let puzzle = Puzzle { rows, cols, clues };
        let grid = puzzle.grid();
        let mut board = Board::new(grid, &puzzle.clues);
        if board.enable_sides() != Ok(true) {
            continue;
        }
        board.start_recording();
        let edges = grid.edge_count() as u64;
        for _ in 0..rng.below(edges) {
            let e = Edge(rng.below(edges) as u32);
            let to = [EdgeState::Line, EdgeState::Cross, EdgeState::Cross][rng.below(3) as usize];
            let mark = board.mark();
            if board.set(e, to).is_err() {
                board.undo_to(mark);
            }
        }
        let before = board.states()[..grid.edge_count()].to_vec();
        let vertices = (0..grid.vertex_count() as u32).map(|v| {
            let v = Vertex(v);
            (
                Why::vertex(EngineRule::VertexSides, v),
                grid.vertex_edges(v),
            )
        });
        let cells = (0..grid.cell_count() as u32).map(Cell);
        let clued = cells.filter(|&c| puzzle.clues[c.0 as usize].is_some());
        let sites = clued.map(|c| (Why::cell(EngineRule::ClueSides, c), grid.cell_edges(c)));
        for (why, locus) in vertices.chain(sites).collect::<Vec<_>>() {
            let mark = board.mark();
            let applied = match why.at {
                Locus::Vertex(v) => vertex_sides(&mut board, v),
                Locus::Cell(c) => apply_at(clue_sides, &mut board, c),
                Locus::Board => Ok(()),
            };
            let after = board.states()[..grid.edge_count()].to_vec();
            board.undo_to(mark);
            if applied.is_err() {
                continue;
            }
            // The rule decides its edges in the locus's order.
            let mut reasons = Reasons::new(grid, &puzzle.clues, &before);
            for e in locus {
                let (was, is) = match (before.get(e.0 as usize), after.get(e.0 as usize)) {
                    (Some(&was), Some(&is)) => (was, is),
                    _ => continue,
                };
                if was == is {
                    continue;
                }
                let d = Decision {
                    edge: e,
                    state: is,
                    why,
                    depth: 0,
                };
                match reasons.next(&d) {
                    Because::Narrowed(edges) => out.push((puzzle.clone(), d, edges)),
                    other => panic!("{d:?} is {other:?} on {before:?} in\n{puzzle:?}"),
                }
            }
        }
    }
    out
}

/// Whether a sides reason names an edge away from its locus (a chain
/// longer than the edge between two cells read).
fn reaches_beyond(puzzle: &Puzzle, d: &Decision, edges: &Reason) -> bool {
    let local = local_edges(&puzzle.grid(), d.why.at);
    edges.iter().any(|(e, _)| !local.contains(e))
}

/// The inside/outside rules' reasons force their decisions on boards made
/// for them, by the rules and by every answer; both rules decide there,
/// often from chains that leave the locus.
#[test]
fn every_sides_reason_forces_its_decision() {
    let boards = sides_boards();
    let by_vertex = boards
        .iter()
        .filter(|(_, d, _)| matches!(d.why.at, Locus::Vertex(_)));
    let beyond = boards.iter().filter(|(p, d, e)| reaches_beyond(p, d, e));
    let (vertex, beyond) = (by_vertex.count(), beyond.count());
    let [checked, by_rules, by_answers] = check_made(boards, |_| {});
    assert_eq!((by_rules, by_answers), (0, 0), "of {checked}");
    assert!(
        vertex > 1_000 && checked - vertex > 1_000 && beyond > 1_000,
        "{vertex} round a vertex of {checked}, {beyond} beyond the locus"
    );
}

/// Whether the sides rule of `d` alone, at its locus, on a fresh board
/// with only `edges` set, decides `d`'s edge as `d` does.
fn sides_rule_alone_agrees(puzzle: &Puzzle, edges: &Reason, d: &Decision) -> bool {
    let grid = puzzle.grid();
    let mut given = vec![EdgeState::Unknown; grid.edge_count()];
    for &(e, s) in edges {
        given[e.0 as usize] = s;
    }
    let mut board = Board::new(grid, &puzzle.clues);
    if board.set_given(&given).is_err() || board.enable_sides().is_err() {
        return true;
    }
    let applied = match d.why.at {
        Locus::Vertex(v) => vertex_sides(&mut board, v),
        Locus::Cell(c) => apply_at(clue_sides, &mut board, c),
        Locus::Board => Ok(()),
    };
    applied.is_err() || board.state(d.edge) == d.state
}

/// The check can fail a sides reason one edge short. With any one of its
/// edges left out, the rule alone no longer decides the edge: every time on
/// these boards, so no reason names an edge its rule does not need (it
/// could: the relations kept are the fewest edges' worth, but two of their
/// chains that cross relate two more nodes, which might do as well). With
/// its last edge left out (on its longest chain), the rules and the answers
/// find the decision no longer follows, time and again (not always: on
/// boards this small, the clues, the border and the other loci often force
/// it anyway).
#[test]
fn a_sides_reason_one_edge_short_fails() {
    let (mut short, mut still) = (0, 0);
    for (puzzle, d, edges) in sides_boards() {
        for left_out in 0..edges.len() {
            let mut fewer = edges.clone();
            fewer.remove(left_out);
            short += 1;
            still += usize::from(sides_rule_alone_agrees(&puzzle, &fewer, &d));
        }
    }
    assert_eq!(still, 0, "of {short}");
    assert!(short > 5_000, "only {short} reasons one edge short");
    let [checked, by_rules, by_answers] = check_made(sides_boards(), |edges| {
        edges.pop();
    });
    assert!(
        by_rules > checked / 8 && by_answers > checked / 8,
        "{by_rules} and {by_answers} of {checked} caught"
    );
}
