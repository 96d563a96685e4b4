//! Which edge the learning search decides next, and how: the undecided edge
//! of highest activity (bumped for every edge a conflict's analysis meets,
//! decaying over time, as in the Chaff and MiniSat solvers), kept in a
//! binary heap; and the value it had last (phase saving), or a preferred
//! one until it has had any.

use std::marker::PhantomData;

use super::EdgeId;
use crate::slink::board::EdgeState;

/// Not in the heap, in [`Order::place`].
const OUT: u32 = u32::MAX;

/// The edges by activity, and their saved values.
pub(crate) struct Order<E> {
    activity: Vec<f64>,
    bump: f64,
    /// A binary heap of edges, highest activity first.
    heap: Vec<u32>,
    /// Each edge's index in `heap`, or [`OUT`].
    place: Vec<u32>,
    /// Each edge's value to try: the last it had, or the preferred one.
    pub(crate) phase: Vec<EdgeState>,
    edge: PhantomData<E>,
}

impl<E: EdgeId> Order<E> {
    /// Every one of `edges` edges in the heap, with `activity` to start
    /// from and `phase` to try first.
    pub(crate) fn new(activity: Vec<f64>, phase: Vec<EdgeState>) -> Order<E> {
        let edges = activity.len();
        let mut order = Order {
            activity,
            bump: 1.0,
            heap: Vec::with_capacity(edges),
            place: vec![OUT; edges],
            phase,
            edge: PhantomData,
        };
        for e in 0..edges as u32 {
            order.insert(E::numbered(e));
        }
        order
    }

    /// Puts `e` back among the edges to decide (after an undo).
    pub(crate) fn insert(&mut self, e: E) {
        let e = e.number();
        if self.place[e as usize] != OUT {
            return;
        }
        self.place[e as usize] = self.heap.len() as u32;
        self.heap.push(e);
        self.up(self.heap.len() - 1);
    }

    /// The edge of highest activity for which `undecided` holds, taken out
    /// of the heap with those above it that are decided.
    pub(crate) fn next(&mut self, undecided: impl Fn(E) -> bool) -> Option<E> {
        while let Some(&top) = self.heap.first() {
            self.remove_top();
            if undecided(E::numbered(top)) {
                return Some(E::numbered(top));
            }
        }
        None
    }

    /// Raises `e`'s activity: a conflict's analysis met it.
    pub(crate) fn bump(&mut self, e: E) {
        let i = e.number() as usize;
        self.activity[i] += self.bump;
        if self.activity[i] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        let at = self.place[i];
        if at != OUT {
            self.up(at as usize);
        }
    }

    /// Ages every activity a little (by raising what a bump adds).
    pub(crate) fn decay(&mut self) {
        self.bump /= 0.95;
    }

    fn remove_top(&mut self) {
        let last = self.heap.len() - 1;
        self.swap(0, last);
        let top = self.heap.pop().unwrap_or(0);
        self.place[top as usize] = OUT;
        if !self.heap.is_empty() {
            self.down(0);
        }
    }

    fn above(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.heap[a] as usize, self.heap[b] as usize);
        // Equal activities: the lower edge first, so the order is fixed.
        (self.activity[x], std::cmp::Reverse(x)) > (self.activity[y], std::cmp::Reverse(y))
    }

    fn swap(&mut self, a: usize, b: usize) {
        self.heap.swap(a, b);
        self.place[self.heap[a] as usize] = a as u32;
        self.place[self.heap[b] as usize] = b as u32;
    }

    fn up(&mut self, mut i: usize) {
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.above(i, parent) {
                break;
            }
            self.swap(i, parent);
            i = parent;
        }
    }

    fn down(&mut self, mut i: usize) {
        loop {
            let (l, r) = (2 * i + 1, 2 * i + 2);
            let mut best = i;
            if l < self.heap.len() && self.above(l, best) {
                best = l;
            }
            if r < self.heap.len() && self.above(r, best) {
                best = r;
            }
            if best == i {
                return;
            }
            self.swap(i, best);
            i = best;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slink::grid::Edge;

    #[test]
    fn the_heap_gives_the_most_active_undecided_edge_first() {
        let mut order: Order<Edge> = Order::new(vec![0.0; 6], vec![EdgeState::Cross; 6]);
        order.bump(Edge(4));
        order.bump(Edge(2));
        order.bump(Edge(2));
        assert_eq!(order.next(|_| true), Some(Edge(2)));
        assert_eq!(order.next(|e| e != Edge(4)), Some(Edge(0)));
        order.insert(Edge(2));
        order.insert(Edge(4));
        assert_eq!(order.next(|_| true), Some(Edge(2)));
        assert_eq!(order.next(|_| true), Some(Edge(4)));
        let rest: Vec<_> = std::iter::from_fn(|| order.next(|_| true)).collect();
        assert_eq!(rest, [Edge(1), Edge(3), Edge(5)]);
    }
}
