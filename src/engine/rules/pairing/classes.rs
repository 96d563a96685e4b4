//! The edge classes of the pair rules: edges proved equal (both lines or
//! both crosses) or opposite (exactly one a line), in a union-find over edge
//! ids whose nodes remember whether they agree with their parent, and whose
//! roots remember their value once one of their edges is decided. Each
//! class's members are also on a ring, so that what a join or a value
//! tells can be handed to the dots and clues of the members it concerns.

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::Edge;

/// Edges in classes of equal or opposite edges: a union-find over edge ids
/// whose nodes remember whether they are opposite to their parent, and
/// whose roots remember their value once one of their edges is decided.
pub(super) struct EdgeClasses {
    /// Per edge, its parent; per root (flagged [`ROOT`]), the number of
    /// members of its class.
    parent: Vec<u32>,
    /// Bit 0: opposite to the parent; bit 1: the root has a value; bit 2:
    /// that value is a line; bit 3: a root.
    flags: Vec<u8>,
    /// The edges joined to a class while undecided and not yet seen
    /// decided: their deciding, by whatever rule, decides their class.
    open: Vec<u32>,
    /// Per edge, the next member of its class round a ring.
    ring: Vec<u32>,
    /// Edges whose relations or forced value changed since the owner last
    /// took them ([`EdgeClasses::take_touched`]): the members of a class
    /// that gained a value, and of the smaller of two classes joined (an
    /// edge of the larger learns nothing new unless it meets one of the
    /// smaller at some dot or clue).
    touched: Vec<u32>,
}

const OPPOSITE: u8 = 1;
const HAS_VALUE: u8 = 2;
const IS_LINE: u8 = 4;
const ROOT: u8 = 8;

impl EdgeClasses {
    pub(super) fn new(edges: usize) -> EdgeClasses {
        EdgeClasses {
            parent: vec![1; edges],
            flags: vec![ROOT; edges],
            open: Vec::new(),
            ring: (0..edges as u32).collect(),
            touched: Vec::new(),
        }
    }

    /// Hands the edges touched since the last call to `f`, and forgets them.
    pub(super) fn take_touched(&mut self, mut f: impl FnMut(u32)) {
        for e in self.touched.drain(..) {
            f(e);
        }
    }

    /// Notes every member of the class of root `root` as touched.
    fn touch_class(&mut self, root: u32) {
        let mut e = root;
        loop {
            self.touched.push(e);
            e = self.ring[e as usize];
            if e == root {
                break;
            }
        }
    }

    /// Gives each class its value from its edges decided on `board` since
    /// the last call; `Err` where a class holds a line and a cross it
    /// should not.
    pub(super) fn take_decided(&mut self, board: &Board) -> Result<(), Contradiction> {
        let mut i = 0;
        while i < self.open.len() {
            let e = Edge(self.open[i]);
            match board.state(e) {
                EdgeState::Unknown => i += 1,
                state => {
                    self.open.swap_remove(i);
                    self.decide(e.0, state == EdgeState::Line)
                        .map_err(|()| Contradiction { edge: e })?;
                }
            }
        }
        Ok(())
    }

    /// The root of `e`'s class and whether `e` is opposite to it; every
    /// node on the way is then made a child of the root (with its parity to
    /// it), so the next find is short.
    pub(super) fn find(&mut self, e: u32) -> (u32, bool) {
        let (mut root, mut opposite) = (e, false);
        while self.flags[root as usize] & ROOT == 0 {
            opposite ^= self.flags[root as usize] & OPPOSITE != 0;
            root = self.parent[root as usize];
        }
        // Again from `e`: each node's parity to the root is what is left of
        // `e`'s once the parities below it are taken off.
        let (mut node, mut to_root) = (e, opposite);
        while node != root {
            let next = self.parent[node as usize];
            let flip = self.flags[node as usize] & OPPOSITE != 0;
            self.parent[node as usize] = root;
            self.flags[node as usize] = (self.flags[node as usize] & !OPPOSITE) | u8::from(to_root);
            to_root ^= flip;
            node = next;
        }
        (root, opposite)
    }

    /// The value of the class of root `root`, if it has one: whether the
    /// root is a line.
    pub(super) fn value(&self, root: u32) -> Option<bool> {
        let f = self.flags[root as usize];
        (f & HAS_VALUE != 0).then_some(f & IS_LINE != 0)
    }

    /// Records that edge `e` is a line (or a cross); `Err` when its class
    /// says otherwise.
    pub(super) fn decide(&mut self, e: u32, line: bool) -> Result<(), ()> {
        let (root, opposite) = self.find(e);
        let root_line = line != opposite;
        match self.value(root) {
            Some(v) if v != root_line => Err(()),
            Some(_) => Ok(()),
            None => {
                self.flags[root as usize] |= HAS_VALUE | if root_line { IS_LINE } else { 0 };
                self.touch_class(root);
                Ok(())
            }
        }
    }

