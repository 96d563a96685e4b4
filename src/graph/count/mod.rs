//! Counting every answer of a puzzle on any of Loopy's grids exactly
//! (`slink --count` off the square grid): a frontier dynamic program over
//! the graph's edges, sharing nothing with the solver (no board, no rules,
//! no search: the graph's own dots, faces and edges, the count's own
//! reasoning, and the square count's numbers and bounds, [`crate::count`]).
//!
//! The edges are decided one at a time, in the order of a sweep across the
//! grid ([`plan`]). After each edge, a *state* ([`state`]) says what the
//! edges still to come need to know of those decided so far:
//! - for each dot on the frontier (some of its edges decided, some not):
//!   no line yet, two lines (then no more), or one line and which frontier
//!   dot its path ends at (both ends of an open path are on the frontier,
//!   as each still needs its second line);
//! - for each clued face on the frontier, how many lines it still needs.
//!
//! Each state carries how many ways of deciding the edges so far lead to
//! it. A line starts a path, lengthens one, or joins two into one; a line
//! joining the two ends of one path closes the loop, which is allowed only
//! when no other path is open, every clue on the frontier is met, and
//! nothing after it needs a line (no forced line, no clued face yet to come
//! that needs one): then every edge after it is empty, so its ways are
//! added to the count at once and the state goes no further (a "closed"
//! flag would only carry them to the end). A dot leaves the frontier with
//! its last edge, with no line or two; a face with its last side, its clue
//! met. A state goes no further as soon as a dot or face on its edge needs
//! more lines than its edges to come may bring, or fewer than they must.
//!
//! Before it, the edges every answer shares are fixed by the count's own
//! reasoning ([`mod@forced`]: the plainest local rules, no early loop, and
//! trials of each edge both ways with them), so that the program branches
//! only where answers can differ. The states of one puzzle by one sweep can
//! be a hundred times as many as by another, so the sweeps race
//! ([`race`]). A state's bits grow with the frontier, up to 512, past which
//! the count is not made. As the square count does, it counts in 128-bit
//! numbers first and again in numbers of any size when one passes them,
//! keeps its states within [`crate::count::MAX_BYTES`], and stops at the
//! time limit; a count it does not finish is [`Counted::Undecided`], never
//! an abort.

mod forced;
mod plan;
mod state;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::time::Instant;

use crate::count::bound::{may_grow, state_limit, Stop, Watch};
use crate::count::number::{Big, Number};
use crate::count::{Counted, Quick};
use crate::graph::Graph;
use forced::{forced, Forced};
use plan::Plan;
use state::{After, Layout, Words};

/// The most 64-bit words a state may take.
const MAX_WORDS: usize = 8;

/// Counts the answers of a puzzle on `graph` with `clues` (face by face,
/// `None` a blank face), giving up past `deadline`; `progress` is told
/// `(edges done, edges)` as the count goes.
pub(crate) fn count(
    graph: &Graph,
    clues: &[Option<u8>],
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(usize, usize),
) -> Counted {
    let fits = |f: crate::graph::Face| {
        clues[f.0 as usize].map_or(true, |c| usize::from(c) <= graph.sides(f).len())
    };
    if clues.len() != graph.face_count() || !graph.faces().all(fits) {
        return Counted::Exactly("0".to_string());
    }
    let Some(forced) = forced(graph, clues) else {
        return Counted::Exactly("0".to_string());
    };
    count_keeping(graph, clues, &forced, deadline, progress)
}

/// [`count`], with the edges `forced` fixed.
fn count_keeping(
    graph: &Graph,
    clues: &[Option<u8>],
    forced: &[Forced],
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(usize, usize),
) -> Counted {
    let plans = Plan::sweeps(graph, clues, forced);
    // Plans whose frontier a state cannot hold are not tried.
    let fit: Vec<&Plan> = plans
        .iter()
        .filter(|plan| Layout::new(plan).words <= MAX_WORDS)
        .collect();
    if fit.is_empty() {
        let least = plans.iter().min_by_key(|plan| plan.dot_slots);
        return Counted::Undecided(match least {
            Some(plan) => format!(
                "its frontier holds {} dots and {} clued faces at once, more than a state of {} bits holds",
                plan.dot_slots,
                plan.face_slots,
                64 * MAX_WORDS
            ),
            None => "it has no edge".to_string(),
        });
    }
    match race(&fit, deadline, progress, &mut Trace::default()) {
        Ok(n) => Counted::Exactly(n),
        Err(stopped) => Counted::Undecided(stopped.why),
    }
}

/// The caps on states of the plans' race ([`race`]): each round allows
/// eight times as many states as the one before, to half as many plans.
const CAPS: [usize; 5] = [1 << 10, 1 << 13, 1 << 16, 1 << 19, 1 << 22];

/// Counts by the plan that needs the fewest states, found by a race: the
/// states of one puzzle by one plan can be a hundred times as many as by
/// another, and which is best is not seen in the plans themselves (it
/// depends on where the edges the clues leave open lie). Each round runs
/// its plans in turn, each until it counts or passes the round's cap; the
/// half that got furthest go on to the next, and the last, alone, runs to
/// the count's own bound. A plan that counts ends the race. `trace` is told
/// how the plan that counted went.
fn race(
    plans: &[&Plan],
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(usize, usize),
    trace: &mut Trace,
) -> Result<String, Stopped> {
    let mut racing: Vec<&Plan> = plans.to_vec();
    let mut caps = CAPS.iter().copied();
    loop {
        // The last round is the one plan left, or the last cap passed: its
        // first plan runs to the count's own bound.
        let cap = caps.next().filter(|_| racing.len() > 1);
        let mut reached = Vec::new();
        for &plan in &racing {
            let mut run = Trace {
                cap,
                ..Trace::default()
            };
            match count_by(plan, deadline, progress, &mut run) {
                Ok(n) => {
                    *trace = run;
                    return Ok(n);
                }
                Err(stopped) if stopped.capped && cap.is_some() => {
                    reached.push((run.done, plan));
                }
                Err(stopped) => return Err(stopped),
            }
        }
        // The furthest first; the sort is stable, so ties keep the plans'
        // order.
        reached.sort_by_key(|&(done, _)| std::cmp::Reverse(done));
        let keep = (racing.len() + 1) / 2;
        racing = reached
            .into_iter()
            .take(keep)
            .map(|(_, plan)| plan)
            .collect();
    }
}

