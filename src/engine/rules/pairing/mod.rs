//! Deductions about pairs of edges, the full engine's tier above
//! inside/outside and below one-edge trials: what a solver writes as "of
//! these two edges at the 1's corner, at most one is a line" and "these two
//! edges are both lines or both crosses".
//!
//! Two kinds of fact are learnt, afresh for each solve ([`Pairing`]), and
//! kept while the board only gains decisions (the search never sees them,
//! so it has nothing to undo):
//!
//! - **Corner pairs.** At each dot, for each of its four corners (the two
//!   edges of the dot that bound one cell, or lie off the grid), whether at
//!   most one of them is a line and whether at least one is. Both: exactly
//!   one is.
//! - **Edge classes.** Edges proved equal (both lines or both crosses) or
//!   opposite (exactly one a line), kept in classes by a union-find whose
//!   nodes remember whether they agree with their root.
//!
//! Both come from one mechanism: at a dot (its edges make 0 or 2 lines) or a
//! clued cell (its sides make the clue), every assignment of the four edges
//! is tried against their states, the count, the corner pairs there and the
//! classes among them. What all the assignments left agree on is learnt: an
//! edge's value, a corner pair's "at most one" or "at least one", or two
//! edges equal or opposite. Corner pairs carry what a clue knows to its
//! dots and on to the clue across the dot, classes carry it along any
//! distance; the dots and clues are visited round and round until a whole
//! round learns nothing. A round passes over those whose edges, corner
//! pairs and classes have not changed since their last visit (they would
//! learn nothing), so it costs what changed, not the board.
//!
//! A decision the corner pairs make alone is [`corner_pairs`]'
//! (`[pairs]`), one that needs the classes is [`edge_classes`]'
//! (`[parity]`), so `--explain` and the tutor tell the two apart. The
//! search runs them before it starts, and the tutor as a tier of its own,
//! both through `solve::settle`, a step at a time between the cheaper
//! rules.

mod classes;
mod facts;

use crate::engine::marks::Marks;
use crate::engine::EngineBoard;
use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Cell, Edge, Grid, Vertex};
use crate::slink::reason::{Reason, Why};
use crate::slink::rules::book::Rule;
use classes::EdgeClasses;
pub(crate) use facts::{facts_deciding, Fact};

/// The corner pairs: what at most / at least one of a corner's two edges is.
const AT_MOST_ONE: u8 = 1;
const AT_LEAST_ONE: u8 = 2;

/// Corner pairs: of the two edges at a corner, at most one is a line, at
/// least one is, or both (exactly one).
///
/// Why: a 1 has one line, so two of its sides cannot both be lines; a dot
/// has none or two, so a corner pair with exactly one line leaves exactly
/// one for the dot's other two edges, and a clue across the dot learns it.
///
/// Here two 3s lie on a diagonal with a 2 between them, away from the
/// border (the statement's case 7 takes only 3s that touch). A 3 has at
/// least one line at each corner, so the dot it shares with the 2 is on the
/// loop, and the 2's corner there has at most one line; a 2 with at most
/// one line at a corner has at least one at the opposite corner, so the dot
/// it shares with the other 3 is on the loop too, and that 3's corner there
/// has at most one line. A 3 with at most one line at a corner has both
/// sides at its opposite corner: lines, and the dot there has its other
/// two edges crossed. The same holds from the other 3:
///
/// ```text
/// + ? + ? + ? + ? + ? +      + ? + ? + ? + ? + ? +
/// ? . ? . ? . ? . ? . ?      ? . x . ? . ? . ? . ?
/// + ? + ? + ? + ? + ? +      + x +---+ ? + ? + ? +
/// ? . ? 3 ? . ? . ? . ?      ? . | 3 ? . ? . ? . ?
/// + ? + ? + ? + ? + ? +      + ? + ? + ? + ? + ? +
/// ? . ? . ? 2 ? . ? . ?  =>  ? . ? . ? 2 ? . ? . ?
/// + ? + ? + ? + ? + ? +      + ? + ? + ? + ? + ? +
/// ? . ? . ? . ? 3 ? . ?      ? . ? . ? . ? 3 | . ?
/// + ? + ? + ? + ? + ? +      + ? + ? + ? +---+ x +
/// ? . ? . ? . ? . ? . ?      ? . ? . ? . ? . x . ?
/// + ? + ? + ? + ? + ? +      + ? + ? + ? + ? + ? +
/// ```
///
/// With no clue, nothing is learnt:
///
/// ```text
/// + ? + ? +
/// ? . ? . ?
/// + ? + ? +
/// ```
///
/// As a function of the rulebook, runs to its end on the board given (the
/// doc pictures' test runs it so); the solver and the tutor run it a step
/// at a time ([`Pairing::step`]).
pub(crate) fn corner_pairs(board: &mut Board) -> Result<(), Contradiction> {
    let told = told(board);
    let mut pairing = Pairing::new(board, false, [told; 2]);
    while pairing.step(board)? {}
    Ok(())
}

