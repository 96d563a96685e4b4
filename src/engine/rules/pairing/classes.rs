//! The edge classes of the pair rules: edges proved equal (both lines or
//! both crosses) or opposite (exactly one a line), in a union-find over edge
//! ids whose nodes remember whether they agree with their parent, and whose
//! roots remember their value once one of their edges is decided.

use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::Edge;

/// Edges in classes of equal or opposite edges: a union-find over edge ids
/// whose nodes remember whether they are opposite to their parent, and
/// whose roots remember their value once one of their edges is decided.
pub(super) struct EdgeClasses {
    parent: Vec<u32>,
    /// Bit 0: opposite to the parent; bit 1: the root has a value; bit 2:
    /// that value is a line.
    flags: Vec<u8>,
    /// The edges joined to a class while undecided and not yet seen
    /// decided: their deciding, by whatever rule, decides their class.
    open: Vec<u32>,
}

const OPPOSITE: u8 = 1;
const HAS_VALUE: u8 = 2;
const IS_LINE: u8 = 4;

impl EdgeClasses {
    pub(super) fn new(edges: usize) -> EdgeClasses {
        EdgeClasses {
            parent: (0..edges as u32).collect(),
            flags: vec![0; edges],
            open: Vec::new(),
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
        while self.parent[root as usize] != root {
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
            _ => {
                let f = &mut self.flags[root as usize];
                *f |= HAS_VALUE | if root_line { IS_LINE } else { 0 };
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
        match (self.value(ra), value_b) {
            (Some(x), Some(y)) if x != y => return Err(()),
            (None, Some(y)) => {
                self.flags[ra as usize] |= HAS_VALUE | if y { IS_LINE } else { 0 };
            }
            _ => {}
        }
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
}
