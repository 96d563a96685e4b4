//! Planar graphs that Slitherlink is played on beyond the square grid: dots
//! at integer points, faces as cyclic lists of dots, and edges between them,
//! numbered as Simon Tatham's Loopy numbers them (its game IDs list clues in
//! face order, its saved answers name edges by number).
//!
//! A graph is made from its faces alone (a [`Builder`]): each face
//! names its corners in order, clockwise on screen (x right, y down), and a
//! corner is a point; equal points are one dot. Dots are numbered in the order
//! they are first named, faces in the order given, and edges by a scan of the
//! faces in order and of each face's sides in order, an edge numbered when it
//! is first met (Loopy's `grid.c`, `grid_make_consistent`: edge `k` of a face
//! joins its corners `k` and `k + 1`). An edge has one face or two; the outside
//! is no face here.
//!
//! [`tilings`] builds the 14 periodic grids Loopy plays on, [`penrose`] its
//! two Penrose patches, and [`kinds`] names all 16 with their sizes.

use std::collections::HashMap;

pub(crate) mod board;
pub(crate) mod check;
pub(crate) mod count;
#[cfg(test)]
pub(crate) mod fixtures;
pub(crate) mod generate;
pub(crate) mod kinds;
pub(crate) mod ladder;
pub(crate) mod learn;
pub(crate) mod penrose;
pub(crate) mod puzzle;
pub(crate) mod solve;
pub(crate) mod steps;
pub(crate) mod tilings;

/// A dot of a graph.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Dot(pub u32);

/// A face of a graph (a region that may hold a clue).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Face(pub u32);

/// An edge of a graph, between two dots.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Edge(pub u32);

/// A point in a grid's own integer units, x to the right and y down.
pub(crate) type Point = (i64, i64);

/// What an edge joins: its two dots (in the order its first face goes round)
/// and its faces (the first face, and the second unless the edge is on the
/// border).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Ends {
    /// The dots, in the first face's clockwise order.
    pub(crate) dots: [Dot; 2],
    /// The face that named the edge first, and the other face if there is one.
    pub(crate) faces: [Option<Face>; 2],
}

/// Faces being named, corner by corner: equal points are one dot, numbered
/// when first named.
#[derive(Default)]
pub(crate) struct Builder {
    index: HashMap<Point, Dot>,
    points: Vec<Point>,
    starts: Vec<u32>,
    corners: Vec<Dot>,
}

impl Builder {
    /// A builder with no dots and no faces.
    pub(crate) fn new() -> Builder {
        Builder {
            starts: vec![0],
            ..Builder::default()
        }
    }

    /// The dot at `point`, made now if no face has named it.
    pub(crate) fn dot(&mut self, point: Point) -> Dot {
        let points = &mut self.points;
        *self.index.entry(point).or_insert_with(|| {
            points.push(point);
            Dot(points.len() as u32 - 1)
        })
    }

    /// A face with these corners, clockwise on screen, named in this order.
    pub(crate) fn face(&mut self, corners: &[Point]) {
        for &point in corners {
            let dot = self.dot(point);
            self.corners.push(dot);
        }
        self.starts.push(self.corners.len() as u32);
    }

    /// A face with these corners, whose dots are named already.
    pub(crate) fn face_of_dots(&mut self, corners: &[Dot]) {
        self.corners.extend_from_slice(corners);
        self.starts.push(self.corners.len() as u32);
    }