/// Edge classes: edges proved equal or opposite, in classes, applied back
/// to every dot and clue they meet.
///
/// Why: a dot with one line and two edges left has exactly one of them a
/// line (opposite), with none and two left both or neither (equal); a clue
/// needing one of two sides has them opposite. Relations chain: equal to an
/// edge opposite to a third is opposite to it, however far apart.
///
/// Here the lines round the top-left and bottom-left cells each leave
/// their corner one of two ways, exactly one of them (opposite pairs); the
/// two 2s and the 1 chain those pairs and their own open sides into
/// classes, in which only one choice keeps the top 2's count: its top side
/// is a line and its left side a cross. The corner pairs alone stall here:
///
/// ```text
/// +---+ ? + ? +      +---+---+ ? +
/// | . ? 2 ? . ?      | . x 2 ? . ?
/// + x + ? + ? +  =>  + x + ? + ? +
/// | . ? 2 ? 1 x      | . ? 2 ? 1 x
/// +---+ ? + x +      +---+ ? + x +
/// ```
///
/// With no clue, nothing is learnt:
///
/// ```text
/// + ? + ? +
/// ? . ? . ?
/// + ? + ? +
/// ```
///
/// Run as [`corner_pairs`] is.
pub(crate) fn edge_classes(board: &mut Board) -> Result<(), Contradiction> {
    let told = told(board);
    let mut pairing = Pairing::new(board, true, [told; 2]);
    while pairing.step(board)? {}
    Ok(())
}

/// The reason a caller told the board before running a rule of this file
/// (the driver and the search do; only a test runs one untold).
fn told(board: &Board) -> Reason {
    board
        .cause()
        .map_or(Reason::from(Rule::Guess), |why| why.reason)
}

/// The facts about pairs of edges on one board, learnt a dot or clue at a
/// time; they stay true as the board gains decisions, so a caller may let
/// cheaper rules run between its steps.
pub(crate) struct Pairing {
    grid: Grid,
    /// Per dot, two bits per corner (north-east, south-east, south-west,
    /// north-west): [`AT_MOST_ONE`], [`AT_LEAST_ONE`].
    corners: Vec<u8>,
    /// With the edge classes: which facts of `corners` were learnt with
    /// their help, and are not known to follow from the corner pairs
    /// alone. A decision the others make is the corner pairs' (run alone
    /// from the same board, they would make it), one that needs these the
    /// classes'. Almost always none, so almost every visit passes over it.
    borrowed: Vec<u8>,
    /// The edge classes, when this run keeps them.
    classes: Option<EdgeClasses>,
    /// The reasons a decision is made for: without the edge classes, and
    /// with them (the cause of each change names one, and the dot or clue
    /// where it was made).
    reasons: [Reason; 2],
    /// Where the round goes on: the next dot (or, past the dots, clued
    /// cell) to visit.
    cursor: usize,
    /// Where the round went on when a visit last learnt anything (or the
    /// board last changed under the pair rules): a round that ends in a
    /// stall ends there, a whole turn of quiet visits later.
    anchor: usize,
    /// The dots and cells (cell `c` is locus `dots + c`) whose edges,
    /// corner pairs or classes changed since their last visit. Only they
    /// can learn anything: a visit learns all it can from what it reads.
    /// So visiting them alone, in the round's order, learns just what
    /// visiting all would, in the same order.
    dirty: Marks,
    /// The edge states as the pair rules last saw them, to find what other
    /// rules decided between steps.
    seen: Vec<EdgeState>,
    /// Where the board's trail stood when they last looked, if it keeps one.
    trail_read: Option<usize>,
    /// Whether the visit just made learnt anything, and decided an edge.
    learnt: bool,
    decided: bool,
    /// The board's undecided edges when the last step ended: when other
    /// rules have decided some since, the dots and clues round them are
    /// worth a visit again.
    unknown: usize,
    /// An edge whose deciding ends the run, with the facts it rested on
    /// (see [`facts_deciding`]).
    watch: Option<Edge>,
    told: Option<Vec<Fact>>,
}