/// How a count went: the most states held after an edge, the edges done,
/// and the most states it may hold (past it, it stops).
#[derive(Default)]
struct Trace {
    peak: usize,
    done: usize,
    cap: Option<usize>,
}

/// Why a count stopped, and whether it was at its cap on states.
struct Stopped {
    capped: bool,
    why: String,
}

impl Stopped {
    fn from(stop: Stop) -> Stopped {
        Stopped {
            capped: matches!(stop, Stop::Memory(_)),
            why: stop.reason(),
        }
    }
}

/// Counts by `plan`: the count in decimal, or why it stopped; `trace` is
/// told how it went.
fn count_by(
    plan: &Plan,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(usize, usize),
    trace: &mut Trace,
) -> Result<String, Stopped> {
    let mut watch = Watch::new(deadline, progress);
    match Layout::new(plan).words {
        0..=2 => both::<2>(plan, &mut watch, trace),
        3..=4 => both::<4>(plan, &mut watch, trace),
        _ => both::<8>(plan, &mut watch, trace),
    }
}

/// Runs the program in 128-bit numbers, then in numbers of any size if a
/// count passes them: the count in decimal, or why it stopped.
fn both<const W: usize>(
    plan: &Plan,
    watch: &mut Watch,
    trace: &mut Trace,
) -> Result<String, Stopped> {
    match run::<u128, W>(plan, watch, trace) {
        Ok(Some(n)) => Ok(n.decimal()),
        Ok(None) => match run::<Big, W>(plan, watch, trace) {
            Ok(Some(n)) => Ok(n.decimal()),
            Ok(None) => Err(Stopped {
                capped: false,
                why: "a count that does not fit".to_string(),
            }),
            Err(stop) => Err(Stopped::from(stop)),
        },
        Err(stop) => Err(Stopped::from(stop)),
    }
}

/// A state packed into `W` words ([`state`]).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key<const W: usize>(Words<W>);

impl<const W: usize> Hash for Key<W> {
    /// The words folded into one and mixed (SplitMix64's finisher), so that
    /// every bit of the state moves the low bits the table looks at.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut h = 0u64;
        for &word in &self.0 {
            h = (h.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        h ^= h >> 31;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        state.write_u64(h ^ (h >> 29));
    }
}

/// The states after one edge, with the ways to reach each.
type States<N, const W: usize> = HashMap<Key<W>, N, BuildHasherDefault<Quick>>;

/// Runs the program in numbers of kind `N` and states of `W` words:
/// `Ok(None)` when a count does not fit `N`, `Err` when it stops before its
/// end; `trace` is told how it went.
fn run<N: Number, const W: usize>(
    plan: &Plan,
    watch: &mut Watch,
    trace: &mut Trace,
) -> Result<Option<N>, Stop> {
    let layout = Layout::new(plan);
    let entry = std::mem::size_of::<(Key<W>, N)>();
    let limit = trace
        .cap
        .map_or(state_limit(entry), |cap| cap.min(state_limit(entry)));
    let mut states: States<N, W> = States::default();
    states.insert(Key([0; W]), N::one());
    let mut next: States<N, W> = States::default();
    let mut total = N::zero();
    // The most bytes a number has held on the heap (none in 128 bits).
    let mut heap = 0;
    for (k, step) in plan.steps.iter().enumerate() {
        if watch.late() {
            return Err(Stop::Time);
        }
        // The table to fill takes the other's size at once, the old one
        // freed first (see `crate::count::bound`).
        next.clear();
        if next.capacity() < states.capacity() {
            next = States::default();
            next.try_reserve(states.capacity())
                .map_err(|_| Stop::NoRoom)?;
        }
        for (key, ways) in states.iter() {
            watch.state()?;
            for line in [false, true] {
                let after = match layout.decide(step, &key.0, line) {
                    After::Nothing => continue,
                    After::Answer => {
                        if !total.add(ways) {
                            return Ok(None);
                        }
                        continue;
                    }
                    After::State(after) => Key(after),
                };
                if next.len() == next.capacity() {
                    if !may_grow(states.capacity(), next.capacity(), entry, heap) {
                        return Err(Stop::Memory(next.len()));
                    }
                    if next.try_reserve(next.len().max(64)).is_err() {
                        return Err(Stop::NoRoom);
                    }
                }
                match next.get_mut(&after) {
                    Some(sum) => {
                        if !sum.add(ways) {
                            return Ok(None);
                        }
                        heap = heap.max(sum.heap_bytes());
                    }
                    None => {
                        heap = heap.max(ways.heap_bytes());
                        next.insert(after, ways.clone());
                    }
                }
            }
            if next.len() > limit {
                return Err(Stop::Memory(limit));
            }
        }
        std::mem::swap(&mut states, &mut next);
        trace.peak = trace.peak.max(states.len());
        trace.done = k + 1;
        watch.done(k + 1, plan.steps.len());
    }
    Ok(Some(total))
}

// Last in the file: what follows `#[cfg(test)]` is the tests' (see
// `tests/layout.rs`).
#[cfg(test)]
mod tests;
