//! The count on Loopy's grids against a brute-force count written here
//! (every way of drawing lines, edge by edge, kept while each dot has at
//! most two lines and each clue can still be met; an answer when the lines
//! are one loop meeting every clue), on planted puzzles of every grid type;
//! and Loopy's own puzzles, which have one answer each.

use super::*;
use crate::graph::fixtures::{fixtures, graph_of};
use crate::graph::generate::{clued, layout, random_region};
use crate::graph::kinds::KINDS;
use crate::graph::{Dot, Edge};
use crate::shared::restarts::SplitMix;

fn counted(graph: &Graph, clues: &[Option<u8>]) -> Counted {
    count(graph, clues, None, &mut |_, _| {})
}

/// The brute-force count: each edge a line or not, in number order,
/// dropping a way as soon as a dot has three lines or a dot or face whose
/// edges are all decided breaks its rule; at the end, the lines must be one
/// loop. `None` when it takes more than `budget` ways.
struct Brute<'a> {
    graph: &'a Graph,
    clues: &'a [Option<u8>],
    line: Vec<bool>,
    dot_lines: Vec<u8>,
    dot_left: Vec<u8>,
    face_lines: Vec<u8>,
    face_left: Vec<u8>,
    budget: u64,
}

impl<'a> Brute<'a> {
    fn count(graph: &'a Graph, clues: &'a [Option<u8>], budget: u64) -> Option<u64> {
        let mut brute = Brute {
            graph,
            clues,
            line: vec![false; graph.edge_count()],
            dot_lines: vec![0; graph.dot_count()],
            dot_left: graph
                .dots()
                .map(|d| graph.dot_edges(d).len() as u8)
                .collect(),
            face_lines: vec![0; graph.face_count()],
            face_left: graph.faces().map(|f| graph.sides(f).len() as u8).collect(),
            budget,
        };
        brute.from(0)
    }

    /// The answers with the edges before `e` as drawn.
    fn from(&mut self, e: usize) -> Option<u64> {
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        if e == self.graph.edge_count() {
            return Some(u64::from(self.one_loop()));
        }
        let ends = self.graph.ends(Edge(e as u32));
        let mut found = 0;
        for line in [false, true] {
            let add = u8::from(line);
            self.line[e] = line;
            for d in ends.dots {
                self.dot_lines[d.0 as usize] += add;
                self.dot_left[d.0 as usize] -= 1;
            }
            for f in ends.faces.iter().flatten() {
                self.face_lines[f.0 as usize] += add;
                self.face_left[f.0 as usize] -= 1;
            }
            let dots_ok = ends.dots.iter().all(|d| {
                let (lines, left) = (self.dot_lines[d.0 as usize], self.dot_left[d.0 as usize]);
                lines <= 2 && (left > 0 || lines != 1)
            });
            let faces_ok = ends.faces.iter().flatten().all(|f| {
                let (lines, left) = (self.face_lines[f.0 as usize], self.face_left[f.0 as usize]);
                self.clues[f.0 as usize].map_or(true, |c| lines <= c && lines + left >= c)
            });
            if dots_ok && faces_ok {
                found += self.from(e + 1)?;
            }
            for d in ends.dots {
                self.dot_lines[d.0 as usize] -= add;
                self.dot_left[d.0 as usize] += 1;
            }
            for f in ends.faces.iter().flatten() {
                self.face_lines[f.0 as usize] -= add;
                self.face_left[f.0 as usize] += 1;
            }
        }
        self.line[e] = false;
        Some(found)
    }