/// Marks dirty the dots and cells (clued or not) at edge `e`: those whose
/// visits read it.
fn mark_edge(dirty: &mut Marks, grid: &Grid, e: Edge) {
    let dots = grid.vertex_count();
    let (ends, cells) = grid.incidence(e);
    for v in ends {
        dirty.set(v.0 as usize);
    }
    for cell in cells.iter().flatten() {
        dirty.set(dots + cell.0 as usize);
    }
}

/// Where a locus's four edges are, and how they are constrained.
struct Locus {
    /// Its edges; `None` off the grid (a cross).
    edges: [Option<Edge>; 4],
    /// The numbers of lines its edges may make, as bits (`1 << n`).
    counts: u8,
    /// Its four corner pairs, each the two indices of `edges` and where the
    /// pair's facts are kept (dot, corner).
    pairs: [((usize, usize), (Vertex, usize)); 4],
    /// What the board calls it in a decision's cause.
    why: fn(Reason, Vertex, Cell) -> Why,
    vertex: Vertex,
    cell: Cell,
}

impl Locus {
    /// The assignments its count and its edges' states allow.
    fn allowed(&self, states: &[EdgeState; 4]) -> u16 {
        let mut allowed = COUNTS[usize::from(self.counts)];
        for (i, state) in states.iter().enumerate() {
            match state {
                EdgeState::Line => allowed &= LINE[i],
                EdgeState::Cross => allowed &= !LINE[i],
                EdgeState::Unknown => {}
            }
        }
        allowed
    }
}

impl Pairing {
    /// Facts for `board`, none learnt yet; with the edge classes when
    /// `with_classes`. A decision is made for `reasons[0]`, or
    /// `reasons[1]` when the edge classes took part.
    pub(crate) fn new(board: &Board, with_classes: bool, reasons: [Reason; 2]) -> Pairing {
        let grid = *board.grid();
        let loci = grid.vertex_count() + grid.cell_count();
        // To start, the dots and clues a visit can learn anything at: not a
        // dot with its four edges undecided (with no corner pair or class
        // known yet, every pair of them may be both lines, neither, equal
        // or opposite), nor one with none, nor a blank cell. Visiting those
        // would learn nothing, and leave the round's order as it is; what
        // later changes round them marks them.
        let mut dirty = Marks::default();
        dirty.fit(loci);
        let dots = grid.vertex_count();
        for v in 0..dots {
            if matches!(board.vertex_unknown(Vertex(v as u32)), 1..=3) {
                dirty.set(v);
            }
        }
        for c in 0..grid.cell_count() {
            let cell = Cell(c as u32);
            if board.clue(cell).is_some() && board.cell_unknown(cell) > 0 {
                dirty.set(dots + c);
            }
        }
        Pairing {
            grid,
            corners: vec![0; grid.vertex_count()],
            borrowed: match with_classes {
                true => vec![0; grid.vertex_count()],
                false => Vec::new(),
            },
            classes: with_classes.then(|| EdgeClasses::new(grid.edge_count())),
            reasons,
            cursor: 0,
            anchor: 0,
            dirty,
            seen: board.states().to_vec(),
            trail_read: board.recording.then(|| board.mark()),
            learnt: false,
            decided: false,
            unknown: usize::MAX,
            watch: None,
            told: None,
        }
    }

