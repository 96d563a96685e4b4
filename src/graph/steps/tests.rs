//! Tests of the log of Loopy's solver: every step sound on Loopy's own
//! puzzles (what it sets and every fact it learns or reads holds in Loopy's
//! answer, and what it rests on was decided before it), at every level; the
//! same on puzzles made wrong, where runs break; and a face's point inside
//! it on every grid.

use super::words::face_point;
use super::{Fact, Log, Step};
use crate::graph::fixtures::{fixtures, graph_of};
use crate::graph::ladder::{logged, LoopyLevel, Status};
use crate::graph::puzzle::GraphPuzzle;
use crate::graph::Edge;
use crate::slink::board::EdgeState;

/// A fact's truth on an answer (lines by edge).
fn holds(fact: Fact, answer: &[bool]) -> bool {
    let on = |e: Edge| answer[e.0 as usize];
    match fact {
        Fact::AtMostOne(a, b) => !(on(a) && on(b)),
        Fact::AtLeastOne(a, b) => on(a) || on(b),
        Fact::Equal(a, b) => on(a) == on(b),
        Fact::Opposite(a, b) => on(a) != on(b),
    }
}

/// Walks a log of a run at `level` in order: each step's technique is of
/// that level or below; each step's `because` edges were decided before
/// it, by an earlier step, as it says, and none is its own; each edge is set
/// by one step at most; every edge the run decided is a step's, but for
/// those crossed once a loop is closed. `answer`, if known, must hold every
/// edge set and every fact learnt or read. Returns how many steps read a
/// fact.
fn check_log(
    name: &str,
    level: LoopyLevel,
    puzzle: &GraphPuzzle,
    log: &Log,
    status: Status,
    states: &[EdgeState],
    answer: Option<&[bool]>,
) -> usize {
    let mut decided = vec![EdgeState::Unknown; puzzle.graph.edge_count()];
    let mut knowing = 0;
    let agrees = |e: Edge, s: EdgeState| {
        answer.is_none_or(|a| {
            s == if a[e.0 as usize] {
                EdgeState::Line
            } else {
                EdgeState::Cross
            }
        })
    };
    let check_because = |at: usize, because: &[(Edge, EdgeState)], decided: &[EdgeState]| {
        for &(e, s) in because {
            assert_eq!(
                decided[e.0 as usize], s,
                "{name}: step {at} rests on edge {} {s:?}, not so decided before it",
                e.0
            );
        }
    };
    for (at, step) in log.steps.iter().enumerate() {
        let Step {
            set,
            learnt,
            knowing: read,
            because,
            ..
        } = step;
        assert!(
            !set.is_empty() || !learnt.is_empty(),
            "{name}: step {at} empty"
        );
        assert!(
            LoopyLevel::of(step.technique) <= level,
            "{name}: step {at} beyond the level"
        );
        check_because(at, because, &decided);
        knowing += usize::from(!read.is_empty());
        for &(e, s) in set {
            assert_eq!(
                decided[e.0 as usize],
                EdgeState::Unknown,
                "{name}: edge {} set twice",
                e.0
            );
            assert!(
                !because.iter().any(|&(b, _)| b == e),
                "{name}: step {at} rests on its own edge"
            );
            assert!(
                agrees(e, s),
                "{name}: step {at} sets edge {} {s:?}, not Loopy's",
                e.0
            );
            decided[e.0 as usize] = s;
        }
        if let Some(answer) = answer {
            for fact in learnt.iter().chain(read.iter().map(|k| &k.fact)) {
                assert!(
                    holds(*fact, answer),
                    "{name}: step {at}: {fact:?} is not so in Loopy's answer"
                );
            }
        }
    }
    if let Some(broke) = &log.broke {
        check_because(log.steps.len(), &broke.because, &decided);
    }
    assert_eq!(log.broke.is_some(), status == Status::Mistake, "{name}");
    for (e, (&told, &ended)) in decided.iter().zip(states).enumerate() {
        let closed = matches!(status, Status::Solved | Status::Ambiguous);
        let crossed_at_end = closed && told == EdgeState::Unknown && ended == EdgeState::Cross;
        // A run that broke may have gone on setting edges after the
        // mistake, which the log no longer takes.
        if status != Status::Mistake {
            assert!(
                told == ended || crossed_at_end,
                "{name}: edge {e} {ended:?}, logged {told:?}"
            );
        }
    }
    knowing
}