    /// Whether the lines (every dot with none or two) are one loop: walked
    /// from one line, every line is met.
    fn one_loop(&self) -> bool {
        let lines = self.line.iter().filter(|&&l| l).count();
        let Some(first) = self.line.iter().position(|&l| l) else {
            return false;
        };
        let start: Dot = self.graph.ends(Edge(first as u32)).dots[0];
        let (mut dot, mut edge) = (start, Edge(first as u32));
        let mut walked = 0;
        loop {
            walked += 1;
            dot = self.graph.other_dot(edge, dot);
            if dot == start {
                return walked == lines;
            }
            let on = |&&e: &&Edge| e != edge && self.line[e.0 as usize];
            match self.graph.dot_edges(dot).iter().find(on) {
                Some(&next) => edge = next,
                None => return false,
            }
        }
    }
}

/// A planted puzzle: a random loop on a `kind` grid of its least size (or
/// one step more), a random share of its clues kept, and sometimes one clue
/// changed (which often leaves no answer).
fn planted(kind: crate::graph::kinds::Kind, rng: &mut SplitMix) -> (Graph, Vec<Option<u8>>) {
    let least = kind.least.max(1);
    let w = least + rng.below(2) as u32;
    let h = least.max(kind.one_at_least);
    let (_, graph) = layout(kind, w, h, rng).expect("a grid of its least size");
    let inside = random_region(&graph, rng, 10);
    let (all, _) = clued(&graph, &inside);
    let keep = [30, 60, 80, 100][rng.below(4) as usize];
    let mut clues: Vec<Option<u8>> = all
        .iter()
        .map(|&c| c.filter(|_| rng.below(100) < keep))
        .collect();
    if rng.below(4) == 0 {
        let f = rng.below(clues.len() as u64) as usize;
        let sides = graph.sides(crate::graph::Face(f as u32)).len() as u8;
        clues[f] = Some(match all[f] {
            Some(c) if c < sides => c + 1,
            Some(c) => c - 1,
            None => 0,
        });
    }
    (graph, clues)
}

/// On every grid type, 20 planted puzzles each: the count is the
/// brute-force count, and among them are puzzles with no answer, with one
/// and with many.
#[test]
fn counts_agree_with_brute_force_on_every_grid() {
    let mut rng = SplitMix(0x5EED_C0DE);
    let (mut none, mut one, mut many, mut compared) = (0, 0, 0, 0);
    for grid in KINDS {
        for trial in 0..20 {
            let (graph, clues) = planted(grid, &mut rng);
            let Some(expected) = Brute::count(&graph, &clues, 200_000) else {
                continue;
            };
            let expected = Counted::Exactly(expected.to_string());
            let name = grid.name;
            assert_eq!(
                counted(&graph, &clues),
                expected,
                "{name} trial {trial}: {clues:?}"
            );
            // The program alone, and with the reasoning but no trials.
            let open = vec![Forced::Open; graph.edge_count()];
            let alone = count_keeping(&graph, &clues, &open, None, &mut |_, _| {});
            assert_eq!(alone, expected, "{name} trial {trial}, alone: {clues:?}");
            let plain = match forced::reason(&graph, &clues, false) {
                Some(plain) => count_keeping(&graph, &clues, &plain, None, &mut |_, _| {}),
                None => Counted::Exactly("0".to_string()),
            };
            assert_eq!(
                plain, expected,
                "{name} trial {trial}, no trials: {clues:?}"
            );
            compared += 1;
            match expected {
                Counted::Exactly(n) if n == "0" => none += 1,
                Counted::Exactly(n) if n == "1" => one += 1,
                _ => many += 1,
            }
        }
    }
    assert!(compared >= 250, "{compared} compared");
    eprintln!("{compared} compared: {none} with no answer, {one} with one, {many} with more");
    assert!(none >= 20 && one >= 20 && many >= 20, "{none} {one} {many}");
}

