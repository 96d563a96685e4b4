//! Tests of Loopy's levels: the corner pairs, soundness on Loopy's answers,
//! agreement with Loopy's levels, and Loopy's quirks pinned.

use super::{loopy_level, run, Corners, LoopyLevel, Status};
use crate::graph::fixtures::{fixtures, graph_of};
use crate::graph::Builder;
use crate::graph::Edge;
use crate::slink::board::EdgeState;
use std::collections::BTreeMap;

/// The size, grid type and level of a `--generate` argument such as
/// `7x7t5dt#slink1`; level `x` (no level) stands for a puzzle Loopy's
/// own grader calls harder than Hard, ambiguous or impossible.
fn made_by(arg: &str) -> (String, u32, Option<LoopyLevel>) {
    let (size, rest) = arg.split_once('t').expect("a grid type");
    let (kind, rest) = rest.split_once('d').expect("a level");
    let level = match rest.chars().next() {
        Some('e') => Some(LoopyLevel::Easy),
        Some('n') => Some(LoopyLevel::Normal),
        Some('t') => Some(LoopyLevel::Tricky),
        Some('h') => Some(LoopyLevel::Hard),
        Some('x') => None,
        other => panic!("no level {other:?} in {arg}"),
    };
    (size.to_string(), kind.parse().expect("a grid type"), level)
}

/// For each size, grid type and level: how many puzzles are graded at
/// that level, of how many.
type Table = BTreeMap<(String, u32, Option<LoopyLevel>), (usize, usize)>;

/// Grades `(made_by, id)` pairs: the table, and the puzzles graded
/// otherwise.
fn grade_all<'a>(puzzles: impl Iterator<Item = (&'a str, &'a str)>) -> (Table, Vec<String>) {
    let mut table = Table::new();
    let mut wrong = Vec::new();
    for (arg, id) in puzzles {
        let key = made_by(arg);
        let want = key.2;
        let got = loopy_level(&graph_of(id));
        let cell = table.entry(key).or_default();
        cell.1 += 1;
        if got == want {
            cell.0 += 1;
        } else {
            wrong.push(format!("{arg} {id}: graded {got:?}"));
        }
    }
    (table, wrong)
}

/// The table, one line a size and grid type, a cell a level.
fn print_table(table: &Table) {
    let mut rows: BTreeMap<(usize, &str, u32), Vec<String>> = BTreeMap::new();
    for ((size, kind, level), (agree, all)) in table {
        let name = level.map_or("none", LoopyLevel::name);
        rows.entry((size.len(), size, *kind))
            .or_default()
            .push(format!("{name} {agree}/{all}"));
    }
    for ((_, size, kind), cells) in rows {
        println!("{size:>5} t{kind:<2} {}", cells.join(", "));
    }
}

#[test]
fn a_dot_s_pairs_go_clockwise_from_its_last_face_s_arriving_side() {
    // Two unit squares side by side; dot 1 is (1, 0), where edge 0 goes
    // left, edge 1 down and edge 4 right. Face 1 is the last at it, and
    // arrives at it by edge 1; clockwise on screen from down comes left,
    // then right.
    let mut b = Builder::new();
    b.face(&[(0, 0), (1, 0), (1, 1), (0, 1)]);
    b.face(&[(1, 0), (2, 0), (2, 1), (1, 1)]);
    let graph = b.finish();
    let corners = Corners::of(&graph);
    let (ring, first) = corners.ring(1);
    assert_eq!(ring, [Edge(1), Edge(0), Edge(4)]);
    // Face 0's corner 1 is the pair (1, 0); face 1's corner 0, (4, 1);
    // the pair (0, 4) spans the outside.
    assert_eq!(corners.face_pair(0, 1), first);
    assert_eq!(corners.face_pair(1, 0), first + 2);
    // Dot 0, a corner of the grid, has two pairs of the same two edges:
    // (3, 0) clockwise round the outside, (0, 3) round face 0.
    let (ring, first) = corners.ring(0);
    assert_eq!(ring, [Edge(3), Edge(0)]);
    assert_eq!(corners.face_pair(0, 0), first + 1);
}

#[test]
fn every_face_corner_is_a_pair_of_its_two_sides_on_every_grid() {
    for fixture in fixtures().iter().filter(|f| f.made_by.ends_with("#slink1")) {
        let puzzle = graph_of(&fixture.id);
        let graph = &puzzle.graph;
        let corners = Corners::of(graph);
        assert_eq!(corners.edges.len(), 2 * graph.edge_count());
        for face in graph.faces() {
            let sides = graph.sides(face);
            let n = sides.len();
            for (k, dot) in graph.corners(face).iter().enumerate() {
                let (ring, first) = corners.ring(dot.0 as usize);
                let i = corners.face_pair(face.0 as usize, k) - first;
                let pair = (ring[i], ring[(i + 1) % ring.len()]);
                assert_eq!(
                    pair,
                    (sides[k], sides[(k + n - 1) % n]),
                    "{}",
                    fixture.made_by
                );
            }
        }
        for dot in graph.dots() {
            let (ring, _) = corners.ring(dot.0 as usize);
            let mut ours = graph.dot_edges(dot).to_vec();
            let mut theirs = ring.to_vec();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{} dot {}", fixture.made_by, dot.0);
        }
    }
}

