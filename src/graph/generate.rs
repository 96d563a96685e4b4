//! Puzzles on Loopy's grids with exactly one answer: a random loop, every
//! face clued by it, then clues removed in a random order while the puzzle
//! stays as asked. At a level of Loopy's (the default, Hard), as Loopy's own
//! generator makes them: Loopy's solver at that level
//! ([`crate::graph::ladder`]) must still finish the puzzle as its clues go,
//! and a puzzle the level below also finishes is dropped for a new loop, so
//! that it needs its level. `--minimal`: no clue left can go without a
//! second answer, proved by search. `--slink`: every face clued.
//!
//! The loop is the border of a region of faces (inside), grown from one face
//! by random flips. A loop is the border of a region exactly when the region
//! and the rest (the world beyond the grid included) are each in one piece:
//! the edges between two connected parts that cover a planar graph's faces
//! form one simple cycle (a minimal cut of the faces is a cycle of the dots).
//! So a flip is kept only when both parts stay in one piece, and then by how
//! it changes the loop's length: always when it lengthens it, half the time
//! when it keeps it, one time in sixteen when it shortens it, while the
//! region keeps between 30% and 70% of the faces, so that the loop winds
//! through the grid as real puzzles' loops do.
//!
//! Puzzle K of a run depends only on the seed and K (SplitMix64), so the
//! same command makes the same puzzles on every machine.

use crate::graph::kinds::{Description, Kind, Layout};
use crate::graph::ladder::{solves_at, LoopyLevel};
use crate::graph::penrose::{inner_radius, patch_error, Patch};
use crate::graph::puzzle::GraphPuzzle;
use crate::graph::solve::{solve, GraphOutcome};
use crate::graph::{Face, Graph};
use crate::shared::restarts::{mix, SplitMix};
use crate::slink::board::EdgeState;

/// Whether each face is inside the loop, drawn at random (see the module's
/// doc); `flips` tries per face.
pub(crate) fn random_region(graph: &Graph, rng: &mut SplitMix, flips: usize) -> Vec<bool> {
    let faces = graph.face_count();
    let mut inside = vec![false; faces];
    inside[rng.below(faces as u64) as usize] = true;
    let mut size = 1;
    let (least, most) = ((faces * 3 + 9) / 10, faces * 7 / 10);
    for _ in 0..flips * faces {
        let f = rng.below(faces as u64) as usize;
        let joining = !inside[f];
        // Growing until the region is large enough; then both ways.
        if (joining && size >= most.max(1)) || (!joining && size <= least.max(1)) {
            continue;
        }
        let face = Face(f as u32);
        // Away from the border, told before the flip from round the face.
        let near_border = touches_border(graph, face);
        let keeps_one_loop = near_border || flip_keeps_one_loop(graph, &inside, face);
        inside[f] = joining;
        let change = length_change(graph, &inside, face);
        let keep = size < least && joining
            || match change {
                c if c > 0 => true,
                0 => rng.below(2) == 0,
                _ => rng.below(16) == 0,
            };
        let one_loop = keeps_one_loop
            && (!near_border
                || in_one_piece(graph, &inside, true) && in_one_piece(graph, &inside, false));
        if keep && one_loop {
            size = if joining { size + 1 } else { size - 1 };
        } else {
            inside[f] = !joining;
        }
    }
    inside
}

/// Whether an edge is on the border of the region (its faces differ; beyond
/// the grid is outside).
fn on_loop(graph: &Graph, inside: &[bool], edge: crate::graph::Edge) -> bool {
    let side = |f: Option<Face>| f.is_some_and(|f| inside[f.0 as usize]);
    let faces = graph.ends(edge).faces;
    side(faces[0]) != side(faces[1])
}

/// How much longer the loop is with `face` on its side now than on the
/// other: its sides on the loop now, less those that were.
fn length_change(graph: &Graph, inside: &[bool], face: Face) -> i64 {
    let on = graph
        .sides(face)
        .iter()
        .filter(|&&e| on_loop(graph, inside, e))
        .count() as i64;
    graph.sides(face).len() as i64 - 2 * (graph.sides(face).len() as i64 - on)
}

