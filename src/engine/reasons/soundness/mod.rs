//! Every narrowed reason checked, not trusted: on random and planted
//! boards, each decision of a traced solve whose reason is narrowed is
//! found again from its reason alone. With only the reason's edges set on a
//! fresh board of the same clues, the engine's full table of rules run to
//! its fixed point (no search) decides the edge the same way, or breaks the
//! board (then no answer keeps the reason's edges, and the decision follows
//! from them as any would). On boards up to 4×4, every answer that keeps
//! the reason's edges is found by brute force, and each must have the
//! decided state. A last test narrows every reason one edge too far and
//! shows the check then fails: it can. The rules the traces seldom reach
//! are checked again on boards made for them ([`made`]).

mod made;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::rc::Rc;

use super::{Because, Reasons};
use crate::engine::solve::{solve_with, Settings};
use crate::engine::EngineBoard;
use crate::engine::{Decision, Log};
use crate::shared::restarts::SplitMix;
use crate::slink::board::{Board, EdgeState};
use crate::slink::grid::{Cell, Edge, Grid};
use crate::slink::parse::Puzzle;
use crate::slink::rules::driver::Propagator;
use crate::slink::rules::Mode;

/// What a traced solve tells its log, in order.
enum Event {
    Decided(Decision),
    Restarted,
}

struct Collect(Rc<RefCell<Vec<Event>>>);

impl Log for Collect {
    fn decided(&mut self, d: &Decision) {
        self.0.borrow_mut().push(Event::Decided(*d));
    }
    fn stalled(&mut self, _: &Board) {}
    fn restarted(&mut self, _: &str) {
        self.0.borrow_mut().push(Event::Restarted);
    }
}

/// Each decision of a traced solve of `puzzle` with a narrowed reason.
fn narrowed(puzzle: &Puzzle) -> Vec<(Decision, Vec<(Edge, EdgeState)>)> {
    let events = Rc::new(RefCell::new(Vec::new()));
    let settings = Settings {
        log: Some(Box::new(Collect(Rc::clone(&events)))),
        ..Settings::default()
    };
    solve_with(puzzle, settings);
    let mut reasons = Reasons::new(puzzle.grid(), &puzzle.clues, &[]);
    let mut out = Vec::new();
    for event in events.borrow().iter() {
        match event {
            Event::Restarted => reasons.restart(),
            Event::Decided(d) => {
                if let Because::Narrowed(edges) = reasons.next(d) {
                    out.push((*d, edges));
                }
            }
        }
    }
    out
}

/// Whether the rules alone, from `edges` on a fresh board, decide `d`'s
/// edge as `d` does or break the board; for a step explained by refuting
/// its other value (a trial's, a pair rule's), whether they break it with
/// the edge given the other value (a trial from `edges`).
fn rules_agree(puzzle: &Puzzle, edges: &[(Edge, EdgeState)], d: &Decision) -> bool {
    let grid = puzzle.grid();
    let mut given = vec![EdgeState::Unknown; grid.edge_count()];
    for &(e, s) in edges {
        given[e.0 as usize] = s;
    }
    let trial = super::refutable(d.why);
    let trial_step = crate::slink::reason::Reason::from(crate::slink::rules::book::Rule::Trial);
    let paired = trial && d.why.reason != trial_step;
    if paired && super::rules_refute(puzzle, edges, d.edge, d.state.opposite(), true) {
        return true;
    }
    if trial {
        given[d.edge.0 as usize] = d.state.opposite();
    }
    let mut board = Board::new(grid, &puzzle.clues);
    if board.set_given(&given).is_err() {
        return true;
    }
    match Propagator::full(grid, Mode::Full).run(&mut board) {
        Err(_) => true,
        Ok(()) => !trial && board.state(d.edge) == d.state,
    }
}