/// Blank grids: every loop. A blank 3×3 square grid has 213 loops (OEIS
/// A140517, as the square count has it), and the brute force agrees on the
/// smallest grids of each type.
#[test]
fn blank_grids_count_every_loop() {
    let square = crate::graph::kinds::Layout {
        kind: KINDS[0],
        width: 3,
        height: 3,
        description: crate::graph::kinds::Description::None,
    };
    let graph = square.build().expect("a square grid");
    assert_eq!(
        counted(&graph, &[None; 9]),
        Counted::Exactly("213".to_string())
    );
    let mut rng = SplitMix(7);
    let mut compared = Vec::new();
    for kind in KINDS {
        let (w, h) = (kind.least.max(1), kind.least.max(kind.one_at_least));
        let (_, graph) = layout(kind, w, h, &mut rng).expect("a grid");
        let blank = vec![None; graph.face_count()];
        if let Some(expected) = Brute::count(&graph, &blank, 1_000_000) {
            let expected = Counted::Exactly(expected.to_string());
            assert_eq!(counted(&graph, &blank), expected, "{}", kind.name);
            compared.push((kind.name, expected));
        }
    }
    eprintln!("{compared:?}");
    assert!(compared.len() >= 8, "{compared:?}");
}

/// Loopy's puzzles among the fixtures (`made_by` their `--generate`
/// argument) that `pick` picks count exactly one answer each; returns how
/// many.
fn loopy_s_count_one(pick: impl Fn(&str) -> bool) -> usize {
    let mut checked = 0;
    for fixture in fixtures().iter().filter(|f| pick(&f.made_by)) {
        let puzzle = graph_of(&fixture.id);
        assert_eq!(
            counted(&puzzle.graph, &puzzle.clues),
            Counted::Exactly("1".to_string()),
            "{}",
            fixture.made_by
        );
        checked += 1;
    }
    checked
}

/// Every 7×7 puzzle Loopy made for the fixtures (8 of each grid type: two
/// seeds at each of its levels) has exactly one answer; the
/// great-great-dodecagonal ones, the biggest, with the long sweeps.
#[test]
fn loopy_s_7x7_puzzles_count_one() {
    let checked =
        loopy_s_count_one(|made_by| made_by.starts_with("7x7") && !made_by.starts_with("7x7t13"));
    assert_eq!(checked, 120);
}

/// The rest of Loopy's puzzles in the fixtures: the great-great-dodecagonal
/// 7×7 ones and the 64 10×10 ones (4 of each grid type, one a level).
#[test]
#[ignore = "long sweep: .ci/run runs it with --ignored"]
fn loopy_s_bigger_puzzles_count_one() {
    let checked =
        loopy_s_count_one(|made_by| made_by.starts_with("7x7t13") || made_by.starts_with("10x10"));
    assert_eq!(checked, 72);
}

/// Figures (`FIXTURES=10x10 cargo test --release figures -- --ignored
/// --nocapture`): for each fixture whose `--generate` argument starts with
/// `$FIXTURES`, its count, the edges the reasoning leaves open, the most
/// states at once by the plan that counted, and the time of the reasoning
/// and of the whole count.
#[test]
#[ignore = "figures"]
fn figures() {
    let prefix = std::env::var("FIXTURES").unwrap_or_default();
    for fixture in fixtures().iter().filter(|f| f.made_by.starts_with(&prefix)) {
        let puzzle = graph_of(&fixture.id);
        let (g, clues) = (&puzzle.graph, &puzzle.clues);
        let started = Instant::now();
        let forced = forced(g, clues).expect("an answer");
        let reasoned = started.elapsed().as_secs_f64();
        let plans = Plan::sweeps(g, clues, &forced);
        let plans: Vec<&Plan> = plans.iter().collect();
        let mut trace = Trace::default();
        let n = race(&plans, None, &mut |_, _| {}, &mut trace).map_err(|s| s.why);
        let took = started.elapsed().as_secs_f64();
        let open = forced.iter().filter(|&&f| f == Forced::Open).count();
        println!(
            "{} {n:?} open {open}/{} peak {} reasoning {reasoned:.3}s all {took:.3}s",
            fixture.made_by,
            forced.len(),
            trace.peak,
        );
    }
}
