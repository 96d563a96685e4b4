//! Inside and outside on any planar graph: each face lies inside the loop or
//! outside it, and an edge is a line exactly when its two faces lie on
//! different sides (the world beyond the border counts as one face, outside).
//! Decided edges tie faces into classes whose members' sides are known
//! relative to each other; once an unknown edge has both faces in one class,
//! its state follows.
//!
//! The classes are a union-find with parity and no path compression, so that
//! a join is undone by cutting one link; union by size keeps the trees
//! shallow. Each class's members also form a ring (`next`), which one swap
//! splices and the same swap cuts, so a join can look at the smaller class's
//! members only.

use crate::graph::{Edge, Face, Graph};

/// A join made, to undo: the smaller class's root and the larger's.
#[derive(Clone, Copy, Debug)]
struct Joined {
    small: u32,
    large: u32,
}

/// The classes of faces (and the outside, node `face_count`).
#[derive(Clone, Debug)]
pub(crate) struct Sides {
    parent: Vec<u32>,
    /// Whether a node lies on the other side from its parent.
    flipped: Vec<bool>,
    size: Vec<u32>,
    next: Vec<u32>,
    /// Every join, in order, with the board's trail length when it was made.
    joins: Vec<(usize, Joined)>,
    /// The border edges: the outside's sides.
    border: Vec<Edge>,
}

/// Two faces put on the same side and on different sides at once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Conflict;

impl Sides {
    /// Every face a class of its own.
    pub(crate) fn new(graph: &Graph) -> Sides {
        let n = graph.face_count() + 1;
        Sides {
            parent: (0..n as u32).collect(),
            flipped: vec![false; n],
            size: vec![1; n],
            next: (0..n as u32).collect(),
            joins: Vec::new(),
            border: graph
                .edges()
                .filter(|&e| graph.ends(e).faces[1].is_none())
                .collect(),
        }
    }

    /// The node of a face, or of the outside.
    fn node(graph: &Graph, face: Option<Face>) -> u32 {
        face.map_or(graph.face_count() as u32, |f| f.0)
    }

    /// A node's class root, and whether it lies on the other side from it.
    fn find(&self, mut node: u32) -> (u32, bool) {
        let mut flipped = false;
        while self.parent[node as usize] != node {
            flipped ^= self.flipped[node as usize];
            node = self.parent[node as usize];
        }
        (node, flipped)
    }

    /// What an edge's faces' classes say of it: `Some(true)` a line,
    /// `Some(false)` a cross, `None` not known.
    pub(crate) fn says(&self, graph: &Graph, edge: Edge) -> Option<bool> {
        let faces = graph.ends(edge).faces;
        let (ra, fa) = self.find(Self::node(graph, faces[0]));
        let (rb, fb) = self.find(Self::node(graph, faces[1]));
        (ra == rb).then_some(fa != fb)
    }

    /// Ties an edge's faces as its state says (`line`: on different sides),
    /// at trail length `at`; the unknown edges this decides are pushed on
    /// `decided` with their states.
    pub(crate) fn tie(
        &mut self,
        graph: &Graph,
        edge: Edge,
        line: bool,
        at: usize,
        unknown: impl Fn(Edge) -> bool,
        decided: &mut Vec<(Edge, bool)>,
    ) -> Result<(), Conflict> {
        let faces = graph.ends(edge).faces;
        let (ra, fa) = self.find(Self::node(graph, faces[0]));
        let (rb, fb) = self.find(Self::node(graph, faces[1]));
        if ra == rb {
            return if (fa != fb) == line {
                Ok(())
            } else {
                Err(Conflict)
            };
        }
        let (small, large) = if self.size[ra as usize] < self.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[small as usize] = large;
        self.flipped[small as usize] = fa ^ fb ^ line;
        self.size[large as usize] += self.size[small as usize];
        self.joins.push((at, Joined { small, large }));
        // Every unknown side of the smaller class's members that now has
        // both faces in the class is decided.
        let outside = graph.face_count() as u32;
        let mut member = small;
        loop {
            let sides: &[Edge] = if member == outside {
                &self.border
            } else {
                graph.sides(Face(member))
            };
            for &side in sides {
                if unknown(side) {
                    if let Some(line) = self.says(graph, side) {
                        decided.push((side, line));
                    }
                }
            }
            member = self.next[member as usize];
            if member == small {
                break;
            }
        }
        self.next.swap(small as usize, large as usize);
        Ok(())
    }

    /// Undoes every join made at trail length `mark` or later.
    pub(crate) fn undo_to(&mut self, mark: usize) {
        while let Some(&(at, Joined { small, large })) = self.joins.last() {
            if at < mark {
                break;
            }
            self.joins.pop();
            self.next.swap(small as usize, large as usize);
            self.size[large as usize] -= self.size[small as usize];
            self.parent[small as usize] = small;
            self.flipped[small as usize] = false;
        }
    }
}