/// Loopy's answer as states.
fn states_of(answer: &[bool]) -> Vec<EdgeState> {
    answer
        .iter()
        .map(|&on| {
            if on {
                EdgeState::Line
            } else {
                EdgeState::Cross
            }
        })
        .collect()
}

#[test]
fn every_step_on_loopy_s_puzzles_is_sound_at_every_level() {
    let (mut steps, mut knowing, mut techniques) = (0, 0, std::collections::BTreeSet::new());
    for fixture in fixtures() {
        let puzzle = graph_of(&fixture.id);
        for level in LoopyLevel::ALL {
            let run = logged(&puzzle, level);
            let name = format!("{} at {}", fixture.made_by, level.name());
            knowing += check_log(
                &name,
                level,
                &puzzle,
                &run.log,
                run.status,
                &run.states,
                Some(&fixture.answer),
            );
            if level == LoopyLevel::Hard {
                assert_eq!(run.status, Status::Solved, "{name}");
                assert_eq!(run.states, states_of(&fixture.answer), "{name}");
            }
            steps += run.log.steps.len();
            techniques.extend(run.log.steps.iter().map(|s| s.technique));
        }
    }
    assert!(
        steps > 10_000 && knowing > 1_000,
        "{steps} steps, {knowing} knowing"
    );
    // Every technique but the guess is met on Loopy's puzzles (Loopy's
    // generator keeps none that its solver closes on a guess).
    assert_eq!(techniques.len(), 15, "{techniques:?}");
}

/// Loopy's puzzles made wrong: a clue one more (several answers, none, or
/// still one). Every run keeps its log sound in itself, and a run that
/// breaks says where.
#[test]
fn every_step_on_puzzles_made_wrong_rests_on_what_came_before() {
    let mut broke = 0;
    for fixture in fixtures().iter().filter(|f| f.made_by.starts_with("7x7")) {
        let mut puzzle = graph_of(&fixture.id);
        let graph = puzzle.graph.clone();
        for (f, clue) in puzzle.clues.clone().iter().enumerate().step_by(5) {
            let sides = graph.sides(crate::graph::Face(f as u32)).len() as u8;
            let Some(clue) = clue.filter(|&c| c < sides) else {
                continue;
            };
            puzzle.clues[f] = Some(clue + 1);
            let run = logged(&puzzle, LoopyLevel::Hard);
            let name = format!("{} with face {f} a {}", fixture.made_by, clue + 1);
            check_log(
                &name,
                LoopyLevel::Hard,
                &puzzle,
                &run.log,
                run.status,
                &run.states,
                None,
            );
            broke += usize::from(run.status == Status::Mistake);
            puzzle.clues[f] = Some(clue);
        }
    }
    assert!(broke > 100, "{broke} runs broke");
}

