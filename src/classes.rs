//! The inside/outside classes: a union-find with parity over the cells and one
//! extra node for the outside of the grid. Two nodes are in one class when a
//! chain of decided edges joins them, and the parity says whether they lie on
//! the same side of the loop: a crossed edge joins equal sides, a line separates
//! them.
//!
//! Union by size without path compression keeps a find at O(log n) and makes
//! every union undoable: [`Classes::join`] reports the root it attached, and
//! [`Classes::detach`] takes it off again, in the reverse order of the joins.
//! The board keeps them for the inside/outside rules (`rules::sides`); judge
//! files, which leave those rules out, leave the classes out too.

/// The classes of `n` cells and the outside.
#[derive(Clone, Debug)]
pub struct Classes {
    parent: Vec<u32>,
    parity: Vec<u8>,
    size: Vec<u32>,
    unions: u64,
}

/// What [`Classes::join`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Joined {
    /// The two were in one class already, and agree with the edge.
    Agreed,
    /// The two were in one class already, and the edge contradicts it.
    Contradicted,
    /// Two classes became one: this root now hangs below the other.
    Attached(u32),
}

impl Classes {
    /// Every one of `cells` cells, and the outside (node `cells`), alone.
    pub fn new(cells: usize) -> Classes {
        Classes {
            parent: (0..=cells as u32).collect(),
            parity: vec![0; cells + 1],
            size: vec![1; cells + 1],
            unions: 0,
        }
    }

    /// The root of a node's class, and the node's parity relative to it (1 when
    /// they are on different sides of the loop).
    pub fn find(&self, node: u32) -> (u32, u8) {
        let mut node = node;
        let mut parity = 0;
        while self.parent[node as usize] != node {
            parity ^= self.parity[node as usize];
            node = self.parent[node as usize];
        }
        (node, parity)
    }

    /// How many unions have happened so far (never decreases, even on undo:
    /// it tells whether a sweep of the sides rules can find anything new).
    pub fn unions(&self) -> u64 {
        self.unions
    }

    /// Records that nodes `a` and `b` are on different sides (`differ`) or the
    /// same side of the loop.
    pub fn join(&mut self, a: u32, b: u32, differ: bool) -> Joined {
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
        let (child, root) = if self.size[ra as usize] < self.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[child as usize] = root;
        self.parity[child as usize] = pa ^ pb ^ differ;
        self.size[root as usize] += self.size[child as usize];
        self.unions += 1;
        Joined::Attached(child)
    }

    /// Undoes the join that attached `child` (joins undone newest first).
    pub fn detach(&mut self, child: u32) {
        let root = self.parent[child as usize];
        self.size[root as usize] -= self.size[child as usize];
        self.parent[child as usize] = child;
        self.parity[child as usize] = 0;
    }
}