    /// How many faces so far.
    pub(crate) fn face_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The dots, where they are, and the faces by their corners (face `f`
    /// over `corners[starts[f]..starts[f + 1]]`).
    pub(crate) fn into_parts(self) -> (Vec<Point>, Vec<u32>, Vec<Dot>) {
        (self.points, self.starts, self.corners)
    }

    /// The graph of the faces named.
    pub(crate) fn finish(self) -> Graph {
        Graph::from_corners(self.points, self.starts, self.corners)
    }
}

/// A planar graph with Loopy's numbering of dots, faces and edges.
#[derive(Clone, Debug)]
pub(crate) struct Graph {
    points: Vec<Point>,
    /// Face `f`'s corners are `corners[starts[f]..starts[f + 1]]`, and its
    /// sides `sides[..]` over the same range (side `k` follows corner `k`).
    starts: Vec<u32>,
    corners: Vec<Dot>,
    sides: Vec<Edge>,
    ends: Vec<Ends>,
    /// Dot `d`'s edges, in turn round it, are
    /// `dot_edges[dot_starts[d]..dot_starts[d + 1]]`.
    dot_starts: Vec<u32>,
    dot_edges: Vec<Edge>,
}

impl Graph {
    /// The graph of faces whose corners are given as dots (`corners`, face `f`
    /// over `starts[f]..starts[f + 1]`) at `points`: the edges are numbered and
    /// the dots' edges put in turn.
    pub(crate) fn from_corners(points: Vec<Point>, starts: Vec<u32>, corners: Vec<Dot>) -> Graph {
        let mut open: HashMap<(Dot, Dot), Edge> = HashMap::new();
        let mut ends: Vec<Ends> = Vec::new();
        let mut sides = Vec::with_capacity(corners.len());
        for f in 0..starts.len() - 1 {
            let (from, to) = (starts[f] as usize, starts[f + 1] as usize);
            for k in from..to {
                let a = corners[k];
                let b = corners[if k + 1 == to { from } else { k + 1 }];
                let key = (a.min(b), a.max(b));
                let edge = match open.remove(&key) {
                    Some(edge) => {
                        let e = &mut ends[edge.0 as usize];
                        debug_assert_eq!(e.dots, [b, a], "a side named twice the same way");
                        e.faces[1] = Some(Face(f as u32));
                        edge
                    }
                    None => {
                        ends.push(Ends {
                            dots: [a, b],
                            faces: [Some(Face(f as u32)), None],
                        });
                        let edge = Edge(ends.len() as u32 - 1);
                        open.insert(key, edge);
                        edge
                    }
                };
                sides.push(edge);
            }
        }
        let (dot_starts, dot_edges) = edges_in_turn(points.len(), &starts, &corners, &sides);
        Graph {
            points,
            starts,
            corners,
            sides,
            ends,
            dot_starts,
            dot_edges,
        }
    }

    /// How many dots.
    pub(crate) fn dot_count(&self) -> usize {
        self.points.len()
    }

    /// How many faces.
    pub(crate) fn face_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// How many edges.
    pub(crate) fn edge_count(&self) -> usize {
        self.ends.len()
    }

    /// Where a dot is.
    pub(crate) fn point(&self, dot: Dot) -> Point {
        self.points[dot.0 as usize]
    }

    /// A face's corners, clockwise on screen.
    pub(crate) fn corners(&self, face: Face) -> &[Dot] {
        let f = face.0 as usize;
        &self.corners[self.starts[f] as usize..self.starts[f + 1] as usize]
    }

    /// A face's sides, side `k` from corner `k` to corner `k + 1`.
    pub(crate) fn sides(&self, face: Face) -> &[Edge] {
        let f = face.0 as usize;
        &self.sides[self.starts[f] as usize..self.starts[f + 1] as usize]
    }

    /// What an edge joins.
    pub(crate) fn ends(&self, edge: Edge) -> Ends {
        self.ends[edge.0 as usize]
    }

    /// A dot's edges, in turn round it (anticlockwise on screen). On the
    /// border the turn starts at one border edge and ends at the other.
    pub(crate) fn dot_edges(&self, dot: Dot) -> &[Edge] {
        let d = dot.0 as usize;
        &self.dot_edges[self.dot_starts[d] as usize..self.dot_starts[d + 1] as usize]
    }

    /// The other dot of an edge.
    pub(crate) fn other_dot(&self, edge: Edge, dot: Dot) -> Dot {
        let ends = self.ends(edge);
        if ends.dots[0] == dot {
            ends.dots[1]
        } else {
            ends.dots[0]
        }
    }

    /// Every face, in order.
    pub(crate) fn faces(&self) -> impl Iterator<Item = Face> {
        (0..self.face_count() as u32).map(Face)
    }

    /// Every dot, in order.
    pub(crate) fn dots(&self) -> impl Iterator<Item = Dot> {
        (0..self.dot_count() as u32).map(Dot)
    }