    /// Visits the dots and clues, round from where the last step stopped,
    /// until one decides an edge (true), or all of them in a row learn
    /// nothing (false). After a decision every one is visited again, or
    /// rather, every one that can learn anything ([`Pairing::dirty`]).
    pub(crate) fn step(&mut self, board: &mut Board) -> Result<bool, Contradiction> {
        // Edges of the classes that cheaper rules decided since give their
        // classes their values.
        if let Some(classes) = &mut self.classes {
            classes.take_decided(board)?;
        }
        if board.unknown_count() as usize != self.unknown {
            self.anchor = self.cursor;
            self.take_changes(board);
        }
        let decided = self.visit_round(board);
        self.unknown = board.unknown_count() as usize;
        decided
    }

    /// Marks dirty the dots and clues round each edge decided since the
    /// pair rules last looked: those on the board's trail since then, when
    /// it keeps one (the board only gains decisions while they run), or
    /// else those whose state is not the one last seen.
    fn take_changes(&mut self, board: &Board) {
        let (dirty, grid, seen) = (&mut self.dirty, &self.grid, &mut self.seen);
        let mut take = |e: Edge, now: EdgeState| {
            let seen = &mut seen[e.0 as usize];
            if now != *seen {
                *seen = now;
                mark_edge(dirty, grid, e);
            }
        };
        match self.trail_read {
            Some(read) if board.recording && read <= board.mark() => {
                for i in read..board.mark() {
                    let e = board.changed_edge(i);
                    take(e, board.state(e));
                }
            }
            _ => {
                for (e, &now) in board.states().iter().enumerate() {
                    take(Edge(e as u32), now);
                }
            }
        }
        self.trail_read = board.recording.then(|| board.mark());
    }

    /// [`Pairing::step`]'s visits.
    fn visit_round(&mut self, board: &mut Board) -> Result<bool, Contradiction> {
        let dots = self.grid.vertex_count();
        let loci = dots + self.grid.cell_count();
        loop {
            self.take_touched();
            let Some(i) = self.dirty.next(self.cursor).or_else(|| self.dirty.next(0)) else {
                break;
            };
            self.dirty.unset(i);
            self.cursor = (i + 1) % loci;
            self.learnt = false;
            self.decided = false;
            // A dot or clue with every edge decided has nothing to learn:
            // passed over by its count, before its edges are worked out.
            let locus = match i < dots {
                true => {
                    let v = Vertex(i as u32);
                    (board.vertex_unknown(v) > 0).then(|| self.dot(v))
                }
                false => {
                    let cell = Cell((i - dots) as u32);
                    match board.clue(cell) {
                        Some(clue) if board.cell_unknown(cell) > 0 => Some(self.clue(cell, clue)),
                        _ => None,
                    }
                }
            };
            if let Some(locus) = locus {
                self.visit(board, &locus)?;
            }
            if self.told.is_some() {
                return Ok(false);
            }
            if self.learnt {
                self.anchor = self.cursor;
            }
            if self.decided {
                return Ok(true);
            }
        }
        // A whole turn of quiet visits from the anchor would end there.
        self.cursor = self.anchor;
        debug_assert!(
            self.learns_nothing(board),
            "a dot or clue left clean can learn"
        );
        Ok(false)
    }

    /// Marks dirty the dots and clues of the edges whose classes changed.
    fn take_touched(&mut self) {
        if let Some(classes) = &mut self.classes {
            let (dirty, grid) = (&mut self.dirty, &self.grid);
            classes.take_touched(|e| mark_edge(dirty, grid, Edge(e)));
        }
    }

    /// Whether a visit to every dot and clue learns nothing: what the dirty
    /// marks promise at a stall (debug builds check it there).
    fn learns_nothing(&mut self, board: &mut Board) -> bool {
        let dots = self.grid.vertex_count();
        let before = board.unknown_count();
        for i in 0..dots + self.grid.cell_count() {
            self.learnt = false;
            let locus = match i < dots {
                true => Some(self.dot(Vertex(i as u32))),
                false => {
                    let cell = Cell((i - dots) as u32);
                    board.clue(cell).map(|clue| self.clue(cell, clue))
                }
            };
            if let Some(locus) = locus {
                if self.visit(board, &locus).is_err() || self.learnt {
                    return false;
                }
            }
        }
        // (A quiet visit changes nothing but how short find's paths are.)
        self.take_touched();
        board.unknown_count() == before && self.dirty.next(0).is_none()
    }