/// Every single loop of a grid of at most 64 edges, as a mask of its
/// lines: the boundary of each set of cells that is one loop, with the
/// outside outside (a loop is the boundary of its inside, and of no other
/// set). Checked by its own walk, not the solver's.
fn every_loop(grid: &Grid) -> Vec<u64> {
    let (cells, edges) = (grid.cell_count(), grid.edge_count());
    assert!(cells <= 16 && edges <= 64);
    let sides: Vec<[Option<Cell>; 2]> = (0..edges as u32)
        .map(|e| grid.edge_cells(Edge(e)))
        .collect();
    let ends: Vec<[usize; 2]> = (0..edges as u32)
        .map(|e| grid.edge_vertices(Edge(e)).map(|v| v.0 as usize))
        .collect();
    let mut loops = Vec::new();
    for inside in 1u32..1 << cells {
        let is_in = |c: Option<Cell>| c.is_some_and(|c| inside >> c.0 & 1 == 1);
        let mut lines = 0u64;
        for (e, [a, b]) in sides.iter().enumerate() {
            if is_in(*a) != is_in(*b) {
                lines |= 1 << e;
            }
        }
        // Two lines at every dot that has any, and one walk round all.
        let mut degree = vec![0u8; grid.vertex_count()];
        for (e, [a, b]) in ends.iter().enumerate() {
            if lines >> e & 1 == 1 {
                degree[*a] += 1;
                degree[*b] += 1;
            }
        }
        if degree.iter().any(|&d| d != 0 && d != 2) {
            continue;
        }
        let first = lines.trailing_zeros() as usize;
        let (mut at, mut came, mut walked) = (ends[first][1], first, 1);
        while at != ends[first][0] {
            let next =
                (0..edges).find(|&e| e != came && lines >> e & 1 == 1 && ends[e].contains(&at));
            let Some(next) = next else { break };
            at = if ends[next][0] == at {
                ends[next][1]
            } else {
                ends[next][0]
            };
            came = next;
            walked += 1;
        }
        if walked == lines.count_ones() {
            loops.push(lines);
        }
    }
    loops
}

/// The answers of `puzzle` (at most 4×4), by brute force.
pub(crate) fn answers(puzzle: &Puzzle, loops: &mut HashMap<(u32, u32), Vec<u64>>) -> Vec<u64> {
    let grid = puzzle.grid();
    let all = loops
        .entry((puzzle.rows, puzzle.cols))
        .or_insert_with(|| every_loop(&grid));
    let meets = |lines: u64| {
        puzzle.clues.iter().enumerate().all(|(c, clue)| {
            let sides = grid.cell_edges(Cell(c as u32));
            let n = sides.iter().filter(|e| lines >> e.0 & 1 == 1).count();
            clue.map_or(true, |clue| n == usize::from(clue))
        })
    };
    all.iter().copied().filter(|&l| meets(l)).collect()
}

/// Whether every answer keeping `edges` has `d`'s state at its edge.
fn answers_agree(answers: &[u64], edges: &[(Edge, EdgeState)], d: &Decision) -> bool {
    let (mut lines, mut crosses) = (0u64, 0u64);
    for &(e, s) in edges {
        match s {
            EdgeState::Line => lines |= 1 << e.0,
            _ => crosses |= 1 << e.0,
        }
    }
    let kept = answers
        .iter()
        .filter(|&&a| a & lines == lines && a & crosses == 0);
    kept.into_iter()
        .all(|&a| (a >> d.edge.0 & 1 == 1) == (d.state == EdgeState::Line))
}

/// Random clues, one cell in three blank: most such puzzles have many
/// answers or none, so their traces go deep into the search.
fn random_puzzle(rng: &mut SplitMix, rows: u32, cols: u32) -> Puzzle {
    let clues = (0..rows * cols)
        .map(|_| [None, None, Some(0), Some(1), Some(2), Some(3)][rng.below(6) as usize])
        .collect();
    Puzzle { rows, cols, clues }
}

/// A planted loop's puzzle with some of its clues blank, now and then
/// all: a loop closed too early there is one that leaves another path.
fn planted_puzzle(rng: &mut SplitMix, rows: u32, cols: u32) -> Puzzle {
    let (mut puzzle, _) = crate::generate::planted(rng, rows, cols);
    let blank = [0, 2, 4, 6, 10, 10][rng.below(6) as usize];
    for clue in puzzle.clues.iter_mut() {
        if rng.below(10) < blank {
            *clue = None;
        }
    }
    puzzle
}

/// The puzzles checked: random and planted, 1×1 to 4×4 (brute-forced
/// too) and up to 9×9; then planted ones with most clues blank, where a
/// guess cuts pieces of the board off and connectivity crosses them (it
/// seldom does before one: the loop rules and the sides rules get there
/// first).
fn puzzles() -> Vec<Puzzle> {
    let mut rng = SplitMix(52);
    let mut puzzles = Vec::new();
    for i in 0..400 {
        let small = i % 4 != 3;
        let most = if small { 4 } else { 9 };
        let (rows, cols) = (1 + rng.below(most) as u32, 1 + rng.below(most) as u32);
        puzzles.push(match i % 2 {
            0 => random_puzzle(&mut rng, rows, cols),
            _ => planted_puzzle(&mut rng, rows, cols),
        });
    }
    for i in 0..80 {
        let size = [4, 4, 6, 8][i % 4];
        let (mut puzzle, _) = crate::generate::planted(&mut rng, size, size);
        let blank = 7 + rng.below(3);
        for clue in puzzle.clues.iter_mut() {
            if rng.below(10) < blank {
                *clue = None;
            }
        }
        puzzles.push(puzzle);
    }
    puzzles
}