    /// Every edge, in order.
    pub(crate) fn edges(&self) -> impl Iterator<Item = Edge> {
        (0..self.edge_count() as u32).map(Edge)
    }
}

/// Each dot's edges in turn round it: at a face's corner, the side that
/// arrives and the side that leaves are neighbours round the dot, the face
/// between them. Following "arrives in a face → leaves it → arrives in the next
/// face" goes once round an inner dot; a border dot's turn starts at the
/// border edge that no face leaves by (its outside is that edge's other side).
fn edges_in_turn(
    dot_count: usize,
    starts: &[u32],
    corners: &[Dot],
    sides: &[Edge],
) -> (Vec<u32>, Vec<Edge>) {
    // For each dot: (arriving side, leaving side) at each of its corners.
    let mut turns: Vec<Vec<(Edge, Edge)>> = vec![Vec::new(); dot_count];
    for f in 0..starts.len() - 1 {
        let (from, to) = (starts[f] as usize, starts[f + 1] as usize);
        for k in from..to {
            let arriving = sides[if k == from { to - 1 } else { k - 1 }];
            turns[corners[k].0 as usize].push((arriving, sides[k]));
        }
    }
    let mut dot_starts = Vec::with_capacity(dot_count + 1);
    let mut dot_edges = Vec::new();
    dot_starts.push(0);
    for corners_here in &turns {
        // Arriving in a face by `a` and leaving by `l`: round the dot, `l`
        // comes after `a`. The first edge is one no corner leaves by (a
        // border edge), or any edge of an inner dot.
        let next = |edge: Edge| corners_here.iter().find(|c| c.0 == edge).map(|c| c.1);
        let first = corners_here
            .iter()
            .map(|c| c.0)
            .find(|&a| corners_here.iter().all(|c| c.1 != a))
            .or_else(|| corners_here.first().map(|c| c.0));
        let mut edge = first;
        let from = dot_edges.len();
        while let Some(e) = edge {
            dot_edges.push(e);
            edge = next(e).filter(|&n| Some(n) != first);
            debug_assert!(dot_edges.len() - from <= corners_here.len() + 1);
        }
        dot_starts.push(dot_edges.len() as u32);
    }
    (dot_starts, dot_edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two unit squares side by side: 6 dots, 7 edges.
    fn domino() -> Graph {
        let mut b = Builder::new();
        b.face(&[(0, 0), (1, 0), (1, 1), (0, 1)]);
        b.face(&[(1, 0), (2, 0), (2, 1), (1, 1)]);
        b.finish()
    }

    #[test]
    fn numbers_dots_and_edges_as_first_met() {
        let g = domino();
        assert_eq!((g.dot_count(), g.edge_count(), g.face_count()), (6, 7, 2));
        assert_eq!(g.corners(Face(1)), [Dot(1), Dot(4), Dot(5), Dot(2)]);
        // The shared side is face 0's side 1 (edge 1) and face 1's side 3.
        assert_eq!(g.sides(Face(0)), [Edge(0), Edge(1), Edge(2), Edge(3)]);
        assert_eq!(g.sides(Face(1)), [Edge(4), Edge(5), Edge(6), Edge(1)]);
        assert_eq!(
            g.ends(Edge(1)),
            Ends {
                dots: [Dot(1), Dot(2)],
                faces: [Some(Face(0)), Some(Face(1))]
            }
        );
    }

    #[test]
    fn a_dot_s_edges_go_round_it() {
        let g = domino();
        // Dot 1 is (1, 0): the border edges 0 and 4 and the shared edge 1.
        let round = g.dot_edges(Dot(1));
        assert_eq!(round.len(), 3);
        assert_eq!(
            round[1],
            Edge(1),
            "the inner edge lies between the border edges"
        );
        for dot in g.dots() {
            for &edge in g.dot_edges(dot) {
                assert!(g.ends(edge).dots.contains(&dot));
            }
        }
        // An inner dot: four squares round (1, 1).
        let mut b = Builder::new();
        for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            b.face(&[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]);
        }
        let g = b.finish();
        let centre = g.dots().find(|&d| g.point(d) == (1, 1)).unwrap();
        let round: Vec<Point> = g
            .dot_edges(centre)
            .iter()
            .map(|&e| g.point(g.other_dot(e, centre)))
            .collect();
        // In turn: each next neighbour a quarter turn on from the last.
        for k in 0..4 {
            let (a, b) = (round[k], round[(k + 1) % 4]);
            let cross = (a.0 - 1) * (b.1 - 1) - (a.1 - 1) * (b.0 - 1);
            assert_eq!(cross.abs(), 1, "{round:?}");
            assert_eq!(cross.signum(), -1, "anticlockwise on screen: {round:?}");
        }
    }
}