    /// Marks dirty the two loci that read corner `q` of dot `v`: the dot,
    /// and the cell the corner faces, if there is one.
    fn mark_corner(&mut self, v: Vertex, q: usize) {
        let g = &self.grid;
        let (r, c) = g.vertex_pos(v);
        self.dirty.set(v.0 as usize);
        // North-east, south-east, south-west, north-west of the dot.
        let (up, left) = [(true, false), (false, false), (false, true), (true, true)][q];
        if (up && r == 0) || (!up && r == g.rows()) || (left && c == 0) || (!left && c == g.cols())
        {
            return;
        }
        let cell = g.cell(r - u32::from(up), c - u32::from(left));
        self.dirty.set(g.vertex_count() + cell.0 as usize);
    }

    /// Dot `v`: its edges up, right, down and left; its corners north-east,
    /// south-east, south-west and north-west, each of two neighbouring
    /// edges; none or two lines.
    fn dot(&self, v: Vertex) -> Locus {
        let g = &self.grid;
        let (r, c) = g.vertex_pos(v);
        let edges = [
            (r > 0).then(|| g.vertical(r - 1, c)),
            (c < g.cols()).then(|| g.horizontal(r, c)),
            (r < g.rows()).then(|| g.vertical(r, c)),
            (c > 0).then(|| g.horizontal(r, c - 1)),
        ];
        let pair = |q: usize| ((q, (q + 1) % 4), (v, q));
        Locus {
            edges,
            counts: 1 | 1 << 2,
            pairs: [pair(0), pair(1), pair(2), pair(3)],
            why: |rule, v, _| Why::vertex(rule, v),
            vertex: v,
            cell: Cell(0),
        }
    }

    /// Clued cell `cell`: its sides top, right, bottom and left; its
    /// corners top-left, top-right, bottom-right and bottom-left, each the
    /// corner of the dot there that faces the cell.
    fn clue(&self, cell: Cell, clue: u8) -> Locus {
        let g = &self.grid;
        let (r, c) = g.cell_pos(cell);
        let edges = [
            Some(g.horizontal(r, c)),
            Some(g.vertical(r, c + 1)),
            Some(g.horizontal(r + 1, c)),
            Some(g.vertical(r, c)),
        ];
        // A corner k of the cell pairs sides k - 1 and k; at its dot it is
        // the corner facing the cell.
        let dots = [
            (g.vertex(r, c), 1),
            (g.vertex(r, c + 1), 2),
            (g.vertex(r + 1, c + 1), 3),
            (g.vertex(r + 1, c), 0),
        ];
        let pair = |k: usize| (((k + 3) % 4, k), dots[k]);
        Locus {
            edges,
            counts: 1 << clue,
            pairs: [pair(0), pair(1), pair(2), pair(3)],
            why: |rule, _, cell| Why::cell(rule, cell),
            vertex: Vertex(0),
            cell,
        }
    }