/// Checks every narrowed reason of every puzzle's trace, `narrow` first
/// applied to it; the failures, each told, and how many were checked.
fn check(narrow: impl Fn(&Decision, &mut Vec<(Edge, EdgeState)>)) -> Checked {
    let mut loops = HashMap::new();
    let (mut failures, mut checked, mut brute) = (Vec::new(), 0, 0);
    let mut met = BTreeSet::new();
    let mut by_rule: BTreeMap<&'static str, [usize; 3]> = BTreeMap::new();
    for puzzle in puzzles() {
        let small = puzzle.rows <= 4 && puzzle.cols <= 4;
        let answers = small.then(|| answers(&puzzle, &mut loops));
        for (d, mut edges) in narrowed(&puzzle) {
            narrow(&d, &mut edges);
            checked += 1;
            met.insert((d.why.reason.name(), d.depth > 0));
            let tally = by_rule.entry(d.why.reason.name()).or_default();
            tally[0] += 1;
            if !rules_agree(&puzzle, &edges, &d) {
                tally[1] += 1;
                failures.push(format!(
                    "the rules do not find {d:?} from {edges:?} in\n{puzzle:?}"
                ));
            }
            if let Some(answers) = &answers {
                brute += 1;
                if !answers_agree(answers, &edges, &d) {
                    tally[2] += 1;
                    failures.push(format!(
                        "an answer keeps {edges:?} against {d:?} in\n{puzzle:?}"
                    ));
                }
            }
        }
    }
    Checked {
        failures,
        checked,
        brute,
        met,
        by_rule,
    }
}