    /// Joins the classes of `a` and `b`, as opposite or equal; `Err` when
    /// they are already related the other way, or their values disagree.
    pub(super) fn join(&mut self, a: u32, b: u32, opposite: bool) -> Result<(), ()> {
        let (ra, oa) = self.find(a);
        let (rb, ob) = self.find(b);
        // `rb` becomes a child of `ra`, opposite to it when the parities
        // say so.
        let flip = oa ^ ob ^ opposite;
        if ra == rb {
            return if flip { Err(()) } else { Ok(()) };
        }
        let value_b = self.value(rb).map(|v| v != flip);
        // The class that gains a value, if one does.
        let gains = match (self.value(ra), value_b) {
            (Some(x), Some(y)) if x != y => return Err(()),
            (None, Some(y)) => {
                self.flags[ra as usize] |= HAS_VALUE | if y { IS_LINE } else { 0 };
                Some(ra)
            }
            (Some(_), None) => Some(rb),
            _ => None,
        };
        let (size_a, size_b) = (self.parent[ra as usize], self.parent[rb as usize]);
        let smaller = if size_a < size_b { ra } else { rb };
        for root in [gains, Some(smaller).filter(|&s| gains != Some(s))]
            .into_iter()
            .flatten()
        {
            self.touch_class(root);
        }
        self.parent[ra as usize] = size_a + size_b;
        self.ring.swap(ra as usize, rb as usize);
        self.parent[rb as usize] = ra;
        self.flags[rb as usize] = u8::from(flip);
        self.open.extend([a, b]);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_keep_parity_and_values() {
        let mut classes = EdgeClasses::new(6);
        assert_eq!(classes.join(0, 1, true), Ok(()));
        assert_eq!(classes.join(1, 2, true), Ok(()));
        assert_eq!(classes.join(3, 2, false), Ok(()));
        // 0 and 2 are equal (opposite twice), 3 equal to 2.
        let parity = |c: &mut EdgeClasses, e| c.find(e).1;
        assert_eq!(parity(&mut classes, 0), parity(&mut classes, 2));
        assert_ne!(parity(&mut classes, 0), parity(&mut classes, 1));
        assert_eq!(classes.join(0, 3, true), Err(()), "0 and 3 are equal");
        assert_eq!(classes.join(0, 3, false), Ok(()));
        assert_eq!(classes.decide(1, true), Ok(()));
        let (root, opposite) = classes.find(3);
        assert_eq!(classes.value(root).map(|v| v != opposite), Some(false));
        assert_eq!(
            classes.decide(2, true),
            Err(()),
            "2 is opposite to the line 1"
        );
        // A class with a value passes it on when joined.
        assert_eq!(classes.decide(4, true), Ok(()));
        assert_eq!(classes.join(5, 4, true), Ok(()));
        let (root, opposite) = classes.find(5);
        assert_eq!(classes.value(root).map(|v| v != opposite), Some(false));
        assert_eq!(classes.join(5, 0, false), Ok(()));
        assert_eq!(classes.join(4, 1, true), Err(()), "4 and 1 are both lines");
    }

    /// What a join or a value touches: the smaller class joined, and every
    /// member of a class that gains a value.
    #[test]
    fn joins_and_values_touch_the_members_concerned() {
        let mut classes = EdgeClasses::new(8);
        let touched = |c: &mut EdgeClasses| {
            let mut t = Vec::new();
            c.take_touched(|e| t.push(e));
            t.sort_unstable();
            t
        };
        classes.join(0, 1, false).unwrap();
        classes.join(1, 2, true).unwrap();
        touched(&mut classes);
        // {0, 1, 2} with {3}: only 3 can meet something new.
        classes.join(3, 0, false).unwrap();
        assert_eq!(touched(&mut classes), [3]);
        classes.join(4, 5, true).unwrap();
        touched(&mut classes);
        // The two-member class is the smaller.
        classes.join(2, 5, false).unwrap();
        assert_eq!(touched(&mut classes), [4, 5]);
        // A value reaches every member, once.
        classes.decide(4, true).unwrap();
        assert_eq!(touched(&mut classes), [0, 1, 2, 3, 4, 5]);
        classes.decide(0, true).unwrap();
        assert_eq!(touched(&mut classes), Vec::<u32>::new());
        // A class with a value joined to one without gives it hers.
        classes.join(6, 7, false).unwrap();
        touched(&mut classes);
        classes.join(7, 1, false).unwrap();
        assert_eq!(touched(&mut classes), [6, 7]);
    }
}