#[test]
fn every_edge_set_at_hard_is_loopy_s_answer() {
    let mut solved = 0;
    for fixture in fixtures() {
        let puzzle = graph_of(&fixture.id);
        let corners = Corners::of(&puzzle.graph);
        let (status, lines) = run(&puzzle, &corners, LoopyLevel::Hard);
        assert_ne!(status, Status::Mistake, "{}", fixture.made_by);
        for (e, (&state, &on)) in lines.iter().zip(&fixture.answer).enumerate() {
            let want = if on {
                EdgeState::Line
            } else {
                EdgeState::Cross
            };
            assert!(
                state == EdgeState::Unknown || state == want,
                "{}: edge {e} set {state:?}, Loopy's answer {want:?}",
                fixture.made_by
            );
        }
        solved += usize::from(status == Status::Solved);
    }
    assert_eq!(solved, 192, "Loopy's solver solves all its puzzles at Hard");
}

#[test]
fn grades_loopy_s_puzzles_at_loopy_s_levels() {
    let all = fixtures();
    let (table, wrong) = grade_all(all.iter().map(|f| (f.made_by.as_str(), f.id.as_str())));
    print_table(&table);
    assert!(wrong.is_empty(), "graded otherwise:\n{}", wrong.join("\n"));
    assert_eq!(table.values().map(|c| c.1).sum::<usize>(), 192);
}

/// The level of a game ID, and how the solver ends at `level`.
fn ends_at(id: &str, level: LoopyLevel) -> (Option<LoopyLevel>, Status) {
    let puzzle = graph_of(id);
    let corners = Corners::of(&puzzle.graph);
    (loopy_level(&puzzle), run(&puzzle, &corners, level).0)
}

// The three puzzles below were made by changing clues of Loopy's
// puzzles; their levels are those Loopy's own grader gives them
// (`loopy.c` of Debian's 20230122 built with `STANDALONE_SOLVER`, run
// with `-g`), and `slink` counts their answers.

/// One answer, which Easy finds only by closing the loop on the guess
/// that it is the answer: Loopy calls that ambiguous, and the puzzle
/// Normal (a solver that took the guess as solving grades it Easy).
#[test]
fn a_loop_closed_by_its_guess_is_not_solved() {
    let id = "7x7t11:G-2344,-2182,288_033a23e2331a2a1a2c";
    assert_eq!(
        ends_at(id, LoopyLevel::Easy),
        (Some(LoopyLevel::Normal), Status::Ambiguous)
    );
}

/// Several answers: Normal closes one loop by its guess, and no level
/// solves the puzzle.
#[test]
fn a_puzzle_with_several_answers_has_no_level() {
    let id = "7x7t0:a3a3a23a123b21e212a3b22b2a301h23c";
    assert_eq!(ends_at(id, LoopyLevel::Normal), (None, Status::Ambiguous));
    assert_eq!(ends_at(id, LoopyLevel::Hard).1, Status::Ambiguous);
}

/// One answer, but Hard stops short of it: sides it sets for being
/// equal to each other are not news, the loop deduction then finds
/// nothing, and the solver stops with the counts not run again. Loopy
/// grades it harder than Hard; a solver that counted those sides as
/// news, or ran every deduction after every step, would grade it Hard.
#[test]
fn sides_set_for_being_equal_are_not_news() {
    let id = "10x10t14:4a1a2c14a0a2c232a32221a3122b2422c2c22a11h023e22f2a2b123a0a1a1c1c4c11c21a2b4c003b3420a1d2b3a0a12a2d3a2d2c20b0a1c2a4b5b2b12224b5c223a12a2b2h22d2a2e23a2a2b1a4b3b4f32a31a22e1a42e122a23a2d322a22321b22b30c2a";
    assert_eq!(ends_at(id, LoopyLevel::Hard), (None, Status::Stuck));
}

/// No answer: two 4s side by side give the dot between them three
/// lines, which Easy finds.
#[test]
fn a_puzzle_with_no_answer_has_no_level() {
    assert_eq!(
        ends_at("3x3t0:44g", LoopyLevel::Easy),
        (None, Status::Mistake)
    );
}

/// Grades the puzzles in the file named by `SLINK_LADDER_IDS` (lines of
/// a `--generate` argument and a game ID, as `sgt-loopy --generate`
/// makes them) and prints the table.
#[test]
#[ignore]
fn grades_the_puzzles_in_slink_ladder_ids() {
    let Ok(path) = std::env::var("SLINK_LADDER_IDS") else {
        println!("SLINK_LADDER_IDS is not set");
        return;
    };
    let text = std::fs::read_to_string(&path).expect("the file of IDs");
    let pairs = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '));
    let (table, wrong) = grade_all(pairs);
    print_table(&table);
    for line in &wrong {
        println!("{line}");
    }
    assert!(wrong.is_empty(), "{} graded otherwise", wrong.len());
}

/// A run with a log ends as a run without one, each edge the same, at
/// every level on every fixture and on the puzzles pinned above.
#[test]
fn a_log_changes_nothing() {
    let mut ids: Vec<String> = fixtures().into_iter().map(|f| f.id).collect();
    ids.extend(
        [
            "7x7t11:G-2344,-2182,288_033a23e2331a2a1a2c",
            "7x7t0:a3a3a23a123b21e212a3b22b2a301h23c",
            "3x3t0:44g",
            "3x3t2:666666666",
            "3x3t2:i",
        ]
        .map(String::from),
    );
    for id in &ids {
        let puzzle = graph_of(id);
        let corners = Corners::of(&puzzle.graph);
        for level in LoopyLevel::ALL {
            let run = super::logged(&puzzle, level);
            assert_eq!(
                (run.status, run.states),
                super::run(&puzzle, &corners, level),
                "{id} at {}",
                level.name()
            );
        }
    }
}