/// What [`check`] found.
struct Checked {
    /// Each reason that did not force its decision, told.
    failures: Vec<String>,
    /// Reasons checked by the rules, and by brute force too.
    checked: usize,
    brute: usize,
    /// The names of the rules met, and whether below a guess.
    met: BTreeSet<(&'static str, bool)>,
    /// By the name of the rule: its reasons checked, those the rules
    /// found wanting, and those an answer found wanting.
    by_rule: BTreeMap<&'static str, [usize; 3]>,
}

#[test]
fn every_narrowed_reason_forces_its_decision() {
    let Checked {
        failures,
        checked,
        brute,
        met,
        by_rule,
    } = check(|_, _| {});
    assert!(
        failures.is_empty(),
        "{} wrong, the first: {}",
        failures.len(),
        failures[0]
    );
    assert!(
        checked > 8_000 && brute > 3_000,
        "only {checked} reasons, {brute} brute-forced"
    );
    // Every kind of narrowed reason: of a dot, a clue, two clues, the
    // loop and the sides; before a guess (but for a closed loop, whose edges left the
    // rules of the whole board cross first) and, but for the rules of 0s
    // and two 3s, which the first deductions use up, below one.
    let shallow = ["zero", "adjacent 3s", "diagonal 3s"];
    let both = [
        "path with one exit left",
        "clue already met",
        "2 with a blocked corner",
        "3 and 1 diagonal",
        "no premature loop",
        "sides around a vertex",
        "sides around a clue",
    ];
    for name in shallow.iter().chain(&both) {
        assert!(met.contains(&(*name, false)), "no {name} met: {met:?}");
    }
    for name in both
        .iter()
        .chain(&["loop closed", "cut off from the lines"])
    {
        assert!(
            met.contains(&(*name, true)),
            "no {name} met below a guess: {met:?}"
        );
    }
    // Connectivity, whose reasons are cuts, is met often enough to count.
    let cut_off = by_rule.get(CUT_OFF).map_or(0, |t| t[0]);
    assert!(cut_off > 100, "only {cut_off} cut off");
    // So are the sides rules, which a solve reaches once the cheaper
    // rules stall (they are checked by the thousand on boards made for
    // them: `every_sides_reason_forces_its_decision`).
    let sides = checked_of(&by_rule, &SIDES);
    assert!(sides > 100, "only {sides} sides reasons");
    // And trials, whose reasons the rules refute the other value with.
    let trials = by_rule.get(TRIAL_NAME).map_or(0, |t| t[0]);
    assert!(trials > 50, "only {trials} trials");
    // And the pair rules' steps, refuted in the same way, or by the rules
    // and the pair rules from the edges near them.
    let pairs = checked_of(&by_rule, &PAIRS);
    assert!(
        pairs > 20,
        "no step of the pair rules narrowed: {by_rule:?}"
    );
}

/// How many reasons of the rules named were checked.
fn checked_of(by_rule: &BTreeMap<&'static str, [usize; 3]>, names: &[&str]) -> usize {
    let tally = |name: &&str| by_rule.get(name).map_or(0, |t| t[0]);
    names.iter().map(tally).sum()
}

/// The names of the pair rules' steps: of corner pairs, of edge classes.
const PAIRS: [&str; 2] = ["two edges at a corner", "edges equal or opposite"];

/// The name of a trial's step.
const TRIAL_NAME: &str = "the other value fails";

/// The names of the inside/outside rules, round a vertex and a clue.
const SIDES: [&str; 2] = ["sides around a vertex", "sides around a clue"];

/// The check can fail: a reason with its last edge left out (the newest
/// line of a path, the edge a local rule read last in edge order, or the
/// last of a sides reason's longest chain) no longer forces its
/// decision, found by the rules or by the answers, time and again; the
/// sides reasons among them too.
#[test]
fn a_reason_narrowed_one_edge_too_far_fails() {
    let Checked {
        failures,
        checked,
        by_rule,
        ..
    } = check(|_, edges| {
        edges.pop();
    });
    assert!(
        failures.len() > checked / 20,
        "{} of {checked} caught",
        failures.len()
    );
    let tally = |name| by_rule.get(name).copied().unwrap_or_default();
    let [sides, by_rules, _] = SIDES.iter().fold([0; 3], |sum, name| {
        let t = tally(name);
        [sum[0] + t[0], sum[1] + t[1], sum[2] + t[2]]
    });
    assert!(
        by_rules > sides / 4,
        "{by_rules} of {sides} sides reasons caught"
    );
    // A trial's reason one edge short: the rules no longer refute the
    // other value, for every reason shortened to the end (no edge of it
    // can go: `shortened`); a reason from the clues alone has no edge to
    // drop, and one too long to shorten may keep some that can go.
    let [trials, refuted, _] = tally(&TRIAL_NAME);
    assert!(
        refuted * 3 > trials,
        "{refuted} of {trials} trials' reasons caught"
    );
}

/// The name of connectivity, whose reasons are a line and a cut.
const CUT_OFF: &str = "cut off from the lines";

/// A reason's edges and their states.
pub(super) type Reason = Vec<(Edge, EdgeState)>;

/// A loop closed too early only because another path is left: its reason
/// names a line of that path, without which closing would be an answer
/// (no clue is left unmet), and the check says so.
#[test]
fn a_premature_loop_names_the_other_path() {
    use crate::slink::reason::Why;
    use crate::slink::rules::book::Rule;
    let board = crate::slink::testkit::board(
        "+---+ ? + ? +
         | . | . ? . |
         + ? + ? + ? +
         ? . ? . ? . ?
         + ? + ? + ? +",
    );
    let grid = *board.grid();
    let puzzle = Puzzle {
        rows: 2,
        cols: 3,
        clues: vec![None; 6],
    };
    let mut reasons = Reasons::new(grid, &puzzle.clues, board.states());
    let d = Decision {
        edge: grid.horizontal(1, 0),
        state: EdgeState::Cross,
        why: Why::vertex(Rule::PrematureLoop, grid.vertex(1, 0)),
        depth: 0,
    };
    let Because::Narrowed(edges) = reasons.next(&d) else {
        panic!("not narrowed");
    };
    // The line of the other path first, then the path's from the dot.
    let path = [
        grid.vertical(0, 0),
        grid.horizontal(0, 0),
        grid.vertical(0, 1),
    ];
    let mut expected = vec![grid.vertical(0, 3)];
    expected.extend(path);
    let lines = |edges: &[(Edge, EdgeState)]| edges.iter().all(|&(_, s)| s == EdgeState::Line);
    let got: Vec<Edge> = edges.iter().map(|&(e, _)| e).collect();
    assert!(lines(&edges));
    assert_eq!(got, expected);
    let mut loops = HashMap::new();
    let answers = answers(&puzzle, &mut loops);
    assert!(rules_agree(&puzzle, &edges, &d) && answers_agree(&answers, &edges, &d));
    let path_only = &edges[1..];
    assert!(!rules_agree(&puzzle, path_only, &d) && !answers_agree(&answers, path_only, &d));
}
