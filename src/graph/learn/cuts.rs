//! When crossing edges may have parted the lines: a union-find over the
//! faces and the outside, where a crossed edge joins the two faces beside
//! it. On a plane graph a set of edges separates the dots exactly when the
//! faces beside them, joined through those edges, close a cycle (planar
//! duality of cuts and cycles), so a cross whose two faces were joined
//! already is a *cut*: the uncrossed edges fall into one piece more. Other
//! crosses part nothing, and connectivity ([`super::Learner::one_piece`])
//! need not walk the board again after them.
//!
//! A cut that leaves one of the edge's dots with every edge crossed parts
//! off that dot alone, which holds no line: it is not counted.
//!
//! Every change on the board's trail has an entry here, so that undoing to
//! a trail mark undoes the joins too (union by rank without path
//! compression, each union undone newest first).

use crate::graph::{Edge, Graph};

/// What one change of the board did here.
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// Nothing: a line, or a cross parting off a lone dot.
    Nothing,
    /// A cross that joined two classes: the root it put under the other,
    /// and whether that raised the other's rank.
    Joined { child: u32, raised: bool },
    /// A cross that closed a cycle of crosses.
    Cut,
}

/// The classes of faces joined by crosses, with the trail's entries.
pub(super) struct Cuts {
    parent: Vec<u32>,
    rank: Vec<u8>,
    log: Vec<Entry>,
    /// The trail places of the cuts in the log, oldest first.
    cuts: Vec<usize>,
}

impl Cuts {
    /// Every face a class of its own, and the outside one more.
    pub(super) fn new(graph: &Graph) -> Cuts {
        let nodes = graph.face_count() + 1;
        Cuts {
            parent: (0..nodes as u32).collect(),
            rank: vec![0; nodes],
            log: Vec::new(),
            cuts: Vec::new(),
        }
    }

    fn root(&self, mut node: u32) -> u32 {
        while self.parent[node as usize] != node {
            node = self.parent[node as usize];
        }
        node
    }

    /// Records the next change on the trail: `edge` set, a cross if
    /// `crossed`, parting off a lone dot if `lone`.
    pub(super) fn record(&mut self, graph: &Graph, edge: Edge, crossed: bool, lone: bool) {
        let entry = if crossed {
            let outside = graph.face_count() as u32;
            let [a, b] = graph.ends(edge).faces.map(|f| f.map_or(outside, |f| f.0));
            let (a, b) = (self.root(a), self.root(b));
            if a == b {
                if lone {
                    Entry::Nothing
                } else {
                    self.cuts.push(self.log.len());
                    Entry::Cut
                }
            } else {
                let (low, high) = if self.rank[a as usize] < self.rank[b as usize] {
                    (a, b)
                } else {
                    (b, a)
                };
                self.parent[low as usize] = high;
                let raised = self.rank[low as usize] == self.rank[high as usize];
                self.rank[high as usize] += u8::from(raised);
                Entry::Joined { child: low, raised }
            }
        } else {
            Entry::Nothing
        };
        self.log.push(entry);
    }

    /// Undoes every change after the trail's first `mark`.
    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.log.len() > mark {
            match self.log.pop() {
                Some(Entry::Joined { child, raised }) => {
                    let parent = self.parent[child as usize];
                    self.parent[child as usize] = child;
                    self.rank[parent as usize] -= u8::from(raised);
                }
                Some(Entry::Cut) => {
                    self.cuts.pop();
                }
                _ => {}
            }
        }
    }

    /// The trail place of the newest cut, if any.
    pub(super) fn newest(&self) -> Option<usize> {
        self.cuts.last().copied()
    }
}