/// Whether flipping `face` to the other side leaves both sides in one
/// piece, told from round the face alone (with both in one piece now): its
/// sides on the loop must follow each other round it (one stretch, neither
/// none nor all), so that the flip trades that stretch for the rest of the
/// face's border; and the dots inside the rest must be off the loop, or the
/// new loop would meet itself there. [`in_one_piece`] says the same by a
/// walk over every face (a test holds the two equal on faces away from the
/// border); the generator runs this one there, as Loopy's generator tests
/// a face from round it (`loopgen.c`), and the walks by the border.
fn flip_keeps_one_loop(graph: &Graph, inside: &[bool], face: Face) -> bool {
    let sides = graph.sides(face);
    let n = sides.len();
    let on: Vec<bool> = sides.iter().map(|&e| on_loop(graph, inside, e)).collect();
    let stretches = (0..n).filter(|&k| on[k] && !on[(k + n - 1) % n]).count();
    if stretches != 1 || on.iter().all(|&o| o) {
        return false;
    }
    // Corner k lies between side k − 1 and side k.
    let corners = graph.corners(face);
    (0..n).all(|k| {
        on[(k + n - 1) % n]
            || on[k]
            || graph
                .dot_edges(corners[k])
                .iter()
                .all(|&e| !on_loop(graph, inside, e))
    })
}

/// Whether a face has a corner on the grid's border, where the world
/// beyond it, one face for the loop, may meet the face more than once
/// round it (on Penrose patches it does), and the test from round the face
/// is not to be trusted.
fn touches_border(graph: &Graph, face: Face) -> bool {
    graph.corners(face).iter().any(|&dot| {
        graph
            .dot_edges(dot)
            .iter()
            .any(|&e| graph.ends(e).faces[1].is_none())
    })
}

