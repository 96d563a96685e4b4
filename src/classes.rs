//! The inside/outside classes: a union-find with parity over the cells and one
//! extra node for the outside of the grid. Two nodes are in one class when a
//! chain of decided edges joins them, and the parity says whether they lie on
//! the same side of the loop: a crossed edge joins equal sides, a line separates
//! them.
//!
//! Union by rank without path compression keeps a find at O(log n) and makes
//! every union undoable: [`Classes::join`] reports the root it attached, and
//! [`Classes::detach`] takes it off again, in the reverse order of the joins.
//! A node costs six bytes: its parent, its rank, and a byte of flags (its
//! parity, and whether attaching it raised its root's rank, so that detaching
//! it can lower it again).
//! The board keeps them for the inside/outside rules (`rules::sides`); judge
//! files, which leave those rules out, leave the classes out too.

use crate::marks::Marks;

/// The classes of `n` cells and the outside.
#[derive(Clone, Debug)]
pub(crate) struct Classes {
    parent: Vec<u32>,
    rank: Vec<u8>,
    /// [`PARITY`] and [`RAISED`].
    flags: Vec<u8>,
    unions: u64,
}

/// The node lies on the other side of the loop from its parent.
const PARITY: u8 = 1;
/// Attaching the node raised its parent's rank.
const RAISED: u8 = 2;

/// What [`Classes::join`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Joined {
    /// The two were in one class already, and agree with the edge.
    Agreed,
    /// The two were in one class already, and the edge contradicts it.
    Contradicted,
    /// Two classes became one: this root now hangs below the other.
    Attached(u32),
}

impl Classes {
    /// Every one of `cells` cells, and the outside (node `cells`), alone.
    pub(crate) fn new(cells: usize) -> Classes {
        Classes {
            parent: (0..=cells as u32).collect(),
            rank: vec![0; cells + 1],
            flags: vec![0; cells + 1],
            unions: 0,
        }
    }

    /// The classes where node `i` hangs straight below `root[i]` (a root
    /// below itself), on the other side of the loop from it when `side[i]`
    /// is 1: as if each had been joined to its root, and never to be undone.
    pub(crate) fn flat(root: Vec<u32>, side: Vec<u8>) -> Classes {
        let mut rank = vec![0; root.len()];
        let mut unions = 0;
        for (node, &r) in root.iter().enumerate() {
            if r as usize != node {
                rank[r as usize] = 1;
                unions += 1;
            }
        }
        Classes {
            parent: root,
            rank,
            flags: side,
            unions,
        }
    }

    /// The root of a node's class, and the node's parity relative to it (1 when
    /// they are on different sides of the loop).
    pub(crate) fn find(&self, node: u32) -> (u32, u8) {
        let mut node = node;
        let mut parity = 0;
        while self.parent[node as usize] != node {
            parity ^= self.flags[node as usize] & PARITY;
            node = self.parent[node as usize];
        }
        (node, parity)
    }

    /// How many unions have happened so far (never decreases, even on undo:
    /// it tells whether a sweep of the sides rules can find anything new).
    pub(crate) fn unions(&self) -> u64 {
        self.unions
    }

    /// Records that nodes `a` and `b` are on different sides (`differ`) or the
    /// same side of the loop.
    pub(crate) fn join(&mut self, a: u32, b: u32, differ: bool) -> Joined {
        let (ra, pa) = self.find(a);
        let (rb, pb) = self.find(b);
        let differ = u8::from(differ);
        if ra == rb {
            return if pa ^ pb == differ {
                Joined::Agreed
            } else {
                Joined::Contradicted
            };
        }
        let (child, root) = if self.rank[ra as usize] < self.rank[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let raised = self.rank[child as usize] == self.rank[root as usize];
        self.parent[child as usize] = root;
        self.flags[child as usize] = (pa ^ pb ^ differ) | if raised { RAISED } else { 0 };
        if raised {
            self.rank[root as usize] += 1;
        }
        self.unions += 1;
        Joined::Attached(child)
    }

    /// Calls `each` with every node at or below one of `children`, roots that
    /// joins attached: the members their classes had when attached, so every
    /// node whose relation to another those joins made known (of two nodes
    /// that were apart, one was in the class attached by the first join that
    /// brought them together). `below` is room to mark the nodes.
    ///
    /// One walk up from each node: without path compression a tree is a few
    /// levels deep, and this is far cheaper than running the sides rules
    /// everywhere.
    pub(crate) fn below_any(&self, children: &[u32], below: &mut Marks, mut each: impl FnMut(u32)) {
        if children.is_empty() {
            return;
        }
        below.fit(self.parent.len());
        below.clear();
        for &child in children {
            below.set(child as usize);
        }
        for node in 0..self.parent.len() as u32 {
            let mut at = node;
            loop {
                if below.get(at as usize) {
                    each(node);
                    break;
                }
                let up = self.parent[at as usize];
                if up == at {
                    break;
                }
                at = up;
            }
        }
    }

    /// Undoes the join that attached `child` (joins undone newest first).
    pub(crate) fn detach(&mut self, child: u32) {
        let root = self.parent[child as usize];
        if self.flags[child as usize] & RAISED != 0 {
            self.rank[root as usize] -= 1;
        }
        self.parent[child as usize] = child;
        self.flags[child as usize] = 0;
    }
}
