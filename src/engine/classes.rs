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

use crate::engine::marks::Marks;

/// The classes of `n` cells and the outside.
#[derive(Clone, Debug)]
pub(crate) struct Classes {
    parent: Vec<u32>,
    rank: Vec<u8>,
    /// [`PARITY`] and [`RAISED`].
    flags: Vec<u8>,
    unions: u64,
    /// Per node, the newest node attached below it and the next older
    /// one attached below its parent ([`NONE`] for none): the tree read
    /// downwards ([`Classes::below_any`]). Joins are undone newest first,
    /// so a node detached is always the first below its parent.
    first_child: Vec<u32>,
    next_sibling: Vec<u32>,
}

/// In `first_child` and `next_sibling`: no node.
const NONE: u32 = u32::MAX;

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
            first_child: vec![NONE; cells + 1],
            next_sibling: vec![NONE; cells + 1],
        }
    }

    /// The classes where node `i` hangs straight below `root[i]` (a root
    /// below itself), on the other side of the loop from it when `side[i]`
    /// is 1: as if each had been joined to its root, and never to be undone.
    pub(crate) fn flat(root: Vec<u32>, side: Vec<u8>) -> Classes {
        let mut rank = vec![0; root.len()];
        let mut unions = 0;
        let mut first_child = vec![NONE; root.len()];
        let mut next_sibling = vec![NONE; root.len()];
        for (node, &r) in root.iter().enumerate() {
            if r as usize != node {
                rank[r as usize] = 1;
                unions += 1;
                next_sibling[node] = first_child[r as usize];
                first_child[r as usize] = node as u32;
            }
        }
        Classes {
            parent: root,
            rank,
            flags: side,
            unions,
            first_child,
            next_sibling,
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
        self.next_sibling[child as usize] = self.first_child[root as usize];
        self.first_child[root as usize] = child;
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
    /// brought them together). `below` is room to mark the nodes found,
    /// `stack` room for the walk down the trees: it costs the nodes found,
    /// far less than running the sides rules everywhere.
    pub(crate) fn below_any(
        &self,
        children: &[u32],
        below: &mut Marks,
        stack: &mut Vec<u32>,
        mut each: impl FnMut(u32),
    ) {
        if children.is_empty() {
            return;
        }
        below.fit(self.parent.len());
        below.clear();
        for &child in children {
            // (A child below another, found already, is passed over.)
            if below.get(child as usize) {
                continue;
            }
            below.set(child as usize);
            stack.clear();
            stack.push(child);
            while let Some(node) = stack.pop() {
                each(node);
                let mut next = self.first_child[node as usize];
                while next != NONE {
                    if !below.get(next as usize) {
                        below.set(next as usize);
                        stack.push(next);
                    }
                    next = self.next_sibling[next as usize];
                }
            }
        }
    }

    /// Undoes the join that attached `child` (joins undone newest first).
    pub(crate) fn detach(&mut self, child: u32) {
        let root = self.parent[child as usize];
        debug_assert_eq!(
            self.first_child[root as usize], child,
            "joins undone out of order"
        );
        self.first_child[root as usize] = self.next_sibling[child as usize];
        self.next_sibling[child as usize] = NONE;
        if self.flags[child as usize] & RAISED != 0 {
            self.rank[root as usize] -= 1;
        }
        self.parent[child as usize] = child;
        self.flags[child as usize] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::restarts::SplitMix;

    /// The nodes at or below some roots, found by walking up from every
    /// node: what `below_any` must find walking down.
    fn below_by_walking_up(classes: &Classes, children: &[u32]) -> Vec<u32> {
        let below = |mut node: u32| loop {
            if children.contains(&node) {
                return true;
            }
            let up = classes.parent[node as usize];
            if up == node {
                return false;
            }
            node = up;
        };
        (0..classes.parent.len() as u32)
            .filter(|&n| below(n))
            .collect()
    }

    /// Random joins, some undone newest first: the walk down the trees
    /// finds just the nodes below the roots attached, and undoing leaves
    /// the trees as they were.
    #[test]
    fn below_any_finds_the_nodes_below_the_roots_attached() {
        let mut rng = SplitMix(5);
        let (mut marks, mut stack) = (Marks::default(), Vec::new());
        for _ in 0..200 {
            let n = 2 + rng.below(40) as usize;
            let mut classes = Classes::new(n - 1);
            let mut attached = Vec::new();
            for _ in 0..rng.below(2 * n as u64) {
                let (a, b) = (rng.below(n as u64) as u32, rng.below(n as u64) as u32);
                if let Joined::Attached(child) = classes.join(a, b, rng.below(2) == 1) {
                    attached.push(child);
                }
            }
            let before = (classes.first_child.clone(), classes.next_sibling.clone());
            let mut more = Vec::new();
            for _ in 0..rng.below(n as u64) {
                let (a, b) = (rng.below(n as u64) as u32, rng.below(n as u64) as u32);
                if let Joined::Attached(child) = classes.join(a, b, false) {
                    more.push(child);
                }
            }
            for children in [&attached[attached.len() / 2..], &more[..]] {
                let mut found = Vec::new();
                classes.below_any(children, &mut marks, &mut stack, |node| found.push(node));
                found.sort_unstable();
                assert_eq!(found, below_by_walking_up(&classes, children));
            }
            while let Some(child) = more.pop() {
                classes.detach(child);
            }
            assert_eq!(
                (classes.first_child.clone(), classes.next_sibling.clone()),
                before
            );
        }
    }
}