/// Whether the faces on one side (`inside`, or outside with the world
/// beyond the grid) are in one piece, joined across edges.
fn in_one_piece(graph: &Graph, inside: &[bool], side: bool) -> bool {
    let faces = graph.face_count();
    let members = inside.iter().filter(|&&i| i == side).count();
    // Node `faces` is the world beyond the grid, always outside.
    let start = if side {
        match inside.iter().position(|&i| i) {
            Some(f) => f,
            None => return true,
        }
    } else {
        faces
    };
    let mut seen = vec![false; faces + 1];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 0;
    while let Some(node) = stack.pop() {
        if node < faces {
            reached += 1;
        }
        let edges: Box<dyn Iterator<Item = crate::graph::Edge>> = if node == faces {
            Box::new(graph.edges().filter(|&e| graph.ends(e).faces[1].is_none()))
        } else {
            Box::new(graph.sides(Face(node as u32)).iter().copied())
        };
        for edge in edges {
            let faces_of = graph.ends(edge).faces;
            for next in faces_of.iter().map(|f| f.map_or(faces, |f| f.0 as usize)) {
                let next_side = next < faces && inside[next];
                if !seen[next] && next_side == side {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
    }
    reached == members
}

/// Every face's clue for the region's loop, and the loop as edge states.
pub(crate) fn clued(graph: &Graph, inside: &[bool]) -> (Vec<Option<u8>>, Vec<EdgeState>) {
    let states: Vec<EdgeState> = graph
        .edges()
        .map(|e| {
            if on_loop(graph, inside, e) {
                EdgeState::Line
            } else {
                EdgeState::Cross
            }
        })
        .collect();
    let clues = graph
        .faces()
        .map(|f| {
            let lines = graph
                .sides(f)
                .iter()
                .filter(|e| states[e.0 as usize] == EdgeState::Line);
            Some(lines.count() as u8)
        })
        .collect();
    (clues, states)
}

/// Removes clues in a random order while `keeps` holds of the puzzle: one
/// pass, so that no clue left can go alone (and keep `keeps`).
pub(crate) fn remove_clues(
    puzzle: &mut GraphPuzzle,
    rng: &mut SplitMix,
    keeps: &mut dyn FnMut(&GraphPuzzle) -> bool,
) {
    let mut order: Vec<usize> = (0..puzzle.clues.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for f in order {
        let clue = puzzle.clues[f].take();
        if !keeps(puzzle) {
            puzzle.clues[f] = clue;
        }
    }
}

/// The layout of a `w × h` grid of `kind`, its Penrose patch (if it has one)
/// drawn at random as Loopy draws it: an offset within the tiling, a turn by
/// a multiple of 36°, again until the window holds a grid.
pub(crate) fn layout(kind: Kind, w: u32, h: u32, rng: &mut SplitMix) -> Option<(Layout, Graph)> {
    let mut layout = Layout {
        kind,
        width: w,
        height: h,
        description: if kind.number == 1 {
            Description::Triangles
        } else {
            Description::None
        },
    };
    let tiling = match kind.tiling() {
        Some(tiling) => tiling,
        None => {
            let graph = layout.build().ok()?;
            return Some((layout, graph));
        }
    };
    let inner = inner_radius(tiling, i64::from(w), i64::from(h));
    for _ in 0..1000 {
        let span = 2 * inner.max(1) as u64;
        let patch = Patch {
            x: rng.below(span) as i64 - inner,
            y: rng.below(span) as i64 - inner,
            angle: 36 * rng.below(10) as i64,
        };
        if patch_error(tiling, i64::from(w), i64::from(h), patch).is_some() {
            continue;
        }
        layout.description = Description::Patch(patch);
        if let Ok(graph) = layout.build() {
            return Some((layout, graph));
        }
    }
    None
}

/// What the puzzles on one of Loopy's grids must be.
#[derive(Clone, Debug)]
pub(crate) struct GridOrder {
    /// The grid type.
    pub(crate) kind: Kind,
    /// Loopy's width and height (in steps of the grid).
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) seed: u64,
    /// What must hold of the puzzle as its clues go.
    pub(crate) kept: Kept,
}

/// What a puzzle must keep while its clues go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kept {
    /// Every face clued (and one answer).
    EveryClue,
    /// One answer, proved by search: no clue left can go.
    Minimal,
    /// Loopy's level: its solver at the level finishes it, the one below
    /// does not.
    Level(LoopyLevel),
}

/// How many random loops a puzzle may take before the generator gives up.
pub(crate) const MAX_LOOPS: u32 = 1000;

/// Flips tried per face when a loop is drawn.
const FLIPS: usize = 30;

/// Puzzle `index` of a run, with its answer; `None` when no loop of
/// [`MAX_LOOPS`] gave one of the kind asked for.
pub(crate) fn puzzle(order: &GridOrder, index: u64) -> Option<(GraphPuzzle, Vec<EdgeState>)> {
    let mut rng = source(order.seed, index);
    let (layout, graph) = layout(order.kind, order.width, order.height, &mut rng)?;
    let mut puzzle = GraphPuzzle {
        layout,
        graph,
        clues: Vec::new(),
    };
    let unique = |p: &GraphPuzzle| matches!(solve(p, None), GraphOutcome::Unique(_));
    for _ in 0..MAX_LOOPS {
        let inside = random_region(&puzzle.graph, &mut rng, FLIPS);
        let (clues, answer) = clued(&puzzle.graph, &inside);
        puzzle.clues = clues;
        match order.kept {
            Kept::EveryClue | Kept::Minimal => {
                if !unique(&puzzle) {
                    continue;
                }
                if order.kept == Kept::Minimal {
                    remove_clues(&mut puzzle, &mut rng, &mut |p| unique(p));
                }
            }
            Kept::Level(level) => {
                if !solves_at(&puzzle, level) {
                    continue;
                }
                remove_clues(&mut puzzle, &mut rng, &mut |p| solves_at(p, level));
                let below = LoopyLevel::ALL.iter().rev().find(|&&l| l < level);
                if below.is_some_and(|&l| solves_at(&puzzle, l)) {
                    continue;
                }
            }
        }
        return Some((puzzle, answer));
    }
    None
}

/// The random source of puzzle `index` of a run with `seed`.
pub(crate) fn source(seed: u64, index: u64) -> SplitMix {
    SplitMix(mix(seed ^ mix(index.wrapping_add(0x9E37_79B9))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::kinds::KINDS;

    /// On every grid type, the region's border is one loop: clued fully, the
    /// puzzle's answers include it, and the solver's answer is a single loop
    /// meeting every clue (checked by the board: a loop closed early breaks
    /// it).
    /// The flip's test from round the face says what the walks over every
    /// face say, for every face away from the border of random regions on
    /// every grid.
    #[test]
    fn a_flip_is_told_from_round_the_face() {
        let mut told = 0;
        for kind in KINDS {
            for seed in 0..4 {
                let mut rng = source(seed, 1);
                let (_, graph) = layout(kind, 5, 5, &mut rng).expect("a grid");
                let mut inside = random_region(&graph, &mut rng, 1 + seed as usize);
                for face in graph.faces().filter(|&f| !touches_border(&graph, f)) {
                    let f = face.0 as usize;
                    inside[f] = !inside[f];
                    let walked = inside.iter().any(|&i| i)
                        && inside.iter().any(|&i| !i)
                        && in_one_piece(&graph, &inside, true)
                        && in_one_piece(&graph, &inside, false);
                    inside[f] = !inside[f];
                    assert_eq!(
                        flip_keeps_one_loop(&graph, &inside, face),
                        walked,
                        "{} seed {seed} face {f}",
                        kind.name
                    );
                    told += usize::from(walked);
                }
            }
        }
        assert!(told > 500, "only {told} flips kept one loop");
    }

    #[test]
    fn random_regions_border_one_loop_on_every_grid() {
        for kind in KINDS {
            for seed in 0..3 {
                let mut rng = source(seed, 0);
                let (layout, graph) = layout(kind, 5, 5, &mut rng).expect("a grid");
                let inside = random_region(&graph, &mut rng, 20);
                let faces = graph.face_count();
                let count = inside.iter().filter(|&&i| i).count();
                assert!(count >= 1 && count < faces, "{}", kind.name);
                assert!(
                    in_one_piece(&graph, &inside, true) && in_one_piece(&graph, &inside, false)
                );
                let (clues, states) = clued(&graph, &inside);
                for dot in graph.dots() {
                    let lines = graph
                        .dot_edges(dot)
                        .iter()
                        .filter(|e| states[e.0 as usize] == EdgeState::Line)
                        .count();
                    assert!(
                        lines == 0 || lines == 2,
                        "{} seed {seed}: a dot meets the loop {lines} times",
                        kind.name
                    );
                }
                let puzzle = GraphPuzzle {
                    layout,
                    graph,
                    clues,
                };
                let outcome = solve(&puzzle, None);
                assert!(
                    matches!(&outcome, GraphOutcome::Unique(a) | GraphOutcome::Multiple(a) if !a.is_empty()),
                    "{} seed {seed}: {outcome:?}",
                    kind.name
                );
            }
        }
    }

    /// Puzzles made at a level have one answer and Loopy's level exactly
    /// that; minimal ones lose their one answer with any clue gone; the same
    /// seed makes the same puzzles.
    #[test]
    fn puzzles_are_unique_at_their_level() {
        use crate::graph::kinds::Kind;
        use crate::graph::ladder::loopy_level;
        let grids = ["honeycomb", "kagome", "cairo", "snub-square"];
        for (k, name) in grids.iter().enumerate() {
            let kind = Kind::named(name).unwrap();
            for level in LoopyLevel::ALL {
                let order = GridOrder {
                    kind,
                    width: 5,
                    height: 5,
                    seed: k as u64,
                    kept: Kept::Level(level),
                };
                let (puzzle, answer) = puzzle(&order, 0).expect("a puzzle");
                assert_eq!(solve(&puzzle, None), GraphOutcome::Unique(answer), "{name}");
                assert_eq!(loopy_level(&puzzle), Some(level), "{name}");
                let again = super::puzzle(&order, 0).unwrap().0;
                assert_eq!(
                    again.clues, puzzle.clues,
                    "{name}: the same seed, the same puzzle"
                );
            }
            let order = GridOrder {
                kind,
                width: 4,
                height: 4,
                seed: 7,
                kept: Kept::Minimal,
            };
            let (puzzle, _) = super::puzzle(&order, 0).expect("a puzzle");
            for f in 0..puzzle.clues.len() {
                if puzzle.clues[f].is_some() {
                    let mut less = puzzle.clone();
                    less.clues[f] = None;
                    assert!(
                        matches!(solve(&less, None), GraphOutcome::Multiple(_)),
                        "{name}: face {f}"
                    );
                }
            }
        }
    }
}