    /// Tries every assignment of the locus's edges and learns what all
    /// those left agree on. The sixteen assignments are the bits of a
    /// `u16` (assignment `a` sets edge `i` a line when bit `i` of `a` is
    /// set), and each constraint a mask of those it allows.
    fn visit(&mut self, board: &mut Board, locus: &Locus) -> Result<(), Contradiction> {
        let state = |e: Option<Edge>| e.map_or(EdgeState::Cross, |e| board.state(e));
        let states = locus.edges.map(state);
        if states.iter().all(|&s| s != EdgeState::Unknown) {
            return Ok(());
        }
        // Each undecided edge's class: its root and whether it is opposite
        // to it; and its value, when its class has one.
        let mut class = [None; 4];
        let mut forced = [None; 4];
        if let Some(classes) = &mut self.classes {
            for i in 0..4 {
                if let (Some(e), EdgeState::Unknown) = (locus.edges[i], states[i]) {
                    let (root, opposite) = classes.find(e.0);
                    class[i] = Some((root, opposite));
                    forced[i] = classes.value(root).map(|v| v != opposite);
                }
            }
        }
        // What the count, the states and the corner pairs allow, and what
        // is left of it with the edge classes too.
        let mut allowed = locus.allowed(&states);
        let with_classes = self.classes.is_some();
        let mut borrowed = 0;
        for &((i, j), (v, q)) in &locus.pairs {
            allowed &= keeps(self.corners[v.0 as usize] >> (2 * q), i, j);
            if with_classes {
                borrowed |= self.borrowed[v.0 as usize] >> (2 * q) & 3;
            }
        }
        let mut by_pairs = allowed;
        if borrowed != 0 {
            by_pairs = locus.allowed(&states);
            for &((i, j), (v, q)) in &locus.pairs {
                let own = self.corners[v.0 as usize] & !self.borrowed[v.0 as usize];
                by_pairs &= keeps(own >> (2 * q), i, j);
            }
        }
        for i in 0..4 {
            match forced[i] {
                Some(true) => allowed &= LINE[i],
                Some(false) => allowed &= !LINE[i],
                None => {}
            }
            for j in 0..i {
                if let (Some((ri, oi)), Some((rj, oj))) = (class[i], class[j]) {
                    if ri == rj {
                        let differ = LINE[i] ^ LINE[j];
                        allowed &= if oi == oj { !differ } else { differ };
                    }
                }
            }
        }
        // A decision (or a contradiction) the corner pairs make alone is
        // theirs; one only the classes make, the classes'.
        let cause = |by_classes: bool| {
            let rule = self.reasons[usize::from(by_classes)];
            (locus.why)(rule, locus.vertex, locus.cell)
        };
        if allowed == 0 {
            board.tell_cause(cause(by_pairs != 0));
            let unknown = (0..4).find(|&i| states[i] == EdgeState::Unknown);
            let edge = unknown.and_then(|i| locus.edges[i]).unwrap_or(Edge(0));
            return Err(Contradiction { edge });
        }
        // Edges every assignment left agrees on.
        let decides = |allowed: u16, i: usize| match (allowed & !LINE[i], allowed & LINE[i]) {
            (0, _) => Some(EdgeState::Line),
            (_, 0) => Some(EdgeState::Cross),
            _ => None,
        };
        for i in 0..4 {
            let (Some(e), EdgeState::Unknown) = (locus.edges[i], states[i]) else {
                continue;
            };
            let Some(value) = decides(allowed, i) else {
                continue;
            };
            let by_classes = decides(by_pairs, i).is_none();
            if self.watch == Some(e) {
                self.told = Some(self.facts_here(locus, &states, &class, &forced, by_classes));
                return Ok(());
            }
            board.tell_cause(cause(by_classes));
            board.set(e, value)?;
            // Seen here, not by the next step's look for other rules'
            // changes (which this one's count hides).
            self.seen[e.0 as usize] = value;
            mark_edge(&mut self.dirty, &self.grid, e);
            if let Some(classes) = &mut self.classes {
                classes
                    .decide(e.0, value == EdgeState::Line)
                    .map_err(|()| Contradiction { edge: e })?;
            }
            self.learnt = true;
            self.decided = true;
        }
        // Corner pairs every assignment left keeps.
        // (A change of what is borrowed alone changes no decision, only its
        // reason, and marks nothing.)
        let lent = with_classes && by_pairs != allowed;
        for &((i, j), (v, q)) in &locus.pairs {
            let all = kept(allowed, i, j) << (2 * q);
            let slot = &mut self.corners[v.0 as usize];
            let new = all & !*slot;
            if with_classes && (lent || borrowed != 0) {
                let own = kept(by_pairs, i, j) << (2 * q);
                let borrowed = &mut self.borrowed[v.0 as usize];
                *borrowed = (*borrowed | (new & !own)) & !own;
            }
            if new != 0 {
                *slot |= new;
                self.learnt = true;
                self.mark_corner(v, q);
            }
        }
        // Undecided edges every assignment left makes equal or opposite.
        if let Some(classes) = &mut self.classes {
            for i in 0..4 {
                for j in 0..i {
                    let (Some((ri, _)), Some((rj, _))) = (class[i], class[j]) else {
                        continue;
                    };
                    if ri == rj || forced[i].is_some() || forced[j].is_some() {
                        continue;
                    }
                    let differ = LINE[i] ^ LINE[j];
                    let opposite = match (allowed & differ, allowed & !differ) {
                        (0, _) => false,
                        (_, 0) => true,
                        _ => continue,
                    };
                    let (a, b) = (locus.edges[i], locus.edges[j]);
                    let (Some(a), Some(b)) = (a, b) else {
                        continue;
                    };
                    classes
                        .join(a.0, b.0, opposite)
                        .map_err(|()| Contradiction { edge: a })?;
                    self.learnt = true;
                }
            }
        }
        Ok(())
    }
}

