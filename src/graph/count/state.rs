//! A state of the count, packed into words, and what deciding one edge
//! does to it.
//!
//! A state holds a field for each dot slot and each face slot of its plan
//! ([`super::plan`]), each within one 64-bit word:
//! - a dot's field is [`NO_LINE`], [`TWO_LINES`], or `2 + j` when the dot
//!   has one line and its path's other end is the dot in slot `j`. Naming
//!   the other end by its slot makes equal situations equal states with no
//!   renumbering, and a join changes four fields at most;
//! - a clued face's field is the lines it still needs.
//!
//! A slot not in use holds 0: a dot or face that leaves the frontier leaves
//! it so (a dot leaves with no line or two, a face with its clue met), so
//! one that comes into the slot later finds it clear.

use crate::graph::count::forced::Forced;
use crate::graph::count::plan::{Plan, Step};

/// In a dot's field: no line yet (or no dot in the slot).
const NO_LINE: u64 = 0;
/// Two lines: no more may come.
const TWO_LINES: u64 = 1;
/// One line: `ONE_LINE + j`, the path's other end in slot `j`.
const ONE_LINE: u64 = 2;

/// Where a field is: its word, its lowest bit there, and its mask (at the
/// lowest bits).
#[derive(Clone, Copy, Debug)]
struct Field {
    word: usize,
    shift: u32,
    mask: u64,
}

/// The fields of a plan's states.
pub(super) struct Layout {
    dots: Vec<Field>,
    faces: Vec<Field>,
    /// The words a state takes.
    pub(super) words: usize,
}

/// A state's words (of which a layout uses the first `words`).
pub(super) type Words<const W: usize> = [u64; W];

/// What deciding an edge leads to.
pub(super) enum After<const W: usize> {
    /// No answer goes on so.
    Nothing,
    /// The loop closed into an answer: every edge after it is empty.
    Answer,
    /// This state.
    State(Words<W>),
}

impl Layout {
    /// The fields of `plan`'s states: a dot's holds every `2 + j` for its
    /// slots, a face's its largest clue.
    pub(super) fn new(plan: &Plan) -> Layout {
        let dot_bits = bits_for(ONE_LINE as usize + plan.dot_slots);
        let face_bits = bits_for(usize::from(plan.most_clue));
        let mut at = 0u32;
        let mut field = |bits: u32| {
            // A field that would run into the next word starts it.
            if at % 64 + bits > 64 {
                at = (at / 64 + 1) * 64;
            }
            let field = Field {
                word: (at / 64) as usize,
                shift: at % 64,
                mask: (1u64 << bits) - 1,
            };
            at += bits;
            field
        };
        let dots = (0..plan.dot_slots).map(|_| field(dot_bits)).collect();
        let faces = (0..plan.face_slots).map(|_| field(face_bits)).collect();
        Layout {
            dots,
            faces,
            words: ((at + 63) / 64) as usize,
        }
    }

    fn get<const W: usize>(&self, words: &Words<W>, field: Field) -> u64 {
        words[field.word] >> field.shift & field.mask
    }

    fn set<const W: usize>(&self, words: &mut Words<W>, field: Field, value: u64) {
        let word = &mut words[field.word];
        *word = *word & !(field.mask << field.shift) | value << field.shift;
    }

    fn dot<const W: usize>(&self, words: &Words<W>, slot: usize) -> u64 {
        self.get(words, self.dots[slot])
    }

    fn set_dot<const W: usize>(&self, words: &mut Words<W>, slot: usize, value: u64) {
        self.set(words, self.dots[slot], value);
    }

    /// Decides `step`'s edge in `state`: a line if `line`, else empty.
    pub(super) fn decide<const W: usize>(
        &self,
        step: &Step,
        state: &Words<W>,
        line: bool,
    ) -> After<W> {
        match (step.forced, line) {
            (Forced::Line, false) | (Forced::Empty, true) => return After::Nothing,
            _ => {}
        }
        let mut after = *state;
        let [u, v] = step.dots;
        let (a, b) = (self.dot(state, u.slot), self.dot(state, v.slot));
        let mut closed = false;
        if line {
            match (a, b) {
                (TWO_LINES, _) | (_, TWO_LINES) => return After::Nothing,
                // A new path, from one end to the other.
                (NO_LINE, NO_LINE) => {
                    self.set_dot(&mut after, u.slot, ONE_LINE + v.slot as u64);
                    self.set_dot(&mut after, v.slot, ONE_LINE + u.slot as u64);
                }
                // A path goes on: the new end and the far end name each
                // other.
                (NO_LINE, far) | (far, NO_LINE) => {
                    let (new, old) = if a == NO_LINE { (u, v) } else { (v, u) };
                    let far = (far - ONE_LINE) as usize;
                    self.set_dot(&mut after, new.slot, ONE_LINE + far as u64);
                    self.set_dot(&mut after, far, ONE_LINE + new.slot as u64);
                    self.set_dot(&mut after, old.slot, TWO_LINES);
                }
                // The two ends of one path: the loop closes, the answer if
                // no other path is open.
                (a, _) if a == ONE_LINE + v.slot as u64 => {
                    let open = (0..self.dots.len())
                        .filter(|&s| s != u.slot && s != v.slot)
                        .any(|s| self.dot(state, s) >= ONE_LINE);
                    if open || !step.may_close {
                        return After::Nothing;
                    }
                    closed = true;
                }
                // Two paths join: their far ends name each other.
                (a, b) => {
                    let (far_a, far_b) = ((a - ONE_LINE) as usize, (b - ONE_LINE) as usize);
                    self.set_dot(&mut after, far_a, ONE_LINE + far_b as u64);
                    self.set_dot(&mut after, far_b, ONE_LINE + far_a as u64);
                    self.set_dot(&mut after, u.slot, TWO_LINES);
                    self.set_dot(&mut after, v.slot, TWO_LINES);
                }
            }
        }
        for face in step.faces.iter().flatten() {
            let field = self.faces[face.slot];
            let need = if face.enters {
                u64::from(face.clue)
            } else {
                self.get(state, field)
            };
            let Some(need) = need.checked_sub(u64::from(line)) else {
                return After::Nothing;
            };
            if need > u64::from(face.later.may) || need < u64::from(face.later.must) {
                return After::Nothing;
            }
            self.set(&mut after, field, need);
        }
        if closed {
            // Every edge after this one is empty: each clue on the frontier
            // must be met already (a face gone, or not begun, holds 0).
            let met = self.faces.iter().all(|&f| self.get(&after, f) == 0);
            return if met { After::Answer } else { After::Nothing };
        }
        for dot in [u, v] {
            // The lines the dot's edges still to come must bring: none or
            // two without a line yet (none if fewer than two may), one with
            // one, none with two.
            let (least, most) = match self.dot(&after, dot.slot) {
                NO_LINE if dot.later.may < 2 => (0, 0),
                NO_LINE => (0, 2),
                TWO_LINES => (0, 0),
                _ => (1, 1),
            };
            if dot.later.may < least || dot.later.must > most {
                return After::Nothing;
            }
            if dot.leaves {
                self.set_dot(&mut after, dot.slot, NO_LINE);
            }
        }
        After::State(after)
    }
}

/// The bits that hold every number up to `most`.
fn bits_for(most: usize) -> u32 {
    usize::BITS - most.leading_zeros()
}