/// A face's point is inside it, off its sides, on every grid (a ray to the
/// right crosses its sides an odd number of times).
#[test]
fn a_face_s_point_is_inside_it_on_every_grid() {
    for fixture in fixtures().iter().filter(|f| f.made_by.ends_with("#slink1")) {
        let graph = graph_of(&fixture.id).graph;
        for face in graph.faces() {
            let (px, py) = face_point(&graph, face);
            let corners: Vec<(i64, i64)> = graph
                .corners(face)
                .iter()
                .map(|&d| graph.point(d))
                .collect();
            let n = corners.len();
            let mut crossings = 0;
            for k in 0..n {
                let ((x0, y0), (x1, y1)) = (corners[k], corners[(k + 1) % n]);
                // On a side: collinear and between its ends.
                let cross = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0);
                let between = (px - x0) * (px - x1) <= 0 && (py - y0) * (py - y1) <= 0;
                assert!(
                    cross != 0 || !between,
                    "{}: face {} on a side",
                    fixture.made_by,
                    face.0
                );
                if (y0 > py) != (y1 > py) {
                    let x = x0 as f64 + (py - y0) as f64 * (x1 - x0) as f64 / (y1 - y0) as f64;
                    crossings += usize::from((px as f64) < x);
                }
            }
            assert_eq!(
                crossings % 2,
                1,
                "{}: face {} at ({px},{py})",
                fixture.made_by,
                face.0
            );
        }
    }
}

/// The edges a counting step or a loop step rests on are enough for it, on
/// a board holding only them: the face's clue met by its lines there (or
/// its crosses all it can take), the dot's lines and crosses as its count
/// needs, the two ends of an edge crossed for an early loop joined by its
/// lines.
#[test]
fn what_a_count_rests_on_is_enough_for_it() {
    use super::{Place, Technique};
    let mut checked = 0;
    for fixture in fixtures() {
        let puzzle = graph_of(&fixture.id);
        let graph = &puzzle.graph;
        let run = logged(&puzzle, LoopyLevel::Hard);
        for (at, step) in run.log.steps.iter().enumerate() {
            let name = format!("{} step {at} ({:?})", fixture.made_by, step.technique);
            let mut board = vec![EdgeState::Unknown; graph.edge_count()];
            for &(e, s) in &step.because {
                board[e.0 as usize] = s;
            }
            let count = |edges: &[Edge], state: EdgeState| {
                edges
                    .iter()
                    .filter(|e| board[e.0 as usize] == state)
                    .count()
            };
            let set: Vec<Edge> = step.set.iter().map(|&(e, _)| e).collect();
            let others = |edges: &[Edge]| edges.iter().filter(|e| !set.contains(e)).count();
            let ok = match (step.technique, step.at) {
                (Technique::ClueMet, Place::Face(f)) => {
                    let clue = puzzle.clues[f.0 as usize].map(usize::from);
                    Some(count(graph.sides(f), EdgeState::Line)) == clue
                }
                (Technique::ClueFull, Place::Face(f)) => {
                    let sides = graph.sides(f);
                    let clue = puzzle.clues[f.0 as usize].map(usize::from);
                    Some(sides.len() - count(sides, EdgeState::Cross)) == clue
                }
                (Technique::DotFull, Place::Dot(d)) => {
                    count(graph.dot_edges(d), EdgeState::Line) == 2
                }
                (Technique::DotOneWay, Place::Dot(d)) => {
                    let edges = graph.dot_edges(d);
                    count(edges, EdgeState::Line) == 1
                        && count(edges, EdgeState::Cross) == others(edges) - 1
                }
                (Technique::DotDeadEnd, Place::Dot(d)) => {
                    let edges = graph.dot_edges(d);
                    count(edges, EdgeState::Cross) == others(edges)
                }
                (Technique::EarlyLoop, Place::Edges) => {
                    // From one end, along the lines rested on, to the other.
                    let [from, to] = graph.ends(set[0]).dots;
                    let mut seen = vec![from];
                    let mut todo = vec![from];
                    while let Some(dot) = todo.pop() {
                        for &e in graph.dot_edges(dot) {
                            let next = graph.other_dot(e, dot);
                            if board[e.0 as usize] == EdgeState::Line && !seen.contains(&next) {
                                seen.push(next);
                                todo.push(next);
                            }
                        }
                    }
                    seen.contains(&to)
                }
                _ => continue,
            };
            assert!(ok, "{name}: {:?} is not enough", step.because);
            checked += 1;
        }
    }
    assert!(checked > 10_000, "{checked}");
}