/// The assignments a corner pair's `facts` (of edges `i` and `j`) allow.
fn keeps(facts: u8, i: usize, j: usize) -> u16 {
    let both = LINE[i] & LINE[j];
    let neither = !(LINE[i] | LINE[j]);
    let at_most_one = u16::from(facts & AT_MOST_ONE != 0).wrapping_neg();
    let at_least_one = u16::from(facts & AT_LEAST_ONE != 0).wrapping_neg();
    !(both & at_most_one) & !(neither & at_least_one)
}

/// The corner pair's facts (of edges `i` and `j`) that every assignment
/// `allowed` keeps.
fn kept(allowed: u16, i: usize, j: usize) -> u8 {
    let both = LINE[i] & LINE[j];
    let neither = !(LINE[i] | LINE[j]);
    let mut facts = 0;
    if allowed & both == 0 {
        facts |= AT_MOST_ONE;
    }
    if allowed & neither == 0 {
        facts |= AT_LEAST_ONE;
    }
    facts
}

/// The assignments that make edge `i` a line: bit `a` of `LINE[i]` is set
/// when bit `i` of `a` is.
const LINE: [u16; 4] = [0xAAAA, 0xCCCC, 0xF0F0, 0xFF00];

/// Per set of allowed numbers of lines (bit `n` for `n` lines), the
/// assignments with an allowed number.
const COUNTS: [u16; 32] = {
    let mut table = [0u16; 32];
    let mut counts = 0;
    while counts < 32 {
        let mut a = 0;
        while a < 16 {
            if counts >> (a as u32).count_ones() & 1 == 1 {
                table[counts] |= 1 << a;
            }
            a += 1;
        }
        counts += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::blob as planted;
    use crate::shared::restarts::SplitMix;
    use crate::slink::rules::driver::Propagator;
    use crate::slink::rules::Mode;

    /// On planted loops with clues taken away, the rules and the pair rules
    /// never break the board, and every edge they decide is the planted
    /// loop's (a sound rule decides only what every answer has); and they
    /// often decide what the rules below them leave.
    #[test]
    fn pair_rules_decide_only_what_every_answer_has() {
        let mut rng = SplitMix(41);
        let mut helped = 0;
        for trial in 0..600 {
            let (rows, cols) = (3 + rng.below(8) as u32, 3 + rng.below(8) as u32);
            let (mut puzzle, answer) = planted(&mut rng, rows, cols);
            let keep = 3 + trial % 5;
            for clue in puzzle.clues.iter_mut() {
                if rng.below(10) >= keep {
                    *clue = None;
                }
            }
            let mut board = Board::new(puzzle.grid(), &puzzle.clues);
            let mut propagator = Propagator::full(*board.grid(), Mode::Full);
            let decided = crate::engine::solve::settle(&mut board, &mut propagator);
            assert!(decided.is_ok(), "{puzzle:?}");
            helped += usize::from(decided == Ok(true));
            for (e, &state) in board.states().iter().enumerate() {
                if state != EdgeState::Unknown {
                    assert_eq!(state, answer.states()[e], "edge {e} of {puzzle:?}");
                }
            }
        }
        assert!(
            helped > 60,
            "the pair rules decided something {helped} times"
        );
    }
}
